#include "houbu/explanation_dialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QPrintPreviewDialog>
#include <QPushButton>
#include <QSplitter>
#include <QTextBrowser>
#include <QTimer>
#include <QVBoxLayout>

#include "houbu/display_names.h"
#include "houbu/seat_legend.h"
#include "houbu/seat_legend_widget.h"
#include "houbu/step_panel.h"
#include "houbu/text_report.h"
#include "houbu/widgets.h"

namespace houbu {

using namespace Qt::StringLiterals;

namespace {

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

QString esc(const QString& s) {
    return s.toHtmlEscaped();
}

QStringList stationsOf(const RunView& run) {
    QStringList out;
    for (const StopView& s : run.stops)
        out << qs(s.station);
    return out;
}

bool onRun(const EventExplanation& e, const std::string& train, const std::string& date) {
    return !e.run.train.empty() && train == e.run.train && date == e.run.date;
}

// A seat's holders over the run, as the why panel lists them.
QString holdersOf(const SeatView& seat, const QStringList& stations) {
    if (seat.holders.empty()) return ExplanationDialog::tr("free over the whole run");
    QStringList who;
    for (const HolderView& h : seat.holders) {
        QString text = qs(h.id) + u" ("_s + DisplayNames::holder(h.kind);
        if (!h.passenger.empty()) text += u", "_s + qs(h.passenger);
        text += u") "_s + stations.value(h.from) + u"→"_s + stations.value(h.to);
        who << text;
    }
    return who.join(u"; "_s);
}

}  // namespace

QString ExplanationDialog::title(const EventExplanation& e) {
    if (!e.decided) return tr("Why %1: no decision about it").arg(e.order);
    switch (e.decision.kind) {
        case StepDecision::Kind::Serve:
            return tr("Why %1 was served").arg(e.order);
        case StepDecision::Kind::Fail:
            return tr("Why %1 failed").arg(e.order);
        case StepDecision::Kind::Skip:
            break;
    }
    return tr("Why %1 was passed over").arg(e.order);
}

QString ExplanationDialog::reportHtml(const EventExplanation& e) {
    const QStringList stations = stationsOf(e.run);
    QString html =
        u"<p>"_s +
        esc(tr("Event %1, from %2 on %3 %4.")
                .arg(e.eventSeq)
                .arg(StepPanel::commandText(e.line, e.command), qs(e.run.train), qs(e.run.date))) +
        u"</p>"_s;
    if (!e.decided) {
        html += u"<p>"_s +
                esc(tr("Applied again, this command takes no matching decision about %1.")
                        .arg(e.order)) +
                u"</p>"_s;
        return html;
    }
    const bool passRun = onRun(e, e.pass.train, e.pass.date);
    html += u"<h3>"_s + esc(tr("What started the matching pass")) + u"</h3><p>"_s +
            esc(StepPanel::passText(e.pass, stations, passRun)) + u"</p>"_s;

    html += u"<h3>"_s + esc(tr("Candidates in queue order")) + u"</h3><p>"_s +
            esc(tr("The earliest effective first, then the earliest submitted; the matcher "
                   "serves the first one that fits.")) +
            u"</p><ol>"_s;
    for (const StepCandidate& c : e.candidates) {
        QString item = esc(StepPanel::candidateText(c, stations, passRun));
        if (c.order == e.decision.order) item = u"<b>"_s + item + u"</b>"_s;
        html += u"<li>"_s + item + u"</li>"_s;
    }
    if (e.candidates.empty()) html += u"<li>"_s + esc(tr("none")) + u"</li>"_s;
    html += u"</ol>"_s;

    if (!e.earlier.empty()) {
        html += u"<h3>"_s + esc(tr("Decisions before it in this command")) + u"</h3><ol>"_s;
        for (const StepDecision& d : e.earlier)
            html += u"<li>"_s + esc(StepPanel::describe(d, stations, onRun(e, d.train, d.date))) +
                    u"</li>"_s;
        html += u"</ol>"_s;
    }

    html += u"<h3>"_s + esc(tr("The decision")) + u"</h3><p><b>"_s +
            esc(StepPanel::describe(e.decision, stations,
                                    onRun(e, e.decision.train, e.decision.date))) +
            u"</b></p>"_s;
    if (!e.decision.reason.empty())
        html += u"<p>"_s +
                esc(tr("The matcher's reason: %1")
                        .arg(DisplayNames::traceReason(qs(e.decision.reason)))) +
                u"</p>"_s;

    // The seats concerned, as they stood just before the decision.
    QStringList concerned;
    for (const StepFreed& f : e.pass.freed)
        if (!concerned.contains(qs(f.seat))) concerned << qs(f.seat);
    for (const std::string& s : e.decision.seats)
        if (!concerned.contains(qs(s))) concerned << qs(s);
    html += u"<h3>"_s + esc(tr("The seats at that moment")) + u"</h3>"_s;
    if (e.decision.from >= 0 && e.decision.to > e.decision.from) {
        int free = 0, ofClass = 0;
        const std::uint64_t span = ((std::uint64_t{1} << (e.decision.to - e.decision.from)) - 1)
                                   << e.decision.from;
        for (const SeatView& s : e.seats) {
            if (s.travelClass != e.decision.travelClass) continue;
            ++ofClass;
            if ((s.mask & span) == 0) ++free;
        }
        html += u"<p>"_s +
                esc(tr("%1 of %2 seats of %3 free over %4 before the decision.")
                        .arg(free)
                        .arg(ofClass)
                        .arg(DisplayNames::travelClass(e.decision.travelClass),
                             stations.value(e.decision.from) + u"→"_s +
                                 stations.value(e.decision.to))) +
                u"</p>"_s;
    }
    html += u"<ul>"_s;
    for (const QString& label : concerned)
        for (const SeatView& s : e.seats)
            if (qs(s.label) == label)
                html += u"<li><b>"_s + esc(label) + u"</b>: "_s + esc(holdersOf(s, stations)) +
                        u"</li>"_s;
    html += u"</ul>"_s;
    return html;
}

TextReport ExplanationDialog::report() const {
    return TextReport(title(*explanation_), reportHtml(*explanation_));
}

ExplanationDialog::ExplanationDialog(std::shared_ptr<const EventExplanation> explanation,
                                     QWidget* parent)
    : QDialog(parent), explanation_(std::move(explanation)) {
    setObjectName(u"explanationDialog"_s);
    const EventExplanation& e = *explanation_;
    setWindowTitle(title(e));
    auto* layout = new QVBoxLayout(this);
    auto* split = new QSplitter(Qt::Horizontal, this);
    text_ = new QTextBrowser(split);
    text_->setObjectName(u"explanationText"_s);
    text_->setHtml(u"<h2>"_s + title(e).toHtmlEscaped() + u"</h2>"_s + reportHtml(e));

    auto* seats = new QWidget(split);
    auto* seatsLayout = new QVBoxLayout(seats);
    seatsLayout->setContentsMargins(0, 0, 0, 0);
    auto* caption = new QLabel(
        tr("%1 %2 just before the decision: the freed seats' free runs tinted, the seats it "
           "serves outlined.")
            .arg(qs(e.run.train), qs(e.run.date)),
        seats);
    caption->setWordWrap(true);
    seatsLayout->addWidget(caption);
    seatsLayout->addWidget(new SeatLegendWidget(SeatLegend::shortEntries(), true, seats));
    model_ = new SeatGridModel(this);
    filter_ = new SeatFilterModel(this);
    filter_->setSourceModel(model_);
    grid_ = new SeatGridView(seats);
    grid_->setObjectName(u"explanationGrid"_s);
    grid_->setGridModel(model_, filter_);
    seatsLayout->addWidget(grid_, 1);
    auto snapshot = std::make_shared<ConsoleSnapshot>();
    snapshot->run = e.run;
    snapshot->seats = e.seats;
    model_->apply(snapshot);
    if (e.decided) {
        QHash<QString, QList<QPair<int, int>>> freed, decision;
        if (onRun(e, e.pass.train, e.pass.date))
            for (const StepFreed& f : e.pass.freed)
                freed[qs(f.seat)].append({f.runFrom, f.runTo});
        if (onRun(e, e.decision.train, e.decision.date))
            for (const std::string& s : e.decision.seats)
                decision[qs(s)].append({e.decision.from, e.decision.to});
        grid_->gridDelegate()->setStepHighlights(freed, decision);
        const QString first = !decision.isEmpty() ? decision.constBegin().key()
                              : !freed.isEmpty()  ? freed.constBegin().key()
                                                  : QString();
        // Once laid out: only then does the grid know how many rows it shows.
        const int row = model_->rowOfSeat(first);
        if (row >= 0)
            QTimer::singleShot(0, grid_, [this, row] {
                grid_->scrollTo(filter_->mapFromSource(model_->index(row, 0)),
                                QAbstractItemView::PositionAtCenter);
            });
    }
    split->addWidget(text_);
    split->addWidget(seats);
    // The text reads best about as wide as the run's first stations.
    split->setSizes({480, 920});
    layout->addWidget(split, 1);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton* save = buttons->addButton(tr("&Export report…"), QDialogButtonBox::ActionRole);
    save->setObjectName(u"exportReport"_s);
    QPushButton* print = buttons->addButton(tr("&Print…"), QDialogButtonBox::ActionRole);
    print->setObjectName(u"printReport"_s);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(save, &QPushButton::clicked, this, [this] {
        report().saveWithDialog(this, u"explanation-%1"_s.arg(explanation_->order));
    });
    connect(print, &QPushButton::clicked, this, [this] { report().printPreview(this)->show(); });
    layout->addWidget(buttons);
    resize(1200, 720);
}

}  // namespace houbu
