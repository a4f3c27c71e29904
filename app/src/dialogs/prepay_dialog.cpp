#include "houbu/dialogs/prepay_dialog.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QCompleter>
#include <QDateTimeEdit>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QSet>
#include <QSettings>
#include <QSpinBox>
#include <QStackedWidget>
#include <QTableWidget>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <functional>
#include <map>

#include "houbu/command.h"
#include "houbu/display_names.h"
#include "houbu/error_sentences.h"

#include "dialog_support.h"

namespace houbu {

using namespace Qt::StringLiterals;
using namespace dialog_support;

PrepayDialog::PrepayDialog(Session* session, OperatorContext context, QWidget* parent)
    : OrderCommandDialog(session, std::move(context), parent, Op::Prepay,
                         tr("Choose the order to prepay.")) {
    setObjectName(u"prepayDialog"_s);
    setWindowTitle(tr("Prepay a waitlist order"));
    QList<QPair<QString, QString>> orders;
    for (const PendingPrepay& p : context_.awaitingPrepay)
        orders.append(
            {p.id, tr("%1, due by %2")
                       .arg(DisplayNames::money(p.prepay), QString(p.payBy).replace(u'T', u' '))});
    // A queued order is prepaid already: only one awaiting prepayment is preselected.
    addOrderChooser(orders, context_.order, false,
                    tr("Orders awaiting prepayment; any order id may be typed"), tr("Prepayment:"),
                    tr("unknown: the engine checks the order"));
    finish(tr("&Prepay"));
}

}  // namespace houbu
