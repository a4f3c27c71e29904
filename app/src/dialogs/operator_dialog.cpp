#include "houbu/dialogs/operator_dialog.h"

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
#include "houbu/command_encoder.h"
#include "houbu/dialogs/interval_picker.h"
#include "houbu/display_names.h"
#include "houbu/error_sentences.h"

#include "dialog_support.h"

namespace houbu {

using namespace Qt::StringLiterals;
using namespace dialog_support;

OperatorDialog::OperatorDialog(Session* session, OperatorContext context, QWidget* parent)
    : QDialog(parent), context_(std::move(context)), session_(session) {
    if (!context_.snapshot) context_.snapshot = std::make_shared<ConsoleSnapshot>();
    clock_ = QDateTime::fromString(snap().clock, Qt::ISODate);
    if (!clock_.isValid()) clock_ = QDateTime(QDate(2000, 1, 1), QTime(0, 0));
    clock_.setTimeSpec(Qt::UTC);
    for (const SeatView& s : snap().seats)
        seats_.insert(qs(s.label), &s);

    auto* outer = new QVBoxLayout(this);
    content_ = new QWidget(this);
    contentLayout_ = new QVBoxLayout(content_);
    contentLayout_->setContentsMargins(0, 0, 0, 0);
    form_ = new QFormLayout;
    form_->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    contentLayout_->addLayout(form_);
    outer->addWidget(content_, 1);
    message_ = new QLabel(this);
    message_->setObjectName(u"message"_s);
    message_->setWordWrap(true);
    message_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    message_->setMinimumHeight(fontMetrics().height() * 2 + 4);
    message_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    outer->addWidget(message_);
    preview_ = new QLabel(this);
    preview_->setObjectName(u"preview"_s);
    preview_->setWordWrap(true);
    preview_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    preview_->hide();
    outer->addWidget(preview_);
    buttons_ = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    send_ = buttons_->button(QDialogButtonBox::Ok);
    send_->setDefault(true);
    step_ = buttons_->addButton(tr("S&tep through"), QDialogButtonBox::ActionRole);
    step_->setObjectName(u"stepThrough"_s);
    step_->setToolTip(
        tr("Send it paused at its first matching decision, to watch whom it "
           "serves one decision at a time (Matching ▸ Step, Back)"));
    step_->setAutoDefault(false);
    step_->hide();
    connect(step_, &QPushButton::clicked, this, [this] {
        if (ticket_ || isChecking() || !problem_.isEmpty() || previewServed_.isEmpty()) return;
        const QByteArray line = command();
        QDialog::done(QDialog::Accepted);
        emit stepRequested(line);
    });
    // Return sends or does nothing, never cancels: while a precheck runs the
    // send button is disabled, focus moves on to Cancel, and an auto-default
    // Cancel would take Return for itself. Esc cancels.
    buttons_->button(QDialogButtonBox::Cancel)->setAutoDefault(false);
    outer->addWidget(buttons_);
    connect(buttons_, &QDialogButtonBox::accepted, this, &OperatorDialog::accept);
    connect(buttons_, &QDialogButtonBox::rejected, this, &OperatorDialog::reject);
    if (session_) {
        connect(session_, &Session::commandAnswered, this, &OperatorDialog::onAnswered);
        connect(session_, &Session::prechecked, this, &OperatorDialog::onPrechecked);
        // Other commands change what the engine would answer: ask again.
        connect(session_, &Session::snapshotChanged, this, [this] { revalidate(); });
    }
    setSizeGripEnabled(true);
    setMinimumWidth(460);
}

void OperatorDialog::finish(const QString& sendText, bool withTime) {
    if (withTime) {
        at_ = new QDateTimeEdit(this);
        at_->setObjectName(u"at"_s);
        at_->setTimeSpec(Qt::UTC);
        at_->setDisplayFormat(u"yyyy-MM-dd HH:mm"_s);
        at_->setCalendarPopup(true);
        at_->setMinimumDateTime(clock_);
        at_->setDateTime(clock_);
        at_->setToolTip(
            tr("The command's logical time: the console clock unless you choose a "
               "later one (what falls due before it fires first)."));
        form_->addRow(tr("A&t:"), at_);
        connect(at_, &QDateTimeEdit::dateTimeChanged, this, &OperatorDialog::revalidate);
    }
    send_->setText(sendText);
    send_->setToolTip(tr("Send the command to the engine"));
    ready_ = true;
    revalidate();
}

QString OperatorDialog::runName() const {
    return qs(snap().run.train) + u' ' + qs(snap().run.date);
}

QStringList OperatorDialog::stations() const {
    QStringList out;
    for (const StopView& s : snap().run.stops)
        out << qs(s.station);
    return out;
}

const SeatView* OperatorDialog::seatByLabel(const QString& text) const {
    const std::string canonical = canonicalSeatLabel(text.trimmed().toUpper().toStdString());
    return canonical.empty() ? nullptr : seats_.value(qs(canonical), nullptr);
}

QComboBox* OperatorDialog::classCombo(const QString& current) {
    auto* combo = new QComboBox(this);
    combo->setObjectName(u"class"_s);
    for (const std::string& c : snap().run.classes)
        combo->addItem(DisplayNames::travelClass(c), qs(c));
    const int index = combo->findData(current);
    if (index >= 0) combo->setCurrentIndex(index);
    connect(combo, &QComboBox::currentTextChanged, this, &OperatorDialog::revalidate);
    return combo;
}

QString OperatorDialog::classOf(const QComboBox* combo) {
    // An item shows the class in words and keeps its code; an editable combo
    // may also hold a class typed by the operator, which is its own code.
    const QString text = combo->currentText().trimmed();
    const int index = combo->findText(text);
    return index >= 0 ? combo->itemData(index).toString() : text;
}

QLineEdit* OperatorDialog::idEdit(const QString& prefix) {
    auto* edit = new QLineEdit(freshId(prefix, snap().clock), this);
    edit->setObjectName(u"id"_s);
    edit->setToolTip(
        tr("The id of what this command creates. The same command sent again with "
           "the same id changes nothing."));
    connect(edit, &QLineEdit::textChanged, this, &OperatorDialog::revalidate);
    return edit;
}

Time OperatorDialog::timeAt(const QDateTime& t) {
    static const qint64 epochDay = QDate(2000, 1, 1).toJulianDay();  // kEpoch's day
    return (t.date().toJulianDay() - epochDay) * kDay + t.time().msecsSinceStartOfDay() / 1000;
}

std::string OperatorDialog::field(const QString& text) {
    return text.trimmed().toStdString();
}

Command OperatorDialog::start(Op op) const {
    Command c;
    c.op = op;
    c.at = timeAt(at_ ? at_->dateTime() : clock_);
    return c;
}

Command OperatorDialog::startOnRun(Op op) const {
    Command c = start(op);
    c.train = snap().run.train;
    c.date = snap().run.date;
    return c;
}

Command OperatorDialog::startOnInterval(Op op, const QLineEdit* id, const IntervalPicker* interval,
                                        const QComboBox* travelClass) const {
    Command c = startOnRun(op);
    c.id = field(id->text());
    c.from = field(interval->fromStation());
    c.to = field(interval->toStation());
    c.travelClass = field(classOf(travelClass));
    return c;
}

QByteArray OperatorDialog::command() const {
    if (!ready_ || !validate().isEmpty()) return {};
    return encodeCommand(buildCommand());
}

void OperatorDialog::revalidate() {
    if (ticket_ || !ready_) return;
    problem_ = validate();
    precheck_ = 0;  // an answer about older input no longer counts
    if (problem_.isEmpty() && session_) {
        // Complete: the engine's rules judge it, and Send waits for their answer.
        // The message stays until then, so that it does not flicker while typing.
        send_->setEnabled(false);
        precheck_ = session_->precheckCommand(buildCommand());
        return;
    }
    send_->setEnabled(problem_.isEmpty());
    showProblemOrNotice();
}

void OperatorDialog::showProblemOrNotice() {
    if (problem_.isEmpty())
        showMessage(notice(), false);
    else
        showMessage(problem_, true);
}

void OperatorDialog::onPrechecked(quint64 ticket, const PrecheckReply& reply) {
    if (ticket == 0 || ticket != precheck_ || ticket_) return;
    precheck_ = 0;
    const Precheck& answer = reply.answer;
    // Not known (a remote engine): the engine judges the command when it is sent.
    if (!reply.known || answer.accepted())
        problem_.clear();
    else if (answer.error)
        problem_ = refusalText(*answer.error, QString::fromStdString(answer.message));
    else
        problem_ = duplicateText(qs(buildCommand().id));
    send_->setEnabled(problem_.isEmpty());
    showProblemOrNotice();
    judged(reply.known ? answer.error : std::nullopt, reply.known && answer.waitlistHint);
    const QString preview =
        problem_.isEmpty() && reply.preview ? previewText(*reply.preview) : QString();
    preview_->setText(preview);
    preview_->setVisible(!preview.isEmpty());
    step_->setVisible(!preview.isEmpty() && !previewServed_.isEmpty() && session_ &&
                      !session_->isRemote());
}

QString OperatorDialog::previewText(const CommandPreview& preview) {
    previewServed_.clear();
    int passengers = 0;
    for (const Event& e : preview.events)
        if (e.kind == EventKind::WaitlistFulfilled) {
            previewServed_ << qs(e.id);
            passengers += static_cast<int>(e.tickets.size());
        }
    // Seats coming back are what serves the waitlist: say it even when nobody is served.
    const Op op = buildCommand().op;
    const bool returnsSeats = op == Op::AddCar || op == Op::Release;
    if (previewServed_.isEmpty() && !returnsSeats) return {};
    QString text;
    if (previewServed_.isEmpty()) {
        text = tr("Preview: no waiting order would be served.");
    } else {
        constexpr int kNamed = 6;
        QStringList named = previewServed_.mid(0, kNamed);
        if (previewServed_.size() > kNamed) named << u"…"_s;
        text = tr("Preview: would serve %n order(s) (%1): %2.", nullptr,
                  static_cast<int>(previewServed_.size()))
                   .arg(tr("%n passenger(s)", nullptr, passengers), named.join(u", "_s));
    }
    if (preview.longestBefore >= 0 && preview.longestAfter >= 0 &&
        preview.longestAfter != preview.longestBefore)
        text += u' ' + tr("The run's longest queue would go from %1 to %2 orders.")
                           .arg(preview.longestBefore)
                           .arg(preview.longestAfter);
    return text;
}

QString OperatorDialog::duplicateText(const QString& id) const {
    // For a sale, block or waitlist order the id was taken by this very
    // command; for a prepay or cancel the order was in that state already.
    const Op op = buildCommand().op;
    const bool creates = op == Op::Sell || op == Op::Block || op == Op::Waitlist;
    return creates ? tr("The same command with id %1 was applied before: nothing "
                        "changed. Choose another id to send it again.")
                         .arg(id)
                   : tr("Done already for %1 (duplicate): nothing changed.").arg(id);
}

void OperatorDialog::changeEvent(QEvent* event) {
    QDialog::changeEvent(event);
    // Light or dark: the message's red follows the palette.
    if (event->type() == QEvent::PaletteChange && message_)
        showMessage(message_->text(), messageIsError_);
}

void OperatorDialog::showMessage(const QString& text, bool error) {
    messageIsError_ = error;
    QPalette pal = message_->palette();
    pal.setColor(QPalette::WindowText,
                 error ? errorColor(palette()) : palette().color(QPalette::WindowText));
    message_->setPalette(pal);
    message_->setText(text);
}

void OperatorDialog::accept() {
    // The input was judged as it changed: send only what was found sound.
    if (ticket_ || isChecking() || !problem_.isEmpty()) return;
    if (!session_ || !session_->canSend()) {
        showMessage(tr("This connection cannot send commands."), true);
        return;
    }
    const Command command = buildCommand();
    reply_.clear();
    content_->setEnabled(false);
    send_->setEnabled(false);
    buttons_->button(QDialogButtonBox::Cancel)->setEnabled(false);
    showMessage(tr("Sending…"), false);
    ticket_ = session_->submitCommand(command);
}

void OperatorDialog::reject() {
    if (ticket_) return;  // the command is in flight: wait for its answer
    QDialog::reject();
}

void OperatorDialog::onAnswered(quint64 ticket, const QList<EventRecord>& events,
                                const QString& failure) {
    if (ticket == 0 || ticket != ticket_) return;
    ticket_ = 0;
    reply_ = events;
    content_->setEnabled(true);
    buttons_->button(QDialogButtonBox::Cancel)->setEnabled(true);
    auto refused = [this](const QString& text) {
        send_->setEnabled(true);
        showMessage(text, true);
    };
    if (!failure.isEmpty()) {
        refused(tr("Not applied: %1").arg(failure));
        return;
    }
    for (const EventRecord& e : events) {
        if (e.event.kind == EventKind::Error) {
            refused(tr("The engine refused the command: %1")
                        .arg(refusalText(e.event.code, QString::fromStdString(e.event.message))));
            return;
        }
        if (e.event.kind == EventKind::Duplicate) {
            refused(duplicateText(QString::fromStdString(e.event.id)));
            return;
        }
    }
    emit applied(events, summarize(events));
    QDialog::accept();
}

QString OperatorDialog::summarize(const QList<EventRecord>& events) const {
    QStringList kinds;
    QHash<QString, int> counts;
    for (const EventRecord& e : events) {
        const QString kind = e.kindName();
        if (!counts.contains(kind)) kinds << kind;
        ++counts[kind];
    }
    QStringList parts;
    for (const QString& k : kinds)
        parts << (counts.value(k) > 1
                      ? tr("%1 ×%2").arg(DisplayNames::eventKind(k)).arg(counts.value(k))
                      : DisplayNames::eventKind(k));
    const QString op = DisplayNames::op(QLatin1String(opName(buildCommand().op)));
    return parts.isEmpty() ? tr("%1: applied.").arg(op)
                           : tr("%1: applied (%2).").arg(op, parts.join(u", "_s));
}

}  // namespace houbu
