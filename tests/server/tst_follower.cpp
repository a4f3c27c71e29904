// houbud --follow against a real PostgreSQL server (the fixture of
// tests/store): a follower applies its writer's journal as it grows, serves
// the same reads and events, sends commands on to the writer, waits for a
// read's `after`, and says who leads and how far behind it is.

#include <signal.h>

#include <QElapsedTimer>
#include <QJsonArray>
#include <QProcess>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QWebSocket>

#include "houbu/connection_indicator.h"
#include "houbu/event_log_model.h"
#include "houbu/main_window.h"
#include "houbu/remote_session.h"
#include "houbud_fixture.h"

using namespace Qt::StringLiterals;
using namespace houbu::test;

// The console's remote session on some servers of the store, from the
// present on: what it streams (seqs) and the answers to what it submits.
struct ConsoleOn {
    houbu::RemoteSession remote;
    QSignalSpy opened{&remote, &houbu::RemoteSession::opened};
    QSignalSpy answered{&remote, &houbu::RemoteSession::commandAnswered};
    QList<qint64> seqs;
    ConsoleOn(const QList<const Houbud*>& servers, const QByteArray& token) {
        remote.setHistoryEvents(0);
        QObject::connect(&remote, &houbu::Session::eventsApplied, &remote,
                         [this](const QList<houbu::EventRecord>& events) {
                             for (const houbu::EventRecord& e : events)
                                 seqs << e.seq;
                         });
        QList<QUrl> urls;
        for (const Houbud* h : servers)
            urls << QUrl(u"http://127.0.0.1:%1"_s.arg(h->port));
        remote.open(urls, token);
    }
    // The last event of the n-th answer (0-based), or -1.
    qint64 lastOfAnswer(qsizetype n) const {
        const auto events = answered[n][1].value<QList<houbu::EventRecord>>();
        return events.isEmpty() ? -1 : events.last().seq;
    }
};

class TestFollower : public QObject {
    Q_OBJECT

    QTemporaryDir tmp_;
    QString tokens_, url_;
    QByteArray dispatcher_, viewer_;
    QList<QByteArray> workload_;  // a generated day's commands, no comments

    std::unique_ptr<Houbud> houbud(const QStringList& args) {
        auto h = std::make_unique<Houbud>();
        h->dir = tmp_.path() + u'/' + QString::number(quintptr(h.get()));
        QDir().mkpath(h->dir);
        h->args = args + QStringList{u"--tokens"_s, tokens_, u"--refusal-rate"_s, u"0"_s};
        return h;
    }
    std::unique_ptr<Houbud> writer() { return houbud({u"--store"_s, url_}); }
    std::unique_ptr<Houbud> follower() { return houbud({u"--follow"_s, url_}); }
    std::unique_ptr<Houbud> standby() { return houbud({u"--follow"_s, url_, u"--failover"_s}); }

    // A block of one seat with a unique id, under its own Idempotency-Key.
    // On a train of its own (defined by failover()), with room for them all.
    static QByteArray blockLine(const QString& id) {
        return u"{\"op\":\"block\",\"id\":\"%1\",\"train\":\"FO1\",\"date\":"
               u"\"2024-02-08\",\"from\":\"A\",\"to\":\"B\",\"class\":\"二等座\","
               u"\"count\":1}"_s.arg(id)
                   .toUtf8();
    }
    static constexpr QByteArrayView kFailoverTrain =
        R"({"op":"train","train":"FO1","date":"2024-02-08","stops":[{"station":"A","km":0,"dep":"09:00"},{"station":"B","km":100,"arr":"10:00"}],"cars":[{"car":1,"class":"二等座","rows":99,"layout":"ABCDF"}]})";
    // Sent to `h` alone: a redirect is not followed, and no answer within
    // 5 s is none (a stopped writer accepts connections and never answers).
    int sendKeyed(const Houbud& h, const QString& id) {
        QNetworkRequest request(h.url(u"/api/v1/commands"_s));
        request.setRawHeader("Authorization", "Bearer " + dispatcher_);
        request.setRawHeader("Content-Type", "application/x-ndjson");
        request.setRawHeader("Idempotency-Key", id.toUtf8());
        request.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                             QNetworkRequest::ManualRedirectPolicy);
        request.setTransferTimeout(5000);
        QNetworkReply* reply = http_.manager.post(request, blockLine(id));
        QEventLoop loop;
        QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        loop.exec();
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        reply->deleteLater();
        return status;
    }
    // How many times each block id was journaled (its block_added events).
    QMap<QString, int> blocksJournaled(const Houbud& h) {
        QMap<QString, int> count;
        for (const QJsonValue& e : allEvents(h)) {
            const QJsonObject o = e.toObject();
            if (o.value("event"_L1) == "block_created"_L1) ++count[o.value("id"_L1).toString()];
        }
        return count;
    }

    // Forces the writer out (SIGKILL, SIGSTOP, or its database session
    // ended) while a client sends commands, each under its key, to the
    // writer and, when it does not answer, to the standby; checks that the
    // standby takes over, and that every acknowledged command is journaled
    // exactly once. Returns the ms from the fault to the first command the
    // standby accepted.
    qint64 failover(const QString& how, const QString& prefix) {
        auto w = writer();
        if (!w->start()) qFatal("the writer does not start: %s", w->log.constData());
        auto s = standby();
        if (!s->start()) qFatal("the standby does not start: %s", s->log.constData());
        post(*w, {kFailoverTrain.toByteArray()});
        QSet<QString> acknowledged;
        int n = 0;
        for (; n < 20; ++n) {
            const QString id = prefix + QString::number(n);
            if (sendKeyed(*w, id) == 200) acknowledged << id;
        }
        const qint64 pid = w->process.processId();
        if (how == "kill"_L1) {
            ::kill(static_cast<pid_t>(pid), SIGKILL);
        } else if (how == "stop"_L1) {
            ::kill(static_cast<pid_t>(pid), SIGSTOP);
        } else {
            QSqlDatabase db = QSqlDatabase::addDatabase(u"QPSQL"_s, u"killer"_s);
            const QUrl u(url_);
            db.setHostName(u.host());
            db.setPort(u.port(5432));
            db.setUserName(u.userName());
            db.setDatabaseName(u.path().mid(1));
            if (db.open())
                QSqlQuery(db).exec(
                    u"SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = "
                    u"'advisory' AND objid = 517992721 AND granted"_s);
            db.close();
        }
        QElapsedTimer since;
        since.start();
        qint64 tookOverMs = -1;
        // Each command to the old writer first, then to the standby; a
        // command not acknowledged by either is not counted.
        for (; n < 60; ++n) {
            const QString id = prefix + QString::number(n);
            int status = how == "stop"_L1 ? 0 : sendKeyed(*w, id);
            for (int attempt = 0; status != 200 && attempt < 200; ++attempt) {
                status = sendKeyed(*s, id);
                if (status != 200) QTest::qWait(25);
            }
            if (status == 200) {
                acknowledged << id;
                if (tookOverMs < 0) tookOverMs = since.elapsed();
            }
        }
        if (how == "stop"_L1) {
            // The deposed writer comes back: it must not write.
            ::kill(static_cast<pid_t>(pid), SIGCONT);
            const QString late = prefix + u"late"_s;
            const int status = http_
                                   .send("POST", w->url(u"/api/v1/commands"_s), dispatcher_,
                                         blockLine(late), "application/x-ndjson")
                                   .status;
            if (status == 200) qFatal("the deposed writer took a command");
            // It follows the new writer instead.
            const QString standbyUrl = u"http://127.0.0.1:%1"_s.arg(s->port);
            bool follows = false;
            for (int i = 0; i < 400 && !follows; ++i) {
                const QJsonObject h = health(*w);
                follows = h.value("role"_L1) == "follower"_L1 &&
                          h.value("follower"_L1).toObject().value("leader"_L1) == standbyUrl;
                if (!follows) QTest::qWait(50);
            }
            if (!follows) qFatal("the deposed writer does not follow the new one");
        }
        const QMap<QString, int> journaled = blocksJournaled(*s);
        int mine = 0;
        for (auto it = journaled.begin(); it != journaled.end(); ++it) {
            if (!it.key().startsWith(prefix)) continue;
            ++mine;
            if (it.value() != 1) qFatal("%s journaled %d times", qPrintable(it.key()), it.value());
            if (!acknowledged.contains(it.key()) && it.key() != prefix + u"late"_s)
                qInfo("%s journaled though not acknowledged (its answer was lost)",
                      qPrintable(it.key()));
            if (it.key() == prefix + u"late"_s) qFatal("the deposed writer's command is journaled");
        }
        for (const QString& id : acknowledged)
            if (!journaled.contains(id)) qFatal("%s was acknowledged but is lost", qPrintable(id));
        if (mine < acknowledged.size()) qFatal("acknowledged commands are missing");
        QSqlDatabase::removeDatabase(u"killer"_s);
        s->stop();
        w->kill();
        return tookOverMs;
    }

    Http http_;
    QJsonObject health(const Houbud& h) { return http_.get(h.url(u"/health"_s)).json(); }
    qint64 applied(const Houbud& f) {
        return health(f).value("follower"_L1).toObject().value("applied"_L1).toInteger(-1);
    }
    QByteArray get(const Houbud& h, const QString& path) {
        const Response r = http_.get(h.url(u"/api/v1"_s + path), viewer_);
        return r.status == 200 ? r.body : QByteArray::number(r.status) + ' ' + r.body;
    }
    Response post(const Houbud& h, const QList<QByteArray>& lines) {
        return http_.post(h.url(u"/api/v1/commands"_s), dispatcher_, lines.join('\n'));
    }
    // Every event from `after` on, page by page (JSON objects).
    QJsonArray allEvents(const Houbud& h, qint64 after = 0) {
        QJsonArray all;
        for (;;) {
            const QJsonObject page =
                http_.get(h.url(u"/api/v1/events?after=%1"_s.arg(after)), viewer_).json();
            const QJsonArray events = page.value("events"_L1).toArray();
            if (events.isEmpty()) return all;
            for (const QJsonValue& e : events)
                all.append(e);
            after = page.value("next_after"_L1).toInteger();
        }
    }
    // The events of a fresh replay of `lines` (houbu-cli run).
    QJsonArray replay(const QList<QByteArray>& lines) {
        QFile day(tmp_.filePath(u"day.jsonl"_s));
        if (!day.open(QIODevice::WriteOnly | QIODevice::Truncate)) return {};
        day.write(lines.join('\n') + '\n');
        day.close();
        QProcess run;
        run.start(QStringLiteral(HOUBU_CLI_PATH), {u"run"_s, day.fileName()});
        run.waitForFinished(60000);
        QJsonArray events;
        for (const QByteArray& line : run.readAllStandardOutput().split('\n'))
            if (!line.isEmpty()) events.append(QJsonDocument::fromJson(line).object());
        return events;
    }
    // The runs the writer knows, as train and date.
    QList<std::pair<QString, QString>> runs(const Houbud& h) {
        QList<std::pair<QString, QString>> list;
        const QJsonArray a =
            QJsonDocument::fromJson(get(h, u"/snapshot"_s)).object().value("runs"_L1).toArray();
        for (const QJsonValue& v : a)
            list.append({v.toObject().value("train"_L1).toString(),
                         v.toObject().value("date"_L1).toString()});
        return list;
    }

  private slots:
    void initTestCase() {
        QVERIFY(tmp_.isValid());
        QString error;
        freshPostgresDatabase(u"houbu_follow"_s, url_, error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        if (url_.isEmpty()) QSKIP("no PostgreSQL server: run through ctest (tst_follower)");
        tokens_ = tmp_.filePath(u"houbud.tokens"_s);
        const QStringList t{u"--tokens"_s, tokens_};
        dispatcher_ = houbudToken(QStringList{u"add"_s, u"--role"_s, u"dispatcher"_s} + t);
        viewer_ = houbudToken(QStringList{u"add"_s, u"--role"_s, u"viewer"_s} + t);
        QVERIFY(dispatcher_.startsWith("hb_") && viewer_.startsWith("hb_"));
        QProcess gen;
        gen.start(QStringLiteral(HOUBU_CLI_PATH),
                  {u"gen"_s, u"--seed"_s, u"11"_s, u"--runs"_s, u"2"_s, u"--seats"_s, u"100"_s,
                   u"--orders"_s, u"300"_s});
        QVERIFY(gen.waitForFinished(60000));
        for (const QByteArray& line : gen.readAllStandardOutput().split('\n'))
            if (!line.isEmpty() && !line.startsWith('#')) workload_.append(line);
        QVERIFY(workload_.size() > 2000);
    }

    // Nothing to follow before a writer made the store: said so, nothing made.
    void noStoreYet() {
        auto f = follower();
        QVERIFY(!f->start());
        QVERIFY2(f->log.contains("start its writer first"), f->log.constData());
    }

    // After every batch the writer commits, the follower shows the same state
    // (every run's seats, queues and summaries) once it applied the batch; at
    // the end its events are those of a fresh replay of the same commands.
    void followsBatchByBatch() {
        auto w = writer();
        QVERIFY2(w->start(), w->log.constData());
        auto f = follower();
        QVERIFY2(f->start(), f->log.constData());
        QCOMPARE(health(*f).value("role"_L1).toString(), u"follower"_s);
        QCOMPARE(health(*w).value("role"_L1).toString(), u"writer"_s);
        constexpr qsizetype kBatch = 250;
        for (qsizetype at = 0; at < workload_.size(); at += kBatch) {
            const Response r = post(*w, workload_.mid(at, kBatch));
            QCOMPARE(r.status, 200);
            const qint64 journal = health(*w).value("journal_length"_L1).toInteger();
            QTRY_COMPARE_WITH_TIMEOUT(applied(*f), journal, 20000);
            QCOMPARE(health(*f).value("last_seq"_L1), health(*w).value("last_seq"_L1));
            for (const auto& [train, date] : runs(*w)) {
                const QString run = u"train=%1&date=%2"_s.arg(train, date);
                QCOMPARE(get(*f, u"/snapshot?"_s + run), get(*w, u"/snapshot?"_s + run));
                QCOMPARE(get(*f, u"/runs/%1/%2/seats"_s.arg(train, date)),
                         get(*w, u"/runs/%1/%2/seats"_s.arg(train, date)));
            }
            // Its events so far are a fresh replay's of the commands so far.
            const QJsonArray followed = allEvents(*f);
            const QJsonArray replayed = replay(workload_.mid(0, at + kBatch));
            QCOMPARE(followed.size(), replayed.size());
            QVERIFY(followed == replayed);
        }
        const QJsonObject lag = health(*f).value("follower"_L1).toObject();
        QCOMPARE(lag.value("behind"_L1).toInteger(), 0);
        QVERIFY(lag.value("last_delay_ms"_L1).toInteger() >= 0);
        QVERIFY(lag.value("leader"_L1).toString().startsWith(u"http://127.0.0.1:"_s));

        QCOMPARE(f->stop(), 0);
        QCOMPARE(w->stop(), 0);
    }

    // Commands sent to a follower go to the writer: 307 with its address,
    // after the token's role was checked; a precheck (a read) is answered.
    void commandsGoToTheWriter() {
        auto w = writer();
        QVERIFY2(w->start(), w->log.constData());
        auto f = follower();
        QVERIFY2(f->start(), f->log.constData());
        const QString leader = u"http://127.0.0.1:%1"_s.arg(w->port);
        QTRY_COMPARE_WITH_TIMEOUT(
            health(*f).value("follower"_L1).toObject().value("leader"_L1).toString(), leader,
            10000);
        const qint64 before = health(*w).value("journal_length"_L1).toInteger();
        const QByteArray refund = R"({"op":"refund","ticket":"nobody.1"})";
        QNetworkRequest probe(f->url(u"/api/v1/commands"_s));
        probe.setRawHeader("Authorization", "Bearer " + dispatcher_);
        probe.setRawHeader("Content-Type", "application/x-ndjson");
        probe.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                           QNetworkRequest::ManualRedirectPolicy);
        QNetworkReply* reply = http_.manager.post(probe, refund);
        QTRY_VERIFY_WITH_TIMEOUT(reply->isFinished(), 20000);
        QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 307);
        QCOMPARE(reply->rawHeader("Location"), (leader + u"/api/v1/commands"_s).toUtf8());
        QCOMPARE(QJsonDocument::fromJson(reply->readAll()).object().value("leader"_L1).toString(),
                 leader);
        reply->deleteLater();
        QCOMPARE(health(*w).value("journal_length"_L1).toInteger(), before);
        // A viewer may not send commands anywhere: refused before any redirect.
        QCOMPARE(http_.post(f->url(u"/api/v1/commands"_s), viewer_, refund).status, 403);
        // Qt's default policy follows a 307 with the same method, body and
        // token: the command is journaled once, by the writer.
        const Response r = post(*f, {refund});
        QCOMPARE(r.status, 200);
        QCOMPARE(health(*w).value("journal_length"_L1).toInteger(), before + 1);
        // A precheck is a read: the follower answers it itself.
        QCOMPARE(http_.post(f->url(u"/api/v1/precheck"_s), dispatcher_, refund, "application/json")
                     .status,
                 200);
        QCOMPARE(f->stop(), 0);
        QCOMPARE(w->stop(), 0);
    }

    // A read carrying `after` waits until the follower applied that event:
    // the client reads its own write; one the store never reaches is refused
    // after the wait.
    void readYourWrites() {
        auto w = writer();
        QVERIFY2(w->start(), w->log.constData());
        auto f = follower();
        QVERIFY2(f->start(), f->log.constData());
        const auto [train, date] = runs(*w).first();
        const QString run = u"train=%1&date=%2"_s.arg(train, date);
        for (int i = 0; i < 5; ++i) {
            const QByteArray block =
                u"{\"op\":\"block\",\"id\":\"ryw%1\",\"train\":\"%2\","
                u"\"date\":\"%3\",\"class\":\"二等座\",\"count\":1}"_s.arg(i)
                    .arg(train, date)
                    .toUtf8();
            const Response r = post(*w, {block});
            QCOMPARE(r.status, 200);
            const qint64 seq =
                r.json().value("events"_L1).toArray().last().toObject().value("seq"_L1).toInteger();
            QVERIFY(seq > 0);
            QCOMPARE(get(*f, u"/snapshot?%1&after=%2"_s.arg(run).arg(seq)),
                     get(*w, u"/snapshot?"_s + run));
        }
        const qint64 last = health(*w).value("last_seq"_L1).toInteger();
        QElapsedTimer waited;
        waited.start();
        const Response late =
            http_.get(f->url(u"/api/v1/snapshot?%1&after=%2"_s.arg(run).arg(last + 100)), viewer_);
        QCOMPARE(late.status, 503);
        QVERIFY(waited.elapsed() >= 4000);  // the wait is 5 s
        QVERIFY2(late.json().value("message"_L1).toString().contains(u"not applied here yet"_s),
                 late.body.constData());
        QCOMPARE(http_.get(f->url(u"/api/v1/snapshot?after=x"_s), viewer_).status, 400);
        QCOMPARE(f->stop(), 0);
        QCOMPARE(w->stop(), 0);
    }

    // The stream of a follower: the history from a seq, then events as the
    // writer commits them, in order and once.
    void streamFollowsTheWriter() {
        auto w = writer();
        QVERIFY2(w->start(), w->log.constData());
        auto f = follower();
        QVERIFY2(f->start(), f->log.constData());
        const qint64 start = health(*f).value("last_seq"_L1).toInteger();
        QVERIFY(start > 100);
        QList<qint64> seqs;
        QWebSocket ws;
        QObject::connect(&ws, &QWebSocket::textMessageReceived, &ws, [&](const QString& text) {
            const QList<QByteArray> lines = text.toUtf8().split('\n');
            if (QJsonDocument::fromJson(lines[0]).object().value("type"_L1) != "events"_L1) return;
            for (qsizetype i = 1; i < lines.size(); ++i)
                seqs << QJsonDocument::fromJson(lines[i]).object().value("seq"_L1).toInteger();
        });
        QObject::connect(&ws, &QWebSocket::connected, &ws, [&] {
            ws.sendTextMessage(QString::fromUtf8(
                QJsonDocument(QJsonObject{{"token"_L1, QString::fromUtf8(viewer_)},
                                          {"after"_L1, start - 100}})
                    .toJson(QJsonDocument::Compact)));
        });
        ws.open(QUrl(u"ws://127.0.0.1:%1/api/v1/stream"_s.arg(f->port)));
        QTRY_COMPARE_WITH_TIMEOUT(seqs.size(), 100, 20000);
        const auto [train, date] = runs(*w).first();
        const QByteArray block =
            u"{\"op\":\"block\",\"id\":\"stream1\",\"train\":\"%1\",\"date\":"
            u"\"%2\",\"class\":\"二等座\",\"count\":1}"_s.arg(train, date)
                .toUtf8();
        QCOMPARE(post(*w, {block}).status, 200);
        const qint64 last = health(*w).value("last_seq"_L1).toInteger();
        QTRY_COMPARE_WITH_TIMEOUT(seqs.last(), last, 20000);
        for (qsizetype i = 0; i < seqs.size(); ++i)
            QCOMPARE(seqs[i], start - 100 + 1 + i);
        ws.close();
        QCOMPARE(f->stop(), 0);
        QCOMPARE(w->stop(), 0);
    }

    // The console connected to a follower: it reads there, and the command
    // it sends reaches the writer by the redirect; its events come back
    // through the follower's stream.
    void consoleSendsThroughAFollower() {
        auto w = writer();
        QVERIFY2(w->start(), w->log.constData());
        auto f = follower();
        QVERIFY2(f->start(), f->log.constData());
        ConsoleOn console({f.get()}, dispatcher_);
        QTRY_COMPARE_WITH_TIMEOUT(console.opened.size(), 1, 20000);
        QVERIFY(console.opened[0][0].toBool());
        const qint64 before = health(*w).value("journal_length"_L1).toInteger();
        QCOMPARE(post(*w, {kFailoverTrain.toByteArray()}).status, 200);
        console.remote.submit(blockLine(u"console1"_s));
        QTRY_COMPARE_WITH_TIMEOUT(console.answered.size(), 1, 20000);
        QVERIFY2(console.answered[0][2].toString().isEmpty(),
                 qPrintable(console.answered[0][2].toString()));
        const qint64 last = console.lastOfAnswer(0);
        QVERIFY(last > 0);
        QCOMPARE(health(*w).value("journal_length"_L1).toInteger(), before + 2);
        QTRY_VERIFY_WITH_TIMEOUT(console.seqs.contains(last), 20000);
        console.remote.close();
        QCOMPARE(f->stop(), 0);
        QCOMPARE(w->stop(), 0);
    }

    // A standby takes over when its writer is killed, stopped or cut off
    // from the database; nothing acknowledged is lost or doubled, and the
    // deposed writer cannot write when it comes back.
    void failoverKeepsEveryAcknowledgedCommand_data() {
        QTest::addColumn<QString>("how");
        QTest::newRow("SIGKILL") << u"kill"_s;
        QTest::newRow("SIGSTOP") << u"stop"_s;
        QTest::newRow("session ended") << u"session"_s;
    }
    void failoverKeepsEveryAcknowledgedCommand() {
        QFETCH(QString, how);
        const qint64 ms = failover(how, u"fo-"_s + how + u'-');
        QVERIFY(ms >= 0);
        qInfo("took over %lld ms after the fault", static_cast<long long>(ms));
    }

    // Queries sent as commands (position, availability, seatmap, forecast)
    // are reads: a follower answers them from its engine, not journaled.
    void queriesAnsweredByTheFollower() {
        auto w = writer();
        QVERIFY2(w->start(), w->log.constData());
        auto f = follower();
        QVERIFY2(f->start(), f->log.constData());
        QCOMPARE(post(*w, {kFailoverTrain.toByteArray()}).status, 200);
        const QByteArray availability =
            R"({"op":"availability","train":"FO1","date":"2024-02-08","from":"A","to":"B","class":"二等座"})";
        const QByteArray seatmap = R"({"op":"seatmap","train":"FO1","date":"2024-02-08"})";
        const qint64 journal = health(*w).value("journal_length"_L1).toInteger();
        QTRY_COMPARE_WITH_TIMEOUT(applied(*f), journal, 20000);
        const Response r = http_.send("POST", f->url(u"/api/v1/commands"_s), dispatcher_,
                                      availability + '\n' + seatmap, "application/x-ndjson");
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json().value("journaled"_L1).toBool(true), false);
        const QJsonArray events = r.json().value("events"_L1).toArray();
        QCOMPARE(events.size(), 2);
        QCOMPARE(events[0].toObject().value("event"_L1).toString(), u"availability"_s);
        QCOMPARE(events[1].toObject().value("event"_L1).toString(), u"seatmap"_s);
        QCOMPARE(health(*w).value("journal_length"_L1).toInteger(), journal);
        QCOMPARE(f->stop(), 0);
        QCOMPARE(w->stop(), 0);
    }

    // The console's session given the writer and a standby: when the writer
    // is killed, it resumes on the standby after the last event it saw (no
    // gap, no repeat), and its next command, sent while the standby takes
    // over, is applied once by the new writer.
    void consoleSurvivesFailover() {
        auto w = writer();
        QVERIFY2(w->start(), w->log.constData());
        auto s = standby();
        QVERIFY2(s->start(), s->log.constData());
        ConsoleOn console({w.get(), s.get()}, dispatcher_);
        houbu::RemoteSession& remote = console.remote;
        QTRY_COMPARE_WITH_TIMEOUT(console.opened.size(), 1, 20000);
        QVERIFY(console.opened[0][0].toBool());
        // Who writes and who follows, as the console shows it.
        QTRY_VERIFY_WITH_TIMEOUT(remote.memberStates().size() == 2 &&
                                     remote.memberStates()[0].role == u"writer"_s &&
                                     remote.memberStates()[1].role == u"follower"_s,
                                 20000);
        QTRY_COMPARE_WITH_TIMEOUT(remote.memberStates()[1].leader,
                                  u"http://127.0.0.1:%1"_s.arg(w->port), 20000);
        QCOMPARE(post(*w, {kFailoverTrain.toByteArray()}).status, 200);
        remote.submit(blockLine(u"cf-1"_s));
        QTRY_COMPARE_WITH_TIMEOUT(console.answered.size(), 1, 20000);
        QVERIFY2(console.answered[0][2].toString().isEmpty(),
                 qPrintable(console.answered[0][2].toString()));
        const qint64 before = console.lastOfAnswer(0);
        QTRY_VERIFY_WITH_TIMEOUT(!console.seqs.isEmpty() && console.seqs.last() == before, 20000);
        w->kill();
        remote.submit(blockLine(u"cf-2"_s));
        QTRY_COMPARE_WITH_TIMEOUT(console.answered.size(), 2, 30000);
        QVERIFY2(console.answered[1][2].toString().isEmpty(),
                 qPrintable(console.answered[1][2].toString()));
        const qint64 after = console.lastOfAnswer(1);
        QVERIFY(after > before);
        QTRY_VERIFY_WITH_TIMEOUT(!console.seqs.isEmpty() && console.seqs.last() == after, 30000);
        for (qsizetype i = 1; i < console.seqs.size(); ++i)
            QCOMPARE(console.seqs[i], console.seqs[i - 1] + 1);
        QCOMPARE(remote.server(), QUrl(u"http://127.0.0.1:%1"_s.arg(s->port)));
        QTRY_VERIFY_WITH_TIMEOUT(
            !remote.memberStates()[0].answered && remote.memberStates()[1].role == u"writer"_s,
            20000);
        const QMap<QString, int> journaled = blocksJournaled(*s);
        QCOMPARE(journaled.value(u"cf-1"_s), 1);
        QCOMPARE(journaled.value(u"cf-2"_s), 1);
        remote.close();
        QCOMPARE(s->stop(), 0);
    }

    // The console window on a writer and its standby (offscreen): the
    // writer killed, the window reconnects to the standby and its log goes
    // on from where it was, no event missing or shown twice; its tooltip
    // says who writes.
    void consoleWindowSurvivesFailover() {
        auto w = writer();
        QVERIFY2(w->start(), w->log.constData());
        auto s = standby();
        QVERIFY2(s->start(), s->log.constData());
        houbu::MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.openRemote(QList<QUrl>{QUrl(u"http://127.0.0.1:%1"_s.arg(w->port)),
                                      QUrl(u"http://127.0.0.1:%1"_s.arg(s->port))},
                          dispatcher_);
        QTRY_COMPARE_WITH_TIMEOUT(window.connectionIndicator()->kind(),
                                  houbu::ConnectionIndicator::Kind::Connected, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(window.connectionIndicator()->toolTip().contains(
                                     u"127.0.0.1:%1: writer"_s.arg(w->port)),
                                 20000);
        QCOMPARE(post(*w, {kFailoverTrain.toByteArray(), blockLine(u"win-1"_s)}).status, 200);
        const qint64 before = health(*w).value("last_seq"_L1).toInteger();
        QTRY_COMPARE_WITH_TIMEOUT(window.lastSeq(), before, 20000);
        w->kill();
        // The standby takes over; the next command goes to it.
        int status = 0;
        for (int i = 0; i < 200 && status != 200; ++i) {
            status = sendKeyed(*s, u"win-2"_s);
            if (status != 200) QTest::qWait(50);
        }
        QCOMPARE(status, 200);
        const qint64 after = health(*s).value("last_seq"_L1).toInteger();
        QVERIFY(after > before);
        QTRY_COMPARE_WITH_TIMEOUT(window.lastSeq(), after, 30000);
        QTRY_COMPARE_WITH_TIMEOUT(window.connectionIndicator()->kind(),
                                  houbu::ConnectionIndicator::Kind::Connected, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(window.connectionIndicator()->toolTip().contains(
                                     u"127.0.0.1:%1: writer"_s.arg(s->port)),
                                 20000);
        // The log: every event from its first row on, once, in order.
        const houbu::EventLogModel* log = window.logModel();
        QVERIFY(log->rowCount() > 0);
        const qint64 first = log->at(0).seq;
        for (int r = 0; r < log->rowCount(); ++r)
            QCOMPARE(log->at(r).seq, first + r);
        QCOMPARE(log->at(log->rowCount() - 1).seq, after);
        window.close();
        QCOMPARE(s->stop(), 0);
    }

    // A writer stopped, taken over, and back after its successor wrote and
    // died: it may write again (the lock is free), but only on top of the
    // rows journaled meanwhile: the group it held fails, the store is read
    // again, and the journal stays whole.
    void writerBackAfterAnotherWroteIsFenced() {
        auto w = writer();
        QVERIFY2(w->start(), w->log.constData());
        auto s = standby();
        QVERIFY2(s->start(), s->log.constData());
        QCOMPARE(post(*w, {kFailoverTrain.toByteArray()}).status, 200);
        const auto pid = static_cast<pid_t>(w->process.processId());
        ::kill(pid, SIGSTOP);
        int status = 0;
        for (int i = 0; i < 400 && status != 200; ++i) {
            status = sendKeyed(*s, u"fence-1"_s);
            if (status != 200) QTest::qWait(50);
        }
        QCOMPARE(status, 200);  // the standby writes
        QCOMPARE(sendKeyed(*s, u"fence-2"_s), 200);
        const qint64 written = health(*s).value("last_seq"_L1).toInteger();
        s->kill();
        ::kill(pid, SIGCONT);
        // The old writer: refused at most while it finds out, then it writes
        // after the standby's rows.
        status = 0;
        for (int i = 0; i < 200 && status != 200; ++i) {
            status = sendKeyed(*w, u"fence-3"_s);
            if (status != 200) QTest::qWait(50);
        }
        QCOMPARE(status, 200);
        QVERIFY(health(*w).value("last_seq"_L1).toInteger() > written);
        const QMap<QString, int> journaled = blocksJournaled(*w);
        for (const QString& id : {u"fence-1"_s, u"fence-2"_s, u"fence-3"_s})
            QCOMPARE(journaled.value(id), 1);
        QCOMPARE(w->stop(), 0);
        QProcess verify;
        verify.start(QStringLiteral(HOUBU_CLI_PATH), {u"verify"_s, u"--db"_s, url_});
        QVERIFY(verify.waitForFinished(120000));
        QVERIFY2(verify.exitCode() == 0, verify.readAllStandardOutput().constData());
    }

    // With no writer, the follower still reads, says no one leads, and asks
    // senders to come back; a writer started again (elsewhere) is found.
    void writerGoneAndBack() {
        auto w = writer();
        QVERIFY2(w->start(), w->log.constData());
        auto f = follower();
        QVERIFY2(f->start(), f->log.constData());
        const QByteArray snapshot = get(*f, u"/snapshot"_s);
        QCOMPARE(w->stop(), 0);
        QTRY_VERIFY_WITH_TIMEOUT(
            health(*f).value("follower"_L1).toObject().value("leader"_L1).isNull(), 10000);
        const Response r = post(*f, {R"({"op":"refund","ticket":"nobody.1"})"});
        QCOMPARE(r.status, 503);
        QCOMPARE(r.retryAfter, QByteArray("1"));
        QCOMPARE(get(*f, u"/snapshot"_s), snapshot);
        auto again = writer();
        QVERIFY2(again->start(), again->log.constData());
        QTRY_COMPARE_WITH_TIMEOUT(
            health(*f).value("follower"_L1).toObject().value("leader"_L1).toString(),
            u"http://127.0.0.1:%1"_s.arg(again->port), 10000);
        QCOMPARE(f->stop(), 0);
        QCOMPARE(again->stop(), 0);
    }
};

QTEST_MAIN(TestFollower)
#include "tst_follower.moc"
