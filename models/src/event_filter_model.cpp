#include "houbu/event_filter_model.h"

#include <algorithm>

#include "houbu/event_log_model.h"

namespace houbu {

void EventFilterModel::setSourceModel(QAbstractItemModel* source) {
    beginResetModel();
    for (const QMetaObject::Connection& c : connections_)
        disconnect(c);
    connections_.clear();
    QAbstractProxyModel::setSourceModel(source);
    log_ = qobject_cast<EventLogModel*>(source);
    Q_ASSERT(log_ || !source);
    if (log_) {
        connections_ = {
            connect(log_, &QAbstractItemModel::modelAboutToBeReset, this,
                    &EventFilterModel::beginResetModel),
            connect(log_, &QAbstractItemModel::modelReset, this,
                    [this] {
                        match();
                        endResetModel();
                    }),
            connect(log_, &QAbstractItemModel::rowsInserted, this,
                    &EventFilterModel::sourceRowsInserted),
            connect(log_, &QAbstractItemModel::dataChanged, this,
                    &EventFilterModel::sourceDataChanged),
        };
    }
    match();
    endResetModel();
}

void EventFilterModel::match() {
    filtering_ = !filter_.empty();
    rows_.clear();
    rows_.shrink_to_fit();
    identityRows_ = 0;
    if (!log_) return;
    if (filtering_)
        rows_ = log_->rowsMatching(filter_, 0, log_->rowCount() - 1);
    else
        identityRows_ = log_->rowCount();
}

void EventFilterModel::sourceRowsInserted(const QModelIndex& parent, int first, int last) {
    if (parent.isValid()) return;
    if (!filtering_) {
        // The log appends only, so its new rows follow the ones announced.
        beginInsertRows({}, identityRows_, identityRows_ + (last - first));
        identityRows_ += last - first + 1;
        endInsertRows();
        return;
    }
    const std::vector<int> more = log_->rowsMatching(filter_, first, last);
    if (more.empty()) return;
    const int at = static_cast<int>(rows_.size());
    beginInsertRows({}, at, at + static_cast<int>(more.size()) - 1);
    rows_.insert(rows_.end(), more.begin(), more.end());
    endInsertRows();
}

void EventFilterModel::sourceDataChanged(const QModelIndex& topLeft, const QModelIndex& bottomRight,
                                         const QList<int>& roles) {
    int first = topLeft.row(), last = bottomRight.row();
    if (filtering_) {
        first =
            static_cast<int>(std::lower_bound(rows_.begin(), rows_.end(), first) - rows_.begin());
        last =
            static_cast<int>(std::upper_bound(rows_.begin(), rows_.end(), last) - rows_.begin()) -
            1;
    } else {
        last = std::min(last, identityRows_ - 1);
    }
    if (first > last) return;
    emit dataChanged(index(first, topLeft.column()), index(last, bottomRight.column()), roles);
}

void EventFilterModel::setFilter(const LogFilter& filter) {
    // One reset, not a removal per range of rows dropped: over a day's log
    // that is hundreds of thousands of signals.
    beginResetModel();
    filter_ = filter;
    match();
    endResetModel();
}

void EventFilterModel::setKind(const QString& kind) {
    LogFilter f = filter_;
    f.kind = kind;
    setFilter(f);
}
void EventFilterModel::setTrain(const QString& train) {
    LogFilter f = filter_;
    f.train = train;
    setFilter(f);
}
void EventFilterModel::setOrder(const QString& order) {
    LogFilter f = filter_;
    f.order = order;
    setFilter(f);
}
void EventFilterModel::setText(const QString& text) {
    LogFilter f = filter_;
    f.text = text;
    setFilter(f);
}
void EventFilterModel::setAuthor(const QString& author) {
    LogFilter f = filter_;
    f.author = author.trimmed();
    setFilter(f);
}

QModelIndex EventFilterModel::index(int row, int column, const QModelIndex& parent) const {
    if (parent.isValid() || row < 0 || row >= rowCount() || column < 0 || column >= columnCount())
        return {};
    return createIndex(row, column);
}

QModelIndex EventFilterModel::parent(const QModelIndex&) const {
    return {};
}

int EventFilterModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid()) return 0;
    return filtering_ ? static_cast<int>(rows_.size()) : identityRows_;
}

int EventFilterModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() || !log_ ? 0 : log_->columnCount();
}

bool EventFilterModel::hasChildren(const QModelIndex& parent) const {
    return !parent.isValid() && rowCount() > 0;
}

QModelIndex EventFilterModel::mapToSource(const QModelIndex& proxy) const {
    if (!proxy.isValid() || !log_) return {};
    const int row = filtering_ ? rows_[static_cast<std::size_t>(proxy.row())] : proxy.row();
    return log_->index(row, proxy.column());
}

QModelIndex EventFilterModel::mapFromSource(const QModelIndex& source) const {
    if (!source.isValid()) return {};
    if (!filtering_) return index(source.row(), source.column());
    const auto it = std::lower_bound(rows_.begin(), rows_.end(), source.row());
    if (it == rows_.end() || *it != source.row()) return {};
    return index(static_cast<int>(it - rows_.begin()), source.column());
}

}  // namespace houbu
