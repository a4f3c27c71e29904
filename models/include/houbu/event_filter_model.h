#pragma once

#include <QSortFilterProxyModel>
#include <QString>

#include "houbu/session_types.h"

namespace houbu {

// Filters the log by event kind, train, order and free text.
class EventFilterModel : public QSortFilterProxyModel {
    Q_OBJECT

  public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    void setKind(const QString& kind);      // "" = all
    void setTrain(const QString& train);    // "" = all
    void setOrder(const QString& order);    // "" = all
    void setText(const QString& text);      // case-insensitive, in the event line
    void setAuthor(const QString& author);  // case-insensitive, in who sent the command

  protected:
    bool filterAcceptsRow(int row, const QModelIndex& parent) const override;

  private:
    void refilter();
    QString kind_, train_, order_, text_, author_;
};

}  // namespace houbu
