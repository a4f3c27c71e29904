#include "houbu/step_panel.h"

#include "houbu/display_names.h"
#include "houbu/models.h"

#include <QAction>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPainter>
#include <QRegularExpression>
#include <QToolButton>
#include <QVBoxLayout>

namespace houbu {

using namespace Qt::StringLiterals;

namespace {

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

QString interval(const QStringList& stations, bool shownRun, int from, int to) {
    if (shownRun && from >= 0 && to < stations.size())
        return stations.value(from) + u"→"_s + stations.value(to);
    return StepPanel::tr("stops %1→%2").arg(from).arg(to);
}

// "01-05 10:01": the day and time an order became effective.
QString effectiveText(Time t) {
    return t < 0 ? QString() : qs(formatTime(t)).mid(5).replace(u'T', u' ');
}

QString who(const std::string& order, int passengers) {
    const QString size =
        passengers == 1 ? StepPanel::tr("single") : StepPanel::tr("group of %1").arg(passengers);
    return qs(order) + u" ("_s + size + u')';
}

}  // namespace

QString StepPanel::commandText(int line, const QByteArray& command) {
    const QJsonObject cmd = QJsonDocument::fromJson(command).object();
    QString text = tr("Line %1").arg(line) + u' ' + DisplayNames::op(cmd.value(u"op"_s).toString());
    for (const char* key : {"id", "ticket", "seat", "from", "to", "car", "at"})
        if (cmd.contains(QLatin1String(key)))
            text += u' ' + cmd.value(QLatin1String(key)).toVariant().toString();
    // Times as the log shows them: "2025-01-06 08:40".
    static const QRegularExpression isoTime(u"(\\d{4}-\\d{2}-\\d{2})T(\\d{2}:\\d{2})"_s);
    return text.replace(isoTime, u"\\1 \\2"_s);
}

QString StepPanel::passText(const StepPass& pass, const QStringList& stations, bool shownRun) {
    switch (pass.cause) {
        case StepPass::Cause::Release: {
            QStringList freed;
            for (const StepFreed& f : pass.freed)
                freed << tr("%1 %2 (free run %3)")
                             .arg(qs(f.seat), interval(stations, shownRun, f.from, f.to),
                                  interval(stations, shownRun, f.runFrom, f.runTo));
            return tr("Freed: %1").arg(freed.join(u"; "_s));
        }
        case StepPass::Cause::AddedCar:
            return tr("Added car: new %1 seats on %2 %3")
                .arg(DisplayNames::travelClass(pass.travelClass), qs(pass.train), qs(pass.date));
        case StepPass::Cause::NewOrder:
            return tr("Order %1 became effective").arg(qs(pass.order));
    }
    return {};
}

QString StepPanel::candidateText(const StepCandidate& c, const QStringList& stations,
                                 bool shownRun) {
    QString item = who(c.order, c.passengers) + u' ' + interval(stations, shownRun, c.from, c.to) +
                   u" #"_s + QString::number(c.rank);
    if (c.effectiveAt >= 0) item += u' ' + tr("effective %1").arg(effectiveText(c.effectiveAt));
    return item;
}

StepPanel::StepPanel(QWidget* parent) : QFrame(parent) {
    setObjectName(u"stepPanel"_s);
    setFrameShape(QFrame::StyledPanel);
    auto* outer = new QHBoxLayout(this);
    auto* text = new QVBoxLayout;
    title_ = new QLabel(this);
    caption_ = new QLabel(this);
    caption_->setObjectName(u"stepCaption"_s);
    caption_->setWordWrap(true);
    caption_->setStyleSheet(u"QLabel{background:palette(alternate-base);padding:4px;}"_s);
    decision_ = new QLabel(this);
    decision_->setObjectName(u"stepDecision"_s);
    decision_->setWordWrap(true);
    pass_ = new QLabel(this);
    pass_->setWordWrap(true);
    applied_ = new QLabel(this);
    applied_->setWordWrap(true);
    passed_ = new QLabel(this);
    passed_->setObjectName(u"stepPassed"_s);
    passed_->setWordWrap(true);
    passed_->setVisible(false);
    for (QLabel* l : {title_, caption_, decision_, pass_, applied_, passed_})
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    text->addWidget(title_);
    text->addWidget(caption_);
    text->addWidget(decision_);
    text->addWidget(pass_);
    text->addWidget(applied_);
    text->addWidget(passed_);
    outer->addLayout(text, 1);
    setVisible(false);
}

void StepPanel::setActions(QAction* back, QAction* step, QAction* run, QAction* pause) {
    auto* buttons = new QVBoxLayout;
    for (QAction* a : {step, back, run, pause}) {
        auto* b = new QToolButton(this);
        b->setDefaultAction(a);
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        b->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        buttons->addWidget(b);
    }
    buttons->addStretch();
    static_cast<QHBoxLayout*>(layout())->addLayout(buttons);
}

QString StepPanel::describe(const StepDecision& d, const QStringList& stations, bool shownRun) {
    const QString name = who(d.order, d.passengers);
    if (d.kind == StepDecision::Kind::Fail)
        return tr("%1 fails: passenger %2 travels at an overlapping time on every option with "
                  "seats; the order leaves the waitlist and its prepayment is refunded")
            .arg(name, qs(d.passenger));
    if (d.kind == StepDecision::Kind::Serve && d.standing)
        return tr("%1 served standing on %2 (%3): no seat free, the order accepts standing")
            .arg(name, interval(stations, shownRun, d.from, d.to),
                 DisplayNames::travelClass(d.travelClass));
    if (d.kind == StepDecision::Kind::Serve && !d.chains.empty()) {
        // 同车换座: each passenger's seats in travel order, and where they change.
        QStringList chains;
        int changes = 0;
        for (const StepDecision::Chain& c : d.chains) {
            QStringList seats, at;
            for (const auto& s : c.seats)
                seats << qs(s);
            for (int stop : c.changesAt)
                at << (shownRun ? stations.value(stop) : tr("stop %1").arg(stop));
            changes += static_cast<int>(c.changesAt.size());
            chains << (at.isEmpty() ? seats.join(u""_s)
                                    : tr("%1 (changing at %2)")
                                          .arg(seats.join(u" \u2192 "_s), at.join(u", "_s)));
        }
        return tr("%1 served with %n seat change(s) on %2 (%3 %4): %5", nullptr, changes)
            .arg(name, interval(stations, shownRun, d.from, d.to), qs(d.train),
                 DisplayNames::travelClass(d.travelClass), chains.join(u"; "_s));
    }
    if (d.kind == StepDecision::Kind::Serve) {
        QStringList seats;
        for (const auto& s : d.seats)
            seats << qs(s);
        return tr("%1 served on %2 %3 (%4 %5)")
            .arg(name, seats.join(u", "_s), interval(stations, shownRun, d.from, d.to), qs(d.train),
                 DisplayNames::travelClass(d.travelClass));
    }
    if (d.train.empty())
        return tr("%1 skipped: no option has enough free seats; it waits in its queues").arg(name);
    return tr("%1 skipped: only %n seat(s) free on %2 (%3)", nullptr, std::max(d.freeSeats, 0))
        .arg(name, interval(stations, shownRun, d.from, d.to),
             DisplayNames::travelClass(d.travelClass));
}

void StepPanel::showCaption(const QString& caption) {
    caption_->setText(caption);
    caption_->setVisible(!caption.isEmpty());
}

void StepPanel::showState(const StepState& st, const QStringList& stations, const QString& train,
                          const QString& date, const QString& caption) {
    setVisible(st.enabled || st.paused || !caption.isEmpty());
    showCaption(caption);
    // Commands with nothing to decide say so, rather than pass unseen.
    QStringList passed;
    for (const StepState::Passed& p : st.passed)
        passed << tr("%1: no queued order is a candidate, nothing to decide; applied.")
                      .arg(commandText(p.line, p.command))
                      .toHtmlEscaped();
    passed_->setText(passed.join(u"<br>"_s));
    passed_->setVisible(!passed.isEmpty());
    if (!st.paused) {
        title_->setText(st.enabled ? tr("<b>Matching paused.</b> The next command that frees "
                                        "seats or queues an order stops before its first "
                                        "matching decision.")
                                   : tr("<b>Matching runs.</b>"));
        decision_->clear();
        pass_->clear();
        applied_->clear();
        decision_->setVisible(false);
        pass_->setVisible(false);
        applied_->setVisible(false);
        return;
    }
    decision_->setVisible(true);
    pass_->setVisible(true);
    applied_->setVisible(!st.applied.empty());
    QString title = u"<b>"_s + commandText(st.line, st.command).toHtmlEscaped() + u"</b>"_s;
    if (st.waiting > 0) title += u" · "_s + tr("%n more command(s) waiting", nullptr, st.waiting);
    title_->setText(title);

    const bool shownRun = qs(st.next.train) == train && qs(st.next.date) == date;
    decision_->setText(tr("<b>Decision %1:</b> %2")
                           .arg(st.applied.size() + 1)
                           .arg(describe(st.next, stations, shownRun).toHtmlEscaped()));
    decision_->setToolTip(DisplayNames::traceReason(qs(st.next.reason)));

    const bool passRun = qs(st.pass.train) == train && qs(st.pass.date) == date;
    const QString pass = passText(st.pass, stations, passRun);
    QStringList candidates;
    for (const StepCandidate& c : st.candidates) {
        QString item = candidateText(c, stations, passRun).toHtmlEscaped();
        if (c.order == st.next.order) item = u"<b>"_s + item + u"</b>"_s;
        candidates << item;
    }
    pass_->setText(pass.toHtmlEscaped() + u"<br>"_s +
                   tr("Candidates in queue order (the earliest effective first, then the "
                      "earliest submitted): %1")
                       .arg(candidates.isEmpty() ? tr("none") : candidates.join(u", "_s)));
    QStringList done;
    for (std::size_t i = 0; i < st.applied.size(); ++i)
        done << QString::number(i + 1) + u". "_s +
                    describe(st.applied[i], stations,
                             qs(st.applied[i].train) == train && qs(st.applied[i].date) == date)
                        .toHtmlEscaped();
    applied_->setText(tr("Applied:") + u"<br>"_s + done.join(u"<br>"_s));
}

QString StepPanel::passedText() const {
    return passed_->isVisibleTo(this) ? passed_->text() : QString();
}

QString StepPanel::candidatesText() const {
    return pass_->text();
}

QString StepPanel::titleText() const {
    return title_->text();
}

QString StepPanel::decisionText() const {
    return decision_->text();
}

QString StepPanel::captionText() const {
    return caption_->isVisibleTo(this) ? caption_->text() : QString();
}

void StepQueueDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option,
                              const QModelIndex& index) const {
    const int mark = index.data(QueueModel::StepMarkRole).toInt();
    if (mark == 0) return QStyledItemDelegate::paint(painter, option, index);
    QStyleOptionViewItem opt(option);
    painter->fillRect(opt.rect, QColor(255, 190, 0, mark == 2 ? 150 : 55));
    if (mark == 2) opt.font.setBold(true);
    QStyledItemDelegate::paint(painter, opt, index);
}

}  // namespace houbu
