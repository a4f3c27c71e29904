#pragma once

#include <QAbstractItemModel>
#include <vector>

#include "houbu/session_types.h"

namespace houbu {

class RunListModel : public QAbstractTableModel {
    Q_OBJECT

  public:
    enum Column {
        Train,
        Date,
        Stops,
        Seats,
        Load,
        Queued,
        Passengers,
        FreeSeats,     // seats free on an average segment
        Pressure,      // queued passengers per such free seat
        LongestQueue,  // orders in the run's longest queue
        ColumnCount
    };
    enum Role {
        TrainRole = Qt::UserRole + 1,
        DateRole,
        LoadFactorRole,
        QueuedRole,
        QueuedPassengersRole,
        // The column's value to sort by: text for train and date, numbers elsewhere.
        SortRole,
    };
    // Queued passengers per free seat on an average segment: infinite when
    // passengers wait and no seat is free, 0 when nobody waits.
    static double pressure(const RunSummary& run);
    static double freeSeatsPerSegment(const RunSummary& run);
    Q_ENUM(Column)

    using QAbstractTableModel::QAbstractTableModel;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;

    void apply(const SnapshotPtr& snapshot);

  private:
    std::vector<RunSummary> runs_;
};

}  // namespace houbu
