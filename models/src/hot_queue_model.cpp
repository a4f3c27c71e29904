#include "houbu/hot_queue_model.h"

#include "houbu/display_names.h"
#include "row_ranges.h"

namespace houbu {

using namespace Qt::StringLiterals;

int HotQueueModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int HotQueueModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QString HotQueueModel::keyOf(const HotQueue& q) {
    return QString::fromStdString(q.train + '\x1f' + q.date + '\x1f' + q.travelClass + '\x1f' +
                                  std::to_string(q.from) + '-' + std::to_string(q.to));
}

QVariant HotQueueModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    const Row& row = rows_[static_cast<std::size_t>(index.row())];
    const HotQueue& q = row.queue;
    switch (role) {
        case TrainRole:
            return QString::fromStdString(q.train);
        case DateRole:
            return QString::fromStdString(q.date);
        case ClassRole:
            return QString::fromStdString(q.travelClass);
        case FromRole:
            return q.from;
        case ToRole:
            return q.to;
        case SortRole:
            switch (index.column()) {
                case Rank:
                    return row.rank;
                case Orders:
                    return q.orders;
                case Passengers:
                    return q.passengers;
                case FreeSeats:
                    return q.freeSeats;
            }
            return data(index, Qt::DisplayRole);
        case Qt::TextAlignmentRole:
            return index.column() == Rank || index.column() >= Orders
                       ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                       : QVariant();
        case Qt::DisplayRole:
            switch (index.column()) {
                case Rank:
                    return row.rank;
                case Train:
                    return QString::fromStdString(q.train);
                case Date:
                    return QString::fromStdString(q.date);
                case Class:
                    return DisplayNames::travelClass(q.travelClass);
                case Interval:
                    return QString(QString::fromStdString(q.fromStation) + u"\u2192"_s +
                                   QString::fromStdString(q.toStation));
                case Orders:
                    return q.orders;
                case Passengers:
                    return q.passengers;
                case FreeSeats:
                    return q.freeSeats;
            }
    }
    return {};
}

QVariant HotQueueModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal) return {};
    if (role == Qt::ToolTipRole) {
        switch (section) {
            case Rank:
                return tr("Place among the day's queues by waiting passengers, then orders");
            case Orders:
                return tr("Queued orders in this queue (one class, one interval)");
            case Passengers:
                return tr("Their passengers");
            case FreeSeats:
                return tr(
                    "Seats of the class free over the whole interval now: more than "
                    "none means the queue waits on seat changes or group sizes");
        }
        return {};
    }
    if (role != Qt::DisplayRole) return {};
    switch (section) {
        case Rank:
            return tr("#");
        case Train:
            return tr("Train");
        case Date:
            return tr("Date");
        case Class:
            return tr("Class");
        case Interval:
            return tr("Interval");
        case Orders:
            return tr("Orders");
        case Passengers:
            return tr("Passengers");
        case FreeSeats:
            return tr("Free seats");
    }
    return {};
}

void HotQueueModel::apply(const SnapshotPtr& snapshot) {
    if (!snapshot->hotQueues || snapshot->hotQueues == shown_) return;
    shown_ = snapshot->hotQueues;
    const std::vector<HotQueue>& next = *shown_;
    QHash<QString, int> rankOfKey;
    rankOfKey.reserve(static_cast<qsizetype>(next.size()));
    for (std::size_t i = 0; i < next.size(); ++i)
        rankOfKey.insert(keyOf(next[i]), static_cast<int>(i));

    // Queues no longer among the hottest leave, a contiguous range at a time
    // from the bottom so the rows above keep their numbers.
    for (int r = static_cast<int>(rows_.size()) - 1; r >= 0;) {
        if (rankOfKey.contains(keyOf(rows_[static_cast<std::size_t>(r)].queue))) {
            --r;
            continue;
        }
        int first = r;
        while (first > 0 &&
               !rankOfKey.contains(keyOf(rows_[static_cast<std::size_t>(first - 1)].queue)))
            --first;
        beginRemoveRows({}, first, r);
        rows_.erase(rows_.begin() + first, rows_.begin() + r + 1);
        endRemoveRows();
        r = first - 1;
    }
    QHash<QString, int> rowOfKey;
    std::vector<int> changed;
    for (std::size_t r = 0; r < rows_.size(); ++r) {
        const QString key = keyOf(rows_[r].queue);
        rowOfKey.insert(key, static_cast<int>(r));
        const int rank = rankOfKey.value(key);
        const HotQueue& q = next[static_cast<std::size_t>(rank)];
        Row& row = rows_[r];
        if (row.rank != rank + 1 || row.queue.orders != q.orders ||
            row.queue.passengers != q.passengers || row.queue.freeSeats != q.freeSeats) {
            row.rank = rank + 1;
            row.queue = q;
            changed.push_back(static_cast<int>(r));
        }
    }
    emitRowRanges(this, changed, ColumnCount - 1, {Qt::DisplayRole, SortRole});
    // Newcomers, in rank order, at the end.
    std::vector<Row> added;
    for (std::size_t i = 0; i < next.size(); ++i)
        if (!rowOfKey.contains(keyOf(next[i]))) added.push_back({next[i], static_cast<int>(i) + 1});
    if (added.empty()) return;
    const int first = static_cast<int>(rows_.size());
    beginInsertRows({}, first, first + static_cast<int>(added.size()) - 1);
    for (Row& row : added)
        rows_.push_back(std::move(row));
    endInsertRows();
}

}  // namespace houbu
