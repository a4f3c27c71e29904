#include "houbu/seat_groups.h"

#include <QAbstractItemModel>

#include "houbu/display_names.h"
#include "houbu/models.h"

namespace houbu {

using namespace Qt::StringLiterals;

QList<SeatGroups::Group> SeatGroups::of(const QAbstractItemModel* seats) {
    QList<Group> groups;
    if (!seats) return groups;
    const int rows = seats->rowCount();
    for (int row = 0; row < rows; ++row) {
        const QModelIndex i = seats->index(row, 0);
        const int car = i.data(SeatGridModel::CarRole).toInt();
        const QString travelClass = i.data(SeatGridModel::ClassRole).toString();
        if (!groups.isEmpty() && groups.last().car == car &&
            groups.last().travelClass == travelClass)
            continue;
        const bool newClass = groups.isEmpty() || groups.last().travelClass != travelClass;
        groups.append({row, car, travelClass, newClass});
    }
    return groups;
}

QString SeatGroups::label(const Group& group) {
    return tr("Car %1 · %2")
        .arg(group.car, 2, 10, QLatin1Char('0'))
        .arg(DisplayNames::travelClass(group.travelClass));
}

}  // namespace houbu
