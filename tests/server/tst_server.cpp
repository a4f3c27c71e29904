// houbud as a real process on loopback: tokens and roles, the command and read
// endpoints, limits, TLS, the event stream with resume, and a clean SIGTERM.

#include <QDir>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QProcess>
#include <QSet>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSslCertificate>
#include <QSslSocket>
#include <QStandardPaths>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QWebSocket>

#include "houbud_fixture.h"

using namespace Qt::StringLiterals;
using namespace houbu::test;

namespace {

const QByteArray kTrain =
    R"({"op":"train","at":"2024-01-05T09:00","train":"G1","date":"2024-01-20","stops":[{"station":"A","km":0,"dep":"08:00"},{"station":"B","km":100,"arr":"08:40","dep":"08:42"},{"station":"C","km":200,"arr":"09:30"}],"cars":[{"car":1,"class":"二等座","rows":20,"layout":"ABCDF"}]})";

QByteArray sell(const QString& id) {
    return u"{\"op\":\"sell\",\"id\":\"%1\",\"train\":\"G1\",\"date\":\"2024-01-20\",\"from\":"
           u"\"A\","
           u"\"to\":\"C\",\"class\":\"二等座\",\"passengers\":[\"%1\"]}"_s.arg(id)
               .toUtf8();
}
QByteArray refund(const QString& id) {
    return u"{\"op\":\"refund\",\"id\":\"%1\"}"_s.arg(id).toUtf8();
}

QJsonArray events(const Response& r) {
    return r.json().value("events"_L1).toArray();
}

// Collects the events a stream client receives.
struct Stream {
    QWebSocket socket;
    QList<qint64> seqs;
    QJsonObject hello;
    QJsonObject error;
    explicit Stream(const QUrl& url, const QByteArray& token, qint64 after,
                    const QSslConfiguration* ssl = nullptr) {
        QObject::connect(&socket, &QWebSocket::textMessageReceived, &socket,
                         [this](const QString& text) {
                             const QList<QByteArray> lines = text.toUtf8().split('\n');
                             const QJsonObject m = QJsonDocument::fromJson(lines[0]).object();
                             const QString type = m.value("type"_L1).toString();
                             if (type == "hello"_L1) hello = m;
                             if (type == "error"_L1) error = m;
                             if (type == "events"_L1)
                                 for (qsizetype i = 1; i < lines.size(); ++i)
                                     seqs << QJsonDocument::fromJson(lines[i])
                                                 .object()
                                                 .value("seq"_L1)
                                                 .toInteger();
                         });
        QObject::connect(&socket, &QWebSocket::connected, &socket, [this, token, after] {
            socket.sendTextMessage(
                QString::fromUtf8(QJsonDocument(QJsonObject{{"token"_L1, QString::fromUtf8(token)},
                                                            {"after"_L1, after}})
                                      .toJson(QJsonDocument::Compact)));
        });
        if (ssl) socket.setSslConfiguration(*ssl);
        socket.open(url);
    }
};

}  // namespace

class TestServer : public QObject {
    Q_OBJECT

    QTemporaryDir tmp_;
    QString tokens_;
    QByteArray dispatcher_, viewer_, admin_, revoked_;
    QList<QByteArray> allTokens_;
    std::unique_ptr<Houbud> server_;
    Http http_;

    QUrl api(const QString& path) const { return server_->url(u"/api/v1"_s + path); }

    std::unique_ptr<Houbud> makeServer(const QString& store, const QStringList& extra = {}) {
        auto s = std::make_unique<Houbud>();
        s->dir = tmp_.path();
        // These cases send hundreds of refused requests from 127.0.0.1 on
        // purpose; the per-address refusal limit is tst_server_limits' case.
        s->args =
            QStringList{u"--store"_s, store, u"--tokens"_s, tokens_, u"--refusal-rate"_s, u"0"_s} +
            extra;
        return s;
    }

    // Checks that no token (nor its secret part) was ever written to a log.
    void expectNoSecretIn(const QByteArray& log) {
        for (const QByteArray& t : std::as_const(allTokens_)) {
            QVERIFY2(!log.contains(t), "a token appears in the log");
            QVERIFY2(!log.contains(t.mid(16)), "a token's secret appears in the log");
        }
    }

  private slots:
    void initTestCase() {
        QVERIFY(tmp_.isValid());
        tokens_ = tmp_.filePath(u"houbud.tokens"_s);
        const QStringList t{u"--tokens"_s, tokens_};
        dispatcher_ = houbudToken(
            QStringList{u"add"_s, u"--role"_s, u"dispatcher"_s, u"--name"_s, u"desk"_s} + t);
        viewer_ = houbudToken(QStringList{u"add"_s, u"--role"_s, u"viewer"_s} + t);
        admin_ = houbudToken(QStringList{u"add"_s, u"--role"_s, u"admin"_s} + t);
        revoked_ = houbudToken(
            QStringList{u"add"_s, u"--role"_s, u"dispatcher"_s, u"--name"_s, u"leaving"_s} + t);
        allTokens_ = {dispatcher_, viewer_, admin_, revoked_};
        for (const QByteArray& token : std::as_const(allTokens_))
            QVERIFY2(token.startsWith("hb_") && token.size() > 40, token.constData());
        // Only hashes are stored.
        QFile f(tokens_);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray file = f.readAll();
        for (const QByteArray& token : std::as_const(allTokens_))
            QVERIFY(!file.contains(token.mid(16)));
        QCOMPARE(QFileInfo(tokens_).permissions() & (QFile::ReadOther | QFile::ReadGroup),
                 QFile::Permissions());

        server_ = makeServer(tmp_.filePath(u"main.db"_s), {u"--max-body"_s, u"65536"_s});
        QVERIFY2(server_->start(), server_->log.constData());
    }

    void health() {
        const Response r = http_.get(server_->url(u"/health"_s));
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json().value("status"_L1).toString(), u"ok"_s);
    }

    void refusals_data() {
        QTest::addColumn<QByteArray>("verb");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QByteArray>("token");
        QTest::addColumn<int>("status");
        QTest::newRow("no token") << QByteArray("GET") << u"/runs"_s << QByteArray() << 401;
        QTest::newRow("wrong token")
            << QByteArray("GET") << u"/runs"_s << QByteArray("hb_000000000000_nope") << 401;
        QTest::newRow("garbage token") << QByteArray("GET") << u"/runs"_s << QByteArray("x") << 401;
        QTest::newRow("viewer posts") << QByteArray("POST") << u"/commands"_s << viewer_ << 403;
        QTest::newRow("dispatcher lists tokens")
            << QByteArray("GET") << u"/tokens"_s << dispatcher_ << 403;
        QTest::newRow("unknown endpoint") << QByteArray("GET") << u"/nothing"_s << viewer_ << 404;
        QTest::newRow("unknown run")
            << QByteArray("GET") << u"/runs/Z9/2024-01-01"_s << viewer_ << 404;
        QTest::newRow("bad after") << QByteArray("GET") << u"/events?after=x"_s << viewer_ << 400;
    }
    void refusals() {
        QFETCH(QByteArray, verb);
        QFETCH(QString, path);
        QFETCH(QByteArray, token);
        QFETCH(int, status);
        const Response r = http_.send(verb, QUrl(api(path).toString()), token,
                                      verb == "POST" ? kTrain : QByteArray());
        QCOMPARE(r.status, status);
        // Every refusal is a JSON error with a message.
        QVERIFY(r.contentType.startsWith("application/json"));
        QCOMPARE(r.json().value("status"_L1).toInt(), status);
        QVERIFY(!r.json().value("message"_L1).toString().isEmpty());
    }

    void rolesRead() {
        QCOMPARE(http_.get(api(u"/whoami"_s), viewer_).json().value("role"_L1).toString(),
                 u"viewer"_s);
        QCOMPARE(http_.get(api(u"/whoami"_s), dispatcher_).json().value("role"_L1).toString(),
                 u"dispatcher"_s);
        const Response list = http_.get(api(u"/tokens"_s), admin_);
        QCOMPARE(list.status, 200);
        QCOMPARE(list.json().value("tokens"_L1).toArray().size(), 4);
        QVERIFY(!list.body.contains("pbkdf2"));
    }

    // Version 2's configure and waitlist_cap change what every client may do:
    // a viewer is refused them, a dispatcher's are journaled and answered.
    void limitsAndCapsAreDispatchers() {
        const QByteArray configure = R"({"op":"configure","limits":{"passengers":9}})";
        Response r = http_.post(api(u"/commands"_s), viewer_, configure);
        QCOMPARE(r.status, 403);
        r = http_.post(api(u"/commands"_s), dispatcher_, configure);
        QCOMPARE(r.status, 200);
        QJsonArray ev = events(r);
        QCOMPARE(ev.size(), 1);
        QCOMPARE(ev[0].toObject().value("event"_L1).toString(), u"configured"_s);
        QCOMPARE(ev[0].toObject().value("limits"_L1).toObject().value("passengers"_L1).toInt(), 9);
        // Back to version 1's limits for the tests after this one.
        r = http_.post(api(u"/commands"_s), dispatcher_,
                       R"({"op":"configure","limits":{"passengers":5}})");
        QCOMPARE(r.status, 200);
        const QByteArray cap =
            R"({"op":"waitlist_cap","train":"NOPE","date":"2024-01-20","class":"second","cap":0})";
        QCOMPARE(http_.post(api(u"/commands"_s), viewer_, cap).status, 403);
        r = http_.post(api(u"/commands"_s), dispatcher_, cap);
        QCOMPARE(r.status, 200);
        QCOMPARE(events(r)[0].toObject().value("code"_L1).toString(), u"unknown_train"_s);
    }

    void commands() {
        // JSON Lines: one event per command here, in order, after commit.
        Response r = http_.post(api(u"/commands"_s), dispatcher_,
                                kTrain + "\n\n# a comment\n" + sell(u"s1"_s) + '\n');
        QCOMPARE(r.status, 200);
        QJsonArray ev = events(r);
        QCOMPARE(ev.size(), 2);
        QCOMPARE(ev[0].toObject().value("event"_L1).toString(), u"train_defined"_s);
        QCOMPARE(ev[1].toObject().value("event"_L1).toString(), u"ticket_held"_s);
        const QJsonArray journal = r.json().value("journal"_L1).toArray();
        QCOMPARE(journal.size(), 2);
        QCOMPARE(journal[1].toInteger() - journal[0].toInteger(), 1);

        // A JSON array, answered as JSON Lines when asked.
        QNetworkRequest req(api(u"/commands"_s));
        r = http_.post(api(u"/commands"_s), dispatcher_,
                       "[" + refund(u"s1"_s) + "," + sell(u"s2"_s) + "]", "application/json");
        QCOMPARE(r.status, 200);
        QCOMPARE(events(r).size(), 3);  // ticket_refunded, seat_released, ticket_held

        // A malformed command line is the engine's bad_command event, journaled.
        r = http_.post(api(u"/commands"_s), dispatcher_, "{\"op\":\"sell\",\n{oops\n");
        QCOMPARE(r.status, 200);
        ev = events(r);
        QCOMPARE(ev.size(), 2);
        for (const auto& e : ev)
            QCOMPARE(e.toObject().value("code"_L1).toString(), u"bad_command"_s);

        // A malformed request is refused whole.
        r = http_.post(api(u"/commands"_s), dispatcher_, "[{\"op\":\"advance\"",
                       "application/json");
        QCOMPARE(r.status, 400);
        QVERIFY(r.json().value("message"_L1).toString().contains(u"JSON array"_s));
        r = http_.post(api(u"/commands"_s), dispatcher_, "[1, 2]", "application/json");
        QCOMPARE(r.status, 400);
        r = http_.post(api(u"/commands"_s), dispatcher_, "\n\n");
        QCOMPARE(r.status, 400);
    }

    // A request resent with the same Idempotency-Key (its answer was lost) is
    // answered with what the first sending did, and not applied again.
    void resendIsAnsweredDuplicate() {
        const Http::Headers key{{"Idempotency-Key", "resend-1"}};
        const QByteArray body = sell(u"r1"_s) + '\n' + refund(u"r1"_s) + '\n';
        Response first =
            http_.post(api(u"/commands"_s), dispatcher_, body, "application/x-ndjson", key);
        QCOMPARE(first.status, 200);
        QVERIFY(first.replayed.isEmpty());
        QVERIFY(!first.json().contains("duplicate"_L1));
        const qint64 length =
            http_.get(server_->url(u"/health"_s)).json().value("journal_length"_L1).toInteger();
        Response again =
            http_.post(api(u"/commands"_s), dispatcher_, body, "application/x-ndjson", key);
        QCOMPARE(again.status, 200);
        QCOMPARE(again.replayed, QByteArray("true"));
        QVERIFY(again.json().value("duplicate"_L1).toBool());
        QCOMPARE(again.json().value("journal"_L1), first.json().value("journal"_L1));
        QCOMPARE(events(again), events(first));
        QCOMPARE(
            http_.get(server_->url(u"/health"_s)).json().value("journal_length"_L1).toInteger(),
            length);

        // Keys belong to a token: another token's same key is another request.
        Response other =
            http_.post(api(u"/commands"_s), admin_, sell(u"r2"_s), "application/x-ndjson", key);
        QCOMPARE(other.status, 200);
        QVERIFY(!other.json().contains("duplicate"_L1));
        QCOMPARE(
            http_.get(server_->url(u"/health"_s)).json().value("journal_length"_L1).toInteger(),
            length + 1);

        // Sent twice at once: applied once, the other answered as a resend.
        const Http::Headers twice{{"Idempotency-Key", "twice"}};
        QList<QNetworkReply*> replies;
        for (int i = 0; i < 2; ++i) {
            QNetworkRequest request(api(u"/commands"_s));
            request.setSslConfiguration(http_.ssl);
            request.setRawHeader("Authorization", "Bearer " + dispatcher_);
            request.setRawHeader("Content-Type", "application/x-ndjson");
            request.setRawHeader("Idempotency-Key", "twice");
            replies << http_.manager.post(request, sell(u"r3"_s) + '\n');
        }
        QTRY_VERIFY_WITH_TIMEOUT(replies[0]->isFinished() && replies[1]->isFinished(), 30000);
        int duplicates = 0;
        for (QNetworkReply* reply : replies) {
            QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
            duplicates += reply->rawHeader("Idempotent-Replayed") == "true";
            reply->deleteLater();
        }
        QCOMPARE(duplicates, 1);
        QCOMPARE(
            http_.get(server_->url(u"/health"_s)).json().value("journal_length"_L1).toInteger(),
            length + 2);

        // A key that is not one is refused before anything is applied.
        Response bad = http_.post(api(u"/commands"_s), dispatcher_, sell(u"r4"_s),
                                  "application/x-ndjson", {{"Idempotency-Key", "two words"}});
        QCOMPARE(bad.status, 400);
        QVERIFY(bad.json().value("message"_L1).toString().contains(u"Idempotency-Key"_s));
    }

    void views() {
        Response r = http_.get(api(u"/runs"_s), viewer_);
        QCOMPARE(r.status, 200);
        const QJsonArray runs = QJsonDocument::fromJson(r.body).array();
        QCOMPARE(runs.size(), 1);
        QCOMPARE(runs[0].toObject().value("seats"_L1).toInt(), 100);
        r = http_.get(api(u"/runs/G1/2024-01-20/seats"_s), viewer_);
        QCOMPARE(r.status, 200);
        QCOMPARE(QJsonDocument::fromJson(r.body).array().size(), 100);
        r = http_.get(api(u"/snapshot?train=G1&date=2024-01-20"_s), viewer_);
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json().value("run"_L1).toObject().value("train"_L1).toString(), u"G1"_s);
        QVERIFY(r.json().value("last_seq"_L1).toInteger() >= 6);
    }

    void eventLog() {
        const qint64 last =
            http_.get(api(u"/whoami"_s), viewer_).json().value("last_seq"_L1).toInteger();
        QList<qint64> seqs;
        qint64 after = 0;
        // Pages of two, each starting right after the previous one.
        for (int i = 0; i < 100 && after < last; ++i) {
            const Response r = http_.get(api(u"/events?after=%1&limit=2"_s.arg(after)), viewer_);
            QCOMPARE(r.status, 200);
            for (const auto& e : events(r))
                seqs << e.toObject().value("seq"_L1).toInteger();
            after = r.json().value("next_after"_L1).toInteger();
        }
        QCOMPARE(seqs.size(), last);
        for (qsizetype i = 0; i < seqs.size(); ++i)
            QCOMPARE(seqs[i], i + 1);
    }

    // Admins also get the journal rows behind a page of events: who sent
    // each command, from where and when; others do not.
    void eventLogNamesAuthorsToAdmins() {
        const Response viewer = http_.get(api(u"/events?after=0&limit=50"_s), viewer_);
        QCOMPARE(viewer.status, 200);
        QVERIFY(!viewer.json().contains("journal"_L1));
        const Response r = http_.get(api(u"/events?after=1&limit=50"_s), admin_);
        QCOMPARE(r.status, 200);
        const QJsonArray evs = events(r);
        QVERIFY(evs.size() > 2);
        const QJsonArray rows = r.json().value("journal"_L1).toArray();
        QVERIFY(!rows.isEmpty());
        // Every event of the page lies in a listed row, and the rows are in order.
        for (const auto& e : evs) {
            const qint64 seq = e.toObject().value("seq"_L1).toInteger();
            bool covered = false;
            for (const auto& row : rows) {
                const QJsonObject o = row.toObject();
                const qint64 first = o.value("first_event"_L1).toInteger();
                covered |= seq >= first && seq < first + o.value("event_count"_L1).toInteger();
            }
            QVERIFY2(covered, qPrintable(u"event %1"_s.arg(seq)));
        }
        const QJsonObject first = rows.first().toObject();
        QVERIFY(first.value("first_event"_L1).toInteger() <= 2);
        const QJsonObject author = first.value("author"_L1).toObject();
        QCOMPARE(author.value("role"_L1).toString(), u"dispatcher"_s);
        QVERIFY(!author.value("name"_L1).toString().isEmpty());
        QCOMPARE(author.value("host"_L1).toString(), u"127.0.0.1"_s);
        const QDateTime at =
            QDateTime::fromString(first.value("journaled_at"_L1).toString(), Qt::ISODateWithMs);
        QVERIFY(at.isValid());
        QVERIFY(qAbs(at.secsTo(QDateTime::currentDateTimeUtc())) < 3600);
    }

    // One order's or one run's events, re-derived by the store: only theirs,
    // in order, paged with next_after; half a filter is refused.
    void eventsOfAnOrderAndARun() {
        // The run (again, when an earlier test defined it: an error event
        // then), a waitlist order on it, prepaid, and a sale.
        Response r = http_.post(
            api(u"/commands"_s), dispatcher_,
            kTrain + "\n" +
                R"({"op":"waitlist","id":"wf1","user":"u-f","passengers":["冯"],"from":"A","to":"C","options":[{"train":"G1","date":"2024-01-20","class":"二等座"}]})"
                "\n"
                R"({"op":"prepay","id":"wf1"})"
                "\n" +
                sell(u"sf2"_s));
        QCOMPARE(r.status, 200);
        r = http_.get(api(u"/events?train=G1&date=2024-01-20&limit=500"_s), viewer_);
        QCOMPARE(r.status, 200);
        const QJsonArray run = events(r);
        QVERIFY(run.size() > 2);
        QCOMPARE(run[0].toObject().value("event"_L1).toString(), u"train_defined"_s);
        qint64 previous = 0;
        for (const auto& e : run) {
            const qint64 seq = e.toObject().value("seq"_L1).toInteger();
            QVERIFY(seq > previous);
            previous = seq;
            const QString train = e.toObject().value("train"_L1).toString();
            QVERIFY(train.isEmpty() || train == u"G1"_s);
        }
        // The order: submitted and prepaid, its own events only.
        r = http_.get(api(u"/events?order=wf1"_s), viewer_);
        QCOMPARE(r.status, 200);
        const QJsonArray order = events(r);
        QVERIFY(order.size() >= 2);
        QCOMPARE(order[0].toObject().value("event"_L1).toString(), u"waitlist_submitted"_s);
        for (const auto& e : order)
            QCOMPARE(e.toObject().value("id"_L1).toString(), u"wf1"_s);
        // Paged one at a time, the same events.
        QJsonArray paged;
        qint64 after = 0;
        for (int guard = 0; guard < 1000; ++guard) {
            r = http_.get(api(u"/events?train=G1&date=2024-01-20&limit=1&after=%1"_s.arg(after)),
                          viewer_);
            QCOMPARE(r.status, 200);
            for (const auto& e : events(r))
                paged.append(e);
            const qint64 next = r.json().value("next_after"_L1).toInteger();
            if (next <= after) break;
            after = next;
        }
        QCOMPARE(paged, run);
        r = http_.get(api(u"/events?order=nobody"_s), viewer_);
        QCOMPARE(r.status, 200);
        QVERIFY(events(r).isEmpty());
        QCOMPARE(http_.get(api(u"/events?train=G1"_s), viewer_).status, 400);
        QCOMPARE(http_.get(api(u"/events?order=wf1&train=G1&date=2024-01-20"_s), viewer_).status,
                 400);
    }

    void oversize() {
        const QByteArray big(70000, ' ');
        const Response r = http_.post(api(u"/commands"_s), dispatcher_, kTrain + big);
        QCOMPARE(r.status, 413);
        QVERIFY(r.json().value("message"_L1).toString().contains(u"limit"_s));
    }

    // Raw HTTP on a real socket: what came back, and whether the server closed it.
    QByteArray exchange(const QByteArray& request, bool& closed) {
        QTcpSocket socket;
        socket.connectToHost(QHostAddress::LocalHost, server_->port);
        if (!socket.waitForConnected(5000)) return {};
        socket.write(request);
        QByteArray got;
        QElapsedTimer clock;
        clock.start();
        closed = false;
        while (clock.elapsed() < 3000) {
            if (socket.waitForReadyRead(100)) got += socket.readAll();
            if (socket.state() == QAbstractSocket::UnconnectedState) {
                got += socket.readAll();
                closed = true;
                break;
            }
        }
        return got;
    }

    // Protocol points: Connection: close is honoured, the Bearer scheme is
    // case-insensitive, 405 says what is allowed, HEAD has no body, and the
    // 413 for too many commands closes the connection.
    void protocolPoints() {
        bool closed = false;
        QByteArray got = exchange(
            "GET /health HTTP/1.1\r\nHost: x\r\nConnection: keep-alive, Close\r\n\r\n", closed);
        QVERIFY2(got.startsWith("HTTP/1.1 200"), got.constData());
        QVERIFY(got.contains("Connection: close\r\n"));
        QVERIFY(closed);

        got = exchange("GET /api/v1/whoami HTTP/1.1\r\nHost: x\r\nAuthorization: bearer " +
                           viewer_ + "\r\nConnection: close\r\n\r\n",
                       closed);
        QVERIFY2(got.startsWith("HTTP/1.1 200"), got.constData());

        got = exchange(
            "PUT /api/v1/runs HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n"
            "Connection: close\r\n\r\n",
            closed);
        QVERIFY2(got.startsWith("HTTP/1.1 405"), got.constData());
        QVERIFY(got.contains("Allow: GET, HEAD, POST, DELETE\r\n"));

        got = exchange("HEAD /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", closed);
        QVERIFY2(got.startsWith("HTTP/1.1 200"), got.constData());
        QVERIFY(got.endsWith("\r\n\r\n"));
        QVERIFY(!got.contains("Content-Length: 0\r\n"));

        QByteArray many;
        for (int i = 0; i < 10001; ++i)
            many += "{}\n";
        got = exchange("POST /api/v1/commands HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " +
                           dispatcher_ +
                           "\r\nContent-Type: application/x-ndjson\r\n"
                           "Content-Length: " +
                           QByteArray::number(many.size()) + "\r\n\r\n" + many,
                       closed);
        QVERIFY2(got.startsWith("HTTP/1.1 413"), got.left(200).constData());
        QVERIFY(closed);
    }

    // Wrong secrets for a known id are refused at the cost of an unknown id,
    // and the owner, right after them, is let in.
    void guessesDoNotLockTheOwnerOut() {
        const QByteArray fresh = houbudToken({u"add"_s, u"--role"_s, u"viewer"_s, u"--name"_s,
                                              u"guessed"_s, u"--tokens"_s, tokens_});
        allTokens_ << fresh;
        const QByteArray wrong = fresh.left(fresh.lastIndexOf('_') + 1) + QByteArray(43, 'A');
        for (int i = 0; i < 30; ++i)
            QCOMPARE(http_.get(api(u"/whoami"_s), wrong).status, 401);
        QCOMPARE(http_.get(api(u"/whoami"_s), fresh).status, 200);
        QFile f(tokens_);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray file = f.readAll();
        QVERIFY(file.contains("\"hmac_sha256\""));
        QVERIFY(!file.contains("pbkdf2"));
    }

    // A token revoked with `houbud token revoke` while its stream is open:
    // the stream is closed with 1008 at once, not fed further events.
    void revocationClosesStreams() {
        const QByteArray t = houbudToken({u"add"_s, u"--role"_s, u"viewer"_s, u"--name"_s,
                                          u"streaming"_s, u"--tokens"_s, tokens_});
        allTokens_ << t;
        const QUrl ws = QUrl(u"ws://127.0.0.1:%1/api/v1/stream"_s.arg(server_->port));
        Stream s(ws, t, 0);
        QTRY_VERIFY_WITH_TIMEOUT(!s.hello.isEmpty(), 20000);
        QSignalSpy closed(&s.socket, &QWebSocket::disconnected);
        int code = -1;
        houbudToken({u"revoke"_s, u"streaming"_s, u"--tokens"_s, tokens_}, &code);
        QCOMPARE(code, 0);
        QTRY_COMPARE_WITH_TIMEOUT(closed.size(), 1, 10000);
        QCOMPARE(s.socket.closeCode(), QWebSocketProtocol::CloseCodePolicyViolated);
    }

    // A client writes the log's text and decides how often it is refused:
    // no line can be forged, no terminal code gets through, and a flood is
    // summed up instead of logged line by line.
    void hostileLogLines() {
        auto logNow = [this] {
            QTest::qWait(100);
            server_->log += server_->process.readAllStandardError();
            return server_->log;
        };
        // The refused requests of earlier tests may have spent this second's
        // lines: start in a second of its own.
        QTest::qWait(1100);
        const qsizetype from = logNow().size();
        QCOMPARE(http_
                     .get(QUrl(server_->url(u"/"_s).toString() +
                               u"x%0ahoubud:%20token%20abc%20revoked%0d%1b[31m"_s))
                     .status,
                 404);
        QElapsedTimer flood;
        flood.start();
        for (int i = 0; i < 300; ++i)
            QCOMPARE(http_.get(api(u"/whoami"_s), "hb_000000000000_nope").status, 401);
        const qint64 floodMs = flood.elapsed();
        QTest::qWait(1500);
        const QByteArray log = logNow().mid(from);
        QVERIFY2(!log.contains('\x1b'), log.left(2000).constData());
        QVERIFY2(!log.contains("\nhoubud: token abc"), log.left(2000).constData());
        QVERIFY2(log.contains("x\\x0ahoubud: token abc revoked\\x0d\\x1b[31m"),
                 log.left(2000).constData());
        // At most 20 lines a second, however long the flood took on this machine.
        const qsizetype lines401 = log.count("houbud: 401 ");
        const qint64 windows = floodMs / 1000 + 2;
        QVERIFY2(lines401 <= 20 * windows,
                 qPrintable(u"%1 lines in %2 ms"_s.arg(lines401).arg(floodMs)));
        if (floodMs < 10000)  // more than 20 a second: some were summed up
            QVERIFY2(log.contains("more refused requests in the last second"),
                     log.right(2000).constData());
    }

    void revokedToken() {
        QCOMPARE(http_.get(api(u"/whoami"_s), revoked_).status, 200);
        int code = -1;
        houbudToken({u"revoke"_s, u"leaving"_s, u"--tokens"_s, tokens_}, &code);
        QCOMPARE(code, 0);
        const Response r = http_.get(api(u"/whoami"_s), revoked_);
        QCOMPARE(r.status, 401);
        QCOMPARE(http_.get(api(u"/whoami"_s), viewer_).status, 200);
        // An admin revokes over the API too.
        const QByteArray spare = houbudToken(
            {u"add"_s, u"--role"_s, u"viewer"_s, u"--name"_s, u"spare"_s, u"--tokens"_s, tokens_});
        allTokens_ << spare;
        QCOMPARE(http_.get(api(u"/whoami"_s), spare).status, 200);
        QCOMPARE(http_.send("DELETE", api(u"/tokens/spare"_s), viewer_).status, 403);
        QCOMPARE(http_.send("DELETE", api(u"/tokens/spare"_s), admin_).status, 200);
        QCOMPARE(http_.get(api(u"/whoami"_s), spare).status, 401);
    }

    void stream() {
        const QUrl ws = QUrl(u"ws://127.0.0.1:%1/api/v1/stream"_s.arg(server_->port));
        const qint64 last =
            http_.get(api(u"/whoami"_s), viewer_).json().value("last_seq"_L1).toInteger();
        // From the start: the whole log, then live events.
        Stream all(ws, viewer_, 0);
        QTRY_COMPARE_WITH_TIMEOUT(all.seqs.size(), last, 20000);
        QCOMPARE(all.hello.value("role"_L1).toString(), u"viewer"_s);
        const Response r = http_.post(api(u"/commands"_s), dispatcher_, sell(u"s3"_s));
        QCOMPARE(r.status, 200);
        QTRY_COMPARE_WITH_TIMEOUT(all.seqs.size(), last + 1, 20000);
        // Resuming after a seq gives exactly the rest.
        Stream resumed(ws, viewer_, last - 1);
        QTRY_COMPARE_WITH_TIMEOUT(resumed.seqs.size(), 2, 20000);
        QCOMPARE(resumed.seqs, (QList<qint64>{last, last + 1}));
        for (qsizetype i = 0; i < all.seqs.size(); ++i)
            QCOMPARE(all.seqs[i], i + 1);
        // No or a wrong token: an error message and the stream closes.
        Stream refused(ws, "hb_000000000000_nope", 0);
        QTRY_COMPARE_WITH_TIMEOUT(refused.error.value("status"_L1).toInt(), 401, 20000);
        QTRY_COMPARE_WITH_TIMEOUT(refused.socket.state(), QAbstractSocket::UnconnectedState, 20000);
        QVERIFY(refused.seqs.isEmpty());
    }

    void restartResumesFromJournal() {
        const qint64 last =
            http_.get(api(u"/whoami"_s), viewer_).json().value("last_seq"_L1).toInteger();
        QCOMPARE(server_->stop(), 0);
        QVERIFY2(server_->start(), server_->log.constData());
        const QUrl ws = QUrl(u"ws://127.0.0.1:%1/api/v1/stream"_s.arg(server_->port));
        Stream resumed(ws, viewer_, 2);
        QTRY_COMPARE_WITH_TIMEOUT(resumed.seqs.size(), last - 2, 20000);
        QCOMPARE(resumed.seqs.first(), 3);
        QCOMPARE(resumed.seqs.last(), last);
    }

    void rateLimit() {
        auto limited = makeServer(tmp_.filePath(u"limited.db"_s), {u"--rate"_s, u"1,3"_s});
        QVERIFY2(limited->start(), limited->log.constData());
        int ok = 0;
        Response refused;
        for (int i = 0; i < 6; ++i) {
            const Response r = http_.get(limited->url(u"/api/v1/runs"_s), viewer_);
            if (r.status == 200) ++ok;
            if (r.status == 429) refused = r;
        }
        QVERIFY2(ok >= 3 && ok <= 5, qPrintable(QString::number(ok)));
        QCOMPARE(refused.status, 429);
        QVERIFY(refused.retryAfter.toInt() >= 1);
        QVERIFY(refused.json().value("message"_L1).toString().contains(u"rate"_s));
        // Another token has its own bucket.
        QCOMPARE(http_.get(limited->url(u"/api/v1/runs"_s), admin_).status, 200);
        QCOMPARE(limited->stop(), 0);
        expectNoSecretIn(limited->log);
    }

    void tls() {
        if (QStandardPaths::findExecutable(u"openssl"_s).isEmpty())
            QSKIP("openssl is not installed");
        const QString cert = tmp_.filePath(u"cert.pem"_s), key = tmp_.filePath(u"key.pem"_s);
        QProcess openssl;
        openssl.start(u"openssl"_s,
                      {u"req"_s, u"-x509"_s, u"-newkey"_s, u"ec"_s, u"-pkeyopt"_s,
                       u"ec_paramgen_curve:prime256v1"_s, u"-nodes"_s, u"-keyout"_s, key, u"-out"_s,
                       cert, u"-days"_s, u"2"_s, u"-subj"_s, u"/CN=127.0.0.1"_s, u"-addext"_s,
                       u"subjectAltName=IP:127.0.0.1"_s});
        QVERIFY(openssl.waitForFinished(60000));
        QCOMPARE(openssl.exitCode(), 0);
        auto secure =
            makeServer(tmp_.filePath(u"tls.db"_s), {u"--tls-cert"_s, cert, u"--tls-key"_s, key});
        QVERIFY2(secure->start(), secure->log.constData());

        // Not trusted: refused by the client.
        Http untrusting;
        Response r = untrusting.get(secure->url(u"/api/v1/whoami"_s, true), viewer_);
        QCOMPARE(r.status, 0);
        QCOMPARE(r.error, QNetworkReply::SslHandshakeFailedError);
        // Plain HTTP to the TLS port gets no answer.
        r = untrusting.get(secure->url(u"/api/v1/whoami"_s, false), viewer_);
        QCOMPARE(r.status, 0);

        // Trusting the certificate the test made.
        Http trusting;
        trusting.ssl.setCaCertificates(QSslCertificate::fromPath(cert));
        r = trusting.get(secure->url(u"/api/v1/whoami"_s, true), viewer_);
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json().value("role"_L1).toString(), u"viewer"_s);
        r = trusting.post(secure->url(u"/api/v1/commands"_s, true), dispatcher_, kTrain);
        QCOMPARE(r.status, 200);
        Stream wss(QUrl(u"wss://127.0.0.1:%1/api/v1/stream"_s.arg(secure->port)), viewer_, 0,
                   &trusting.ssl);
        QTRY_COMPARE_WITH_TIMEOUT(wss.seqs.size(), 1, 20000);
        const int code = secure->stop();
        QVERIFY2(code == 0, secure->log.constData());
    }

    // A configuration file, with a flag overriding one of its keys; `token list`
    // shows ids and roles, never secrets.
    void configFile() {
        const QString config = tmp_.filePath(u"houbud.json"_s);
        QFile f(config);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(QJsonObject{{"store"_L1, u"configured.db"_s},
                                          {"tokens"_L1, u"houbud.tokens"_s},
                                          {"max_body"_L1, 100},
                                          {"max_url"_L1, 64},
                                          {"idle_timeout"_L1, 0.5},
                                          {"rate"_L1, 0}})
                    .toJson());
        f.close();
        Houbud s;
        s.dir = tmp_.path();
        s.args = {u"--config"_s, config, u"--max-body"_s, u"2000"_s};
        QVERIFY2(s.start(), s.log.constData());
        QVERIFY(QFile::exists(tmp_.filePath(u"configured.db"_s)));
        // 2000 from the flag, not 100 from the file.
        QCOMPARE(http_.post(s.url(u"/api/v1/commands"_s), dispatcher_, kTrain).status, 200);
        QCOMPARE(
            http_.post(s.url(u"/api/v1/commands"_s), dispatcher_, QByteArray(3000, ' ')).status,
            413);
        // The connection limits are read from the file too.
        QCOMPARE(http_.get(s.url(u"/health?"_s + QString(100, u'a'))).status, 414);
        QCOMPARE(s.stop(), 0);

        QFile outOfRange(tmp_.filePath(u"range.json"_s));
        QVERIFY(outOfRange.open(QIODevice::WriteOnly));
        outOfRange.write("{\"store\": \"x.db\", \"max_headers\": 500}");
        outOfRange.close();
        QProcess r;
        r.start(houbudPath(), {u"--config"_s, outOfRange.fileName()});
        QVERIFY(r.waitForFinished(30000));
        QCOMPARE(r.exitCode(), 2);
        QVERIFY(r.readAllStandardError().contains(
            "'max_headers' must be a whole number from 1 to 100"));

        QFile bad(tmp_.filePath(u"bad.json"_s));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("{\"stor\": \"x.db\"}");
        bad.close();
        QProcess p;
        p.start(houbudPath(), {u"--config"_s, bad.fileName()});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 2);
        QVERIFY(p.readAllStandardError().contains("unknown key 'stor'"));

        int code = -1;
        const QByteArray list = houbudToken({u"list"_s, u"--tokens"_s, tokens_}, &code);
        QCOMPARE(code, 0);
        QVERIFY(list.contains("dispatcher\tdesk"));
        QVERIFY(list.contains("\tviewer\t"));
        for (const QByteArray& t : std::as_const(allTokens_))
            QVERIFY(!list.contains(t.mid(16)));
    }

    // SIGTERM while requests are in flight: every acknowledged command is in
    // the journal, at the position the answer named.
    void sigtermLosesNothing() {
        const QString store = tmp_.filePath(u"term.db"_s);
        auto s = makeServer(store, {u"--rate"_s, u"0"_s});
        QVERIFY2(s->start(), s->log.constData());
        QCOMPARE(http_.post(s->url(u"/api/v1/commands"_s), dispatcher_, kTrain).status, 200);
        QNetworkAccessManager manager;
        QList<QNetworkReply*> replies;
        QList<QByteArray> sent;
        for (int i = 0; i < 200; ++i) {
            QNetworkRequest req(s->url(u"/api/v1/commands"_s));
            req.setRawHeader("Authorization", "Bearer " + dispatcher_);
            req.setRawHeader("Content-Type", "application/x-ndjson");
            sent << (i % 2 ? refund(u"t%1"_s.arg(i - 1)) : sell(u"t%1"_s.arg(i)));
            replies << manager.post(req, sent.last());
        }
        // SIGTERM once the first answers came back, with the rest still in flight.
        QTRY_VERIFY_WITH_TIMEOUT(
            std::any_of(replies.begin(), replies.end(), [](auto* r) { return r->isFinished(); }),
            30000);
        s->process.terminate();
        QTRY_VERIFY_WITH_TIMEOUT(
            std::all_of(replies.begin(), replies.end(), [](auto* r) { return r->isFinished(); }),
            60000);
        QVERIFY(s->process.waitForFinished(60000));
        QCOMPARE(s->process.exitStatus(), QProcess::NormalExit);
        QCOMPARE(s->process.exitCode(), 0);
        s->log += s->process.readAllStandardError();

        QProcess cli;
        cli.start(QStringLiteral(HOUBU_CLI_PATH), {u"export"_s, u"--db"_s, store});
        QVERIFY(cli.waitForFinished(60000));
        QCOMPARE(cli.exitCode(), 0);
        QList<QByteArray> journal = cli.readAllStandardOutput().split('\n');
        int acknowledged = 0;
        for (qsizetype i = 0; i < replies.size(); ++i) {
            QNetworkReply* reply = replies[i];
            if (reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt() != 200) continue;
            ++acknowledged;
            const QJsonObject o = QJsonDocument::fromJson(reply->readAll()).object();
            const qint64 at = o.value("journal"_L1).toArray().at(0).toInteger();
            QVERIFY(at >= 1 && at <= journal.size());
            QCOMPARE(journal[at - 1], sent[i]);
        }
        QVERIFY(acknowledged > 0);
        QProcess verify;
        verify.start(QStringLiteral(HOUBU_CLI_PATH), {u"verify"_s, u"--db"_s, store});
        QVERIFY(verify.waitForFinished(60000));
        QCOMPARE(verify.exitCode(), 0);
        expectNoSecretIn(s->log);
    }

    // The same API on PostgreSQL (run with the postgres fixture).
    void postgres() {
        QString url, error;
        freshPostgresDatabase(u"houbud_test"_s, url, error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        if (url.isEmpty()) QSKIP("no PostgreSQL server: run through ctest (tst_server_postgres)");
        auto s = makeServer(url);
        QVERIFY2(s->start(), s->log.constData());
        Response r = http_.post(s->url(u"/api/v1/commands"_s), dispatcher_,
                                kTrain + '\n' + sell(u"p1"_s) + '\n' + refund(u"p1"_s));
        QCOMPARE(r.status, 200);
        const qint64 last =
            http_.get(s->url(u"/api/v1/whoami"_s), viewer_).json().value("last_seq"_L1).toInteger();
        QVERIFY(last >= 4);
        QCOMPARE(s->stop(), 0);
        QVERIFY2(s->start(), s->log.constData());
        r = http_.get(s->url(u"/api/v1/events?after=1"_s), viewer_);
        QCOMPARE(r.status, 200);
        QCOMPARE(events(r).size(), last - 1);
        QCOMPARE(events(r).first().toObject().value("seq"_L1).toInteger(), 2);
        Stream st(QUrl(u"ws://127.0.0.1:%1/api/v1/stream"_s.arg(s->port)), viewer_, 0);
        QTRY_COMPARE_WITH_TIMEOUT(st.seqs.size(), last, 20000);
        QCOMPARE(s->stop(), 0);
    }

    // forecast is a read: viewers ask it by GET (answered from memory, not
    // journaled); a dispatcher may also send it as a command (journaled like
    // any query).
    void forecastIsARead() {
        const QByteArray story =
            R"({"op":"train","train":"F1","date":"2024-01-20","stops":[{"station":"A","km":0},{"station":"B","km":100}],"cars":[{"car":1,"class":"二等座","rows":1,"layout":"A"}]}
{"op":"sell","at":"2024-01-10T07:00","id":"FS1","train":"F1","date":"2024-01-20","from":"A","to":"B","class":"二等座","passengers":["fp0"]}
{"op":"waitlist","at":"2024-01-10T08:00","id":"FW1","user":"fu1","passengers":["fp1"],"from":"A","to":"B","options":[{"train":"F1","date":"2024-01-20","class":"二等座"}]}
{"op":"prepay","id":"FW1"}
{"op":"waitlist","id":"FW2","user":"fu2","passengers":["fp2"],"from":"A","to":"B","options":[{"train":"F1","date":"2024-01-20","class":"二等座"}]}
{"op":"prepay","id":"FW2"}
{"op":"refund","at":"2024-01-10T08:10","ticket":"FS1.1"}
)";
        Response r = http_.post(api(u"/commands"_s), dispatcher_, story);
        QCOMPARE(r.status, 200);
        const qint64 lastSeq =
            http_.get(api(u"/whoami"_s), viewer_).json().value("last_seq"_L1).toInteger();
        QVERIFY(lastSeq > 0);
        r = http_.get(api(u"/orders/FW2/forecast?until=2024-01-10T09:00&seed=3"_s), viewer_);
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json().value("event"_L1).toString(), u"forecast"_s);
        QCOMPARE(r.json().value("seq"_L1).toInteger(), 0);  // not journaled
        QCOMPARE(r.json().value("by"_L1).toString(), u"2024-01-10T09:00"_s);
        const double p = r.json().value("probability"_L1).toDouble(-1);
        QVERIFY(p > 0 && p <= 1);
        QVERIFY(r.json().value("basis"_L1).toString().contains(u"F1"_s));
        // The same answer again: deterministic for the journal and the seed.
        QCOMPARE(
            http_.get(api(u"/orders/FW2/forecast?until=2024-01-10T09:00&seed=3"_s), viewer_).body,
            r.body);
        QCOMPARE(http_.get(api(u"/orders/FW1/forecast"_s), viewer_).status, 409);  // served
        QCOMPARE(http_.get(api(u"/orders/NOPE/forecast"_s), viewer_).status, 404);
        QCOMPARE(http_.get(api(u"/orders/FW2/forecast?until=soon"_s), viewer_).status, 400);
        QCOMPARE(http_.get(api(u"/orders/FW2/forecast?seed=-4"_s), viewer_).status, 400);
        QCOMPARE(http_.get(api(u"/whoami"_s), viewer_).json().value("last_seq"_L1).toInteger(),
                 lastSeq);
        // As a command: journaled, with a seq.
        r = http_.post(api(u"/commands"_s), dispatcher_,
                       R"({"op":"forecast","id":"FW2","until":"2024-01-10T09:00"})");
        QCOMPARE(r.status, 200);
        QCOMPARE(events(r).first().toObject().value("event"_L1).toString(), u"forecast"_s);
        QCOMPARE(events(r).first().toObject().value("seq"_L1).toInteger(), lastSeq + 1);
        QCOMPARE(http_.post(api(u"/commands"_s), viewer_, R"({"op":"forecast","id":"FW2"})").status,
                 403);
    }

    // A run's queues read a window at a time: `rows` for every queue, more
    // for the queues `deeper` names; whole without either. Bad windows are
    // refused with the item named.
    void queueWindows() {
        QByteArray story =
            R"({"op":"train","train":"P1","date":"2024-01-20","stops":[{"station":"A","km":0},{"station":"B","km":100}],"cars":[{"car":1,"class":"二等座","rows":1,"layout":"A"}]}
{"op":"sell","at":"2024-01-11T07:00","id":"PS1","train":"P1","date":"2024-01-20","from":"A","to":"B","class":"二等座","passengers":["pp0"]}
)";
        for (int i = 1; i <= 6; ++i)
            story +=
                u"{\"op\":\"waitlist\",\"at\":\"2024-01-11T08:0%1\",\"id\":\"PW%1\","
                u"\"user\":\"pu%1\",\"passengers\":[\"pp%1\",\"pq%1\"],\"from\":\"A\","
                u"\"to\":\"B\",\"options\":[{\"train\":\"P1\",\"date\":\"2024-01-20\","
                u"\"class\":\"二等座\"}]}\n{\"op\":\"prepay\",\"id\":\"PW%1\"}\n"_s.arg(i)
                    .toUtf8();
        QCOMPARE(http_.post(api(u"/commands"_s), dispatcher_, story).status, 200);
        const auto queue = [&](const QString& query) {
            const Response r = http_.get(api(u"/runs/P1/2024-01-20/queues"_s + query), viewer_);
            return r.status == 200 ? QJsonDocument::fromJson(r.body).array().first().toObject()
                                   : QJsonObject{{"status"_L1, r.status}};
        };
        const auto ids = [](const QJsonObject& q) {
            QStringList out;
            for (const auto& o : q.value("orders"_L1).toArray())
                out << o.toObject().value("id"_L1).toString();
            return out;
        };
        const QJsonObject whole = queue({});
        QCOMPARE(ids(whole),
                 (QStringList{u"PW1"_s, u"PW2"_s, u"PW3"_s, u"PW4"_s, u"PW5"_s, u"PW6"_s}));
        QCOMPARE(whole.value("length"_L1).toInt(), 6);
        QCOMPARE(whole.value("passengers"_L1).toInt(), 12);
        const QJsonObject two = queue(u"?rows=2"_s);
        QCOMPARE(ids(two), (QStringList{u"PW1"_s, u"PW2"_s}));
        QCOMPARE(two.value("length"_L1).toInt(), 6);
        QCOMPARE(two.value("passengers"_L1).toInt(), 12);
        // Ranks and passengers ahead as in the whole queue.
        QCOMPARE(
            two.value("orders"_L1).toArray().at(1).toObject().value("ahead_passengers"_L1).toInt(),
            2);
        // Two rows a queue, and a window `deeper` (CLASS:FROM:TO:ROWS[@FIRST]).
        const auto deeper = [&](const QString& window) {
            return queue(u"?rows=2&deeper="_s +
                         QString::fromLatin1(QUrl::toPercentEncoding(window)));
        };
        QCOMPARE(ids(deeper(u"二等座:0:1:4"_s)).size(), 4);
        // Another queue's depth does not reach this one.
        QCOMPARE(ids(deeper(u"一等座:0:1:4"_s)).size(), 2);
        // A window below the head: ranks 3 and 4, the passengers ahead
        // counted from the head, and `first` saying where it starts; one
        // starting past the end shows the last orders.
        const QJsonObject middle = deeper(u"二等座:0:1:2@2"_s);
        QCOMPARE(ids(middle), (QStringList{u"PW3"_s, u"PW4"_s}));
        QCOMPARE(middle.value("first"_L1).toInt(), 2);
        QCOMPARE(middle.value("length"_L1).toInt(), 6);
        QCOMPARE(middle.value("orders"_L1).toArray().at(0).toObject().value("rank"_L1).toInt(), 3);
        QCOMPARE(middle.value("orders"_L1)
                     .toArray()
                     .at(0)
                     .toObject()
                     .value("ahead_passengers"_L1)
                     .toInt(),
                 4);
        const QJsonObject past = deeper(u"二等座:0:1:2@50"_s);
        QCOMPARE(ids(past), (QStringList{u"PW5"_s, u"PW6"_s}));
        QCOMPARE(past.value("first"_L1).toInt(), 4);
        // From the head, no `first`: the bytes a reader of the head always had.
        QVERIFY(!two.contains("first"_L1));
        // The snapshot reads its run's queues through the same window.
        const Response snap =
            http_.get(api(u"/snapshot?train=P1&date=2024-01-20&rows=3"_s), viewer_);
        QCOMPARE(snap.status, 200);
        QCOMPARE(snap.json()
                     .value("queues"_L1)
                     .toArray()
                     .first()
                     .toObject()
                     .value("orders"_L1)
                     .toArray()
                     .size(),
                 3);
        for (const QString& bad :
             {u"?rows=0"_s, u"?rows=x"_s, u"?rows=99999999999"_s, u"?rows=100001"_s,
              u"?deeper=%E4%BA%8C:0:1:100001"_s, u"?deeper=nonsense"_s,
              u"?deeper=%E4%BA%8C:1:0:4"_s, u"?deeper=%E4%BA%8C:0:1:0"_s, u"?deeper=:0:1:4"_s,
              u"?deeper=%E4%BA%8C:0:1:4@x"_s, u"?deeper=%E4%BA%8C:0:1:4@-1"_s,
              u"?deeper=%E4%BA%8C:0:1:4@100000001"_s, u"?deeper=%E4%BA%8C:0:1:4@"_s}) {
            const Response r = http_.get(api(u"/runs/P1/2024-01-20/queues"_s + bad), viewer_);
            QVERIFY2(r.status == 400, qPrintable(bad));
            const QString message = r.json().value("message"_L1).toString();
            QVERIFY2(message.contains(u"rows"_s) || message.contains(u"deeper"_s),
                     qPrintable(message));
        }
        QString many = u"?rows=2"_s;
        for (int i = 0; i <= 64; ++i)  // one more than a query may name
            many += u"&deeper=C%1:0:1:4"_s.arg(i);
        QCOMPARE(http_.get(api(u"/snapshot"_s + many), viewer_).status, 400);
        // What one read may cost: 100,000 rows a queue, 200,000 deeper in all.
        QCOMPARE(http_.get(api(u"/runs/P1/2024-01-20/queues?rows=100000"_s), viewer_).status, 200);
        QString costly = u"?rows=2"_s;
        for (int i = 0; i < 3; ++i)
            costly += u"&deeper=C%1:0:1:100000"_s.arg(i);
        const Response refused = http_.get(api(u"/runs/P1/2024-01-20/queues"_s + costly), viewer_);
        QCOMPARE(refused.status, 400);
        QVERIFY(refused.json().value("message"_L1).toString().contains(u"200000 rows"_s));
    }

    void cleanupTestCase() {
        if (server_) {
            QCOMPARE(server_->stop(), 0);
            expectNoSecretIn(server_->log);
        }
    }
};

QTEST_MAIN(TestServer)
#include "tst_server.moc"
