#pragma once
// Side by side: what `complete` and `exact` do with the same commands on one
// run (orders served, passengers, seat-km of tickets, orders left waiting),
// and which orders only one of them serves. Computed by replaying the journal.

#include <QDialog>
#include <memory>

#include "houbu/analysis.h"

class QLabel;
class QListWidget;
class QTableWidget;

namespace houbu {

class Session;

class PolicyComparisonDialog : public QDialog {
    Q_OBJECT

  public:
    PolicyComparisonDialog(Session* session, const QString& train, const QString& date,
                           QWidget* parent = nullptr);

    QTableWidget* table() const { return table_; }
    // What was compared, or why nothing could be.
    QLabel* heading() const { return heading_; }
    const PolicyComparison* comparison() const { return comparison_.get(); }

  signals:
    void ready();

  private:
    void display(const std::shared_ptr<const PolicyComparison>& comparison, const QString& error);

    QString train_, date_;
    std::shared_ptr<const PolicyComparison> comparison_;
    QLabel* heading_ = nullptr;
    QTableWidget* table_ = nullptr;
    QListWidget* onlyComplete_ = nullptr;
    QListWidget* onlyExact_ = nullptr;
};

}  // namespace houbu
