#pragma once

#include <QAbstractItemModel>
#include <QHash>
#include <QPointer>
#include <QStringList>
#include <QTimer>
#include <unordered_map>
#include <vector>

#include "houbu/session_types.h"

namespace houbu {

class ForecastCache;

// Top level: one row per queue (class × interval); children: its orders in
// rank order, or sorted by a column (sort()): queues keep their order, each
// one's orders are sorted among themselves, equal ones by rank. A long queue
// lists a window of its orders, its first ones at first, and reads more as
// the view scrolls (listMoreRows, listEarlierRows) or jumps to a rank
// (listAround), so a queue of a million orders costs what is shown; a sort
// orders those listed.
class QueueModel : public QAbstractItemModel {
    Q_OBJECT

  public:
    enum Column {
        Queue,
        Rank,
        Probability,  // the engine's forecast (ForecastCache), empty until it came
        Ahead,
        Level,
        Passengers,
        Effective,
        Deadline,
        Options,
        ColumnCount
    };
    enum Role {
        OrderIdRole = Qt::UserRole + 1,
        QueueKeyRole,
        LengthRole,
        GroupSizeRole,
        StepMarkRole,     // step mode: 0 not a candidate, 1 candidate, 2 being decided
        StepOrderRole,    // step mode: 1-based place among the candidates in queue order
        ClassRole,        // the queue's class code (queue rows and their orders)
        ProbabilityRole,  // orders: the forecast probability in percent, null until known
    };
    Q_ENUM(Column)

    explicit QueueModel(QObject* parent = nullptr);
    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    // Whether a queue has orders beyond those listed, or before them.
    // Not canFetchMore(): QTreeView fetches an item's rows whenever it is
    // expanded or laid out, and a queue is to read more only when scrolled.
    bool hasMoreRows(const QModelIndex& queue) const;
    bool hasEarlierRows(const QModelIndex& queue) const;
    // The rank of a queue's first listed order (1 when listed from its head).
    int firstRank(const QModelIndex& queue) const;
    // Asks for the next rows of the queue (moreRowsWanted); they come with
    // a snapshot, as inserted rows.
    void listMoreRows(const QModelIndex& queue);
    // Asks for the rows before the first listed, likewise.
    void listEarlierRows(const QModelIndex& queue);
    // Asks for `rows` orders from the first listed (when more than listed or asked).
    void listRows(const QModelIndex& queue, int rows);
    // Has the queue list the order at `rank`: true when it is listed now,
    // else false and asked for (from the head when near it, else a window
    // of ConsoleSnapshot::kQueueRows around it).
    bool listAround(const QModelIndex& queue, int rank);
    // The most rows one queue lists from the head before a locate shows a
    // window instead, and the most a window grows to as it is scrolled up.
    static constexpr int kMostListed = 20000;
    // The queue with this class and interval (stop indices), invalid when none.
    QModelIndex indexOfQueue(const QString& travelClass, int from, int to) const;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;
    // Sorts each queue's orders by `column` (-1: rank order, the default).
    // Orders without a forecast come last by Probability in both orders.
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;
    int sortColumn() const { return sortColumn_; }

    void apply(const SnapshotPtr& snapshot);
    // Where the Probability column reads its forecasts (null: nothing to show).
    void setForecasts(const ForecastCache* forecasts);
    // The index of an order (first queue it is in), invalid when not queued.
    QModelIndex indexOfOrder(const QString& id) const;
    // Step mode: the candidate orders of the pending decision in queue order and
    // the order it decides about (empty lists: no marks).
    void setStepMarks(const QStringList& candidates, const QString& current);

  signals:
    // A queue is to list `rows` orders from rank `first` + 1 (Session::showQueueRows).
    void moreRowsWanted(const QString& travelClass, int from, int to, int first, int rows);

  private:
    // An order's place under the sort chosen (ties by rank).
    struct SortKey {
        bool known = true;  // false: no forecast yet (last either way)
        qint64 number = 0;
        QString text;
        int rank = 0;
    };
    // A listed order: the snapshot's own, not a copy (a switch of run lists
    // a hundred orders of every queue), and its rank in the whole queue.
    struct Row {
        const OrderView* order = nullptr;
        int rank = 0;
    };
    // A shown queue: its tallies, and its listed orders as rows into
    // `source`, the snapshot's queue they were last read from, which keeps
    // them alive. While a queue is updated its rows point into the queue
    // before and the one after, both alive; then only into the one after.
    struct ShownQueue {
        std::string travelClass;
        int from = 0;
        int to = 0;
        int length = 0;
        int passengers = 0;
        int first = 0;  // the orders ranked before the first listed
        std::vector<Row> rows;
        QueuePtr source;
        quintptr id = 0;  // order indexes name their queue by it, not by row
    };
    // The row of a queue's order `at`, its rank counted from the whole queue's head.
    static Row listedRow(const QueueView& queue, std::size_t at);
    static QString keyOf(const std::string& travelClass, int from, int to);
    static QString keyOf(const ShownQueue& q) { return keyOf(q.travelClass, q.from, q.to); }
    static QString keyOf(const QueueView& q) { return keyOf(q.travelClass, q.from, q.to); }
    // The queue of a top-level index of this model, null for any other index.
    const ShownQueue* queueAt(const QModelIndex& queue) const;
    bool inRankOrder() const;
    SortKey sortKeyOf(const Row& row) const;
    bool before(const SortKey& a, const SortKey& b) const;
    // Lists a changed queue's orders in rank order, as rows removed and inserted.
    void applyRanked(std::size_t queue, const QueueView& theirs);
    // Likewise while sorted by another column than rank.
    void applySorted(std::size_t queue, const QueueView& theirs);
    // Removes the rows of a queue that `stays` turns down, a run of rows at a time.
    template <class Stays>
    void removeGone(std::size_t queue, const Stays& stays);
    // Puts every queue's orders in sort order, as one layout change
    // (announced unless within a reset).
    void sortAll(bool announce = true);
    void onForecastsChanged();
    void showForecasts();
    QString probabilityText(const OrderView& o) const;
    QString probabilityTip(const OrderView& o) const;
    QString intervalOf(const ShownQueue& q) const;
    // The row of the queue with id `id` (order indexes carry it), -1 when gone.
    int rowOfQueue(quintptr id) const;
    void indexQueues();

    QString run_;  // train + date, to detect a change of run
    QStringList stations_;
    std::vector<ShownQueue> queues_;
    quintptr nextQueueId_ = 1;
    std::unordered_map<quintptr, int> rowOfQueue_;
    QHash<QString, int> stepCandidates_;  // order id -> 1-based place
    QString stepCurrent_;
    int sortColumn_ = -1;
    Qt::SortOrder sortOrder_ = Qt::AscendingOrder;
    QPointer<const ForecastCache> forecasts_;
    QTimer forecastsShown_;
};

}  // namespace houbu
