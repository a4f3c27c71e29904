#include "houbu/dialogs/order_command_dialog.h"

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

OrderCommandDialog::OrderCommandDialog(Session* session, OperatorContext context, QWidget* parent,
                                       Op op, const QString& missing)
    : OperatorDialog(session, std::move(context), parent), op_(op), missing_(missing) {}

void OrderCommandDialog::addOrderChooser(const QList<QPair<QString, QString>>& orders,
                                         const QString& selected, bool typeSelected,
                                         const QString& tooltip, const QString& detailsLabel,
                                         const QString& unknown) {
    order_ = new QComboBox(this);
    order_->setObjectName(u"order"_s);
    order_->setEditable(true);
    order_->setToolTip(tooltip);
    QHash<QString, QString> details;
    for (const auto& [id, description] : orders) {
        details.insert(id, description);
        order_->addItem(id);
    }
    if (!selected.isEmpty() && (typeSelected || details.contains(selected)))
        order_->setCurrentText(selected);
    details_ = new QLabel(this);
    details_->setObjectName(u"details"_s);
    details_->setWordWrap(true);
    form()->addRow(tr("&Order:"), order_);
    form()->addRow(detailsLabel, details_);
    auto describe = [this, details, unknown] {
        details_->setText(details.value(order_->currentText().trimmed(), unknown));
        revalidate();
    };
    connect(order_, &QComboBox::currentTextChanged, this, describe);
    describe();
}

QString OrderCommandDialog::validate() const {
    return order_->currentText().trimmed().isEmpty() ? missing_ : QString();
}

Command OrderCommandDialog::buildCommand() const {
    Command c = start(op_);
    c.id = field(order_->currentText());
    return c;
}

}  // namespace houbu
