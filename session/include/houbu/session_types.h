#pragma once
// What a session hands the console: typed events, snapshots of what to show,
// step-mode state and precheck answers. Plain values, shared by the sessions
// and the models (which need nothing else of a session).

#include <QByteArray>
#include <QList>
#include <QMetaType>
#include <QString>
#include <memory>
#include <optional>
#include <vector>

#include "houbu/analysis.h"
#include "houbu/engine.h"
#include "houbu/event.h"
#include "houbu/explanation.h"
#include "houbu/precheck.h"
#include "houbu/step.h"
#include "houbu/views.h"

namespace houbu {

// One event as the engine emitted it: typed for the console's models, and its
// line as printed when the session had it already (a store's journal, a remote
// engine); an embedded engine without a store leaves it to whoever prints it.
struct EventRecord {
    EventRecord() = default;
    EventRecord(Event e, QByteArray line, QString who = {})
        : seq(static_cast<qint64>(e.seq)),
          json(std::move(line)),
          event(std::move(e)),
          author(std::move(who)) {}
    qint64 seq = 0;
    QByteArray json;  // the line as printed, or empty: line() prints it
    Event event;
    // Who sent the command that caused it ("name (role) @ host"): this
    // console's OS user for its own commands; from houbud only for an admin
    // token. Empty when not known.
    QString author;

    // The line as printed (commands.md).
    QByteArray line() const;
    QString kindName() const { return QString::fromLatin1(eventName(event.kind)); }
    bool isTrace() const {
        return event.kind == EventKind::MatchConsidered || event.kind == EventKind::MatchSkipped;
    }
};

// Event lines (JSON Lines, as a store or houbud gives them) as records; a line
// that is not an event is named in `error` and the rest are still read.
QList<EventRecord> eventRecords(const QByteArray& lines, const QString& author,
                                QString* error = nullptr);

// How the log names who sent a command.
QString authorText(const QString& name, const QString& role, const QString& host);

// What the engine would answer a command, asked before it is sent
// (Session::precheck). `known` is false when nothing here can tell (no engine
// open, or a remote engine): the engine then judges the command when it is sent.
struct PrecheckReply {
    bool known = false;
    Precheck answer;  // the engine's answer; bad_command for a line that does not parse
    // A command the engine accepts, applied and taken back
    // (Engine::previewCommand). None for a query, or while matching is paused.
    std::optional<CommandPreview> preview;
};

// One order's forecast (Session::forecast, commands.md "forecast"), with the
// state it was computed on: the engine's last event and clock, which the
// snapshots carry too, so that a later snapshot tells it is stale.
struct OrderForecast {
    QString order;
    std::optional<ForecastValue> value;       // none: the engine refused (see `error`)
    ErrorCode error = ErrorCode::BadCommand;  // order_closed: the order no longer waits
    qint64 seq = 0;
    QString clock;  // "YYYY-MM-DDTHH:MM", as ConsoleSnapshot::clock
    // From the forecast of its whole run at once (Session::forecastRun)
    // rather than of the order alone.
    bool wholeRun = false;
};

// A queue as published: shared by the snapshots it did not change between.
using QueuePtr = std::shared_ptr<const QueueView>;

// Published queues as plain values (for comparing and encoding them).
inline std::vector<QueueView> queueValues(const std::vector<QueuePtr>& queues) {
    std::vector<QueueView> out;
    out.reserve(queues.size());
    for (const QueuePtr& q : queues)
        out.push_back(*q);
    return out;
}

// What the console shows at one moment. Published by the session after every
// batch of commands; immutable once published.
struct ConsoleSnapshot {
    qint64 lastSeq = 0;
    QString clock;  // "YYYY-MM-DDTHH:MM"
    qint64 journalLength = 0;
    std::vector<RunSummary> runs;
    // The run shown in detail (empty when none is defined yet).
    RunView run;
    std::vector<SeatView> seats;
    // By class, from, to; each with its whole length and a window of its
    // orders in rank order: its first kQueueRows, or more for a queue the
    // console scrolled down, or another window (Session::showQueueRows). On
    // a change to a run of more than kQueueLinesAtFirst lines, an embedded
    // session lists only its first queues (as far as those lines reach); the
    // others have no orders listed until the console shows them.
    std::vector<QueuePtr> queues;
    // How deep a queue is read from its head, and how far down a queue the
    // console asks for more at a time. 500 rows of every queue were 83 MB
    // on the 1/50 day's busiest runs. A screen shows about 30.
    static constexpr int kQueueRows = 100;
    // The lines (queue headers and orders) listed on a change of run: the
    // 1/25 day's busiest run has 1,478 queues, 14,621 orders in their first
    // hundreds, read in 53 ms; a screen shows 30 lines.
    static constexpr int kQueueLinesAtFirst = 300;
    // The day's longest queues over every run, most waiting passengers first
    // (null until ranked). Ranked at most every kRankEveryMs: a pass over
    // every queue of the day is too much for every batch.
    std::shared_ptr<const std::vector<HotQueue>> hotQueues;
    // The engine's last event when hotQueues and the runs' longest queues
    // were ranked (lastSeq when they are current).
    qint64 rankedSeq = 0;
    static constexpr int kHotQueues = 200;
    static constexpr int kRankEveryMs = 500;
    std::vector<StandingTicketView> standingTickets;  // 无座: they have no seat in `seats`
    LimitValues limits;                               // the waitlist limits in force
    // The outcome of a command this console sent (a dialog's or the grid's):
    // shown at once, not at the next frame, however busy the engine is.
    bool answersOperator = false;
};
using SnapshotPtr = std::shared_ptr<const ConsoleSnapshot>;

// Step mode (matching paused): where the command being stepped stands. While
// a command is paused the snapshots show the engine between two decisions.
struct StepState {
    bool enabled = false;  // matching is paused: new commands are stepped
    bool paused = false;   // a command waits with a pending decision
    QByteArray command;    // the command being stepped (as sent)
    int line = 0;          // its line number in the journal
    int waiting = 0;       // commands sent after it, not applied yet
    // The decisions applied so far for this command, and the next one.
    std::vector<StepDecision> applied;
    StepDecision next;
    StepPass pass;
    std::vector<StepCandidate> candidates;  // in queue order (at most 200)
    // Events of this command so far (JSON lines, with match_considered /
    // match_skipped): they reach the log when the command is committed.
    QList<QByteArray> events;
    // Back can undo a decision: one of this command's, or, at its first, the
    // last one of a command stepped before it and not committed yet.
    bool canStepBack = false;
    // Commands that went through with no decision to take (nothing freed that
    // a queued order could use, or no queued order): line and text.
    struct Passed {
        int line = 0;
        QByteArray command;
    };
    std::vector<Passed> passed;
};

}  // namespace houbu

Q_DECLARE_METATYPE(houbu::Event)
Q_DECLARE_METATYPE(houbu::EventRecord)
Q_DECLARE_METATYPE(houbu::SnapshotPtr)
Q_DECLARE_METATYPE(houbu::StepState)
Q_DECLARE_METATYPE(houbu::PrecheckReply)
Q_DECLARE_METATYPE(houbu::OrderForecast)
Q_DECLARE_METATYPE(std::vector<houbu::WaitReason>)
Q_DECLARE_METATYPE(std::shared_ptr<const houbu::RunHistory>)
Q_DECLARE_METATYPE(std::shared_ptr<const houbu::PolicyComparison>)
Q_DECLARE_METATYPE(std::shared_ptr<const houbu::EventExplanation>)
