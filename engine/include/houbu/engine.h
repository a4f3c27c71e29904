#pragma once
// The Houbu engine: a deterministic state machine over train runs, seats,
// sales, quota blocks and waitlist orders (commands.md).
//
// Invariants kept after every command and every timed effect:
//  1. No two live holders (held or paid ticket, block) share a segment of one seat.
//  2. Every seat's occupancy mask equals the union of its holders' intervals.
//  3. Under policy `complete`, no queued order is servable on a run of that policy.
//  4. Events are numbered 1, 2, ... without gaps; the clock never goes back.
//
// Threading: single writer. Parallelism comes from running independent
// engines (partitions), never from locks inside one.

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "houbu/command.h"
#include "houbu/event.h"
#include "houbu/precheck.h"
#include "houbu/step.h"
#include "houbu/views.h"

namespace houbu {

struct EngineOptions {
    // Policy for runs whose `train` command names none. Default: complete.
    Policy defaultPolicy = Policy::Complete;
    // How seats are picked for sales, blocks and waitlist service. Default: best-fit.
    SeatChoice seatChoice = SeatChoice::BestFit;
    // Emit match_considered / match_skipped for each candidate the matcher looks at.
    bool trace = false;
    // The version of commands.md's rules: 2 (default), or 1 for a stream that
    // must give version 1's bytes (a store journaled before version 2; rule 8
    // lists what differs).
    int rules = 2;
};

class EventSink {
  public:
    virtual ~EventSink() = default;
    virtual void onEvent(const Event& event) = 0;
};

class EngineState;
class RunForecast;
class StepRun;
class UndoLog;

// Counts over the whole state, for summaries and for checking a store's tables.
struct EngineSummary {
    std::int64_t runs = 0;
    std::int64_t seats = 0;
    std::int64_t ticketsHeld = 0;
    std::int64_t ticketsPaid = 0;
    std::int64_t ticketsRefunded = 0;
    std::int64_t ticketsExpired = 0;
    std::int64_t blocksLive = 0;
    std::int64_t ordersAwaitingPrepay = 0;
    std::int64_t ordersQueued = 0;
    std::int64_t ordersFulfilled = 0;
    std::int64_t ordersCancelled = 0;
    std::int64_t ordersExpired = 0;
    std::int64_t ordersFailed = 0;
    bool operator==(const EngineSummary&) const = default;
};

// One table of the state and what it takes: an estimate from record sizes
// and container capacities (what a day's size costs), not a walk of the heap.
struct MemoryUse {
    std::string table;
    std::int64_t records = 0;
    std::int64_t bytes = 0;
};

// One record's status as the event stream describes it: tickets (held, paid,
// refunded, expired), waitlist orders (awaiting_prepay, queued, fulfilled,
// cancelled, expired) and blocks (live, released).
struct RecordStatus {
    enum class Kind { Ticket, Order, Block } kind;
    std::string id;
    std::string status;
};

// What a command would do, for an operator about to send it
// (Engine::previewCommand).
struct CommandPreview {
    std::vector<Event> events;
    // Orders in the longest queue of the command's run, before and after it
    // (-1 when the command names no run).
    int longestBefore = -1;
    int longestAfter = -1;
};

class Engine {
  public:
    explicit Engine(EngineOptions options = {});
    ~Engine();
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;

    // Applies one command read from input line `line` (1-based): fires the timed
    // effects due at or before its `at`, then the command, then matching. Every
    // event goes to `sink` in order. A rule violation is one `error` event and
    // changes nothing but the timers that were due. A command with `dry_run`
    // is a preview: its events (timed effects included), each marked
    // `dry_run`, take the next sequence numbers like a query's, and nothing
    // else remains (no id, no timer, the clock as it was).
    void apply(const Command& command, int line, EventSink& sink);

    // Applies one command like apply(), but stops before every matching decision
    // so that the caller can show it and apply decisions one at a time (the
    // console's step mode; see step.h). Applying every decision leaves the engine
    // exactly as apply() would, with the same events in the same order. Until the
    // StepRun is finished or destroyed the engine shows the state between two
    // decisions; apply(), applyStepwise() and rejectMalformed() first finish it.
    std::unique_ptr<StepRun> applyStepwise(const Command& command, int line, EventSink& sink);

    // What apply(command) would answer, without changing anything: the error
    // it would emit (code and message), `duplicate`, or acceptance. The same
    // checks as apply's, in the same order, with the clock at the command's
    // `at`. Timers due by then are not fired first, so the answer is exact when
    // none is due in between (always for a command at the clock); while a
    // StepRun is in progress it is the answer for the state between decisions.
    Precheck precheck(const Command& command) const;

    // Answers a query (position, availability, seatmap) on the state as it
    // is, changing nothing: checked as precheck() checks, no timer fired,
    // the event stamped with seq 0 and the later of the clock and `at`. A
    // refused query gives its error event the same way. False, with nothing
    // sent to `sink`, for a command that is not a query. What houbud answers
    // while its store cannot journal (docs/remote-api.md, degraded mode).
    bool answerQuery(const Command& command, int line, EventSink& sink) const;
    // The forecast of every order queued on the run, served at or before
    // `until` (or its expiry when sooner), with the paths drawn from `seed`:
    // made now from the state, drawn by the caller (RunForecast::advance).
    // Null for an unknown run or an `until` not after the clock.
    std::unique_ptr<RunForecast> forecastRun(const std::string& train, const std::string& date,
                                             Time until, std::uint64_t seed = 1) const;

    // ---- undo: step mode's Back, and dry runs ----
    // Starts an undo record: what the commands applied from here on change
    // can be taken back by undo(). Marks stack; each record keeps the first
    // value of what its commands touch (the runs, queues, orders, tickets
    // and table entries they change), so its cost follows the commands, never
    // the size of the state. Finishes a StepRun in progress first.
    void mark();
    // Takes back everything applied since the latest mark and removes it: the
    // state, the clock, the sequence numbers, the ids and the timers are as
    // they were there (a StepRun in progress is abandoned, not finished).
    // A viewer tracking changes re-reads what went back. False when no mark
    // is left.
    bool undo();
    std::size_t marks() const;
    // Keeps everything applied and drops every mark.
    void dropMarks();
    // The events apply() would give `command`, changing nothing (mark, apply,
    // undo): what a preview of an operator's action shows.
    void dryRun(const Command& command, int line, EventSink& sink);
    // The same with its run's longest queue measured before and after, and
    // no match trace sent anywhere: what a dialog shows before Send (the
    // console's and houbud's precheck).
    CommandPreview previewCommand(const Command& command, int line);
    // Reports a line that is not a valid command (code bad_command). Changes nothing.
    void rejectMalformed(int line, const std::string& message, EventSink& sink);

    // Sends the match trace (match_considered / match_skipped, as
    // EngineOptions::trace emits them) to `sink` instead of the event stream:
    // the stream keeps the bytes and numbers of an untraced run, and each
    // trace event carries the seq of the event it follows. Step mode then
    // stops at skips too. Null (the default) turns it off; ignored while
    // options().trace is on. The sink must outlive its use.
    void setTraceSink(EventSink* sink);

    Time clock() const;
    std::uint64_t lastSeq() const;
    const EngineOptions& options() const;
    // The waitlist limits in force (version 1's until a `configure`).
    const LimitValues& limits() const;

    EngineSummary summary() const;
    // Table by table, largest first.
    std::vector<MemoryUse> memoryUse() const;

    // ---- read-only views (see views.h) ----
    std::vector<RunSummary> runSummaries() const;
    // The `limit` queues with the most waiting passengers over all runs, and
    // each run's longest queue: one pass over every queue (a whole day has
    // hundreds of thousands), so callers ask at a human pace, not per command.
    QueueRanking rankQueues(std::size_t limit) const;
    // Orders in the run's longest queue (0 when none waits, -1 for an unknown
    // run), from its queues' tallies: what a preview compares before and after.
    int longestQueue(const std::string& train, const std::string& date) const;
    // False when the run is unknown.
    bool run(const std::string& train, const std::string& date, RunView& out) const;
    // Every seat of the run in seat order (car, row, layout position).
    std::vector<SeatView> seats(const std::string& train, const std::string& date) const;
    // The run's live standing tickets, in creation order.
    std::vector<StandingTicketView> standingTickets(const std::string& train,
                                                    const std::string& date) const;
    // The run's queues that hold orders, by class, from, to; orders in rank
    // order, as many as `window` asks for (all by default).
    std::vector<QueueView> queues(const std::string& train, const std::string& date,
                                  const QueueWindow& window = {}) const;
    // Starts (or stops) recording which seats and queues change, so that a
    // viewer keeping seats() and queues() of one run can ask takeChanges()
    // instead of reading them whole after every command. Off by default: an
    // engine nobody watches records nothing. Const: the record is the
    // viewer's, never part of the state (snapshots and events ignore it).
    void trackChanges(bool on) const;
    bool tracksChanges() const;
    // What changed on the run since the last call (or since tracking began),
    // then forgets what changed on every run. Its cost follows what changed
    // (plus one pass over the run's seat order when a seat changed). `listed` is false for a run
    // that gained cars (加挂) or when too much changed: the caller then reads it whole.
    // The changed queues are read through `window`, like queues().
    RunChanges takeChanges(const std::string& train, const std::string& date,
                           const QueueWindow& window = {}) const;
    bool order(const std::string& id, OrderView& out) const;
    // For a queued order, per option: free seats and what blocks every other seat.
    std::vector<WaitReason> whyWaiting(const std::string& id) const;
    // Whether `event`, just emitted by this engine (its state as the event
    // left it), concerns the run `train` `date`: it names the run, or a
    // ticket, block, sale or order on it (an order on any of its options).
    // Reads of one run's history filter the journal's events with it.
    bool eventConcernsRun(const Event& event, const std::string& train,
                          const std::string& date) const;
    // Whether `event` concerns the waitlist order `id`: its own events, the
    // match trace about it and the tickets it was served with.
    bool eventConcernsOrder(const Event& event, std::string_view id) const;

    // Every ticket, order and block with its status, in creation order per kind.
    std::vector<RecordStatus> records() const;
    // The same records one at a time, for a state too large to copy (a whole
    // day has tens of millions); the views are valid during the call only.
    void forEachRecord(const std::function<void(RecordStatus::Kind, std::string_view id,
                                                std::string_view status)>& visit) const;

    // The whole state in a canonical binary form: two engines in the same state
    // give the same bytes, whatever history led there (dead queue entries and
    // timers that can no longer do anything are left out).
    std::string snapshot() const;
    // The same bytes in order, in pieces of at least `pieceBytes` (the last
    // may be shorter), for a state too large to hold twice: a store writing
    // its snapshot while the writer goes on.
    void snapshot(const std::function<void(std::string_view)>& write,
                  std::size_t pieceBytes = std::size_t{1} << 20) const;

    // Rebuilds an engine from snapshot(). Returns nullptr and sets `error` when
    // the bytes are not a snapshot of this format version.
    static std::unique_ptr<Engine> restore(std::string_view bytes, EngineOptions options,
                                           std::string& error);
    // The same from the snapshot's bytes in order, a piece per call of
    // `pieces` (each valid until the next call; an empty one ends them), for a
    // state too large to hold whole beside the engine it becomes.
    static std::unique_ptr<Engine> restore(const std::function<std::string_view()>& pieces,
                                           EngineOptions options, std::string& error);

    // Checks invariants 1 and 2 (and the queue bookkeeping) from scratch.
    // Returns an empty string when they hold, else a description of the first violation.
    std::string checkInvariants() const;

  private:
    friend class StepRun;
    // Finishes a StepRun still in progress.
    void settle();
    // Leaves a StepRun still in progress where it is: it does nothing more.
    void abandonStep();
    // apply() of a command with `dry_run`.
    void applyDryRun(const Command& command, int line, EventSink& sink);

    std::unique_ptr<EngineState> state_;
    StepRun* stepping_ = nullptr;
    std::vector<std::unique_ptr<UndoLog>> marks_;
};

}  // namespace houbu
