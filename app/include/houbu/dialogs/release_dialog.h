#pragma once

#include "houbu/session.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QRadioButton;
class QStackedWidget;
#include "houbu/dialogs/operator_dialog.h"

namespace houbu {

class IntervalPicker;

// Release (operator): every ticket and block on a seat within an interval,
// with a reason, or a quota block by id.
class ReleaseDialog : public OperatorDialog {
    Q_OBJECT

  public:
    ReleaseDialog(Session* session, OperatorContext context, QWidget* parent = nullptr);

  protected:
    QString validate() const override;
    Command buildCommand() const override;
    QString summarize(const QList<EventRecord>& events) const override;

  private:
    void describe();
    QRadioButton* bySeat_ = nullptr;
    QRadioButton* byBlock_ = nullptr;
    QStackedWidget* pages_ = nullptr;
    QLineEdit* seat_ = nullptr;
    IntervalPicker* interval_ = nullptr;
    QComboBox* reason_ = nullptr;
    QLabel* contents_ = nullptr;
    QComboBox* block_ = nullptr;
};

}  // namespace houbu
