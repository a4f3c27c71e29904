#pragma once

#include <QAbstractProxyModel>
#include <vector>

#include "houbu/log_filter.h"

namespace houbu {

class EventLogModel;

// The log's rows that pass a LogFilter, in order. Unfiltered it is the log
// itself and holds nothing per row (a day's log has millions); filtered it
// holds the matching rows' numbers, found by the log from its typed columns
// and its packed lines (EventLogModel::rowsMatching). Appended rows are
// tested as they come; a changed filter resets the model.
class EventFilterModel : public QAbstractProxyModel {
    Q_OBJECT

  public:
    using QAbstractProxyModel::QAbstractProxyModel;

    // REQUIRES: an EventLogModel (or null).
    void setSourceModel(QAbstractItemModel* source) override;
    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    bool hasChildren(const QModelIndex& parent = {}) const override;
    QModelIndex mapToSource(const QModelIndex& proxy) const override;
    QModelIndex mapFromSource(const QModelIndex& source) const override;

    void setKind(const QString& kind);      // "" = all
    void setTrain(const QString& train);    // "" = all
    void setOrder(const QString& order);    // "" = all
    void setText(const QString& text);      // case-insensitive, in the event line
    void setAuthor(const QString& author);  // case-insensitive, in who sent the command
    const LogFilter& filter() const { return filter_; }
    void setFilter(const LogFilter& filter);

    // Bytes held for the matching rows (0 unfiltered).
    std::size_t memoryBytes() const { return rows_.capacity() * sizeof(int); }

  private:
    void sourceRowsInserted(const QModelIndex& parent, int first, int last);
    void sourceDataChanged(const QModelIndex& topLeft, const QModelIndex& bottomRight,
                           const QList<int>& roles);
    // Finds the matching rows again (inside a reset).
    void match();

    EventLogModel* log_ = nullptr;
    LogFilter filter_;
    bool filtering_ = false;
    int identityRows_ = 0;   // unfiltered: the log's rows as this model has announced them
    std::vector<int> rows_;  // filtered: the matching rows of the log, rising
    QList<QMetaObject::Connection> connections_;
};

}  // namespace houbu
