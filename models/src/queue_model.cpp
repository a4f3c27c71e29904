#include "houbu/queue_model.h"

#include <QSet>
#include <algorithm>
#include <iterator>
#include <numeric>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "houbu/display_names.h"
#include "houbu/error_sentences.h"
#include "houbu/forecast_cache.h"
#include "houbu/run_sort_model.h"
#include "model_text.h"
#include "row_ranges.h"

namespace houbu {

using namespace Qt::StringLiterals;
using namespace model_text;

namespace {
constexpr quintptr kTopLevel = ~quintptr{0};
// Forecasts come a chunk at a time, every few milliseconds while many are
// computed: their column is announced (and sorted by them, sorted again)
// once per this interval, not once per chunk for every queue of the run.
constexpr int kForecastsShownMs = 100;
}  // namespace

QueueModel::QueueModel(QObject* parent) : QAbstractItemModel(parent) {
    forecastsShown_.setSingleShot(true);
    forecastsShown_.setInterval(kForecastsShownMs);
    connect(&forecastsShown_, &QTimer::timeout, this, &QueueModel::showForecasts);
}

QString QueueModel::keyOf(const std::string& travelClass, int from, int to) {
    return qs(travelClass) + u'|' + QString::number(from) + u'|' + QString::number(to);
}

QString QueueModel::intervalOf(const ShownQueue& q) const {
    return arrow(stations_.value(q.from), stations_.value(q.to));
}

QModelIndex QueueModel::index(int row, int column, const QModelIndex& parent) const {
    if (!hasIndex(row, column, parent)) return {};
    return createIndex(
        row, column,
        parent.isValid() ? queues_[static_cast<std::size_t>(parent.row())].id : kTopLevel);
}

QModelIndex QueueModel::parent(const QModelIndex& child) const {
    if (!child.isValid() || child.internalId() == kTopLevel) return {};
    const int row = rowOfQueue(child.internalId());
    return row < 0 ? QModelIndex() : createIndex(row, 0, kTopLevel);
}

int QueueModel::rowCount(const QModelIndex& parent) const {
    if (!parent.isValid()) return static_cast<int>(queues_.size());
    if (parent.internalId() != kTopLevel || parent.column() != 0) return 0;
    return static_cast<int>(queues_[static_cast<std::size_t>(parent.row())].rows.size());
}

const QueueModel::ShownQueue* QueueModel::queueAt(const QModelIndex& queue) const {
    if (!queue.isValid() || queue.model() != this || queue.internalId() != kTopLevel)
        return nullptr;
    return &queues_[static_cast<std::size_t>(queue.row())];
}

// A queue lists a window of its orders: its first ones
// (ConsoleSnapshot::kQueueRows) until asked for others. The next ones are
// read as the view reaches the last listed, the ones before as it reaches
// the first (MainWindow asks).
bool QueueModel::hasMoreRows(const QModelIndex& queue) const {
    const ShownQueue* q = queueAt(queue);
    return q && std::cmp_less(static_cast<std::size_t>(q->first) + q->rows.size(), q->length);
}

bool QueueModel::hasEarlierRows(const QModelIndex& queue) const {
    const ShownQueue* q = queueAt(queue);
    return q && q->first > 0;
}

int QueueModel::firstRank(const QModelIndex& queue) const {
    const ShownQueue* q = queueAt(queue);
    return q ? q->first + 1 : 0;
}

void QueueModel::listMoreRows(const QModelIndex& queue) {
    if (!hasMoreRows(queue)) return;
    listRows(queue, rowCount(queue) + ConsoleSnapshot::kQueueRows);
}

void QueueModel::listEarlierRows(const QModelIndex& queue) {
    const ShownQueue* q = queueAt(queue);
    if (!q || q->first == 0) return;
    const int first = std::max(0, q->first - ConsoleSnapshot::kQueueRows);
    // The window grows upward; past kMostListed rows its end follows.
    const int rows = std::min(rowCount(queue) + (q->first - first), kMostListed);
    emit moreRowsWanted(qs(q->travelClass), q->from, q->to, first, rows);
}

void QueueModel::listRows(const QModelIndex& queue, int rows) {
    const ShownQueue* q = queueAt(queue);
    if (!q) return;
    const auto wanted = static_cast<std::size_t>(std::min(rows, std::max(0, q->length - q->first)));
    // Asked again while the rows are on their way: the session reads a
    // queue as deep as asked only once, and no state here can go stale.
    if (wanted <= q->rows.size()) return;
    emit moreRowsWanted(qs(q->travelClass), q->from, q->to, q->first, static_cast<int>(wanted));
}

bool QueueModel::listAround(const QModelIndex& queue, int rank) {
    const ShownQueue* q = queueAt(queue);
    if (!q || rank < 1 || rank > q->length) return false;
    const int listedEnd = q->first + static_cast<int>(q->rows.size());
    if (rank > q->first && rank <= listedEnd) return true;
    // Near the head the list grows down to it, as if scrolled; further down
    // it shows a window of orders around it, the head no longer listed.
    if (rank <= kMostListed - 50) {
        emit moreRowsWanted(qs(q->travelClass), q->from, q->to, 0,
                            std::max(rank + 50, static_cast<int>(q->rows.size())));
        return false;
    }
    const int rows = ConsoleSnapshot::kQueueRows;
    const int first = std::max(0, std::min(rank - 1 - rows / 2, q->length - rows));
    emit moreRowsWanted(qs(q->travelClass), q->from, q->to, first, rows);
    return false;
}

QModelIndex QueueModel::indexOfQueue(const QString& travelClass, int from, int to) const {
    for (std::size_t i = 0; i < queues_.size(); ++i)
        if (queues_[i].from == from && queues_[i].to == to &&
            qs(queues_[i].travelClass) == travelClass)
            return index(static_cast<int>(i), 0);
    return {};
}

int QueueModel::columnCount(const QModelIndex&) const {
    return ColumnCount;
}

QVariant QueueModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    if (index.internalId() == kTopLevel) {
        const ShownQueue& q = queues_[static_cast<std::size_t>(index.row())];
        switch (role) {
            case QueueKeyRole:
                return keyOf(q);
            case ClassRole:
                return qs(q.travelClass);
            case LengthRole:
                return q.length;
            case Qt::DisplayRole:
                if (index.column() == Queue && q.first > 0)
                    return tr("%1  %2  (from rank %3)")
                        .arg(DisplayNames::travelClass(q.travelClass), intervalOf(q))
                        .arg(q.first + 1);
                if (index.column() == Queue)
                    return QString(DisplayNames::travelClass(q.travelClass) + u"  "_s +
                                   intervalOf(q));
                if (index.column() == Rank) return tr("%n waiting", nullptr, q.length);
                return {};
            case Qt::ToolTipRole: {
                QString tip = tr("Queue %1 %2: %n order(s) in rank order", nullptr, q.length)
                                  .arg(DisplayNames::travelClass(q.travelClass), intervalOf(q));
                tip += u'\n' + tr("%n passenger(s) waiting", nullptr, q.passengers);
                if (q.first > 0)
                    tip += u'\n' + tr("Ranks %1 to %2 are listed; more as you scroll up or down.")
                                       .arg(q.first + 1)
                                       .arg(q.first + static_cast<int>(q.rows.size()));
                else if (q.rows.empty() && q.length > 0)
                    tip += u'\n' + tr("Its orders are listed when it comes into view.");
                else if (std::cmp_less(q.rows.size(), q.length))
                    tip +=
                        u'\n' +
                        tr("The first %1 are listed; more as you scroll down.").arg(q.rows.size());
                return tip;
            }
        }
        return {};
    }
    const int queueRow = rowOfQueue(index.internalId());
    if (queueRow < 0) return {};
    const ShownQueue& q = queues_[static_cast<std::size_t>(queueRow)];
    const Row& row = q.rows[static_cast<std::size_t>(index.row())];
    const OrderView& o = *row.order;
    switch (role) {
        case OrderIdRole:
            return qs(o.id);
        case QueueKeyRole:
            return keyOf(q);
        case ClassRole:
            return qs(q.travelClass);
        case GroupSizeRole:
            return static_cast<int>(o.passengers.size());
        case ProbabilityRole: {
            const std::optional<int> p =
                forecasts_ ? forecasts_->probability(qs(o.id)) : std::nullopt;
            return p ? QVariant(*p) : QVariant();
        }
        case Qt::DisplayRole: {
            switch (index.column()) {
                case Queue:
                    return qs(o.id);
                case Rank:
                    return row.rank;
                case Probability:
                    return probabilityText(o);
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
            if (index.column() == Probability) return probabilityTip(o);
            return tr("Order %1 of user %2, %3, rank %4 in this queue")
                .arg(qs(o.id), qs(o.user), arrow(qs(o.from), qs(o.to)))
                .arg(row.rank);
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

QString QueueModel::probabilityText(const OrderView& o) const {
    if (!forecasts_) return {};
    if (!forecasts_->available()) return u"—"_s;
    const OrderForecast* f = forecasts_->find(qs(o.id));
    if (!f) return {};  // not known yet: empty, never a 0 that was not computed
    if (f->value) return tr("%1 %").arg(f->value->probability);
    return f->error == ErrorCode::OrderClosed ? QString() : u"—"_s;
}

QString QueueModel::probabilityTip(const OrderView& o) const {
    if (!forecasts_) return {};
    if (!forecasts_->available()) return ForecastCache::unavailableReason();
    const OrderForecast* f = forecasts_->find(qs(o.id));
    if (!f) return tr("The forecast for %1 is on its way.").arg(qs(o.id));
    if (!f->value) return f->error == ErrorCode::OrderClosed ? QString() : errorSentence(f->error);
    const ForecastValue& v = *f->value;
    QString tip = tr("Served by %1 with probability %2 % (90 % interval %3–%4 %)")
                      .arg(timeText(v.by))
                      .arg(v.probability)
                      .arg(v.low)
                      .arg(v.high);
    tip += u'\n' + (f->wholeRun ? tr("Forecast with every order queued on this run at once; "
                                     "its options on other runs judged from its place here.")
                                : tr("Forecast of this order alone, its options on other runs "
                                     "simulated too."));
    if (forecasts_->stale(*f))
        tip += u'\n' + tr("Forecast before the last change; a new one follows.");
    // The basis is the engine's English: last, marked as its words.
    if (!v.basis.empty()) tip += u'\n' + DisplayNames::engineDetail(qs(v.basis));
    return tip;
}

QVariant QueueModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal) return {};
    if (role == Qt::ToolTipRole && section == Probability)
        return tr(
            "How likely each order is to be served within %n minute(s) (or before it "
            "expires, if sooner), as the engine forecasts it: for every order of the run at "
            "once, and again on its own for the orders in view. Click to sort.",
            nullptr, ForecastCache::kHorizonMinutes);
    if (role != Qt::DisplayRole) return {};
    switch (section) {
        case Queue:
            return tr("Queue / order");
        case Rank:
            return tr("Rank");
        case Ahead:
            return tr("Ahead");
        case Level:
            return tr("Level");
        case Probability:
            return tr("Probability");
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
        for (std::size_t r = 0; r < queues_[q].rows.size(); ++r)
            if (qs(queues_[q].rows[r].order->id) == id)
                return index(static_cast<int>(r), 0, index(static_cast<int>(q), 0));
    return {};
}

int QueueModel::rowOfQueue(quintptr id) const {
    const auto it = rowOfQueue_.find(id);
    return it == rowOfQueue_.end() ? -1 : it->second;
}

void QueueModel::indexQueues() {
    rowOfQueue_.clear();
    for (std::size_t i = 0; i < queues_.size(); ++i)
        rowOfQueue_[queues_[i].id] = static_cast<int>(i);
}

template <class Stays>
void QueueModel::removeGone(std::size_t qi, const Stays& stays) {
    auto& mine = queues_[qi].rows;
    const QModelIndex parent = index(static_cast<int>(qi), 0);
    for (int r = static_cast<int>(mine.size()) - 1; r >= 0; --r) {
        if (stays(*mine[static_cast<std::size_t>(r)].order)) continue;
        int first = r;
        while (first > 0 && !stays(*mine[static_cast<std::size_t>(first - 1)].order))
            --first;
        beginRemoveRows(parent, first, r);
        mine.erase(mine.begin() + first, mine.begin() + r + 1);
        endRemoveRows();
        r = first;
    }
}

void QueueModel::apply(const SnapshotPtr& snapshot) {
    // Sorted by forecasts, the rows must be in order before orders merge in.
    if (sortColumn_ == Probability && forecastsShown_.isActive()) {
        forecastsShown_.stop();
        showForecasts();
    }
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
        for (const QueuePtr& q : next) {
            ShownQueue shown{q->travelClass, q->from, q->to, q->length,     q->passengers,
                             q->first,       {},      q,     nextQueueId_++};
            shown.rows.reserve(q->orders.size());
            for (std::size_t r = 0; r < q->orders.size(); ++r)
                shown.rows.push_back(listedRow(*q, r));
            queues_.push_back(std::move(shown));
        }
        indexQueues();
        if (!inRankOrder()) sortAll(false);
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
        indexQueues();
        endRemoveRows();
    }
    for (std::size_t i = 0; i < next.size(); ++i) {
        if (i < queues_.size() && keyOf(queues_[i]) == keyOf(*next[i])) continue;
        beginInsertRows({}, static_cast<int>(i), static_cast<int>(i));
        ShownQueue shown;
        shown.travelClass = next[i]->travelClass;
        shown.from = next[i]->from;
        shown.to = next[i]->to;
        shown.id = nextQueueId_++;
        queues_.insert(queues_.begin() + static_cast<long>(i), std::move(shown));
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
        if (queues_[qi].source == next[qi]) continue;
        ShownQueue& shown = queues_[qi];
        // The whole queue's tallies: what waits beyond the rows read, too.
        const bool counted =
            shown.length != next[qi]->length || shown.passengers != next[qi]->passengers;
        shown.length = next[qi]->length;
        shown.passengers = next[qi]->passengers;
        shown.first = next[qi]->first;
        if (counted) changedQueues.push_back(static_cast<int>(qi));
        // The rows point into the queue before until they are moved to this one.
        const QueuePtr previous = std::exchange(shown.source, next[qi]);
        const std::size_t listed = shown.rows.size();
        if (inRankOrder())
            applyRanked(qi, *next[qi]);
        else
            applySorted(qi, *next[qi]);
        // Ranks, passengers ahead and levels may change without a row moving.
        if (!shown.rows.empty()) {
            const QModelIndex parent = index(static_cast<int>(qi), 0);
            emit dataChanged(
                index(0, 0, parent),
                index(static_cast<int>(shown.rows.size()) - 1, ColumnCount - 1, parent),
                {Qt::DisplayRole, Qt::ToolTipRole});
        }
        if (shown.rows.size() != listed && !counted) changedQueues.push_back(static_cast<int>(qi));
    }
    std::sort(changedQueues.begin(), changedQueues.end());
    emitRowRanges(this, changedQueues, ColumnCount - 1,
                  {Qt::DisplayRole, Qt::ToolTipRole, LengthRole});
}

QueueModel::Row QueueModel::listedRow(const QueueView& queue, std::size_t at) {
    return Row{&queue.orders[at], queue.first + static_cast<int>(at) + 1};
}

void QueueModel::applyRanked(std::size_t qi, const QueueView& theirs) {
    auto& mine = queues_[qi].rows;
    const auto& orders = theirs.orders;
    const QModelIndex parent = index(static_cast<int>(qi), 0);
    std::unordered_set<std::string_view> theirIds;
    theirIds.reserve(orders.size());
    for (const OrderView& o : orders)
        theirIds.insert(o.id);
    removeGone(qi, [&theirIds](const OrderView& o) { return theirIds.count(o.id) > 0; });
    for (std::size_t r = 0; r < orders.size();) {
        if (r < mine.size() && mine[r].order->id == orders[r].id) {
            ++r;
            continue;
        }
        std::size_t end = r;
        while (end < orders.size() && (r >= mine.size() || orders[end].id != mine[r].order->id))
            ++end;
        std::vector<Row> joined;
        for (std::size_t k = r; k < end; ++k)
            joined.push_back(listedRow(theirs, k));
        beginInsertRows(parent, static_cast<int>(r), static_cast<int>(end) - 1);
        mine.insert(mine.begin() + static_cast<long>(r), joined.begin(), joined.end());
        endInsertRows();
        r = end;
    }
    // Only when a queue broke its own order (a server's mistake): rows left over.
    if (mine.size() > orders.size()) {
        beginRemoveRows(parent, static_cast<int>(orders.size()), static_cast<int>(mine.size()) - 1);
        mine.resize(orders.size());
        endRemoveRows();
    }
    for (std::size_t r = 0; r < mine.size(); ++r)
        mine[r] = listedRow(theirs, r);
}

void QueueModel::setForecasts(const ForecastCache* forecasts) {
    if (forecasts_) disconnect(forecasts_, nullptr, this, nullptr);
    forecasts_ = forecasts;
    if (forecasts_)
        connect(forecasts_, &ForecastCache::changed, this, &QueueModel::onForecastsChanged);
    onForecastsChanged();
}

void QueueModel::onForecastsChanged() {
    if (!forecastsShown_.isActive()) forecastsShown_.start();
}

void QueueModel::showForecasts() {
    for (int q = 0; q < rowCount(); ++q) {
        const QModelIndex parent = index(q, 0);
        const int n = rowCount(parent);
        if (n > 0)
            emit dataChanged(index(0, Probability, parent), index(n - 1, Probability, parent),
                             {Qt::DisplayRole, Qt::ToolTipRole, ProbabilityRole});
    }
    if (sortColumn_ == Probability) sortAll();
}

// Rank and level grow with the rank: sorted up by them, the orders are in rank order.
bool QueueModel::inRankOrder() const {
    return sortColumn_ < 0 ||
           ((sortColumn_ == Rank || sortColumn_ == Level) && sortOrder_ == Qt::AscendingOrder);
}

QueueModel::SortKey QueueModel::sortKeyOf(const Row& row) const {
    const OrderView& o = *row.order;
    SortKey k;
    k.rank = row.rank;
    switch (sortColumn_) {
        case Queue:
            k.text = qs(o.id);
            break;
        case Ahead:
            k.number = o.aheadPassengers;
            break;
        case Probability: {
            const std::optional<int> p =
                forecasts_ ? forecasts_->probability(qs(o.id)) : std::nullopt;
            k.known = p.has_value();
            k.number = p.value_or(0);
            break;
        }
        case Passengers:
            for (const std::string& p : o.passengers)
                k.text += qs(p) + u',';
            break;
        case Effective:
            k.number = o.effectiveAt;
            break;
        case Deadline:
            k.number = o.deadline;
            break;
        case Options:
            for (const OrderView::Option& opt : o.options)
                k.text += qs(opt.train) + u' ' + qs(opt.date) + u' ' + qs(opt.travelClass) + u',';
            break;
        default:  // rank order (Rank, Level)
            k.number = row.rank;
            break;
    }
    return k;
}

bool QueueModel::before(const SortKey& a, const SortKey& b) const {
    if (a.known != b.known) return a.known;
    int c = 0;
    if (a.number != b.number)
        c = a.number < b.number ? -1 : 1;
    else if (RunSortModel::naturalLess(a.text, b.text))
        c = -1;
    else if (RunSortModel::naturalLess(b.text, a.text))
        c = 1;
    if (c != 0) return sortOrder_ == Qt::AscendingOrder ? c < 0 : c > 0;
    return a.rank < b.rank;
}

void QueueModel::sort(int column, Qt::SortOrder order) {
    if (column >= ColumnCount) column = -1;
    if (column == sortColumn_ && order == sortOrder_) return;
    sortColumn_ = column;
    sortOrder_ = order;
    sortAll();
}

void QueueModel::sortAll(bool announce) {
    // The keys once per order (a forecast's is a lookup), then a permutation per queue.
    std::vector<std::vector<int>> rowAfter(queues_.size());
    bool changed = false;
    for (std::size_t qi = 0; qi < queues_.size(); ++qi) {
        std::vector<Row>& orders = queues_[qi].rows;
        std::vector<SortKey> keys;
        keys.reserve(orders.size());
        for (const Row& o : orders)
            keys.push_back(sortKeyOf(o));
        std::vector<int> order(orders.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](int x, int y) {
            return before(keys[std::size_t(x)], keys[std::size_t(y)]);
        });
        bool same = true;
        for (std::size_t k = 0; k < order.size() && same; ++k)
            same = order[k] == static_cast<int>(k);
        if (same) continue;
        if (!changed && announce) emit layoutAboutToBeChanged({}, VerticalSortHint);
        changed = true;
        std::vector<Row> sorted;
        sorted.reserve(orders.size());
        rowAfter[qi].resize(orders.size());
        for (std::size_t k = 0; k < order.size(); ++k) {
            sorted.push_back(orders[std::size_t(order[k])]);
            rowAfter[qi][std::size_t(order[k])] = static_cast<int>(k);
        }
        orders = std::move(sorted);
    }
    if (!changed || !announce) return;
    const QModelIndexList from = persistentIndexList();
    QModelIndexList to;
    to.reserve(from.size());
    for (const QModelIndex& i : from) {
        const int q = i.internalId() == kTopLevel ? -1 : rowOfQueue(i.internalId());
        if (q < 0 || rowAfter[std::size_t(q)].empty()) {
            to << i;
            continue;
        }
        to << createIndex(rowAfter[std::size_t(q)][std::size_t(i.row())], i.column(),
                          i.internalId());
    }
    changePersistentIndexList(from, to);
    emit layoutChanged({}, VerticalSortHint);
}

void QueueModel::applySorted(std::size_t qi, const QueueView& theirs) {
    auto& mine = queues_[qi].rows;
    const auto& orders = theirs.orders;
    const QModelIndex parent = index(static_cast<int>(qi), 0);
    std::unordered_map<std::string_view, std::size_t> placeOf;
    placeOf.reserve(orders.size());
    for (std::size_t i = 0; i < orders.size(); ++i)
        placeOf.emplace(orders[i].id, i);
    // Orders that left, in runs of rows.
    removeGone(qi, [&placeOf](const OrderView& o) { return placeOf.count(o.id) > 0; });
    // The others take their new rank (and what follows from it); every key
    // but the rank's is the order's own, so their order among themselves holds.
    std::unordered_set<std::string_view> shown;
    shown.reserve(mine.size());
    for (Row& row : mine) {
        row = listedRow(theirs, placeOf.at(row.order->id));
        shown.insert(row.order->id);
    }
    std::vector<Row> fresh;
    for (std::size_t i = 0; i < orders.size(); ++i)
        if (!shown.count(orders[i].id)) fresh.push_back(listedRow(theirs, i));
    if (fresh.empty()) return;
    // Orders that joined, merged in where they sort, in runs of rows.
    std::vector<SortKey> freshKeys;
    freshKeys.reserve(fresh.size());
    for (const Row& row : fresh)
        freshKeys.push_back(sortKeyOf(row));
    std::vector<int> order(fresh.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int x, int y) {
        return before(freshKeys[std::size_t(x)], freshKeys[std::size_t(y)]);
    });
    std::vector<SortKey> keys;
    keys.reserve(mine.size());
    for (const Row& row : mine)
        keys.push_back(sortKeyOf(row));
    std::size_t pos = 0;
    for (std::size_t j = 0; j < order.size();) {
        const SortKey& first = freshKeys[std::size_t(order[j])];
        while (pos < keys.size() && !before(first, keys[pos]))
            ++pos;
        std::size_t end = j + 1;
        while (end < order.size() &&
               (pos == keys.size() || before(freshKeys[std::size_t(order[end])], keys[pos])))
            ++end;
        std::vector<Row> run;
        std::vector<SortKey> runKeys;
        for (std::size_t k = j; k < end; ++k) {
            run.push_back(fresh[std::size_t(order[k])]);
            runKeys.push_back(freshKeys[std::size_t(order[k])]);
        }
        beginInsertRows(parent, static_cast<int>(pos), static_cast<int>(pos + run.size()) - 1);
        mine.insert(mine.begin() + static_cast<long>(pos), run.begin(), run.end());
        keys.insert(keys.begin() + static_cast<long>(pos), runKeys.begin(), runKeys.end());
        endInsertRows();
        pos += end - j;
        j = end;
    }
}

}  // namespace houbu
