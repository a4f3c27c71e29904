#include "houbu/dialogs/release_dialog.h"

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

Command ReleaseDialog::buildCommand() const {
    if (byBlock_->isChecked()) {
        Command c = start(Op::Release);
        c.id = block_->currentData().toString().toStdString();
        return c;
    }
    Command c = startOnRun(Op::Release);
    const SeatView* s = seatByLabel(seat_->text());
    c.seat = s ? s->label : field(seat_->text());
    c.from = field(interval_->fromStation());
    c.to = field(interval_->toStation());
    c.reason = reason_->currentData().toString().toStdString();
    return c;
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

}  // namespace houbu
