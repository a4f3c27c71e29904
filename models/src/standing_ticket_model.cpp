#include "houbu/standing_ticket_model.h"

#include <algorithm>

#include "houbu/display_names.h"

namespace houbu {

using namespace Qt::StringLiterals;

namespace {

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

}  // namespace

int StandingTicketModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(tickets_.size());
}

int StandingTicketModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant StandingTicketModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    const StandingTicketView& t = tickets_[static_cast<std::size_t>(index.row())];
    switch (role) {
        case TicketRole:
            return qs(t.ticket);
        case ClassRole:
            return qs(t.travelClass);
        case FromRole:
            return t.from;
        case ToRole:
            return t.to;
        case Qt::DisplayRole:
            switch (index.column()) {
                case Ticket:
                    return qs(t.ticket);
                case Passenger:
                    return qs(t.passenger);
                case Class:
                    return DisplayNames::travelClass(t.travelClass);
                case Interval:
                    return QString(stations_.value(t.from) + u"\u2192"_s + stations_.value(t.to));
                case Status:
                    return DisplayNames::holder(t.held     ? HolderView::Kind::Held
                                                : t.served ? HolderView::Kind::Served
                                                           : HolderView::Kind::Paid);
                case Sale:
                    return qs(t.sale);
            }
            return {};
    }
    return {};
}

QVariant StandingTicketModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
        case Ticket:
            return tr("Ticket");
        case Passenger:
            return tr("Passenger");
        case Class:
            return tr("Class");
        case Interval:
            return tr("Interval");
        case Status:
            return tr("Status");
        case Sale:
            return tr("Sale or order");
    }
    return {};
}

void StandingTicketModel::apply(const SnapshotPtr& snapshot) {
    const QString run = qs(snapshot->run.train) + u' ' + qs(snapshot->run.date);
    QStringList stations;
    for (const StopView& stop : snapshot->run.stops)
        stations << qs(stop.station);
    const auto& next = snapshot->standingTickets;
    if (run != run_ || stations != stations_) {
        beginResetModel();
        run_ = run;
        stations_ = stations;
        tickets_ = next;
        endResetModel();
        return;
    }
    // Tickets gone (refunded, expired, rescheduled): removed, from the last up.
    for (int row = static_cast<int>(tickets_.size()) - 1; row >= 0; --row) {
        const std::string& id = tickets_[static_cast<std::size_t>(row)].ticket;
        const bool kept = std::any_of(next.begin(), next.end(),
                                      [&](const StandingTicketView& t) { return t.ticket == id; });
        if (kept) continue;
        beginRemoveRows({}, row, row);
        tickets_.erase(tickets_.begin() + row);
        endRemoveRows();
    }
    // What is left keeps its order; new tickets follow it, in creation order.
    const bool aligned = tickets_.size() <= next.size() &&
                         std::equal(tickets_.begin(), tickets_.end(), next.begin(),
                                    [](const StandingTicketView& a, const StandingTicketView& b) {
                                        return a.ticket == b.ticket;
                                    });
    if (!aligned) {
        beginResetModel();
        tickets_ = next;
        endResetModel();
        return;
    }
    for (std::size_t i = 0; i < tickets_.size() && i < next.size(); ++i) {
        StandingTicketView& t = tickets_[i];
        if (t.held == next[i].held && t.served == next[i].served) continue;
        t = next[i];
        const int row = static_cast<int>(i);
        emit dataChanged(index(row, 0), index(row, ColumnCount - 1), {Qt::DisplayRole});
    }
    if (next.size() > tickets_.size()) {
        beginInsertRows({}, static_cast<int>(tickets_.size()), static_cast<int>(next.size()) - 1);
        tickets_.insert(tickets_.end(), next.begin() + static_cast<long>(tickets_.size()),
                        next.end());
        endInsertRows();
    }
}

}  // namespace houbu
