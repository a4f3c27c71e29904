#include <QApplication>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QPainter>
#include <QPainterPath>
#include <QScrollBar>
#include <QSet>
#include <QWheelEvent>
#include <optional>

#include "houbu/seat_grid_header.h"
#include "houbu/seat_painter.h"
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
    c.carBand = dark ? QColor(0x4a, 0x52, 0x5c) : QColor(0xc9, 0xd0, 0xd8);
    c.carBandText = dark ? QColor(0xe6, 0xea, 0xee) : QColor(0x1d, 0x24, 0x2b);
    c.classBand = dark ? QColor(0x8a, 0x96, 0xa3) : QColor(0x4d, 0x58, 0x64);
    c.classBandText = dark ? QColor(0x12, 0x16, 0x1a) : QColor(Qt::white);
    c.standing = dark ? QColor(0x4f, 0xb8, 0xb0) : QColor(0x2a, 0x8c, 0x84);
    c.standingFull = dark ? QColor(0xe0, 0x7a, 0x5f) : QColor(0xc4, 0x4d, 0x2e);
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
    // The hot path of a full frame: one packed data() call per cell.
    QRect r = option.rect;
    // A class's last row carries the standing row below its cells, and a car's
    // first row its divider above them: the view paints both.
    if (standingHeight_ > 0 && standingRows_.contains(index.row()))
        r.setBottom(r.bottom() - standingHeight_);
    if (r.height() > cellHeight_) r.setTop(r.bottom() - cellHeight_ + 1);
    SeatPainter::paintFree(p, r, colors_);
    const int cell = index.data(SeatGridModel::CellRole).toInt();
    // Only a bar's first cell carries its label: the others skip reading it.
    const bool labelled = (cell & 7) != 0 && (cell & SeatGridModel::kCellStart);
    SeatPainter::paintHolder(p, r, cell,
                             labelled ? index.data(Qt::DisplayRole).toString() : QString(),
                             option.font, colors_);

    const QColor selection = option.palette.color(QPalette::Highlight);
    if (now_ > 0) {
        // Recently changed cells flash, fading out.
        const qint64 changed = index.data(SeatGridModel::ChangedAtRole).toLongLong();
        if (changed > 0 && now_ - changed < kFlashMs)
            SeatPainter::paintMark(p, r, SeatPainter::Mark::Changed, colors_, selection,
                                   1.0 - double(now_ - changed) / kFlashMs);
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
        if (covers(stepFreed_))
            SeatPainter::paintMark(p, r, SeatPainter::Mark::StepFreed, colors_, selection);
        if (covers(stepDecision_))
            SeatPainter::paintMark(p, r, SeatPainter::Mark::StepDecision, colors_, selection);
        if (covers(highlights_))
            SeatPainter::paintMark(p, r, SeatPainter::Mark::Outline, colors_, selection);
    }
    if (option.state & QStyle::State_Selected)
        SeatPainter::paintMark(p, r, SeatPainter::Mark::Selected, colors_, selection);
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
    dividerTimer_.setSingleShot(true);
    dividerTimer_.setInterval(0);
    connect(&dividerTimer_, &QTimer::timeout, this, &SeatGridView::applyDividers);
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
    // A class gaining or losing standing places gains or loses its row; a load
    // change repaints it.
    connect(model, &SeatGridModel::standingChanged, this, [this] {
        dividerTimer_.start();
        viewport()->update();
    });
    // The filter decides which rows start a car. A search may remove rows in
    // many ranges: the dividers are placed again once, after the last.
    auto later = [this] { dividerTimer_.start(); };
    connect(filter, &QAbstractItemModel::modelReset, this, later);
    connect(filter, &QAbstractItemModel::layoutChanged, this, later);
    connect(filter, &QAbstractItemModel::rowsInserted, this, later);
    connect(filter, &QAbstractItemModel::rowsRemoved, this, later);
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
    delegate_->setCellHeight(geometry_.cellHeight());
    horizontalHeader()->setMinimumSectionSize(4);
    verticalHeader()->setMinimumSectionSize(4);
    horizontalHeader()->setVisible(geometry_.cellWidth() >= 24);
    applyDividers();
    viewport()->update();
}

int SeatGridView::dividerHeight() const {
    return fontMetrics().height() + 4;
}

int SeatGridView::standingRowHeight() const {
    return fontMetrics().height() + 6;
}

QRect SeatGridView::standingRect(int row, int column) const {
    const bool carries = std::any_of(standingRows_.cbegin(), standingRows_.cend(),
                                     [row](const StandingRow& s) { return s.row == row; });
    if (!carries) return {};
    const int band = standingRowHeight();
    return {columnViewportPosition(column), rowViewportPosition(row) + rowHeight(row) - band,
            columnWidth(column), band};
}

void SeatGridView::applyDividers() {
    QHeaderView* rows = verticalHeader();
    const int height = geometry_.cellHeight();
    for (const SeatGroups::Group& g : std::as_const(groups_))
        if (g.row < rows->count()) rows->resizeSection(g.row, height);
    for (const StandingRow& s : std::as_const(standingRows_))
        if (s.row < rows->count()) rows->resizeSection(s.row, height);
    groups_ = SeatGroups::of(model());
    // A class's rows end where the next class begins (the filter keeps seat order).
    standingRows_.clear();
    QSet<int> standingRows;
    const int count = model() ? model()->rowCount() : 0;
    for (qsizetype i = 0; model_ && i < groups_.size(); ++i) {
        if (!groups_[i].newClass) continue;
        qsizetype next = i + 1;
        while (next < groups_.size() && !groups_[next].newClass)
            ++next;
        const int last = next < groups_.size() ? groups_[next].row - 1 : count - 1;
        if (!model_->standingOf(groups_[i].travelClass)) continue;
        standingRows_.append({last, groups_[i].travelClass});
        standingRows.insert(last);
    }
    QSet<int> starts;
    for (const SeatGroups::Group& g : std::as_const(groups_))
        starts.insert(g.row);
    for (int row : std::as_const(starts))
        rows->resizeSection(
            row, height + dividerHeight() + (standingRows.contains(row) ? standingRowHeight() : 0));
    for (int row : std::as_const(standingRows))
        if (!starts.contains(row)) rows->resizeSection(row, height + standingRowHeight());
    delegate_->setStandingRows(standingRows, standingRowHeight());
    if (auto* header = qobject_cast<SeatGridHeader*>(rows))
        header->setStandingRows(standingRows, standingRowHeight());
    updateGeometries();  // the row labels may have widened for the standing row's
    viewport()->update();
}

void SeatGridView::paintEvent(QPaintEvent* event) {
    QTableView::paintEvent(event);
    if (groups_.isEmpty() || !model() || model()->columnCount() == 0) return;
    paintStandingRows();
    paintSeatChanges();
    // Each car's divider spans the run; its label stays at the left edge of
    // the view while the grid scrolls sideways.
    QPainter p(viewport());
    const SeatColors colors = SeatColors::forPalette(palette());
    const int last = model()->columnCount() - 1;
    const int left = columnViewportPosition(0);
    const int right = columnViewportPosition(last) + columnWidth(last);
    const int band = dividerHeight();
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    for (const SeatGroups::Group& g : std::as_const(groups_)) {
        const int y = rowViewportPosition(g.row);
        if (y + band < 0 || y > viewport()->height()) continue;
        const QRect r(left, y, right - left, band);
        p.fillRect(r, g.newClass ? colors.classBand : colors.carBand);
        p.setPen(g.newClass ? colors.classBandText : colors.carBandText);
        p.drawText(QRect(std::max(left, 0) + 6, y, viewport()->width() - 12, band),
                   Qt::AlignLeft | Qt::AlignVCenter, SeatGroups::label(g));
    }
}

void SeatGridView::paintSeatChanges() {
    if (!model_ || !filter_ || filter_->rowCount() == 0) return;
    const int first = std::max(rowAt(0), 0);
    int last = rowAt(viewport()->height() - 1);
    if (last < 0) last = filter_->rowCount() - 1;
    QPainter p(viewport());
    p.setRenderHint(QPainter::Antialiasing);
    const SeatColors colors = SeatColors::forPalette(palette());
    // The middle of a leg's bar next to the change, in viewport coordinates
    // (a row may also carry a car's divider above or a standing row below, as
    // the delegate paints them); nothing when the seat is filtered out.
    auto anchor = [this](const QString& seat, int column) -> std::optional<QPoint> {
        const int row = model_->rowOfSeat(seat);
        if (row < 0) return std::nullopt;
        const QModelIndex at = filter_->mapFromSource(model_->index(row, column));
        if (!at.isValid()) return std::nullopt;
        QRect r = visualRect(at);
        if (standingRect(at.row(), at.column()).isValid())
            r.setBottom(r.bottom() - standingRowHeight());
        return QPoint(r.center().x(), r.bottom() - geometry_.cellHeight() / 2);
    };
    QSet<QString> drawn;  // each ticket once, whichever of its rows shows
    for (int row = first; row <= last; ++row) {
        const SeatView* seat = model_->seat(filter_->mapToSource(filter_->index(row, 0)).row());
        if (!seat) continue;
        for (const HolderView& h : seat->holders) {
            if (h.legs.size() < 2) continue;
            const QString ticket = QString::fromStdString(h.id);
            if (drawn.contains(ticket)) continue;
            drawn.insert(ticket);
            const QColor color = h.kind == HolderView::Kind::Held   ? colors.held
                                 : h.kind == HolderView::Kind::Paid ? colors.paid
                                                                    : colors.served;
            p.setPen(QPen(color, 4, Qt::SolidLine, Qt::RoundCap));
            p.setBrush(color);
            for (std::size_t k = 0; k + 1 < h.legs.size(); ++k) {
                const LegView& a = h.legs[k];
                const LegView& b = h.legs[k + 1];
                const auto from = anchor(QString::fromStdString(a.seat), a.to - 1);
                const auto to = anchor(QString::fromStdString(b.seat), b.from);
                if (!from || !to) continue;
                // At the station between the two cells: the columns' shared edge.
                const int x = columnViewportPosition(b.from);
                p.drawLine(QPoint(x, from->y()), QPoint(x, to->y()));
                p.drawEllipse(QPoint(x, from->y()), 4, 4);
                p.drawEllipse(QPoint(x, to->y()), 4, 4);
            }
        }
    }
}

void SeatGridView::paintStandingRows() {
    if (standingRows_.isEmpty() || !model_) return;
    QPainter p(viewport());
    const SeatColors colors = SeatColors::forPalette(palette());
    const int columns = model()->columnCount();
    for (const StandingRow& s : std::as_const(standingRows_)) {
        const ClassView* c = model_->standingOf(s.travelClass);
        if (!c) continue;
        for (int column = 0; column < columns; ++column) {
            const QRect r = standingRect(s.row, column);
            if (r.bottom() < 0 || r.top() > viewport()->height()) break;
            if (r.right() < 0 || r.left() > viewport()->width()) continue;
            const int load = column < static_cast<int>(c->standingLoad.size())
                                 ? c->standingLoad[static_cast<std::size_t>(column)]
                                 : 0;
            SeatPainter::paintStanding(&p, r.adjusted(1, 1, -1, -1), load, c->standingPlaces,
                                       font(), colors);
        }
    }
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
