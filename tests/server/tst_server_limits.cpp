// houbud against hostile clients, over real loopback sockets: ambiguous
// framing, oversized heads and bodies, slow and idle connections, too many
// connections, HTTP/1.0 and 100-continue. After each attack the server must
// still answer /health at once. Timeouts are short here (1 to 3 s) so that
// the test stays quick; bounds on when a connection closes are generous.

#include <QDir>
#include <QElapsedTimer>
#include <QHostAddress>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <algorithm>
#include <memory>
#include <vector>

#include "houbud_fixture.h"

using namespace Qt::StringLiterals;
using namespace houbu::test;

namespace {

constexpr int kPerClient = 20;
constexpr int kTotal = 50;

struct Exchange {
    QByteArray got;
    bool closed = false;
    qint64 closedAfterMs = -1;
};

// Reads until the server closes or `ms` pass.
void readUntilClosed(QTcpSocket& socket, Exchange& e, int ms) {
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < ms) {
        if (socket.state() == QAbstractSocket::UnconnectedState) break;
        socket.waitForReadyRead(50);
        e.got += socket.readAll();
    }
    e.got += socket.readAll();
    e.closed = socket.state() == QAbstractSocket::UnconnectedState;
    if (e.closed) e.closedAfterMs = clock.elapsed();
}

int answers(const QByteArray& got) {
    return static_cast<int>(got.count("\r\n\r\n{") + got.count("HTTP/1.1 100 Continue"));
}

// A socket from `from` (127.0.0.1, or 127.0.0.N: another client address).
std::unique_ptr<QTcpSocket> open(quint16 port, const QHostAddress& from = QHostAddress::LocalHost) {
    auto s = std::make_unique<QTcpSocket>();
    if (from != QHostAddress(QHostAddress::LocalHost)) s->bind(from);
    s->connectToHost(QHostAddress::LocalHost, port);
    if (!s->waitForConnected(5000)) return nullptr;
    return s;
}

}  // namespace

class TestServerLimits : public QObject {
    Q_OBJECT

    QTemporaryDir tmp_;
    QByteArray dispatcher_;
    std::unique_ptr<Houbud> server_;

    Exchange exchange(const QByteArray& request, int ms = 5000) {
        Exchange e;
        auto s = open(server_->port);
        if (!s) return e;
        s->write(request);
        readUntilClosed(*s, e, ms);
        return e;
    }

    // /health from 127.0.0.1, answered within a second.
    void expectResponsive() {
        QElapsedTimer clock;
        clock.start();
        const Exchange e = exchange("GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        QVERIFY2(e.got.startsWith("HTTP/1.1 200"), e.got.constData());
        QVERIFY2(clock.elapsed() < 1000, qPrintable(u"/health took %1 ms"_s.arg(clock.elapsed())));
    }

  private slots:
    void initTestCase() {
        QVERIFY(tmp_.isValid());
        const QString tokens = tmp_.filePath(u"houbud.tokens"_s);
        dispatcher_ = houbudToken({u"add"_s, u"--role"_s, u"dispatcher"_s, u"--tokens"_s, tokens});
        QVERIFY(dispatcher_.startsWith("hb_"));
        server_ = std::make_unique<Houbud>();
        server_->dir = tmp_.path();
        server_->args = QStringList{u"--store"_s,
                                    tmp_.filePath(u"limits.db"_s),
                                    u"--tokens"_s,
                                    tokens,
                                    u"--max-body"_s,
                                    u"65536"_s,
                                    u"--max-url"_s,
                                    u"1024"_s,
                                    u"--max-header-bytes"_s,
                                    u"4096"_s,
                                    u"--max-headers"_s,
                                    u"20"_s,
                                    u"--max-connections"_s,
                                    QString::number(kTotal),
                                    u"--max-connections-per-client"_s,
                                    QString::number(kPerClient),
                                    u"--first-byte-timeout"_s,
                                    u"1"_s,
                                    u"--read-timeout"_s,
                                    u"1"_s,
                                    u"--request-timeout"_s,
                                    u"3"_s,
                                    u"--idle-timeout"_s,
                                    u"2"_s};
        QVERIFY2(server_->start(), server_->log.constData());
    }

    // Each is answered once with the status, the connection is closed, and
    // the request written after it is not answered.
    void refused_data() {
        QTest::addColumn<QByteArray>("request");
        QTest::addColumn<int>("status");
        const QByteArray post = "POST /api/v1/precheck HTTP/1.1\r\nHost: x\r\n";
        QTest::newRow("Content-Length and Transfer-Encoding")
            << post + "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
            << 400;
        QTest::newRow("two Content-Lengths")
            << post + "Content-Length: 5\r\nContent-Length: 25\r\n\r\nhello" << 400;
        QTest::newRow("the same Content-Length twice")
            << post + "Content-Length: 5\r\nContent-Length: 5\r\n\r\nhello" << 400;
        QTest::newRow("negative Content-Length") << post + "Content-Length: -5\r\n\r\n" << 400;
        QTest::newRow("Content-Length not a number")
            << post + "Content-Length: 5x\r\n\r\nhello" << 400;
        QTest::newRow("Content-Length list") << post + "Content-Length: 5, 5\r\n\r\nhello" << 400;
        QTest::newRow("Transfer-Encoding alone")
            << post + "Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"
            << 411;
        QTest::newRow("body over the limit") << post + "Content-Length: 70000\r\n\r\n" << 413;
        QTest::newRow("URL over the limit")
            << "GET /health?" + QByteArray(2000, 'a') + " HTTP/1.1\r\n\r\n"
            << 414;
        QTest::newRow("header over the limit")
            << "GET /health HTTP/1.1\r\nX-Big: " + QByteArray(5000, 'a') + "\r\n\r\n"
            << 431;
        QByteArray many = "GET /health HTTP/1.1\r\n";
        for (int i = 0; i < 21; ++i)
            many += "X-" + QByteArray::number(i) + ": y\r\n";
        QTest::newRow("too many headers") << many + "\r\n" << 431;
        QTest::newRow("folded header")
            << QByteArray("GET /health HTTP/1.1\r\nX-A: b\r\n c\r\n\r\n") << 400;
        QTest::newRow("header without colon")
            << QByteArray("GET /health HTTP/1.1\r\nnonsense\r\n\r\n") << 400;
        QTest::newRow("space before colon") << post + "Content-Length : 5\r\n\r\nhello" << 400;
        QTest::newRow("HTTP/2 preface") << QByteArray("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n") << 505;
        QTest::newRow("not HTTP") << QByteArray("HELLO\r\n\r\n") << 400;
        QTest::newRow("WebSocket upgrade without key")
            << QByteArray(
                   "GET /api/v1/stream HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
                   "Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\n\r\n")
            << 400;
        QTest::newRow("WebSocket upgrade without Connection: Upgrade")
            << QByteArray(
                   "GET /api/v1/stream HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
                   "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                   "Sec-WebSocket-Version: 13\r\n\r\n")
            << 400;
        QTest::newRow("unknown expectation")
            << post + "Content-Length: 2\r\nExpect: the-moon\r\n\r\n{}" << 417;
    }
    void refused() {
        QFETCH(QByteArray, request);
        QFETCH(int, status);
        const Exchange e = exchange(request + "GET /health HTTP/1.1\r\nHost: x\r\n\r\n");
        QVERIFY2(e.got.startsWith(QByteArray("HTTP/1.1 " + QByteArray::number(status) + ' ')),
                 e.got.constData());
        QVERIFY(e.got.contains("Connection: close\r\n"));
        QCOMPARE(answers(e.got), 1);
        QVERIFY(!e.got.contains("\"status\":\"ok\""));  // the smuggled /health
        QVERIFY(e.closed);
        expectResponsive();
    }

    // The 413 for too many commands in one request closes the connection too,
    // and the request sent right behind it is not applied.
    void tooManyCommands() {
        const QByteArray smuggled =
            R"({"op":"train","at":"2024-01-05T09:00","train":"S1","date":"2024-01-20",)"
            R"("stops":[{"station":"A","km":0,"dep":"08:00"},{"station":"B","km":100,)"
            R"("arr":"08:40"}],"cars":[{"car":1,"class":"二等座","rows":2,"layout":"AB"}]})";
        auto post = [this](const QByteArray& body) -> QByteArray {
            return "POST /api/v1/commands HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " +
                   dispatcher_ + "\r\nContent-Length: " + QByteArray::number(body.size()) +
                   "\r\n\r\n" + body;
        };
        QByteArray many;
        for (int i = 0; i < 10001; ++i)
            many += "{}\n";
        const Exchange e = exchange(post(many) + post(smuggled));
        QVERIFY2(e.got.startsWith("HTTP/1.1 413 "), e.got.left(200).constData());
        QVERIFY(e.got.contains("the limit is 10000"));
        QCOMPARE(answers(e.got), 1);
        QVERIFY(e.closed);
        expectResponsive();
        const Exchange runs = exchange(
            "GET /api/v1/runs HTTP/1.1\r\nHost: x\r\n"
            "Authorization: Bearer " +
            dispatcher_ + "\r\nConnection: close\r\n\r\n");
        QVERIFY2(runs.got.startsWith("HTTP/1.1 200 "), runs.got.constData());
        QVERIFY2(!runs.got.contains("\"S1\""), runs.got.constData());
    }

    // The body that was refused before it was read may still be on its way:
    // the answer arrives whole, then the connection closes.
    void refusedWhileSending() {
        auto s = open(server_->port);
        QVERIFY(s);
        s->write("POST /api/v1/commands HTTP/1.1\r\nHost: x\r\nContent-Length: 900000\r\n\r\n");
        const QByteArray chunk(60000, 'x');
        for (int i = 0; i < 15 && s->state() == QAbstractSocket::ConnectedState; ++i) {
            s->write(chunk);
            s->waitForBytesWritten(1000);
        }
        Exchange e;
        readUntilClosed(*s, e, 5000);
        QVERIFY2(e.got.startsWith("HTTP/1.1 413 "), e.got.left(200).constData());
        QVERIFY(e.closed);
        expectResponsive();
    }

    // A head larger than any limit, sent in pieces: refused after the limit,
    // not held whole.
    void hugeHeader() {
        auto s = open(server_->port);
        QVERIFY(s);
        s->write("GET /health HTTP/1.1\r\nX-Huge: ");
        const QByteArray chunk(64 << 10, 'a');
        for (int i = 0; i < 64 && s->state() == QAbstractSocket::ConnectedState; ++i) {
            s->write(chunk);
            s->waitForBytesWritten(200);
        }
        Exchange e;
        readUntilClosed(*s, e, 5000);
        QVERIFY2(e.got.startsWith("HTTP/1.1 431 "), e.got.left(200).constData());
        QVERIFY(e.closed);
        expectResponsive();
    }

    // HTTP/1.0 closes after the answer unless it asked for keep-alive.
    void http10() {
        Exchange e = exchange("GET /health HTTP/1.0\r\n\r\nGET /health HTTP/1.0\r\n\r\n");
        QVERIFY2(e.got.startsWith("HTTP/1.1 200 "), e.got.constData());
        QCOMPARE(answers(e.got), 1);
        QVERIFY(e.closed);
        QVERIFY2(e.closedAfterMs < 1000, qPrintable(QString::number(e.closedAfterMs)));

        auto s = open(server_->port);
        QVERIFY(s);
        s->write("GET /health HTTP/1.0\r\nConnection: keep-alive\r\n\r\n");
        Exchange k;
        readUntilClosed(*s, k, 500);
        QVERIFY2(k.got.startsWith("HTTP/1.1 200 "), k.got.constData());
        QVERIFY(k.got.contains("Connection: keep-alive\r\n"));
        QVERIFY(!k.closed);
        s->write("GET /health HTTP/1.0\r\nConnection: keep-alive\r\n\r\n");
        readUntilClosed(*s, k, 500);
        QCOMPARE(answers(k.got), 2);
    }

    // Expect: 100-continue: the body is asked for once the head is accepted,
    // and not read at all when the head already says no.
    void expectContinue() {
        auto s = open(server_->port);
        QVERIFY(s);
        const QByteArray line = R"({"op":"refund","id":"nobody"})";
        s->write("POST /api/v1/precheck HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " +
                 dispatcher_ + "\r\nContent-Length: " + QByteArray::number(line.size()) +
                 "\r\nExpect: 100-continue\r\n\r\n");
        QByteArray got;
        QElapsedTimer clock;
        clock.start();
        while (!got.contains("\r\n\r\n") && clock.elapsed() < 5000) {
            s->waitForReadyRead(50);
            got += s->readAll();
        }
        QCOMPARE(got, QByteArray("HTTP/1.1 100 Continue\r\n\r\n"));
        s->write(line);
        Exchange e;
        readUntilClosed(*s, e, 1000);
        QVERIFY2(e.got.startsWith("HTTP/1.1 200 "), e.got.constData());
        QVERIFY(e.got.contains("\"accepted\":false"));

        e = exchange(
            "POST /api/v1/commands HTTP/1.1\r\nHost: x\r\nContent-Length: 70000\r\n"
            "Expect: 100-continue\r\n\r\n");
        QVERIFY2(e.got.startsWith("HTTP/1.1 413 "), e.got.constData());
        QVERIFY(!e.got.contains("100 Continue"));
        QVERIFY(e.closed);
        expectResponsive();
    }

    // Slowloris: a head that stops, and one that trickles in below the pause
    // limit, both get 408 and are closed; honest clients are answered meanwhile.
    void slowClients() {
        std::vector<std::unique_ptr<QTcpSocket>> stalled, trickling;
        for (int i = 0; i < 5; ++i) {
            stalled.push_back(open(server_->port, QHostAddress(u"127.0.0.2"_s)));
            QVERIFY(stalled.back());
            stalled.back()->write("GET /health HTTP/1.1\r\nHost: x\r\n");
            trickling.push_back(open(server_->port, QHostAddress(u"127.0.0.3"_s)));
            QVERIFY(trickling.back());
            trickling.back()->write("GET /health HTTP/1.1\r\n");
        }
        expectResponsive();
        QElapsedTimer clock;
        clock.start();
        QByteArray stalledGot, tricklingGot;
        int open = 10;
        while (open > 0 && clock.elapsed() < 15000) {
            QTest::qWait(300);
            open = 0;
            for (auto& s : trickling) {
                tricklingGot += s->readAll();
                if (s->state() != QAbstractSocket::ConnectedState) continue;
                ++open;
                s->write("X");  // one byte every 300 ms: never a pause of 1 s
            }
            for (auto& s : stalled) {
                stalledGot += s->readAll();
                if (s->state() == QAbstractSocket::ConnectedState) ++open;
            }
        }
        QCOMPARE(open, 0);
        QCOMPARE(stalledGot.count("HTTP/1.1 408 "), 5);
        QCOMPARE(tricklingGot.count("HTTP/1.1 408 "), 5);
        QVERIFY(tricklingGot.contains("longer than 3000 ms"));
        QVERIFY(stalledGot.contains("no byte of the request for 1000 ms"));
        expectResponsive();
    }

    // A connection that sends nothing, and one idle after its answer, are
    // closed without an answer.
    void idleClosed() {
        auto silent = open(server_->port);
        auto kept = open(server_->port);
        QVERIFY(silent && kept);
        kept->write("GET /health HTTP/1.1\r\nHost: x\r\n\r\n");
        QVERIFY(kept->waitForBytesWritten(1000));
        Exchange a, b;
        readUntilClosed(*silent, a, 10000);
        readUntilClosed(*kept, b, 10000);
        QVERIFY(a.closed);
        QVERIFY(a.got.isEmpty());
        QVERIFY(b.closed);
        QCOMPARE(answers(b.got), 1);
    }

    // Connections beyond the per-address limit get 503 and are closed; other
    // addresses are still served; beyond the total, everyone waits for the
    // idle ones to time out, which they do.
    void tooManyConnections() {
        std::vector<std::unique_ptr<QTcpSocket>> sockets;
        const QHostAddress hog(u"127.0.0.4"_s);
        for (int i = 0; i < kPerClient + 10; ++i) {
            sockets.push_back(open(server_->port, hog));
            QVERIFY(sockets.back());
        }
        QTest::qWait(300);
        int refused = 0;
        for (auto& s : sockets) {
            s->waitForReadyRead(10);
            if (s->readAll().startsWith("HTTP/1.1 503 ")) ++refused;
        }
        QCOMPARE(refused, 10);
        expectResponsive();

        // 200 idle sockets from several addresses: at most kTotal are held.
        for (int i = 0; i < 200; ++i) {
            sockets.push_back(open(server_->port, QHostAddress(u"127.0.1.%1"_s.arg(1 + i % 10))));
            QVERIFY(sockets.back());
        }
        QTest::qWait(500);
        int held = 0;
        for (auto& s : sockets) {
            s->readAll();
            if (s->state() == QAbstractSocket::ConnectedState) ++held;
        }
        QVERIFY2(held <= kTotal, qPrintable(QString::number(held)));
        // All idle: closed after the first-byte timeout, and the server is free.
        QElapsedTimer clock;
        clock.start();
        while (held > 0 && clock.elapsed() < 10000) {
            QTest::qWait(200);
            held = 0;
            for (auto& s : sockets) {
                s->readAll();
                if (s->state() == QAbstractSocket::ConnectedState) ++held;
            }
        }
        QCOMPARE(held, 0);
        expectResponsive();
    }

    // A client that sends requests and never reads the answers is closed
    // long before it has them all.
    void unreadAnswers() {
        const int rounds = 20, perRound = 5000;
        QByteArray many;
        for (int i = 0; i < perRound; ++i)
            many += "GET /health HTTP/1.1\r\nHost: x\r\n\r\n";
        // How fast this server answers (a sanitized build is several times
        // slower): the client below must stay silent until every answer the
        // kernel cannot hold has waited past the read timeout.
        QElapsedTimer pace;
        pace.start();
        {
            auto reader = open(server_->port);
            QVERIFY(reader);
            reader->write(many);
            QByteArray got;
            while (answers(got) < perRound && pace.elapsed() < 60000) {
                reader->waitForReadyRead(50);
                got += reader->readAll();
            }
            QCOMPARE(answers(got), perRound);
        }
        const qint64 silentMs =
            std::clamp<qint64>(pace.elapsed() * rounds * 5 / 4 + 2000, 3000, 60000);

        auto s = open(server_->port);
        QVERIFY(s);
        s->setReadBufferSize(1);  // TCP holds the rest: the server's writes stall
        for (int i = 0; i < rounds && s->state() == QAbstractSocket::ConnectedState; ++i) {
            s->write(many);
            s->waitForBytesWritten(300);
        }
        QTest::qWait(static_cast<int>(silentMs));
        s->setReadBufferSize(0);
        Exchange e;
        readUntilClosed(*s, e, 15000);
        QVERIFY(e.closed);
        QVERIFY2(answers(e.got) < rounds * perRound, qPrintable(QString::number(answers(e.got))));
        expectResponsive();
    }

    // A WebSocket client's frames must be masked: an unmasked one closes the
    // stream with 1002 before the server acts on it; a masked one is read.
    void unmaskedFrames() {
        const QByteArray upgrade =
            "GET /api/v1/stream HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
            "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n";
        const QByteArray hello = R"({"token":"nope","after":0})";
        auto frame = [&](bool masked) {
            QByteArray f;
            f += char(0x81);
            f += char((masked ? 0x80 : 0) | hello.size());
            const char mask[4] = {0x11, 0x22, 0x33, 0x44};
            if (masked) f.append(mask, 4);
            for (qsizetype i = 0; i < hello.size(); ++i)
                f += masked ? char(hello[i] ^ mask[i % 4]) : hello[i];
            return f;
        };
        // Unmasked with the handshake, unmasked after its answer, masked after it.
        for (const auto& [masked, together] :
             {std::pair{false, true}, std::pair{false, false}, std::pair{true, false}}) {
            auto s = open(server_->port);
            QVERIFY(s);
            s->write(together ? upgrade + frame(masked) : upgrade);
            QByteArray got;
            QElapsedTimer clock;
            clock.start();
            while (!got.contains("\r\n\r\n") && clock.elapsed() < 5000) {
                s->waitForReadyRead(50);
                got += s->readAll();
            }
            QVERIFY2(got.startsWith("HTTP/1.1 101 "), got.constData());
            if (!together) s->write(frame(masked));
            Exchange e;
            readUntilClosed(*s, e, 5000);
            QVERIFY(e.closed);
            e.got = got.mid(got.indexOf("\r\n\r\n") + 4) + e.got;  // what followed the 101
            if (masked) {
                // The hello was read: refused for its token, closed with 1008.
                QVERIFY2(e.got.contains("unknown or revoked token"), e.got.toHex().constData());
            } else {
                QVERIFY2(e.got.endsWith(QByteArray("\x88\x02\x03\xea", 4)),
                         e.got.toHex().constData());
                QVERIFY(!e.got.contains("token"));
            }
            expectResponsive();
        }
    }

    // An address that keeps being refused (bad tokens here) spends its budget
    // (--refusal-rate 0.5,5: five, then one every 2 s): its next requests are
    // answered 429 (a second late) before the token is checked, its new
    // connections are closed unanswered, none of it is logged line by line;
    // other addresses are not touched, and the budget comes back.
    void refusalsLimitedPerAddress() {
        Houbud limited;
        limited.dir = tmp_.path() + u"/refusals"_s;
        QVERIFY(QDir().mkpath(limited.dir));
        limited.args = QStringList{u"--store"_s,        limited.dir + u"/refusals.db"_s,
                                   u"--tokens"_s,       tmp_.filePath(u"houbud.tokens"_s),
                                   u"--refusal-rate"_s, u"0.5,5"_s};
        QVERIFY2(limited.start(), limited.log.constData());
        const QByteArray bad =
            "GET /api/v1/runs HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer hb_0123456789ab_" +
            QByteArray(43, 'A') + "\r\n\r\n";
        const QByteArray good = "GET /api/v1/runs HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " +
                                dispatcher_ + "\r\nConnection: close\r\n\r\n";
        const QHostAddress flooder(u"127.0.0.7"_s), honest(u"127.0.0.8"_s);
        {
            auto s = open(limited.port, flooder);
            QVERIFY(s);
            for (int i = 0; i < 8; ++i)
                s->write(bad);
            Exchange e;
            QElapsedTimer waited;
            waited.start();
            while (e.got.count("HTTP/1.1 ") < 8 && waited.elapsed() < 10000 &&
                   s->state() == QAbstractSocket::ConnectedState) {
                s->waitForReadyRead(50);
                e.got += s->readAll();
            }
            QCOMPARE(e.got.count("HTTP/1.1 401"), 5);
            // The rest: 429 without a token check, on the same connection.
            QCOMPARE(e.got.count("HTTP/1.1 429"), 3);
            QVERIFY(e.got.contains("too many refused requests from this address"));
            QCOMPARE(s->state(), QAbstractSocket::ConnectedState);
        }
        {
            // A new connection from it: closed at once, nothing answered.
            auto s = open(limited.port, flooder);
            Exchange e;
            if (s) {
                s->write(good);
                readUntilClosed(*s, e, 5000);
                QVERIFY2(e.closed, e.got.constData());
                QCOMPARE(e.got, QByteArray());
            }
        }
        {
            // Another address: its own budget, a good token is answered.
            auto s = open(limited.port, honest);
            QVERIFY(s);
            s->write(bad);
            s->write(good);
            Exchange e;
            readUntilClosed(*s, e, 5000);
            QCOMPARE(e.got.count("HTTP/1.1 401"), 1);
            QCOMPARE(e.got.count("HTTP/1.1 200"), 1);
        }
        // The budget refills: the flooder's good request is answered again.
        auto answered = [&] {
            auto s = open(limited.port, flooder);
            if (!s) return false;
            s->write(good);
            Exchange e;
            readUntilClosed(*s, e, 2000);
            return e.got.startsWith("HTTP/1.1 200");
        };
        QTRY_VERIFY_WITH_TIMEOUT(answered(), 15000);
        QCOMPARE(limited.stop(), 0);
        // Five 401s and the line saying the address is limited; the rest unlogged.
        QVERIFY2(limited.log.count("127.0.0.7") <= 6, limited.log.constData());
        QVERIFY2(limited.log.contains("refusals from 127.0.0.7 beyond"), limited.log.constData());
    }

    void cleanupTestCase() {
        if (server_) QCOMPARE(server_->stop(), 0);
    }
};

QTEST_MAIN(TestServerLimits)
#include "tst_server_limits.moc"
