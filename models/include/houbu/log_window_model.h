#pragma once

#include <QAbstractProxyModel>

namespace houbu {

// A window of at most `capacity` consecutive rows of a flat model (the
// filtered log), so that a view over a day's millions of events keeps state
// for a few thousand rows only: a table view's header holds an entry per row
// and walks them all whenever rows are added.
//
// While following, rows appended to the source join the window and the
// oldest rows leave it. Otherwise the window stays where the reader put it,
// and pages older or newer on request. Any change of the source other than
// an append (a filter changed, the log cleared) resets the window, which
// keeps its place: at the newest rows when following, else at the same first
// row as far as the source still reaches.
class LogWindowModel : public QAbstractProxyModel {
    Q_OBJECT

  public:
    static constexpr int kDefaultCapacity = 10000;

    explicit LogWindowModel(QObject* parent = nullptr, int capacity = kDefaultCapacity);

    void setSourceModel(QAbstractItemModel* source) override;
    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    bool hasChildren(const QModelIndex& parent = {}) const override;
    QModelIndex mapToSource(const QModelIndex& proxy) const override;
    QModelIndex mapFromSource(const QModelIndex& source) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;

    int capacity() const { return capacity_; }
    // The source row of the window's first row, and the source's rows.
    int windowStart() const { return start_; }
    int sourceRows() const;
    bool atNewest() const { return start_ + count_ >= sourceRows(); }
    bool following() const { return following_; }
    // Follow the newest rows (the window moves there at once) or stay put.
    void setFollowing(bool on);

    // Moves the window by up to half its capacity; returns the rows added at
    // the top (older) or removed from the top (newer), so that a view can
    // keep the rows it shows in place. 0 when already at that end.
    int showOlder();
    int showNewer();
    // Moves the window to the first rows, or to the newest and follows them.
    void showOldest();
    void showNewest();

  signals:
    // The window moved or the source grew: a view's "rows a–b of n" changes.
    void extentChanged();

  private:
    void sourceAboutToChange();
    void sourceChanged();
    void sourceRowsInserted(const QModelIndex& parent, int first, int last);
    void sourceDataChanged(const QModelIndex& topLeft, const QModelIndex& bottomRight,
                           const QList<int>& roles);
    // Places the window from start_ and following_ (inside a reset).
    void place();

    int capacity_;
    int start_ = 0;
    int count_ = 0;
    bool following_ = true;
    bool resetting_ = false;
    QList<QMetaObject::Connection> connections_;
};

}  // namespace houbu
