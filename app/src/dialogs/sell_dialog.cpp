#include "houbu/dialogs/sell_dialog.h"

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

SellDialog::SellDialog(Session* session, OperatorContext context, QWidget* parent)
    : SeatCountingDialog(session, std::move(context), parent) {
    setObjectName(u"sellDialog"_s);
    setWindowTitle(tr("Sell — %1").arg(runName()));
    const SeatView* selected = seatByLabel(context_.seat);
    id_ = idEdit(u"S"_s);
    interval_ = new IntervalPicker(stations(), this);
    class_ = classCombo(selected ? qs(selected->travelClass) : QString());
    passengers_ = passengerTable(2, this);
    passengers_->setHorizontalHeaderLabels({tr("Passenger"), tr("Seat (optional)")});
    passengers_->setToolTip(
        tr("1 to 5 passengers. Give every passenger a seat, or none to let "
           "the engine choose adjacent seats."));
    QWidget* table = withRowButtons(
        passengers_, this, [this] { addPassenger(); }, &add_);
    prefer_ = new QComboBox(this);
    prefer_->setObjectName(u"prefer"_s);
    free_ = new QLabel(this);
    free_->setObjectName(u"free"_s);
    form()->addRow(tr("I&d:"), id_);
    form()->addRow(tr("&Interval:"), interval_);
    form()->addRow(tr("&Class:"), class_);
    form()->addRow(tr("&Passengers:"), table);
    form()->addRow(tr("Pre&fer:"), prefer_);
    form()->addRow(tr("Free:"), free_);
    standing_ = new QCheckBox(tr("Standin&g tickets (无座), no seat"), this);
    standing_->setObjectName(u"standing"_s);
    standing_->setToolTip(
        tr("Sell standing places of the class instead of seats: every segment "
           "of the interval must have places for all the passengers"));
    form()->addRow(QString(), standing_);
    addPassenger();
    if (selected) {
        passengers_->item(0, 1)->setText(qs(selected->label));
        interval_->setInterval(context_.from, context_.to);
    }
    refillPrefer();
    auto changed = [this] {
        free_->setText(tr("%n seat(s) of this class free over the interval", nullptr,
                          freeSeats(classOf(class_), interval_->from(), interval_->to())));
        revalidate();
    };
    connect(interval_, &IntervalPicker::changed, this, changed);
    connect(class_, &QComboBox::currentTextChanged, this, [this, changed] {
        refillPrefer();
        changed();
    });
    connect(passengers_, &QTableWidget::itemChanged, this, &OperatorDialog::revalidate);
    connect(passengers_->model(), &QAbstractItemModel::rowsRemoved, this,
            &OperatorDialog::revalidate);
    connect(prefer_, &QComboBox::currentIndexChanged, this, &OperatorDialog::revalidate);
    connect(standing_, &QCheckBox::toggled, this, [this](bool on) {
        // A standing ticket has no seat: the seat column and the preference do not apply.
        passengers_->setColumnHidden(1, on);
        prefer_->setEnabled(!on);
        revalidate();
    });
    changed();
    finish(tr("&Sell"));
    // Sold out: hand the passengers and interval to a waitlist order, which
    // may accept a change of seat (同车换座) where no one seat is free.
    // (Beside the form, not in the button box: adding a button there shows
    // every button of the box again.)
    waitlist_ = new QPushButton(tr("&Waitlist instead…"), this);
    waitlist_->setAutoDefault(false);
    waitlist_->setObjectName(u"waitlistInstead"_s);
    waitlist_->setToolTip(
        tr("Sold out: open a waitlist order (候补) for these passengers over "
           "this interval, accepting one change of seat"));
    waitlist_->setVisible(false);
    form()->addRow(QString(), waitlist_);
    connect(waitlist_, &QPushButton::clicked, this, [this] {
        QStringList names;
        for (const QString& name : column(0))
            if (!name.trimmed().isEmpty()) names << name.trimmed();
        const int from = interval_->from(), to = interval_->to();
        const QString travelClass = classOf(class_);
        reject();
        emit waitlistInstead(names, from, to, travelClass);
    });
}

void SellDialog::judged(std::optional<ErrorCode> error, bool waitlistHint) {
    if (waitlist_)
        waitlist_->setVisible(error == ErrorCode::SoldOut && waitlistHint &&
                              !standing_->isChecked());
}

void SellDialog::addPassenger() {
    if (passengers_->rowCount() >= 5) return;
    appendRow(passengers_, {});
    revalidate();
}

void SellDialog::refillPrefer() {
    const QString keep = prefer_->currentData().toString();
    const QSignalBlocker blocker(prefer_);
    prefer_->clear();
    prefer_->addItem(tr("No preference"), QString());
    prefer_->addItem(tr("Window"), u"window"_s);
    prefer_->addItem(tr("Aisle"), u"aisle"_s);
    QString letters;
    for (const CarView& c : snap().run.cars)
        if (qs(c.travelClass) == classOf(class_))
            for (QChar l : qs(c.layout))
                if (!letters.contains(l)) letters += l;
    std::sort(letters.begin(), letters.end());
    for (QChar l : letters)
        prefer_->addItem(tr("Seat letter %1").arg(l), QString(l));
    prefer_->setCurrentIndex(std::max(0, prefer_->findData(keep)));
}

QStringList SellDialog::column(int c) const {
    return tableColumn(passengers_, c);
}

QString SellDialog::validate() const {
    if (snap().run.train.empty()) return tr("No train is shown: open a scenario or a store first.");
    if (id_->text().trimmed().isEmpty()) return tr("Enter an id for the sale.");
    if (classOf(class_).isEmpty()) return tr("This run has no class to sell.");
    const QStringList names = column(0);
    if (const QString p = missingNames(names); !p.isEmpty()) return p;
    const QStringList seats = column(1);
    const qsizetype given = names.size() - seats.count(QString());
    // The form has a seat column: filled for some passengers only, it is unfinished.
    if (given > 0 && given < names.size())
        return tr("Give every passenger a seat, or none to let the engine choose.");
    return {};
}

Command SellDialog::buildCommand() const {
    Command c = startOnInterval(Op::Sell, id_, interval_, class_);
    for (const QString& name : column(0))
        c.passengers.push_back(name.toStdString());
    if (standing_->isChecked()) {
        c.standing = true;
        return c;
    }
    const QStringList seats = column(1);
    if (!seats.contains(QString())) {
        for (const QString& label : seats) {
            const SeatView* s = seatByLabel(label);
            c.seats.push_back(s ? s->label : label.toStdString());
        }
    }
    c.prefer = prefer_->currentData().toString().toStdString();
    return c;
}

QString SellDialog::notice() const {
    const int from = interval_->from();
    const auto& stops = snap().run.stops;
    if (from < 0 || from >= int(stops.size()) || stops[std::size_t(from)].departure < 0) return {};
    const StopView& boarding = stops[std::size_t(from)];
    // The engine holds a sale for the run's hold time from the command's time.
    const QDateTime payBy = atEdit()->dateTime().addSecs(qint64(snap().run.holdMinutes) * 60);
    const QDateTime departure = toDateTime(boarding.departure);
    if (payBy <= departure) return {};
    return tr("Note: this hold runs until %1, past the train's departure from %2 at %3. "
              "The engine allows it: ask for payment before the train leaves.")
        .arg(payBy.toString(u"yyyy-MM-dd HH:mm"_s), qs(boarding.station),
             departure.toString(u"yyyy-MM-dd HH:mm"_s));
}

QString SellDialog::summarize(const QList<EventRecord>& events) const {
    QStringList seats;
    QString payBy;
    for (const EventRecord& e : events)
        if (e.event.kind == EventKind::TicketHeld) {
            seats << QString::fromStdString(e.event.seat);
            payBy = QString::fromStdString(formatTime(e.event.payBy));
        }
    return tr("Sale %1: %n ticket(s) held (%2), payable until %3.", nullptr, int(seats.size()))
        .arg(id_->text().trimmed(), seats.join(u", "_s), QString(payBy).replace(u'T', u' '));
}

}  // namespace houbu
