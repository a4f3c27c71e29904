#pragma once

#include <QDateTime>

#include "houbu/session.h"

class QDateTimeEdit;
#include "houbu/dialogs/operator_dialog.h"

namespace houbu {

// Move the logical clock forward, firing what is due.
class AdvanceClockDialog : public OperatorDialog {
    Q_OBJECT

  public:
    AdvanceClockDialog(Session* session, OperatorContext context, QWidget* parent = nullptr);
    QDateTimeEdit* target() const { return target_; }
    // The next departure of the shown run after the clock (invalid when none).
    QDateTime nextDeparture() const;

  protected:
    QString validate() const override;
    Command buildCommand() const override;
    QString summarize(const QList<EventRecord>& events) const override;

  private:
    QDateTimeEdit* target_ = nullptr;
};

}  // namespace houbu
