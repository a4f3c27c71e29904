#include <QApplication>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QPainter>
#include <QPainterPath>
#include <QScrollBar>
#include <QWheelEvent>

#include "houbu/seat_grid_header.h"
#include "houbu/widgets.h"

namespace houbu {

using namespace Qt::StringLiterals;

// ---- SeatColors --------------------------------------------------------------------

SeatColors SeatColors::forPalette(const QPalette& palette) {
    const bool dark = palette.color(QPalette::Window).lightness() < 128;
    SeatColors c;
    c.free = palette.color(QPalette::Base);
    c.grid = dark ? QColor(0x3a, 0x3f, 0x47) : QColor(0xdd, 0xe1, 0xe6);
    c.paid = dark ? QColor(0x4f, 0x8c, 0xe8) : QColor(0x2b, 0x62, 0xc4);
    c.held = dark ? QColor(0xe8, 0xb0, 0x3a) : QColor(0xd9, 0x8e, 0x04);
    c.served = dark ? QColor(0x3c, 0xc0, 0x7a) : QColor(0x1e, 0x8e, 0x4e);
    c.block = dark ? QColor(0x9b, 0x87, 0xc9) : QColor(0x7b, 0x64, 0xa8);
    c.text = QColor(Qt::white);
    c.flash = dark ? QColor(0xff, 0xe0, 0x66) : QColor(0xff, 0xc4, 0x00);
    c.highlight = dark ? QColor(0xff, 0x6b, 0x6b) : QColor(0xd6, 0x1f, 0x1f);
    return c;
}

QColor SeatColors::of(SeatGridModel::HolderKind kind) const {
    switch (kind) {
        case SeatGridModel::HolderKind::Free:
            return free;
        case SeatGridModel::HolderKind::Held:
            return held;
        case SeatGridModel::HolderKind::Paid:
            return paid;
        case SeatGridModel::HolderKind::Served:
            return served;
        case SeatGridModel::HolderKind::Block:
            return block;
    }
    return free;
}

// ---- SeatFilterModel -----------------------------------------------------------------

void SeatFilterModel::setTravelClass(const QString& travelClass) {
    class_ = travelClass;
    invalidateRowsFilter();
}
void SeatFilterModel::setCar(int car) {
    car_ = car;
    invalidateRowsFilter();
}
void SeatFilterModel::setSearch(const QString& text) {
    search_ = text.trimmed();
    invalidateRowsFilter();
}

bool SeatFilterModel::filterAcceptsRow(int row, const QModelIndex& parent) const {
    const QAbstractItemModel* m = sourceModel();
    const QModelIndex first = m->index(row, 0, parent);
    if (!class_.isEmpty() && first.data(SeatGridModel::ClassRole).toString() != class_)
        return false;
    if (car_ != 0 && first.data(SeatGridModel::CarRole).toInt() != car_) return false;
    if (search_.isEmpty()) return true;
    if (first.data(SeatGridModel::SeatRole).toString().contains(search_, Qt::CaseInsensitive))
        return true;
    for (int c = 0; c < m->columnCount(parent); ++c) {
        const QModelIndex i = m->index(row, c, parent);
        for (int role : {int(SeatGridModel::HolderIdRole), int(SeatGridModel::PassengerRole),
                         int(SeatGridModel::SaleRole)})
            if (i.data(role).toString().contains(search_, Qt::CaseInsensitive)) return true;
    }
    return false;
}

// ---- SeatGridDelegate ----------------------------------------------------------------

void SeatGridDelegate::paint(QPainter* p, const QStyleOptionViewItem& option,
                             const QModelIndex& index) const {
    // The hot path of a full frame: one packed data() call per cell, plain fills
    // for the middle of a bar, antialiasing only for the rounded ends.
    const QRect r = option.rect;
    p->fillRect(r, colors_.free);
    p->setPen(colors_.grid);
    p->drawLine(r.topRight(), r.bottomRight());
    p->drawLine(r.bottomLeft(), r.bottomRight());

    const int cell = index.data(SeatGridModel::CellRole).toInt();
    const auto kind = static_cast<SeatGridModel::HolderKind>(cell & 7);
    if (kind != SeatGridModel::HolderKind::Free) {
        // One holder is one continuous bar: only its first and last cells are rounded.
        const bool start = cell & SeatGridModel::kCellStart;
        const bool end = cell & SeatGridModel::kCellEnd;
        const int inset = std::max(1, r.height() / 7);
        const QRect bar = r.adjusted(start ? inset : 0, inset, end ? -inset : 1, -inset);
        const QColor color = colors_.of(kind);
        if (!start && !end) {
            p->fillRect(bar, color);
        } else {
            const int radius = std::min(bar.height() / 2, 5);
            p->save();
            p->setClipRect(r);
            p->setRenderHint(QPainter::Antialiasing);
            p->setPen(Qt::NoPen);
            p->setBrush(color);
            // Extend the open side past the cell so that only the closed side is round.
            p->drawRoundedRect(
                QRectF(bar.adjusted(start ? 0 : -radius - 1, 0, end ? 0 : radius + 1, 0)), radius,
                radius);
            p->restore();
        }
        if (kind == SeatGridModel::HolderKind::Held || kind == SeatGridModel::HolderKind::Block) {
            // Held (awaiting payment) and quota blocks are hatched, readable without colour.
            QColor t = colors_.text;
            t.setAlpha(110);
            const QRect hatch = bar.adjusted(start ? 2 : 0, 1, end ? -2 : 0, -1);
            p->fillRect(hatch,
                        QBrush(t, kind == SeatGridModel::HolderKind::Held ? Qt::BDiagPattern
                                                                          : Qt::DiagCrossPattern));
        }
        if (start && r.height() >= 14) {
            const QString text = index.data(Qt::DisplayRole).toString();
            QFont f = option.font;
            f.setPixelSize(std::max(8, r.height() * 11 / 20));
            p->setFont(f);
            p->setPen(colors_.text);
            // The label may be longer than the first cell: the next cells of the bar
            // are painted after it, so clip it to the cell.
            const QRect textRect = bar.adjusted(5, 0, 0, 0);
            p->drawText(textRect, Qt::AlignVCenter | Qt::AlignLeft,
                        option.fontMetrics.elidedText(text, Qt::ElideRight, textRect.width()));
        }
    }

    if (now_ > 0) {
        // Recently changed cells flash, fading out.
        const qint64 changed = index.data(SeatGridModel::ChangedAtRole).toLongLong();
        if (changed > 0 && now_ - changed < kFlashMs) {
            QColor flash = colors_.flash;
            flash.setAlphaF(0.85 * (1.0 - double(now_ - changed) / kFlashMs));
            p->setPen(QPen(flash, 2));
            p->setBrush(Qt::NoBrush);
            p->drawRect(QRectF(r).adjusted(1, 1, -1, -1));
        }
    }
    // Outlines and tints by seat: why an order waits, a logged event's seats,
    // the freed run and the seats of a step decision. The seat is read once.
    if (!highlights_.isEmpty() || !stepFreed_.isEmpty() || !stepDecision_.isEmpty()) {
        const QString seat = index.data(SeatGridModel::SeatRole).toString();
        const int column = index.column();
        auto covers = [&](const QHash<QString, QList<QPair<int, int>>>& h) {
            const auto it = h.constFind(seat);
            if (it == h.constEnd()) return false;
            for (const auto& [from, to] : *it)
                if (column >= from && column < to) return true;
            return false;
        };
        if (covers(stepFreed_)) {
            QColor tint = colors_.served;
            tint.setAlpha(70);
            p->fillRect(r, tint);
        }
        p->setBrush(Qt::NoBrush);
        if (covers(stepDecision_)) {
            p->setPen(QPen(colors_.highlight, 3));
            p->drawRect(QRectF(r).adjusted(1.5, 1.5, -1.5, -1.5));
        }
        if (covers(highlights_)) {
            p->setPen(QPen(colors_.highlight, 2, Qt::DashLine));
            p->drawRect(QRectF(r).adjusted(1, 1, -1, -1));
        }
    }
    if (option.state & QStyle::State_Selected) {
        QColor sel = option.palette.color(QPalette::Highlight);
        sel.setAlpha(90);
        p->fillRect(r, sel);
    }
}

QSize SeatGridDelegate::sizeHint(const QStyleOptionViewItem&, const QModelIndex&) const {
    return {SeatGridGeometry::kBaseCellWidth, SeatGridGeometry::kBaseCellHeight};
}

// ---- SeatGridView ----------------------------------------------------------------------

SeatGridView::SeatGridView(QWidget* parent) : QTableView(parent) {
    setVerticalHeader(new SeatGridHeader(this));
    delegate_ = new SeatGridDelegate(this);
    delegate_->setColors(SeatColors::forPalette(palette()));
    setItemDelegate(delegate_);
    setShowGrid(false);
    setSelectionMode(QAbstractItemView::ContiguousSelection);
    setSelectionBehavior(QAbstractItemView::SelectItems);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    horizontalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    horizontalHeader()->setDefaultAlignment(Qt::AlignCenter);
    setWordWrap(false);
    applyZoom();
    // While cells flash, repaint the viewport at the screen's pace.
    flashTimer_.setInterval(33);
    connect(&flashTimer_, &QTimer::timeout, this, [this] {
        if (!model_) return;
        delegate_->setNow(model_->now());
        viewport()->update();
    });
}

void SeatGridView::setGridModel(SeatGridModel* model, SeatFilterModel* filter) {
    model_ = model;
    filter_ = filter;
    setModel(filter);
    connect(model, &QAbstractItemModel::dataChanged, this, [this] {
        delegate_->setNow(model_->now());
        flashTimer_.start();
        QTimer::singleShot(SeatGridDelegate::kFlashMs + 100, this, [this] {
            flashTimer_.stop();
            delegate_->setNow(0);  // no flash left: painting skips the check
            viewport()->update();
        });
    });
    connect(model, &QAbstractItemModel::modelReset, this, &SeatGridView::applyZoom);
    connect(selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &SeatGridView::onSelection);
}

void SeatGridView::setHighlights(const QHash<QString, QList<QPair<int, int>>>& highlights) {
    delegate_->setHighlights(highlights);
    viewport()->update();
}

void SeatGridView::selectInterval(const QString& seat, int from, int to) {
    if (!model_ || !filter_) return;
    const int sourceRow = model_->rowOfSeat(seat);
    if (sourceRow < 0) return;
    const QModelIndex a = filter_->mapFromSource(model_->index(sourceRow, from));
    const QModelIndex b = filter_->mapFromSource(model_->index(sourceRow, std::max(from, to - 1)));
    if (!a.isValid() || !b.isValid()) return;
    selectionModel()->select(QItemSelection(a, b), QItemSelectionModel::ClearAndSelect);
    scrollTo(a);
}

bool SeatGridView::selectedInterval(QString& seat, int& from, int& to) const {
    const QModelIndexList cells =
        selectionModel() ? selectionModel()->selectedIndexes() : QModelIndexList();
    if (cells.isEmpty()) return false;
    const int row = cells.first().row();
    int lo = cells.first().column(), hi = lo;
    for (const QModelIndex& i : cells) {
        if (i.row() != row) return false;
        lo = std::min(lo, i.column());
        hi = std::max(hi, i.column());
    }
    if (hi - lo + 1 != cells.size()) return false;
    seat = cells.first().data(SeatGridModel::SeatRole).toString();
    from = lo;
    to = hi + 1;
    return true;
}

void SeatGridView::onSelection() {
    QString seat;
    int from = 0, to = 0;
    if (selectedInterval(seat, from, to))
        emit intervalSelected(seat, from, to);
    else
        emit selectionCleared();
}

void SeatGridView::zoomIn() {
    geometry_.zoom = std::min(SeatGridGeometry::kMaxZoom, geometry_.zoom * 1.25);
    applyZoom();
}
void SeatGridView::zoomOut() {
    geometry_.zoom = std::max(SeatGridGeometry::kMinZoom, geometry_.zoom / 1.25);
    applyZoom();
}
void SeatGridView::resetZoom() {
    geometry_.zoom = 1.0;
    applyZoom();
}

void SeatGridView::applyZoom() {
    geometry_.rows = model() ? model()->rowCount() : 0;
    geometry_.columns = model() ? model()->columnCount() : 0;
    // At 100 % a run with few stops fills the width: a segment is never narrower
    // than the base cell, but may be wider.
    int width = geometry_.cellWidth();
    if (geometry_.zoom == 1.0 && geometry_.columns > 0)
        width = std::max(width, viewport()->width() / geometry_.columns);
    horizontalHeader()->setDefaultSectionSize(width);
    verticalHeader()->setDefaultSectionSize(geometry_.cellHeight());
    horizontalHeader()->setMinimumSectionSize(4);
    verticalHeader()->setMinimumSectionSize(4);
    horizontalHeader()->setVisible(geometry_.cellWidth() >= 24);
    viewport()->update();
}

void SeatGridView::wheelEvent(QWheelEvent* event) {
    if (event->modifiers() & Qt::ControlModifier) {
        const QPoint scroll(horizontalScrollBar()->value(), verticalScrollBar()->value());
        const QPoint next = geometry_.zoomAround(event->angleDelta().y() > 0 ? 1.25 : 0.8,
                                                 event->position().toPoint(), scroll);
        applyZoom();
        horizontalScrollBar()->setValue(next.x());
        verticalScrollBar()->setValue(next.y());
        event->accept();
        return;
    }
    QTableView::wheelEvent(event);
}

void SeatGridView::resizeEvent(QResizeEvent* event) {
    QTableView::resizeEvent(event);
    if (geometry_.zoom == 1.0) applyZoom();
}

void SeatGridView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange)
        delegate_->setColors(SeatColors::forPalette(palette()));
    QTableView::changeEvent(event);
}

}  // namespace houbu
