#include "houbu/seat_grid_model.h"

#include <algorithm>

#include "houbu/display_names.h"
#include "model_text.h"
#include "row_ranges.h"

namespace houbu {

using namespace Qt::StringLiterals;
using namespace model_text;

SeatGridModel::SeatGridModel(QObject* parent) : QAbstractTableModel(parent) {
    clock_.start();
}

int SeatGridModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(seats_.size());
}
int SeatGridModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : std::max(0, static_cast<int>(stations_.size()) - 1);
}

const SeatView* SeatGridModel::seat(int row) const {
    return row >= 0 && row < rowCount() ? &seats_[static_cast<std::size_t>(row)] : nullptr;
}

const HolderView* SeatGridModel::holderAt(int row, int column) const {
    const SeatView* s = seat(row);
    return s ? holderOn(*s, column) : nullptr;
}

QVariant SeatGridModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    const SeatView& s = seats_[static_cast<std::size_t>(index.row())];
    const HolderView* h = holderOn(s, index.column());
    switch (role) {
        case KindRole:
            if (!h) return static_cast<int>(HolderKind::Free);
            switch (h->kind) {
                case HolderView::Kind::Held:
                    return static_cast<int>(HolderKind::Held);
                case HolderView::Kind::Paid:
                    return static_cast<int>(HolderKind::Paid);
                case HolderView::Kind::Served:
                    return static_cast<int>(HolderKind::Served);
                case HolderView::Kind::Block:
                    return static_cast<int>(HolderKind::Block);
            }
            return {};
        case CellRole: {
            if (!h) return 0;
            int cell = 0;
            switch (h->kind) {
                case HolderView::Kind::Held:
                    cell = int(HolderKind::Held);
                    break;
                case HolderView::Kind::Paid:
                    cell = int(HolderKind::Paid);
                    break;
                case HolderView::Kind::Served:
                    cell = int(HolderKind::Served);
                    break;
                case HolderView::Kind::Block:
                    cell = int(HolderKind::Block);
                    break;
            }
            if (h->from == index.column()) cell |= kCellStart;
            if (h->to == index.column() + 1) cell |= kCellEnd;
            return cell;
        }
        case HolderIdRole:
            return h ? qs(h->id) : QString();
        case PassengerRole:
            return h ? qs(h->passenger) : QString();
        case SaleRole:
            return h ? qs(h->sale) : QString();
        case BarStartRole:
            return h && h->from == index.column();
        case BarEndRole:
            return h && h->to == index.column() + 1;
        case IntervalRole:
            return h ? arrow(stations_.value(h->from), stations_.value(h->to))
                     : arrow(stations_.value(index.column()), stations_.value(index.column() + 1));
        case SeatRole:
            return qs(s.label);
        case ClassRole:
            return qs(s.travelClass);
        case CarRole:
            return s.car;
        case ChangedAtRole:
            return changedAt_[static_cast<std::size_t>(index.row())]
                             [static_cast<std::size_t>(index.column())];
        case Qt::DisplayRole:
            if (!h || h->from != index.column()) return {};
            return h->kind == HolderView::Kind::Block ? qs(h->id) : qs(h->passenger);
        case Qt::ToolTipRole: {
            const QString segment =
                arrow(stations_.value(index.column()), stations_.value(index.column() + 1));
            if (!h) return tr("%1 · %2\nFree").arg(qs(s.label), segment);
            const QString interval = arrow(stations_.value(h->from), stations_.value(h->to));
            switch (h->kind) {
                case HolderView::Kind::Block:
                    return tr("%1 · %2\nQuota block %3").arg(qs(s.label), interval, qs(h->id));
                case HolderView::Kind::Held:
                    return tr("%1 · %2\nTicket %3, held until %4\nPassenger %5\nSale %6")
                        .arg(qs(s.label), interval, qs(h->id), timeText(h->payBy), qs(h->passenger),
                             qs(h->sale));
                case HolderView::Kind::Paid:
                    return tr("%1 · %2\nTicket %3, paid\nPassenger %4\nSale %5")
                        .arg(qs(s.label), interval, qs(h->id), qs(h->passenger), qs(h->sale));
                case HolderView::Kind::Served: {
                    QString text =
                        tr("%1 · %2\nTicket %3, served from the waitlist\nPassenger %4\nOrder "
                           "%5")
                            .arg(qs(s.label), interval, qs(h->id), qs(h->passenger), qs(h->sale));
                    if (h->legs.empty()) return text;
                    // 同车换座: the whole journey, leg by leg.
                    text += u'\n' + tr("Changes seat (同车换座), %n change(s):", nullptr,
                                       static_cast<int>(h->legs.size()) - 1);
                    for (const LegView& leg : h->legs)
                        text += u"\n  "_s + qs(leg.seat) + u"  "_s +
                                arrow(stations_.value(leg.from), stations_.value(leg.to));
                    return text;
                }
            }
            return {};
        }
    }
    return {};
}

QVariant SeatGridModel::headerData(int section, Qt::Orientation o, int role) const {
    if (role == Qt::DisplayRole) {
        if (o == Qt::Horizontal)
            return QString(stations_.value(section) + u"\n\u2192 "_s +
                           stations_.value(section + 1));
        const SeatView* s = seat(section);
        return s ? qs(s->label) : QVariant();
    }
    if (role == Qt::ToolTipRole && o == Qt::Vertical) {
        const SeatView* s = seat(section);
        return s ? tr("Seat %1, car %2, %3")
                       .arg(qs(s->label))
                       .arg(s->car)
                       .arg(DisplayNames::travelClass(s->travelClass))
                 : QVariant();
    }
    return {};
}

void SeatGridModel::apply(const SnapshotPtr& snapshot) {
    applySeats(snapshot);
    applyStanding(snapshot);
}

const ClassView* SeatGridModel::standingOf(const QString& travelClass) const {
    for (const ClassView& c : standing_)
        if (qs(c.name) == travelClass) return &c;
    return nullptr;
}

void SeatGridModel::applyStanding(const SnapshotPtr& snapshot) {
    std::vector<ClassView> next;
    for (const ClassView& c : snapshot->run.classDetails)
        if (c.standingPlaces > 0) next.push_back(c);
    const bool same = std::equal(next.begin(), next.end(), standing_.begin(), standing_.end(),
                                 [](const ClassView& a, const ClassView& b) {
                                     return a.name == b.name &&
                                            a.standingPlaces == b.standingPlaces &&
                                            a.standingLoad == b.standingLoad;
                                 });
    if (same) return;
    standing_ = std::move(next);
    emit standingChanged();
}

void SeatGridModel::applySeats(const SnapshotPtr& snapshot) {
    QStringList stations;
    for (const StopView& stop : snapshot->run.stops)
        stations << qs(stop.station);
    const QString train = qs(snapshot->run.train), date = qs(snapshot->run.date);
    const auto& next = snapshot->seats;

    // Seats are only ever added (加挂); old labels must appear in order in the new list.
    bool sameRun = train == train_ && date == date_ && stations == stations_;
    std::size_t j = 0;
    if (sameRun) {
        for (std::size_t i = 0; i < next.size() && j < seats_.size(); ++i)
            if (next[i].label == seats_[j].label) ++j;
        sameRun = j == seats_.size();
    }
    if (!sameRun) {
        beginResetModel();
        train_ = train;
        date_ = date;
        stations_ = stations;
        seats_ = next;
        changedAt_.assign(
            seats_.size(),
            std::vector<qint64>(
                static_cast<std::size_t>(std::max<qsizetype>(0, stations.size() - 1)), 0));
        rowOfSeat_.clear();
        for (std::size_t i = 0; i < seats_.size(); ++i)
            rowOfSeat_.insert(qs(seats_[i].label), int(i));
        endResetModel();
        return;
    }

    const qint64 stamp = now();
    const std::size_t columns = static_cast<std::size_t>(columnCount());
    // Insert new seats (an added car) where they fall in seat order, as row insertions.
    for (std::size_t i = 0; i < next.size();) {
        if (i < seats_.size() && seats_[i].label == next[i].label) {
            ++i;
            continue;
        }
        std::size_t end = i;
        while (end < next.size() && (i >= seats_.size() || next[end].label != seats_[i].label))
            ++end;
        beginInsertRows({}, static_cast<int>(i), static_cast<int>(end) - 1);
        seats_.insert(seats_.begin() + static_cast<long>(i), next.begin() + static_cast<long>(i),
                      next.begin() + static_cast<long>(end));
        changedAt_.insert(changedAt_.begin() + static_cast<long>(i), end - i,
                          std::vector<qint64>(columns, stamp));
        endInsertRows();
        i = end;
    }
    rowOfSeat_.clear();
    for (std::size_t i = 0; i < seats_.size(); ++i)
        rowOfSeat_.insert(qs(seats_[i].label), int(i));

    std::vector<int> changed;
    for (std::size_t r = 0; r < next.size(); ++r) {
        if (sameHolders(seats_[r], next[r])) continue;
        for (std::size_t c = 0; c < columns; ++c) {
            const HolderView* a = holderOn(seats_[r], static_cast<int>(c));
            const HolderView* b = holderOn(next[r], static_cast<int>(c));
            if ((a == nullptr) != (b == nullptr) || (a && !sameHolder(*a, *b)))
                changedAt_[r][c] = stamp;
        }
        seats_[r] = next[r];
        changed.push_back(static_cast<int>(r));
    }
    emitRowRanges(this, changed, static_cast<int>(columns) - 1,
                  {Qt::DisplayRole, Qt::ToolTipRole, KindRole, HolderIdRole, PassengerRole,
                   SaleRole, BarStartRole, BarEndRole, IntervalRole, ChangedAtRole, CellRole});
}

}  // namespace houbu
