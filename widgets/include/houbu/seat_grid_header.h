#pragma once
// The seat grid's row labels ("03-12A"). Zoomed out, rows become lower than a
// line of text: then only every n-th row is labelled, n the smallest step at
// which labels no longer overlap, each label drawn from the top of its row.
// A car's first row is taller: the top of its section continues the car's
// divider that the grid draws across the run; a class's last row with
// standing places (无座) is taller too, and the bottom of its section names
// the standing row the grid draws there.

#include <QHeaderView>
#include <QSet>

namespace houbu {

class SeatGridHeader : public QHeaderView {
    Q_OBJECT

  public:
    explicit SeatGridHeader(QWidget* parent = nullptr);

    // Every how many rows a label is drawn (1: every row).
    int labelStep() const;
    bool showsLabel(int logicalIndex) const { return logicalIndex % labelStep() == 0; }
    // The height of the car's divider above a row (0 when the row does not start a car).
    int dividerAbove(int logicalIndex) const;
    // Rows that carry their class's standing row below them, and its height.
    void setStandingRows(const QSet<int>& rows, int height);
    int standingBelow(int logicalIndex) const {
        return standingRows_.contains(logicalIndex) ? standingHeight_ : 0;
    }

    // Wide enough for the standing row's label too, when there is one.
    QSize sizeHint() const override;

  protected:
    void paintSection(QPainter* painter, const QRect& rect, int logicalIndex) const override;
    void paintEvent(QPaintEvent* event) override;

  private:
    QSet<int> standingRows_;
    int standingHeight_ = 0;
};

}  // namespace houbu
