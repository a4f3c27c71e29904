// Opening a store (the newest snapshot, then the journal after it), verify
// and the snapshots' bytes read back.

#include <QCryptographicHash>
#include <QFileInfo>
#include <algorithm>
#include <limits>

#include <zstd.h>

#include "journal_chain.h"
#include "snapshot_pieces.h"
#include "sqlite_statement.h"
#include "state_digest.h"
#include "store_impl.h"

namespace houbu {

using namespace Qt::StringLiterals;

namespace {

// Commands before the journal's end whose events a replay on opening keeps
// in memory for readers of the stream's tail (at most recentEventBytes of them).
constexpr qint64 kRememberedCommands = 100000;
// The highest seq a store accepts from its file: 2^53, the most a client
// reading JSON numbers as doubles reads exactly, and far beyond any journal.
constexpr qint64 kMostSeq = qint64(1) << 53;

// Checks a stored snapshot's pieces, which `next` gives in order (false
// after the last), against their checksum, a piece at a time (a whole day's
// snapshot is gigabytes). Returns what is wrong with them, or an empty string.
QString checkSnapshotSum(const std::function<bool(QByteArray&)>& next, const QString& expected) {
    const bool xxh3 = expected.startsWith(
        QLatin1String(SnapshotChecksum::kPrefix.data(), SnapshotChecksum::kPrefix.size()));
    SnapshotChecksum checksum;
    QCryptographicHash sha256(QCryptographicHash::Sha256);
    QByteArray piece;
    bool any = false;
    while (next(piece)) {
        any = true;
        if (xxh3)
            checksum.add(
                std::string_view(piece.constData(), static_cast<std::size_t>(piece.size())));
        else
            sha256.addData(piece);
    }
    if (!any) return u"parts are missing"_s;
    QByteArray digest;
    if (xxh3) {
        const SnapshotChecksum::Digest d = checksum.digest();
        digest =
            QByteArray(reinterpret_cast<const char*>(d.data()), static_cast<qsizetype>(d.size()))
                .toHex()
                .prepend(SnapshotChecksum::kPrefix.data());
    } else {
        digest = sha256.result().toHex();
    }
    if (QString::fromLatin1(digest) != expected) return u"checksum mismatch"_s;
    return {};
}

}  // namespace

void feedLine(Engine& engine, const QByteArray& text, int number, EventSink& sink) {
    const ParsedLine parsed = parseCommandLine(text);
    if (parsed.command)
        engine.apply(*parsed.command, number, sink);
    else
        engine.rejectMalformed(number, parsed.error.toStdString(), sink);
}

// Restores the newest snapshot and replays the journal after it, checking
// every command's chain link.
bool StoreImpl::load(QString& error) {
    problems.clear();
    dropSnapshot({});
    removeLeftSnapshotFiles();
    try {
        QSqlQuery count = sql.exec(
            u"SELECT COUNT(*), COALESCE(SUM(last_seq - first_seq + 1), 0), "
            u"COALESCE(MAX(last_seq), 0) FROM journal_blocks"_s);
        count.next();
        journalSeq = count.value(2).toLongLong();
        const qint64 held = count.value(1).toLongLong();
        count.finish();
        // Read from the file: a seq no journal reaches is damage, and the
        // arithmetic below (journalSeq + 1) would overflow on it.
        if (journalSeq < 0 || journalSeq > kMostSeq) {
            error = u"%1 is damaged: its journal ends at seq %2"_s.arg(displayLocation())
                        .arg(journalSeq);
            return false;
        }
        if (held != journalSeq) {
            // Find the first hole: blocks in order, each must start where the last ended.
            qint64 expected = 1, found = 0;
            QSqlQuery blocks =
                sql.exec(u"SELECT first_seq, last_seq FROM journal_blocks ORDER BY first_seq"_s);
            while (blocks.next()) {
                if (blocks.value(0).toLongLong() != expected) {
                    found = expected;
                    break;
                }
                expected = blocks.value(1).toLongLong() + 1;
            }
            blocks.finish();
            problem(
                u"the journal has gaps: journal seq %1 is missing (%2 commands, sequence "
                u"numbers up to %3)"_s.arg(found ? found : expected)
                    .arg(held)
                    .arg(journalSeq));
        }
        committedSeq = journalSeq;

        // The dictionaries the journal's blocks were packed with.
        packer = std::make_unique<CommandPacker>();
        QSqlQuery dictionaries = sql.exec(u"SELECT id, dictionary FROM command_dictionaries"_s);
        while (dictionaries.next())
            packer->addDictionary(dictionaries.value(0).toInt(),
                                  dictionaries.value(1).toByteArray());
        dictionaries.finish();
        tables.readCounts();
        {
            QSqlQuery last = sql.exec(
                u"SELECT first_event + event_count - 1, clock FROM journal_blocks WHERE first_seq "
                u"= (SELECT MAX(first_seq) FROM journal_blocks)"_s);
            committedEvent = last.next() ? last.value(0).toLongLong() : 0;
            lastClock = last.isValid() ? last.value(1).toLongLong() : 0;
        }

        if (std::exchange(options.deferLoading, false)) {
            engine = std::make_unique<Engine>(engineOptions);
            engineLoaded = false;
            needsReload = true;
            const std::vector<SnapshotRow> snapshots = snapshotRows(journalSeq + 1);
            snapshotSeq = snapshots.empty() ? 0 : snapshots.front().seq;
            snapshotSeqShared = snapshotSeq;
            openedFromSnapshot = 0;
            lastLink = linkAt(journalSeq);
            recent.clear();
            recentBytes = 0;
            return true;
        }

        // Build into a fresh engine and swap it in only when loading succeeded:
        // the store never holds a half-loaded or missing engine.
        std::unique_ptr<Engine> fresh = newestSnapshotBefore(journalSeq + 1, snapshotSeq, true);
        snapshotSeqShared = snapshotSeq;
        openedFromSnapshot = snapshotSeq;

        QByteArray link = linkAt(snapshotSeq);
        const qint64 total = journalSeq - snapshotSeq;
        qint64 previous = snapshotSeq;
        qint64 nextProgress = snapshotSeq + 1000;
        bool cancelled = false;
        recent.clear();
        recentBytes = 0;
        if (snapshotSeq > 0) restoreHistory(snapshotSeq, static_cast<qint64>(fresh->lastSeq()));
        forEachBlock(snapshotSeq + 1, journalSeq, [&](StoredBlock& block) {
            const QString broken =
                replayBlock(*fresh, block, snapshotSeq + 1, previous, link, u"its replay"_s,
                            [&](qint64 seq, qint64 firstEvent, const QByteArray& events) {
                                // Only the newest events are kept in memory:
                                // those of a long tail would be dropped again.
                                if (journalSeq - seq < kRememberedCommands)
                                    remember(seq, firstEvent, events);
                                if (seq >= nextProgress && options.progress) {
                                    nextProgress = seq + 1000;
                                    if (!options.progress(seq - snapshotSeq, total))
                                        cancelled = true;
                                }
                                return !cancelled;
                            });
            if (!broken.isEmpty()) {
                problem(broken);
                return false;
            }
            return !cancelled;
        });
        if (cancelled) {
            error = u"opening %1 was cancelled"_s.arg(displayLocation());
            return false;
        }
        if (problems.isEmpty() && previous != journalSeq)
            problem(u"journal seq %1 is missing"_s.arg(previous + 1));
        lastLink = link;
        // A restored snapshot was checked as it was restored: only commands
        // replayed after it can have broken something.
        if (previous > snapshotSeq || snapshotSeq == 0) {
            const std::string broken = fresh->checkInvariants();
            if (!broken.empty())
                problem(u"the state breaks an invariant: "_s + QString::fromStdString(broken));
        }
        if (options.progress) options.progress(total, total);
        std::swap(engine, fresh);
        engine->setTraceSink(traceSink);
        engineLoaded = true;
        if (options.follow) {
            // The writer commits between this open's statements: the state
            // tables and the last block read may be newer than the journal
            // read. The replay's own chain links are what a follower checks.
            committedEvent = static_cast<qint64>(engine->lastSeq());
            std::lock_guard lock(followMutex);
            follow.applied = follow.journalEnd = journalSeq;
        } else {
            problems += tables.compareCounts(engine->summary());
        }
    } catch (const SqlFailure& f) {
        error = u"cannot read %1: %2"_s.arg(displayLocation(), f.message);
        return false;
    }
    if (!problems.isEmpty() && !options.inspectOnly) {
        error =
            u"%1 failed its checks on opening: %2 (run `houbu-cli verify --db ...` for a "
            u"full report)"_s.arg(displayLocation(), problems.first());
        return false;
    }
    return true;
}

// Brings the engine back to the last committed state after a failure.
bool StoreImpl::reload(QString& error) {
    if (!supersedeFailedCommit()) {
        error = u"the disk still fails: a failed commit is not overwritten yet"_s;
        return false;
    }
    if (!sql.db().isOpen() || !postgres) {
        if (!connect(error)) return false;
    } else {
        // A PostgreSQL connection that dropped reports open; probe it.
        QSqlQuery probe(sql.db());
        if (!probe.exec(u"SELECT 1"_s) && !connect(error)) return false;
    }
    if (!load(error)) return false;
    needsReload = false;
    return true;
}

std::vector<SnapshotRow> StoreImpl::snapshotRows(qint64 limit) {
    QSqlQuery q = sql.exec(
        // A damaged negative seq would overflow journalSeq - snapshotSeq: not a snapshot.
        u"SELECT journal_seq, checksum, packing, parts FROM snapshots WHERE journal_seq < ? "
        u"AND journal_seq >= 0 ORDER BY journal_seq DESC"_s,
        {limit});
    std::vector<SnapshotRow> rows;
    while (q.next())
        rows.push_back({q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toInt(),
                        q.value(3).toInt()});
    return rows;
}

QString StoreImpl::withStoredPieces(
    const SnapshotRow& s,
    const std::function<QString(const std::function<bool(QByteArray&)>&)>& use) {
    if (s.parts == 0) {
        QSqlQuery q = sql.exec(u"SELECT engine FROM snapshots WHERE journal_seq = ?"_s, {s.seq});
        QByteArray blob = q.next() ? q.value(0).toByteArray() : QByteArray();
        q.finish();
        bool given = false;
        return use([&](QByteArray& piece) {
            if (given) return false;
            piece = std::move(blob);
            return given = true;
        });
    }
    int taken = 0;
    QString damage;
    if (!postgres) {
        // SQLite: each part read where SQLite holds it, not copied twice
        // through Qt (a whole day's snapshot is gigabytes, read on every open).
        try {
            SqliteStatement parts(
                sql.sqliteHandle(),
                "SELECT part, bytes FROM snapshot_parts WHERE journal_seq = ? ORDER BY part");
            parts.bind(1, s.seq);
            bool more = true;
            damage = use([&](QByteArray& piece) {
                if (!more || !(more = parts.step())) return false;
                if (parts.columnInt(0) != taken++) return false;
                const QByteArrayView bytes = parts.columnBlob(1);
                piece = QByteArray::fromRawData(bytes.data(), bytes.size());
                return true;
            });
            while (more && (more = parts.step())) {
            }
        } catch (const SqliteFailure& f) {
            throw SqlFailure{f.message};
        }
    } else {
        QSqlQuery q = sql.exec(
            u"SELECT part, bytes FROM snapshot_parts WHERE journal_seq = ? ORDER BY part"_s,
            {s.seq});
        damage = use([&](QByteArray& piece) {
            if (!q.next()) return false;
            if (q.value(0).toInt() != taken++) return false;
            piece = q.value(1).toByteArray();
            return true;
        });
    }
    if (damage.isEmpty() && taken != s.parts)
        return u"%1 of its %2 parts are there"_s.arg(taken).arg(s.parts);
    return damage;
}

QString StoreImpl::checkSnapshot(const SnapshotRow& s) {
    return withStoredPieces(s, [&](const std::function<bool(QByteArray&)>& next) {
        return checkSnapshotSum(next, s.checksum);
    });
}

QString StoreImpl::readSnapshot(const SnapshotRow& s,
                                const std::function<void(SnapshotPieces&)>& use) {
    QString damage = checkSnapshot(s);
    if (!damage.isEmpty()) return damage;
    return withStoredPieces(s, [&](const std::function<bool(QByteArray&)>& next) {
        SnapshotPieces pieces(next, s.packing);
        use(pieces);
        // A reader that stopped early (another format version) leaves
        // parts unread: read past them, undecompressed.
        QByteArray rest;
        while (next(rest)) {
        }
        return pieces.damage();
    });
}

std::unique_ptr<Engine> StoreImpl::newestSnapshotBefore(qint64 limit, qint64& seq, bool report) {
    for (const SnapshotRow& row : snapshotRows(limit)) {
        std::unique_ptr<Engine> restored;
        std::string why;
        const QString damage = readSnapshot(row, [&](SnapshotPieces& pieces) {
            restored = Engine::restore([&] { return pieces(); }, engineOptions, why);
        });
        if (!damage.isEmpty()) {
            if (report)
                problem(u"snapshot at journal seq %1 is damaged (%2)"_s.arg(row.seq).arg(damage));
            continue;
        }
        if (restored) {
            seq = row.seq;
            return restored;
        }
        // A snapshot written by another version is not damage: the
        // journal before it is replayed instead.
        if (report && why.find("another format version") == std::string::npos)
            problem(u"snapshot at journal seq %1 cannot be restored: %2"_s.arg(row.seq).arg(
                QString::fromStdString(why)));
    }
    seq = 0;
    return std::make_unique<Engine>(engineOptions);
}

// Compares every state row with the engine's records without holding
// either side whole (a whole day has tens of millions): each side is
// summed into buckets by id, a count and a sum of hashes of id and status,
// and only the first bucket that disagrees is read again, to name its
// first row that differs.
void StoreImpl::checkRows() {
    constexpr std::size_t kBuckets = 4096;
    const char* const names[3] = {"tickets", "orders", "blocks"};
    const char* const keys[3] = {"ticket", "id", "id"};
    struct Bucket {
        quint64 count = 0;
        quint64 sum = 0;
        bool operator==(const Bucket&) const = default;
    };
    auto bucketOf = [&](int kind, std::string_view id) {
        return static_cast<std::size_t>(kind) * kBuckets +
               XXH3_64bits_withSeed(id.data(), id.size(), 0) % kBuckets;
    };
    auto hashOf = [](std::string_view id, std::string_view status) {
        return XXH3_64bits_withSeed(status.data(), status.size(),
                                    XXH3_64bits_withSeed(id.data(), id.size(), 1));
    };
    auto tableRows = [&](int kind,
                         const std::function<void(std::string_view, std::string_view)>& row) {
        QSqlQuery q = sql.exec(u"SELECT %1, status FROM %2"_s.arg(QLatin1String(keys[kind]),
                                                                  QLatin1String(names[kind])));
        while (q.next()) {
            const QByteArray id = q.value(0).toString().toUtf8();
            const QByteArray status = q.value(1).toString().toUtf8();
            row(std::string_view(id.constData(), static_cast<std::size_t>(id.size())),
                std::string_view(status.constData(), static_cast<std::size_t>(status.size())));
        }
    };
    std::vector<Bucket> journalSide(3 * kBuckets), tableSide(3 * kBuckets);
    engine->forEachRecord(
        [&](RecordStatus::Kind kind, std::string_view id, std::string_view status) {
            Bucket& b = journalSide[bucketOf(static_cast<int>(kind), id)];
            ++b.count;
            b.sum += hashOf(id, status);
        });
    for (int k = 0; k < 3; ++k)
        tableRows(k, [&](std::string_view id, std::string_view status) {
            Bucket& b = tableSide[bucketOf(k, id)];
            ++b.count;
            b.sum += hashOf(id, status);
        });
    std::size_t differing = 0;
    while (differing < journalSide.size() && journalSide[differing] == tableSide[differing])
        ++differing;
    if (differing == journalSide.size()) return;

    const int kind = static_cast<int>(differing / kBuckets);
    const QString what = QString::fromLatin1(names[kind]).chopped(1);
    std::map<std::string, std::string, std::less<>> table;
    tableRows(kind, [&](std::string_view id, std::string_view status) {
        if (bucketOf(kind, id) == differing) table.emplace(id, status);
    });
    bool named = false;
    engine->forEachRecord([&](RecordStatus::Kind k, std::string_view id, std::string_view status) {
        if (named || static_cast<int>(k) != kind || bucketOf(kind, id) != differing) return;
        auto it = table.find(id);
        if (it == table.end()) {
            problem(u"%1 %2 (%3 in the journal) is missing from the state tables"_s.arg(
                what, QString::fromUtf8(id), QString::fromUtf8(status)));
            named = true;
        } else if (it->second != status) {
            problem(u"%1 %2 is %3 in the state tables but %4 in the journal"_s.arg(
                what, QString::fromUtf8(id), QString::fromStdString(it->second),
                QString::fromUtf8(status)));
            named = true;
        } else {
            table.erase(it);
        }
    });
    if (!named && !table.empty())
        problem(u"%1 %2 is in the state tables but not in the journal"_s.arg(
            what, QString::fromStdString(table.begin()->first)));
}

// verify(): replays the whole journal into a fresh engine, which becomes
// the store's, comparing by digest each stored snapshot with the replay's
// state at its journal seq and the state the store opened with (dropped
// before the replay) with its end; then the state tables, row by row.
void StoreImpl::verifyAll(StoreReport& r) {
    auto note = [&](const QString& text) {
        if (!r.problems.contains(text)) r.problems << text;
    };
    const QByteArray opened = engineLoaded ? StateDigest::of(*engine) : QByteArray();
    reader.reset();
    engine = std::make_unique<Engine>(engineOptions);
    engineLoaded = false;
    needsReload = true;
    const std::string magic = engine->snapshot().substr(0, 8);

    // The stored snapshots' digests first: a second statement on the
    // connection while the journal is read would end that read early on
    // PostgreSQL (one result at a time).
    std::vector<SnapshotRow> snapshots = snapshotRows(std::numeric_limits<qint64>::max());
    std::reverse(snapshots.begin(), snapshots.end());
    std::vector<QByteArray> storedDigests;
    for (auto it = snapshots.begin(); it != snapshots.end();) {
        StateDigest stored;
        std::string head;
        const QString damage = readSnapshot(*it, [&](SnapshotPieces& pieces) {
            for (std::string_view piece = pieces(); !piece.empty(); piece = pieces()) {
                if (head.size() < magic.size())
                    head.append(piece.substr(0, magic.size() - head.size()));
                stored.add(piece);
            }
        });
        // Damaged, or of another format version (open replays the
        // journal instead): not compared.
        const bool otherVersion =
            head.size() == magic.size() && head.compare(0, 7, magic, 0, 7) == 0 && head != magic;
        if (!damage.isEmpty())
            note(u"snapshot at journal seq %1 is damaged (%2)"_s.arg(it->seq).arg(damage));
        if (!damage.isEmpty() || otherVersion) {
            it = snapshots.erase(it);
            continue;
        }
        storedDigests.push_back(stored.result());
        ++it;
    }
    std::size_t nextSnapshot = 0;
    auto compareSnapshots = [&](qint64 upTo) {
        for (; nextSnapshot < snapshots.size() && snapshots[nextSnapshot].seq <= upTo;
             ++nextSnapshot) {
            if (snapshots[nextSnapshot].seq != upTo) continue;
            if (storedDigests[nextSnapshot] != StateDigest::of(*engine)) {
                note(
                    u"snapshot at journal seq %1 differs from a fresh replay of the journal up "
                    u"to it"_s.arg(snapshots[nextSnapshot].seq));
                continue;
            }
            r.snapshotsChecked << snapshots[nextSnapshot].seq;
        }
    };

    recent.clear();
    recentBytes = 0;
    QByteArray link = JournalChain::origin();
    qint64 previous = 0, nextProgress = 1000;
    bool whole = true;
    forEachBlock(1, std::numeric_limits<qint64>::max(), [&](StoredBlock& block) {
        // Snapshots lie at the ends of blocks: the state is compared there.
        const QString broken =
            replayBlock(*engine, block, 1, previous, link, u"a fresh replay"_s,
                        [&](qint64 seq, qint64 firstEvent, const QByteArray& out) {
                            if (journalSeq - seq < kRememberedCommands)
                                remember(seq, firstEvent, out);
                            compareSnapshots(seq);
                            if (seq >= nextProgress && options.progress) {
                                nextProgress = seq + 1000;
                                if (!options.progress(seq, journalSeq)) {
                                    note(u"verify was cancelled at journal seq %1"_s.arg(seq + 1));
                                    whole = false;
                                }
                            }
                            return whole;
                        });
        if (!broken.isEmpty()) {
            note(broken);
            whole = false;
        }
        return whole;
    });
    if (options.progress) options.progress(previous, journalSeq);
    if (whole && previous != journalSeq) {
        note(u"journal seq %1 is missing"_s.arg(previous + 1));
        whole = false;
    }

    QSqlQuery sum = sql.exec(u"SELECT COALESCE(SUM(event_count), 0) FROM journal_blocks"_s);
    sum.next();
    r.events = sum.value(0).toLongLong();
    sum.finish();
    // The state tables describe the journal's end: a replay that broke off
    // has not reached it.
    if (!whole) return;
    for (; nextSnapshot < snapshots.size(); ++nextSnapshot)
        note(u"snapshot at journal seq %1 lies beyond the journal's end (journal seq %2)"_s
                 .arg(snapshots[nextSnapshot].seq)
                 .arg(previous));
    const std::string broken = engine->checkInvariants();
    if (!broken.empty())
        note(u"the state breaks an invariant: "_s + QString::fromStdString(broken));
    if (!opened.isEmpty() && StateDigest::of(*engine) != opened)
        note(u"the state opened from the snapshot differs from a fresh replay of the journal"_s);
    lastLink = link;
    engineLoaded = true;
    needsReload = false;
    for (const QString& p : tables.compareCounts(engine->summary()))
        note(p);
    for (const QString& p : tables.compareCountsWithRows())
        note(p);
    const qsizetype before = problems.size();
    checkRows();
    for (qsizetype i = before; i < problems.size(); ++i)
        note(problems[i]);
}

}  // namespace houbu
