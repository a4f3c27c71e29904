// Applying commands: the engine's thread stages each group (events, state
// changes), the database thread journals and commits it, then answers.
// Snapshots: serialized on the engine's thread between two groups, written
// by a thread of their own, taken into the database a part per transaction
// on the database thread.

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QSqlQuery>
#include <chrono>

#include "journal_chain.h"
#include "store_impl.h"

namespace houbu {

using namespace Qt::StringLiterals;

namespace {

// Groups staged and not answered yet, at most: the engine runs ahead of the
// disk by this much, and no further.
constexpr int kMaxInFlight = 8;
// Commands one transaction (one journal block) takes at most when the
// database thread finds several groups waiting.
constexpr std::size_t kMaxBlockCommands = 16384;

QString checksumText(const SnapshotChecksum::Digest& d) {
    return QString::fromLatin1(
        QByteArray(reinterpret_cast<const char*>(d.data()), static_cast<qsizetype>(d.size()))
            .toHex()
            .prepend(SnapshotChecksum::kPrefix.data()));
}

}  // namespace

// ---- the engine's thread ---------------------------------------------------------

void StoreImpl::onEvent(const Event& e) {
    appendEvent(e, staging->events);
    staging->events += '\n';
    ++currentEvents;
    if (e.kind == EventKind::Error) currentError = errorCodeName(e.code);
    staging->changes.note(e, journalSeq + 1);
    if (eventTap) eventTap->onEvent(e);
}

bool StoreImpl::submit(const QList<InputLine>& lines, const std::vector<ParsedLine>* parsedLines,
                       Store::Committed done, QString& error) {
    if (options.follow) {
        error = u"nothing was applied: a follower does not write; send commands to the writer"_s;
        return false;
    }
    if (engine && engine->marks() != 0) {
        // Step mode or a preview applied commands in place (Store::engineInPlace).
        error =
            u"nothing was applied: the engine holds commands that are being stepped "
            u"and are not taken back yet"_s;
        return false;
    }
    if (broken) {
        // A group before failed and the engine is ahead of the store: nothing
        // more is taken until the caller knows (applyNow rebuilds at once).
        flush();
        journalSeq = committedSeq;
        std::lock_guard lock(queueMutex);
        error = brokenReason;
        return false;
    }
    if (needsReload) {
        // The engine was never loaded, or could not be rebuilt after a failure.
        flush();
        bool ok = false;
        thread->run([&] { ok = reload(error); });
        if (!ok) {
            error = u"the store is unavailable, nothing was applied: "_s + error;
            return false;
        }
    }
    auto g = std::make_unique<StagedGroup>();
    g->startsBlock = std::exchange(blockBreakDue, false);
    g->firstSeq = journalSeq + 1;
    g->firstEvent = static_cast<qint64>(engine->lastSeq()) + 1;
    g->commands.reserve(static_cast<std::size_t>(lines.size()));
    staging = g.get();
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const InputLine& line = lines[i];
        ParsedLine own;
        if (!parsedLines) own = parseCommandLine(line.text);
        const ParsedLine& parsed = parsedLines ? (*parsedLines)[static_cast<std::size_t>(i)] : own;
        if (parsed.skip) {
            g->ends.append(g->events.size());
            continue;
        }
        currentEvents = 0;
        currentError.clear();
        if (parsed.command)
            engine->apply(*parsed.command, line.number, *this);
        else
            engine->rejectMalformed(line.number, parsed.error.toStdString(), *this);
        ++journalSeq;
        g->commands.push_back({line.number, static_cast<qint64>(engine->clock()), currentEvents,
                               currentError, line.author, line.text.trimmed(), g->events.size()});
        if (!line.request.isEmpty()) {
            auto& requests = g->requests;
            if (!requests.empty() && requests.back().first == line.request &&
                requests.back().second.last == journalSeq - 1)
                requests.back().second.last = journalSeq;
            else
                requests.push_back({line.request, {journalSeq, journalSeq}});
        }
        g->ends.append(g->events.size());
    }
    staging = nullptr;
    g->lastEvent = static_cast<qint64>(engine->lastSeq());
    g->done = std::move(done);
    {
        std::unique_lock lock(queueMutex);
        queueChanged.wait(lock, [&] { return inFlight < kMaxInFlight; });
        queued.push_back(std::move(g));
        ++inFlight;
    }
    thread->post([this] { drain(); });
    // The state right after this group, committed or not: the snapshot is
    // registered only once the group is.
    startSnapshotWhenDue();
    return true;
}

void StoreImpl::flush() {
    std::unique_lock lock(queueMutex);
    queueChanged.wait(lock, [&] { return inFlight == 0; });
}

bool StoreImpl::applyNow(const QList<InputLine>& lines, QByteArray& out, QString& error,
                         QList<qsizetype>* ends, const std::vector<ParsedLine>* parsed) {
    std::mutex m;
    std::condition_variable answered;
    bool done = false, ok = false;
    QByteArray events;
    QList<qsizetype> eventEnds;
    QString why;
    if (!submit(
            lines, parsed,
            [&](bool committed, const QByteArray& e, const QList<qsizetype>& en, const QString& w) {
                std::lock_guard lock(m);
                ok = committed;
                events = e;
                eventEnds = en;
                why = w;
                done = true;
                answered.notify_all();
            },
            error))
        return false;
    {
        std::unique_lock lock(m);
        answered.wait(lock, [&] { return done; });
    }
    if (!ok) {
        error = why;
        // The views show the last committed state again at once; until the
        // engine is rebuilt, the journal is what was committed.
        flush();
        journalSeq = committedSeq;
        thread->run([&] {
            QString reloadError;
            broken = false;
            if (!reload(reloadError)) needsReload = true;
        });
        return false;
    }
    if (ends) {
        ends->clear();
        for (qsizetype e : eventEnds)
            ends->append(out.size() + e);
    }
    out += events;
    return true;
}

void StoreImpl::startSnapshotWhenDue() {
    if (snapshotInFlight != 0 || journalSeq < snapshotRetryAtShared) return;
    // Due once the journal has grown by the interval and by half of what the
    // newest snapshot covers: a snapshot costs a pause as long as the state
    // is large, and the state grows with the journal, so a fixed interval
    // would spend ever more of the writer's time on them. Reopening replays
    // at most a third of the journal after a crash; a store closed cleanly
    // leaves a snapshot of its end (closeSnapshot).
    const qint64 since = snapshotSeqShared;
    if (journalSeq - since < std::max<qint64>(options.snapshotEvery, since / 2)) return;
    takeSnapshot();
}

void StoreImpl::takeSnapshot() {
    QString why;
    std::unique_ptr<SnapshotWriter> writer =
        SnapshotWriter::start(*engine, journalSeq, snapshotPath(journalSeq), why);
    blockBreakDue = true;
    if (!writer) {
        std::lock_guard lock(queueMutex);
        snapshotFailureText = u"cannot write the snapshot file (%1)"_s.arg(why);
        snapshotRetryAtShared = journalSeq + options.snapshotEvery;
        return;
    }
    ++pauses.started;
    pauses.totalMicroseconds += writer->pauseMicroseconds();
    pauses.longestMicroseconds = std::max(pauses.longestMicroseconds, writer->pauseMicroseconds());
    snapshotInFlight = writer->seq();
    auto handed = std::make_shared<std::unique_ptr<SnapshotWriter>>(std::move(writer));
    thread->post([this, handed] {
        snapshotting = std::move(*handed);
        // Commands it holds were not committed: it is of no use.
        if (broken || committedSeq < snapshotting->seq())
            dropSnapshot({});
        else
            captureHistory(snapshotting->seq());
    });
    if (options.waitForSnapshots)
        thread->run([this] {
            if (!snapshotting) return;
            snapshotting->wait();
            try {
                takeInWholeSnapshot();
            } catch (const SqlFailure& f) {
                dropSnapshot(u"cannot take the snapshot in: "_s + f.message);
            }
        });
}

bool StoreImpl::writesOnClosing() const {
    // A store opened to be inspected (verify) is left as it was found.
    // A follower writes nothing (until it is promoted).
    return engineLoaded && !broken && !needsReload && !options.inspectOnly && !options.follow;
}

void StoreImpl::closeSnapshot() {
    if (!writesOnClosing() || !options.snapshotOnClose) return;
    if (snapshotInFlight == 0 &&
        journalSeq - snapshotSeqShared >= std::max<qint64>(1, options.snapshotEvery / 4))
        takeSnapshot();
}

// ---- the database thread -----------------------------------------------------------

void StoreImpl::drain() {
    std::vector<std::unique_ptr<StagedGroup>> groups;
    {
        std::lock_guard lock(queueMutex);
        std::size_t commands = 0;
        while (!queued.empty()) {
            StagedGroup& next = *queued.front();
            if (!groups.empty() &&
                (next.startsBlock || commands + next.commands.size() > kMaxBlockCommands))
                break;
            commands += next.commands.size();
            groups.push_back(std::move(queued.front()));
            queued.pop_front();
        }
    }
    if (groups.empty()) return;
    if (broken) {
        QString why;
        {
            std::lock_guard lock(queueMutex);
            why = brokenReason;
        }
        answer(groups, false, why);
        return;
    }
    commitGroups(groups);
}

void StoreImpl::answer(std::vector<std::unique_ptr<StagedGroup>>& groups, bool ok,
                       const QString& error) {
    for (auto& g : groups)
        if (g->done) g->done(ok, g->events, g->ends, error);
    {
        std::lock_guard lock(queueMutex);
        inFlight -= static_cast<int>(groups.size());
    }
    queueChanged.notify_all();
}

qint64 StoreImpl::authorId(const Author& given) {
    const Author& a = given.name.isEmpty() ? options.author : given;
    // Consecutive commands are mostly one author's.
    if (lastAuthorId >= 0 && a == lastAuthor) return lastAuthorId;
    lastAuthor = a;
    lastAuthorId = -1;
    const QString key = a.name + QChar(0x1f) + a.role + QChar(0x1f) + a.host;
    const auto it = authorIds.find(key);
    if (it != authorIds.end()) return lastAuthorId = it->second;
    QSqlQuery q = sql.exec(u"SELECT id FROM authors WHERE name = ? AND role = ? AND host = ?"_s,
                           {a.name, a.role, a.host});
    qint64 id = 0;
    if (q.next()) {
        id = q.value(0).toLongLong();
    } else {
        QSqlQuery next = sql.exec(u"SELECT COALESCE(MAX(id), 0) + 1 FROM authors"_s);
        next.next();
        id = next.value(0).toLongLong();
        sql.exec(u"INSERT INTO authors (id, name, role, host) VALUES (?, ?, ?, ?)"_s,
                 {id, a.name, a.role, a.host});
        authorsAdded << key;
    }
    authorIds.emplace(key, id);
    return lastAuthorId = id;
}

void StoreImpl::commitGroups(std::vector<std::unique_ptr<StagedGroup>>& groups) {
    QString why;
    // From 100 ms to 2 s between attempts: a restarted server is found within
    // seconds, and a dead one costs a failed connect every 2 s.
    int pauseMs = 100;
    bool committed = tryCommit(groups, why);
    while (!committed) {
        std::unique_lock lock(queueMutex);
        if (unavailableSinceMs == 0 && options.retryFailedCommits) {
            unavailableSinceMs = QDateTime::currentMSecsSinceEpoch();
            qWarning("houbu: the store cannot commit (%s); retrying until it can", qPrintable(why));
        }
        unavailableReason = why;
        if (retryWake.wait_for(lock, std::chrono::milliseconds(pauseMs),
                               [&] { return stopRetrying || !options.retryFailedCommits; })) {
            brokenReason = u"storage failed, nothing of this batch was applied: "_s + why;
            broken = true;
            lock.unlock();
            answer(groups, false, u"storage failed, nothing of this batch was applied: "_s + why);
            return;
        }
        lock.unlock();
        pauseMs = std::min(pauseMs * 2, 2000);
        reconnectIfLost();
        if (committedAnyway(groups)) break;
        // Fenced: another writer took the store while this one was cut off
        // (it holds the lock now, or held it and journaled rows meanwhile).
        // Nothing of these groups may be written on top of its rows; the
        // next group reloads the store (and writes, should the lock be free).
        bool movedOn = false;
        try {
            movedOn = !lockTaken && newestBlock().lastSeq >= groups.front()->firstSeq;
        } catch (const SqlFailure&) {
            // Unreadable: not known to have moved on; the retry goes on.
        }
        if (lockTaken || movedOn) {
            brokenReason = why =
                lockTaken ? u"nothing of this batch was applied: another process writes the "
                            u"store now (this one lost its session and was taken over)"_s
                          : u"nothing of this batch was applied: another process journaled "
                            u"commands while this one was cut off; the store is read again"_s;
            broken = true;
            {
                std::lock_guard relock(queueMutex);
                unavailableSinceMs = 0;
                unavailableReason.clear();
            }
            answer(groups, false, why);
            return;
        }
        committed = tryCommit(groups, why);
    }
    {
        std::lock_guard lock(queueMutex);
        if (unavailableSinceMs != 0)
            qInfo("houbu: the store commits again after %.1f s",
                  double(QDateTime::currentMSecsSinceEpoch() - unavailableSinceMs) / 1000);
        unavailableSinceMs = 0;
        unavailableReason.clear();
    }
    answer(groups, true, {});
}

void StoreImpl::reconnectIfLost() {
    if (!postgres) return;  // SQLite's connection outlives a full or read-only disk
    QSqlQuery probe(sql.db());
    if (probe.exec(u"SELECT 1"_s)) return;
    QString error;
    if (!connect(error)) qWarning("houbu: reconnecting to the store: %s", qPrintable(error));
}

bool StoreImpl::committedAnyway(std::vector<std::unique_ptr<StagedGroup>>& groups) {
    qint64 last = groups.front()->firstSeq - 1;
    for (const auto& g : groups)
        last += static_cast<qint64>(g->commands.size());
    try {
        if (last < groups.front()->firstSeq) {
            // No command, so no block to find: committed unless another
            // writer journaled meanwhile (then the caller fences).
            const NewestBlock newest = newestBlock();
            if (newest.lastSeq != last) return false;
            lastClock = newest.clock;
        } else {
            // Its own block, by its chain link: rows of another writer (this
            // one deposed meanwhile) may fill those seqs, and would not do.
            QSqlQuery q = sql.exec(
                u"SELECT chain, clock FROM journal_blocks WHERE first_seq = ? AND last_seq = ?"_s,
                {groups.front()->firstSeq, last});
            if (!q.next() || q.value(0).toByteArray() != attemptedLink) return false;
            lastClock = q.value(1).toLongLong();
            lastLink = attemptedLink;
        }
        tables.readCounts();
    } catch (const SqlFailure&) {
        return false;
    }
    dictionaryToInsert.reset();
    committedSeq = last;
    committedEvent = groups.back()->lastEvent;
    for (const auto& g : groups)
        if (!g->commands.empty())
            remember(g->firstSeq + static_cast<qint64>(g->commands.size()) - 1, g->firstEvent,
                     g->events);
    return true;
}

bool StoreImpl::tryCommit(std::vector<std::unique_ptr<StagedGroup>>& groups, QString& why) {
    std::vector<JournalCommand> commands;
    std::vector<const StateChanges*> changes;
    QByteArray link = lastLink;
    qint64 seq = groups.front()->firstSeq - 1;
    qint64 clock = lastClock, eventCount = 0;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    try {
        sql.begin();
        // A dictionary trained meanwhile packs the blocks from here on.
        if (const auto trained = packer->takeTrained(options.waitForTraining)) {
            const int id = packer->newestId() + 1;
            packer->addDictionary(id, *trained);
            dictionaryToInsert = {id, *trained};
        }
        if (dictionaryToInsert)
            sql.exec(u"INSERT INTO command_dictionaries (id, dictionary) VALUES (?, ?)"_s,
                     {dictionaryToInsert->first, dictionaryToInsert->second});
        takeInSnapshotPart();
        collectSnapshotParts();
        for (const auto& g : groups) {
            qsizetype eventsAt = 0;
            for (const StagedCommand& c : g->commands) {
                ++seq;
                const QByteArrayView events(g->events.constData() + eventsAt,
                                            c.eventsEnd - eventsAt);
                eventsAt = c.eventsEnd;
                link.resize(JournalChain::kLinkSize);  // detached, and never shorter
                JournalChain::advance(link, seq, c.line, c.command, events, link.data());
                packer->sample(c.command, seq);
                commands.push_back({c.line, c.clock, c.eventCount, authorId(c.author), c.errorCode,
                                    JournalBlock::locatorOf(link), c.command});
                clock = c.clock;
                eventCount += c.eventCount;
            }
            changes.push_back(&g->changes);
            for (const auto& [key, at] : g->requests)
                sql.write(u"INSERT INTO requests (key, first_seq, last_seq) VALUES (?, ?, ?)"_s,
                          {QString::fromUtf8(key), at.first, at.last});
        }
        if (!commands.empty()) {
            int packing = 0;
            const QByteArray body = packer->pack(JournalBlock::encode(commands), packing);
            sql.write(
                u"INSERT INTO journal_blocks (first_seq, last_seq, first_event, event_count, "
                u"clock, journaled_at, packing, body, chain) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"_s,
                {groups.front()->firstSeq, seq, groups.front()->firstEvent, eventCount, clock, now,
                 packing, body, link});
        }
        tables.write(changes);
        attemptedLink = link;
        sql.commit();
    } catch (const SqlFailure& f) {
        sql.rollback();
        tables.rolledBack();
        // What this transaction took in of a snapshot is gone with it.
        if (intake) dropSnapshot({});
        // So is a snapshot that holds commands it would have committed.
        if (snapshotting) dropSnapshot({});
        for (const QString& key : authorsAdded)
            authorIds.erase(key);
        authorsAdded.clear();
        lastAuthorId = -1;
        // SQLite: the failed commit may be whole in the WAL already (its sync
        // failed); overwrite it before anything reconnects, so that it never
        // turns up beside the retry or after it was reported as not applied.
        if (!postgres) {
            failedCommitInWal = true;
            supersedeFailedCommit();
        }
        why = f.message;
        return false;
    }
    dictionaryToInsert.reset();
    tables.committed();
    authorsAdded.clear();
    lastLink = link;
    lastClock = clock;
    committedSeq = seq;
    committedEvent = groups.back()->lastEvent;
    for (const auto& g : groups)
        if (!g->commands.empty())
            remember(g->firstSeq + static_cast<qint64>(g->commands.size()) - 1, g->firstEvent,
                     g->events);
    return true;
}

bool StoreImpl::supersedeFailedCommit() {
    if (!failedCommitInWal) return true;
    if (!sql.db().isOpen()) return false;
    // Any page written will do: the commit's frames take the place of the
    // failed one's in the WAL, whose checksum chain then ends before them.
    try {
        sql.exec(u"BEGIN IMMEDIATE"_s);
        sql.exec(u"INSERT INTO houbu_lock (id) VALUES (0)"_s);
        sql.exec(u"DELETE FROM houbu_lock"_s);
        sql.exec(u"COMMIT"_s);
    } catch (const SqlFailure&) {
        sql.rollback();
        return false;
    }
    failedCommitInWal = false;
    return true;
}

// ---- snapshots ---------------------------------------------------------------------

QString StoreImpl::snapshotPath(qint64 seq) const {
    if (postgres)
        return QDir::temp().filePath(
            u"houbu-snapshot-%1-%2"_s.arg(QCoreApplication::applicationPid()).arg(seq));
    return options.location + u"-snapshot-"_s + QString::number(seq);
}

void StoreImpl::removeLeftSnapshotFiles() const {
    if (postgres) return;
    const QFileInfo info(options.location);
    QDir dir = info.absoluteDir();
    for (const QString& name : dir.entryList({info.fileName() + u"-snapshot-*"_s}, QDir::Files))
        dir.remove(name);
}

bool StoreImpl::takeInSnapshotPart() {
    if (!snapshotting) return true;
    if (!intake) {
        const auto state = snapshotting->poll();
        if (state == SnapshotWriter::State::Running) return false;
        if (state == SnapshotWriter::State::Failed) {
            dropSnapshot(snapshotting->failure());
            return true;
        }
        intake = std::make_unique<QFile>(snapshotting->path());
        if (!intake->open(QIODevice::ReadOnly)) {
            dropSnapshot(u"cannot read the snapshot file: "_s + intake->errorString());
            return true;
        }
        intakeExpected = intake->read(SnapshotWriter::kHashBytes);
        intakeHash = std::make_unique<SnapshotChecksum>();
        intakeParts = 0;
    }
    const QByteArray part = intake->read(kSnapshotPartBytes);
    if (!part.isEmpty()) {
        intakeHash->add(std::string_view(part.constData(), static_cast<std::size_t>(part.size())));
        sql.write(u"INSERT INTO snapshot_parts (journal_seq, part, bytes) VALUES (?, ?, ?)"_s,
                  {snapshotting->seq(), intakeParts, part});
        ++intakeParts;
    }
    if (!intake->atEnd() && part.size() == kSnapshotPartBytes) return false;
    const SnapshotChecksum::Digest digest = intakeHash->digest();
    if (intake->error() != QFileDevice::NoError ||
        QByteArray(reinterpret_cast<const char*>(digest.data()),
                   static_cast<qsizetype>(digest.size())) != intakeExpected ||
        intakeParts == 0) {
        dropSnapshot(u"the snapshot file does not check (cut short or changed)"_s);
        return true;
    }
    sql.exec(
        u"INSERT INTO snapshots (journal_seq, engine, checksum, packing, parts) "
        u"VALUES (?, ?, ?, 1, ?)"_s,
        {snapshotting->seq(), QByteArray(""), checksumText(digest), intakeParts});
    keepHistory(snapshotting->seq());
    snapshotSeq = snapshotting->seq();
    snapshotSeqShared = snapshotSeq;
    {
        std::lock_guard lock(queueMutex);
        snapshotFailureText.clear();
    }
    dropOldSnapshots();
    intake.reset();
    intakeHash.reset();
    snapshotting.reset();
    snapshotInFlight = 0;
    return true;
}

void StoreImpl::takeInWholeSnapshot() {
    sql.begin();
    try {
        while (!takeInSnapshotPart()) {
            if (!intake && snapshotting) snapshotting->wait();
        }
    } catch (const SqlFailure&) {
        sql.rollback();
        throw;
    }
    sql.commit();
}

void StoreImpl::dropSnapshot(const QString& why) {
    if (!why.isEmpty()) {
        std::lock_guard lock(queueMutex);
        snapshotFailureText = why;
    }
    if (snapshotting) snapshotRetryAtShared = committedSeq + options.snapshotEvery;
    intake.reset();
    intakeHash.reset();
    snapshotting.reset();
    snapshotHistory.clear();
    snapshotInFlight = 0;
    partsToCollect = true;
}

void StoreImpl::dropOldSnapshots() {
    sql.exec(
        u"DELETE FROM snapshots WHERE journal_seq NOT IN (SELECT journal_seq FROM snapshots "
        u"ORDER BY journal_seq DESC LIMIT %1)"_s.arg(std::max(1, options.snapshotsKept)));
    sql.exec(
        u"DELETE FROM snapshot_history WHERE journal_seq NOT IN (SELECT journal_seq FROM "
        u"snapshots)"_s);
    partsToCollect = true;
}

// One part (a megabyte) a transaction: freeing a part's pages costs about
// 10 ms, and an operator's command waits for its transaction. Four a
// transaction made the first ten commands after opening the 1/25 day's
// store take 40-50 ms each, the first 400 ms. A store closed cleanly
// collects the rest on closing (collectAllSnapshotParts).
void StoreImpl::collectSnapshotParts() {
    if (!partsToCollect) return;
    QSqlQuery q = sql.exec(
        u"DELETE FROM snapshot_parts WHERE (journal_seq, part) IN (SELECT journal_seq, part "
        u"FROM snapshot_parts WHERE journal_seq NOT IN (SELECT journal_seq FROM snapshots) "
        u"AND journal_seq <> ? LIMIT 1)"_s,
        {snapshotting && intake ? snapshotting->seq() : qint64(-1)});
    if (q.numRowsAffected() == 0) partsToCollect = false;
}

void StoreImpl::collectAllSnapshotParts() {
    if (!partsToCollect || !writesOnClosing() || !sql.db().isOpen()) return;
    try {
        sql.begin();
        while (partsToCollect)
            collectSnapshotParts();
        sql.commit();
    } catch (const SqlFailure&) {
        sql.rollback();  // left for the next commits, one a transaction
    }
}

}  // namespace houbu
