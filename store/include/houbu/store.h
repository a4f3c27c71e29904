#pragma once
// The durable store: the engine plus a journal in SQLite (embedded default) or
// PostgreSQL (server option), through Qt Sql.
//
// Guarantees:
//  1. A command is applied whole or not at all: its journal row (the line's
//     bytes exactly as received, kept as a BLOB/BYTEA so that no encoding
//     issue can change what a replay reads, sequence number, clock, who sent
//     it and when) and the state tables it changed commit in one transaction,
//     shared with the other commands of its group (group commit). The engine
//     is deterministic, so a row keeps not its events but a link of a hash
//     chain over every row up to it and the events they produced: a replay
//     re-derives the events and must reproduce each link, which finds a
//     changed event, a changed, missing or reordered row.
//  2. Events are handed out only after that transaction committed, so every
//     command whose events were returned is durable. SQLite runs in WAL mode
//     with synchronous=FULL: a commit survives a process crash and a power cut.
//     The commands of a transaction are kept together in one journal block
//     (journal_block.h), packed as one.
//  3. Opening a store restores the latest snapshot, replays the journal after
//     it and checks that the replay reproduces every chain link (the events
//     byte for byte),
//     that the engine's invariants hold and that the state tables agree with the
//     engine. Any disagreement is reported; nothing is silently accepted.
//  4. One writer: a second process opening the same store is refused.

#include <QByteArray>
#include <QList>
#include <QString>
#include <functional>
#include <memory>
#include <optional>

#include "houbu/codec.h"
#include "houbu/engine.h"

class QIODevice;

namespace houbu {

class StoreImpl;

// Who sent a command: a houbud token's name and role, the console's OS user,
// or houbu-cli; and the host it came from.
struct Author {
    QString name;
    QString role;
    QString host;
    bool operator==(const Author&) const = default;
};

struct StoreOptions {
    // A file path (SQLite) or postgresql://user[:password]@host[:port]/database.
    QString location;
    // Engine options for a new store; an existing store keeps those it was made with.
    EngineOptions engine;
    // Commands between engine snapshots: at least this many (default
    // 100,000) and at least half as many as the newest snapshot covers. The
    // engine's thread serializes the state between two groups (a pause as
    // long as the state is large; snapshot_writer.h) and a thread of its own
    // compresses and writes it; the state grows with the journal, so a fixed
    // interval would spend ever more of the writer's time on snapshots. The
    // replay on open after a crash is bounded by the interval.
    int snapshotEvery = 100000;
    // On closing, a snapshot of the journal's end when at least a quarter of
    // the interval came after the newest one, so that the next open replays
    // (almost) nothing. Default: on.
    bool snapshotOnClose = true;
    // Snapshots kept; older ones are deleted. Default 2: the newest, and one
    // to open from should the newest be damaged.
    int snapshotsKept = 2;
    // Open for `verify`: record problems in the summary instead of refusing to open.
    bool inspectOnly = false;
    // Open without building the engine, for a tool that builds its own:
    // verify() replays the whole journal into it, replay() into one of its own.
    // A whole day's state is gigabytes, and restoring it first would hold it
    // twice. Until verify() ran, engine() is empty; apply() loads it first.
    bool deferLoading = false;
    // Called while the journal after the snapshot is replayed on opening (commands
    // done, total); returning false cancels the open, which then fails and changes nothing.
    std::function<bool(qint64 done, qint64 total)> progress;
    // Bytes of the newest events kept in memory for readers of the stream's
    // tail; older events are re-derived from the journal.
    qint64 recentEventBytes = 32 << 20;
    // Tests: a command dictionary under training is waited for at the next
    // group instead of being taken up whenever it is ready.
    bool waitForTraining = false;
    // Tests: the child process writing a snapshot is waited for, and the
    // snapshot taken in, right after the commit that made it due (instead of
    // a part per transaction once the child is done).
    bool waitForSnapshots = false;
    // A transaction that fails is retried until it commits (a server that
    // must not lose what it was asked while its database is down; see
    // Store::availability) instead of failing its group at once. Default: off.
    bool retryFailedCommits = false;
    // The author of lines that name none.
    Author author = {QStringLiteral("cli"), QStringLiteral("cli"), {}};
    // A follower of a PostgreSQL store (houbud --follow): opened without the
    // writer's lock, it never writes (no migration, no snapshot, apply and
    // submit refused) and Store::catchUp applies what the writer committed.
    bool follow = false;
};

// Where a follower stands against its store's journal (Store::followState).
struct FollowState {
    qint64 applied = 0;     // journal rows applied here
    qint64 journalEnd = 0;  // the journal's end when last looked at
    qint64 lookedAtMs = 0;  // when the journal was last looked at, ms since 1970 UTC
    // From the writer journaling the newest row applied to this follower
    // applying it (the two wall clocks compared: on one machine, or with
    // their clocks in step); -1 before any row came in.
    qint64 lastDelayMs = -1;
};

// What `houbu-cli verify` prints.
struct StoreReport {
    QString location;
    QString backend;  // "SQLite" or "PostgreSQL"
    int schemaVersion = 0;
    qint64 journalLength = 0;
    qint64 events = 0;
    qint64 snapshotSeq = 0;  // journal seq of the snapshot the open started from
    // Journal seqs of the stored snapshots found equal to the replay's state there.
    QList<qint64> snapshotsChecked;
    QString clock;
    EngineSummary engine;
    QStringList problems;  // empty when everything agrees
};

// One input line to apply.
struct InputLine {
    InputLine(QByteArray t = {}, int n = 0, Author a = {}, QByteArray r = {})
        : text(std::move(t)), number(n), author(std::move(a)), request(std::move(r)) {}
    QByteArray text;
    int number = 0;  // 1-based line number in its input, carried by the events
    Author author;   // empty: StoreOptions::author
    // The client's key for the request the line came in (consecutive lines
    // share it), journaled with the journal positions it covers so that a
    // resend after a lost answer is recognised (Store::findRequest). Empty:
    // none. A key may be journaled once.
    QByteArray request;
};

// The journal positions of the commands of one request.
struct JournaledRequest {
    qint64 first = 0;
    qint64 last = 0;
};

// Which events Store::readEventsOf gives: those of one waitlist order (its
// own, the match trace about it, the tickets it was served with), or of one
// run (Engine::eventConcernsOrder, eventConcernsRun).
struct EventFilter {
    QString order;        // a waitlist order's id; empty: the run below
    QString train, date;  // a run
};

// One journal row as `export --authors` and audits read it.
struct JournalEntry {
    qint64 seq = 0;
    int line = 0;
    QByteArray command;
    Author author;
    qint64 journaledAtMs = 0;  // wall clock, ms since 1970 UTC; 0 when not recorded
    qint64 firstEvent = 0;     // the seq of its first event (of the next, when it made none)
    int eventCount = 0;
};

class Store {
  public:
    // Schema version this build writes and reads; a store of an older one
    // (1 to 4) is migrated in place when opened, with progress.
    static constexpr int kSchemaVersion = 6;

    // Opens or creates a store. Returns nullptr with a message naming the
    // problem (locked, not a Houbu database, newer schema, corrupt, journal and
    // state disagree, server unreachable, ...).
    static std::unique_ptr<Store> open(const StoreOptions& options, QString& error);

    // The platform's default location of the console's store.
    static QString defaultLocation();

    ~Store();
    Store(const Store&) = delete;
    Store& operator=(const Store&) = delete;

    // Applies the lines in one transaction and appends their events (JSON
    // Lines) to `out` once committed. Blank and comment lines produce nothing.
    // A failed transaction is retried until it commits (availability()); on
    // a storage failure that is given up (stopRetrying) returns false with
    // `error`: none of the lines was applied and the engine is rebuilt at the
    // last committed state when the database can be read.
    // (A SQLite commit whose sync failed may already be whole in the WAL: the
    // store overwrites it with a commit of its own before it reconnects, so it
    // never turns up later; should the process or the machine stop before that
    // commit succeeded, it may be found applied on reopening. A client that
    // must know asks by the lines' request key, findRequest.)
    // With `ends`, appends for each line the size of `out` after its events, so
    // that a caller batching several requests into one group can split the output.
    bool apply(const QList<InputLine>& lines, QByteArray& out, QString& error,
               QList<qsizetype>* ends = nullptr);
    // The same for lines parsed already (parsed[i] = parseCommandLine(lines[i].text)),
    // so that a caller can parse on a thread of its own while the store writes.
    bool applyParsed(const QList<InputLine>& lines, const std::vector<ParsedLine>& parsed,
                     QByteArray& out, QString& error);

    // Called once a submitted group's transaction ended, on the store's own
    // thread, group after group in the order submitted: with `ok`, its events
    // (JSON Lines) and, per line, their size after it; otherwise why none of
    // its lines was applied.
    using Committed = std::function<void(bool ok, const QByteArray& events,
                                         const QList<qsizetype>& ends, const QString& error)>;
    // Applies the lines to the engine now and journals them behind the groups
    // submitted before, without waiting for the commit: the engine goes on
    // with the next group while the disk writes this one (a pipeline of
    // group commits). `parsed` may be null. `done` hears of the commit; until
    // then nothing of the group may be shown as applied. When a transaction
    // fails, every group submitted after it fails too, and the next submit
    // first rebuilds the engine from the store; false with `error` when that
    // cannot be done (nothing of these lines was applied).
    bool submit(const QList<InputLine>& lines, const std::vector<ParsedLine>* parsed,
                Committed done, QString& error);
    // Waits until every submitted group was answered.
    void flush();

    // Whether transactions go through. A transaction that fails (the
    // database down or unreachable, its disk full or read-only) is not given
    // up: the store retries it, pausing 100 ms doubling to 2 s between
    // attempts (reconnecting to PostgreSQL), and its group is answered once
    // it committed, or failed when retrying is stopped (closing the store
    // stops it). Meanwhile the engine holds that group's commands, and apply()
    // waits. Safe from any thread.
    struct Availability {
        bool available = true;
        qint64 sinceMs = 0;  // when the first attempt failed, ms since 1970 UTC
        QString reason;      // the last attempt's error
    };
    Availability availability() const;
    // Gives up the transaction being retried, if any, and any later one:
    // their groups fail ("nothing of this batch was applied"). Safe from any thread.
    void stopRetrying();

    // Appends to `out` the committed events with seq > afterSeq, oldest first
    // (JSON Lines, as apply() returned them): at most `limit` events. Recent
    // events come from memory; older ones are re-derived by replaying the
    // journal from the nearest snapshot before them, and a reader that pages
    // forward continues that replay where it stopped. Returns false with
    // `error` when the journal cannot be read or disagrees with its chain.
    bool readEvents(qint64 afterSeq, int limit, QByteArray& out, QString& error);
    // The oldest event readEvents gives from memory (the events of the
    // commands before the snapshot opened from, kept with it, and of those
    // since: at most recentEventBytes of them); one past the last event when
    // none is held. Reading from it on costs no replay: an older one costs
    // an engine restored beside this one.
    qint64 firstRecentEvent() const;

    // Appends the committed events with seq > afterSeq that concern `filter`,
    // oldest first, at most `limit`, re-derived from the part of the journal
    // that can hold them (an order's first to last change, a run's
    // definition on; tables store those positions) from the nearest snapshot
    // before it, and keeps that replay for the next page. `scanned` is the
    // event seq to go on after: everything up to it was looked at (the end
    // of the events when nothing is left). False with `error` when the
    // journal cannot be read or disagrees with its chain.
    bool readEventsOf(const EventFilter& filter, qint64 afterSeq, int limit, QByteArray& out,
                      qint64& scanned, QString& error);

    const Engine& engine() const;
    // The engine itself, for step mode and previews in place: whatever the
    // caller applies to it must follow an Engine::mark() and be taken back
    // with Engine::undo() before the next apply or submit, which refuse while
    // a mark is left. Nothing of it reaches the journal.
    Engine& engineInPlace();
    // Engine::setTraceSink on the store's engine, kept across a reload: the
    // match trace of the commands applied from now on goes to `sink` (on the
    // caller's thread, during apply), and the journal and events stay as they are.
    void setTraceSink(EventSink* sink);
    // Hands each event to `tap` as the engine emits it (on the caller's thread,
    // during apply or submit, before its commit), for a caller that keeps the
    // events typed; apply's answer says whether they were committed. Null: none.
    void setEventTap(EventSink* tap);
    qint64 journalLength() const;

    // The journal positions of the request journaled under `key`, if any.
    std::optional<JournaledRequest> findRequest(const QByteArray& key, QString& error);
    // Appends the events of journal rows first..last (JSON Lines, as apply()
    // returned them).
    bool readEventsOfRows(qint64 first, qint64 last, QByteArray& out, QString& error);
    // Why the last snapshot could not be taken (empty when none failed): the
    // journal is safe, but the next open replays more of it.
    QString snapshotFailure() const;
    // Snapshots started in this session and how long serializing them paused the writer.
    struct SnapshotPauses {
        int started = 0;
        qint64 longestMicroseconds = 0;
        qint64 totalMicroseconds = 0;
    };
    SnapshotPauses snapshotPauses() const;

    // Checks the store: replays the whole journal in a fresh engine, checks
    // every row's chain link (its events byte for byte), every stored snapshot
    // against the replay's state at its journal seq, the state opened with
    // (when one was) against the replay's end, and every state row. One
    // engine is held at a time: the opened one is dropped for the replay,
    // which becomes the store's engine. Fills the report.
    StoreReport verify();

    // Re-executes the journal from the start up to journal sequence `toSeq`
    // (all of it when toSeq <= 0), calling `sink` with the events of each
    // command. Each row's chain link must come out as stored; returns false
    // with `error` naming the first row that differs.
    bool replay(qint64 toSeq, const std::function<void(const QByteArray&)>& sink, QString& error);

    // Writes the journal as a scenario (JSON Lines, one command per line);
    // with `authors`, each command follows a comment naming who sent it and when.
    bool exportScenario(QIODevice& out, QString& error, bool authors = false);

    // The journal row whose command produced event `eventSeq` (0 when none did).
    qint64 journalRowOfEvent(qint64 eventSeq);

    // The engine as it was just before journal row `journalSeq` was applied,
    // rebuilt from the newest snapshot before it and the rows after that
    // (each link checked), and that row in `row` (seq, line, command): what a
    // reader needs to apply the row again, decision by decision, to see why
    // an order was served. Null with `error` when there is no such row or
    // the journal cannot be read.
    std::unique_ptr<Engine> engineBefore(qint64 journalSeq, JournalEntry& row, QString& error);

    // Calls `row` for each journal row from seq `from` on, in order; stops when it returns false.
    bool readJournal(qint64 from, const std::function<bool(const JournalEntry&)>& row,
                     QString& error);

    QString location() const;
    bool isPostgres() const;

    // ---- followers (StoreOptions::follow) ----
    // Applies the journal rows the writer committed since the open or the
    // last call, each chain link checked, and appends their events (JSON
    // Lines) to `out`. False with `error` when the journal cannot be read
    // (the next call tries again, reconnecting) or disagrees with its chain
    // (the follower cannot go on: nothing after the last good row is kept).
    bool catchUp(QByteArray& out, QString& error);
    FollowState followState() const;
    // Names this connection to the database's other sessions (PostgreSQL's
    // application_name, at most 63 bytes): houbud announces the address it
    // serves on, which its followers give clients that send them commands.
    void announce(const QString& name);
    // The session holding the store's lock (its writer), if any: the name it
    // announced, its server process, and how long it has been idle (a
    // writer runs a query at least every kHeartbeatMs: heartbeat()).
    struct LockHolder {
        QString name;
        qint64 pid = 0;
        qint64 idleMs = 0;  // 0 while it runs a query
    };
    static constexpr int kHeartbeatMs = 250;
    std::optional<LockHolder> lockHolder(QString& error);
    // Ends the session of a writer that stopped answering (SIGSTOP, a hung
    // machine), which frees its lock; its transaction in flight, never
    // acknowledged, is rolled back. Only while that session holds the lock.
    bool depose(qint64 pid, QString& error);
    // A follower becomes the writer: takes the lock if it is free, applies
    // the journal to its end and checks that it holds every row (fenced: a
    // journal longer than what it applied is refused), then writes; the
    // events of the rows applied meanwhile are appended to `out`. False
    // with an empty `error` when another session holds the lock.
    bool promote(QByteArray& out, QString& error);
    // A writer's sign of life for its followers (PostgreSQL): a query on
    // the database thread, without waiting for it.
    void heartbeat();
    // Whether this writer lost its session and found the store's lock taken
    // by another when it reconnected: it writes nothing any more. Safe from
    // any thread.
    bool deposed() const;

  private:
    explicit Store(std::unique_ptr<StoreImpl> impl);
    std::unique_ptr<StoreImpl> d_;
};

}  // namespace houbu
