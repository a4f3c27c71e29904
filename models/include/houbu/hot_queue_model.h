#pragma once
// The day's longest waitlist queues over every run (ConsoleSnapshot::hotQueues),
// for a dispatcher deciding where an added car or train would do most.
//
// Rows keep their place while they stay among the hottest: a queue that
// leaves the ranking is removed, one that enters is appended, the rest change
// in place. A sorting proxy orders them (by default by rank), so the selection
// survives every update.

#include <QAbstractTableModel>
#include <QHash>
#include <vector>

#include "houbu/session_types.h"

namespace houbu {

class HotQueueModel : public QAbstractTableModel {
    Q_OBJECT

  public:
    enum Column { Rank, Train, Date, Class, Interval, Orders, Passengers, FreeSeats, ColumnCount };
    enum Role {
        TrainRole = Qt::UserRole + 1,
        DateRole,
        ClassRole,  // the class's code ("second")
        FromRole,   // stop index
        ToRole,
        SortRole,  // the column's value: numbers as numbers
    };
    Q_ENUM(Column)

    using QAbstractTableModel::QAbstractTableModel;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;

    void apply(const SnapshotPtr& snapshot);

  private:
    struct Row {
        HotQueue queue;
        int rank = 0;
    };
    static QString keyOf(const HotQueue& q);

    std::vector<Row> rows_;
    std::shared_ptr<const std::vector<HotQueue>> shown_;
};

}  // namespace houbu
