#pragma once

#include <QStringList>

#include "houbu/session.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QRadioButton;
class QSpinBox;
#include "houbu/dialogs/seat_counting_dialog.h"

namespace houbu {

class IntervalPicker;

// Withhold inventory as a quota block (预留).
class BlockDialog : public SeatCountingDialog {
    Q_OBJECT

  public:
    BlockDialog(Session* session, OperatorContext context, QWidget* parent = nullptr);

  protected:
    QString validate() const override;
    Command buildCommand() const override;

  private:
    QStringList seatList() const;
    QLineEdit* id_ = nullptr;
    QComboBox* class_ = nullptr;
    IntervalPicker* interval_ = nullptr;
    QRadioButton* byCount_ = nullptr;
    QSpinBox* count_ = nullptr;
    QLineEdit* seats_ = nullptr;
    QLabel* free_ = nullptr;
};

}  // namespace houbu
