// A follower of a PostgreSQL store: the writer's journal applied as it grows.
//
// Polled rather than notified (LISTEN/NOTIFY): the store's connection lives
// on a thread without an event loop, which Qt's notifications need; a poll
// is one index lookup of the newest block; and a poll cannot miss rows,
// whereas notifications sent while a follower reconnects are lost.

#include <QDateTime>
#include <QSqlQuery>

#include "store_impl.h"

namespace houbu {

using namespace Qt::StringLiterals;

namespace {

// The writer's lock as pg_locks shows a bigint key: its high and low 32
// bits, and objsubid 1.
constexpr qint64 kLockHigh = kWriterLock >> 32;
constexpr qint64 kLockLow = kWriterLock & 0xffffffffLL;

}  // namespace

bool StoreImpl::catchUp(QByteArray& out, QString& error) {
    if (followBroken) {
        error = u"the follower stopped: its journal disagreed with its chain"_s;
        return false;
    }
    try {
        if (!sql.db().isOpen()) {
            if (!connect(error)) return false;
        }
        const NewestBlock newest = newestBlock();
        const qint64 end = newest.lastSeq;
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        if (end <= journalSeq) {
            std::lock_guard lock(followMutex);
            follow.journalEnd = std::max(end, journalSeq);
            follow.lookedAtMs = now;
            return true;
        }
        {
            // Dictionaries trained since: the new blocks may be packed with them.
            QSqlQuery q = sql.exec(
                u"SELECT id, dictionary FROM command_dictionaries WHERE id > ? ORDER BY id"_s,
                {packer->newestId()});
            while (q.next())
                packer->addDictionary(q.value(0).toInt(), q.value(1).toByteArray());
        }
        QByteArray link = lastLink;
        qint64 previous = journalSeq;
        QString broken;
        forEachBlock(journalSeq + 1, end, [&](StoredBlock& block) {
            broken = replayBlock(*engine, block, journalSeq + 1, previous, link,
                                 u"the writer's journal"_s,
                                 [&](qint64 seq, qint64 firstEvent, const QByteArray& events) {
                                     remember(seq, firstEvent, events);
                                     out += events;
                                     return true;
                                 });
            return broken.isEmpty();
        });
        if (broken.isEmpty() && previous != end)
            broken = u"journal seq %1 is missing"_s.arg(previous + 1);
        if (!broken.isEmpty()) {
            // The engine holds rows past the last good one: it can serve nothing.
            followBroken = true;
            error = u"%1: %2"_s.arg(displayLocation(), broken);
            return false;
        }
        journalSeq = previous;
        committedSeq = previous;
        committedEvent = static_cast<qint64>(engine->lastSeq());
        lastLink = link;
        lastClock = newest.clock;
        std::lock_guard lock(followMutex);
        follow.applied = previous;
        follow.journalEnd = end;
        follow.lookedAtMs = now;
        follow.lastDelayMs =
            std::max<qint64>(0, QDateTime::currentMSecsSinceEpoch() - newest.journaledAt);
    } catch (const SqlFailure& f) {
        // Gone (PostgreSQL restarted): the next call connects again.
        error = u"cannot read %1: %2"_s.arg(displayLocation(), f.message);
        QSqlDatabase db = QSqlDatabase::database(connection, false);
        QSqlQuery probe(db);
        if (db.isOpen() && !probe.exec(u"SELECT 1"_s)) db.close();
        return false;
    }
    return true;
}

namespace {

// The session holding the store's lock, in this database.
const char* const kLockHolder =
    "FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE l.locktype = 'advisory' "
    "AND l.granted AND l.classid = ? AND l.objid = ? AND l.objsubid = 1 AND l.database = "
    "(SELECT oid FROM pg_database WHERE datname = current_database())";

}  // namespace

std::optional<Store::LockHolder> StoreImpl::lockHolder(QString& error) {
    if (!postgres) return std::nullopt;
    try {
        QSqlQuery q = sql.exec(
            u"SELECT a.application_name, a.pid, CASE WHEN a.state = 'active' THEN 0 ELSE "
            u"FLOOR(EXTRACT(EPOCH FROM (clock_timestamp() - a.state_change)) * 1000) END "_s +
                QLatin1StringView(kLockHolder),
            {kLockHigh, kLockLow});
        if (!q.next()) return std::nullopt;
        return Store::LockHolder{q.value(0).toString(), q.value(1).toLongLong(),
                                 std::max<qint64>(0, q.value(2).toLongLong())};
    } catch (const SqlFailure& f) {
        error = f.message;
        return std::nullopt;
    }
}

bool StoreImpl::promote(QByteArray& out, QString& error) {
    try {
        {
            QSqlQuery q = sql.exec(u"SELECT pg_try_advisory_lock(?)"_s, {kWriterLock});
            if (!q.next() || !q.value(0).toBool()) return false;
        }
        // Held: no other session can commit a row now, and everything
        // committed before is visible. The fence: catchUp() reads the
        // journal's end under the lock and applies every row up to it, or
        // fails (a row missing or disagreeing with its chain).
        if (!catchUp(out, error)) {
            sql.exec(u"SELECT pg_advisory_unlock(?)"_s, {kWriterLock});
            if (error.isEmpty()) error = u"the journal could not be applied to its end"_s;
            return false;
        }
        // What a writer keeps beside the engine, as its open would read it.
        tables.readCounts();
        const std::vector<SnapshotRow> snapshots = snapshotRows(journalSeq + 1);
        snapshotSeq = snapshots.empty() ? 0 : snapshots.front().seq;
        snapshotSeqShared = snapshotSeq;
        options.follow = false;
    } catch (const SqlFailure& f) {
        error = u"cannot take over %1: %2"_s.arg(displayLocation(), f.message);
        return false;
    }
    return true;
}

bool Store::catchUp(QByteArray& out, QString& error) {
    if (!d_->options.follow) {
        error = u"this store is not opened to follow its writer"_s;
        return false;
    }
    bool ok = false;
    d_->thread->run([&] { ok = d_->catchUp(out, error); });
    return ok;
}

FollowState Store::followState() const {
    std::lock_guard lock(d_->followMutex);
    return d_->follow;
}

void Store::announce(const QString& name) {
    if (!d_->postgres) return;
    d_->thread->run([&] {
        d_->announced = name.left(63);
        d_->announce();
    });
}

void StoreImpl::announce() {
    if (announced.isEmpty()) return;
    try {
        sql.exec(u"SELECT set_config('application_name', ?, false)"_s, {announced});
    } catch (const SqlFailure&) {
        // Only a follower's redirect misses it; the store works on.
    }
}

std::optional<Store::LockHolder> Store::lockHolder(QString& error) {
    std::optional<LockHolder> holder;
    d_->thread->run([&] { holder = d_->lockHolder(error); });
    return holder;
}

bool Store::depose(qint64 pid, QString& error) {
    bool ok = false;
    d_->thread->run([&] {
        try {
            QSqlQuery q = d_->sql.exec(u"SELECT pg_terminate_backend(a.pid) "_s +
                                           QLatin1StringView(kLockHolder) + u" AND a.pid = ?"_s,
                                       {kLockHigh, kLockLow, pid});
            ok = q.next() && q.value(0).toBool();
        } catch (const SqlFailure& f) {
            error = f.message;
        }
    });
    return ok;
}

bool Store::promote(QByteArray& out, QString& error) {
    if (!d_->options.follow) return true;
    bool ok = false;
    d_->thread->run([&] { ok = d_->promote(out, error); });
    return ok;
}

StoreImpl::NewestBlock StoreImpl::newestBlock() {
    QSqlQuery q = sql.exec(
        u"SELECT last_seq, journaled_at, clock FROM journal_blocks ORDER BY first_seq DESC "
        u"LIMIT 1"_s);
    if (!q.next()) return {};
    return {q.value(0).toLongLong(), q.value(1).toLongLong(), q.value(2).toLongLong()};
}

bool Store::deposed() const {
    return d_->lockTaken;
}

void Store::heartbeat() {
    if (!d_->postgres || d_->options.follow || d_->heartbeatPending.exchange(true)) return;
    d_->thread->post([impl = d_.get()] {
        QSqlQuery probe(impl->sql.db());
        probe.exec(u"SELECT 1"_s);
        impl->heartbeatPending = false;
    });
}

}  // namespace houbu
