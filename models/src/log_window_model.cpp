#include "houbu/log_window_model.h"

#include <algorithm>

namespace houbu {

LogWindowModel::LogWindowModel(QObject* parent, int capacity)
    : QAbstractProxyModel(parent), capacity_(std::max(2, capacity)) {}

void LogWindowModel::setSourceModel(QAbstractItemModel* source) {
    beginResetModel();
    for (const QMetaObject::Connection& c : connections_)
        disconnect(c);
    connections_.clear();
    QAbstractProxyModel::setSourceModel(source);
    if (source) {
        auto about = [this] { sourceAboutToChange(); };
        auto changed = [this] { sourceChanged(); };
        connections_ = {
            connect(source, &QAbstractItemModel::modelAboutToBeReset, this, about),
            connect(source, &QAbstractItemModel::modelReset, this, changed),
            connect(source, &QAbstractItemModel::layoutAboutToBeChanged, this, about),
            connect(source, &QAbstractItemModel::layoutChanged, this, changed),
            connect(source, &QAbstractItemModel::rowsAboutToBeRemoved, this, about),
            connect(source, &QAbstractItemModel::rowsRemoved, this, changed),
            connect(source, &QAbstractItemModel::rowsAboutToBeMoved, this, about),
            connect(source, &QAbstractItemModel::rowsMoved, this, changed),
            connect(source, &QAbstractItemModel::columnsAboutToBeInserted, this, about),
            connect(source, &QAbstractItemModel::columnsInserted, this, changed),
            connect(source, &QAbstractItemModel::columnsAboutToBeRemoved, this, about),
            connect(source, &QAbstractItemModel::columnsRemoved, this, changed),
            // An insertion anywhere but at the end is a change like the others.
            connect(source, &QAbstractItemModel::rowsAboutToBeInserted, this,
                    [this](const QModelIndex& parent, int first) {
                        if (!parent.isValid() && first < sourceRows()) sourceAboutToChange();
                    }),
            connect(source, &QAbstractItemModel::rowsInserted, this,
                    &LogWindowModel::sourceRowsInserted),
            connect(source, &QAbstractItemModel::dataChanged, this,
                    &LogWindowModel::sourceDataChanged),
            connect(source, &QAbstractItemModel::headerDataChanged, this,
                    &QAbstractItemModel::headerDataChanged),
        };
    }
    place();
    endResetModel();
    emit extentChanged();
}

QModelIndex LogWindowModel::index(int row, int column, const QModelIndex& parent) const {
    if (parent.isValid() || row < 0 || row >= count_ || column < 0 || column >= columnCount())
        return {};
    return createIndex(row, column);
}

QModelIndex LogWindowModel::parent(const QModelIndex&) const {
    return {};
}

int LogWindowModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : count_;
}

int LogWindowModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() || !sourceModel() ? 0 : sourceModel()->columnCount();
}

bool LogWindowModel::hasChildren(const QModelIndex& parent) const {
    return !parent.isValid() && count_ > 0;
}

QModelIndex LogWindowModel::mapToSource(const QModelIndex& proxy) const {
    if (!proxy.isValid() || !sourceModel() || resetting_) return {};
    return sourceModel()->index(start_ + proxy.row(), proxy.column());
}

QModelIndex LogWindowModel::mapFromSource(const QModelIndex& source) const {
    if (!source.isValid() || source.parent().isValid() || resetting_) return {};
    const int row = source.row() - start_;
    return row >= 0 && row < count_ ? index(row, source.column()) : QModelIndex();
}

QVariant LogWindowModel::headerData(int section, Qt::Orientation o, int role) const {
    if (!sourceModel()) return {};
    // Rows are numbered as in the source: the window is a view of it.
    return sourceModel()->headerData(o == Qt::Vertical ? start_ + section : section, o, role);
}

int LogWindowModel::sourceRows() const {
    return sourceModel() ? sourceModel()->rowCount() : 0;
}

void LogWindowModel::setFollowing(bool on) {
    if (on == following_) return;
    following_ = on;
    if (on && !atNewest()) showNewest();
}

void LogWindowModel::place() {
    const int total = sourceRows();
    if (following_)
        start_ = std::max(0, total - capacity_);
    else
        start_ = std::clamp(start_, 0, std::max(0, total - 1));
    count_ = std::min(capacity_, total - start_);
}

void LogWindowModel::sourceAboutToChange() {
    if (resetting_) return;
    beginResetModel();
    resetting_ = true;
}

void LogWindowModel::sourceChanged() {
    if (!resetting_) beginResetModel();
    resetting_ = false;
    place();
    endResetModel();
    emit extentChanged();
}

void LogWindowModel::sourceRowsInserted(const QModelIndex& parent, int first, int last) {
    if (parent.isValid()) return;
    if (resetting_) {
        sourceChanged();
        return;
    }
    const int added = last - first + 1;
    const int end = start_ + count_;
    if (first == end && following_) {
        if (added >= capacity_) {
            beginResetModel();
            place();
            endResetModel();
        } else {
            beginInsertRows({}, count_, count_ + added - 1);
            count_ += added;
            endInsertRows();
            if (count_ > capacity_) {
                const int excess = count_ - capacity_;
                beginRemoveRows({}, 0, excess - 1);
                start_ += excess;
                count_ -= excess;
                endRemoveRows();
            }
        }
    } else if (first == end && count_ < capacity_) {
        // A window with room shows new rows even when not following.
        const int shown = std::min(added, capacity_ - count_);
        beginInsertRows({}, count_, count_ + shown - 1);
        count_ += shown;
        endInsertRows();
    }
    emit extentChanged();
}

void LogWindowModel::sourceDataChanged(const QModelIndex& topLeft, const QModelIndex& bottomRight,
                                       const QList<int>& roles) {
    if (resetting_ || topLeft.parent().isValid()) return;
    const int first = std::max(topLeft.row(), start_) - start_;
    const int last = std::min(bottomRight.row(), start_ + count_ - 1) - start_;
    if (first > last) return;
    emit dataChanged(index(first, topLeft.column()), index(last, bottomRight.column()), roles);
}

int LogWindowModel::showOlder() {
    if (start_ == 0) return 0;
    following_ = false;
    const int added = std::min(start_, capacity_ / 2);
    beginInsertRows({}, 0, added - 1);
    start_ -= added;
    count_ += added;
    endInsertRows();
    if (count_ > capacity_) {
        beginRemoveRows({}, capacity_, count_ - 1);
        count_ = capacity_;
        endRemoveRows();
    }
    emit extentChanged();
    return added;
}

int LogWindowModel::showNewer() {
    const int total = sourceRows();
    const int end = start_ + count_;
    if (end >= total) return 0;
    const int added = std::min(total - end, capacity_ / 2);
    beginInsertRows({}, count_, count_ + added - 1);
    count_ += added;
    endInsertRows();
    int removed = 0;
    if (count_ > capacity_) {
        removed = count_ - capacity_;
        beginRemoveRows({}, 0, removed - 1);
        start_ += removed;
        count_ -= removed;
        endRemoveRows();
    }
    emit extentChanged();
    return removed;
}

void LogWindowModel::showOldest() {
    beginResetModel();
    following_ = false;
    start_ = 0;
    place();
    endResetModel();
    emit extentChanged();
}

void LogWindowModel::showNewest() {
    beginResetModel();
    following_ = true;
    place();
    endResetModel();
    emit extentChanged();
}

}  // namespace houbu
