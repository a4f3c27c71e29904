#include "houbu/dialogs/waitlist_dialog.h"

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

WaitlistDialog::WaitlistDialog(Session* session, OperatorContext context, QWidget* parent)
    : OperatorDialog(session, std::move(context), parent) {
    setObjectName(u"waitlistDialog"_s);
    setWindowTitle(tr("Waitlist order (候补)"));
    id_ = idEdit(u"W"_s);
    user_ = new QLineEdit(this);
    user_->setObjectName(u"user"_s);
    user_->setPlaceholderText(tr("account, e.g. u1024"));
    passengers_ = passengerTable(1, this);
    passengers_->setHorizontalHeaderLabels({tr("Passenger")});
    QWidget* table = withRowButtons(passengers_, this, [this] {
        if (passengers_->rowCount() < 5) appendRow(passengers_, {});
        revalidate();
    });
    appendRow(passengers_, {});
    interval_ = new IntervalPicker(stations(), this);
    interval_->setToolTip(tr("Stations of the shown run; every option's train must stop there"));

    auto* optionsBox = new QWidget(this);
    auto* optionsLayout = new QGridLayout(optionsBox);
    optionsLayout->setContentsMargins(0, 0, 0, 0);
    run_ = new QComboBox(optionsBox);
    run_->setObjectName(u"run"_s);
    for (const RunSummary& r : snap().runs)
        run_->addItem(qs(r.train) + u' ' + qs(r.date), QStringList{qs(r.train), qs(r.date)});
    run_->setCurrentIndex(std::max(0, run_->findText(runName())));
    class_ = new QComboBox(optionsBox);
    class_->setObjectName(u"optionClass"_s);
    class_->setEditable(true);
    for (const std::string& c : snap().run.classes)
        class_->addItem(DisplayNames::travelClass(c), qs(c));
    auto* add = new QPushButton(tr("Add &option"), optionsBox);
    add->setObjectName(u"addOption"_s);
    add->setAutoDefault(false);
    options_ = new QTreeWidget(optionsBox);
    options_->setObjectName(u"options"_s);
    options_->setRootIsDecorated(false);
    options_->setHeaderLabels({tr("Train"), tr("Date"), tr("Class")});
    options_->header()->setSectionResizeMode(QHeaderView::Stretch);
    options_->setMinimumHeight(fontMetrics().height() * 7);
    options_->setToolTip(tr("In preference order: at most 5 options a date, at most 2 dates"));
    remove_ = new QPushButton(tr("Remove"), optionsBox);
    up_ = new QPushButton(tr("Up"), optionsBox);
    down_ = new QPushButton(tr("Down"), optionsBox);
    for (QPushButton* b : {remove_, up_, down_})
        b->setAutoDefault(false);
    remove_->setObjectName(u"removeOption"_s);
    up_->setObjectName(u"optionUp"_s);
    down_->setObjectName(u"optionDown"_s);
    optionsLayout->addWidget(run_, 0, 0);
    optionsLayout->addWidget(class_, 0, 1);
    optionsLayout->addWidget(add, 0, 2);
    optionsLayout->addWidget(options_, 1, 0, 3, 2);
    optionsLayout->addWidget(remove_, 1, 2);
    optionsLayout->addWidget(up_, 2, 2);
    optionsLayout->addWidget(down_, 3, 2, Qt::AlignTop);
    optionsLayout->setColumnStretch(0, 2);
    optionsLayout->setColumnStretch(1, 1);

    hasDeadline_ = new QCheckBox(tr("Dead&line:"), this);
    hasDeadline_->setObjectName(u"hasDeadline"_s);
    deadline_ = new QDateTimeEdit(this);
    deadline_->setObjectName(u"deadline"_s);
    deadline_->setTimeSpec(Qt::UTC);
    deadline_->setDisplayFormat(u"yyyy-MM-dd HH:mm"_s);
    deadline_->setCalendarPopup(true);
    deadline_->setDateTime(clock().addDays(1));
    deadline_->setEnabled(false);
    deadline_->setToolTip(tr("Not served by then, the order expires and is refunded"));

    form()->addRow(tr("I&d:"), id_);
    form()->addRow(tr("&User:"), user_);
    form()->addRow(tr("&Passengers:"), table);
    form()->addRow(tr("&Interval:"), interval_);
    form()->addRow(tr("Optio&ns:"), optionsBox);
    form()->addRow(hasDeadline_, deadline_);

    acceptStanding_ = new QCheckBox(tr("Accept standin&g (接受无座)"), this);
    acceptStanding_->setObjectName(u"acceptStanding"_s);
    acceptStanding_->setToolTip(
        tr("The order may be served with standing tickets when no seat serves it on an option"));
    form()->addRow(QString(), acceptStanding_);
    seatChange_ = new QComboBox(this);
    seatChange_->setObjectName(u"seatChange"_s);
    seatChange_->addItem(tr("None: one seat for the whole journey"), 0);
    seatChange_->addItem(tr("At most one change of seat"), 1);
    seatChange_->addItem(tr("At most two changes of seat"), 2);
    seatChange_->setToolTip(
        tr("同车换座: when no one seat is free for the whole journey, the passengers may "
           "change seats at intermediate stops, within the class. One seat is always "
           "preferred."));
    form()->addRow(tr("Seat c&hanges:"), seatChange_);
    connect(seatChange_, &QComboBox::currentIndexChanged, this, &OperatorDialog::revalidate);
    newTrains_ = new QCheckBox(tr("Accept added t&rains (接受新增列车) leaving between"), this);
    newTrains_->setObjectName(u"newTrains"_s);
    newTrains_->setToolTip(
        tr("Trains added to the timetable later, on one of the options' dates, "
           "become options of this order when they leave its station in the "
           "window"));
    newTrainsFrom_ = new QDateTimeEdit(this);
    newTrainsTo_ = new QDateTimeEdit(this);
    for (QDateTimeEdit* e : {newTrainsFrom_, newTrainsTo_}) {
        e->setTimeSpec(Qt::UTC);
        e->setDisplayFormat(u"yyyy-MM-dd HH:mm"_s);
        e->setCalendarPopup(true);
        e->setEnabled(false);
        connect(newTrains_, &QCheckBox::toggled, e, &QWidget::setEnabled);
        connect(e, &QDateTimeEdit::dateTimeChanged, this, &OperatorDialog::revalidate);
    }
    newTrainsFrom_->setObjectName(u"newTrainsFrom"_s);
    newTrainsTo_->setObjectName(u"newTrainsTo"_s);
    {
        // The whole day of the shown run by default.
        const QDate day = QDate::fromString(qs(snap().run.date), Qt::ISODate);
        const QDate start = day.isValid() ? day : clock().date();
        newTrainsFrom_->setDateTime(QDateTime(start, QTime(0, 0), Qt::UTC));
        newTrainsTo_->setDateTime(QDateTime(start, QTime(23, 59), Qt::UTC));
    }
    auto* window = new QWidget(this);
    auto* windowLayout = new QHBoxLayout(window);
    windowLayout->setContentsMargins(0, 0, 0, 0);
    windowLayout->addWidget(newTrainsFrom_);
    windowLayout->addWidget(new QLabel(u"–"_s, window));
    windowLayout->addWidget(newTrainsTo_);
    form()->addRow(newTrains_, window);
    connect(acceptStanding_, &QCheckBox::toggled, this, &OperatorDialog::revalidate);
    connect(newTrains_, &QCheckBox::toggled, this, &OperatorDialog::revalidate);

    if (!snap().run.train.empty()) {
        const SeatView* selected = seatByLabel(context_.seat);
        addOption(qs(snap().run.train), qs(snap().run.date),
                  selected ? qs(selected->travelClass) : classOf(class_));
        if (selected) interval_->setInterval(context_.from, context_.to);
    }
    connect(add, &QPushButton::clicked, this, [this] {
        const QStringList run = run_->currentData().toStringList();
        if (run.size() == 2 && !addOption(run[0], run[1], classOf(class_)))
            messageLabel()->setText(tr("This option is listed already."));
    });
    connect(remove_, &QPushButton::clicked, this, [this] {
        delete options_->currentItem();
        updateOptionButtons();
        revalidate();
    });
    connect(up_, &QPushButton::clicked, this, [this] { moveOption(-1); });
    connect(down_, &QPushButton::clicked, this, [this] { moveOption(1); });
    connect(options_, &QTreeWidget::currentItemChanged, this, [this] { updateOptionButtons(); });
    connect(user_, &QLineEdit::textChanged, this, &OperatorDialog::revalidate);
    connect(passengers_, &QTableWidget::itemChanged, this, &OperatorDialog::revalidate);
    connect(passengers_->model(), &QAbstractItemModel::rowsRemoved, this,
            &OperatorDialog::revalidate);
    connect(interval_, &IntervalPicker::changed, this, &OperatorDialog::revalidate);
    connect(hasDeadline_, &QCheckBox::toggled, deadline_, &QWidget::setEnabled);
    connect(hasDeadline_, &QCheckBox::toggled, this, &OperatorDialog::revalidate);
    connect(deadline_, &QDateTimeEdit::dateTimeChanged, this, &OperatorDialog::revalidate);
    updateOptionButtons();
    finish(tr("&Submit"));
}

bool WaitlistDialog::addOption(const QString& train, const QString& date, const QString& cls) {
    for (int i = 0; i < options_->topLevelItemCount(); ++i) {
        const QTreeWidgetItem* item = options_->topLevelItem(i);
        if (item->text(0) == train && item->text(1) == date &&
            item->data(2, Qt::UserRole).toString() == cls)
            return false;
    }
    auto* item = new QTreeWidgetItem(options_, {train, date, DisplayNames::travelClass(cls)});
    item->setData(2, Qt::UserRole, cls);  // the code the command names
    options_->setCurrentItem(item);
    updateOptionButtons();
    revalidate();
    return true;
}

void WaitlistDialog::takeOverSale(const QStringList& passengers, int from, int to,
                                  const QString& travelClass) {
    passengers_->setRowCount(0);
    for (const QString& name : passengers)
        appendRow(passengers_, {name});
    if (passengers_->rowCount() == 0) appendRow(passengers_, {});
    interval_->setInterval(from, to);
    options_->clear();
    addOption(qs(snap().run.train), qs(snap().run.date), travelClass);
    seatChange_->setCurrentIndex(seatChange_->findData(1));
    updateOptionButtons();
    revalidate();
}

void WaitlistDialog::moveOption(int delta) {
    const int i = options_->indexOfTopLevelItem(options_->currentItem());
    const int j = i + delta;
    if (i < 0 || j < 0 || j >= options_->topLevelItemCount()) return;
    QTreeWidgetItem* item = options_->takeTopLevelItem(i);
    options_->insertTopLevelItem(j, item);
    options_->setCurrentItem(item);
    updateOptionButtons();
    revalidate();
}

void WaitlistDialog::updateOptionButtons() {
    const int i = options_->indexOfTopLevelItem(options_->currentItem());
    remove_->setEnabled(i >= 0);
    up_->setEnabled(i > 0);
    down_->setEnabled(i >= 0 && i + 1 < options_->topLevelItemCount());
}

QString WaitlistDialog::validate() const {
    if (id_->text().trimmed().isEmpty()) return tr("Enter an id for the order.");
    if (user_->text().trimmed().isEmpty()) return tr("Enter the user (account) placing the order.");
    if (const QString p = missingNames(tableColumn(passengers_, 0)); !p.isEmpty()) return p;
    if (interval_->from() < 0) return tr("No train is shown: open a scenario or a store first.");
    const int n = options_->topLevelItemCount();
    if (n == 0) return tr("Add at least one option: a train, a date and a class.");
    for (int i = 0; i < n; ++i)
        if (options_->topLevelItem(i)->data(2, Qt::UserRole).toString().isEmpty())
            return tr("Option %1 has no class.").arg(i + 1);
    return {};
}

Command WaitlistDialog::buildCommand() const {
    Command c = start(Op::Waitlist);
    c.id = field(id_->text());
    c.user = field(user_->text());
    for (const QString& name : tableColumn(passengers_, 0))
        c.passengers.push_back(name.toStdString());
    c.from = field(interval_->fromStation());
    c.to = field(interval_->toStation());
    for (int i = 0; i < options_->topLevelItemCount(); ++i) {
        const QTreeWidgetItem* item = options_->topLevelItem(i);
        c.options.push_back({item->text(0).toStdString(), item->text(1).toStdString(),
                             item->data(2, Qt::UserRole).toString().toStdString()});
    }
    if (hasDeadline_->isChecked()) c.deadline = timeAt(deadline_->dateTime());
    c.acceptStanding = acceptStanding_->isChecked();
    c.seatChange = seatChange_->currentData().toInt();
    if (newTrains_->isChecked())
        c.newTrains =
            NewTrainsSpec{timeAt(newTrainsFrom_->dateTime()), timeAt(newTrainsTo_->dateTime()), {}};
    return c;
}

QString WaitlistDialog::summarize(const QList<EventRecord>& events) const {
    for (const EventRecord& e : events)
        if (e.event.kind == EventKind::WaitlistSubmitted)
            return tr("Waitlist order %1 submitted: prepay %2 by %3.")
                .arg(QString::fromStdString(e.event.id),
                     DisplayNames::money(static_cast<double>(e.event.prepayFen) / 100),
                     QString::fromStdString(formatTime(e.event.payBy)).replace(u'T', u' '));
    return OperatorDialog::summarize(events);
}

}  // namespace houbu
