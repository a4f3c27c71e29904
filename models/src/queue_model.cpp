#include "houbu/queue_model.h"

#include <QSet>
#include <string_view>
#include <unordered_set>

#include "houbu/display_names.h"
#include "model_text.h"
#include "row_ranges.h"

namespace houbu {

using namespace Qt::StringLiterals;
using namespace model_text;

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
    const auto& next = snapshot->queues;
    if (run != run_ || stations != stations_) {
        beginResetModel();
        run_ = run;
        stations_ = stations;
        queues_.clear();
        sources_.clear();
        queueIds_.clear();
        for (const QueuePtr& q : next) {
            queues_.push_back(*q);
            sources_.push_back(q);
            queueIds_.push_back(nextQueueId_++);
        }
        indexQueues();
        endResetModel();
        return;
    }
    // Top level: remove queues that emptied, insert new ones; both keep key order.
    // A queue keeps its id while it is shown: its orders' indexes name it by
    // id, not by row, so that they stay valid when queues above come and go.
    QSet<QString> nextKeys;
    for (const QueuePtr& q : next)
        nextKeys.insert(keyOf(*q));
    for (int i = static_cast<int>(queues_.size()) - 1; i >= 0; --i) {
        if (nextKeys.contains(keyOf(queues_[static_cast<std::size_t>(i)]))) continue;
        beginRemoveRows({}, i, i);
        queues_.erase(queues_.begin() + i);
        sources_.erase(sources_.begin() + i);
        queueIds_.erase(queueIds_.begin() + i);
        indexQueues();
        endRemoveRows();
    }
    for (std::size_t i = 0; i < next.size(); ++i) {
        if (i < queues_.size() && keyOf(queues_[i]) == keyOf(*next[i])) continue;
        beginInsertRows({}, static_cast<int>(i), static_cast<int>(i));
        const QueueView& fresh = *next[i];
        queues_.insert(queues_.begin() + static_cast<long>(i),
                       QueueView{fresh.travelClass, fresh.from, fresh.to, {}});
        sources_.insert(sources_.begin() + static_cast<long>(i), nullptr);
        queueIds_.insert(queueIds_.begin() + static_cast<long>(i), nextQueueId_++);
        indexQueues();
        endInsertRows();
    }
    // Children: orders leave from anywhere and join at any rank; the relative
    // order of the others never changes. Only the queues the snapshot brought
    // anew are compared (the session shares unchanged ones between
    // snapshots), each in time linear in its length: a queue on a real day
    // holds thousands.
    std::vector<int> changedQueues;
    for (std::size_t qi = 0; qi < next.size(); ++qi) {
        if (sources_[qi] == next[qi]) continue;
        sources_[qi] = next[qi];
        auto& mine = queues_[qi].orders;
        const auto& theirs = next[qi]->orders;
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

}  // namespace houbu
