#include <QDateTime>
#include <QSet>
#include <algorithm>
#include <cmath>
#include <limits>
#include <string_view>
#include <unordered_set>

#include "houbu/codec.h"
#include "houbu/display_names.h"
#include "houbu/models.h"
#include "row_ranges.h"

namespace houbu {

using namespace Qt::StringLiterals;

namespace {

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

QString arrow(const QString& from, const QString& to) {
    return from + u"\u2192"_s + to;
}

bool sameHolder(const HolderView& a, const HolderView& b) {
    return a.kind == b.kind && a.from == b.from && a.to == b.to && a.id == b.id &&
           a.passenger == b.passenger && a.sale == b.sale;
}

bool sameHolders(const SeatView& a, const SeatView& b) {
    if (a.holders.size() != b.holders.size()) return false;
    for (std::size_t i = 0; i < a.holders.size(); ++i)
        if (!sameHolder(a.holders[i], b.holders[i])) return false;
    return true;
}

const HolderView* holderOn(const SeatView& seat, int segment) {
    for (const HolderView& h : seat.holders)
        if (h.from <= segment && segment < h.to) return &h;
    return nullptr;
}

QString timeText(Time t) {
    if (t < 0) return {};
    return qs(formatTime(t)).replace(u'T', u' ');
}

}  // namespace

// ---- SnapshotThrottle ------------------------------------------------------------

SnapshotThrottle::SnapshotThrottle(QObject* parent) : QObject(parent) {
    timer_.setSingleShot(true);
    timer_.setInterval(16);
    connect(&timer_, &QTimer::timeout, this, &SnapshotThrottle::flush);
}

void SnapshotThrottle::push(const SnapshotPtr& snapshot) {
    pending_ = snapshot;
    if (!timer_.isActive()) timer_.start();
}

void SnapshotThrottle::flush() {
    timer_.stop();
    if (!pending_) return;
    SnapshotPtr s = std::move(pending_);
    pending_.reset();
    emit snapshot(s);
}

// ---- RunListModel ----------------------------------------------------------------

int RunListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(runs_.size());
}
int RunListModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunListModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    const RunSummary& r = runs_[static_cast<std::size_t>(index.row())];
    switch (role) {
        case TrainRole:
            return qs(r.train);
        case DateRole:
            return qs(r.date);
        case LoadFactorRole:
            return r.loadFactor;
        case QueuedRole:
            return r.queuedOrders;
        case QueuedPassengersRole:
            return r.queuedPassengers;
        case SortRole:
            switch (index.column()) {
                case Train:
                    return qs(r.train);
                case Date:
                    return qs(r.date);
                case Stops:
                    return r.stops;
                case Seats:
                    return r.seats;
                case Load:
                    return r.loadFactor;
                case Queued:
                    return r.queuedOrders;
                case Passengers:
                    return r.queuedPassengers;
                case FreeSeats:
                    return freeSeatsPerSegment(r);
                case Pressure:
                    return pressure(r);
                case LongestQueue:
                    return r.longestQueue;
            }
            return {};
        case Qt::TextAlignmentRole:
            return index.column() >= Stops ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                           : QVariant();
        case Qt::DisplayRole:
            switch (index.column()) {
                case Train:
                    return qs(r.train);
                case Date:
                    return qs(r.date);
                case Stops:
                    return r.stops;
                case Seats:
                    return r.seats;
                case Load:
                    return QString(QString::number(r.loadFactor * 100, 'f', 1) + u" %"_s);
                case Queued:
                    return r.queuedOrders;
                case Passengers:
                    return r.queuedPassengers;
                case FreeSeats:
                    return QString::number(freeSeatsPerSegment(r), 'f', 1);
                case Pressure: {
                    const double p = pressure(r);
                    if (std::isinf(p)) return tr("no seat free");
                    return QString::number(p, 'f', p < 10 ? 2 : 1);
                }
                case LongestQueue:
                    return r.longestQueue < 0 ? QVariant(u"…"_s) : QVariant(r.longestQueue);
            }
    }
    return {};
}

double RunListModel::freeSeatsPerSegment(const RunSummary& r) {
    const int segments = r.stops - 1;
    return segments > 0 ? static_cast<double>(r.freeSeatSegments) / segments : 0.0;
}

double RunListModel::pressure(const RunSummary& r) {
    if (r.queuedPassengers == 0) return 0.0;
    const double free = freeSeatsPerSegment(r);
    return free > 0 ? r.queuedPassengers / free : std::numeric_limits<double>::infinity();
}

QVariant RunListModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o == Qt::Horizontal && role == Qt::ToolTipRole) {
        switch (section) {
            case Load:
                return tr("Seat-segments held (tickets and blocks) over seat-segments offered");
            case Queued:
                return tr("Queued waitlist orders with an option on this run");
            case Passengers:
                return tr("The passengers of those queued orders");
            case FreeSeats:
                return tr(
                    "Seats free on an average segment of the route (seat-segments not "
                    "held over segments)");
            case Pressure:
                return tr(
                    "Queued passengers per free seat: how far the waitlist outruns "
                    "what is left to sell");
            case LongestQueue:
                return tr("Orders in the run's longest queue (one class, one interval)");
        }
        return {};
    }
    if (o != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
        case Train:
            return tr("Train");
        case Date:
            return tr("Date");
        case Stops:
            return tr("Stops");
        case Seats:
            return tr("Seats");
        case Load:
            return tr("Load");
        case Queued:
            return tr("Queued");
        case Passengers:
            return tr("Passengers");
        case FreeSeats:
            return tr("Free");
        // Two lines: the trains dock stays narrow enough for the grid beside it.
        case Pressure:
            return tr("Per free\nseat");
        case LongestQueue:
            return tr("Longest\nqueue");
    }
    return {};
}

void RunListModel::apply(const SnapshotPtr& snapshot) {
    const auto& next = snapshot->runs;
    // Runs are only ever added, at the end.
    const std::size_t common = std::min(runs_.size(), next.size());
    bool sameKeys = runs_.size() <= next.size();
    for (std::size_t i = 0; i < common && sameKeys; ++i)
        sameKeys = runs_[i].train == next[i].train && runs_[i].date == next[i].date;
    if (!sameKeys) {
        beginResetModel();
        runs_ = next;
        endResetModel();
        return;
    }
    std::vector<int> changed;
    for (std::size_t i = 0; i < common; ++i) {
        const RunSummary& a = runs_[i];
        const RunSummary& b = next[i];
        if (a.seats != b.seats || a.loadFactor != b.loadFactor ||
            a.queuedOrders != b.queuedOrders || a.queuedPassengers != b.queuedPassengers ||
            a.freeSeatSegments != b.freeSeatSegments || a.longestQueue != b.longestQueue)
            changed.push_back(static_cast<int>(i));
        runs_[i] = b;
    }
    emitRowRanges(this, changed, ColumnCount - 1,
                  {Qt::DisplayRole, LoadFactorRole, QueuedRole, QueuedPassengersRole, SortRole});
    if (next.size() > common) {
        beginInsertRows({}, static_cast<int>(common), static_cast<int>(next.size()) - 1);
        runs_.insert(runs_.end(), next.begin() + static_cast<long>(common), next.end());
        endInsertRows();
    }
}

// ---- SeatGridModel ---------------------------------------------------------------

SeatGridModel::SeatGridModel(QObject* parent) : QAbstractTableModel(parent) {
    clock_.start();
}

int SeatGridModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(seats_.size());
}
int SeatGridModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : std::max(0, static_cast<int>(stations_.size()) - 1);
}

const SeatView* SeatGridModel::seat(int row) const {
    return row >= 0 && row < rowCount() ? &seats_[static_cast<std::size_t>(row)] : nullptr;
}

const HolderView* SeatGridModel::holderAt(int row, int column) const {
    const SeatView* s = seat(row);
    return s ? holderOn(*s, column) : nullptr;
}

QVariant SeatGridModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    const SeatView& s = seats_[static_cast<std::size_t>(index.row())];
    const HolderView* h = holderOn(s, index.column());
    switch (role) {
        case KindRole:
            if (!h) return static_cast<int>(HolderKind::Free);
            switch (h->kind) {
                case HolderView::Kind::Held:
                    return static_cast<int>(HolderKind::Held);
                case HolderView::Kind::Paid:
                    return static_cast<int>(HolderKind::Paid);
                case HolderView::Kind::Served:
                    return static_cast<int>(HolderKind::Served);
                case HolderView::Kind::Block:
                    return static_cast<int>(HolderKind::Block);
            }
            return {};
        case CellRole: {
            if (!h) return 0;
            int cell = 0;
            switch (h->kind) {
                case HolderView::Kind::Held:
                    cell = int(HolderKind::Held);
                    break;
                case HolderView::Kind::Paid:
                    cell = int(HolderKind::Paid);
                    break;
                case HolderView::Kind::Served:
                    cell = int(HolderKind::Served);
                    break;
                case HolderView::Kind::Block:
                    cell = int(HolderKind::Block);
                    break;
            }
            if (h->from == index.column()) cell |= kCellStart;
            if (h->to == index.column() + 1) cell |= kCellEnd;
            return cell;
        }
        case HolderIdRole:
            return h ? qs(h->id) : QString();
        case PassengerRole:
            return h ? qs(h->passenger) : QString();
        case SaleRole:
            return h ? qs(h->sale) : QString();
        case BarStartRole:
            return h && h->from == index.column();
        case BarEndRole:
            return h && h->to == index.column() + 1;
        case IntervalRole:
            return h ? arrow(stations_.value(h->from), stations_.value(h->to))
                     : arrow(stations_.value(index.column()), stations_.value(index.column() + 1));
        case SeatRole:
            return qs(s.label);
        case ClassRole:
            return qs(s.travelClass);
        case CarRole:
            return s.car;
        case ChangedAtRole:
            return changedAt_[static_cast<std::size_t>(index.row())]
                             [static_cast<std::size_t>(index.column())];
        case Qt::DisplayRole:
            if (!h || h->from != index.column()) return {};
            return h->kind == HolderView::Kind::Block ? qs(h->id) : qs(h->passenger);
        case Qt::ToolTipRole: {
            const QString segment =
                arrow(stations_.value(index.column()), stations_.value(index.column() + 1));
            if (!h) return tr("%1 · %2\nFree").arg(qs(s.label), segment);
            const QString interval = arrow(stations_.value(h->from), stations_.value(h->to));
            switch (h->kind) {
                case HolderView::Kind::Block:
                    return tr("%1 · %2\nQuota block %3").arg(qs(s.label), interval, qs(h->id));
                case HolderView::Kind::Held:
                    return tr("%1 · %2\nTicket %3, held until %4\nPassenger %5\nSale %6")
                        .arg(qs(s.label), interval, qs(h->id), timeText(h->payBy), qs(h->passenger),
                             qs(h->sale));
                case HolderView::Kind::Paid:
                    return tr("%1 · %2\nTicket %3, paid\nPassenger %4\nSale %5")
                        .arg(qs(s.label), interval, qs(h->id), qs(h->passenger), qs(h->sale));
                case HolderView::Kind::Served:
                    return tr("%1 · %2\nTicket %3, served from the waitlist\nPassenger %4\nOrder "
                              "%5")
                        .arg(qs(s.label), interval, qs(h->id), qs(h->passenger), qs(h->sale));
            }
            return {};
        }
    }
    return {};
}

QVariant SeatGridModel::headerData(int section, Qt::Orientation o, int role) const {
    if (role == Qt::DisplayRole) {
        if (o == Qt::Horizontal)
            return QString(stations_.value(section) + u"\n\u2192 "_s +
                           stations_.value(section + 1));
        const SeatView* s = seat(section);
        return s ? qs(s->label) : QVariant();
    }
    if (role == Qt::ToolTipRole && o == Qt::Vertical) {
        const SeatView* s = seat(section);
        return s ? tr("Seat %1, car %2, %3")
                       .arg(qs(s->label))
                       .arg(s->car)
                       .arg(DisplayNames::travelClass(s->travelClass))
                 : QVariant();
    }
    return {};
}

void SeatGridModel::apply(const SnapshotPtr& snapshot) {
    applySeats(snapshot);
    applyStanding(snapshot);
}

const ClassView* SeatGridModel::standingOf(const QString& travelClass) const {
    for (const ClassView& c : standing_)
        if (qs(c.name) == travelClass) return &c;
    return nullptr;
}

void SeatGridModel::applyStanding(const SnapshotPtr& snapshot) {
    std::vector<ClassView> next;
    for (const ClassView& c : snapshot->run.classDetails)
        if (c.standingPlaces > 0) next.push_back(c);
    const bool same = std::equal(next.begin(), next.end(), standing_.begin(), standing_.end(),
                                 [](const ClassView& a, const ClassView& b) {
                                     return a.name == b.name &&
                                            a.standingPlaces == b.standingPlaces &&
                                            a.standingLoad == b.standingLoad;
                                 });
    if (same) return;
    standing_ = std::move(next);
    emit standingChanged();
}

void SeatGridModel::applySeats(const SnapshotPtr& snapshot) {
    QStringList stations;
    for (const StopView& stop : snapshot->run.stops)
        stations << qs(stop.station);
    const QString train = qs(snapshot->run.train), date = qs(snapshot->run.date);
    const auto& next = snapshot->seats;

    // Seats are only ever added (加挂); old labels must appear in order in the new list.
    bool sameRun = train == train_ && date == date_ && stations == stations_;
    std::size_t j = 0;
    if (sameRun) {
        for (std::size_t i = 0; i < next.size() && j < seats_.size(); ++i)
            if (next[i].label == seats_[j].label) ++j;
        sameRun = j == seats_.size();
    }
    if (!sameRun) {
        beginResetModel();
        train_ = train;
        date_ = date;
        stations_ = stations;
        seats_ = next;
        changedAt_.assign(
            seats_.size(),
            std::vector<qint64>(
                static_cast<std::size_t>(std::max<qsizetype>(0, stations.size() - 1)), 0));
        rowOfSeat_.clear();
        for (std::size_t i = 0; i < seats_.size(); ++i)
            rowOfSeat_.insert(qs(seats_[i].label), int(i));
        endResetModel();
        return;
    }

    const qint64 stamp = now();
    const std::size_t columns = static_cast<std::size_t>(columnCount());
    // Insert new seats (an added car) where they fall in seat order, as row insertions.
    for (std::size_t i = 0; i < next.size();) {
        if (i < seats_.size() && seats_[i].label == next[i].label) {
            ++i;
            continue;
        }
        std::size_t end = i;
        while (end < next.size() && (i >= seats_.size() || next[end].label != seats_[i].label))
            ++end;
        beginInsertRows({}, static_cast<int>(i), static_cast<int>(end) - 1);
        seats_.insert(seats_.begin() + static_cast<long>(i), next.begin() + static_cast<long>(i),
                      next.begin() + static_cast<long>(end));
        changedAt_.insert(changedAt_.begin() + static_cast<long>(i), end - i,
                          std::vector<qint64>(columns, stamp));
        endInsertRows();
        i = end;
    }
    rowOfSeat_.clear();
    for (std::size_t i = 0; i < seats_.size(); ++i)
        rowOfSeat_.insert(qs(seats_[i].label), int(i));

    std::vector<int> changed;
    for (std::size_t r = 0; r < next.size(); ++r) {
        if (sameHolders(seats_[r], next[r])) continue;
        for (std::size_t c = 0; c < columns; ++c) {
            const HolderView* a = holderOn(seats_[r], static_cast<int>(c));
            const HolderView* b = holderOn(next[r], static_cast<int>(c));
            if ((a == nullptr) != (b == nullptr) || (a && !sameHolder(*a, *b)))
                changedAt_[r][c] = stamp;
        }
        seats_[r] = next[r];
        changed.push_back(static_cast<int>(r));
    }
    emitRowRanges(this, changed, static_cast<int>(columns) - 1,
                  {Qt::DisplayRole, Qt::ToolTipRole, KindRole, HolderIdRole, PassengerRole,
                   SaleRole, BarStartRole, BarEndRole, IntervalRole, ChangedAtRole, CellRole});
}

// ---- QueueModel ------------------------------------------------------------------

namespace {
constexpr quintptr kTopLevel = ~quintptr{0};
}

QString QueueModel::keyOf(const QueueView& q) {
    return qs(q.travelClass) + u'|' + QString::number(q.from) + u'|' + QString::number(q.to);
}

QString QueueModel::intervalOf(const QueueView& q) const {
    return arrow(stations_.value(q.from), stations_.value(q.to));
}

QModelIndex QueueModel::index(int row, int column, const QModelIndex& parent) const {
    if (!hasIndex(row, column, parent)) return {};
    return createIndex(
        row, column,
        parent.isValid() ? queueIds_[static_cast<std::size_t>(parent.row())] : kTopLevel);
}

QModelIndex QueueModel::parent(const QModelIndex& child) const {
    if (!child.isValid() || child.internalId() == kTopLevel) return {};
    const int row = rowOfQueue(child.internalId());
    return row < 0 ? QModelIndex() : createIndex(row, 0, kTopLevel);
}

int QueueModel::rowCount(const QModelIndex& parent) const {
    if (!parent.isValid()) return static_cast<int>(queues_.size());
    if (parent.internalId() != kTopLevel || parent.column() != 0) return 0;
    return static_cast<int>(queues_[static_cast<std::size_t>(parent.row())].orders.size());
}

int QueueModel::columnCount(const QModelIndex&) const {
    return ColumnCount;
}

QVariant QueueModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    if (index.internalId() == kTopLevel) {
        const QueueView& q = queues_[static_cast<std::size_t>(index.row())];
        switch (role) {
            case QueueKeyRole:
                return keyOf(q);
            case ClassRole:
                return qs(q.travelClass);
            case LengthRole:
                return static_cast<int>(q.orders.size());
            case Qt::DisplayRole:
                if (index.column() == Queue)
                    return QString(DisplayNames::travelClass(q.travelClass) + u"  "_s +
                                   intervalOf(q));
                if (index.column() == Rank) return tr("%n waiting", nullptr, int(q.orders.size()));
                return {};
            case Qt::ToolTipRole:
                return tr("Queue %1 %2: %n order(s) in rank order", nullptr, int(q.orders.size()))
                    .arg(DisplayNames::travelClass(q.travelClass), intervalOf(q));
        }
        return {};
    }
    const int queueRow = rowOfQueue(index.internalId());
    if (queueRow < 0) return {};
    const QueueView& q = queues_[static_cast<std::size_t>(queueRow)];
    const OrderView& o = q.orders[static_cast<std::size_t>(index.row())];
    switch (role) {
        case OrderIdRole:
            return qs(o.id);
        case QueueKeyRole:
            return keyOf(q);
        case ClassRole:
            return qs(q.travelClass);
        case GroupSizeRole:
            return static_cast<int>(o.passengers.size());
        case Qt::DisplayRole: {
            switch (index.column()) {
                case Queue:
                    return qs(o.id);
                case Rank:
                    return index.row() + 1;
                case Ahead:
                    return o.aheadPassengers;
                case Level:
                    return DisplayNames::queueLevel(qs(o.level));
                case Passengers: {
                    QStringList names;
                    for (const auto& p : o.passengers)
                        names << qs(p);
                    return names.join(u", "_s);
                }
                case Effective:
                    return timeText(o.effectiveAt);
                case Deadline:
                    return timeText(o.deadline);
                case Options: {
                    QStringList options;
                    for (const auto& opt : o.options)
                        options << qs(opt.train) + u' ' + qs(opt.date).mid(5) + u' ' +
                                       DisplayNames::travelClass(opt.travelClass);
                    if (o.acceptsStanding) options << tr("standing accepted");
                    if (o.acceptsNewTrains) options << tr("added trains accepted");
                    return options.join(u" · "_s);
                }
            }
            return {};
        }
        case Qt::ToolTipRole:
            return tr("Order %1 of user %2, %3, rank %4 in this queue")
                .arg(qs(o.id), qs(o.user), arrow(qs(o.from), qs(o.to)))
                .arg(index.row() + 1);
        case StepMarkRole:
            return qs(o.id) == stepCurrent_ ? 2 : stepCandidates_.contains(qs(o.id)) ? 1 : 0;
        case StepOrderRole:
            return stepCandidates_.value(qs(o.id), 0);
    }
    return {};
}

void QueueModel::setStepMarks(const QStringList& candidates, const QString& current) {
    QHash<QString, int> marks;
    for (int i = 0; i < candidates.size(); ++i)
        marks.insert(candidates[i], i + 1);
    if (marks == stepCandidates_ && current == stepCurrent_) return;
    stepCandidates_ = marks;
    stepCurrent_ = current;
    for (int q = 0; q < rowCount(); ++q) {
        const QModelIndex parent = index(q, 0);
        const int n = rowCount(parent);
        if (n > 0)
            emit dataChanged(index(0, 0, parent), index(n - 1, ColumnCount - 1, parent),
                             {StepMarkRole, StepOrderRole});
    }
}

QVariant QueueModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
        case Queue:
            return tr("Queue / order");
        case Rank:
            return tr("Rank");
        case Ahead:
            return tr("Ahead");
        case Level:
            return tr("Level");
        case Passengers:
            return tr("Passengers");
        case Effective:
            return tr("Effective");
        case Deadline:
            return tr("Deadline");
        case Options:
            return tr("Options");
    }
    return {};
}

QModelIndex QueueModel::indexOfOrder(const QString& id) const {
    for (std::size_t q = 0; q < queues_.size(); ++q)
        for (std::size_t r = 0; r < queues_[q].orders.size(); ++r)
            if (qs(queues_[q].orders[r].id) == id)
                return index(static_cast<int>(r), 0, index(static_cast<int>(q), 0));
    return {};
}

int QueueModel::rowOfQueue(quintptr id) const {
    const auto it = rowOfQueue_.find(id);
    return it == rowOfQueue_.end() ? -1 : it->second;
}

void QueueModel::indexQueues() {
    rowOfQueue_.clear();
    for (std::size_t i = 0; i < queueIds_.size(); ++i)
        rowOfQueue_[queueIds_[i]] = static_cast<int>(i);
}

void QueueModel::apply(const SnapshotPtr& snapshot) {
    QStringList stations;
    for (const StopView& stop : snapshot->run.stops)
        stations << qs(stop.station);
    const QString run = qs(snapshot->run.train) + u' ' + qs(snapshot->run.date);
    if (run != run_ || stations != stations_) {
        beginResetModel();
        run_ = run;
        stations_ = stations;
        queues_ = snapshot->queues;
        queueIds_.clear();
        for (std::size_t i = 0; i < queues_.size(); ++i)
            queueIds_.push_back(nextQueueId_++);
        indexQueues();
        endResetModel();
        return;
    }
    const auto& next = snapshot->queues;
    // Top level: remove queues that emptied, insert new ones; both keep key order.
    // A queue keeps its id while it is shown: its orders' indexes name it by
    // id, not by row, so that they stay valid when queues above come and go.
    QSet<QString> nextKeys;
    for (const QueueView& q : next)
        nextKeys.insert(keyOf(q));
    for (int i = static_cast<int>(queues_.size()) - 1; i >= 0; --i) {
        if (nextKeys.contains(keyOf(queues_[static_cast<std::size_t>(i)]))) continue;
        beginRemoveRows({}, i, i);
        queues_.erase(queues_.begin() + i);
        queueIds_.erase(queueIds_.begin() + i);
        indexQueues();
        endRemoveRows();
    }
    for (std::size_t i = 0; i < next.size(); ++i) {
        if (i < queues_.size() && keyOf(queues_[i]) == keyOf(next[i])) continue;
        beginInsertRows({}, static_cast<int>(i), static_cast<int>(i));
        const QueueView& fresh = next[i];
        queues_.insert(queues_.begin() + static_cast<long>(i),
                       QueueView{fresh.travelClass, fresh.from, fresh.to, {}});
        queueIds_.insert(queueIds_.begin() + static_cast<long>(i), nextQueueId_++);
        indexQueues();
        endInsertRows();
    }
    // Children: orders leave from anywhere and join at any rank; the relative
    // order of the others never changes. Linear in the queue's length: a
    // queue on a real day holds thousands.
    std::vector<int> changedQueues;
    for (std::size_t qi = 0; qi < next.size(); ++qi) {
        auto& mine = queues_[qi].orders;
        const auto& theirs = next[qi].orders;
        const QModelIndex parent = index(static_cast<int>(qi), 0);
        const std::size_t before = mine.size();
        std::unordered_set<std::string_view> theirIds;
        theirIds.reserve(theirs.size());
        for (const OrderView& o : theirs)
            theirIds.insert(o.id);
        bool moved = false;
        for (int r = static_cast<int>(mine.size()) - 1; r >= 0; --r) {
            if (theirIds.count(mine[static_cast<std::size_t>(r)].id)) continue;
            int first = r;
            while (first > 0 && !theirIds.count(mine[static_cast<std::size_t>(first - 1)].id))
                --first;
            beginRemoveRows(parent, first, r);
            mine.erase(mine.begin() + first, mine.begin() + r + 1);
            endRemoveRows();
            moved = true;
            r = first;
        }
        for (std::size_t r = 0; r < theirs.size();) {
            if (r < mine.size() && mine[r].id == theirs[r].id) {
                ++r;
                continue;
            }
            std::size_t end = r;
            while (end < theirs.size() && (r >= mine.size() || theirs[end].id != mine[r].id))
                ++end;
            beginInsertRows(parent, static_cast<int>(r), static_cast<int>(end) - 1);
            mine.insert(mine.begin() + static_cast<long>(r), theirs.begin() + static_cast<long>(r),
                        theirs.begin() + static_cast<long>(end));
            endInsertRows();
            moved = true;
            r = end;
        }
        // Ranks of the orders behind a removal or an insertion change.
        if (moved) {
            mine = theirs;
            emit dataChanged(index(0, 0, parent),
                             index(int(mine.size()) - 1, ColumnCount - 1, parent),
                             {Qt::DisplayRole, Qt::ToolTipRole});
        }
        if (mine.size() != before) changedQueues.push_back(static_cast<int>(qi));
    }
    emitRowRanges(this, changedQueues, ColumnCount - 1,
                  {Qt::DisplayRole, Qt::ToolTipRole, LengthRole});
}

// ---- EventLogModel ---------------------------------------------------------------

int EventLogModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(seqs_.size());
}
int EventLogModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

namespace {

QString orderOf(const Event& e) {
    switch (e.kind) {
        case EventKind::WaitlistSubmitted:
        case EventKind::WaitlistEffective:
        case EventKind::WaitlistFulfilled:
        case EventKind::WaitlistCancelled:
        case EventKind::WaitlistExpired:
        case EventKind::WaitlistFailed:
        case EventKind::MatchConsidered:
        case EventKind::MatchSkipped:
        case EventKind::Position:
            return qs(e.id);
        default:
            return {};
    }
}

QStringList seatsOf(const Event& e) {
    QStringList seats;
    if (!e.seat.empty()) seats << qs(e.seat);
    for (const TicketLine& t : e.tickets)
        seats << qs(t.seat);
    for (const std::string& s : e.seatList)
        seats << qs(s);
    return seats;
}

bool isTrace(const Event& e) {
    return e.kind == EventKind::MatchConsidered || e.kind == EventKind::MatchSkipped;
}

QString subjectOf(const Event& e) {
    for (const std::string* v : {&e.ticket, &e.id, &e.seat})
        if (!v->empty()) return qs(*v);
    return {};
}

QString detailsOf(const Event& e) {
    switch (e.kind) {
        case EventKind::Error:
            return DisplayNames::error(QString::fromLatin1(errorCodeName(e.code))) + u" "_s +
                   DisplayNames::engineDetail(qs(e.message));
        case EventKind::TicketHeld:
            return qs(e.passenger) + u"  "_s + qs(e.seat) + u"  "_s + arrow(qs(e.from), qs(e.to));
        case EventKind::SeatReleased:
            return qs(e.seat) + u"  "_s + arrow(qs(e.from), qs(e.to)) + u"  ("_s +
                   DisplayNames::releaseSource(qs(e.reason)) + u')';
        case EventKind::TicketRefunded:
            return DisplayNames::releaseSource(qs(e.reason));
        case EventKind::WaitlistCancelled:
            return DisplayNames::cancelReason(qs(e.reason));
        case EventKind::WaitlistFulfilled:
        case EventKind::BlockCreated:
        case EventKind::CarAdded:
            return seatsOf(e).join(u", "_s);
        case EventKind::MatchConsidered:
        case EventKind::MatchSkipped:
            return DisplayNames::traceReason(qs(e.reason));
        case EventKind::WaitlistSubmitted:
            return EventLogModel::tr("prepay %1 by %2")
                .arg(DisplayNames::money(static_cast<double>(e.prepayFen) / 100),
                     qs(formatTime(e.payBy)).replace(u'T', u' '));
        case EventKind::Availability:
            return EventLogModel::tr("%n seat(s) free", nullptr, static_cast<int>(e.count));
        case EventKind::Position: {
            QStringList ranks;
            for (const QueueRank& q : e.queues)
                ranks << EventLogModel::tr("%1 %2 %3: rank %4")
                             .arg(qs(q.train), qs(q.date),
                                  DisplayNames::travelClass(qs(q.travelClass)))
                             .arg(q.rank);
            return ranks.join(u"; "_s);
        }
        default:
            return {};
    }
}

}  // namespace

QVariant EventLogModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    const int row = index.row();
    switch (role) {
        case KindRole:
            return kindAt(row);
        case TrainRole:
            return trainAt(row);
        case AuthorRole:
            return authorAt(row);
        case JsonRole:
            return jsonAt(row);
        default:
            break;
    }
    const houbu::Event& e = eventAt(row);
    switch (role) {
        case Qt::ToolTipRole: {
            // The event in words; its line as printed is JsonRole (the log's
            // menu copies it).
            const QString details = detailsOf(e);
            const QString name = DisplayNames::eventKind(kindAt(row));
            return details.isEmpty() ? name : name + u": "_s + details;
        }
        case OrderRole:
            return orderOf(e);
        case SeatsRole:
            return seatsOf(e);
        case EventRole:
            return QVariant::fromValue(e);
        case Qt::DisplayRole:
            switch (index.column()) {
                case Seq:
                    // The match trace is not numbered: it carries the seq of the event it follows.
                    if (isTrace(e)) return {};
                    return seqs_[static_cast<std::size_t>(row)];
                case Time:
                    return qs(formatTime(e.at)).replace(u'T', u' ');
                case Event:
                    return DisplayNames::eventKind(kindAt(row));
                case Line:
                    return e.line;
                case Train:
                    return trainAt(row);
                case Subject:
                    return subjectOf(e);
                case Author:
                    return authorAt(row);
                case Details:
                    return detailsOf(e);
            }
    }
    return {};
}

QVariant EventLogModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o == Qt::Horizontal && role == Qt::ToolTipRole && section == Author)
        return tr(
            "Who sent the command: the console's user and computer, or a houbud token's "
            "name and role and the client's address (a remote console sees this with an "
            "admin token only)");
    if (o == Qt::Horizontal && role == Qt::ToolTipRole && section == Line)
        return tr(
            "The command's line in its input: in a scenario file, the file's line "
            "(every line counted, as houbu-cli numbers them); after that, the console's "
            "commands in the order sent");
    if (o != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
        case Seq:
            return tr("Seq");
        case Time:
            return tr("Time");
        case Event:
            return tr("Event");
        case Line:
            return tr("Line");
        case Train:
            return tr("Train");
        case Subject:
            return tr("Ticket / id");
        case Author:
            return tr("Sent by");
        case Details:
            return tr("Details");
    }
    return {};
}

void EventLogModel::append(const QList<EventRecord>& events) {
    if (events.isEmpty()) return;
    const int first = rowCount();
    beginInsertRows({}, first, first + static_cast<int>(events.size()) - 1);
    for (const EventRecord& e : events) {
        lines_.append(e.json);
        seqs_.push_back(e.seq);
        kindOf_.push_back(static_cast<std::uint8_t>(e.event.kind));
        // A batch names the same few trains again and again.
        if (e.event.train != lastTrain_) {
            lastTrain_ = e.event.train;
            lastTrainIndex_ = trains_.indexOf(qs(lastTrain_));
        }
        trainOf_.push_back(lastTrainIndex_);
        authorOf_.push_back(authors_.indexOf(e.author));
    }
    endInsertRows();
}

void EventLogModel::clear() {
    beginResetModel();
    lines_.clear();
    seqs_.clear();
    kindOf_.clear();
    trainOf_.clear();
    authorOf_.clear();
    trains_.clear();
    authors_.clear();
    lastTrain_.clear();
    lastTrainIndex_ = 0;
    for (CachedEvent& c : decoded_)
        c = CachedEvent{};
    endResetModel();
}

EventRecord EventLogModel::at(int row) const {
    return EventRecord(eventAt(row), jsonAt(row), authorAt(row));
}

QString EventLogModel::kindAt(int row) const {
    return QString::fromLatin1(
        eventName(static_cast<EventKind>(kindOf_[static_cast<std::size_t>(row)])));
}

const houbu::Event& EventLogModel::eventAt(int row) const {
    CachedEvent& c = decoded_[static_cast<std::size_t>(row) % decoded_.size()];
    if (c.row != row) {
        // The log keeps each line as printed (compressed); a row is typed
        // again only when a view asks for it.
        c.event = houbu::Event{};
        decodeEvent(jsonAt(row), c.event);
        c.row = row;
    }
    return c.event;
}

std::size_t EventLogModel::memoryBytes() const {
    return lines_.memoryBytes() + seqs_.capacity() * sizeof(qint64) +
           kindOf_.capacity() * sizeof(std::uint8_t) +
           (trainOf_.capacity() + authorOf_.capacity()) * sizeof(std::uint32_t);
}

std::uint32_t EventLogModel::Names::indexOf(const QString& name) {
    const auto it = index_.constFind(name);
    if (it != index_.constEnd()) return *it;
    const auto index = static_cast<std::uint32_t>(names_.size());
    names_ << name;
    index_.insert(name, index);
    return index;
}

void EventLogModel::Names::clear() {
    names_ = QStringList{QString()};
    index_ = {{QString(), 0}};
}

// ---- EventFilterModel --------------------------------------------------------------

void EventFilterModel::setKind(const QString& kind) {
    kind_ = kind;
    invalidateRowsFilter();
}
void EventFilterModel::setTrain(const QString& train) {
    train_ = train;
    invalidateRowsFilter();
}
void EventFilterModel::setOrder(const QString& order) {
    order_ = order;
    invalidateRowsFilter();
}
void EventFilterModel::setText(const QString& text) {
    text_ = text;
    invalidateRowsFilter();
}
void EventFilterModel::setAuthor(const QString& author) {
    author_ = author.trimmed();
    invalidateRowsFilter();
}

bool EventFilterModel::filterAcceptsRow(int row, const QModelIndex& parent) const {
    // Kind and train come from the log's typed columns, not from parsing
    // the row: a day's log has millions of them.
    const QModelIndex i = sourceModel()->index(row, 0, parent);
    if (!kind_.isEmpty() && i.data(EventLogModel::KindRole).toString() != kind_) return false;
    if (!train_.isEmpty() && i.data(EventLogModel::TrainRole).toString() != train_) return false;
    if (!author_.isEmpty() &&
        !i.data(EventLogModel::AuthorRole).toString().contains(author_, Qt::CaseInsensitive))
        return false;
    if (!order_.isEmpty() && i.data(EventLogModel::OrderRole).toString() != order_ &&
        !i.data(EventLogModel::JsonRole).toByteArray().contains(order_.toUtf8()))
        return false;
    if (!text_.isEmpty() && !QString::fromUtf8(i.data(EventLogModel::JsonRole).toByteArray())
                                 .contains(text_, Qt::CaseInsensitive))
        return false;
    return true;
}

}  // namespace houbu
