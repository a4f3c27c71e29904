#pragma once

#include <QAbstractItemModel>
#include <QHash>
#include <QStringList>
#include <unordered_map>
#include <vector>

#include "houbu/session_types.h"

namespace houbu {

// Top level: one row per queue (class × interval); children: its orders in rank order.
class QueueModel : public QAbstractItemModel {
    Q_OBJECT

  public:
    enum Column {
        Queue,
        Rank,
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
        StepMarkRole,   // step mode: 0 not a candidate, 1 candidate, 2 being decided
        StepOrderRole,  // step mode: 1-based place among the candidates in queue order
        ClassRole,      // the queue's class code (queue rows and their orders)
    };
    Q_ENUM(Column)

    using QAbstractItemModel::QAbstractItemModel;
    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;

    void apply(const SnapshotPtr& snapshot);
    // The index of an order (first queue it is in), invalid when not queued.
    QModelIndex indexOfOrder(const QString& id) const;
    // Step mode: the candidate orders of the pending decision in queue order and
    // the order it decides about (empty lists: no marks).
    void setStepMarks(const QStringList& candidates, const QString& current);

  private:
    static QString keyOf(const QueueView& q);
    QString intervalOf(const QueueView& q) const;
    // The row of the queue with id `id` (order indexes carry it), -1 when gone.
    int rowOfQueue(quintptr id) const;
    void indexQueues();

    QString run_;  // train + date, to detect a change of run
    QStringList stations_;
    std::vector<QueueView> queues_;
    std::vector<QueuePtr> sources_;   // parallel: the snapshot's queue each was last made from
    std::vector<quintptr> queueIds_;  // parallel to queues_
    quintptr nextQueueId_ = 1;
    std::unordered_map<quintptr, int> rowOfQueue_;
    QHash<QString, int> stepCandidates_;  // order id -> 1-based place
    QString stepCurrent_;
};

}  // namespace houbu
