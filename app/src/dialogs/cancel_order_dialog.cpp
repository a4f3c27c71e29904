#include "houbu/dialogs/cancel_order_dialog.h"

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

CancelOrderDialog::CancelOrderDialog(Session* session, OperatorContext context, QWidget* parent)
    : OrderCommandDialog(session, std::move(context), parent, Op::Cancel,
                         tr("Choose the order to cancel.")) {
    setObjectName(u"cancelOrderDialog"_s);
    setWindowTitle(tr("Cancel a waitlist order"));
    QList<QPair<QString, QString>> orders;
    QSet<QString> listed;
    for (const QueuePtr& q : snap().queues)
        for (const OrderView& o : q->orders) {
            const QString id = qs(o.id);
            if (listed.contains(id)) continue;
            listed.insert(id);
            QStringList names;
            for (const std::string& p : o.passengers)
                names << qs(p);
            orders.append({id, tr("%1 for %2, %3→%4, queued")
                                   .arg(qs(o.user), names.join(u", "_s), qs(o.from), qs(o.to))});
        }
    for (const PendingPrepay& p : context_.awaitingPrepay) {
        if (listed.contains(p.id)) continue;
        listed.insert(p.id);
        orders.append({p.id, tr("awaiting prepayment of %1").arg(DisplayNames::money(p.prepay))});
    }
    addOrderChooser(orders, context_.order, true,
                    tr("Queued orders of the shown run and orders awaiting prepayment; any "
                       "order id may be typed"),
                    tr("Details:"), tr("unknown here: the engine checks the order"));
    finish(tr("&Cancel order"));
    buttonBox()->button(QDialogButtonBox::Cancel)->setText(tr("Close"));
}

}  // namespace houbu
