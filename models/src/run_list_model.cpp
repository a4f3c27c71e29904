#include "houbu/run_list_model.h"

#include <algorithm>
#include <limits>

#include "model_text.h"
#include "row_ranges.h"

namespace houbu {

using namespace Qt::StringLiterals;
using namespace model_text;

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

}  // namespace houbu
