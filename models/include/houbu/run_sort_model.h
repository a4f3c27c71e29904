#pragma once
// The trains list in the order the operator asks for: by train (G2 before
// G10), date, stops, seats, load, queued orders or queued passengers.

#include <QSortFilterProxyModel>

namespace houbu {

// Sorts a RunListModel by its SortRole: numbers as numbers, train numbers
// by their digits' value, so that 9 queued orders come before 10.
class RunSortModel : public QSortFilterProxyModel {
    Q_OBJECT

  public:
    explicit RunSortModel(QObject* parent = nullptr);

    // Text with its digit runs compared by value: "G2" < "G10" < "G10a".
    static bool naturalLess(const QString& a, const QString& b);

  protected:
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;
};

}  // namespace houbu
