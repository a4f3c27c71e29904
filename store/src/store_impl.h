#pragma once
// The store's inside, shared by its source files:
//   store.cpp         the public API, each call run on the database thread
//   store_schema.cpp  connecting, the schema and its migrations
//   store_load.cpp    opening (snapshot and journal tail), verify, replay
//   store_write.cpp   applying: the engine's thread stages a group of
//                     commands, the database thread journals and commits it
//   store_read.cpp    events, journal rows and exports read back
//
// Two threads. The caller's thread (the engine's) applies commands to the
// engine, encodes their events and notes the state rows they change, and
// serializes snapshots between two groups (snapshot_writer.h). The database thread (db_thread.h)
// does every statement: it computes the chain, packs the group into a journal block, writes it with
// the state rows, commits, and only then hands the events out. The caller goes on with the next
// group meanwhile, so the engine and the disk work at the same time. Every other call runs on the
// database thread while the caller waits, after the groups submitted before it.

#include <QByteArray>
#include <QCryptographicHash>
#include <QFile>
#include <QSqlQuery>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "command_packer.h"
#include "db_thread.h"
#include "houbu/codec.h"
#include "houbu/store.h"
#include "journal_block.h"
#include "snapshot_checksum.h"
#include "snapshot_writer.h"
#include "sql_session.h"
#include "state_changes.h"
#include "state_tables.h"

namespace houbu {

class SnapshotPieces;

// The --seat-choice spelling of a choice, as the store's meta table keeps it.
const char* seatChoiceName(SeatChoice c);

// Collects the events of one command as JSON Lines, and hands each to `also`
// as well when set.
class Capture : public EventSink {
  public:
    QByteArray out;
    EventSink* also = nullptr;
    void onEvent(const Event& e) override {
        appendEvent(e, out);
        out += '\n';
        if (also) also->onEvent(e);
    }
};

// One command staged by the engine's thread, waiting for its transaction.
struct StagedCommand {
    int line = 0;
    qint64 clock = 0;
    int eventCount = 0;
    QByteArray errorCode;
    Author author;
    QByteArray command;       // trimmed, as journaled
    qsizetype eventsEnd = 0;  // its events end here in the group's events
};

// A group of commands applied to the engine and waiting to be committed.
struct StagedGroup {
    qint64 firstSeq = 0;    // journal seq of its first command
    qint64 firstEvent = 0;  // seq of its first event (of the next, when it made none)
    qint64 lastEvent = 0;   // the engine's last event seq after it
    // A snapshot was taken right before it: its block must not hold commands
    // of the group before, or the snapshot's link would lie inside a block.
    bool startsBlock = false;
    std::vector<StagedCommand> commands;
    QByteArray events;
    StateChanges changes;
    std::vector<std::pair<QByteArray, JournaledRequest>> requests;
    QList<qsizetype> ends;  // per input line: the events' size after it
    Store::Committed done;
};

// A stored snapshot's row (its bytes are read by withStoredPieces).
struct SnapshotRow {
    qint64 seq = 0;
    QString checksum;
    int packing = 0;
    int parts = 0;
};

// One journal block as stored, its body unpacked.
struct StoredBlock {
    qint64 firstSeq = 0;
    qint64 lastSeq = 0;
    qint64 firstEvent = 0;
    qint64 journaledAt = 0;
    QByteArray chain;
    std::vector<JournalCommand> commands;
    QString damage;  // why its body could not be read, if it could not
};

// PostgreSQL: the advisory lock a store's one writer holds for its session.
constexpr qint64 kWriterLock = 4812960017LL;

class StoreImpl : public EventSink {
  public:
    StoreImpl();
    ~StoreImpl() override;

    StoreOptions options;
    QString connection;
    SqlSession sql;
    StateTables tables{sql};
    std::unique_ptr<DbThread> thread = std::make_unique<DbThread>();
    bool postgres = false;
    EngineOptions engineOptions;
    int schemaVersion = 0;
    QStringList problems;

    // ---- the engine's thread --------------------------------------------------
    std::unique_ptr<Engine> engine;
    EventSink* eventTap = nullptr;   // Store::setEventTap
    EventSink* traceSink = nullptr;  // Store::setTraceSink, for every engine it holds
    qint64 journalSeq = 0;  // commands applied to the engine (some maybe not committed yet)
    // False while the engine is empty because loading was deferred (or a
    // verify's replay broke off): see StoreOptions::deferLoading.
    bool engineLoaded = false;
    bool needsReload = false;
    StagedGroup* staging = nullptr;  // the group being applied
    QByteArray currentError;
    int currentEvents = 0;
    bool blockBreakDue = false;
    Store::SnapshotPauses pauses;
    void onEvent(const Event& e) override;

    // ---- between the two threads ---------------------------------------------
    std::mutex queueMutex;
    std::condition_variable queueChanged;
    std::deque<std::unique_ptr<StagedGroup>> queued;  // submitted, not yet taken
    int inFlight = 0;                                 // submitted, not yet answered
    // Set by the database thread when a transaction failed: every group after
    // it is refused, and the engine is rebuilt from the store before the next.
    std::atomic<bool> broken{false};
    QString brokenReason;
    // While a transaction keeps failing: since when (ms since 1970) and why;
    // 0 and empty while commits go through (guarded by queueMutex).
    qint64 unavailableSinceMs = 0;
    QString unavailableReason;
    // Set to give up a retried transaction (closing, or the caller's say).
    std::atomic<bool> stopRetrying{false};
    std::condition_variable retryWake;  // with queueMutex: stopRetrying was set
    std::atomic<qint64> committedSeq{0};
    std::atomic<qint64> committedEvent{0};
    // A snapshot is being written or taken in: no new one is started.
    std::atomic<qint64> snapshotInFlight{0};
    std::atomic<qint64> snapshotSeqShared{0};  // the newest registered snapshot's journal seq
    // After a snapshot failed, none is tried again before this journal seq.
    std::atomic<qint64> snapshotRetryAtShared{0};
    QString snapshotFailureText;  // guarded by queueMutex

    // ---- the database thread --------------------------------------------------
    std::unique_ptr<CommandPacker> packer = std::make_unique<CommandPacker>();
    qint64 snapshotSeq = 0;  // journal seq of the newest snapshot
    qint64 openedFromSnapshot = 0;
    QByteArray lastLink;  // the chain link of the last committed command
    qint64 lastClock = 0;
    std::map<QString, qint64> authorIds;
    Author lastAuthor;  // the author authorId() answered last, and its id (-1: none)
    qint64 lastAuthorId = -1;
    std::map<qint64, Author> authorsById;
    QStringList authorsAdded;
    // A dictionary trained and handed to the packer, inserted by the
    // transaction that failed: the retry inserts it again.
    std::optional<std::pair<int, QByteArray>> dictionaryToInsert;
    // SQLite: a commit failed, perhaps after its whole transaction was in the
    // WAL (the sync failed). A new connection's recovery would find it
    // committed, so the connection is not reopened until a commit after it
    // overwrote its frames (supersedeFailedCommit).
    bool failedCommitInWal = false;
    // The chain link of the last transaction tried: committedAnyway() finds
    // it in the journal, or the transaction did not commit.
    QByteArray attemptedLink;
    // PostgreSQL: the lock was held by another session when this one
    // (re)connected: another process writes the store.
    std::atomic<bool> lockTaken{false};
    // The journal's newest block as the database has it now, by its key
    // (an index lookup, not a scan); all 0 for an empty journal. Throws
    // SqlFailure.
    struct NewestBlock {
        qint64 lastSeq = 0;
        qint64 journaledAt = 0;
        qint64 clock = 0;
    };
    NewestBlock newestBlock();

    // ---- schema (store_schema.cpp) -------------------------------------------
    bool connect(QString& error);
    bool prepareSchema(QString& error);
    bool migrateFromV1(QString& error);
    bool migrateFromV2(QString& error);
    bool migrateFromV3(QString& error);
    bool migrateFromV4(QString& error);
    bool migrateFromV5(QString& error);
    bool migrateBy(int from, const QStringList& statements, QString& error);
    QString displayLocation() const;

    // ---- loading (store_load.cpp) --------------------------------------------
    void problem(const QString& text) { problems << text; }
    bool load(QString& error);
    bool reload(QString& error);
    bool supersedeFailedCommit();
    std::vector<SnapshotRow> snapshotRows(qint64 limit);
    QString withStoredPieces(
        const SnapshotRow& s,
        const std::function<QString(const std::function<bool(QByteArray&)>&)>& use);
    QString checkSnapshot(const SnapshotRow& s);
    QString readSnapshot(const SnapshotRow& s, const std::function<void(SnapshotPieces&)>& use);
    std::unique_ptr<Engine> newestSnapshotBefore(qint64 limit, qint64& seq, bool report);
    void verifyAll(StoreReport& r);
    void checkRows();

    // ---- the journal, read (store_read.cpp) ----------------------------------
    // Blocks holding journal seqs from `from` on, in order, a page at a time
    // (so that PostgreSQL never holds a whole day's rows in one result), until
    // `use` returns false. A block that cannot be unpacked comes with its damage.
    void forEachBlock(qint64 from, qint64 to, const std::function<bool(StoredBlock&)>& use);
    // The chain link after journal seq `seq` (the origin before the first):
    // a block's last command's, where snapshots lie.
    QByteArray linkAt(qint64 seq);
    // Replays the commands of `block` from journal seq `from` into `engine`,
    // which has applied the journal up to `previous`, moving `link` on and
    // checking each command's. Calls `each` with a command's seq, first event
    // and events; it stops the replay there by returning false. Returns what
    // is wrong, or an empty string.
    QString replayBlock(
        Engine& engine, const StoredBlock& block, qint64 from, qint64& previous, QByteArray& link,
        const QString& against,
        const std::function<bool(qint64 seq, qint64 firstEvent, const QByteArray& events)>& each,
        EventSink* also = nullptr);
    qint64 rowOfEvent(qint64 eventSeq);
    std::unique_ptr<Engine> engineBefore(qint64 journalSeq, JournalEntry& row, QString& error);
    bool readEvents(qint64 afterSeq, int limit, QByteArray& out, QString& error);
    Author authorOf(qint64 id);
    // The newest committed commands' events, for readers of the stream's tail.
    struct RecentCommand {
        qint64 seq;
        qint64 firstEvent;
        QByteArray events;
    };
    std::deque<RecentCommand> recent;
    qint64 recentBytes = 0;
    void remember(qint64 seq, qint64 firstEvent, QByteArray events);
    // The remembered events up to a snapshot's seq, kept with it, and
    // brought back into `recent` when a load starts from it
    // (store_history.cpp): a reader of the recent past (the console's log)
    // finds them in memory without replaying from an older snapshot.
    void keepHistory(qint64 snapshot);
    // The remembered commits up to the snapshot being taken in, as they were
    // when it was handed to this thread: a whole day's snapshot takes minutes
    // to take in, and by then `recent` has moved past it.
    std::vector<RecentCommand> snapshotHistory;
    void captureHistory(qint64 snapshot);
    void restoreHistory(qint64 snapshot, qint64 lastEvent);
    // A replay kept between reads of older events: a reader paging forward
    // continues it instead of starting again from a snapshot.
    std::unique_ptr<Engine> reader;
    qint64 readerSeq = 0;
    QByteArray readerLink;
    QByteArray readerTail;
    // The same for readEventsOf, whose reader pages through one order's or
    // run's part of the journal.
    std::unique_ptr<Engine> filtered;
    qint64 filteredSeq = 0;
    QByteArray filteredLink;
    bool readEventsOf(const EventFilter& filter, qint64 afterSeq, int limit, QByteArray& out,
                      qint64& scanned, QString& error);

    // ---- following the writer (store_follow.cpp) -------------------------------
    bool catchUp(QByteArray& out, QString& error);
    std::optional<Store::LockHolder> lockHolder(QString& error);
    bool promote(QByteArray& out, QString& error);
    // The name given by Store::announce, set again on every new connection
    // (a writer reconnecting after its session ended must still be found).
    QString announced;
    void announce();
    std::atomic<bool> heartbeatPending{false};
    mutable std::mutex followMutex;
    FollowState follow;         // guarded by followMutex
    bool followBroken = false;  // the journal disagreed with its chain: stop

    // ---- applying (store_write.cpp) ------------------------------------------
    bool submit(const QList<InputLine>& lines, const std::vector<ParsedLine>* parsed,
                Store::Committed done, QString& error);
    bool applyNow(const QList<InputLine>& lines, QByteArray& out, QString& error,
                  QList<qsizetype>* ends, const std::vector<ParsedLine>* parsed);
    void flush();
    void startSnapshotWhenDue();
    void takeSnapshot();
    // Before closing: a snapshot of the end, so that the next open replays nothing.
    void closeSnapshot();
    // Database thread:
    void drain();
    // Commits the groups, retrying a failed transaction (the database down,
    // its disk full or read-only) with a growing pause until it goes through
    // or stopRetrying is set; answers them either way.
    void commitGroups(std::vector<std::unique_ptr<StagedGroup>>& groups);
    // One attempt: false with `why` after rolling back everything it did.
    bool tryCommit(std::vector<std::unique_ptr<StagedGroup>>& groups, QString& why);
    // After a failed attempt: whether the transaction committed all the same
    // (the connection died after COMMIT was sent); its bookkeeping then redone.
    bool committedAnyway(std::vector<std::unique_ptr<StagedGroup>>& groups);
    // A new connection when the old one is gone (PostgreSQL restarted).
    void reconnectIfLost();
    void answer(std::vector<std::unique_ptr<StagedGroup>>& groups, bool ok, const QString& error);
    qint64 authorId(const Author& given);

    // ---- snapshots (store_write.cpp) -----------------------------------------
    static constexpr qint64 kSnapshotPartBytes = 1 << 20;
    std::unique_ptr<SnapshotWriter> snapshotting;  // database thread, once handed over
    std::unique_ptr<QFile> intake;
    std::unique_ptr<SnapshotChecksum> intakeHash;
    QByteArray intakeExpected;
    int intakeParts = 0;
    bool partsToCollect = true;
    QString snapshotPath(qint64 seq) const;
    void removeLeftSnapshotFiles() const;
    bool takeInSnapshotPart();
    void takeInWholeSnapshot();
    void dropSnapshot(const QString& why);
    void dropOldSnapshots();
    void collectSnapshotParts();
    // Whether closing may write: not for a store opened to be inspected or
    // followed, nor one whose state is in doubt.
    bool writesOnClosing() const;
    // On closing: every part of no snapshot, in one transaction.
    void collectAllSnapshotParts();
};

// Feeds one journaled line into an engine, as the store did when it was applied.
void feedLine(Engine& engine, const QByteArray& text, int number, EventSink& sink);

}  // namespace houbu
