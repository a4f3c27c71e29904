#pragma once

#include <QDateTime>
#include <QDialog>
#include <QJsonObject>
#include <QMessageBox>
#include <QPair>
#include <QPointer>
#include <QSet>
#include <QStringList>

#include "houbu/session.h"

class QButtonGroup;
class QCheckBox;
class QComboBox;
class QDateTimeEdit;
class QDialogButtonBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;
class QSpinBox;
class QStackedWidget;
class QTableWidget;
class QTreeWidget;
class QVBoxLayout;
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
    QJsonObject commandObject() const override;

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
