#pragma once
// The shown run's live standing tickets (无座): they have no seat, so the grid
// shows only their load per segment; this model lists them one per row.
//
// Update discipline: tickets come and go in creation order, so a snapshot is
// applied as removals of the tickets gone, insertions of the new ones at the
// end and dataChanged for a ticket whose status changed (held → paid).

#include <QAbstractTableModel>
#include <QStringList>
#include <vector>

#include "houbu/session_types.h"

namespace houbu {

class StandingTicketModel : public QAbstractTableModel {
    Q_OBJECT

  public:
    enum Column { Ticket, Passenger, Class, Interval, Status, Sale, ColumnCount };
    enum Role {
        TicketRole = Qt::UserRole + 1,
        ClassRole,  // the class's code
        FromRole,   // stop index
        ToRole,
    };
    Q_ENUM(Column)

    using QAbstractTableModel::QAbstractTableModel;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;

    void apply(const SnapshotPtr& snapshot);

  private:
    QString run_;  // train + date: another run resets the model
    QStringList stations_;
    std::vector<StandingTicketView> tickets_;
};

}  // namespace houbu
