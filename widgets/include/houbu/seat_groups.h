#pragma once
// Where the seat grid's cars and classes begin: rows of the grid (or of a
// filter over it) at which the car or the class differs from the row above.
// The grid draws a divider there, and so does the exported seat map.

#include <QCoreApplication>
#include <QList>
#include <QString>

class QAbstractItemModel;

namespace houbu {

class SeatGroups {
    Q_DECLARE_TR_FUNCTIONS(houbu::SeatGroups)

  public:
    struct Group {
        int row = 0;  // the group's first row
        int car = 0;
        QString travelClass;   // the class's code
        bool newClass = true;  // the class differs from the group above (or it is the first)
    };
    // The groups of `seats`, rows in SeatGridModel's roles (CarRole, ClassRole).
    static QList<Group> of(const QAbstractItemModel* seats);
    // "Car 03 · Second class".
    static QString label(const Group& group);
};

}  // namespace houbu
