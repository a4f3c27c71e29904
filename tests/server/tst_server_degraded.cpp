// houbud's read-only mode: the store made unable to commit under a running
// server (SQLite past its file size limit, a PostgreSQL server stopped), then
// healed. Reads are answered from memory and marked, commands get 503 with
// Retry-After, /health says degraded; afterwards everything resumes without a
// restart, the command caught in the failure included, and the journal holds
// exactly what was acknowledged.
#include <sys/resource.h>

#include <QJsonArray>
#include <QNetworkReply>
#include <QProcess>
#include <QSet>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <functional>

#include "houbud_fixture.h"

using namespace Qt::StringLiterals;
using namespace houbu::test;

namespace {

const QByteArray kTrain =
    R"({"op":"train","at":"2024-01-05T09:00","train":"G1","date":"2024-01-20","stops":[{"station":"A","km":0,"dep":"08:00"},{"station":"B","km":100,"arr":"08:40","dep":"08:42"},{"station":"C","km":200,"arr":"09:30"}],"cars":[{"car":1,"class":"二等座","rows":20,"layout":"ABCDF"}]})";
const QByteArray kAvailability =
    R"({"op":"availability","train":"G1","date":"2024-01-20","from":"A","to":"C","class":"二等座"})";
const QByteArray kSeatmap = R"({"op":"seatmap","train":"G1","date":"2024-01-20"})";

QByteArray sell(const QString& id) {
    return u"{\"op\":\"sell\",\"id\":\"%1\",\"train\":\"G1\",\"date\":\"2024-01-20\",\"from\":"
           u"\"A\",\"to\":\"C\",\"class\":\"二等座\",\"passengers\":[\"%1\"]}"_s.arg(id)
               .toUtf8();
}

// The sales a set of events holds (ticket_held).
QSet<QString> salesIn(const QJsonArray& events) {
    QSet<QString> sales;
    for (const QJsonValue& v : events) {
        const QJsonObject e = v.toObject();
        if (e.value("event"_L1).toString() == "ticket_held"_L1)
            sales << e.value("sale"_L1).toString();
    }
    return sales;
}

}  // namespace

class TestServerDegraded : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    QString tokens_;
    QByteArray dispatcher_;
    Http http_;

    std::unique_ptr<Houbud> makeServer(const QString& store) {
        auto s = std::make_unique<Houbud>();
        s->dir = tmp_.path();
        s->args = QStringList{u"--store"_s, store, u"--tokens"_s, tokens_};
        return s;
    }

    // The whole outage: `breakStore` makes commits fail, `healStore` undoes it.
    void outage(const QString& store, const std::function<void(Houbud&)>& breakStore,
                const std::function<void(Houbud&)>& healStore) {
        auto s = makeServer(store);
        QVERIFY2(s->start(), s->log.constData());
        const QUrl commands = s->url(u"/api/v1/commands"_s);
        QSet<QString> acknowledged, refused;
        Response r = http_.post(commands, dispatcher_, kTrain + '\n' + sell(u"before"_s));
        QCOMPARE(r.status, 200);
        acknowledged << u"before"_s;
        r = http_.post(commands, dispatcher_, kAvailability);
        QCOMPARE(r.status, 200);
        const QJsonArray answeredBefore = r.json().value("events"_L1).toArray();
        QCOMPARE(answeredBefore.size(), 1);
        const qint64 freeBefore = answeredBefore[0].toObject().value("count"_L1).toInteger();

        breakStore(*s);

        // The command caught in the failure: held, answered once the store is back.
        QNetworkRequest held(commands);
        held.setRawHeader("Authorization", "Bearer " + dispatcher_);
        held.setRawHeader("Content-Type", "application/x-ndjson");
        QNetworkReply* heldReply = http_.manager.post(held, sell(u"held"_s));

        QTRY_COMPARE_WITH_TIMEOUT(
            http_.get(s->url(u"/health"_s)).json().value("status"_L1).toString(), u"degraded"_s,
            20000);
        r = http_.get(s->url(u"/health"_s));
        QCOMPARE(r.status, 503);
        QVERIFY2(!r.json().value("reason"_L1).toString().isEmpty(), r.body.constData());
        QVERIFY(!r.json().value("since"_L1).toString().isEmpty());
        QCOMPARE(r.json().value("read_only"_L1).toBool(), true);

        // A query: answered from memory, not journaled, with seq 0.
        r = http_.post(commands, dispatcher_, kAvailability + '\n' + kSeatmap, "application/json");
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json().value("journaled"_L1).toBool(true), false);
        const QJsonArray answered = r.json().value("events"_L1).toArray();
        QCOMPARE(answered.size(), 2);
        QCOMPARE(answered[0].toObject().value("event"_L1).toString(), u"availability"_s);
        QCOMPARE(answered[0].toObject().value("seq"_L1).toInteger(-1), 0);
        QCOMPARE(answered[1].toObject().value("event"_L1).toString(), u"seatmap"_s);
        // The held sale may be in memory already (it commits first on recovery).
        const qint64 freeNow = answered[0].toObject().value("count"_L1).toInteger();
        QVERIFY(freeNow == freeBefore || freeNow == freeBefore - 1);

        // A command: 503 with Retry-After and words for a dispatcher.
        r = http_.post(commands, dispatcher_, sell(u"refused"_s));
        QCOMPARE(r.status, 503);
        QCOMPARE(r.retryAfter, QByteArray("5"));
        QCOMPARE(r.json().value("read_only"_L1).toBool(), true);
        QVERIFY2(r.json().value("message"_L1).toString().startsWith("read-only: the store"_L1),
                 r.body.constData());
        refused << u"refused"_s;
        // A mix of a query and a command changes nothing and is refused whole.
        r = http_.post(commands, dispatcher_, kAvailability + '\n' + sell(u"mixed"_s));
        QCOMPARE(r.status, 503);
        refused << u"mixed"_s;
        // Views and prechecks: from memory.
        r = http_.get(s->url(u"/api/v1/runs/G1/2024-01-20"_s), dispatcher_);
        QCOMPARE(r.status, 200);
        r = http_.post(s->url(u"/api/v1/precheck"_s), dispatcher_, sell(u"later"_s));
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json().value("accepted"_L1).toBool(), true);
        // Past events come from the journal: not while it is unavailable.
        r = http_.get(s->url(u"/api/v1/events?after=0"_s), dispatcher_);
        QCOMPARE(r.status, 503);
        QVERIFY(!heldReply->isFinished());

        healStore(*s);

        QTRY_COMPARE_WITH_TIMEOUT(
            http_.get(s->url(u"/health"_s)).json().value("status"_L1).toString(), u"ok"_s, 30000);
        QTRY_VERIFY_WITH_TIMEOUT(heldReply->isFinished(), 30000);
        QCOMPARE(heldReply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
        QVERIFY(heldReply->readAll().contains("ticket_held"));
        heldReply->deleteLater();
        acknowledged << u"held"_s;
        r = http_.post(commands, dispatcher_, sell(u"after"_s));
        QCOMPARE(r.status, 200);
        acknowledged << u"after"_s;

        // Everything acknowledged, and nothing refused, is in the journal,
        // and the server that wrote it opens it again.
        QCOMPARE(s->stop(), 0);
        QVERIFY2(s->start(), s->log.constData());
        r = http_.get(s->url(u"/api/v1/events?after=0"_s), dispatcher_);
        QCOMPARE(r.status, 200);
        const QSet<QString> journaled = salesIn(r.json().value("events"_L1).toArray());
        QCOMPARE(journaled, acknowledged);
        QVERIFY(!journaled.intersects(refused));
        QCOMPARE(s->stop(), 0);
        QVERIFY2(s->log.contains("read-only since"), s->log.constData());
    }

  private slots:
    void initTestCase() {
        QVERIFY(tmp_.isValid());
        tokens_ = tmp_.filePath(u"houbud.tokens"_s);
        dispatcher_ = houbudToken(QStringList{u"add"_s, u"--role"_s, u"dispatcher"_s, u"--name"_s,
                                              u"desk"_s, u"--tokens"_s, tokens_});
        QVERIFY(!dispatcher_.isEmpty());
    }

    // SQLite on a disk that takes no more bytes: houbud's file size limit
    // (RLIMIT_FSIZE, set from here with prlimit) at 1 byte makes every write
    // of the journal fail as a full disk does; raising it heals.
    void sqliteFullDisk() {
        rlimit before{};
        outage(
            tmp_.filePath(u"full.db"_s),
            [&](Houbud& s) {
                const pid_t pid = static_cast<pid_t>(s.process.processId());
                QVERIFY(::prlimit(pid, RLIMIT_FSIZE, nullptr, &before) == 0);
                const rlimit full{1, before.rlim_max};
                QVERIFY(::prlimit(pid, RLIMIT_FSIZE, &full, nullptr) == 0);
            },
            [&](Houbud& s) {
                const pid_t pid = static_cast<pid_t>(s.process.processId());
                QVERIFY(::prlimit(pid, RLIMIT_FSIZE, &before, nullptr) == 0);
            });
    }

    // PostgreSQL stopped under the server (pg_ctl stop) and started again.
    void postgresStopped() {
        const QString fixture = qEnvironmentVariable("HOUBU_PG_FIXTURE");
        if (fixture.isEmpty())
            QSKIP("no PostgreSQL server: run through ctest (tst_server_degraded_postgres)");
        QFile f(fixture + u"/url"_s);
        QVERIFY2(f.open(QIODevice::ReadOnly), "the postgres fixture wrote no URL");
        QString url = QString::fromUtf8(f.readAll().trimmed());
        {
            const QUrl u(url);
            QSqlDatabase db = QSqlDatabase::addDatabase(u"QPSQL"_s, u"admin"_s);
            db.setHostName(u.host());
            db.setPort(u.port(5432));
            db.setUserName(u.userName());
            db.setDatabaseName(u"postgres"_s);
            QVERIFY2(db.open(), qPrintable(db.lastError().text()));
            QSqlQuery q(db);
            QVERIFY(q.exec(u"DROP DATABASE IF EXISTS houbud_degraded"_s));
            QVERIFY(q.exec(u"CREATE DATABASE houbud_degraded"_s));
            q.finish();
            db.close();
            QUrl fresh(u);
            fresh.setPath(u"/houbud_degraded"_s);
            url = fresh.toString();
        }
        QSqlDatabase::removeDatabase(u"admin"_s);
        const QString script = QStringLiteral(HOUBU_SOURCE_DIR) + u"/tests/store/pg-fixture.sh"_s;
        auto fixtureDoes = [&](const QString& action) {
            QProcess p;
            p.start(u"sh"_s, {script, action, fixture});
            QVERIFY(p.waitForFinished(120000));
            QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        };
        outage(
            url, [&](Houbud&) { fixtureDoes(u"halt"_s); },
            [&](Houbud&) { fixtureDoes(u"resume"_s); });
    }
};

QTEST_MAIN(TestServerDegraded)
#include "tst_server_degraded.moc"
