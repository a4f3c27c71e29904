// The console's remote session against a real houbud: the same events and
// snapshots as the embedded session for the same commands, roles, and a server
// killed and restarted mid-stream with no event lost or repeated.

#include <QSignalSpy>
#include <QSslCertificate>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <memory>

#include "houbu/codec.h"
#include "houbu/embedded_session.h"
#include "houbu/remote_session.h"
#include "houbu/view_json.h"
#include "houbud_fixture.h"

using namespace Qt::StringLiterals;
using namespace houbu::test;
using houbu::RemoteSession;

namespace {

const QByteArray kTrain =
    R"({"op":"train","at":"2024-01-05T09:00","train":"G1","date":"2024-01-20","stops":[{"station":"A","km":0,"dep":"08:00"},{"station":"B","km":100,"arr":"08:40","dep":"08:42"},{"station":"C","km":200,"arr":"09:30"}],"cars":[{"car":1,"class":"二等座","rows":2,"layout":"AF"}],"fares":{"二等座":0.5}})";

QList<QByteArray> commands(int from, int count) {
    QList<QByteArray> out;
    for (int i = from; i < from + count; ++i) {
        // Sell until sold out, then waitlist, prepay and refund: queues and matches.
        out << u"{\"op\":\"sell\",\"id\":\"s%1\",\"train\":\"G1\",\"date\":\"2024-01-20\",\"from\":"
               u"\"A\",\"to\":\"%2\",\"class\":\"二等座\",\"passengers\":[\"p%1\"]}"_s.arg(i)
                   .arg(i % 2 ? u"B"_s : u"C"_s)
                   .toUtf8();
        out << u"{\"op\":\"waitlist\",\"id\":\"w%1\",\"user\":\"u%1\",\"passengers\":[\"q%1\"],"
               u"\"from\":\"A\",\"to\":\"B\",\"options\":[{\"train\":\"G1\",\"date\":"
               u"\"2024-01-20\",\"class\":\"二等座\"}]}"_s.arg(i)
                   .toUtf8();
        out << u"{\"op\":\"prepay\",\"id\":\"w%1\"}"_s.arg(i).toUtf8();
        if (i % 3 == 0) out << u"{\"op\":\"refund\",\"id\":\"s%1\"}"_s.arg(i - 1).toUtf8();
    }
    return out;
}

QByteArray snapshotJson(const houbu::ConsoleSnapshot& s) {
    QJsonObject o{{"last_seq"_L1, s.lastSeq},
                  {"clock"_L1, s.clock},
                  {"journal"_L1, s.journalLength},
                  {"runs"_L1, houbu::toJsonArray(s.runs)},
                  {"run"_L1, houbu::toJson(s.run)},
                  {"seats"_L1, houbu::toJsonArray(s.seats)},
                  {"queues"_L1, houbu::toJsonArray(houbu::queueValues(s.queues))},
                  {"hot_queues"_L1, s.hotQueues ? houbu::toJsonArray(*s.hotQueues) : QJsonArray()},
                  {"ranked_seq"_L1, s.rankedSeq},
                  {"standing_tickets"_L1, houbu::toJsonArray(s.standingTickets)},
                  {"limits"_L1, houbu::toJson(s.limits)}};
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

// Records what a session publishes.
struct Recorder {
    QList<houbu::EventRecord> events;
    houbu::SnapshotPtr snapshot;
    QStringList failures;
    QList<RemoteSession::State> states;
    QStringList details;
    int snapshots = 0;
    int traces = 0;
    explicit Recorder(houbu::Session* s) {
        // The events of the stream: an embedded session also hands out its
        // match trace (kept beside the stream), which houbud does not serve.
        QObject::connect(s, &houbu::Session::eventsApplied, s,
                         [this](const QList<houbu::EventRecord>& list) {
                             for (const houbu::EventRecord& e : list) {
                                 const QString kind = e.kindName();
                                 if (kind == "match_considered"_L1 || kind == "match_skipped"_L1)
                                     ++traces;
                                 else
                                     events << e;
                             }
                         });
        QObject::connect(s, &houbu::Session::snapshotChanged, s,
                         [this](const houbu::SnapshotPtr& p) {
                             snapshot = p;
                             ++snapshots;
                         });
        QObject::connect(s, &houbu::Session::failed, s,
                         [this](const QString& m) { failures << m; });
        if (auto* r = qobject_cast<RemoteSession*>(s))
            QObject::connect(r, &RemoteSession::stateChanged, s,
                             [this](RemoteSession::State st, const QString& d) {
                                 states << st;
                                 details << d;
                             });
    }
    qint64 lastSeq() const { return snapshot ? snapshot->lastSeq : -1; }
};

// A loopback proxy in front of houbud that can lose the answer of one POST
// of commands: the server applies them, the client sees its connection close
// (with `cutShort`, after the answer's status line and a byte of its body).
// It can lose the answer of one snapshot read the same way.
class AnswerLosingProxy : public QObject {
  public:
    explicit AnswerLosingProxy(quint16 upstream) : upstream_(upstream) {
        QObject::connect(&listener_, &QTcpServer::newConnection, this, [this] { accept(); });
        listener_.listen(QHostAddress::LocalHost);
    }
    quint16 port() const { return listener_.serverPort(); }
    bool loseNextCommandAnswer = false;
    bool loseNextSnapshotAnswer = false;
    bool cutShort = false;
    int answersLost = 0;

  private:
    void accept() {
        while (QTcpSocket* client = listener_.nextPendingConnection()) {
            auto* server = new QTcpSocket(client);
            auto losing = std::make_shared<bool>(false);
            server->connectToHost(QHostAddress::LocalHost, upstream_);
            QObject::connect(
                client, &QTcpSocket::readyRead, client, [this, client, server, losing] {
                    const QByteArray data = client->readAll();
                    if (loseNextCommandAnswer && data.contains("POST /api/v1/commands")) {
                        loseNextCommandAnswer = false;
                        *losing = true;
                    }
                    if (loseNextSnapshotAnswer && data.startsWith("GET /api/v1/snapshot")) {
                        loseNextSnapshotAnswer = false;
                        *losing = true;
                    }
                    server->write(data);
                });
            QObject::connect(server, &QTcpSocket::readyRead, client,
                             [this, client, server, losing] {
                                 const QByteArray data = server->readAll();
                                 if (*losing) {
                                     ++answersLost;
                                     const qsizetype head = data.indexOf("\r\n\r\n");
                                     if (cutShort && head > 0) {
                                         client->write(data.left(head + 5));
                                         client->flush();
                                     }
                                     client->abort();
                                     return;
                                 }
                                 client->write(data);
                             });
            QObject::connect(client, &QTcpSocket::disconnected, client, &QObject::deleteLater);
            QObject::connect(server, &QTcpSocket::disconnected, client,
                             [client] { client->disconnectFromHost(); });
        }
    }

    QTcpServer listener_;
    quint16 upstream_;
};

}  // namespace

class TestRemoteSession : public QObject {
    Q_OBJECT

    QTemporaryDir tmp_;
    QString tokens_;
    QByteArray dispatcher_, viewer_;
    Houbud server_;

    QUrl base() const { return QUrl(u"http://127.0.0.1:%1"_s.arg(server_.port)); }

  private slots:
    void initTestCase() {
        QVERIFY(tmp_.isValid());
        tokens_ = tmp_.filePath(u"t.tokens"_s);
        dispatcher_ = houbudToken({u"add"_s, u"--role"_s, u"dispatcher"_s, u"--tokens"_s, tokens_});
        viewer_ = houbudToken({u"add"_s, u"--role"_s, u"viewer"_s, u"--tokens"_s, tokens_});
        server_.dir = tmp_.path();
        server_.args = {u"--store"_s,  tmp_.filePath(u"remote.db"_s),
                        u"--tokens"_s, tokens_,
                        u"--rate"_s,   u"0"_s};
        QVERIFY2(server_.start(), server_.log.constData());
    }

    void sameAsEmbedded() {
        RemoteSession remote;
        Recorder r(&remote);
        QSignalSpy opened(&remote, &RemoteSession::opened);
        remote.open(base(), dispatcher_);
        QTRY_COMPARE_WITH_TIMEOUT(opened.size(), 1, 20000);
        QCOMPARE(opened[0][0].toBool(), true);
        QCOMPARE(remote.role(), u"dispatcher"_s);
        QVERIFY(remote.canSend());
        QVERIFY(remote.isRemote());
        QCOMPARE(remote.description(),
                 u"Remote · http://127.0.0.1:%1 (dispatcher)"_s.arg(server_.port));
        QCOMPARE(remote.state(), RemoteSession::State::Connected);
        QTRY_VERIFY_WITH_TIMEOUT(r.snapshot != nullptr, 20000);

        houbu::EmbeddedSession embedded;
        Recorder e(&embedded);
        embedded.open(houbu::StoreOptions{});

        // Version 2's state too: limits in force, standing places and a standing ticket.
        QList<QByteArray> all =
            QList<QByteArray>{kTrain} + commands(0, 12) +
            QList<QByteArray>{
                R"({"op":"configure","limits":{"passengers":9,"options":null,"open_orders_per_user":6}})",
                R"({"op":"add_car","train":"G1","date":"2024-01-20","car":2,"class":"二等座","rows":1,"layout":"A","standing":2})",
                R"({"op":"sell","id":"st1","train":"G1","date":"2024-01-20","from":"A","to":"B","class":"二等座","passengers":["站1"],"standing":true})"};
        // In several sends, as an operator would.
        int sends = 0;
        for (qsizetype i = 0; i < all.size(); i += 10, ++sends) {
            remote.send(all.mid(i, 10));
            embedded.send(all.mid(i, 10));
        }
        // The embedded session publishes a stream of sends once a frame: its
        // last snapshot comes at most a frame after the last send's events,
        // and once more when the queues' ranking is due (at most every
        // ConsoleSnapshot::kRankEveryMs).
        QTRY_VERIFY_WITH_TIMEOUT(!e.events.isEmpty() && e.snapshot &&
                                     e.snapshot->lastSeq == e.events.last().seq &&
                                     e.snapshot->rankedSeq == e.snapshot->lastSeq,
                                 20000);
        QVERIFY(e.snapshots >= 2 && e.snapshots <= sends + 2);
        const qint64 last = e.events.last().seq;
        QTRY_COMPARE_WITH_TIMEOUT(r.events.size(), e.events.size(), 20000);
        for (qsizetype i = 0; i < e.events.size(); ++i) {
            QCOMPARE(r.events[i].seq, e.events[i].seq);
            QCOMPARE(r.events[i].line(), e.events[i].line());
        }
        // The throttled refresh catches up with the last event.
        QTRY_COMPARE_WITH_TIMEOUT(r.lastSeq(), last, 20000);
        QVERIFY(!r.snapshot->queues.empty());
        QCOMPARE(r.snapshot->limits.passengers, 9);
        QCOMPARE(r.snapshot->limits.openOrdersPerUser, 6);
        QCOMPARE(r.snapshot->limits.options, -1);
        QCOMPARE(r.snapshot->standingTickets.size(), std::size_t(1));
        QCOMPARE(r.snapshot->standingTickets.front().ticket, std::string("st1.1"));
        QCOMPARE(snapshotJson(*r.snapshot), snapshotJson(*e.snapshot));
        QVERIFY(r.failures.isEmpty());

        // Why an order waits, as the embedded session says.
        QSignalSpy why(&remote, &houbu::Session::whyWaiting);
        QSignalSpy whyEmbedded(&embedded, &houbu::Session::whyWaiting);
        const QString order = QString::fromStdString(r.snapshot->queues.front()->orders.front().id);
        remote.explain(order);
        embedded.explain(order);
        QTRY_COMPARE_WITH_TIMEOUT(why.size(), 1, 20000);
        QTRY_COMPARE_WITH_TIMEOUT(whyEmbedded.size(), 1, 20000);
        QCOMPARE(
            QJsonDocument(houbu::toJsonArray(why[0][1].value<std::vector<houbu::WaitReason>>()))
                .toJson(),
            QJsonDocument(
                houbu::toJsonArray(whyEmbedded[0][1].value<std::vector<houbu::WaitReason>>()))
                .toJson());
    }

    // The server's engine answers a precheck as the embedded engine does on
    // the same state, for an accepted command, a refused one, a duplicate and
    // a line that does not parse; nothing is applied.
    void precheckAsksTheServersEngine() {
        RemoteSession remote;
        Recorder r(&remote);
        QSignalSpy opened(&remote, &RemoteSession::opened);
        remote.open(base(), dispatcher_);
        QTRY_COMPARE_WITH_TIMEOUT(opened.size(), 1, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(r.snapshot != nullptr, 20000);

        // Both engines in one state: the server may have these commands from
        // an earlier test already, and then answers them `duplicate`, which
        // changes nothing. The submit's answer comes after the sends'.
        houbu::EmbeddedSession embedded;
        Recorder e(&embedded);
        embedded.open(houbu::StoreOptions{});
        QList<QByteArray> all = QList<QByteArray>{kTrain} + commands(0, 12);
        remote.send(all);
        embedded.send(all);
        QSignalSpy answered(&remote, &houbu::Session::commandAnswered);
        remote.submit(all.back());
        QTRY_COMPARE_WITH_TIMEOUT(answered.size(), 1, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(e.snapshot && e.snapshot->journalLength == all.size(), 20000);
        QTRY_VERIFY_WITH_TIMEOUT(r.lastSeq() == remote.lastSeq() && r.lastSeq() > 0, 20000);
        const qint64 journal = r.snapshot->journalLength;

        const QList<QByteArray> asked = {
            R"({"op":"waitlist","id":"w-new","user":"u-new","passengers":["新"],"from":"A","to":"B","options":[{"train":"G1","date":"2024-01-20","class":"二等座"}]})",
            R"({"op":"sell","id":"s-none","train":"G404","date":"2024-01-20","from":"A","to":"B","class":"二等座","passengers":["无"]})",
            all.back(),
            "{not json",
        };
        QSignalSpy remoteAnswers(&remote, &houbu::Session::prechecked);
        QSignalSpy embeddedAnswers(&embedded, &houbu::Session::prechecked);
        // Answers may come in any order (the network uses several
        // connections): they are matched by ticket.
        QHash<quint64, qsizetype> remoteTickets, embeddedTickets;
        for (qsizetype i = 0; i < asked.size(); ++i) {
            remoteTickets.insert(remote.precheck(asked[i]), i);
            embeddedTickets.insert(embedded.precheck(asked[i]), i);
        }
        QTRY_COMPARE_WITH_TIMEOUT(remoteAnswers.size(), asked.size(), 20000);
        QTRY_COMPARE_WITH_TIMEOUT(embeddedAnswers.size(), asked.size(), 20000);
        std::vector<houbu::PrecheckReply> mineOf(asked.size()), theirsOf(asked.size());
        for (const QList<QVariant>& a : remoteAnswers)
            mineOf[remoteTickets.value(a[0].toULongLong())] = a[1].value<houbu::PrecheckReply>();
        for (const QList<QVariant>& a : embeddedAnswers)
            theirsOf[embeddedTickets.value(a[0].toULongLong())] =
                a[1].value<houbu::PrecheckReply>();
        int refused = 0;
        for (qsizetype i = 0; i < asked.size(); ++i) {
            const auto& mine = mineOf[i];
            const auto& theirs = theirsOf[i];
            QVERIFY2(mine.known, asked[i].constData());
            QCOMPARE(mine.answer.accepted(), theirs.answer.accepted());
            QCOMPARE(mine.answer.duplicate, theirs.answer.duplicate);
            QCOMPARE(mine.answer.error, theirs.answer.error);
            QCOMPARE(mine.answer.message, theirs.answer.message);
            refused += mine.answer.error ? 1 : 0;
        }
        QCOMPARE(refused, 2);  // the unknown train and the line that does not parse
        QVERIFY(mineOf[0].answer.accepted());
        // The accepted order is previewed on both engines alike: the same
        // events (the server's carry no input line, and its stream may be
        // longer from earlier tests), the same queues.
        QVERIFY(mineOf[0].preview && theirsOf[0].preview);
        QVERIFY(!mineOf[0].preview->events.empty());
        auto lines = [](std::vector<houbu::Event> events) {
            QList<QByteArray> out;
            for (houbu::Event& e : events) {
                e.line = 0;
                e.seq = 0;
                out << houbu::encodeEvent(e);
            }
            return out;
        };
        QCOMPARE(lines(mineOf[0].preview->events), lines(theirsOf[0].preview->events));
        QCOMPARE(mineOf[0].preview->longestBefore, theirsOf[0].preview->longestBefore);
        QCOMPARE(mineOf[0].preview->longestAfter, theirsOf[0].preview->longestAfter);
        QVERIFY(!mineOf[1].preview && !mineOf[3].preview);
        QVERIFY(mineOf[2].answer.duplicate);
        // Nothing was applied.
        QTest::qWait(200);
        QCOMPARE(r.snapshot->journalLength, journal);

        // A viewer cannot send, so it is not asked either.
        RemoteSession viewer;
        QSignalSpy viewerOpened(&viewer, &RemoteSession::opened);
        viewer.open(base(), viewer_);
        QTRY_COMPARE_WITH_TIMEOUT(viewerOpened.size(), 1, 20000);
        QSignalSpy viewerAnswers(&viewer, &houbu::Session::prechecked);
        viewer.precheck(asked[0]);
        QTRY_COMPARE_WITH_TIMEOUT(viewerAnswers.size(), 1, 20000);
        QVERIFY(!viewerAnswers[0][1].value<houbu::PrecheckReply>().known);
    }

    // A queue longer than a snapshot lists: its first rows and its whole
    // length; asking for more rows of it brings them with the next snapshot.
    void longQueueReadsMoreRowsOnRequest() {
        QTemporaryDir dir;
        Houbud own;
        own.dir = dir.path();
        own.args = {u"--store"_s, dir.filePath(u"paging.db"_s), u"--tokens"_s, tokens_, u"--rate"_s,
                    u"0"_s};
        QVERIFY2(own.start(), own.log.constData());
        const QUrl url(u"http://127.0.0.1:%1"_s.arg(own.port));
        constexpr int kOrders = houbu::ConsoleSnapshot::kQueueRows + 150;
        QList<QByteArray> story{
            R"({"op":"train","at":"2024-01-05T09:00","train":"L1","date":"2024-01-20","stops":[{"station":"A","km":0},{"station":"B","km":100}],"cars":[{"car":1,"class":"二等座","rows":1,"layout":"A"}]})",
            R"({"op":"sell","id":"ls","train":"L1","date":"2024-01-20","from":"A","to":"B","class":"二等座","passengers":["lp"]})"};
        for (int i = 0; i < kOrders; ++i) {
            story << u"{\"op\":\"waitlist\",\"id\":\"lw%1\",\"user\":\"lu%1\",\"passengers\":"
                     u"[\"lq%1\"],\"from\":\"A\",\"to\":\"B\",\"options\":[{\"train\":\"L1\","
                     u"\"date\":\"2024-01-20\",\"class\":\"二等座\"}]}"_s.arg(i)
                         .toUtf8();
            story << u"{\"op\":\"prepay\",\"id\":\"lw%1\"}"_s.arg(i).toUtf8();
        }
        RemoteSession remote;
        Recorder r(&remote);
        QSignalSpy opened(&remote, &RemoteSession::opened);
        remote.open(url, dispatcher_);
        QTRY_COMPARE_WITH_TIMEOUT(opened.size(), 1, 20000);
        remote.focus(u"L1"_s, u"2024-01-20"_s);
        remote.send(story);
        const auto queue = [&]() -> const houbu::QueueView* {
            return r.snapshot && r.snapshot->run.train == "L1" && r.snapshot->queues.size() == 1
                       ? r.snapshot->queues.front().get()
                       : nullptr;
        };
        QTRY_VERIFY_WITH_TIMEOUT(queue() && queue()->length == kOrders, 30000);
        QCOMPARE(int(queue()->orders.size()), houbu::ConsoleSnapshot::kQueueRows);
        QCOMPARE(queue()->passengers, kOrders);
        QCOMPARE(queue()->orders.back().rank, houbu::ConsoleSnapshot::kQueueRows);
        remote.showQueueRows(u"二等座"_s, 0, 1, 0, kOrders);
        QTRY_COMPARE_WITH_TIMEOUT(int(queue()->orders.size()), kOrders, 20000);
        QCOMPARE(queue()->orders.back().id, u"lw%1"_s.arg(kOrders - 1).toStdString());
        QCOMPARE(queue()->orders.back().rank, kOrders);
    }

    // A viewer's console forecasts through houbud's engine as an embedded
    // one does on the same state: the same probability, interval, time and
    // basis for every queued order, order_closed for one served and
    // unknown_order for one that never was; nothing is journaled.
    void forecastAsksTheServersEngine() {
        // A server of its own: a forecast reads the whole state (how queued
        // orders left so far, over every run), which the other tests change.
        QTemporaryDir dir;
        Houbud own;
        own.dir = dir.path();
        own.args = {u"--store"_s, dir.filePath(u"forecast.db"_s), u"--tokens"_s, tokens_};
        QVERIFY2(own.start(), own.log.constData());
        const QUrl url(u"http://127.0.0.1:%1"_s.arg(own.port));
        RemoteSession dispatcher;
        Recorder d(&dispatcher);
        QSignalSpy opened(&dispatcher, &RemoteSession::opened);
        dispatcher.open(url, dispatcher_);
        QTRY_COMPARE_WITH_TIMEOUT(opened.size(), 1, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(d.snapshot != nullptr, 20000);
        houbu::EmbeddedSession embedded;
        Recorder e(&embedded);
        embedded.open(houbu::StoreOptions{});
        const QList<QByteArray> all = QList<QByteArray>{kTrain} + commands(0, 12);
        dispatcher.send(all);
        embedded.send(all);
        QTRY_VERIFY_WITH_TIMEOUT(e.snapshot && e.snapshot->journalLength == all.size(), 20000);

        RemoteSession viewer;
        Recorder v(&viewer);
        QSignalSpy viewerOpened(&viewer, &RemoteSession::opened);
        viewer.open(url, viewer_);
        QTRY_COMPARE_WITH_TIMEOUT(viewerOpened.size(), 1, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(
            v.snapshot && v.snapshot->lastSeq == dispatcher.lastSeq() && v.snapshot->lastSeq > 0,
            20000);
        QCOMPARE(v.snapshot->clock, e.snapshot->clock);
        const qint64 journal = v.snapshot->journalLength;

        QStringList orders;
        for (int i = 0; i < 12; ++i)
            orders << u"w%1"_s.arg(i);
        orders << u"nope"_s;
        QSignalSpy remoteAnswers(&viewer, &houbu::Session::forecasted);
        QSignalSpy remoteProgress(&viewer, &houbu::Session::forecastProgress);
        QSignalSpy embeddedAnswers(&embedded, &houbu::Session::forecasted);
        QVERIFY(viewer.canForecast());
        viewer.forecast(orders, 30);
        embedded.forecast(orders, 30);
        auto byOrder = [](const QSignalSpy& spy) {
            QHash<QString, houbu::OrderForecast> out;
            for (const QList<QVariant>& a : spy)
                for (const houbu::OrderForecast& f : a[0].value<QList<houbu::OrderForecast>>())
                    out.insert(f.order, f);
            return out;
        };
        QTRY_COMPARE_WITH_TIMEOUT(byOrder(remoteAnswers).size(), orders.size(), 20000);
        QTRY_COMPARE_WITH_TIMEOUT(byOrder(embeddedAnswers).size(), orders.size(), 20000);
        QCOMPARE(remoteProgress.last()[0].toInt(), int(orders.size()));
        const auto mine = byOrder(remoteAnswers), theirs = byOrder(embeddedAnswers);
        int queued = 0, closed = 0;
        for (const QString& id : orders) {
            const houbu::OrderForecast& m = mine[id];
            const houbu::OrderForecast& t = theirs[id];
            QCOMPARE(m.value.has_value(), t.value.has_value());
            if (m.value) {
                QCOMPARE(m.value->probability, t.value->probability);
                QCOMPARE(m.value->low, t.value->low);
                QCOMPARE(m.value->high, t.value->high);
                QCOMPARE(m.value->by, t.value->by);
                QCOMPARE(m.value->basis, t.value->basis);
                ++queued;
            } else {
                QCOMPARE(m.error, t.error);
                closed += m.error == houbu::ErrorCode::OrderClosed ? 1 : 0;
            }
            QCOMPARE(m.clock, v.snapshot->clock);
        }
        QVERIFY2(queued > 0 && closed > 0,
                 qPrintable(u"%1 queued, %2 closed"_s.arg(queued).arg(closed)));
        QCOMPARE(mine[u"nope"_s].error, houbu::ErrorCode::UnknownOrder);
        // Reads: nothing was journaled.
        QTest::qWait(200);
        QCOMPARE(v.snapshot->journalLength, journal);

        // The whole run at once: the server's answers are the embedded
        // engine's, for every order queued on the run.
        QVERIFY(viewer.canForecastRun());
        QSignalSpy remoteRun(&viewer, &houbu::Session::runForecasted);
        QSignalSpy embeddedRun(&embedded, &houbu::Session::runForecasted);
        viewer.forecastRun(u"G1"_s, u"2024-01-20"_s, 30);
        embedded.forecastRun(u"G1"_s, u"2024-01-20"_s, 30);
        QTRY_COMPARE_WITH_TIMEOUT(remoteRun.size(), 1, 20000);
        QTRY_COMPARE_WITH_TIMEOUT(embeddedRun.size(), 1, 20000);
        const auto runMine = remoteRun.front()[2].value<QList<houbu::OrderForecast>>();
        const auto runTheirs = embeddedRun.front()[2].value<QList<houbu::OrderForecast>>();
        QCOMPARE(runMine.size(), qsizetype(queued));
        QCOMPARE(runMine.size(), runTheirs.size());
        for (qsizetype k = 0; k < runMine.size(); ++k) {
            QCOMPARE(runMine[k].order, runTheirs[k].order);
            QVERIFY(runMine[k].wholeRun && runMine[k].value);
            QCOMPARE(runMine[k].value->probability, runTheirs[k].value->probability);
            QCOMPARE(runMine[k].value->low, runTheirs[k].value->low);
            QCOMPARE(runMine[k].value->high, runTheirs[k].value->high);
            QCOMPARE(runMine[k].value->by, runTheirs[k].value->by);
            QCOMPARE(runMine[k].value->basis, runTheirs[k].value->basis);
        }
        // An unknown run, a bad time: refused, nothing journaled.
        Http http;
        QCOMPARE(
            http.get(url.resolved(QUrl(u"/api/v1/runs/G9/2024-01-20/forecast"_s)), viewer_).status,
            404);
        QCOMPARE(http.get(url.resolved(QUrl(u"/api/v1/runs/G1/2024-01-20/forecast?until=soon"_s)),
                          viewer_)
                     .status,
                 400);
        // The horizon is bounded (every path is drawn to it).
        for (const QString& bad :
             {u"minutes=0"_s, u"minutes=1441"_s, u"minutes=ten"_s, u"until=2030-01-01T00:00"_s})
            QCOMPARE(http.get(url.resolved(QUrl(u"/api/v1/runs/G1/2024-01-20/forecast?"_s + bad)),
                              viewer_)
                         .status,
                     400);
        QCOMPARE(v.snapshot->journalLength, journal);
    }

    // The answer of a command is lost after the server applied it: the
    // session sends it again under the same Idempotency-Key and gets the
    // first sending's answer; the command is journaled once.
    void lostAnswerIsNotAppliedTwice() {
        AnswerLosingProxy proxy(server_.port);
        RemoteSession remote;
        QSignalSpy opened(&remote, &RemoteSession::opened);
        QSignalSpy answered(&remote, &RemoteSession::commandAnswered);
        remote.open(QUrl(u"http://127.0.0.1:%1"_s.arg(proxy.port())), dispatcher_);
        QTRY_COMPARE_WITH_TIMEOUT(opened.size(), 1, 20000);
        Http http;
        const auto journalLength = [&] {
            return http.get(server_.url(u"/health"_s))
                .json()
                .value("journal_length"_L1)
                .toInteger();
        };
        remote.submit(kTrain);
        QTRY_COMPARE_WITH_TIMEOUT(answered.size(), 1, 20000);
        const qint64 before = journalLength();
        proxy.loseNextCommandAnswer = true;
        const quint64 ticket = remote.submit(commands(900, 1).front());
        QTRY_COMPARE_WITH_TIMEOUT(answered.size(), 2, 20000);
        QCOMPARE(proxy.answersLost, 1);
        QCOMPARE(answered[1][0].toULongLong(), ticket);
        QVERIFY2(answered[1][2].toString().isEmpty(), qPrintable(answered[1][2].toString()));
        const auto events = answered[1][1].value<QList<houbu::EventRecord>>();
        QVERIFY(!events.isEmpty());
        // The events of the one journaled sending (whatever they are on a
        // train other tests have filled).
        for (const houbu::EventRecord& e : events)
            QCOMPARE(qint64(e.event.line), before + 1);
        QCOMPARE(journalLength(), before + 1);
    }

    // Found by houbu_sim: an answer whose status came but whose body was cut
    // off was taken as answered, and reported as "not applied" (a network
    // error) though the server had applied the command.
    void answerCutShortIsResent() {
        AnswerLosingProxy proxy(server_.port);
        RemoteSession remote;
        QSignalSpy opened(&remote, &RemoteSession::opened);
        QSignalSpy answered(&remote, &RemoteSession::commandAnswered);
        remote.open(QUrl(u"http://127.0.0.1:%1"_s.arg(proxy.port())), dispatcher_);
        QTRY_COMPARE_WITH_TIMEOUT(opened.size(), 1, 20000);
        Http http;
        const auto journalLength = [&] {
            return http.get(server_.url(u"/health"_s))
                .json()
                .value("journal_length"_L1)
                .toInteger();
        };
        remote.submit(kTrain);
        QTRY_COMPARE_WITH_TIMEOUT(answered.size(), 1, 20000);
        const qint64 before = journalLength();
        proxy.loseNextCommandAnswer = true;
        proxy.cutShort = true;
        const quint64 ticket = remote.submit(commands(950, 1).front());
        QTRY_COMPARE_WITH_TIMEOUT(answered.size(), 2, 20000);
        QCOMPARE(proxy.answersLost, 1);
        QCOMPARE(answered[1][0].toULongLong(), ticket);
        QVERIFY2(answered[1][2].toString().isEmpty(), qPrintable(answered[1][2].toString()));
        const auto events = answered[1][1].value<QList<houbu::EventRecord>>();
        QVERIFY(!events.isEmpty());
        for (const houbu::EventRecord& e : events)
            QCOMPARE(qint64(e.event.line), before + 1);
        QCOMPARE(journalLength(), before + 1);
    }

    // Found by houbu_sim: when the snapshot read after the last events was
    // lost, nothing asked again, and the grid stayed behind the log for good.
    void lostSnapshotIsReadAgain() {
        AnswerLosingProxy proxy(server_.port);
        RemoteSession remote;
        remote.setHistoryEvents(0);
        Recorder r(&remote);
        QSignalSpy answered(&remote, &RemoteSession::commandAnswered);
        remote.open(QUrl(u"http://127.0.0.1:%1"_s.arg(proxy.port())), dispatcher_);
        QTRY_VERIFY_WITH_TIMEOUT(r.snapshot != nullptr, 20000);
        // Cut short: an answer lost whole is sent again by Qt itself.
        proxy.loseNextSnapshotAnswer = true;
        proxy.cutShort = true;
        remote.submit(commands(970, 1).front());
        QTRY_COMPARE_WITH_TIMEOUT(answered.size(), 1, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(!r.events.isEmpty(), 20000);
        const qint64 last = r.events.back().seq;
        QTRY_COMPARE_WITH_TIMEOUT(proxy.answersLost, 1, 20000);
        QTRY_COMPARE_WITH_TIMEOUT(r.lastSeq(), last, 20000);
    }

    void viewerIsReadOnly() {
        RemoteSession remote;
        Recorder r(&remote);
        QSignalSpy opened(&remote, &RemoteSession::opened);
        remote.open(base(), viewer_);
        QTRY_COMPARE_WITH_TIMEOUT(opened.size(), 1, 20000);
        QCOMPARE(remote.role(), u"viewer"_s);
        QVERIFY(!remote.canSend());
        remote.send({kTrain});
        QTRY_COMPARE_WITH_TIMEOUT(r.failures.size(), 1, 20000);
    }

    // A new connection shows the server's history first: every event it holds,
    // or its last setHistoryEvents(N), in order and once, then what comes.
    void historyFromTheServer() {
        Http http;
        const qint64 last = http.get(server_.url(u"/api/v1/whoami"_s), viewer_)
                                .json()
                                .value("last_seq"_L1)
                                .toInteger();
        QVERIFY(last > 10);
        for (qint64 history : {qint64(-1), qint64(5)}) {
            RemoteSession remote;
            if (history >= 0) remote.setHistoryEvents(history);
            Recorder r(&remote);
            remote.open(base(), viewer_);
            const qint64 first = history >= 0 ? last - history + 1 : 1;
            QTRY_COMPARE_WITH_TIMEOUT(r.events.size(), last - first + 1, 20000);
            for (qsizetype i = 0; i < r.events.size(); ++i)
                QCOMPARE(r.events[i].seq, first + i);
            QCOMPARE(remote.lastSeq(), last);
        }
    }

    void wrongToken() {
        RemoteSession remote;
        QSignalSpy opened(&remote, &RemoteSession::opened);
        remote.open(base(), "hb_000000000000_wrong");
        QTRY_COMPARE_WITH_TIMEOUT(opened.size(), 1, 20000);
        QCOMPARE(opened[0][0].toBool(), false);
        QVERIFY(opened[0][1].toString().contains(u"401"_s));
        QCOMPARE(remote.state(), RemoteSession::State::Disconnected);
    }

    // The server is killed (SIGKILL) between commands and started again on its
    // port; the session resumes after the last event it saw.
    void serverRestartMidStream() {
        RemoteSession remote;
        remote.setHistoryEvents(0);  // from the present: what follows is resumed
        Recorder r(&remote);
        QSignalSpy opened(&remote, &RemoteSession::opened);
        remote.open(base(), viewer_);
        QTRY_COMPARE_WITH_TIMEOUT(opened.size(), 1, 20000);
        const qint64 start = remote.lastSeq();
        Http http;
        const QUrl post = server_.url(u"/api/v1/commands"_s);
        for (int round = 0; round < 3; ++round) {
            // Commands while the session listens...
            for (int i = 0; i < 5; ++i) {
                const QList<QByteArray> batch = commands(100 + round * 50 + i * 5, 5);
                QByteArray body;
                for (const QByteArray& c : batch)
                    body += c + '\n';
                QCOMPARE(http.post(post, dispatcher_, body).status, 200);
            }
            // ...then the server dies at once, and commands go on after its restart
            // before the session is back.
            const quint16 port = server_.port;
            server_.kill();
            QTRY_VERIFY_WITH_TIMEOUT(remote.state() == RemoteSession::State::Reconnecting, 20000);
            QVERIFY2(server_.start(port), server_.log.constData());
            QByteArray body;
            for (const QByteArray& c : commands(100 + round * 50 + 40, 3))
                body += c + '\n';
            QCOMPARE(http.post(post, dispatcher_, body).status, 200);
        }
        const qint64 last = http.get(server_.url(u"/api/v1/whoami"_s), viewer_)
                                .json()
                                .value("last_seq"_L1)
                                .toInteger();
        QTRY_COMPARE_WITH_TIMEOUT(remote.lastSeq(), last, 30000);
        QVERIFY2(remote.state() == RemoteSession::State::Connected,
                 qPrintable(r.details.join(u" | "_s)));
        QCOMPARE(r.events.size(), last - start);
        for (qsizetype i = 0; i < r.events.size(); ++i)
            QCOMPARE(r.events[i].seq, start + 1 + i);
        QVERIFY(r.states.contains(RemoteSession::State::Reconnecting));
        QTRY_COMPARE_WITH_TIMEOUT(r.lastSeq(), last, 20000);
    }

    // Another store behind the same address (fewer events than the session saw):
    // the session reports it and stops retrying instead of showing a wrong log.
    void otherServerStopsRetries() {
        RemoteSession remote;
        Recorder r(&remote);
        QSignalSpy opened(&remote, &RemoteSession::opened);
        remote.open(base(), viewer_);
        QTRY_COMPARE_WITH_TIMEOUT(opened.size(), 1, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(remote.lastSeq() > 0, 20000);
        const quint16 port = server_.port;
        server_.kill();
        Houbud other;
        other.dir = tmp_.path();
        other.args = {u"--store"_s, tmp_.filePath(u"other.db"_s), u"--tokens"_s, tokens_};
        QVERIFY2(other.start(port), other.log.constData());
        QTRY_COMPARE_WITH_TIMEOUT(remote.state(), RemoteSession::State::Disconnected, 30000);
        QVERIFY(!r.failures.isEmpty());
        QCOMPARE(other.stop(), 0);
        QVERIFY2(server_.start(port), server_.log.constData());
    }

    // TLS is verified: a self-signed server is refused unless the caller trusts
    // its certificate.
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
        Houbud secure;
        secure.dir = tmp_.path();
        secure.args = {u"--store"_s,    tmp_.filePath(u"tls.db"_s),
                       u"--tokens"_s,   tokens_,
                       u"--tls-cert"_s, cert,
                       u"--tls-key"_s,  key};
        QVERIFY2(secure.start(), secure.log.constData());
        const QUrl url(u"https://127.0.0.1:%1"_s.arg(secure.port));
        {
            RemoteSession untrusting;
            QSignalSpy opened(&untrusting, &RemoteSession::opened);
            untrusting.open(url, viewer_);
            QTRY_COMPARE_WITH_TIMEOUT(opened.size(), 1, 20000);
            QCOMPARE(opened[0][0].toBool(), false);
        }
        RemoteSession remote;
        Recorder r(&remote);
        remote.setTrustedCertificates(QSslCertificate::fromPath(cert));
        QSignalSpy opened(&remote, &RemoteSession::opened);
        remote.open(url, dispatcher_);
        QTRY_COMPARE_WITH_TIMEOUT(opened.size(), 1, 20000);
        QCOMPARE(opened[0][0].toBool(), true);
        QVERIFY(remote.description().startsWith(u"Remote · https://127.0.0.1:"_s));
        remote.send({kTrain});
        QTRY_COMPARE_WITH_TIMEOUT(r.events.size(), 1, 20000);
        QTRY_COMPARE_WITH_TIMEOUT(r.lastSeq(), 1, 20000);
        QCOMPARE(r.snapshot->runs.size(), std::size_t(1));
        QCOMPARE(secure.stop(), 0);
    }

    void cleanupTestCase() { QCOMPARE(server_.stop(), 0); }
};

QTEST_MAIN(TestRemoteSession)
#include "tst_remote_session.moc"
