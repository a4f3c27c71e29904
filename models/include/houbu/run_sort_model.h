#pragma once
// The trains list in the order the operator asks for: by train (G2 before
// G10), date, stops, seats, load, queued orders or queued passengers.

#include <QSortFilterProxyModel>

namespace houbu {

// Sorts a RunListModel (or a HotQueueModel, given its sort role) by its
// SortRole: numbers as numbers, train numbers by their digits' value, so that
// 9 queued orders come before 10. Filters by text in any column (a train, a
// date, a station), and optionally to the runs where orders wait.
class RunSortModel : public QSortFilterProxyModel {
    Q_OBJECT

  public:
    explicit RunSortModel(QObject* parent = nullptr);

    // Rows with `text` in any column, case-insensitively; empty: every row.
    void setFilterText(const QString& text);
    // Only runs with queued orders (RunListModel::QueuedRole > 0).
    void setWaitingOnly(bool waitingOnly);
    bool waitingOnly() const { return waitingOnly_; }

    // Text with its digit runs compared by value: "G2" < "G10" < "G10a".
    static bool naturalLess(const QString& a, const QString& b);

  protected:
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

  private:
    bool waitingOnly_ = false;
};

}  // namespace houbu
