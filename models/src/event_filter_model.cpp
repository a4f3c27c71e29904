#include "houbu/event_filter_model.h"

#include "houbu/event_log_model.h"

namespace houbu {

using namespace Qt::StringLiterals;

void EventFilterModel::setKind(const QString& kind) {
    kind_ = kind;
    refilter();
}
void EventFilterModel::setTrain(const QString& train) {
    train_ = train;
    refilter();
}
void EventFilterModel::setOrder(const QString& order) {
    order_ = order;
    refilter();
}
void EventFilterModel::setText(const QString& text) {
    text_ = text;
    refilter();
}
void EventFilterModel::setAuthor(const QString& author) {
    author_ = author.trimmed();
    refilter();
}

void EventFilterModel::refilter() {
    // One layout change, not a removal per range of rows dropped: over a
    // day's log that is hundreds of thousands of signals.
    invalidate();
}

bool EventFilterModel::filterAcceptsRow(int row, const QModelIndex& parent) const {
    // Kind and train come from the log's typed columns, not from parsing
    // the row: a day's log has millions of them.
    const QModelIndex i = sourceModel()->index(row, 0, parent);
    if (!kind_.isEmpty() && i.data(EventLogModel::KindRole).toString() != kind_) return false;
    if (!train_.isEmpty() && i.data(EventLogModel::TrainRole).toString() != train_) return false;
    if (!author_.isEmpty() &&
        !i.data(EventLogModel::AuthorRole).toString().contains(author_, Qt::CaseInsensitive))
        return false;
    if (!order_.isEmpty() && i.data(EventLogModel::OrderRole).toString() != order_ &&
        !i.data(EventLogModel::JsonRole).toByteArray().contains(order_.toUtf8()))
        return false;
    if (!text_.isEmpty() && !QString::fromUtf8(i.data(EventLogModel::JsonRole).toByteArray())
                                 .contains(text_, Qt::CaseInsensitive))
        return false;
    return true;
}

}  // namespace houbu
