#include "houbu/operator_dialogs.h"

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
#include <QJsonArray>
#include <QJsonDocument>
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

namespace houbu {

using namespace Qt::StringLiterals;

namespace {

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

// Logical time (seconds since 2000-01-01T00:00) as a date-time without a zone.
QDateTime toDateTime(Time t) {
    return QDateTime(QDate(2000, 1, 1), QTime(0, 0), Qt::UTC).addSecs(t);
}

QColor mix(const QColor& a, const QColor& b, qreal t) {
    return QColor::fromRgbF(float(a.redF() * (1 - t) + b.redF() * t),
                            float(a.greenF() * (1 - t) + b.greenF() * t),
                            float(a.blueF() * (1 - t) + b.blueF() * t));
}

// Red that reads on the palette's window colour, light or dark.
QColor errorColor(const QPalette& p) {
    return p.color(QPalette::Window).lightness() < 128 ? QColor(255, 130, 120)
                                                       : QColor(176, 24, 24);
}

bool freeOver(const SeatView& s, int from, int to) {
    if (from < 0 || to <= from) return false;
    const int n = to - from;
    const std::uint64_t bits = n >= 64 ? ~0ull : ((1ull << n) - 1);
    return ((s.mask >> from) & bits) == 0;
}

// The engine's refusal in the operator's words, then the engine's own detail.
QString refusalText(ErrorCode code, const QString& message) {
    return errorSentence(code) + u'\n' + DisplayNames::engineDetail(message);
}

QTableWidget* passengerTable(int columns, QWidget* parent) {
    auto* t = new QTableWidget(0, columns, parent);
    t->setObjectName(u"passengers"_s);
    t->verticalHeader()->setVisible(true);
    t->horizontalHeader()->setStretchLastSection(true);
    t->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setSelectionMode(QAbstractItemView::SingleSelection);
    t->setTabKeyNavigation(false);
    const int row = t->fontMetrics().height() + 10;
    t->verticalHeader()->setDefaultSectionSize(row);
    t->setMinimumHeight(row * 5 + t->horizontalHeader()->sizeHint().height() + 4);
    t->setMaximumHeight(row * 5 + t->horizontalHeader()->sizeHint().height() + 4);
    return t;
}

void appendRow(QTableWidget* t, const QStringList& values) {
    const int r = t->rowCount();
    t->insertRow(r);
    for (int c = 0; c < t->columnCount(); ++c)
        t->setItem(r, c, new QTableWidgetItem(values.value(c)));
}

// A passenger list still to be filled in (what a name may be is the engine's to say).
QString missingNames(const QStringList& names) {
    if (names.isEmpty()) return OperatorDialog::tr("Add at least one passenger.");
    for (int i = 0; i < names.size(); ++i)
        if (names[i].isEmpty()) return OperatorDialog::tr("Passenger %1 has no name.").arg(i + 1);
    return {};
}

QStringList tableColumn(const QTableWidget* t, int c) {
    QStringList out;
    for (int r = 0; r < t->rowCount(); ++r) {
        const QTableWidgetItem* item = t->item(r, c);
        out << (item ? item->text().trimmed() : QString());
    }
    return out;
}

// Add/Remove buttons for a passenger table, kept within 1..5 rows.
QWidget* withRowButtons(QTableWidget* table, QWidget* parent, const std::function<void()>& add,
                        QPushButton** addOut = nullptr) {
    auto* box = new QWidget(parent);
    auto* layout = new QHBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(table, 1);
    auto* buttons = new QVBoxLayout;
    auto* addButton = new QPushButton(OperatorDialog::tr("Add passenger"), box);
    addButton->setObjectName(u"addPassenger"_s);
    addButton->setAutoDefault(false);
    auto* removeButton = new QPushButton(OperatorDialog::tr("Remove"), box);
    removeButton->setObjectName(u"removePassenger"_s);
    removeButton->setAutoDefault(false);
    removeButton->setToolTip(OperatorDialog::tr("Remove the selected passenger"));
    buttons->addWidget(addButton);
    buttons->addWidget(removeButton);
    buttons->addStretch(1);
    layout->addLayout(buttons);
    auto update = [table, addButton, removeButton] {
        addButton->setEnabled(table->rowCount() < 5);
        addButton->setToolTip(table->rowCount() < 5
                                  ? OperatorDialog::tr("Add a passenger (at most 5)")
                                  : OperatorDialog::tr("At most 5 passengers travel on one order"));
        removeButton->setEnabled(table->rowCount() > 1);
    };
    QObject::connect(addButton, &QPushButton::clicked, box, [add, table] {
        add();
        table->setCurrentCell(table->rowCount() - 1, 0);
        table->editItem(table->item(table->rowCount() - 1, 0));
    });
    QObject::connect(removeButton, &QPushButton::clicked, box, [table] {
        const int r = table->currentRow() >= 0 ? table->currentRow() : table->rowCount() - 1;
        if (table->rowCount() > 1) table->removeRow(r);
    });
    QObject::connect(table->model(), &QAbstractItemModel::rowsInserted, box, update);
    QObject::connect(table->model(), &QAbstractItemModel::rowsRemoved, box, update);
    update();
    if (addOut) *addOut = addButton;
    return box;
}

}  // namespace

QString freshId(const QString& prefix, const QString& clock) {
    QSettings settings;
    const qint64 n = settings.value(u"operations/lastId"_s, 0).toLongLong() + 1;
    settings.setValue(u"operations/lastId"_s, n);
    const QString date = clock.left(10).remove(u'-');
    return u"%1-%2-%3"_s.arg(prefix, date).arg(n, 4, 10, QLatin1Char('0'));
}

// ---------------------------------------------------------------- IntervalPicker

IntervalPicker::IntervalPicker(const QStringList& stations, QWidget* parent)
    : QWidget(parent), stations_(stations) {
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    from_ = new QComboBox(this);
    from_->setObjectName(u"from"_s);
    from_->setToolTip(tr("Boarding station"));
    to_ = new QComboBox(this);
    to_->setObjectName(u"to"_s);
    to_->setToolTip(tr("Alighting station: only stations after the boarding one"));
    for (int i = 0; i + 1 < stations.size(); ++i)
        from_->addItem(stations[i], i);
    layout->addWidget(from_, 1);
    layout->addWidget(new QLabel(u"→"_s, this));
    layout->addWidget(to_, 1);
    setFocusProxy(from_);
    refillTo(int(stations.size()) - 1);
    connect(from_, &QComboBox::currentIndexChanged, this, [this] {
        refillTo(to());
        emit changed();
    });
    connect(to_, &QComboBox::currentIndexChanged, this, &IntervalPicker::changed);
}

int IntervalPicker::from() const {
    return from_->currentIndex() < 0 ? -1 : from_->currentData().toInt();
}

int IntervalPicker::to() const {
    return to_->currentIndex() < 0 ? -1 : to_->currentData().toInt();
}

QString IntervalPicker::fromStation() const {
    return stations_.value(from());
}

QString IntervalPicker::toStation() const {
    return stations_.value(to());
}

void IntervalPicker::setInterval(int from, int to) {
    const int a = from_->findData(from);
    if (a >= 0) from_->setCurrentIndex(a);
    const int b = to_->findData(to);
    if (b >= 0) to_->setCurrentIndex(b);
}

void IntervalPicker::refillTo(int keep) {
    const QSignalBlocker blocker(to_);
    to_->clear();
    for (int i = std::max(0, from()) + 1; i < stations_.size(); ++i)
        to_->addItem(stations_[i], i);
    const int index = to_->findData(keep);
    to_->setCurrentIndex(index >= 0 ? index : to_->count() - 1);
}

// ---------------------------------------------------------------- SeatMapPreview

SeatMapPreview::SeatMapPreview(QWidget* parent) : QWidget(parent) {
    setObjectName(u"seatMapPreview"_s);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void SeatMapPreview::setCar(int rows, const QString& layout) {
    rows_ = rows;
    layout_ = layout;
    setToolTip(layout.isEmpty() ? QString()
                                : tr("%1 rows × %2 seats a row = %3 seats")
                                      .arg(rows)
                                      .arg(layout.size())
                                      .arg(rows * layout.size()));
    update();
}

QSize SeatMapPreview::sizeHint() const {
    return {460, 200};
}

QSize SeatMapPreview::minimumSizeHint() const {
    return {260, 130};
}

void SeatMapPreview::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette& pal = palette();
    const QFontMetrics fm = fontMetrics();
    p.fillRect(rect(), pal.color(QPalette::Base));
    const QRect area = rect().adjusted(6, 6, -6, -6);
    if (rows_ <= 0 || layout_.isEmpty()) {
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(area, Qt::AlignCenter | Qt::TextWordWrap,
                   tr("Enter the rows and the seat letters to see the car."));
        return;
    }
    const int letters = int(layout_.size());
    int aisleAfter = -1;  // the aisle runs between C and D (A and F are windows)
    for (int i = 0; i + 1 < letters; ++i)
        if (layout_[i] <= u'C' && layout_[i + 1] >= u'D') aisleAfter = i;
    const int labelWidth = fm.horizontalAdvance(u"W"_s) + 8;
    const int header = fm.height() + 2;
    const int legend = fm.height() + 4;
    const qreal aisle = aisleAfter >= 0 ? 0.7 : 0.0;
    const qreal cellW =
        std::min<qreal>(30, qreal(area.width() - labelWidth - 12) / std::max(1, rows_));
    const qreal cellH = std::min<qreal>(
        26, qreal(area.height() - header - legend - 12) / std::max<qreal>(1, letters + aisle));
    const QRectF body(area.left() + labelWidth, area.top() + header, cellW * rows_ + 12,
                      cellH * (letters + aisle) + 12);
    // The car body, its windows along both long sides.
    p.setPen(QPen(pal.color(QPalette::Mid), 1.5));
    p.setBrush(pal.color(QPalette::AlternateBase));
    p.drawRoundedRect(body, 8, 8);
    p.setPen(QPen(pal.color(QPalette::Highlight), 3, Qt::SolidLine, Qt::RoundCap));
    p.drawLine(QPointF(body.left() + 8, body.top() + 1.5),
               QPointF(body.right() - 8, body.top() + 1.5));
    p.drawLine(QPointF(body.left() + 8, body.bottom() - 1.5),
               QPointF(body.right() - 8, body.bottom() - 1.5));
    const QColor seatFill = pal.color(QPalette::Base);
    const QColor windowFill = mix(seatFill, pal.color(QPalette::Highlight), 0.35);
    const bool numbers = cellW >= fm.horizontalAdvance(u"00"_s) + 2;
    const bool text = numbers && cellH >= fm.height();
    for (int i = 0; i < letters; ++i) {
        const qreal y =
            body.top() + 6 + cellH * (i + (aisleAfter >= 0 && i > aisleAfter ? aisle : 0));
        const bool window = layout_[i] == u'A' || layout_[i] == u'F';
        p.setPen(pal.color(QPalette::WindowText));
        p.drawText(QRectF(area.left(), y, labelWidth - 4, cellH), Qt::AlignRight | Qt::AlignVCenter,
                   QString(layout_[i]));
        for (int r = 0; r < rows_; ++r) {
            const QRectF seat(body.left() + 6 + cellW * r, y, cellW, cellH);
            const QRectF inset = seat.adjusted(1, 1, -1, -1);
            p.setPen(QPen(pal.color(QPalette::Text), cellW >= 6 ? 1 : 0.5));
            p.setBrush(window ? windowFill : seatFill);
            p.drawRoundedRect(inset, 2, 2);
            if (text) {
                p.setPen(pal.color(QPalette::Text));
                p.drawText(inset, Qt::AlignCenter, QString(layout_[i]));
            }
        }
    }
    // Row numbers over the columns (every fifth when crowded).
    p.setPen(pal.color(QPalette::WindowText));
    const int step = numbers ? 1 : (cellW * 5 >= fm.horizontalAdvance(u"00"_s) ? 5 : 10);
    for (int r = 0; r < rows_; ++r) {
        if ((r + 1) % step != 0 && r != 0) continue;
        const qreal x = body.left() + 6 + cellW * r + cellW / 2;
        p.drawText(QRectF(x - 15, area.top(), 30, header), Qt::AlignCenter, QString::number(r + 1));
    }
    if (aisleAfter >= 0) {
        const qreal y = body.top() + 6 + cellH * (aisleAfter + 1) + cellH * aisle / 2;
        p.setPen(QPen(pal.color(QPalette::Mid), 1, Qt::DashLine));
        p.drawLine(QPointF(body.left() + 6, y), QPointF(body.right() - 6, y));
    }
    p.setPen(pal.color(QPalette::WindowText));
    p.drawText(
        QRectF(area.left(), body.bottom() + 2, area.width(), legend),
        Qt::AlignLeft | Qt::AlignVCenter,
        tr("%1 seats · window seats tinted · aisle dashed").arg(rows_ * int(layout_.size())));
}

// ---------------------------------------------------------------- OperatorDialog

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
    buttons_ = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    send_ = buttons_->button(QDialogButtonBox::Ok);
    send_->setDefault(true);
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

QString OperatorDialog::formatAt(const QDateTime& t) {
    return t.toString(t.time().second() != 0 ? u"yyyy-MM-ddTHH:mm:ss"_s : u"yyyy-MM-ddTHH:mm"_s);
}

QJsonObject OperatorDialog::start(const QString& op) const {
    return {{u"op"_s, op}, {u"at"_s, formatAt(at_ ? at_->dateTime() : clock_)}};
}

QJsonObject OperatorDialog::startOnRun(const QString& op) const {
    QJsonObject o = start(op);
    o.insert(u"train"_s, qs(snap().run.train));
    o.insert(u"date"_s, qs(snap().run.date));
    return o;
}

QByteArray OperatorDialog::command() const {
    if (!ready_ || !validate().isEmpty()) return {};
    return QJsonDocument(commandObject()).toJson(QJsonDocument::Compact);
}

void OperatorDialog::revalidate() {
    if (ticket_ || !ready_) return;
    problem_ = validate();
    precheck_ = 0;  // an answer about older input no longer counts
    if (problem_.isEmpty() && session_) {
        // Complete: the engine's rules judge it, and Send waits for their answer.
        // The message stays until then, so that it does not flicker while typing.
        send_->setEnabled(false);
        precheck_ = session_->precheck(command());
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
        problem_ = duplicateText(commandObject().value(u"id"_s).toString());
    send_->setEnabled(problem_.isEmpty());
    showProblemOrNotice();
}

QString OperatorDialog::duplicateText(const QString& id) const {
    // For a sale, block or waitlist order the id was taken by this very
    // command; for a prepay or cancel the order was in that state already.
    const QString op = commandObject().value(u"op"_s).toString();
    const bool creates = op == u"sell"_s || op == u"block"_s || op == u"waitlist"_s;
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
    const QByteArray line = command();
    reply_.clear();
    content_->setEnabled(false);
    send_->setEnabled(false);
    buttons_->button(QDialogButtonBox::Cancel)->setEnabled(false);
    showMessage(tr("Sending…"), false);
    ticket_ = session_->submit(line);
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
    const QString op = DisplayNames::op(commandObject().value(u"op"_s).toString());
    return parts.isEmpty() ? tr("%1: applied.").arg(op)
                           : tr("%1: applied (%2).").arg(op, parts.join(u", "_s));
}

// ---------------------------------------------------------------- ReleaseDialog

ReleaseDialog::ReleaseDialog(Session* session, OperatorContext context, QWidget* parent)
    : OperatorDialog(session, std::move(context), parent) {
    setObjectName(u"releaseDialog"_s);
    setWindowTitle(tr("Release — %1").arg(runName()));
    auto* modes = new QWidget(this);
    auto* modeLayout = new QHBoxLayout(modes);
    modeLayout->setContentsMargins(0, 0, 0, 0);
    bySeat_ = new QRadioButton(tr("&Seat interval"), modes);
    bySeat_->setObjectName(u"bySeat"_s);
    bySeat_->setToolTip(tr("Every ticket and block on one seat within an interval"));
    byBlock_ = new QRadioButton(tr("Quota &block"), modes);
    byBlock_->setObjectName(u"byBlock"_s);
    byBlock_->setToolTip(tr("A whole quota block, by its id"));
    auto* group = new QButtonGroup(this);
    group->addButton(bySeat_);
    group->addButton(byBlock_);
    modeLayout->addWidget(bySeat_);
    modeLayout->addWidget(byBlock_);
    modeLayout->addStretch(1);
    form()->addRow(tr("Release:"), modes);

    pages_ = new QStackedWidget(this);
    auto* seatPage = new QWidget(pages_);
    auto* seatForm = new QFormLayout(seatPage);
    seatForm->setContentsMargins(0, 0, 0, 0);
    seat_ = new QLineEdit(seatPage);
    seat_->setObjectName(u"seat"_s);
    seat_->setPlaceholderText(u"03-12A"_s);
    QStringList labels;
    for (const SeatView& s : snap().seats)
        labels << qs(s.label);
    auto* completer = new QCompleter(labels, seat_);
    completer->setCaseSensitivity(Qt::CaseInsensitive);
    seat_->setCompleter(completer);
    interval_ = new IntervalPicker(stations(), seatPage);
    reason_ = new QComboBox(seatPage);
    reason_->setObjectName(u"reason"_s);
    reason_->addItem(tr("Refund (退票)"), u"refund"_s);
    reason_->addItem(tr("Payment timeout"), u"timeout"_s);
    reason_->addItem(tr("Reschedule (改签)"), u"reschedule"_s);
    reason_->addItem(tr("Quota returned (预留释放)"), u"quota"_s);
    reason_->setToolTip(tr("Recorded as the source of the released inventory"));
    contents_ = new QLabel(seatPage);
    contents_->setObjectName(u"contents"_s);
    contents_->setWordWrap(true);
    seatForm->addRow(tr("S&eat:"), seat_);
    seatForm->addRow(tr("&Interval:"), interval_);
    seatForm->addRow(tr("Reas&on:"), reason_);
    seatForm->addRow(tr("Releases:"), contents_);
    pages_->addWidget(seatPage);

    auto* blockPage = new QWidget(pages_);
    auto* blockForm = new QFormLayout(blockPage);
    blockForm->setContentsMargins(0, 0, 0, 0);
    block_ = new QComboBox(blockPage);
    block_->setObjectName(u"block"_s);
    struct Block {
        QString cls;
        int from = 0, to = 0, seats = 0;
    };
    std::map<QString, Block> blocks;
    for (const SeatView& s : snap().seats)
        for (const HolderView& h : s.holders)
            if (h.kind == HolderView::Kind::Block) {
                Block& b = blocks[qs(h.id)];
                b.cls = DisplayNames::travelClass(s.travelClass);
                b.from = h.from;
                b.to = h.to;
                ++b.seats;
            }
    const QStringList st = stations();
    for (const auto& [id, b] : blocks)
        block_->addItem(tr("%1 · %2 · %3→%4 · %n seat(s)", nullptr, b.seats)
                            .arg(id, b.cls, st.value(b.from), st.value(b.to)),
                        id);
    blockForm->addRow(tr("B&lock:"), block_);
    pages_->addWidget(blockPage);
    form()->addRow(pages_);

    // Prefill from what the operator points at.
    bySeat_->setChecked(true);
    if (!context_.holder.isEmpty() && block_->findData(context_.holder) >= 0) {
        byBlock_->setChecked(true);
        block_->setCurrentIndex(block_->findData(context_.holder));
    } else if (!context_.holder.isEmpty()) {
        for (const SeatView& s : snap().seats)
            for (const HolderView& h : s.holders)
                if (qs(h.id) == context_.holder) {
                    seat_->setText(qs(s.label));
                    interval_->setInterval(h.from, h.to);
                }
    } else if (!context_.seat.isEmpty()) {
        seat_->setText(context_.seat);
        interval_->setInterval(context_.from, context_.to);
    }
    pages_->setCurrentIndex(byBlock_->isChecked() ? 1 : 0);
    auto changed = [this] {
        pages_->setCurrentIndex(byBlock_->isChecked() ? 1 : 0);
        describe();
        revalidate();
    };
    connect(bySeat_, &QRadioButton::toggled, this, changed);
    connect(seat_, &QLineEdit::textChanged, this, changed);
    connect(interval_, &IntervalPicker::changed, this, changed);
    connect(block_, &QComboBox::currentIndexChanged, this, changed);
    describe();
    finish(tr("&Release"));
}

void ReleaseDialog::describe() {
    const SeatView* s = seatByLabel(seat_->text());
    QStringList items;
    const QStringList st = stations();
    if (s) {
        for (const HolderView& h : s->holders) {
            if (h.from >= interval_->to() || h.to <= interval_->from()) continue;
            QString who = qs(h.id);
            if (!h.passenger.empty()) who += u" ("_s + qs(h.passenger) + u')';
            items << who + u' ' + st.value(h.from) + u"→"_s + st.value(h.to);
        }
    }
    contents_->setText(items.isEmpty() ? tr("nothing") : items.join(u"; "_s));
}

QString ReleaseDialog::validate() const {
    if (snap().run.train.empty()) return tr("No train is shown: open a scenario or a store first.");
    if (byBlock_->isChecked()) {
        if (block_->count() == 0) return tr("There is no quota block on %1.").arg(runName());
        return {};
    }
    if (seat_->text().trimmed().isEmpty()) return tr("Enter a seat, e.g. 03-12A.");
    return {};
}

QJsonObject ReleaseDialog::commandObject() const {
    if (byBlock_->isChecked()) {
        QJsonObject o = start(u"release"_s);
        o.insert(u"id"_s, block_->currentData().toString());
        return o;
    }
    QJsonObject o = startOnRun(u"release"_s);
    const SeatView* s = seatByLabel(seat_->text());
    o.insert(u"seat"_s, s ? qs(s->label) : seat_->text().trimmed());
    o.insert(u"from"_s, interval_->fromStation());
    o.insert(u"to"_s, interval_->toStation());
    o.insert(u"reason"_s, reason_->currentData().toString());
    return o;
}

QString ReleaseDialog::summarize(const QList<EventRecord>& events) const {
    int released = 0, served = 0;
    for (const EventRecord& e : events) {
        released += e.event.kind == EventKind::SeatReleased;
        served += e.event.kind == EventKind::WaitlistFulfilled;
    }
    QString text = tr("Released %n seat interval(s).", nullptr, released);
    if (served > 0) text += u' ' + tr("%n waitlist order(s) served.", nullptr, served);
    return text;
}

// ---------------------------------------------------------------- AddCarDialog

AddCarDialog::AddCarDialog(Session* session, OperatorContext context, QWidget* parent)
    : OperatorDialog(session, std::move(context), parent) {
    setObjectName(u"addCarDialog"_s);
    setWindowTitle(tr("Add car (加挂) — %1").arg(runName()));
    int next = 1;
    for (const CarView& c : snap().run.cars)
        next = std::max(next, c.number + 1);
    car_ = new QSpinBox(this);
    car_->setObjectName(u"car"_s);
    car_->setRange(1, 99);
    car_->setValue(std::min(next, 99));
    car_->setToolTip(tr("A car number not used on this run, 1 to 99"));
    // The class the operator points at: the chosen queue, else the selected
    // seat, else the class with the most passengers waiting.
    QString wanted = context_.queueClass;
    if (wanted.isEmpty())
        if (const SeatView* seat = seatByLabel(context_.seat)) wanted = qs(seat->travelClass);
    if (wanted.isEmpty()) {
        std::map<std::string, std::size_t> waiting;
        std::size_t most = 0;
        for (const QueueView& q : snap().queues)
            for (const OrderView& o : q.orders)
                if ((waiting[q.travelClass] += o.passengers.size()) > most) {
                    most = waiting[q.travelClass];
                    wanted = qs(q.travelClass);
                }
    }
    class_ = classCombo(wanted);
    class_->setEditable(true);
    class_->setToolTip(tr("One of the run's classes, or a new one"));
    rows_ = new QSpinBox(this);
    rows_->setObjectName(u"rows"_s);
    rows_->setRange(1, 99);
    layout_ = new QLineEdit(this);
    layout_->setObjectName(u"layout"_s);
    layout_->setPlaceholderText(u"ABCDF"_s);
    layout_->setToolTip(
        tr("The seat letters of one row, A to Z, each once. A and F are windows, "
           "C and D along the aisle."));
    auto defaults = [this] {
        for (const CarView& c : snap().run.cars)
            if (qs(c.travelClass) == classOf(class_)) {
                rows_->setValue(c.rows);
                layout_->setText(qs(c.layout));
                return;
            }
    };
    rows_->setValue(17);
    layout_->setText(u"ABCDF"_s);
    defaults();
    form()->addRow(tr("Car &number:"), car_);
    form()->addRow(tr("&Class:"), class_);
    form()->addRow(tr("&Rows:"), rows_);
    form()->addRow(tr("&Layout:"), layout_);
    preview_ = new SeatMapPreview(this);
    contentLayout()->addWidget(preview_, 1);
    auto redraw = [this] {
        preview_->setCar(rows_->value(), layout_->text().trimmed().toUpper());
        revalidate();
    };
    connect(car_, &QSpinBox::valueChanged, this, &OperatorDialog::revalidate);
    connect(class_, &QComboBox::currentTextChanged, this, [this, defaults] {
        if (!layoutEdited_) defaults();
    });
    connect(rows_, &QSpinBox::valueChanged, this, redraw);
    connect(layout_, &QLineEdit::textEdited, this, [this] { layoutEdited_ = true; });
    connect(layout_, &QLineEdit::textChanged, this, redraw);
    preview_->setCar(rows_->value(), layout_->text());
    finish(tr("&Add car"));
}

void AddCarDialog::accept() {
    if (isSending() || isChecking() || !problem().isEmpty() || confirmation_) return;
    const QString cls = DisplayNames::travelClass(classOf(class_));
    const int seats = rows_->value() * int(layout_->text().trimmed().size());
    confirmation_ = new QMessageBox(
        QMessageBox::Question, tr("Add car %1?").arg(car_->value()),
        tr("Add car %1 (%2, %n seat(s)) to %3? An added car cannot be taken off again.", nullptr,
           seats)
            .arg(car_->value())
            .arg(cls, runName()),
        QMessageBox::Cancel, this);
    confirmation_->setObjectName(u"confirmAddCar"_s);
    QPushButton* add = confirmation_->addButton(tr("Add the car"), QMessageBox::AcceptRole);
    add->setObjectName(u"confirm"_s);
    // Return alone must not add it: the default answer is Cancel.
    confirmation_->setDefaultButton(QMessageBox::Cancel);
    confirmation_->setAttribute(Qt::WA_DeleteOnClose);
    connect(confirmation_, &QMessageBox::finished, this, [this, add] {
        const bool yes = confirmation_ && confirmation_->clickedButton() == add;
        confirmation_.clear();
        if (yes) OperatorDialog::accept();
    });
    confirmation_->open();
}

QString AddCarDialog::validate() const {
    if (snap().run.train.empty()) return tr("No train is shown: open a scenario or a store first.");
    if (classOf(class_).isEmpty()) return tr("Enter the car's class, e.g. second.");
    if (layout_->text().trimmed().isEmpty())
        return tr("Enter the seat letters of one row, e.g. ABCDF.");
    return {};
}

QJsonObject AddCarDialog::commandObject() const {
    QJsonObject o = startOnRun(u"add_car"_s);
    o.insert(u"car"_s, car_->value());
    o.insert(u"class"_s, classOf(class_));
    o.insert(u"rows"_s, rows_->value());
    o.insert(u"layout"_s, layout_->text().trimmed().toUpper());
    return o;
}

// ---------------------------------------------------------------- free seats

int SeatCountingDialog::freeSeats(const QString& cls, int from, int to) const {
    int n = 0;
    for (const SeatView& s : snap().seats)
        n += qs(s.travelClass) == cls && freeOver(s, from, to);
    return n;
}

int SeatCountingDialog::standingFree(const QString& cls, int from, int to) const {
    for (const ClassView& c : snap().run.classDetails) {
        if (qs(c.name) != cls || c.standingPlaces == 0) continue;
        int least = c.standingPlaces;
        for (int g = std::max(from, 0); g < to && g < static_cast<int>(c.standingLoad.size()); ++g)
            least = std::min(least, c.standingPlaces - c.standingLoad[static_cast<std::size_t>(g)]);
        return least;
    }
    return -1;
}

// ---------------------------------------------------------------- BlockDialog

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

QJsonObject BlockDialog::commandObject() const {
    QJsonObject o = startOnRun(u"block"_s);
    o.insert(u"id"_s, id_->text().trimmed());
    o.insert(u"from"_s, interval_->fromStation());
    o.insert(u"to"_s, interval_->toStation());
    o.insert(u"class"_s, classOf(class_));
    if (byCount_->isChecked()) {
        o.insert(u"count"_s, count_->value());
    } else {
        QJsonArray seats;
        for (const QString& label : seatList()) {
            const SeatView* s = seatByLabel(label);
            seats.append(s ? qs(s->label) : label);
        }
        o.insert(u"seats"_s, seats);
    }
    return o;
}

// ---------------------------------------------------------------- SellDialog

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

QJsonObject SellDialog::commandObject() const {
    QJsonObject o = startOnRun(u"sell"_s);
    o.insert(u"id"_s, id_->text().trimmed());
    o.insert(u"from"_s, interval_->fromStation());
    o.insert(u"to"_s, interval_->toStation());
    o.insert(u"class"_s, classOf(class_));
    o.insert(u"passengers"_s, QJsonArray::fromStringList(column(0)));
    if (standing_->isChecked()) {
        o.insert(u"standing"_s, true);
        return o;
    }
    const QStringList seats = column(1);
    if (!seats.contains(QString())) {
        QJsonArray labels;
        for (const QString& label : seats) {
            const SeatView* s = seatByLabel(label);
            labels.append(s ? qs(s->label) : label);
        }
        o.insert(u"seats"_s, labels);
    }
    const QString prefer = prefer_->currentData().toString();
    if (!prefer.isEmpty()) o.insert(u"prefer"_s, prefer);
    return o;
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

// ---------------------------------------------------------------- WaitlistDialog

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

QJsonObject WaitlistDialog::commandObject() const {
    QJsonObject o = start(u"waitlist"_s);
    o.insert(u"id"_s, id_->text().trimmed());
    o.insert(u"user"_s, user_->text().trimmed());
    o.insert(u"passengers"_s, QJsonArray::fromStringList(tableColumn(passengers_, 0)));
    o.insert(u"from"_s, interval_->fromStation());
    o.insert(u"to"_s, interval_->toStation());
    QJsonArray options;
    for (int i = 0; i < options_->topLevelItemCount(); ++i) {
        const QTreeWidgetItem* item = options_->topLevelItem(i);
        options.append(QJsonObject{{u"train"_s, item->text(0)},
                                   {u"date"_s, item->text(1)},
                                   {u"class"_s, item->data(2, Qt::UserRole).toString()}});
    }
    o.insert(u"options"_s, options);
    if (hasDeadline_->isChecked()) o.insert(u"deadline"_s, formatAt(deadline_->dateTime()));
    if (acceptStanding_->isChecked()) o.insert(u"accept_standing"_s, true);
    if (newTrains_->isChecked())
        o.insert(u"new_trains"_s, QJsonObject{{u"from"_s, formatAt(newTrainsFrom_->dateTime())},
                                              {u"to"_s, formatAt(newTrainsTo_->dateTime())}});
    return o;
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

// ---------------------------------------------------------------- Prepay / Cancel

OrderCommandDialog::OrderCommandDialog(Session* session, OperatorContext context, QWidget* parent,
                                       const QString& op, const QString& missing)
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

QJsonObject OrderCommandDialog::commandObject() const {
    QJsonObject o = start(op_);
    o.insert(u"id"_s, order_->currentText().trimmed());
    return o;
}

PrepayDialog::PrepayDialog(Session* session, OperatorContext context, QWidget* parent)
    : OrderCommandDialog(session, std::move(context), parent, u"prepay"_s,
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

CancelOrderDialog::CancelOrderDialog(Session* session, OperatorContext context, QWidget* parent)
    : OrderCommandDialog(session, std::move(context), parent, u"cancel"_s,
                         tr("Choose the order to cancel.")) {
    setObjectName(u"cancelOrderDialog"_s);
    setWindowTitle(tr("Cancel a waitlist order"));
    QList<QPair<QString, QString>> orders;
    QSet<QString> listed;
    for (const QueueView& q : snap().queues)
        for (const OrderView& o : q.orders) {
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

// ---------------------------------------------------------------- AdvanceClockDialog

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

QJsonObject AdvanceClockDialog::commandObject() const {
    return {{u"op"_s, u"advance"_s}, {u"at"_s, formatAt(target_->dateTime())}};
}

QString AdvanceClockDialog::summarize(const QList<EventRecord>& events) const {
    return tr("Clock moved to %1: %n event(s) fired.", nullptr, int(events.size()))
        .arg(target_->dateTime().toString(u"yyyy-MM-dd HH:mm"_s));
}

}  // namespace houbu
