#pragma once
// The seat grid's row labels ("03-12A"). Zoomed out, rows become lower than a
// line of text: then only every n-th row is labelled, n the smallest step at
// which labels no longer overlap, each label drawn from the top of its row.

#include <QHeaderView>

namespace houbu {

class SeatGridHeader : public QHeaderView {
    Q_OBJECT

  public:
    explicit SeatGridHeader(QWidget* parent = nullptr);

    // Every how many rows a label is drawn (1: every row).
    int labelStep() const;
    bool showsLabel(int logicalIndex) const { return logicalIndex % labelStep() == 0; }

  protected:
    void paintSection(QPainter* painter, const QRect& rect, int logicalIndex) const override;
    void paintEvent(QPaintEvent* event) override;
};

}  // namespace houbu
