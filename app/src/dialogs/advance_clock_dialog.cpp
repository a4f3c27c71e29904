#include "houbu/dialogs/advance_clock_dialog.h"

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

AdvanceClockDialog::AdvanceClockDialog(Session* session, OperatorContext context, QWidget* parent)
    : OperatorDialog(session, std::move(context), parent) {
    setObjectName(u"advanceClockDialog"_s);
    setWindowTitle(tr("Advance the clock"));
    target_ = new QDateTimeEdit(this);
    target_->setObjectName(u"target"_s);
    target_->setTimeSpec(Qt::UTC);
    target_->setDisplayFormat(u"yyyy-MM-dd HH:mm"_s);
    target_->setCalendarPopup(true);
    target_->setDateTime(clock().addSecs(10 * 60));
    target_->setToolTip(tr("Held tickets, prepayments and deadlines due by then fire in order"));
    auto* now = new QLabel(clock().toString(u"yyyy-MM-dd HH:mm"_s), this);
    now->setObjectName(u"now"_s);
    auto* quick = new QWidget(this);
    auto* quickLayout = new QHBoxLayout(quick);
    quickLayout->setContentsMargins(0, 0, 0, 0);
    const QDateTime departure = nextDeparture();
    struct Quick {
        QString text;
        QString name;
        QDateTime to;
    };
    const Quick buttons[] = {
        {tr("+10 min"), u"plus10"_s, clock().addSecs(10 * 60)},
        {tr("+30 min"), u"plus30"_s, clock().addSecs(30 * 60)},
        {tr("+1 h"), u"plus60"_s, clock().addSecs(60 * 60)},
        {tr("Next &departure"), u"nextDeparture"_s, departure},
    };
    for (const Quick& q : buttons) {
        auto* b = new QPushButton(q.text, quick);
        b->setObjectName(q.name);
        b->setAutoDefault(false);
        b->setEnabled(q.to.isValid());
        if (q.name == u"nextDeparture"_s)
            b->setToolTip(q.to.isValid() ? tr("The shown run's next departure: %1")
                                               .arg(q.to.toString(u"yyyy-MM-dd HH:mm"_s))
                                         : tr("The shown run has no departure after the clock"));
        connect(b, &QPushButton::clicked, this, [this, to = q.to] { target_->setDateTime(to); });
        quickLayout->addWidget(b);
    }
    quickLayout->addStretch(1);
    form()->addRow(tr("Now:"), now);
    form()->addRow(tr("&Move to:"), target_);
    form()->addRow(QString(), quick);
    connect(target_, &QDateTimeEdit::dateTimeChanged, this, &OperatorDialog::revalidate);
    finish(tr("&Advance"), false);
}

QDateTime AdvanceClockDialog::nextDeparture() const {
    const auto now = parseTime(snap().clock.toStdString());
    if (!now) return {};
    Time best = -1;
    for (const StopView& s : snap().run.stops)
        if (s.departure > *now && (best < 0 || s.departure < best)) best = s.departure;
    return best < 0 ? QDateTime() : toDateTime(best);
}

QString AdvanceClockDialog::validate() const {
    return {};  // any time is a command; one before the clock is the engine's to refuse
}

Command AdvanceClockDialog::buildCommand() const {
    Command c;
    c.op = Op::Advance;
    c.at = timeAt(target_->dateTime());
    return c;
}

QString AdvanceClockDialog::summarize(const QList<EventRecord>& events) const {
    return tr("Clock moved to %1: %n event(s) fired.", nullptr, int(events.size()))
        .arg(target_->dateTime().toString(u"yyyy-MM-dd HH:mm"_s));
}

}  // namespace houbu
