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
#include "houbu/dialogs/order_command_dialog.h"

namespace houbu {

// Prepay a waitlist order: it becomes effective and joins its queues.
class PrepayDialog : public OrderCommandDialog {
    Q_OBJECT

  public:
    PrepayDialog(Session* session, OperatorContext context, QWidget* parent = nullptr);
};

}  // namespace houbu
