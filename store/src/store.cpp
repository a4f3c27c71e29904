#include "houbu/store.h"

#include <QDateTime>
#include <QDir>
#include <QIODevice>
#include <QStandardPaths>
#include <QSysInfo>
#include <QUuid>
#include <limits>

#include "journal_chain.h"
#include "store_impl.h"

namespace houbu {

using namespace Qt::StringLiterals;

StoreImpl::StoreImpl()
    : connection(u"houbu-store-"_s + QUuid::createUuid().toString(QUuid::WithoutBraces)) {}

StoreImpl::~StoreImpl() {
    // A transaction being retried is given up: closing does not wait for the database.
    {
        std::lock_guard lock(queueMutex);
        stopRetrying = true;
    }
    retryWake.notify_all();
    flush();
    closeSnapshot();
    flush();
    thread->run([this] {
        // A snapshot being written is waited for and kept: the next open
        // starts from it.
        if (snapshotting && !broken && sql.db().isOpen()) {
            try {
                snapshotting->wait();
                takeInWholeSnapshot();
            } catch (const SqlFailure&) {
            }
        }
        // The next open's first commands do not pay for this one's leftovers.
        collectAllSnapshotParts();
        // Closing checkpoints and removes the WAL, unless the disk fails:
        // then the next open must not find a failed commit in it.
        supersedeFailedCommit();
        snapshotting.reset();
        intake.reset();
        reader.reset();
        tables.forget();
        sql.forget();
        {
            QSqlDatabase db = QSqlDatabase::database(connection, false);
            // The server ends a closed session (and frees its advisory lock) only
            // a moment later: free the lock now, so that a reopen is not refused.
            if (postgres && db.isOpen()) QSqlQuery(db).exec(u"SELECT pg_advisory_unlock_all()"_s);
            if (db.isOpen()) db.close();
        }
        QSqlDatabase::removeDatabase(connection);
    });
    thread.reset();
}

Store::Store(std::unique_ptr<StoreImpl> impl) : d_(std::move(impl)) {}
Store::~Store() = default;

Store::Availability Store::availability() const {
    std::lock_guard lock(d_->queueMutex);
    return {d_->unavailableSinceMs == 0, d_->unavailableSinceMs, d_->unavailableReason};
}

void Store::stopRetrying() {
    {
        std::lock_guard lock(d_->queueMutex);
        d_->stopRetrying = true;
    }
    d_->retryWake.notify_all();
}

std::unique_ptr<Store> Store::open(const StoreOptions& options, QString& error) {
    auto impl = std::make_unique<StoreImpl>();
    impl->options = options;
    if (impl->options.author.host.isEmpty())
        impl->options.author.host = QSysInfo::machineHostName();
    bool ok = false;
    impl->thread->run(
        [&] { ok = impl->connect(error) && impl->prepareSchema(error) && impl->load(error); });
    if (!ok) return nullptr;
    return std::unique_ptr<Store>(new Store(std::move(impl)));
}

QString Store::defaultLocation() {
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    QDir().mkpath(dir);
    return dir + u"/houbu.db"_s;
}

bool Store::apply(const QList<InputLine>& lines, QByteArray& out, QString& error,
                  QList<qsizetype>* ends) {
    return d_->applyNow(lines, out, error, ends, nullptr);
}

bool Store::applyParsed(const QList<InputLine>& lines, const std::vector<ParsedLine>& parsed,
                        QByteArray& out, QString& error) {
    if (parsed.size() != static_cast<std::size_t>(lines.size())) {
        error = u"nothing was applied: %1 lines but %2 parsed commands"_s.arg(lines.size())
                    .arg(parsed.size());
        return false;
    }
    return d_->applyNow(lines, out, error, nullptr, &parsed);
}

bool Store::submit(const QList<InputLine>& lines, const std::vector<ParsedLine>* parsed,
                   Committed done, QString& error) {
    if (parsed && parsed->size() != static_cast<std::size_t>(lines.size())) {
        error = u"nothing was applied: %1 lines but %2 parsed commands"_s.arg(lines.size())
                    .arg(parsed->size());
        return false;
    }
    return d_->submit(lines, parsed, std::move(done), error);
}

void Store::flush() {
    d_->flush();
}

bool Store::readEvents(qint64 afterSeq, int limit, QByteArray& out, QString& error) {
    bool ok = false;
    d_->thread->run([&] { ok = d_->readEvents(afterSeq, limit, out, error); });
    return ok;
}

qint64 Store::firstRecentEvent() const {
    qint64 first = 0;
    d_->thread->run([&] {
        first = d_->recent.empty() ? d_->committedEvent + 1 : d_->recent.front().firstEvent;
    });
    return first;
}

bool Store::readEventsOf(const EventFilter& filter, qint64 afterSeq, int limit, QByteArray& out,
                         qint64& scanned, QString& error) {
    d_->flush();
    bool ok = false;
    d_->thread->run([&] { ok = d_->readEventsOf(filter, afterSeq, limit, out, scanned, error); });
    return ok;
}

const Engine& Store::engine() const {
    return *d_->engine;
}

Engine& Store::engineInPlace() {
    return *d_->engine;
}

void Store::setEventTap(EventSink* tap) {
    d_->eventTap = tap;
}

void Store::setTraceSink(EventSink* sink) {
    d_->traceSink = sink;
    if (d_->engine) d_->engine->setTraceSink(sink);
}

qint64 Store::journalLength() const {
    return d_->journalSeq;
}

std::optional<JournaledRequest> Store::findRequest(const QByteArray& key, QString& error) {
    std::optional<JournaledRequest> found;
    d_->thread->run([&] {
        try {
            QSqlQuery q = d_->sql.exec(u"SELECT first_seq, last_seq FROM requests WHERE key = ?"_s,
                                       {QString::fromUtf8(key)});
            if (q.next())
                found = JournaledRequest{q.value(0).toLongLong(), q.value(1).toLongLong()};
        } catch (const SqlFailure& f) {
            error = f.message;
        }
    });
    return found;
}

bool Store::readEventsOfRows(qint64 first, qint64 last, QByteArray& out, QString& error) {
    bool ok = false;
    d_->thread->run([&] {
        qint64 firstEvent = -1, count = 0, seen = 0;
        try {
            d_->forEachBlock(first, last, [&](StoredBlock& b) {
                if (!b.damage.isEmpty())
                    throw SqlFailure{u"journal seq %1: %2"_s.arg(b.firstSeq).arg(b.damage)};
                qint64 event = b.firstEvent, seq = b.firstSeq;
                for (const JournalCommand& c : b.commands) {
                    if (seq >= first && seq <= last) {
                        if (firstEvent < 0) firstEvent = event;
                        count += c.eventCount;
                        ++seen;
                    }
                    event += c.eventCount;
                    ++seq;
                }
                return seq <= last;
            });
        } catch (const SqlFailure& f) {
            error = f.message;
            return;
        }
        if (seen != last - first + 1) {
            error = u"journal rows %1 to %2 are not all there"_s.arg(first).arg(last);
            return;
        }
        if (count == 0) {
            ok = true;
            return;
        }
        if (count > std::numeric_limits<int>::max()) {
            error = u"journal rows %1 to %2 hold too many events to read at once"_s.arg(first).arg(
                last);
            return;
        }
        ok = d_->readEvents(firstEvent - 1, static_cast<int>(count), out, error);
    });
    return ok;
}

Store::SnapshotPauses Store::snapshotPauses() const {
    return d_->pauses;
}

QString Store::snapshotFailure() const {
    std::lock_guard lock(d_->queueMutex);
    return d_->snapshotFailureText;
}

QString Store::location() const {
    return d_->displayLocation();
}

bool Store::isPostgres() const {
    return d_->postgres;
}

StoreReport Store::verify() {
    d_->flush();
    StoreReport r;
    d_->thread->run([&] {
        r.location = d_->displayLocation();
        r.backend = d_->postgres ? u"PostgreSQL"_s : u"SQLite"_s;
        r.schemaVersion = d_->schemaVersion;
        r.journalLength = d_->journalSeq;
        r.snapshotSeq = d_->openedFromSnapshot;
        r.problems = d_->problems;
        try {
            d_->verifyAll(r);
        } catch (const SqlFailure& f) {
            r.problems << u"cannot read the journal: "_s + f.message;
        }
        r.clock = QString::fromStdString(formatTime(d_->engine->clock()));
        r.engine = d_->engine->summary();
    });
    return r;
}

bool Store::replay(qint64 toSeq, const std::function<void(const QByteArray&)>& sink,
                   QString& error) {
    d_->flush();
    bool ok = false;
    d_->thread->run([&] {
        try {
            Engine fresh(d_->engineOptions);
            const qint64 to = toSeq > 0 ? toSeq : d_->journalSeq;
            QByteArray link = JournalChain::origin();
            qint64 previous = 0;
            d_->forEachBlock(1, to, [&](StoredBlock& block) {
                error = d_->replayBlock(fresh, block, 1, previous, link, u"its replay"_s,
                                        [&](qint64 seq, qint64, const QByteArray& events) {
                                            sink(events);
                                            return seq < to;
                                        });
                return error.isEmpty() && previous < to;
            });
            ok = error.isEmpty();
        } catch (const SqlFailure& f) {
            error = u"cannot read the journal: "_s + f.message;
        }
    });
    return ok;
}

bool Store::readJournal(qint64 from, const std::function<bool(const JournalEntry&)>& row,
                        QString& error) {
    d_->flush();
    bool ok = false;
    d_->thread->run([&] {
        try {
            d_->forEachBlock(
                std::max<qint64>(from, 1), std::numeric_limits<qint64>::max(), [&](StoredBlock& b) {
                    if (!b.damage.isEmpty())
                        throw SqlFailure{u"journal seq %1: %2"_s.arg(b.firstSeq).arg(b.damage)};
                    qint64 event = b.firstEvent, seq = b.firstSeq;
                    for (const JournalCommand& c : b.commands) {
                        if (seq >= from) {
                            JournalEntry e;
                            e.seq = seq;
                            e.line = c.line;
                            e.command = c.command;
                            e.author = d_->authorOf(c.author);
                            e.journaledAtMs = b.journaledAt;
                            e.firstEvent = event;
                            e.eventCount = c.eventCount;
                            if (!row(e)) return false;
                        }
                        event += c.eventCount;
                        ++seq;
                    }
                    return true;
                });
            ok = true;
        } catch (const SqlFailure& f) {
            error = u"cannot read the journal: "_s + f.message;
        }
    });
    return ok;
}

std::unique_ptr<Engine> Store::engineBefore(qint64 journalSeq, JournalEntry& row, QString& error) {
    d_->flush();
    std::unique_ptr<Engine> engine;
    d_->thread->run([&] { engine = d_->engineBefore(journalSeq, row, error); });
    return engine;
}

qint64 Store::journalRowOfEvent(qint64 eventSeq) {
    d_->flush();
    qint64 row = 0;
    d_->thread->run([&] {
        if (eventSeq < 1 || eventSeq > d_->committedEvent) return;
        try {
            row = d_->rowOfEvent(eventSeq);
        } catch (const SqlFailure&) {
            row = 0;
        }
    });
    return row;
}

bool Store::exportScenario(QIODevice& out, QString& error, bool authors) {
    const EngineOptions& o = d_->engineOptions;
    QStringList flags;
    if (o.defaultPolicy == Policy::Exact) flags << u"--policy exact"_s;
    if (o.seatChoice != SeatChoice::BestFit)
        flags << u"--seat-choice "_s + QString::fromLatin1(seatChoiceName(o.seatChoice));
    if (o.trace) flags << u"--trace"_s;
    if (o.rules != 2) flags << u"--rules "_s + QString::number(o.rules);
    if (!flags.isEmpty()) out.write("# options: " + flags.join(u' ').toUtf8() + '\n');
    QString writeError;
    const bool read = readJournal(
        1,
        [&](const JournalEntry& e) {
            QByteArray text;
            if (authors) {
                // A comment: replaying the export skips it.
                text = "# seq " + QByteArray::number(e.seq) + " by " + e.author.name.toUtf8();
                if (!e.author.role.isEmpty()) text += " (" + e.author.role.toUtf8() + ')';
                if (!e.author.host.isEmpty()) text += " on " + e.author.host.toUtf8();
                if (e.journaledAtMs > 0)
                    text += " at " + QDateTime::fromMSecsSinceEpoch(e.journaledAtMs, Qt::UTC)
                                         .toString(Qt::ISODateWithMs)
                                         .toUtf8();
                text += '\n';
            }
            text += e.command + '\n';
            if (out.write(text) < 0) {
                writeError = u"cannot write: "_s + out.errorString();
                return false;
            }
            return true;
        },
        error);
    if (!writeError.isEmpty()) error = writeError;
    return read && writeError.isEmpty();
}

}  // namespace houbu
