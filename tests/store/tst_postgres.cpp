// The store on a real PostgreSQL server: the same behaviour as on SQLite, plus
// what only a server does (connections that drop, a server that stops).
//
// Under CTest the fixture `postgres` (pg-fixture.sh) starts a throwaway server
// and sets HOUBU_PG_FIXTURE to its folder; the test fails when that server is
// missing. Run by hand, set HOUBU_PG_URL=postgresql://user@host:port/db (a
// database the test may wipe), or the test is skipped.

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <QBuffer>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>
#include <QThread>
#include <QUrl>
#include <QUuid>
#include <atomic>
#include <thread>

#include "houbu/codec.h"
#include "houbu/store.h"
#include "scenario_lines.h"

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

QByteArray inMemory(const QList<InputLine>& lines) {
    Runner runner;
    QByteArray out;
    for (const auto& l : lines)
        runner.processLine(l.text, l.number, out);
    return out;
}

// The journal a store should hold for `lines`, as `exportScenario` writes it.
QByteArray commandsOf(const QList<InputLine>& lines) {
    QByteArray out;
    for (const auto& l : lines)
        if (!parseCommandLine(l.text).skip) out += l.text.trimmed() + '\n';
    return out;
}

struct CliResult {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

CliResult cli(const QStringList& args, const QByteArray& input = {}) {
    QProcess p;
    p.start(QStringLiteral(HOUBU_CLI_PATH), args);
    CliResult r;
    if (!p.waitForStarted()) return r;
    if (!input.isEmpty()) p.write(input);
    p.closeWriteChannel();
    if (!p.waitForFinished(60000)) p.kill();
    p.waitForFinished();
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

// A plain Qt Sql connection to the test database, beside the store's own.
// Lives and dies in the thread that made it.
class Admin {
  public:
    explicit Admin(const QString& location)
        : name_(u"houbu-admin-"_s + QUuid::createUuid().toString(QUuid::WithoutBraces)) {
        const QUrl url(location);
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QPSQL"_s, name_);
        db.setHostName(url.host());
        db.setPort(url.port(5432));
        db.setDatabaseName(url.path().mid(1));
        db.setUserName(url.userName());
        db.setPassword(url.password());
        db.setConnectOptions(u"connect_timeout=5"_s);
        ok_ = db.open();
        if (!ok_)
            error_ = db.lastError().text();
        else
            exec(u"SET client_min_messages TO WARNING"_s);
    }
    ~Admin() {
        {
            QSqlDatabase db = QSqlDatabase::database(name_, false);
            if (db.isOpen()) db.close();
        }
        QSqlDatabase::removeDatabase(name_);
    }
    Admin(const Admin&) = delete;
    Admin& operator=(const Admin&) = delete;

    bool ok() const { return ok_; }
    QString error() const { return error_; }
    QSqlDatabase db() const { return QSqlDatabase::database(name_, false); }

    bool exec(const QString& sql) {
        QSqlQuery q(db());
        if (q.exec(sql)) return true;
        error_ = sql + u": "_s + q.lastError().text();
        return false;
    }
    // The first column of the first row (invalid on failure or no row).
    QVariant value(const QString& sql) {
        QSqlQuery q(db());
        if (!q.exec(sql)) {
            error_ = sql + u": "_s + q.lastError().text();
            return {};
        }
        return q.next() ? q.value(0) : QVariant();
    }
    qint64 count(const QString& table) {
        const QVariant v = value(u"SELECT COUNT(*) FROM "_s + table);
        return v.isValid() ? v.toLongLong() : -1;
    }
    // The commands the journal holds (its blocks hold a transaction's each).
    qint64 journalLength() {
        const QVariant v =
            value(u"SELECT COALESCE(SUM(last_seq - first_seq + 1), 0) FROM journal_blocks"_s);
        return v.isValid() ? v.toLongLong() : -1;
    }
    // Waits (up to 10 s) until no other session is left on the database. A
    // closed store's session, and the advisory lock it holds, ends on the server
    // a moment after the close; an open in that moment is refused as locked.
    bool othersGone() {
        QElapsedTimer t;
        t.start();
        do {
            const QVariant n = value(
                u"SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() AND "
                u"pid <> pg_backend_pid()"_s);
            if (n.isValid() && n.toInt() == 0) return true;
            QThread::msleep(2);
        } while (t.elapsed() < 10000);
        return false;
    }
    // Ends every other session on the database (the store's); returns how many,
    // once they are really gone.
    int terminateOthers() {
        QSqlQuery q(db());
        if (!q.exec(u"SELECT COUNT(*) FROM (SELECT pg_terminate_backend(pid, 5000) AS gone "
                    u"FROM pg_stat_activity WHERE datname = current_database() "
                    u"AND pid <> pg_backend_pid()) t WHERE gone"_s) ||
            !q.next()) {
            error_ = q.lastError().text();
            return -1;
        }
        return q.value(0).toInt();
    }

  private:
    QString name_;
    bool ok_ = false;
    QString error_;
};

// A TCP port on 127.0.0.1 where nothing listens (it was free a moment ago).
int closedPort() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return 1;
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = 0;
    socklen_t len = sizeof a;
    int port = 1;
    if (::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 &&
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0)
        port = ntohs(a.sin_port);
    ::close(fd);
    return port;
}

}  // namespace

class TestPostgres : public QObject {
    Q_OBJECT

    QString url_;      // the test database
    QString fixture_;  // the fixture's folder, when CTest started the server
    std::unique_ptr<Admin> admin_;

    StoreOptions options(int snapshotEvery = 10000) const {
        StoreOptions o;
        o.location = url_;
        o.snapshotEvery = snapshotEvery;
        return o;
    }

    // Runs pg-fixture.sh on the fixture's server (halt, resume).
    bool fixture(const QString& action) const {
        QProcess p;
        p.start(u"sh"_s,
                {QStringLiteral(HOUBU_SOURCE_DIR "/tests/store/pg-fixture.sh"), action, fixture_});
        return p.waitForFinished(120000) && p.exitStatus() == QProcess::NormalExit &&
               p.exitCode() == 0;
    }

    // The store's journal holds exactly the commands of `lines`.
    void journalIs(Store& store, const QList<InputLine>& lines) {
        QBuffer exported;
        exported.open(QIODevice::WriteOnly);
        QString error;
        QVERIFY2(store.exportScenario(exported, error), qPrintable(error));
        QCOMPARE(exported.data(), commandsOf(lines));
        QCOMPARE(admin_->journalLength(), commandsOf(lines).count('\n'));
    }

    // Applies `lines` in batches of `size`, checking after each that what the
    // store acknowledged is committed (seen from another connection).
    void applyAll(Store& store, const QList<InputLine>& lines, QByteArray& events, int size) {
        for (qsizetype i = 0; i < lines.size(); i += size) {
            QString error;
            QVERIFY2(store.apply(lines.mid(i, size), events, error), qPrintable(error));
            QCOMPARE(admin_->journalLength(), store.journalLength());
        }
    }

  private slots:
    void initTestCase() {
        fixture_ = qEnvironmentVariable("HOUBU_PG_FIXTURE");
        url_ = qEnvironmentVariable("HOUBU_PG_URL");
        if (url_.isEmpty() && !fixture_.isEmpty()) {
            QFile f(fixture_ + u"/url"_s);
            // Under CTest a missing server is a failure, not a skip: CI must run this.
            QVERIFY2(f.open(QIODevice::ReadOnly),
                     qPrintable(u"the CTest fixture 'postgres' started no server (no %1): see the "
                                u"output of the test postgres_start"_s.arg(f.fileName())));
            url_ = QString::fromUtf8(f.readAll().trimmed());
        }
        if (url_.isEmpty())
            QSKIP("no PostgreSQL server: run through ctest (fixture postgres) or set HOUBU_PG_URL");
        QVERIFY2(QSqlDatabase::isDriverAvailable(u"QPSQL"_s),
                 "the Qt SQL driver for PostgreSQL (libqt6sql6-psql) is not installed");
        Admin probe(url_);
        QVERIFY2(probe.ok(), qPrintable(u"cannot reach %1: %2"_s.arg(url_, probe.error())));
        QVERIFY(demo().size() > 100);
    }

    // Every test starts from an empty database and no other session.
    void init() {
        admin_ = std::make_unique<Admin>(url_);
        QVERIFY2(admin_->ok(), qPrintable(admin_->error()));
        QVERIFY(admin_->terminateOthers() >= 0);
        QVERIFY2(admin_->exec(u"DROP SCHEMA IF EXISTS public CASCADE"_s) &&
                     admin_->exec(u"CREATE SCHEMA public"_s),
                 qPrintable(admin_->error()));
    }
    void cleanup() { admin_.reset(); }

    // The demo through Store::apply in batches of every size gives the events of
    // an in-memory run; each acknowledged batch is committed; a reopened store
    // (from a snapshot) verifies, replays and exports faithfully.
    void demoMatchesInMemory() {
        const auto lines = demo();
        QByteArray events;
        QString error;
        {
            auto store = Store::open(options(25), error);
            QVERIFY2(store, qPrintable(error));
            QVERIFY(store->isPostgres());
            qsizetype i = 0;
            for (int size = 1; i < lines.size(); i += size++) {
                QVERIFY2(store->apply(lines.mid(i, size), events, error), qPrintable(error));
                QCOMPARE(admin_->journalLength(), store->journalLength());
            }
            QCOMPARE(events, inMemory(lines));
        }
        QVERIFY(admin_->othersGone());  // the closed store's lock too
        Runner runner;
        QByteArray expected;
        for (const auto& l : lines)
            runner.processLine(l.text, l.number, expected);
        auto store = Store::open(options(25), error);
        QVERIFY2(store, qPrintable(error));
        const StoreReport report = store->verify();
        QVERIFY2(report.problems.isEmpty(), qPrintable(report.problems.join(u'\n')));
        QCOMPARE(report.backend, u"PostgreSQL"_s);
        QCOMPARE(report.schemaVersion, Store::kSchemaVersion);
        QCOMPARE(report.journalLength, commandsOf(lines).count('\n'));
        QVERIFY(report.snapshotSeq > 0);
        QCOMPARE(report.engine, runner.engine().summary());
        QVERIFY(store->engine().snapshot() == runner.engine().snapshot());
        // One run's events, re-derived from the journal on the server: every
        // event of the demo's single run that names a run, and more.
        QByteArray runEvents;
        qint64 scanned = 0;
        QVERIFY2(store->readEventsOf(EventFilter{{}, u"G13"_s, u"2025-01-20"_s}, 0, 100000,
                                     runEvents, scanned, error),
                 qPrintable(error));
        QCOMPARE(runEvents.count("\"train\":\"G13\""), expected.count("\"train\":\"G13\""));
        QVERIFY(runEvents.count('\n') > expected.count("\"train\":\"G13\""));

        QByteArray replayed;
        QVERIFY2(store->replay(
                     0, [&](const QByteArray& e) { replayed += e; }, error),
                 qPrintable(error));
        QCOMPARE(replayed, expected);
        QByteArray prefix;
        QVERIFY(store->replay(
            7, [&](const QByteArray& e) { prefix += e; }, error));
        QVERIFY(!prefix.isEmpty() && prefix.size() < expected.size() &&
                expected.startsWith(prefix));
        QBuffer exported;
        exported.open(QIODevice::WriteOnly);
        QVERIFY2(store->exportScenario(exported, error), qPrintable(error));
        QCOMPARE(exported.data(), commandsOf(lines));
    }

    // A ticket on several seats keeps its legs in the tickets table on a
    // server too (NULL for one seat), as JSON the server can read.
    void ticketLegsOnServer() {
        const QList<InputLine> lines = houbu::test::scenarioLines(u"seat_change_chains"_s);
        QVERIFY(!lines.isEmpty());
        QString error;
        QByteArray events;
        auto store = Store::open(options(), error);
        QVERIFY2(store && store->apply(lines, events, error), qPrintable(error));
        QCOMPARE(events, inMemory(lines));
        const int chained = static_cast<int>(events.count("\"legs\""));
        QVERIFY(chained >= 3);
        QCOMPARE(admin_->value(u"SELECT COUNT(*) FROM tickets WHERE legs IS NOT NULL"_s).toInt(),
                 chained);
        QVERIFY(admin_->value(u"SELECT COUNT(*) FROM tickets WHERE legs IS NULL"_s).toInt() > 0);
        // Each leg a {seat, from, to}, readable by the server's own JSON functions.
        QCOMPARE(
            admin_
                ->value(u"SELECT COUNT(*) FROM tickets, json_array_elements(legs::json) "
                        u"AS leg WHERE leg->>'seat' LIKE '__-__%'"_s)
                .toInt(),
            admin_->value(u"SELECT SUM(json_array_length(legs::json)) FROM tickets"_s).toInt());
    }

    // houbu-cli on a server: run, verify, replay, export.
    void cliOnServer() {
        const QString demoPath =
            QStringLiteral(HOUBU_SOURCE_DIR "/resources/demo/g13-spring-festival.jsonl");
        const CliResult memory = cli({u"run"_s, demoPath});
        QCOMPARE(memory.exitCode, 0);
        const CliResult run = cli({u"run"_s, demoPath, u"--db"_s, url_, u"--group"_s, u"16"_s,
                                   u"--snapshot-every"_s, u"30"_s});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QCOMPARE(run.out, memory.out);
        QVERIFY(admin_->othersGone());  // the closed store's lock too
        const CliResult verified = cli({u"verify"_s, u"--db"_s, url_});
        QVERIFY2(verified.exitCode == 0, verified.out.constData());
        QVERIFY(verified.out.contains(QByteArray(QByteArray("(PostgreSQL, schema ") +
                                                 QByteArray::number(Store::kSchemaVersion) + ')')));
        QVERIFY(verified.out.contains("problems       none"));
        QVERIFY(admin_->othersGone());
        const CliResult replayed = cli({u"replay"_s, u"--db"_s, url_});
        QCOMPARE(replayed.exitCode, 0);
        QCOMPARE(replayed.out, memory.out);
        QVERIFY(admin_->othersGone());
        const CliResult exported = cli({u"export"_s, u"--db"_s, url_});
        QCOMPARE(exported.exitCode, 0);
        QCOMPARE(exported.out, commandsOf(demo()));
    }

    // One writer per database: a second store, in this process or another, is refused.
    void secondWriterIsRefused() {
        QString error;
        auto first = Store::open(options(), error);
        QVERIFY2(first, qPrintable(error));
        QByteArray events;
        QVERIFY(first->apply(demo().mid(0, 10), events, error));

        QString second;
        QVERIFY(!Store::open(options(), second));
        QVERIFY2(second.contains(u"locked"_s), qPrintable(second));
        const CliResult other =
            cli({u"run"_s, u"-"_s, u"--db"_s, url_}, "{\"op\":\"position\",\"id\":\"W1\"}\n");
        QCOMPARE(other.exitCode, 2);
        QVERIFY2(other.err.contains("locked"), other.err.constData());
        QVERIFY(other.out.isEmpty());
        QCOMPARE(admin_->journalLength(), first->journalLength());

        // The first keeps working; once it is closed, the next one gets in.
        QVERIFY2(first->apply(demo().mid(10, 10), events, error), qPrintable(error));
        first.reset();
        QVERIFY(admin_->othersGone());  // the closed store's lock too
        auto again = Store::open(options(), error);
        QVERIFY2(again, qPrintable(error));
        QCOMPARE(again->journalLength(), commandsOf(demo().mid(0, 20)).count('\n'));
    }

    // A store written by a newer Houbu is refused and left untouched.
    void newerSchemaIsRefused() {
        QString error;
        {
            auto store = Store::open(options(), error);
            QVERIFY2(store, qPrintable(error));
            QByteArray events;
            QVERIFY(store->apply(demo().mid(0, 10), events, error));
        }
        QVERIFY(admin_->othersGone());  // the closed store's lock too
        const qint64 rows = admin_->journalLength();
        QVERIFY(rows > 0);
        const QString newer = QString::number(Store::kSchemaVersion + 1);
        QVERIFY(admin_->exec(
            u"UPDATE houbu_meta SET value = '%1' WHERE key = 'schema_version'"_s.arg(newer)));
        QVERIFY(!Store::open(options(), error));
        QVERIFY2(error.contains(u"newer version"_s), qPrintable(error));
        QCOMPARE(admin_->value(u"SELECT value FROM houbu_meta WHERE key = 'schema_version'"_s)
                     .toString(),
                 newer);
        QCOMPARE(admin_->journalLength(), rows);
    }

    // A database holding other tables is not taken over.
    void foreignDatabaseIsRefused() {
        QVERIFY(admin_->exec(u"CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)"_s));
        QVERIFY(admin_->exec(u"INSERT INTO customers VALUES (1, 'x')"_s));
        QString error;
        QVERIFY(!Store::open(options(), error));
        QVERIFY2(error.contains(u"not a Houbu database"_s), qPrintable(error));
        QCOMPARE(admin_->count(u"customers"_s), 1);
        QCOMPARE(
            admin_->value(u"SELECT COUNT(*) FROM pg_tables WHERE schemaname = 'public'"_s).toInt(),
            1);
    }

    // The store's session is terminated between two batches: the next apply
    // fails whole, with a message, and leaves store, engine and database as they
    // were; the store reconnects and the run goes on to the same end.
    void connectionDropBetweenBatches() {
        const auto lines = demo();
        QByteArray events;
        QString error;
        auto store = Store::open(options(15), error);
        QVERIFY2(store, qPrintable(error));
        applyAll(*store, lines.mid(0, 60), events, 20);
        if (QTest::currentTestFailed()) return;
        const qint64 length = store->journalLength();
        const std::string state = store->engine().snapshot();
        const qint64 tickets = admin_->count(u"tickets"_s);

        QCOMPARE(admin_->terminateOthers(), 1);
        QByteArray out;
        QVERIFY(!store->apply(lines.mid(60, 20), out, error));
        QVERIFY2(error.contains(u"connection"_s, Qt::CaseInsensitive), qPrintable(error));
        QVERIFY(out.isEmpty());
        QCOMPARE(store->journalLength(), length);
        QVERIFY(store->engine().snapshot() == state);
        QCOMPARE(admin_->journalLength(), length);
        QCOMPARE(admin_->count(u"tickets"_s), tickets);

        // The same lines go through once the store has reconnected.
        applyAll(*store, lines.mid(60), events, 20);
        if (QTest::currentTestFailed()) return;
        QCOMPARE(events, inMemory(lines));
        const StoreReport report = store->verify();
        QVERIFY2(report.problems.isEmpty(), qPrintable(report.problems.join(u'\n')));
        journalIs(*store, lines);
    }

    // The session dies in the middle of a batch's transaction (its state-table
    // write waits on a lock held elsewhere when it is terminated): nothing of the
    // batch stays, and the retried batch gives the events of an in-memory run.
    void connectionDropInsideBatch() {
        const auto lines = demo();
        const auto batch = lines.mid(60, 30);
        const QByteArray batchEvents = inMemory(lines).mid(inMemory(lines.mid(0, 60)).size());
        QVERIFY2(batchEvents.contains("\"event\":\"ticket_"), "the batch must write tickets");
        QByteArray events;
        QString error;
        auto store = Store::open(options(20), error);
        QVERIFY2(store, qPrintable(error));
        applyAll(*store, lines.mid(0, 60), events, 60);
        if (QTest::currentTestFailed()) return;
        const qint64 length = store->journalLength();
        const qint64 tickets = admin_->count(u"tickets"_s);
        const qint64 snapshots = admin_->count(u"snapshots"_s);

        QVERIFY(admin_->db().transaction());
        QVERIFY2(admin_->exec(u"LOCK TABLE tickets IN SHARE ROW EXCLUSIVE MODE"_s),
                 qPrintable(admin_->error()));
        std::atomic<bool> terminated{false};
        std::thread killer([&] {
            Admin k(url_);
            QElapsedTimer t;
            t.start();
            while (k.ok() && t.elapsed() < 20000) {
                const QVariant pid = k.value(
                    u"SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND "
                    u"wait_event_type = 'Lock' AND pid <> pg_backend_pid() LIMIT 1"_s);
                if (pid.isValid() && !pid.isNull()) {
                    k.value(u"SELECT pg_terminate_backend(%1, 5000)"_s.arg(pid.toInt()));
                    terminated = true;
                    return;
                }
                QThread::msleep(5);
            }
            // Never saw it wait: free it rather than hang.
            k.value(
                u"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = "
                u"current_database() AND state = 'idle in transaction' AND pid <> "
                u"pg_backend_pid()"_s);
        });
        QByteArray out;
        const bool applied = store->apply(batch, out, error);
        killer.join();
        admin_->db().rollback();
        QVERIFY2(terminated, "the store never waited on the lock");
        QVERIFY(!applied);
        QVERIFY2(error.contains(u"connection"_s, Qt::CaseInsensitive), qPrintable(error));
        QVERIFY(out.isEmpty());
        QCOMPARE(store->journalLength(), length);
        QCOMPARE(admin_->journalLength(), length);
        QCOMPARE(admin_->count(u"tickets"_s), tickets);
        QCOMPARE(admin_->count(u"snapshots"_s), snapshots);

        applyAll(*store, batch, events, 30);
        if (QTest::currentTestFailed()) return;
        applyAll(*store, lines.mid(90), events, 30);
        if (QTest::currentTestFailed()) return;
        QCOMPARE(events, inMemory(lines));
        const StoreReport report = store->verify();
        QVERIFY2(report.problems.isEmpty(), qPrintable(report.problems.join(u'\n')));
        journalIs(*store, lines);
    }

    // The server stops under an open store: every apply fails, naming the server,
    // until it is back; then the store reconnects and the run ends as in memory.
    void serverOutage() {
        if (fixture_.isEmpty()) QSKIP("needs the CTest fixture's own server (it is stopped)");
        const auto lines = demo();
        QByteArray events;
        QString error;
        auto store = Store::open(options(20), error);
        QVERIFY2(store, qPrintable(error));
        applyAll(*store, lines.mid(0, 50), events, 25);
        if (QTest::currentTestFailed()) return;
        const qint64 length = store->journalLength();
        const QString server = u"127.0.0.1:"_s + QString::number(QUrl(url_).port());

        admin_.reset();
        QVERIFY2(fixture(u"halt"_s), "cannot stop the server");
        for (int attempt = 0; attempt < 3; ++attempt) {
            QByteArray out;
            QVERIFY(!store->apply(lines.mid(50, 10), out, error));
            QVERIFY(out.isEmpty());
            QVERIFY(!error.isEmpty());
            if (attempt > 0) QVERIFY2(error.contains(server), qPrintable(error));
            QCOMPARE(store->journalLength(), length);
        }
        QString other;
        QVERIFY(!Store::open(options(), other));
        QVERIFY2(other.contains(server), qPrintable(other));

        QVERIFY2(fixture(u"resume"_s), "cannot restart the server");
        admin_ = std::make_unique<Admin>(url_);
        QVERIFY2(admin_->ok(), qPrintable(admin_->error()));
        QCOMPARE(admin_->journalLength(), length);
        applyAll(*store, lines.mid(50), events, 25);
        if (QTest::currentTestFailed()) return;
        QCOMPARE(events, inMemory(lines));
        const StoreReport report = store->verify();
        QVERIFY2(report.problems.isEmpty(), qPrintable(report.problems.join(u'\n')));
        journalIs(*store, lines);
    }

    // Nothing listens, or there is no such database: the message names it.
    void unreachableIsNamed_data() {
        QTest::addColumn<QString>("location");
        QTest::addColumn<QString>("named");
        const int port = closedPort();
        QTest::newRow("no server") << u"postgresql://postgres@127.0.0.1:%1/houbu_test"_s.arg(port)
                                   << u"127.0.0.1:%1"_s.arg(port);
        QTest::newRow("no database") << u"-"_s << u"houbu_no_such_db"_s;
    }
    void unreachableIsNamed() {
        QFETCH(QString, location);
        QFETCH(QString, named);
        if (location == u"-"_s) {
            QUrl url(url_);
            url.setPath(u"/houbu_no_such_db"_s);
            location = url.toString();
        }
        StoreOptions o;
        o.location = location;
        QString error;
        QElapsedTimer t;
        t.start();
        QVERIFY(!Store::open(o, error));
        QVERIFY2(error.contains(named), qPrintable(error));
        QVERIFY(t.elapsed() < 15000);
        const CliResult r = cli({u"verify"_s, u"--db"_s, location});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(named.toUtf8()), r.err.constData());
    }

    // Bytes that are not text survive as they do in memory and on reopening.
    void oddBytesInALine_data() {
        QTest::addColumn<QByteArray>("line");
        const QByteArray nul(1, '\0');
        QTest::newRow("nul in a string")
            << QByteArray("{\"op\":\"position\",\"id\":\"a" + nul + "b\"}");
        QTest::newRow("nul outside json") << QByteArray("garb" + nul + "age");
        QTest::newRow("invalid utf-8") << QByteArray(
            "{\"op\":\"position\",\"id\":\"a\xff"
            "b\"}");
    }
    void oddBytesInALine() {
        QFETCH(QByteArray, line);
        const QList<InputLine> lines{{"{\"op\":\"position\",\"id\":\"x\"}", 1},
                                     {line, 2},
                                     {"{\"op\":\"position\",\"id\":\"y\"}", 3}};
        QString error;
        QByteArray events;
        {
            auto store = Store::open(options(), error);
            QVERIFY2(store, qPrintable(error));
            QVERIFY2(store->apply(lines, events, error), qPrintable(error));
            QCOMPARE(events, inMemory(lines));
        }
        QVERIFY(admin_->othersGone());  // the closed store's lock too
        auto store = Store::open(options(), error);
        QVERIFY2(store, qPrintable(error));
        const StoreReport report = store->verify();
        QVERIFY2(report.problems.isEmpty(), qPrintable(report.problems.join(u'\n')));
    }
};

QTEST_GUILESS_MAIN(TestPostgres)
#include "tst_postgres.moc"
