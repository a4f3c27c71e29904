#include "houbu/dialogs/block_dialog.h"

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
#include "houbu/dialogs/interval_picker.h"

namespace houbu {

using namespace Qt::StringLiterals;
using namespace dialog_support;

BlockDialog::BlockDialog(Session* session, OperatorContext context, QWidget* parent)
    : SeatCountingDialog(session, std::move(context), parent) {
    setObjectName(u"blockDialog"_s);
    setWindowTitle(tr("Block quota (预留) — %1").arg(runName()));
    const SeatView* selected = seatByLabel(context_.seat);
    id_ = idEdit(u"Q"_s);
    class_ = classCombo(selected ? qs(selected->travelClass) : QString());
    interval_ = new IntervalPicker(stations(), this);
    byCount_ = new QRadioButton(tr("&Number of seats:"), this);
    byCount_->setObjectName(u"byCount"_s);
    count_ = new QSpinBox(this);
    count_->setObjectName(u"count"_s);
    count_->setRange(1, 100000);
    auto* bySeats = new QRadioButton(tr("E&xplicit seats:"), this);
    bySeats->setObjectName(u"bySeats"_s);
    seats_ = new QLineEdit(this);
    seats_->setObjectName(u"seats"_s);
    seats_->setPlaceholderText(tr("03-01A 03-01B"));
    seats_->setToolTip(tr("Seat labels separated by spaces or commas"));
    auto* group = new QButtonGroup(this);
    group->addButton(byCount_);
    group->addButton(bySeats);
    free_ = new QLabel(this);
    free_->setObjectName(u"free"_s);
    form()->addRow(tr("I&d:"), id_);
    form()->addRow(tr("&Class:"), class_);
    form()->addRow(tr("&Interval:"), interval_);
    form()->addRow(byCount_, count_);
    form()->addRow(bySeats, seats_);
    form()->addRow(tr("Free:"), free_);
    if (selected) {
        bySeats->setChecked(true);
        seats_->setText(qs(selected->label));
        interval_->setInterval(context_.from, context_.to);
    } else {
        byCount_->setChecked(true);
    }
    auto changed = [this] {
        count_->setEnabled(byCount_->isChecked());
        seats_->setEnabled(!byCount_->isChecked());
        QString text = tr("%n seat(s) of this class free over the interval", nullptr,
                          freeSeats(classOf(class_), interval_->from(), interval_->to()));
        const int places = standingFree(classOf(class_), interval_->from(), interval_->to());
        if (places >= 0) text += u"; "_s + tr("%n standing place(s)", nullptr, places);
        free_->setText(text);
        revalidate();
    };
    connect(byCount_, &QRadioButton::toggled, this, changed);
    connect(class_, &QComboBox::currentTextChanged, this, changed);
    connect(interval_, &IntervalPicker::changed, this, changed);
    connect(count_, &QSpinBox::valueChanged, this, &OperatorDialog::revalidate);
    connect(seats_, &QLineEdit::textChanged, this, &OperatorDialog::revalidate);
    changed();
    finish(tr("&Block"));
}

QStringList BlockDialog::seatList() const {
    static const QRegularExpression separators(u"[\\s,;，、]+"_s);
    return seats_->text().split(separators, Qt::SkipEmptyParts);
}

QString BlockDialog::validate() const {
    if (snap().run.train.empty()) return tr("No train is shown: open a scenario or a store first.");
    if (id_->text().trimmed().isEmpty()) return tr("Enter an id for the block.");
    if (classOf(class_).isEmpty()) return tr("This run has no class to block.");
    if (!byCount_->isChecked() && seatList().isEmpty())
        return tr("Enter the seats to block, e.g. 03-01A 03-01B.");
    return {};
}

Command BlockDialog::buildCommand() const {
    Command c = startOnInterval(Op::Block, id_, interval_, class_);
    if (byCount_->isChecked()) {
        c.count = count_->value();
    } else {
        for (const QString& label : seatList()) {
            const SeatView* s = seatByLabel(label);
            c.seats.push_back(s ? s->label : field(label));
        }
    }
    return c;
}

}  // namespace houbu
