#include "houbu/dialogs/define_train_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTime>
#include <algorithm>
#include <map>

#include "dialog_support.h"
#include "houbu/display_names.h"
#include "houbu/time.h"

namespace houbu {

using namespace Qt::StringLiterals;
using namespace dialog_support;

namespace {

// "HH:MM" of a logical time, empty when the stop has none.
QString clockOf(Time t) {
    return t < 0 ? QString() : qs(formatTime(t)).mid(11, 5);
}

bool isWholeNumber(const QString& text) {
    bool ok = false;
    text.toInt(&ok);
    return ok;
}

bool isNumber(const QString& text) {
    bool ok = false;
    text.toDouble(&ok);
    return ok;
}

// A time of day typed in a cell: empty (none) or HH:MM.
bool isClockOrEmpty(const QString& text) {
    return text.isEmpty() || parseClockTime(text.toStdString()).has_value();
}

QTableWidget* table(const QStringList& headers, const QString& name, QWidget* parent) {
    auto* t = new QTableWidget(0, int(headers.size()), parent);
    t->setObjectName(name);
    t->setHorizontalHeaderLabels(headers);
    t->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setSelectionMode(QAbstractItemView::SingleSelection);
    t->setTabKeyNavigation(false);
    t->verticalHeader()->setDefaultSectionSize(t->fontMetrics().height() + 10);
    t->setMinimumHeight((t->fontMetrics().height() + 10) * 4 +
                        t->horizontalHeader()->sizeHint().height());
    return t;
}

// Add and Remove buttons under a table.
QWidget* rowButtons(QTableWidget* t, QWidget* parent, const QString& add, const QString& remove) {
    auto* w = new QWidget(parent);
    auto* l = new QHBoxLayout(w);
    l->setContentsMargins(0, 0, 0, 0);
    auto* a = new QPushButton(add, w);
    auto* r = new QPushButton(remove, w);
    a->setObjectName(t->objectName() + u"Add"_s);
    r->setObjectName(t->objectName() + u"Remove"_s);
    l->addWidget(a);
    l->addWidget(r);
    l->addStretch(1);
    QObject::connect(a, &QPushButton::clicked, t, [t] {
        appendRow(t, {});
        t->setCurrentCell(t->rowCount() - 1, 0);
    });
    QObject::connect(r, &QPushButton::clicked, t, [t] {
        const int row = t->currentRow();
        if (row >= 0) t->removeRow(row);
    });
    return w;
}

}  // namespace

DefineTrainDialog::DefineTrainDialog(Session* session, OperatorContext context, QWidget* parent)
    : OperatorDialog(session, std::move(context), parent) {
    setObjectName(u"defineTrainDialog"_s);
    setWindowTitle(tr("Define train"));
    train_ = new QLineEdit(this);
    train_->setObjectName(u"train"_s);
    train_->setToolTip(tr("The train number of the new run, e.g. G4913"));
    date_ = new QLineEdit(this);
    date_->setObjectName(u"date"_s);
    date_->setPlaceholderText(u"YYYY-MM-DD"_s);
    added_ = new QCheckBox(tr("&Added train (加开)"), this);
    added_->setObjectName(u"added"_s);
    added_->setToolTip(
        tr("Offered to the waitlist orders that accept added trains leaving "
           "within their window; its seats go to them first"));
    added_->setChecked(true);
    policy_ = new QComboBox(this);
    policy_->setObjectName(u"policy"_s);
    policy_->addItem(tr("complete (any freed interval serves the earliest order it can)"),
                     u"complete"_s);
    policy_->addItem(tr("exact (a release serves only orders of exactly its interval)"),
                     u"exact"_s);
    holdMinutes_ = new QSpinBox(this);
    holdMinutes_->setObjectName(u"holdMinutes"_s);
    holdMinutes_->setRange(0, 100'000);
    holdMinutes_->setValue(30);
    holdMinutes_->setSuffix(tr(" min"));
    holdMinutes_->setToolTip(tr("How long a held ticket may wait for payment"));
    form()->addRow(tr("Trai&n:"), train_);
    form()->addRow(tr("Dat&e:"), date_);
    form()->addRow(QString(), added_);
    form()->addRow(tr("&Policy:"), policy_);
    form()->addRow(tr("&Hold:"), holdMinutes_);

    stops_ = table({tr("Station"), tr("km"), tr("Arrives"), tr("Departs")}, u"stops"_s, this);
    stops_->setToolTip(
        tr("Stops in order; times HH:MM (a time earlier than the stop before "
           "means the next day)"));
    auto* stopsLabel = new QLabel(tr("&Stops:"), this);
    stopsLabel->setBuddy(stops_);
    contentLayout()->addWidget(stopsLabel);
    contentLayout()->addWidget(stops_, 1);
    contentLayout()->addWidget(rowButtons(stops_, this, tr("Add stop"), tr("Remove stop")));
    auto* shiftRow = new QWidget(this);
    auto* shiftLayout = new QHBoxLayout(shiftRow);
    shiftLayout->setContentsMargins(0, 0, 0, 0);
    auto* shift = new QSpinBox(shiftRow);
    shift->setObjectName(u"shift"_s);
    shift->setRange(-720, 720);
    shift->setSingleStep(10);
    shift->setValue(30);
    shift->setSuffix(tr(" min"));
    auto* shiftButton = new QPushButton(tr("Shift ti&mes"), shiftRow);
    shiftButton->setObjectName(u"shiftTimes"_s);
    shiftButton->setToolTip(tr("Move every stop's times by this many minutes"));
    shiftLayout->addWidget(shift);
    shiftLayout->addWidget(shiftButton);
    shiftLayout->addStretch(1);
    contentLayout()->addWidget(shiftRow);
    connect(shiftButton, &QPushButton::clicked, this,
            [this, shift] { shiftTimes(shift->value()); });

    cars_ = table({tr("Car"), tr("Class"), tr("Rows"), tr("Layout"), tr("Standing places"),
                   tr("Fare (yuan/km)")},
                  u"cars"_s, this);
    cars_->setToolTip(
        tr("A car's standing places add to its class's; a class's fare is the "
           "first one given for it (empty: none)"));
    auto* carsLabel = new QLabel(tr("&Cars:"), this);
    carsLabel->setBuddy(cars_);
    contentLayout()->addWidget(carsLabel);
    contentLayout()->addWidget(cars_, 1);
    contentLayout()->addWidget(rowButtons(cars_, this, tr("Add car"), tr("Remove car")));

    copyShownRun();
    for (QLineEdit* e : {train_, date_})
        connect(e, &QLineEdit::textChanged, this, &OperatorDialog::revalidate);
    connect(added_, &QCheckBox::toggled, this, &OperatorDialog::revalidate);
    connect(policy_, &QComboBox::currentIndexChanged, this, &OperatorDialog::revalidate);
    connect(holdMinutes_, &QSpinBox::valueChanged, this, &OperatorDialog::revalidate);
    for (QTableWidget* t : {stops_, cars_}) {
        connect(t, &QTableWidget::itemChanged, this, &OperatorDialog::revalidate);
        connect(t->model(), &QAbstractItemModel::rowsRemoved, this, &OperatorDialog::revalidate);
        connect(t->model(), &QAbstractItemModel::rowsInserted, this, &OperatorDialog::revalidate);
    }
    setMinimumSize(620, 640);
    finish(tr("&Define train"));
}

void DefineTrainDialog::copyShownRun() {
    const RunView& run = snap().run;
    if (run.train.empty()) return;
    // The shown number with the first letter that no run of that date has.
    QString train;
    for (char suffix = 'A'; suffix <= 'Z' && train.isEmpty(); ++suffix) {
        const std::string candidate = run.train + suffix;
        const bool taken = std::any_of(
            snap().runs.begin(), snap().runs.end(),
            [&](const RunSummary& r) { return r.train == candidate && r.date == run.date; });
        if (!taken) train = qs(candidate);
    }
    train_->setText(train);
    date_->setText(qs(run.date));
    policy_->setCurrentIndex(run.exactPolicy ? 1 : 0);
    holdMinutes_->setValue(run.holdMinutes);
    for (const StopView& s : run.stops)
        appendRow(stops_,
                  {qs(s.station), QString::number(s.km), clockOf(s.arrival), clockOf(s.departure)});
    std::map<std::string, int> standing;
    for (const ClassView& c : run.classDetails)
        standing[c.name] = c.standingPlaces;
    for (const CarView& c : run.cars) {
        // A class's standing places go with its first car.
        const int places = std::exchange(standing[c.travelClass], 0);
        appendRow(cars_, {QString::number(c.number), qs(c.travelClass), QString::number(c.rows),
                          qs(c.layout), places > 0 ? QString::number(places) : QString()});
    }
}

void DefineTrainDialog::shiftTimes(int minutes) {
    for (int row = 0; row < stops_->rowCount(); ++row)
        for (int column : {int(Arrival), int(Departure)}) {
            const QTime t = QTime::fromString(tableCell(stops_, row, column), u"HH:mm"_s);
            if (!t.isValid()) continue;
            stops_->item(row, column)->setText(t.addSecs(minutes * 60).toString(u"HH:mm"_s));
        }
}

QString DefineTrainDialog::validate() const {
    if (train_->text().trimmed().isEmpty()) return tr("Enter the train number.");
    if (date_->text().trimmed().isEmpty()) return tr("Enter the date, YYYY-MM-DD.");
    for (int row = 0; row < stops_->rowCount(); ++row) {
        if (tableCell(stops_, row, Station).isEmpty())
            return tr("Stop %1 has no station.").arg(row + 1);
        if (tableCell(stops_, row, Km).isEmpty()) return tr("Stop %1 has no km.").arg(row + 1);
        if (!isNumber(tableCell(stops_, row, Km)))
            return tr("Stop %1: the km must be a number.").arg(row + 1);
        if (!isClockOrEmpty(tableCell(stops_, row, Arrival)) ||
            !isClockOrEmpty(tableCell(stops_, row, Departure)))
            return tr("Stop %1: times are written HH:MM, e.g. 08:05.").arg(row + 1);
    }
    for (int row = 0; row < cars_->rowCount(); ++row) {
        for (int column : {int(Car), int(Class), int(Rows), int(Layout)})
            if (tableCell(cars_, row, column).isEmpty())
                return tr("Car row %1 is incomplete: it needs a number, class, rows and layout.")
                    .arg(row + 1);
        const QString standing = tableCell(cars_, row, Standing);
        const QString fare = tableCell(cars_, row, Fare);
        if (!isWholeNumber(tableCell(cars_, row, Car)) ||
            !isWholeNumber(tableCell(cars_, row, Rows)) ||
            (!standing.isEmpty() && !isWholeNumber(standing)) ||
            (!fare.isEmpty() && !isNumber(fare)))
            return tr("Car row %1: the car, rows and standing places are whole numbers, the fare "
                      "a number.")
                .arg(row + 1);
    }
    return {};
}

Command DefineTrainDialog::buildCommand() const {
    Command c = start(Op::Train);
    c.train = field(train_->text());
    c.date = field(date_->text());
    c.added = added_->isChecked();
    for (int row = 0; row < stops_->rowCount(); ++row) {
        StopSpec stop;
        stop.station = tableCell(stops_, row, Station).toStdString();
        stop.km = tableCell(stops_, row, Km).toDouble();
        if (const QString arr = tableCell(stops_, row, Arrival); !arr.isEmpty())
            stop.arrival = parseClockTime(arr.toStdString());
        if (const QString dep = tableCell(stops_, row, Departure); !dep.isEmpty())
            stop.departure = parseClockTime(dep.toStdString());
        c.stops.push_back(std::move(stop));
    }
    for (int row = 0; row < cars_->rowCount(); ++row) {
        const std::string cls = tableCell(cars_, row, Class).toStdString();
        c.cars.push_back({tableCell(cars_, row, Car).toInt(), cls,
                          tableCell(cars_, row, Rows).toInt(),
                          tableCell(cars_, row, Layout).toUpper().toStdString()});
        // A class's standing places add up over its cars; its fare is its first car's.
        if (const QString places = tableCell(cars_, row, Standing); !places.isEmpty()) {
            auto same = std::find_if(c.standingPlaces.begin(), c.standingPlaces.end(),
                                     [&](const auto& entry) { return entry.first == cls; });
            if (same == c.standingPlaces.end())
                c.standingPlaces.emplace_back(cls, places.toInt());
            else
                same->second += places.toInt();
        }
        const QString fare = tableCell(cars_, row, Fare);
        const bool priced = std::any_of(c.fares.begin(), c.fares.end(),
                                        [&](const auto& entry) { return entry.first == cls; });
        if (!fare.isEmpty() && !priced) c.fares.emplace_back(cls, fare.toDouble());
    }
    if (holdMinutes_->value() != 30) c.holdMinutes = holdMinutes_->value();
    if (policy_->currentData().toString() == u"exact"_s) c.policy = Policy::Exact;
    return c;
}

QString DefineTrainDialog::summarize(const QList<EventRecord>& events) const {
    int offered = 0, served = 0;
    for (const EventRecord& e : events) {
        offered += e.event.kind == EventKind::OptionAdded;
        served += e.event.kind == EventKind::WaitlistFulfilled;
    }
    const QString run = train_->text().trimmed() + u' ' + date_->text().trimmed();
    if (!added_->isChecked()) return tr("%1 defined.").arg(run);
    return tr("%1 added (加开): offered to %n waiting order option(s)", nullptr, offered).arg(run) +
           u"; "_s + tr("%n order(s) served from the waitlist.", nullptr, served);
}

}  // namespace houbu
