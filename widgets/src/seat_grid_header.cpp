#include "houbu/seat_grid_header.h"

#include <QPainter>
#include <QStyleOptionHeader>

#include "houbu/models.h"
#include "houbu/widgets.h"

namespace houbu {

SeatGridHeader::SeatGridHeader(QWidget* parent) : QHeaderView(Qt::Vertical, parent) {
    setSectionsClickable(true);
    setHighlightSections(true);
}

int SeatGridHeader::labelStep() const {
    const int row = std::max(1, defaultSectionSize());
    const int text = fontMetrics().height();
    return row >= text ? 1 : (text + row - 1) / row;
}

int SeatGridHeader::dividerAbove(int logicalIndex) const {
    return std::max(0,
                    sectionSize(logicalIndex) - defaultSectionSize() - standingBelow(logicalIndex));
}

void SeatGridHeader::setStandingRows(const QSet<int>& rows, int height) {
    const bool widthChanges = rows.isEmpty() != standingRows_.isEmpty();
    standingRows_ = rows;
    standingHeight_ = height;
    if (widthChanges) updateGeometry();
    viewport()->update();
}

QSize SeatGridHeader::sizeHint() const {
    QSize size = QHeaderView::sizeHint();
    if (!standingRows_.isEmpty())
        size.setWidth(std::max(size.width(), fontMetrics().horizontalAdvance(tr("Standing")) + 12));
    return size;
}

void SeatGridHeader::paintSection(QPainter* painter, const QRect& whole, int logicalIndex) const {
    // A car's first row carries the car's divider above it, as in the grid.
    QRect rect = whole;
    if (const int below = standingBelow(logicalIndex); below > 0) {
        const SeatColors colors = SeatColors::forPalette(palette());
        const QRect band(whole.left(), whole.bottom() - below + 1, whole.width(), below);
        painter->fillRect(band, colors.standing);
        painter->setPen(colors.classBandText);
        painter->drawText(band.adjusted(4, 0, -2, 0), Qt::AlignLeft | Qt::AlignVCenter,
                          tr("Standing"));
        rect.setBottom(whole.bottom() - below);
    }
    if (const int band = dividerAbove(logicalIndex); band > 0 && model()) {
        const SeatColors colors = SeatColors::forPalette(palette());
        const QString travelClass =
            model()->index(logicalIndex, 0).data(SeatGridModel::ClassRole).toString();
        const bool newClass =
            logicalIndex == 0 ||
            model()->index(logicalIndex - 1, 0).data(SeatGridModel::ClassRole).toString() !=
                travelClass;
        painter->fillRect(QRect(whole.left(), whole.top(), whole.width(), band),
                          newClass ? colors.classBand : colors.carBand);
        rect.setTop(whole.top() + band);
    }
    if (labelStep() == 1) {
        QHeaderView::paintSection(painter, rect, logicalIndex);
        return;
    }
    // The section without its text; the labels that fit are drawn over the
    // sections afterwards (paintEvent), since one spans several rows.
    QStyleOptionHeader opt;
    initStyleOption(&opt);
    initStyleOptionForIndex(&opt, logicalIndex);
    opt.rect = rect;
    opt.text.clear();
    style()->drawControl(QStyle::CE_Header, &opt, painter, this);
}

void SeatGridHeader::paintEvent(QPaintEvent* event) {
    QHeaderView::paintEvent(event);
    const int step = labelStep();
    if (step == 1 || !model()) return;
    QPainter p(viewport());
    p.setPen(palette().color(QPalette::ButtonText));
    const int first = std::max(0, logicalIndexAt(0));
    const int last = logicalIndexAt(viewport()->height() - 1);
    const int end = last < 0 ? count() - 1 : last;
    const int margin = style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, this);
    const int height = fontMetrics().height();
    // From the labelled row at or before the first visible one, so that a
    // label cut by the top edge is still drawn.
    for (int row = first - first % step; row <= end; row += step) {
        const QRect box(margin, sectionViewportPosition(row) + dividerAbove(row),
                        width() - 2 * margin, height);
        p.drawText(box, Qt::AlignLeft | Qt::AlignVCenter,
                   model()->headerData(row, Qt::Vertical).toString());
    }
}

}  // namespace houbu
