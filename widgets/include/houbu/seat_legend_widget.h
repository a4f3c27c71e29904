#pragma once
// The seat grid's legend on screen: swatches painted as the grid paints them
// (SeatLegend) with their words.

#include <QList>
#include <QWidget>

#include "houbu/seat_legend.h"

namespace houbu {

class SeatLegendWidget : public QWidget {
    Q_OBJECT

  public:
    // Entries flow into as many lines as the width needs; a `brief` legend
    // (above the grid) uses the entries' short words.
    SeatLegendWidget(QList<SeatLegend::Entry> entries, bool brief, QWidget* parent = nullptr);
    QString text(int i) const;

    const QList<SeatLegend::Entry>& entries() const { return entries_; }
    // Where entry `i`'s swatch is painted, for tests.
    QRect swatchRect(int i) const;

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

  protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

  private:
    struct Item {
        QRect swatch, text;
    };
    QList<Item> layoutFor(int width) const;

    QList<SeatLegend::Entry> entries_;
    bool brief_;
};

}  // namespace houbu
