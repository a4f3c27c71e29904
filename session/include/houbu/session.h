#pragma once
// The console's connection to an engine: commands in, events out, snapshots
// of what to display. Two implementations share this interface: the embedded
// session (engine and store on a worker thread) and, later, a remote session
// to houbud. The GUI thread never waits on either: every answer is a signal.

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QString>
#include <memory>
#include <vector>

#include "houbu/analysis.h"
#include "houbu/event.h"
#include "houbu/explanation.h"
#include "houbu/precheck.h"
#include "houbu/step.h"
#include "houbu/store.h"
#include "houbu/views.h"

class QThread;

namespace houbu {

// One event as the engine emitted it: typed for the console's models, and its
// line as printed, which the log keeps and exports.
struct EventRecord {
    EventRecord() = default;
    EventRecord(Event e, QByteArray line, QString who = {})
        : seq(static_cast<qint64>(e.seq)),
          json(std::move(line)),
          event(std::move(e)),
          author(std::move(who)) {}
    qint64 seq = 0;
    QByteArray json;  // the line as printed
    Event event;
    // Who sent the command that caused it ("name (role) @ host"): this
    // console's OS user for its own commands; from houbud only for an admin
    // token. Empty when not known.
    QString author;

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
};

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
    std::vector<QueueView> queues;
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

class Session : public QObject {
    Q_OBJECT

  public:
    using QObject::QObject;
    ~Session() override = default;

    // "Embedded · /path/houbu.db", "Embedded · in memory", "Remote · https://..."
    virtual QString description() const = 0;
    virtual bool isRemote() const = 0;
    // False for a viewer (read-only) connection; the reason is shown on actions.
    virtual bool canSend() const { return true; }

    // Sends command lines (JSON, commands.md); answered by eventsApplied (and
    // snapshotChanged) or failed.
    virtual void send(const QList<QByteArray>& commands) = 0;
    // Sends one command on its own and returns a ticket (never 0). Answered by
    // commandAnswered(ticket, events, failure): `events` are exactly the events
    // that command caused (possibly none, e.g. an advance with nothing due), or
    // `failure` says why it was not applied (storage, connection). The events
    // also reach eventsApplied as usual; a failure here does not raise `failed`.
    virtual quint64 submit(const QByteArray& command) = 0;
    // Asks what the engine would answer one command (a JSON line) now, without
    // applying it; answered by prechecked(ticket, reply) with a ticket of its own.
    // The default has no engine to ask: its reply is not `known`.
    virtual quint64 precheck(const QByteArray& command);
    // Chooses the run whose seats and queues the snapshots carry.
    virtual void focus(const QString& train, const QString& date) = 0;
    // Asks why a queued order waits; answered by whyWaiting.
    virtual void explain(const QString& orderId) = 0;
    // Replays the journal for a run's history (queues, releases, fulfilments,
    // utilisation); answered by historyReady, with progress.
    virtual void analyseHistory(const QString& train, const QString& date);
    // Replays the journal under both policies for one run; answered by comparisonReady.
    virtual void comparePolicies(const QString& train, const QString& date);
    // Why event `seq` (of command line `line`) went as it did for waitlist
    // order `order`: the command applied again, decision by decision, on the
    // engine as it was before it (explanation.h); answered by eventExplained.
    // The default has no journal to replay.
    virtual void explainEvent(const QString& order, qint64 seq, int line);
    // Whether explainEvent can be answered.
    virtual bool canExplainEvents() const { return false; }

  protected:
    quint64 nextPrecheck() { return ++lastPrecheck_; }

  signals:
    void eventsApplied(const QList<houbu::EventRecord>& events);
    void snapshotChanged(const houbu::SnapshotPtr& snapshot);
    void whyWaiting(const QString& orderId, const std::vector<houbu::WaitReason>& reasons);
    // A command batch could not be applied (storage failure, lost connection).
    void failed(const QString& message);
    void commandAnswered(quint64 ticket, const QList<houbu::EventRecord>& events,
                         const QString& failure);
    void prechecked(quint64 ticket, const houbu::PrecheckReply& reply);
    // Long work (loading a large scenario or store): progress from 0 to total.
    void progress(const QString& what, qint64 done, qint64 total);
    // Null with an error message when the analysis failed or was cancelled.
    void historyReady(const std::shared_ptr<const houbu::RunHistory>& history,
                      const QString& error);
    void comparisonReady(const std::shared_ptr<const houbu::PolicyComparison>& comparison,
                         const QString& error);
    // Null with an error message when the event could not be explained.
    void eventExplained(const std::shared_ptr<const houbu::EventExplanation>& explanation,
                        const QString& error);

  private:
    quint64 lastPrecheck_ = 0;
};

class EmbeddedWorker;

// Engine and store on a worker thread. With an empty location the engine runs
// in memory; otherwise it opens (or creates) that store.
class EmbeddedSession : public Session {
    Q_OBJECT

  public:
    explicit EmbeddedSession(QObject* parent = nullptr);
    ~EmbeddedSession() override;

    // Opens the engine; answered by opened(ok, message) and a first snapshot.
    void open(const StoreOptions& options);

    QString description() const override;
    bool isRemote() const override { return false; }
    void send(const QList<QByteArray>& commands) override;
    quint64 submit(const QByteArray& command) override;
    quint64 precheck(const QByteArray& command) override;
    void focus(const QString& train, const QString& date) override;
    void explain(const QString& orderId) override;
    void analyseHistory(const QString& train, const QString& date) override;
    void comparePolicies(const QString& train, const QString& date) override;
    void explainEvent(const QString& order, qint64 seq, int line) override;
    bool canExplainEvents() const override { return true; }
    // Feeds a whole scenario (JSON Lines) in batches with progress; cancel() stops it
    // between batches.
    void load(const QByteArray& scenario);
    void cancel();
    // Writes the journal (or, in memory, the commands applied) as a scenario.
    void exportScenario(const QString& path);

    // Step mode. With matching paused each command sent is applied on a scratch
    // copy of the engine up to its first matching decision; stepForward() applies
    // one decision, stepBack() undoes one (replaying from the copy taken before
    // the first command not committed; at a command's first decision it goes
    // back into the last decision of the command before it), runToEnd() applies
    // everything pending. Commands reach the engine (and the journal) whole, in
    // order, once nothing is left to step, and the events each gives there are
    // checked against the stepped ones. Turning step mode off runs everything
    // pending first. Answered by stepStateChanged.
    void setStepMode(bool on);
    void stepForward();
    void stepBack();
    void runToEnd();

  signals:
    void opened(bool ok, const QString& message);
    void exported(bool ok, const QString& message);
    void stepStateChanged(const houbu::StepState& state);

  private:
    quint64 lastTicket_ = 0;
    QThread* thread_ = nullptr;
    EmbeddedWorker* worker_ = nullptr;
    QString location_;
};

}  // namespace houbu

Q_DECLARE_METATYPE(houbu::Event)
Q_DECLARE_METATYPE(houbu::EventRecord)
Q_DECLARE_METATYPE(houbu::SnapshotPtr)
Q_DECLARE_METATYPE(houbu::StepState)
Q_DECLARE_METATYPE(houbu::PrecheckReply)
Q_DECLARE_METATYPE(std::vector<houbu::WaitReason>)
Q_DECLARE_METATYPE(std::shared_ptr<const houbu::RunHistory>)
Q_DECLARE_METATYPE(std::shared_ptr<const houbu::PolicyComparison>)
Q_DECLARE_METATYPE(std::shared_ptr<const houbu::EventExplanation>)
