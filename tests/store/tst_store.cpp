// The SQLite store: round trips, group commit, and every failure the issue
// names, on real files and real (tmpfs) file systems.

#include <QBuffer>
#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QSqlError>
#include <algorithm>

#include <QFile>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QUuid>

#include "command_packer.h"
#include "houbu/codec.h"
#include "houbu/store.h"
#include "journal_block.h"
#include "journal_chain.h"
#include "scenario_lines.h"
#include "workload.h"

using namespace houbu;
using namespace Qt::StringLiterals;

namespace {

QList<InputLine> demo() {
    QFile f(QStringLiteral(HOUBU_SOURCE_DIR "/resources/demo/g13-spring-festival.jsonl"));
    QList<InputLine> lines;
    if (!f.open(QIODevice::ReadOnly)) return lines;
    int n = 0;
    for (const QByteArray& l : f.readAll().split('\n'))
        lines.append({l, ++n});
    if (!lines.isEmpty() && lines.back().text.isEmpty()) lines.removeLast();
    return lines;
}

// A generated day's command lines (houbu-cli gen with `args`), numbered.
QList<InputLine> generatedDay(const QStringList& args) {
    QProcess gen;
    gen.start(QStringLiteral(HOUBU_CLI_PATH), QStringList{u"gen"_s} + args);
    QList<InputLine> lines;
    if (!gen.waitForFinished(60000)) return lines;
    for (const QByteArray& l : gen.readAllStandardOutput().split('\n'))
        if (l.startsWith('{')) lines << InputLine(l, static_cast<int>(lines.size()) + 1);
    return lines;
}

QByteArray inMemory(const QList<InputLine>& lines, EngineOptions options = {}) {
    Runner runner(options);
    QByteArray out;
    for (const auto& l : lines)
        runner.processLine(l.text, l.number, out);
    return out;
}

std::unique_ptr<Store> openAt(const QString& path, QString& error, int snapshotEvery = 10000,
                              bool inspect = false) {
    StoreOptions o;
    o.location = path;
    o.snapshotEvery = snapshotEvery;
    o.inspectOnly = inspect;
    // Snapshots where they fall due, whatever the machine's speed, and none
    // at closing: tests below tamper with rows on either side of one.
    o.waitForSnapshots = true;
    o.snapshotOnClose = false;
    return Store::open(o, error);
}

// Writes the demo into a new store, in groups of `group` lines (a snapshot
// is taken after the commit of a group); its journal's length, 0 when that failed.
qint64 writeDemo(const QString& path, int snapshotEvery, int group = 7) {
    QString error;
    auto store = openAt(path, error, snapshotEvery);
    if (!store) return 0;
    const auto lines = demo();
    for (qsizetype at = 0; at < lines.size(); at += group) {
        QByteArray out;
        if (!store->apply(lines.mid(at, group), out, error)) return 0;
    }
    return store->journalLength();
}

// Runs SQL on a store file through a separate connection (the store must be
// closed): statements separated by ";\n", in one transaction.
void sql(const QString& path, const QString& statements) {
    const QString name = QUuid::createUuid().toString();
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, name);
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QVERIFY(db.transaction());
        for (const QString& statement : statements.split(u";\n"_s)) {
            QSqlQuery q(db);
            QVERIFY2(q.exec(statement), qPrintable(statement + u": "_s + q.lastError().text()));
        }
        QVERIFY(db.commit());
    }
    QSqlDatabase::removeDatabase(name);
}

// One value read from a store file through a separate connection.
QVariant value(const QString& path, const QString& query) {
    const QString name = QUuid::createUuid().toString();
    QVariant v;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, name);
        db.setDatabaseName(path);
        if (db.open()) {
            QSqlQuery q(db);
            if (q.exec(query) && q.next()) v = q.value(0);
        }
    }
    QSqlDatabase::removeDatabase(name);
    return v;
}

// Rewrites a store of this schema as schema 3 wrote it: a journal row per
// command with its whole chain link (re-derived by a replay), packed alone
// with the dictionary of its time; no counts table; snapshots checked by
// SHA-256. The store must be closed.
void downgradeToSchema3(const QString& path) {
    QString error;
    QList<QByteArray> events;
    {
        StoreOptions o;
        o.location = path;
        auto store = Store::open(o, error);
        QVERIFY2(store, qPrintable(error));
        QVERIFY(store->replay(
            0, [&](const QByteArray& e) { events << e; }, error));
    }
    const QString name = QUuid::createUuid().toString();
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, name);
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QVERIFY(db.transaction());
        CommandPacker packer;
        QSqlQuery q(db);
        QVERIFY(q.exec(u"SELECT id, dictionary FROM command_dictionaries"_s));
        while (q.next())
            packer.addDictionary(q.value(0).toInt(), q.value(1).toByteArray());
        QVERIFY(q.exec(
            u"CREATE TABLE journal (seq INTEGER PRIMARY KEY, input_line INTEGER NOT NULL, command "
            u"BLOB NOT NULL, packing INTEGER NOT NULL, clock BIGINT NOT NULL, first_event BIGINT "
            u"NOT NULL, event_count INTEGER NOT NULL, error_code TEXT, chain BLOB NOT NULL, "
            u"author INTEGER NOT NULL, journaled_at BIGINT)"_s));
        QSqlQuery blocks(db);
        QVERIFY(
            blocks.exec(u"SELECT first_seq, first_event, journaled_at, packing, body FROM "
                        u"journal_blocks ORDER BY first_seq"_s));
        QList<QVariantList> rows;
        QByteArray link = JournalChain::origin();
        while (blocks.next()) {
            const auto body = packer.unpack(blocks.value(4).toByteArray(), blocks.value(3).toInt());
            QVERIFY(body);
            std::vector<JournalCommand> commands;
            QVERIFY2(JournalBlock::decode(*body, commands, error), qPrintable(error));
            qint64 seq = blocks.value(0).toLongLong(), event = blocks.value(1).toLongLong();
            for (const JournalCommand& c : commands) {
                link = JournalChain::next(link, seq, c.line, c.command,
                                          events.value(static_cast<qsizetype>(seq - 1)));
                int packing = 0;
                const QByteArray stored = packer.pack(c.command, packing);
                rows.append({seq, c.line, stored, packing, c.clock, event, c.eventCount,
                             c.errorCode.isEmpty() ? QVariant(QMetaType(QMetaType::QString))
                                                   : QVariant(QString::fromUtf8(c.errorCode)),
                             link, c.author, blocks.value(2)});
                event += c.eventCount;
                ++seq;
            }
        }
        blocks.finish();
        QCOMPARE(rows.size(), events.size());
        for (const QVariantList& row : rows) {
            QSqlQuery insert(db);
            QVERIFY(
                insert.prepare(u"INSERT INTO journal VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s));
            for (const QVariant& x : row)
                insert.addBindValue(x);
            QVERIFY2(insert.exec(), qPrintable(insert.lastError().text()));
        }
        // Snapshots: the checksum of schema 3, SHA-256 of the stored bytes.
        QSqlQuery snapshots(db);
        QVERIFY(snapshots.exec(u"SELECT journal_seq, engine, parts FROM snapshots"_s));
        QList<QPair<qint64, QString>> sums;
        while (snapshots.next()) {
            QByteArray bytes = snapshots.value(1).toByteArray();
            if (snapshots.value(2).toInt() > 0) {
                QSqlQuery parts(db);
                QVERIFY(parts.prepare(
                    u"SELECT bytes FROM snapshot_parts WHERE journal_seq = ? ORDER BY part"_s));
                parts.addBindValue(snapshots.value(0));
                QVERIFY(parts.exec());
                while (parts.next())
                    bytes += parts.value(0).toByteArray();
            }
            sums.append({snapshots.value(0).toLongLong(),
                         QString::fromLatin1(
                             QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex())});
        }
        snapshots.finish();
        for (const auto& [seq, sum] : sums) {
            QSqlQuery update(db);
            QVERIFY(update.prepare(u"UPDATE snapshots SET checksum = ? WHERE journal_seq = ?"_s));
            update.addBindValue(sum);
            update.addBindValue(seq);
            QVERIFY(update.exec());
        }
        for (const QString& s :
             {u"DROP TABLE journal_blocks"_s, u"DROP TABLE state_counts"_s,
              u"DROP TABLE snapshot_history"_s, u"ALTER TABLE tickets DROP COLUMN legs"_s,
              u"ALTER TABLE runs DROP COLUMN first_seq"_s,
              u"ALTER TABLE orders DROP COLUMN first_seq"_s,
              u"ALTER TABLE orders DROP COLUMN last_seq"_s,
              u"ALTER TABLE snapshots RENAME COLUMN checksum TO sha256"_s,
              u"UPDATE houbu_meta SET value = '3' WHERE key = 'schema_version'"_s})
            QVERIFY2(q.exec(s), qPrintable(s + u": "_s + q.lastError().text()));
        QVERIFY(db.commit());
    }
    QSqlDatabase::removeDatabase(name);
}

// Rewrites a store of this schema as schema 2 wrote it: schema 3's journal,
// each snapshot's bytes in the snapshots table itself, no table of parts.
void downgradeToSchema2(const QString& path) {
    downgradeToSchema3(path);
    const QString name = QUuid::createUuid().toString();
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, name);
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QVERIFY(db.transaction());
        QSqlQuery q(db);
        QVERIFY(q.exec(u"SELECT journal_seq FROM snapshots WHERE parts > 0"_s));
        QList<qint64> seqs;
        while (q.next())
            seqs << q.value(0).toLongLong();
        QVERIFY(!seqs.isEmpty());
        for (qint64 seq : seqs) {
            QSqlQuery parts(db);
            QVERIFY(parts.prepare(
                u"SELECT bytes FROM snapshot_parts WHERE journal_seq = ? ORDER BY part"_s));
            parts.addBindValue(seq);
            QVERIFY(parts.exec());
            QByteArray whole;
            while (parts.next())
                whole += parts.value(0).toByteArray();
            QSqlQuery update(db);
            QVERIFY(update.prepare(u"UPDATE snapshots SET engine = ? WHERE journal_seq = ?"_s));
            update.addBindValue(whole);
            update.addBindValue(seq);
            QVERIFY(update.exec());
        }
        for (const QString& s :
             {u"DROP TABLE snapshot_parts"_s, u"ALTER TABLE snapshots DROP COLUMN parts"_s,
              u"DROP TABLE requests"_s,
              u"UPDATE houbu_meta SET value = '2' WHERE key = 'schema_version'"_s})
            QVERIFY2(q.exec(s), qPrintable(s + u": "_s + q.lastError().text()));
        QVERIFY(db.commit());
    }
    QSqlDatabase::removeDatabase(name);
}

// Rewrites a store of this schema as schema 1 wrote it: the events of each
// command as text beside it (re-derived by a replay), the clock as text, no
// authors, the journal keyed by a BIGINT with an index on first_event.
void downgradeToSchema1(const QString& path) {
    QString error;
    QList<QByteArray> events;
    {
        StoreOptions o;
        o.location = path;
        auto store = Store::open(o, error);
        QVERIFY2(store, qPrintable(error));
        QVERIFY(store->replay(
            0, [&](const QByteArray& e) { events << e; }, error));
    }
    downgradeToSchema3(path);
    const QString name = QUuid::createUuid().toString();
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, name);
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QVERIFY(db.transaction());
        CommandPacker packer;
        QSqlQuery q(db);
        QVERIFY(q.exec(u"SELECT id, dictionary FROM command_dictionaries"_s));
        while (q.next())
            packer.addDictionary(q.value(0).toInt(), q.value(1).toByteArray());
        QVERIFY(
            q.exec(u"CREATE TABLE journal_v1 (seq BIGINT PRIMARY KEY, input_line INTEGER NOT NULL, "
                   u"command BLOB NOT NULL, clock TEXT NOT NULL, first_event BIGINT NOT NULL, "
                   u"event_count INTEGER NOT NULL, error_code TEXT, events TEXT NOT NULL)"_s));
        QSqlQuery rows(db);
        QVERIFY(
            rows.exec(u"SELECT seq, input_line, command, clock, first_event, event_count, "
                      u"error_code, packing FROM journal ORDER BY seq"_s));
        QList<QVariantList> v1;
        while (rows.next()) {
            const qint64 seq = rows.value(0).toLongLong();
            const auto command = packer.unpack(rows.value(2).toByteArray(), rows.value(7).toInt());
            QVERIFY(command);
            v1.append({seq, rows.value(1), *command,
                       QString::fromStdString(formatTime(rows.value(3).toLongLong())),
                       rows.value(4), rows.value(5), rows.value(6),
                       // Schema 1 stored a command without events as ''.
                       events.value(seq - 1).isEmpty() ? u""_s
                                                       : QString::fromUtf8(events.value(seq - 1))});
        }
        rows.finish();
        QCOMPARE(v1.size(), events.size());
        for (const QVariantList& row : v1) {
            QSqlQuery insert(db);
            QVERIFY(insert.prepare(u"INSERT INTO journal_v1 VALUES (?, ?, ?, ?, ?, ?, ?, ?)"_s));
            for (const QVariant& x : row)
                insert.addBindValue(x);
            QVERIFY2(insert.exec(), qPrintable(insert.lastError().text()));
        }
        for (const QString& s :
             {u"DROP TABLE journal"_s, u"ALTER TABLE journal_v1 RENAME TO journal"_s,
              u"CREATE INDEX journal_first_event ON journal (first_event)"_s,
              u"DROP TABLE authors"_s, u"DROP TABLE command_dictionaries"_s,
              // Schema 1's snapshots were not packed; these are dropped, and
              // the migrated store replays its journal from the start.
              u"DELETE FROM snapshots"_s, u"ALTER TABLE snapshots DROP COLUMN packing"_s,
              u"ALTER TABLE snapshots DROP COLUMN parts"_s, u"DROP TABLE snapshot_parts"_s,
              u"DROP TABLE requests"_s,
              u"UPDATE houbu_meta SET value = '1' WHERE key = 'schema_version'"_s})
            QVERIFY2(q.exec(s), qPrintable(s + u": "_s + q.lastError().text()));
        QVERIFY(db.commit());
    }
    QSqlDatabase::removeDatabase(name);
}

bool run(const QString& program, const QStringList& args) {
    QProcess p;
    p.start(program, args);
    return p.waitForFinished(30000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

// A small real file system, so that writes really fail when it is full or read-only.
class SmallFs {
  public:
    explicit SmallFs(const QString& size) {
        if (!dir_.isValid()) return;
        mounted_ = run(u"mount"_s,
                       {u"-t"_s, u"tmpfs"_s, u"-o"_s, u"size="_s + size, u"tmpfs"_s, dir_.path()});
    }
    ~SmallFs() {
        if (mounted_) run(u"umount"_s, {dir_.path()});
    }
    bool ok() const { return mounted_; }
    QString path(const QString& name) const { return dir_.filePath(name); }
    bool makeReadOnly() { return run(u"mount"_s, {u"-o"_s, u"remount,ro"_s, dir_.path()}); }

  private:
    QTemporaryDir dir_;
    bool mounted_ = false;
};

}  // namespace

class TestStore : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() { QVERIFY(demo().size() > 100); }

    // The store returns exactly the events of an in-memory run, survives a
    // reopen, and replays and exports faithfully.
    void roundTrip() {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"houbu.db"_s);
        const auto lines = demo();
        QByteArray events;
        {
            QString error;
            auto store = openAt(path, error);
            QVERIFY2(store, qPrintable(error));
            QVERIFY2(store->apply(lines.mid(0, 100), events, error), qPrintable(error));
        }
        {
            QString error;
            auto store = openAt(path, error);
            QVERIFY2(store, qPrintable(error));
            QVERIFY2(store->apply(lines.mid(100), events, error), qPrintable(error));
            QCOMPARE(events, inMemory(lines));
            const StoreReport report = store->verify();
            QVERIFY2(report.problems.isEmpty(), qPrintable(report.problems.join(u'\n')));
            QCOMPARE(report.engine, store->engine().summary());
            QByteArray replayed;
            QVERIFY(store->replay(
                0, [&](const QByteArray& e) { replayed += e; }, error));
            QCOMPARE(replayed, events);
            QByteArray prefix;
            QVERIFY(store->replay(
                7, [&](const QByteArray& e) { prefix += e; }, error));
            QVERIFY(events.startsWith(prefix) && !prefix.isEmpty() &&
                    prefix.size() < events.size());
        }
    }

    // Group commit changes nothing but the number of transactions.
    void groupCommitIsTransparent() {
        QTemporaryDir dir;
        const auto lines = demo();
        QByteArray one, grouped;
        QString error;
        {
            auto store = openAt(dir.filePath(u"one.db"_s), error);
            for (const auto& l : lines)
                QVERIFY(store->apply({l}, one, error));
        }
        {
            auto store = openAt(dir.filePath(u"grouped.db"_s), error);
            QVERIFY(store->apply(lines, grouped, error));
        }
        QCOMPARE(one, grouped);
    }

    // With frequent snapshots, opening starts from the newest one and agrees.
    void opensFromSnapshot() {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"snap.db"_s);
        const auto lines = demo();
        QByteArray events;
        QString error;
        {
            auto store = openAt(path, error, 25);
            for (qsizetype i = 0; i < lines.size(); i += 10)
                QVERIFY(store->apply(lines.mid(i, 10), events, error));
        }
        auto store = openAt(path, error, 25);
        QVERIFY2(store, qPrintable(error));
        const StoreReport report = store->verify();
        QVERIFY(report.snapshotSeq > 0);
        QVERIFY2(report.problems.isEmpty(), qPrintable(report.problems.join(u'\n')));
        QCOMPARE(events, inMemory(lines));
        QSqlDatabase::database();  // keep the default connection list untouched
    }

    // 同车换座: a store reopened from a snapshot that holds tickets on several
    // seats has them whole, and releases every leg on a refund.
    void changedTicketsSurviveAReopen() {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"chains.db"_s);
        const QList<InputLine> lines = houbu::test::scenarioLines(u"seat_change_chains"_s);
        QVERIFY(!lines.isEmpty());
        const QList<InputLine> before = lines.mid(0, lines.size() - 1);
        QByteArray events;
        QString error;
        {
            auto store = openAt(path, error, 5);
            for (const InputLine& l : before)
                QVERIFY2(store->apply({l}, events, error), qPrintable(error));
        }
        QVERIFY(events.contains("\"legs\""));
        auto store = openAt(path, error, 5);
        QVERIFY2(store, qPrintable(error));
        const StoreReport report = store->verify();
        QVERIFY(report.snapshotSeq >= before.size() - 5);
        QVERIFY2(report.problems.isEmpty(), qPrintable(report.problems.join(u'\n')));
        QCOMPARE(store->engine().checkInvariants(), std::string());
        const qsizetype written = events.size();
        QVERIFY(store->apply({lines.last()}, events, error));
        QCOMPARE(events.mid(written).count("\"seat_released\""), 4);
        QCOMPARE(events, inMemory(lines));
    }

    // The tickets table lists a ticket on several seats with its legs, as its
    // waitlist_fulfilled event does; a ticket on one seat has none (NULL). A
    // store of schema 5 gains the column on opening, empty for its tickets.
    void ticketsTableListsLegs() {
        QTemporaryDir dir;
        const QList<InputLine> lines = houbu::test::scenarioLines(u"seat_change_chains"_s);
        QVERIFY(!lines.isEmpty());
        for (const QString& name : {u"legs.db"_s, u"v5.db"_s}) {
            const QString path = dir.filePath(name);
            QByteArray events;
            QString error;
            {
                auto store = openAt(path, error);
                QVERIFY2(store && store->apply(lines, events, error), qPrintable(error));
            }
            if (name == u"v5.db"_s) {
                sql(path,
                    u"ALTER TABLE tickets DROP COLUMN legs;\nUPDATE houbu_meta SET value = "
                    u"'5' WHERE key = 'schema_version'"_s);
                auto store = openAt(path, error);
                QVERIFY2(store, qPrintable(error));
                QCOMPARE(store->verify().schemaVersion, Store::kSchemaVersion);
                store.reset();
                QCOMPARE(
                    value(path, u"SELECT COUNT(*) FROM tickets WHERE legs IS NOT NULL"_s).toInt(),
                    0);
                continue;
            }
            int chained = 0;
            for (const QByteArray& line : events.split('\n')) {
                const QJsonObject e = QJsonDocument::fromJson(line).object();
                if (e.value(u"event"_s).toString() != u"waitlist_fulfilled"_s) continue;
                for (const QJsonValue t : e.value(u"tickets"_s).toArray()) {
                    const QString id = t[u"ticket"_s].toString();
                    const QVariant legs =
                        value(path, u"SELECT legs FROM tickets WHERE ticket = '%1'"_s.arg(id));
                    if (!t.toObject().contains(u"legs"_s)) {
                        QVERIFY2(legs.isNull(), qPrintable(id));
                        continue;
                    }
                    ++chained;
                    QCOMPARE(QJsonDocument::fromJson(legs.toByteArray()).array(),
                             t[u"legs"_s].toArray());
                }
            }
            QVERIFY(chained >= 3);
        }
    }

    // engineBefore(k) is the state before journal row k, whether a snapshot
    // lies before it or not, and names that row; the store's engine hands its
    // match trace to a sink without changing the journal or the events.
    void engineBeforeIsTheStateThen() {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"before.db"_s);
        const auto lines = demo();
        QString error;
        struct Trace : EventSink {
            int events = 0;
            void onEvent(const Event& e) override {
                QVERIFY(e.kind == EventKind::MatchConsidered || e.kind == EventKind::MatchSkipped);
                ++events;
            }
        } trace;
        QByteArray events;
        {
            auto store = openAt(path, error, 25);
            QVERIFY2(store, qPrintable(error));
            store->setTraceSink(&trace);
            for (qsizetype i = 0; i < lines.size(); i += 10)
                QVERIFY(store->apply(lines.mid(i, 10), events, error));
            store->setTraceSink(nullptr);
        }
        QCOMPARE(events, inMemory(lines));
        QVERIFY(trace.events > 10);
        QVERIFY(value(path, u"SELECT COUNT(*) FROM snapshots"_s).toInt() >= 1);

        // The state before each journaled command, in memory.
        std::vector<std::string> states;
        std::vector<InputLine> journaled;
        {
            Runner runner;
            QByteArray ignored;
            for (const InputLine& l : lines) {
                const QByteArray t = l.text.trimmed();
                if (t.isEmpty() || t.startsWith('#')) continue;
                states.push_back(runner.engine().snapshot());
                journaled.push_back(l);
                runner.processLine(l.text, l.number, ignored);
            }
        }
        auto store = openAt(path, error, 25);
        QVERIFY2(store, qPrintable(error));
        const qint64 length = store->journalLength();
        QCOMPARE(length, qint64(journaled.size()));
        for (qint64 k : {qint64(1), qint64(2), qint64(25), qint64(26), qint64(27), length / 2,
                         length - 1, length}) {
            JournalEntry row;
            std::unique_ptr<Engine> before = store->engineBefore(k, row, error);
            QVERIFY2(before, qPrintable(error));
            QCOMPARE(row.seq, k);
            QCOMPARE(row.line, journaled[std::size_t(k - 1)].number);
            QCOMPARE(row.command, journaled[std::size_t(k - 1)].text.trimmed());
            QVERIFY2(before->snapshot() == states[std::size_t(k - 1)],
                     qPrintable(QString::number(k)));
        }
        JournalEntry none;
        QVERIFY(!store->engineBefore(length + 1, none, error));
        QVERIFY(!error.isEmpty());
    }

    // Opening replays the journal after the snapshot with progress; cancelling
    // fails the open, changes nothing, and the next open succeeds.
    void openReportsProgressAndCancels() {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"progress.db"_s);
        QList<InputLine> lines;
        int n = 0;
        for (const QByteArray& l : test::ScenarioWriter(7).generate(3500))
            lines.append({l, ++n});
        QByteArray events;
        QString error;
        {
            auto store = openAt(path, error, 1000000);  // no snapshot: the open replays everything
            QVERIFY2(store, qPrintable(error));
            QVERIFY2(store->apply(lines, events, error), qPrintable(error));
        }
        StoreOptions o;
        o.location = path;
        QList<QPair<qint64, qint64>> calls;
        o.progress = [&calls](qint64 done, qint64 total) {
            calls.append({done, total});
            return true;
        };
        {
            auto store = Store::open(o, error);
            QVERIFY2(store, qPrintable(error));
            QVERIFY(calls.size() >= 3);
            QCOMPARE(calls.back().first, calls.back().second);
            QCOMPARE(calls.back().second, store->journalLength());
            for (qsizetype i = 1; i < calls.size(); ++i)
                QVERIFY(calls[i].first > calls[i - 1].first);
        }
        o.progress = [](qint64 done, qint64) { return done < 2000; };
        QVERIFY(!Store::open(o, error));
        QVERIFY2(error.contains(u"cancelled"_s), qPrintable(error));
        o.progress = {};
        auto store = Store::open(o, error);
        QVERIFY2(store, qPrintable(error));
        QVERIFY(store->verify().problems.isEmpty());
        QCOMPARE(events, inMemory(lines));
    }

    // Snapshots written by another format version are not damage: opening
    // replays the journal instead, and the result is the same.
    void snapshotOfAnotherVersionIsReplayedAround() {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"old.db"_s);
        const auto lines = demo();
        QString error;
        {
            auto store = openAt(path, error, 50);
            QByteArray out;
            QVERIFY(store->apply(lines, out, error));
        }
        const QString name = QUuid::createUuid().toString();
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, name);
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QSqlQuery read(u"SELECT journal_seq, engine FROM snapshots"_s, db);
            QList<QPair<qint64, QByteArray>> snapshots;
            while (read.next())
                snapshots.append({read.value(0).toLongLong(), read.value(1).toByteArray()});
            read.finish();
            QVERIFY(!snapshots.isEmpty());
            for (auto& [seq, blob] : snapshots) {
                // "HOUBUSN1", unpacked: an older format.
                blob = QByteArray("HOUBUSN1") + blob;
                QSqlQuery write(db);
                write.prepare(
                    u"UPDATE snapshots SET engine = ?, checksum = ?, packing = 0, parts = 0 WHERE "
                    u"journal_seq = ?"_s);
                write.addBindValue(blob);
                write.addBindValue(QString::fromLatin1(
                    QCryptographicHash::hash(blob, QCryptographicHash::Sha256).toHex()));
                write.addBindValue(seq);
                QVERIFY(write.exec());
            }
        }
        QSqlDatabase::removeDatabase(name);
        auto store = openAt(path, error, 50);
        QVERIFY2(store, qPrintable(error));
        const StoreReport report = store->verify();
        QCOMPARE(report.snapshotSeq, 0);
        QVERIFY2(report.problems.isEmpty(), qPrintable(report.problems.join(u'\n')));
        QCOMPARE(store->engine().snapshot(), [&] {
            Runner runner;
            QByteArray out;
            for (const auto& l : lines)
                runner.processLine(l.text, l.number, out);
            return runner.engine().snapshot();
        }());
    }

    void secondWriterIsRefused() {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"locked.db"_s);
        QString error;
        auto first = openAt(path, error);
        QVERIFY(first);
        // Another process: the CLI.
        QProcess p;
        p.start(QStringLiteral(HOUBU_CLI_PATH), {u"run"_s, u"-"_s, u"--db"_s, path});
        p.closeWriteChannel();
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 2);
        QVERIFY2(p.readAllStandardError().contains("locked by another process"), "no lock message");
    }

    void badFiles_data() {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("setupSql");
        QTest::addColumn<QString>("message");
        QTest::newRow("random bytes") << QByteArray(4096, '\x5a') << QString()
                                      << u"not a Houbu database (not an SQLite file)"_s;
        QTest::newRow("text file")
            << QByteArray("hello, world\n") << QString() << u"not an SQLite file"_s;
        QTest::newRow("foreign database")
            << QByteArray() << u"CREATE TABLE invoices (id INTEGER)"_s
            << u"not a Houbu database (it holds other tables: invoices)"_s;
        QByteArray truncatedHeader("SQLite format 3\0", 16);
        truncatedHeader += QByteArray(5000, '\x01');
        QTest::newRow("corrupt database") << truncatedHeader << QString() << u"corrupt"_s;
    }
    void badFiles() {
        QFETCH(QByteArray, content);
        QFETCH(QString, setupSql);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString path = dir.filePath(u"bad.db"_s);
        if (!setupSql.isEmpty()) {
            sql(path, setupSql);
        } else {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(content);
        }
        const QByteArray before = [&] {
            QFile f(path);
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        }();
        QString error;
        QVERIFY(!openAt(path, error));
        QVERIFY2(error.contains(message), qPrintable(error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        if (setupSql.isEmpty()) QCOMPARE(f.readAll(), before);  // nothing written
    }

    void newerSchemaIsRefused() {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"new.db"_s);
        QString error;
        QVERIFY(openAt(path, error));
        sql(path, u"UPDATE houbu_meta SET value = '9' WHERE key = 'schema_version'"_s);
        QVERIFY(!openAt(path, error));
        QVERIFY2(error.contains(u"newer version of Houbu (schema 9"_s), qPrintable(error));
    }

    // A state table that disagrees with the journal is reported, never accepted.
    // A store of schema 1 (events stored beside their commands) is migrated in
    // place: its journal, events and state survive, it shrinks, and its rows
    // are marked as journaled before authors were recorded.
    // A store of schema 2 (snapshots inline) opens from its newest snapshot,
    // is upgraded in place and goes on with snapshots in parts.
    void migratesSchema2() {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"v2.db"_s);
        const auto lines = demo();
        const qsizetype half = lines.size() / 2;
        QString error;
        QByteArray events;
        {
            auto store = openAt(path, error, 40);
            QVERIFY2(store, qPrintable(error));
            QVERIFY(store->apply(lines.mid(0, half), events, error));
        }
        downgradeToSchema2(path);
        QCOMPARE(
            value(path, u"SELECT value FROM houbu_meta WHERE key = 'schema_version'"_s).toInt(), 2);
        {
            auto store = openAt(path, error, 40);
            QVERIFY2(store, qPrintable(error));
            const StoreReport report = store->verify();
            QVERIFY2(report.problems.isEmpty(), qPrintable(report.problems.join(u'\n')));
            QCOMPARE(report.schemaVersion, Store::kSchemaVersion);
            QVERIFY(report.snapshotSeq > 0);  // the inline snapshot of schema 2
            QVERIFY(store->apply(lines.mid(half), events, error));
        }
        QVERIFY(value(path, u"SELECT COUNT(*) FROM snapshots WHERE parts > 0"_s).toInt() > 0);
        auto store = openAt(path, error, 40);
        QVERIFY2(store, qPrintable(error));
        Runner runner;
        QByteArray expected;
        for (const auto& l : lines)
            runner.processLine(l.text, l.number, expected);
        QCOMPARE(events, expected);
        QCOMPARE(store->engine().snapshot(), runner.engine().snapshot());
    }

    // A store of schema 3 (a journal row per command), as the build before
    // journal blocks wrote it, is migrated in place with progress: its rows
    // become blocks without a replay, keeping every chain link, authors and
    // journal times; it opens from its newest snapshot, verifies, replays the
    // same events, exports the same commands and goes on. A cancelled
    // migration leaves it as it was.
    void migratesSchema3() {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"v3.db"_s);
        const auto lines = demo();
        const qsizetype half = lines.size() / 2;
        QString error;
        QByteArray events, authored;
        {
            auto store = openAt(path, error, 40);
            QVERIFY2(store, qPrintable(error));
            for (qsizetype at = 0; at < half; at += 5)
                QVERIFY(
                    store->apply(lines.mid(at, std::min<qsizetype>(5, half - at)), events, error));
            QBuffer buffer(&authored);
            buffer.open(QIODevice::WriteOnly);
            QVERIFY(store->exportScenario(buffer, error, true));
        }
        downgradeToSchema3(path);
        QCOMPARE(
            value(path, u"SELECT value FROM houbu_meta WHERE key = 'schema_version'"_s).toInt(), 3);
        const qint64 rows = value(path, u"SELECT COUNT(*) FROM journal"_s).toLongLong();
        QVERIFY(rows > 0);
        StoreOptions o;
        o.location = path;
        o.snapshotEvery = 40;
        o.waitForSnapshots = true;
        o.progress = [](qint64 done, qint64) { return done < 1; };
        QVERIFY(!Store::open(o, error));
        QVERIFY2(error.contains(u"cancelled"_s) && error.contains(u"unchanged"_s),
                 qPrintable(error));
        QCOMPARE(
            value(path, u"SELECT value FROM houbu_meta WHERE key = 'schema_version'"_s).toInt(), 3);
        QList<QPair<qint64, qint64>> calls;
        o.progress = [&calls](qint64 done, qint64 total) {
            calls.append({done, total});
            return true;
        };
        {
            auto store = Store::open(o, error);
            QVERIFY2(store, qPrintable(error));
            QVERIFY(!calls.isEmpty());
            QVERIFY(std::any_of(calls.begin(), calls.end(), [&](const auto& c) {
                return c.first == rows && c.second == rows;
            }));
            const StoreReport report = store->verify();
            QVERIFY2(report.problems.isEmpty(), qPrintable(report.problems.join(u'\n')));
            QCOMPARE(report.schemaVersion, Store::kSchemaVersion);
            QVERIFY(report.snapshotSeq > 0);
            QVERIFY(!report.snapshotsChecked.isEmpty());
            QByteArray replayed;
            QVERIFY(store->replay(
                0, [&](const QByteArray& e) { replayed += e; }, error));
            QCOMPARE(replayed, events);
            QByteArray again;
            QBuffer buffer(&again);
            buffer.open(QIODevice::WriteOnly);
            QVERIFY(store->exportScenario(buffer, error, true));
            QCOMPARE(again, authored);
            QVERIFY(store->apply(lines.mid(half), events, error));
        }
        QVERIFY(value(path, u"SELECT COUNT(*) FROM journal_blocks"_s).toLongLong() > 0);
        QVERIFY(!value(path, u"SELECT COUNT(*) FROM journal"_s).isValid());
        auto store = openAt(path, error, 40);
        QVERIFY2(store, qPrintable(error));
        QCOMPARE(events, inMemory(lines));
        QCOMPARE(store->engine().snapshot(), [&] {
            Runner runner;
            QByteArray out;
            for (const auto& l : lines)
                runner.processLine(l.text, l.number, out);
            return runner.engine().snapshot();
        }());
    }

    // A store journaled before version 2 of the rules has no 'rules' entry: it
    // keeps replaying under version 1 (rule 8), so its chain stays valid, and a
    // new store takes version 2.
    void storeOfVersionOneKeepsItsRules() {
        QFile f(QStringLiteral(HOUBU_SOURCE_DIR "/tests/scenarios/fulfilment_failure.jsonl"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QList<InputLine> lines;
        int n = 0;
        for (const QByteArray& l : f.readAll().split('\n'))
            lines.append({l, ++n});
        QTemporaryDir dir;
        const QString path = dir.filePath(u"v1.db"_s);
        QString error;
        EngineOptions v1;
        v1.rules = 1;
        QByteArray events;
        {
            StoreOptions o;
            o.location = path;
            o.engine = v1;
            auto store = Store::open(o, error);
            QVERIFY2(store, qPrintable(error));
            QVERIFY(store->apply(lines, events, error));
        }
        QCOMPARE(events, inMemory(lines, v1));
        QVERIFY(events.contains("\"event\":\"waitlist_fulfilled\",\"line\":23"));
        // What a store of the previous build looks like.
        sql(path, u"DELETE FROM houbu_meta WHERE key = 'rules'"_s);
        {
            auto store = openAt(path, error);
            QVERIFY2(store, qPrintable(error));
            QCOMPARE(store->engine().options().rules, 1);
            const StoreReport report = store->verify();
            QVERIFY2(report.problems.isEmpty(), qPrintable(report.problems.join(u'\n')));
            Runner replay(v1);
            QByteArray ignored;
            for (const auto& l : lines)
                replay.processLine(l.text, l.number, ignored);
            QCOMPARE(store->engine().snapshot(), replay.engine().snapshot());
        }
        const QString fresh = dir.filePath(u"v2.db"_s);
        auto store = openAt(fresh, error);
        QVERIFY2(store, qPrintable(error));
        QCOMPARE(store->engine().options().rules, 2);
        QByteArray v2events;
        QVERIFY(store->apply(lines, v2events, error));
        QCOMPARE(v2events, inMemory(lines));
        QVERIFY(v2events.contains("\"event\":\"waitlist_failed\""));
    }

    void migratesSchema1() {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"v1.db"_s);
        const auto lines = demo();
        QString error;
        QByteArray events, exported;
        {
            auto store = openAt(path, error, 40);
            QVERIFY(store->apply(lines, events, error));
        }
        downgradeToSchema1(path);
        QCOMPARE(
            value(path, u"SELECT value FROM houbu_meta WHERE key = 'schema_version'"_s).toInt(), 1);
        const qint64 v1Size = QFileInfo(path).size();
        qint64 lastDone = 0;
        StoreOptions o;
        o.location = path;
        o.snapshotEvery = 40;
        o.progress = [&lastDone](qint64 done, qint64) {
            lastDone = done;
            return true;
        };
        {
            auto store = Store::open(o, error);
            QVERIFY2(store, qPrintable(error));
            const StoreReport report = store->verify();
            QVERIFY2(report.problems.isEmpty(), qPrintable(report.problems.join(u'\n')));
            QCOMPARE(report.schemaVersion, Store::kSchemaVersion);
            QByteArray replayed;
            QVERIFY(store->replay(
                0, [&](const QByteArray& e) { replayed += e; }, error));
            QCOMPARE(replayed, events);
            QBuffer buffer(&exported);
            buffer.open(QIODevice::WriteOnly);
            QVERIFY(store->exportScenario(buffer, error, true));
        }
        QVERIFY(lastDone > 0);
        QCOMPARE(
            value(path, u"SELECT SUM(last_seq - first_seq + 1) FROM journal_blocks"_s).toLongLong(),
            static_cast<qint64>(exported.count("# seq ")));
        QVERIFY2(QFileInfo(path).size() < v1Size,
                 qPrintable(u"%1 -> %2 bytes"_s.arg(v1Size).arg(QFileInfo(path).size())));
        QVERIFY2(exported.contains("# seq 1 by (journaled before schema 2)\n"),
                 exported.left(300).constData());
        // Migrated once: the next open is an ordinary one.
        auto again = openAt(path, error, 40);
        QVERIFY2(again, qPrintable(error));
    }

    // A schema 1 store whose stored events disagree with a replay keeps
    // disagreeing after the migration: opening it reports the row.
    void migratedTamperingIsReported() {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"v1bad.db"_s);
        QString error;
        const qint64 last = writeDemo(path, 100000);
        QVERIFY(last > 0);
        downgradeToSchema1(path);
        sql(path, u"UPDATE journal SET events = events || ' ' WHERE seq = %1"_s.arg(last));
        QVERIFY(!openAt(path, error, 100000));
        QVERIFY2(error.contains(u"journal seq %1 disagrees"_s.arg(last)), qPrintable(error));
    }

    // A store of more than 20,000 commands packs them with a dictionary
    // trained on its own: they read back exactly, survive a reopen, and a
    // damaged packed row is named.
    void packsCommandsWithTrainedDictionaries() {
        QProcess gen;
        gen.start(QStringLiteral(HOUBU_CLI_PATH),
                  {u"gen"_s, u"--seed"_s, u"3"_s, u"--runs"_s, u"2"_s, u"--seats"_s, u"200"_s,
                   u"--orders"_s, u"10000"_s});
        QVERIFY(gen.waitForFinished(60000));
        QList<InputLine> lines;
        for (const QByteArray& l : gen.readAllStandardOutput().split('\n'))
            if (l.startsWith('{')) lines << InputLine(l, static_cast<int>(lines.size()) + 1);
        QVERIFY2(lines.size() > 25000, qPrintable(QString::number(lines.size())));
        QTemporaryDir dir;
        const QString path = dir.filePath(u"packed.db"_s);
        StoreOptions o;
        o.location = path;
        o.waitForTraining = true;
        o.snapshotOnClose = false;  // the block damaged below lies after the newest snapshot
        QString error;
        QByteArray events;
        {
            auto store = Store::open(o, error);
            QVERIFY2(store, qPrintable(error));
            for (qsizetype i = 0; i < lines.size(); i += 500)
                QVERIFY2(store->apply(lines.mid(i, 500), events, error), qPrintable(error));
            QByteArray exported;
            QBuffer buffer(&exported);
            buffer.open(QIODevice::WriteOnly);
            QVERIFY(store->exportScenario(buffer, error));
            QByteArray input;
            for (const InputLine& l : lines)
                input += l.text + '\n';
            QCOMPARE(exported, input);
        }
        QCOMPARE(events, inMemory(lines));
        QVERIFY(value(path, u"SELECT COUNT(*) FROM command_dictionaries"_s).toInt() >= 1);
        const qint64 packed =
            value(path, u"SELECT COUNT(*) FROM journal_blocks WHERE packing > 0"_s).toLongLong();
        QVERIFY2(packed > 10, qPrintable(QString::number(packed)));
        // Packed blocks: well under a third of what was received.
        {
            const QString name = QUuid::createUuid().toString();
            qint64 stored = 0, received = 0;
            {
                QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, name);
                db.setDatabaseName(path);
                QVERIFY(db.open());
                QSqlQuery q(db);
                QVERIFY(
                    q.exec(u"SELECT first_seq, last_seq, length(body) FROM journal_blocks "
                           u"WHERE packing > 0"_s));
                while (q.next()) {
                    stored += q.value(2).toLongLong();
                    for (qint64 seq = q.value(0).toLongLong(); seq <= q.value(1).toLongLong();
                         ++seq)
                        received += lines[seq - 1].text.size();
                }
            }
            QSqlDatabase::removeDatabase(name);
            QVERIFY2(stored * 3 < received, qPrintable(u"%1 of %2"_s.arg(stored).arg(received)));
        }
        {
            // Reopened: the dictionaries come back from the store.
            auto store = openAt(path, error);
            QVERIFY2(store, qPrintable(error));
            const StoreReport report = store->verify();
            QVERIFY2(report.problems.isEmpty(), qPrintable(report.problems.join(u'\n')));
            QByteArray replayed;
            QVERIFY(store->replay(
                0, [&](const QByteArray& e) { replayed += e; }, error));
            QCOMPARE(replayed, events);
        }
        const qint64 last =
            value(path, u"SELECT MAX(first_seq) FROM journal_blocks"_s).toLongLong();
        QCOMPARE(value(path, u"SELECT packing FROM journal_blocks WHERE first_seq = %1"_s.arg(last))
                         .toInt() > 0,
                 true);
        sql(path, u"UPDATE journal_blocks SET body = X'0001' WHERE first_seq = %1"_s.arg(last));
        QVERIFY(!openAt(path, error));
        QVERIFY2(error.contains(u"journal seq %1 disagrees"_s.arg(last)) &&
                     error.contains(u"cannot be unpacked"_s),
                 qPrintable(error + u" (last block %1)"_s.arg(last)));
    }

    // Every row records who sent its command and when; export shows them.
    void authorsAreJournaled() {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"who.db"_s);
        QList<InputLine> lines;
        for (const InputLine& l : demo())
            if (l.text.startsWith('{'))
                lines << InputLine(l.text, static_cast<int>(lines.size()) + 1);
        QString error;
        const qint64 before = QDateTime::currentMSecsSinceEpoch();
        {
            StoreOptions o;
            o.location = path;
            o.author = {u"nightly-import"_s, u"cli"_s, u"ops-1"_s};
            auto store = Store::open(o, error);
            QVERIFY2(store, qPrintable(error));
            QList<InputLine> first = lines.mid(0, 3), second = lines.mid(3, 2);
            for (InputLine& l : second)
                l.author = {u"王芳"_s, u"dispatcher"_s, u"10.0.0.7"_s};
            QByteArray out;
            QVERIFY(store->apply(first, out, error));
            QVERIFY(store->apply(second, out, error));
        }
        auto store = openAt(path, error);
        QVERIFY2(store, qPrintable(error));
        QList<JournalEntry> rows;
        QVERIFY(store->readJournal(
            2,
            [&rows](const JournalEntry& e) {
                rows << e;
                return rows.size() < 3;
            },
            error));
        QCOMPARE(rows.size(), 3);
        QCOMPARE(rows[0].seq, qint64{2});
        QCOMPARE(rows[0].author, (Author{u"nightly-import"_s, u"cli"_s, u"ops-1"_s}));
        QCOMPARE(rows[2].author, (Author{u"王芳"_s, u"dispatcher"_s, u"10.0.0.7"_s}));
        QVERIFY(rows[2].journaledAtMs >= before);
        QVERIFY(rows[2].journaledAtMs <= QDateTime::currentMSecsSinceEpoch());
        QByteArray exported;
        QBuffer buffer(&exported);
        buffer.open(QIODevice::WriteOnly);
        QVERIFY(store->exportScenario(buffer, error, true));
        QVERIFY2(exported.contains("# seq 4 by 王芳 (dispatcher) on 10.0.0.7 at "),
                 exported.constData());
        // Without --authors the export is the bare scenario, which replays to the same events.
        QByteArray bare;
        QBuffer plain(&bare);
        plain.open(QIODevice::WriteOnly);
        QVERIFY(store->exportScenario(plain, error));
        QVERIFY(!bare.contains("# seq"));
        store.reset();
        QCOMPARE(value(path, u"SELECT COUNT(*) FROM authors"_s).toInt(), 2);
    }

    // One order's and one run's events, re-derived from their part of the
    // journal (from a snapshot before it), page by page, are exactly those of
    // an in-memory run that concern them; an order's own events are there in
    // order; an unknown order or run has none.
    void readsEventsOfAnOrderAndARun() {
        const QList<InputLine> dayLines =
            generatedDay({u"--seed"_s, u"4"_s, u"--runs"_s, u"3"_s, u"--seats"_s, u"200"_s,
                          u"--orders"_s, u"3000"_s});
        QVERIFY(!dayLines.isEmpty());
        QTemporaryDir dir;
        const QString path = dir.filePath(u"filtered.db"_s);
        QString error;
        {
            auto writer = openAt(path, error, 2000);
            QVERIFY2(writer, qPrintable(error));
            for (qsizetype i = 0; i < dayLines.size(); i += 300) {
                QByteArray out;
                QVERIFY2(writer->apply(dayLines.mid(i, 300), out, error), qPrintable(error));
            }
        }
        QVERIFY(value(path, u"SELECT COUNT(*) FROM snapshots"_s).toInt() >= 2);
        // An order served late in the day, and one run (read while the store is closed).
        const QString served =
            value(path,
                  u"SELECT id FROM orders WHERE status = 'fulfilled' ORDER BY first_seq DESC "
                  u"LIMIT 1"_s)
                .toString();
        QVERIFY(!served.isEmpty());
        const QString train =
            value(path, u"SELECT train FROM runs ORDER BY train LIMIT 1"_s).toString();
        const QString date =
            value(path, u"SELECT date FROM runs ORDER BY train LIMIT 1"_s).toString();
        auto store = openAt(path, error, 2000);
        QVERIFY2(store, qPrintable(error));

        // What an in-memory engine says concerns them, as it goes.
        struct Expected : EventSink {
            Engine engine;
            EventFilter filter;
            QByteArray out;
            void onEvent(const Event& e) override {
                const bool wanted = filter.order.isEmpty()
                                        ? engine.eventConcernsRun(e, filter.train.toStdString(),
                                                                  filter.date.toStdString())
                                        : engine.eventConcernsOrder(e, filter.order.toStdString());
                if (!wanted) return;
                appendEvent(e, out);
                out += '\n';
            }
        };
        auto expected = [&](const EventFilter& f) {
            Expected x;
            x.filter = f;
            for (const InputLine& l : dayLines) {
                const ParsedLine parsed = parseCommandLine(l.text);
                if (parsed.command) x.engine.apply(*parsed.command, l.number, x);
            }
            return x.out;
        };
        auto read = [&](const EventFilter& f, int page) {
            QByteArray all;
            qint64 after = 0;
            for (int guard = 0; guard < 100000; ++guard) {
                QByteArray chunk;
                qint64 scanned = 0;
                if (!store->readEventsOf(f, after, page, chunk, scanned, error))
                    return QByteArray();
                all += chunk;
                if (scanned <= after) break;
                after = scanned;
            }
            return all;
        };
        const EventFilter order{served, {}, {}};
        const QByteArray orderEvents = expected(order);
        const QByteArray submitted = "\"event\":\"waitlist_submitted\"";
        const QByteArray fulfilled = "\"event\":\"waitlist_fulfilled\"";
        QVERIFY(orderEvents.indexOf(submitted) >= 0);
        QVERIFY(orderEvents.indexOf(submitted) < orderEvents.indexOf(fulfilled));
        for (int page : {1, 3, 1000}) {
            QCOMPARE(read(order, page), orderEvents);
            QVERIFY2(error.isEmpty(), qPrintable(error));
        }
        const EventFilter run{{}, train, date};
        const QByteArray runEvents = expected(run);
        QVERIFY(runEvents.count('\n') > 100);
        QVERIFY(runEvents.contains("\"event\":\"ticket_paid\""));  // named by ticket alone
        QCOMPARE(read(run, 500), runEvents);
        QCOMPARE(read(EventFilter{u"no-such-order"_s, {}, {}}, 10), QByteArray());
        QCOMPARE(read(EventFilter{{}, u"G0"_s, date}, 10), QByteArray());
    }

    // Events are re-derived from the journal: paging through all of them,
    // from memory for the tail and by replay (from a snapshot) before it,
    // gives exactly an in-memory run's events.
    void readEventsReDerivesOldEvents() {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"read.db"_s);
        const auto lines = demo();
        QString error;
        {
            auto store = openAt(path, error, 30);
            QByteArray out;
            for (qsizetype i = 0; i < lines.size(); i += 9)
                QVERIFY(store->apply(lines.mid(i, 9), out, error));
        }
        const QByteArray expected = inMemory(lines);
        StoreOptions o;
        o.location = path;
        o.snapshotEvery = 30;
        o.recentEventBytes = 2000;  // most events must come from a replay
        auto store = Store::open(o, error);
        QVERIFY2(store, qPrintable(error));
        for (const int page : {1, 7, 100000}) {
            QByteArray all;
            qint64 after = 0;
            for (;;) {
                QByteArray chunk;
                QVERIFY2(store->readEvents(after, page, chunk, error), qPrintable(error));
                if (chunk.isEmpty()) break;
                QVERIFY(chunk.count('\n') <= page);
                all += chunk;
                const QByteArray lastLine =
                    chunk.chopped(1).mid(chunk.chopped(1).lastIndexOf('\n') + 1);
                after = lastLine.mid(7, lastLine.indexOf(',') - 7).toLongLong();
            }
            QCOMPARE(all, expected);
        }
        // A jump back, then a read of the middle.
        QByteArray middle;
        const qint64 from = expected.count('\n') / 2;
        QVERIFY(store->readEvents(from, 5, middle, error));
        QCOMPARE(middle.count('\n'), 5);
        const QByteArray start = "{\"seq\":" + QByteArray::number(from + 1) + ',';
        QVERIFY(middle.startsWith(start));
        QVERIFY(expected.contains(middle));
    }

    // historyCommands: opened from a snapshot that far back, the events of
    // those commands are in memory, given as they were applied; without it
    // (the newest snapshot at the journal's end) none is. A journal shorter
    // than that is replayed whole.
    // A snapshot keeps the events before it (as far back as the writer held
    // them): a store opened from it holds its history in memory, with no
    // replay from an older snapshot. A history that does not read back is
    // left out, and one of schema 4 (none) too: the open succeeds and holds
    // the events since the snapshot.
    void snapshotKeepsItsHistory() {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"history.db"_s);
        const auto lines = demo();
        const qint64 journal = writeDemo(path, 25);
        QVERIFY(journal > 60);
        const QByteArray expected = inMemory(lines);
        const qint64 lastEvent = expected.count('\n');
        QVERIFY(value(path, u"SELECT COUNT(*) FROM snapshot_history"_s).toInt() >= 1);
        const auto open = [&](qint64& snapshot, qint64& firstHeld) {
            QString error;
            auto store = openAt(path, error, 25);
            QVERIFY2(store, qPrintable(error));
            firstHeld = store->firstRecentEvent();
            QByteArray held;
            QVERIFY(store->readEvents(firstHeld - 1, 1000000, held, error));
            QVERIFY(expected.endsWith(held));
            QCOMPARE(held.count('\n'), lastEvent - firstHeld + 1);
            snapshot = store->verify().snapshotSeq;
        };
        qint64 snapshot = 0, firstHeld = 0;
        open(snapshot, firstHeld);
        QVERIFY(snapshot > 0 && snapshot > journal - 25);
        QCOMPARE(firstHeld, qint64{1});  // the demo's events fit in what is kept

        for (const QString& damage :
             {u"UPDATE snapshot_history SET bytes = substr(bytes, 1, length(bytes) / 2)"_s,
              u"UPDATE snapshot_history SET bytes = zeroblob(40)"_s,
              u"DROP TABLE snapshot_history;\nALTER TABLE tickets DROP COLUMN legs;\nUPDATE "
              u"houbu_meta SET value = '4' WHERE key = 'schema_version'"_s}) {
            sql(path, damage);
            qint64 from = 0;
            open(from, firstHeld);
            QCOMPARE(from, snapshot);
            QVERIFY2(firstHeld > 1 && firstHeld <= lastEvent + 1,
                     qPrintable(damage + u": %1 of %2"_s.arg(firstHeld).arg(lastEvent)));
        }
        QCOMPARE(
            value(path, u"SELECT value FROM houbu_meta WHERE key = 'schema_version'"_s).toInt(),
            Store::kSchemaVersion);
    }

    void tamperingIsReported_data() {
        QTest::addColumn<QString>("statement");
        QTest::addColumn<QString>("message");
        // Opening compares the state tables' counts; verify compares every row.
        QTest::addColumn<bool>("openFails");
        QTest::newRow("state row")
            << u"UPDATE tickets SET status = 'paid' WHERE status = 'expired' AND ticket = (SELECT MIN(ticket) FROM tickets WHERE status = 'expired')"_s
            << u"is paid in the state tables but expired in the journal"_s << false;
        QTest::newRow("state count")
            << u"UPDATE state_counts SET n = n + 1 WHERE tbl = 'tickets' AND status = 'paid'"_s
            << u"paid tickets: the state tables say"_s << true;
        QTest::newRow("journal after the snapshot")
            << u"UPDATE journal_blocks SET body = CAST(replace(body, '\"at\":\"2025-01-07T09:08\"', '\"at\":\"2025-01-07T09:09\"') AS BLOB) WHERE first_seq = (SELECT MAX(first_seq) FROM journal_blocks WHERE instr(body, CAST('\"op\":\"waitlist\"' AS BLOB)) > 0)"_s
            << u"disagrees"_s << true;
        QTest::newRow("journal gap")
            << u"DELETE FROM journal_blocks WHERE first_seq <= 5 AND last_seq >= 5"_s
            << u"journal seq %GAP% is missing"_s << true;
        QTest::newRow("missing block after the snapshot")
            << u"DELETE FROM journal_blocks WHERE first_seq = %AFTER1%"_s
            << u"journal seq %AFTER1% is missing"_s << true;
        QTest::newRow("wrong chain link")
            << u"UPDATE journal_blocks SET chain = zeroblob(16) WHERE first_seq = %AFTER1%"_s
            << u"journal seq %AFTER1END% disagrees"_s << true;
        QTest::newRow("two blocks swapped")
            << u"CREATE TEMP TABLE swap AS SELECT first_seq, body FROM journal_blocks WHERE "
               u"first_seq IN (%AFTER1%, %AFTER2%);\n"
               u"UPDATE journal_blocks SET body = (SELECT body FROM swap WHERE swap.first_seq = "
               u"%AFTER2%) WHERE first_seq = %AFTER1%;\n"
               u"UPDATE journal_blocks SET body = (SELECT body FROM swap WHERE swap.first_seq = "
               u"%AFTER1%) WHERE first_seq = %AFTER2%"_s
            << u"journal seq %AFTER1% disagrees"_s << true;
        QTest::newRow("damaged snapshot")
            << u"UPDATE snapshots SET checksum = 'x'"_s << u"damaged"_s << true;
        QTest::newRow("snapshot part missing")
            << u"DELETE FROM snapshot_parts WHERE part = 0 AND journal_seq = (SELECT "
               u"MAX(journal_seq) FROM snapshots)"_s
            << u"damaged"_s << true;
    }
    // The journal holds passengers' names: a new store and its WAL are
    // readable by their owner only.
    void newStoreIsPrivate() {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"private.db"_s);
        QString error;
        auto store = openAt(path, error);
        QVERIFY2(store, qPrintable(error));
        QByteArray out;
        QVERIFY(store->apply(demo().mid(0, 5), out, error));
        const auto others =
            QFile::ReadGroup | QFile::WriteGroup | QFile::ReadOther | QFile::WriteOther;
        for (const QString& file : QStringList{path, path + u"-wal"_s}) {
            QVERIFY2(QFileInfo::exists(file), qPrintable(file));
            QCOMPARE(QFileInfo(file).permissions() & others, QFile::Permissions());
        }
    }

    // A request's key is journaled with the positions of its commands, in
    // the same transaction, and its events can be read again by those.
    void requestKeysAreJournaled() {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"requests.db"_s);
        QList<InputLine> lines;
        for (const InputLine& l : demo())
            if (l.text.startsWith('{')) lines << l;
        QString error;
        QByteArray firstEvents;
        {
            auto store = openAt(path, error);
            QVERIFY2(store, qPrintable(error));
            QList<InputLine> batch;
            int number = 0;
            for (const char* key : {"t1/a", "t1/a", "t1/a", "t2/a", "t2/a"}) {
                InputLine l = lines[number];
                l.number = ++number;
                l.request = key;
                batch << l;
            }
            QList<qsizetype> ends;
            QByteArray out;
            QVERIFY(store->apply(batch, out, error, &ends));
            firstEvents = out.left(ends[2]);
            QVERIFY(store->apply(lines.mid(5, 20), out, error));
            const auto a = store->findRequest("t1/a", error);
            QVERIFY(a);
            QCOMPARE(a->first, 1);
            QCOMPARE(a->last, 3);
            const auto b = store->findRequest("t2/a", error);
            QVERIFY(b);
            QCOMPARE(b->first, 4);
            QCOMPARE(b->last, 5);
            QVERIFY(!store->findRequest("t3/a", error));
            QVERIFY(error.isEmpty());
        }
        auto store = openAt(path, error);
        QVERIFY2(store, qPrintable(error));
        const auto a = store->findRequest("t1/a", error);
        QVERIFY(a);
        QByteArray again;
        QVERIFY2(store->readEventsOfRows(a->first, a->last, again, error), qPrintable(error));
        QCOMPARE(again, firstEvents);
        QVERIFY(!store->readEventsOfRows(1, 1000, again, error));
        QVERIFY2(error.contains(u"not all there"_s), qPrintable(error));
    }

    // Parts of no snapshot (a crash while one was taken in) are deleted one
    // per transaction, the rest on closing (3 commits, 10 strays: closing
    // collects 7), never those of a registered snapshot, and not by a store
    // opened to be inspected.
    void strayPartsAreCollected() {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"stray.db"_s);
        QVERIFY(writeDemo(path, 50) > 0);
        const qint64 kept = value(path, u"SELECT COUNT(*) FROM snapshot_parts"_s).toLongLong();
        QVERIFY(kept > 0);
        QStringList strays;
        for (int part = 0; part < 10; ++part)
            strays << u"INSERT INTO snapshot_parts (journal_seq, part, bytes) VALUES (424242, %1, "
                      u"zeroblob(1000))"_s.arg(part);
        sql(path, strays.join(u";\n"_s));
        QString error;
        auto store = openAt(path, error, 1000000);
        QVERIFY2(store, qPrintable(error));
        for (int i = 0; i < 3; ++i) {
            QByteArray out;
            QVERIFY(store->apply({InputLine("# a comment", 1)}, out, error));
        }
        store.reset();
        QCOMPARE(value(path, u"SELECT COUNT(*) FROM snapshot_parts"_s).toLongLong(), kept);
        // A store opened to be inspected is left as it was found, strays and all.
        sql(path, strays.join(u";\n"_s));
        auto reopened = openAt(path, error, 1000000, true);
        QVERIFY(reopened);
        const StoreReport report = reopened->verify();
        QVERIFY2(report.problems.isEmpty(), qPrintable(report.problems.join(u'\n')));
        QVERIFY(report.snapshotSeq > 0);
        reopened.reset();
        QCOMPARE(value(path, u"SELECT COUNT(*) FROM snapshot_parts"_s).toLongLong(), kept + 10);
    }

    // Opening checks the journal after the newest snapshot; verify checks it all.
    void verifyFindsOldTampering() {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"old.db"_s);
        QString error;
        {
            auto store = openAt(path, error, 50);
            QByteArray out;
            QVERIFY(store->apply(demo(), out, error));
        }
        sql(path,
            u"UPDATE journal_blocks SET body = CAST(replace(body, CAST('张伟' AS BLOB), "
            u"CAST('张三' "
            u"AS BLOB)) AS BLOB) WHERE first_seq <= 2 AND last_seq >= 2"_s);
        auto store = openAt(path, error, 50, true);
        QVERIFY(store);
        const QString problems = store->verify().problems.join(u'\n');
        QVERIFY2(problems.contains(u"journal seq 2 disagrees with a fresh replay"_s),
                 qPrintable(problems));
        QVERIFY2(problems.contains(u"张三"_s), qPrintable(problems));
    }

    // verify, opened without restoring the engine, replays the whole journal
    // once, finds each stored snapshot equal to its replay there, and leaves a
    // store that goes on exactly as one opened the usual way.
    void verifyWithoutLoadingChecksEverySnapshot() {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"v.db"_s);
        const auto lines = demo();
        const qsizetype half = lines.size() / 2;
        QString error;
        {
            auto store = openAt(path, error, 50);
            QByteArray out;
            for (qsizetype at = 0; at < half; at += 7)
                QVERIFY(store->apply(lines.mid(at, std::min<qsizetype>(7, half - at)), out, error));
        }
        QList<qint64> stored;
        for (const QString& seq : value(path,
                                        u"SELECT group_concat(journal_seq) FROM (SELECT "
                                        u"journal_seq FROM snapshots ORDER BY journal_seq)"_s)
                                      .toString()
                                      .split(u',', Qt::SkipEmptyParts))
            stored << seq.toLongLong();
        QVERIFY(!stored.isEmpty());

        StoreOptions o;
        o.location = path;
        o.snapshotEvery = 50;
        o.inspectOnly = true;
        o.deferLoading = true;
        o.waitForSnapshots = true;
        auto store = Store::open(o, error);
        QVERIFY2(store, qPrintable(error));
        QCOMPARE(store->engine().summary().runs, 0);  // not built yet
        const StoreReport report = store->verify();
        QVERIFY2(report.problems.isEmpty(), qPrintable(report.problems.join(u'\n')));
        QCOMPARE(report.snapshotsChecked, stored);
        QCOMPARE(report.snapshotSeq, 0);
        QByteArray out;
        QVERIFY(store->apply(lines.mid(half), out, error));
        QCOMPARE(out, inMemory(lines).mid(inMemory(lines.mid(0, half)).size()));
    }

    // A snapshot that is intact (its checksum matches) but holds another
    // state than the journal gives at its seq: here the older snapshot's
    // bytes under the newer one's seq. verify names it, whichever way the
    // store was opened.
    void verifyFindsAWrongSnapshot() {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"w.db"_s);
        QVERIFY(writeDemo(path, 50) > 0);
        const qint64 older = value(path, u"SELECT MIN(journal_seq) FROM snapshots"_s).toLongLong();
        const qint64 newer = value(path, u"SELECT MAX(journal_seq) FROM snapshots"_s).toLongLong();
        QVERIFY(older > 0 && older < newer);
        sql(path,
            u"DELETE FROM snapshot_parts WHERE journal_seq = %2;\n"
            u"INSERT INTO snapshot_parts SELECT %2, part, bytes FROM snapshot_parts WHERE "
            u"journal_seq = %1;\n"
            u"UPDATE snapshots SET engine = (SELECT engine FROM snapshots WHERE journal_seq "
            u"= %1), checksum = (SELECT checksum FROM snapshots WHERE journal_seq = %1), parts "
            u"= (SELECT parts FROM snapshots WHERE journal_seq = %1) WHERE journal_seq = %2"_s
                .arg(older)
                .arg(newer));
        const QString message =
            u"snapshot at journal seq %1 differs from a fresh replay of the journal"_s.arg(newer);
        for (bool defer : {true, false}) {
            StoreOptions o;
            o.location = path;
            o.snapshotEvery = 50;
            o.inspectOnly = true;
            o.deferLoading = defer;
            QString error;
            auto store = Store::open(o, error);
            QVERIFY2(store, qPrintable(error));
            const StoreReport report = store->verify();
            const QString problems = report.problems.join(u'\n');
            QVERIFY2(problems.contains(message), qPrintable(problems));
            QCOMPARE(report.snapshotsChecked, QList<qint64>{older});
        }
    }

    // Rows whose counts by status still agree are found by verify's row
    // check: each names the first row that differs.
    void verifyComparesEveryStateRow_data() {
        QTest::addColumn<QString>("statement");
        QTest::addColumn<QString>("message");
        QTest::newRow("two statuses swapped")
            << u"UPDATE tickets SET status = CASE status WHEN 'paid' THEN 'expired' ELSE 'paid' "
               u"END WHERE ticket IN ((SELECT MIN(ticket) FROM tickets WHERE status = 'paid'), "
               u"(SELECT MIN(ticket) FROM tickets WHERE status = 'expired'))"_s
            << u"in the state tables but"_s;
        QTest::newRow("an order renamed")
            << u"UPDATE orders SET id = id || '-x' WHERE id = (SELECT MIN(id) FROM orders)"_s
            << u"is missing from the state tables"_s;
    }
    void verifyComparesEveryStateRow() {
        QFETCH(QString, statement);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString path = dir.filePath(u"r.db"_s);
        QVERIFY(writeDemo(path, 50) > 0);
        sql(path, statement);
        QString error;
        auto store = openAt(path, error, 50);
        QVERIFY2(store, qPrintable(error));  // the counts agree
        const QString problems = store->verify().problems.join(u'\n');
        QVERIFY2(problems.contains(message), qPrintable(problems));
    }

    void tamperingIsReported() {
        QFETCH(QString, statement);
        QFETCH(QString, message);
        QFETCH(bool, openFails);
        QTemporaryDir dir;
        const QString path = dir.filePath(u"t.db"_s);
        QString error;
        // Snapshots every 80 commands: the newest one leaves several blocks
        // after it, which opening checks.
        const qint64 last = writeDemo(path, 80);
        QVERIFY(last > 0);
        const qint64 snapshot =
            value(path, u"SELECT MAX(journal_seq) FROM snapshots"_s).toLongLong();
        const qint64 after1 =
            value(path,
                  u"SELECT first_seq FROM journal_blocks WHERE first_seq = %1 + 1"_s.arg(snapshot))
                .toLongLong();
        const qint64 after1End =
            value(path, u"SELECT last_seq FROM journal_blocks WHERE first_seq = %1"_s.arg(after1))
                .toLongLong();
        const qint64 after2 =
            value(path,
                  u"SELECT first_seq FROM journal_blocks WHERE first_seq = %1 + 1"_s.arg(after1End))
                .toLongLong();
        QVERIFY2(snapshot > 0 && after1 > 0 && after2 > 0,
                 qPrintable(u"snapshot %1, journal %2"_s.arg(snapshot).arg(last)));
        const qint64 gap =
            value(path,
                  u"SELECT first_seq FROM journal_blocks WHERE first_seq <= 5 AND last_seq "
                  u">= 5"_s)
                .toLongLong();
        // Swapped blocks hold as many commands each: the swap keeps every seq.
        QCOMPARE(value(path,
                       u"SELECT last_seq - first_seq FROM journal_blocks WHERE first_seq = "
                       u"%1"_s.arg(after2))
                     .toLongLong(),
                 after1End - after1);
        for (QString* text : {&statement, &message})
            text->replace(u"%AFTER1END%"_s, QString::number(after1End))
                .replace(u"%AFTER1%"_s, QString::number(after1))
                .replace(u"%AFTER2%"_s, QString::number(after2))
                .replace(u"%GAP%"_s, QString::number(gap));
        sql(path, statement);
        {
            auto opened = openAt(path, error, 80);
            QCOMPARE(!opened, openFails);
            if (openFails) QVERIFY2(error.contains(message), qPrintable(error));
        }
        auto inspect = openAt(path, error, 80, true);
        QVERIFY(inspect);
        const StoreReport report = inspect->verify();
        QVERIFY(!report.problems.isEmpty());
        QVERIFY2(report.problems.join(u'\n').contains(message),
                 qPrintable(report.problems.join(u'\n')));
    }

    // Two commands of one block swapped (the block rewritten whole, as
    // someone with the format in hand would): the first of them is named,
    // by opening and by verify.
    void swappedCommandsAreReported() {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"swap.db"_s);
        QString error;
        QVERIFY(writeDemo(path, 50) > 0);
        const qint64 snapshot =
            value(path, u"SELECT MAX(journal_seq) FROM snapshots"_s).toLongLong();
        const qint64 first = snapshot + 1;
        const QByteArray body =
            value(path, u"SELECT body FROM journal_blocks WHERE first_seq = %1"_s.arg(first))
                .toByteArray();
        QCOMPARE(
            value(path, u"SELECT packing FROM journal_blocks WHERE first_seq = %1"_s.arg(first))
                .toInt(),
            0);  // fewer commands than a dictionary needs: stored as they are
        std::vector<JournalCommand> commands;
        QVERIFY2(JournalBlock::decode(body, commands, error), qPrintable(error));
        QVERIFY(commands.size() >= 3);
        std::swap(commands[1].command, commands[2].command);
        const QString name = QUuid::createUuid().toString();
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, name);
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.prepare(u"UPDATE journal_blocks SET body = ? WHERE first_seq = ?"_s));
            q.addBindValue(JournalBlock::encode(commands));
            q.addBindValue(first);
            QVERIFY(q.exec());
        }
        QSqlDatabase::removeDatabase(name);
        const QString message = u"journal seq %1 disagrees"_s.arg(first + 1);
        QVERIFY(!openAt(path, error, 50));
        QVERIFY2(error.contains(message), qPrintable(error));
        auto inspect = openAt(path, error, 50, true);
        QVERIFY(inspect);
        const QString problems = inspect->verify().problems.join(u'\n');
        QVERIFY2(problems.contains(message), qPrintable(problems));
    }

    // A full disk rejects the group that no longer fits; what was acknowledged stays.
    void diskFull() {
        SmallFs fs(u"400k"_s);
        if (!fs.ok()) QFAIL("cannot mount a small tmpfs (this test needs root)");
        const QString path = fs.path(u"full.db"_s);
        QString error;
        auto store = openAt(path, error);
        QVERIFY2(store, qPrintable(error));
        // Fill the disk with many runs until a group fails.
        QByteArray acknowledged;
        qint64 acknowledgedCommands = 0;
        bool failed = false;
        for (int i = 0; i < 4000 && !failed; ++i) {
            QList<InputLine> group;
            for (int k = 0; k < 4; ++k) {
                const QByteArray train = "T" + QByteArray::number(i * 4 + k);
                group.append(
                    {R"({"op":"train","train":")" + train +
                         R"(","date":"2024-01-20","stops":[{"station":"甲","km":0},{"station":"乙","km":10}],"cars":[{"car":1,"class":"second","rows":20,"layout":"ABCDF"}]})",
                     i * 4 + k + 1});
            }
            QByteArray out;
            if (store->apply(group, out, error)) {
                acknowledged += out;
                acknowledgedCommands += group.size();
            } else {
                failed = true;
            }
        }
        QVERIFY2(failed, "the disk never filled");
        QVERIFY2(error.contains(u"full"_s) || error.contains(u"disk"_s), qPrintable(error));
        QCOMPARE(store->journalLength(), acknowledgedCommands);
        QCOMPARE(store->engine().summary().runs, acknowledgedCommands);
        // A row small enough for the space left may still fit (journal rows
        // are small); either way nothing is half-applied.
        QByteArray out;
        if (store->apply({{R"({"op":"advance","at":"2024-01-01T00:00"})",
                           static_cast<int>(acknowledgedCommands) + 1}},
                         out, error)) {
            acknowledged += out;
            ++acknowledgedCommands;
        } else {
            QVERIFY(out.isEmpty());
        }
        QCOMPARE(store->journalLength(), acknowledgedCommands);
        store.reset();
        auto reopened = openAt(path, error, 10000, true);
        QVERIFY2(reopened, qPrintable(error));
        QCOMPARE(reopened->journalLength(), acknowledgedCommands);
        const StoreReport report = reopened->verify();
        QVERIFY2(report.problems.isEmpty(), qPrintable(report.problems.join(u'\n')));
        QByteArray replayed;
        QVERIFY(reopened->replay(
            0, [&](const QByteArray& e) { replayed += e; }, error));
        QCOMPARE(replayed, acknowledged);
    }

    // A read-only file system: refused with a clear error, nothing applied.
    void readOnly() {
        SmallFs fs(u"4m"_s);
        if (!fs.ok()) QFAIL("cannot mount a small tmpfs (this test needs root)");
        const QString path = fs.path(u"ro.db"_s);
        QString error;
        QByteArray out;
        {
            auto store = openAt(path, error);
            QVERIFY(store->apply(demo().mid(0, 20), out, error));
        }
        QVERIFY(fs.makeReadOnly());
        auto store = openAt(path, error);
        QVERIFY(!store);
        QVERIFY2(error.contains(u"Read-only file system"_s), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestStore)
#include "tst_store.moc"
