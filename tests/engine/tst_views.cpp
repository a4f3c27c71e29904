// Read-only views agree with the event stream and with the query commands.

#include <QFile>
#include <QTest>

#include "harness.h"

using namespace houbu;
using namespace houbu::test;
using namespace Qt::StringLiterals;

class TestViews : public QObject {
    Q_OBJECT

  private slots:
    void seatsAndHolders() {
        Session s;
        s.send({g1(), sell("S1", "北京", "济南", R"(["张三"])", R"(,"seats":["03-01A"])"),
                op("pay", "S1"),
                sell("S2", "济南", "青岛", R"(["李四"])", R"(,"seats":["03-01A"])")});
        s.send(
            R"({"op":"block","id":"Q1","train":"G1","date":"2024-01-20","from":"北京","to":"青岛","class":"business","count":1})");
        const auto seats = s.engine().seats("G1", "2024-01-20");
        QCOMPARE(seats.size(), std::size_t(5));
        QCOMPARE(seats.front().label, std::string("01-01A"));  // car 1 first
        const SeatView& a = seats[3];
        QCOMPARE(a.label, std::string("03-01A"));
        QCOMPARE(a.holders.size(), std::size_t(2));
        QCOMPARE(a.holders[0].kind, HolderView::Kind::Paid);
        QCOMPARE(a.holders[0].passenger, std::string("张三"));
        QCOMPARE(a.holders[1].kind, HolderView::Kind::Held);
        QCOMPARE(a.holders[1].from, 2);
        QCOMPARE(a.mask, std::uint64_t{0b1111});
        QCOMPARE(seats[0].holders.at(0).kind, HolderView::Kind::Block);
        const auto runs = s.engine().runSummaries();
        QCOMPARE(runs.size(), std::size_t(1));
        QCOMPARE(runs[0].seats, 5);
        QCOMPARE(runs[0].loadFactor, (4.0 + 4.0) / (5 * 4));
        QCOMPARE(runs[0].freeSeatSegments, std::int64_t{5 * 4 - 8});
        QCOMPARE(runs[0].longestQueue, -1);  // not ranked: rankQueues says
    }

    // The day's queues ranked by waiting passengers, then orders; each run's
    // longest queue in orders; served and cancelled orders no longer count.
    void queuesRankedOverTheDay() {
        Session s;
        s.send({g1(), sell("S1", "北京", "青岛", R"(["a","b"])"), op("pay", "S1")});
        s.send({waitlist("W1", "北京", "济南", R"(["乙","丙"])"), op("prepay", "W1")});
        s.send({waitlist("W2", "北京", "济南"), op("prepay", "W2")});
        s.send({waitlist("W3", "天津", "济南", R"(["丁"])"), op("prepay", "W3")});
        s.send({waitlist("W4", "天津", "济南", R"(["戊"])"), op("prepay", "W4")});
        s.send({waitlist("W5", "天津", "济南", R"(["己"])"), op("prepay", "W5")});
        QueueRanking ranking = s.engine().rankQueues(10);
        QCOMPARE(ranking.hottest.size(), std::size_t(2));
        // Three passengers each: the one of more orders first.
        const HotQueue& first = ranking.hottest[0];
        QCOMPARE(first.fromStation, std::string("天津"));
        QCOMPARE(first.toStation, std::string("济南"));
        QCOMPARE(first.orders, 3);
        QCOMPARE(first.passengers, 3);
        QCOMPARE(first.freeSeats, 0);
        QCOMPARE(first.train, std::string("G1"));
        QCOMPARE(first.date, std::string("2024-01-20"));
        QCOMPARE(ranking.hottest[1].fromStation, std::string("北京"));
        QCOMPARE(ranking.hottest[1].orders, 2);
        QCOMPARE(ranking.hottest[1].passengers, 3);
        QCOMPARE(ranking.longestQueueOfRun, std::vector<int>{3});
        QCOMPARE(s.engine().rankQueues(1).hottest.size(), std::size_t(1));

        // Two of 天津→济南 leave: 北京→济南 leads, the run's longest is 2.
        s.send({op("cancel", "W4"), op("cancel", "W5")});
        ranking = s.engine().rankQueues(10);
        QCOMPARE(ranking.hottest.size(), std::size_t(2));
        QCOMPARE(ranking.hottest[0].fromStation, std::string("北京"));
        QCOMPARE(ranking.hottest[1].orders, 1);
        QCOMPARE(ranking.longestQueueOfRun, std::vector<int>{2});
        QVERIFY(s.engine().rankQueues(0).hottest.empty());
    }

    // A query answered without applying it (houbud's read-only mode) gives
    // the event apply() gives, numbered 0, and leaves the state as it was.
    void answerQueryChangesNothing() {
        Session s;
        s.send({g1(), sell("S1", "北京", "青岛", R"(["a","b"])"), op("pay", "S1")});
        s.send({waitlist("W1", "北京", "济南", R"(["乙"])"), op("prepay", "W1")});
        const QList<QByteArray> queries = {
            R"({"op":"availability","train":"G1","date":"2024-01-20","from":"北京","to":"济南","class":"second"})",
            R"({"op":"position","id":"W1"})",
            R"({"op":"seatmap","train":"G1","date":"2024-01-20"})",
            R"({"op":"position","id":"nobody"})"};
        for (const QByteArray& line : queries) {
            const ParsedLine parsed = parseCommandLine(line);
            QVERIFY(parsed.command);
            const std::string before = s.engine().snapshot();
            const std::uint64_t seq = s.engine().lastSeq();
            struct Collect : EventSink {
                QByteArray out;
                void onEvent(const Event& e) override { appendEvent(e, out); }
            } answered;
            QVERIFY(s.engine().answerQuery(*parsed.command, 7, answered));
            QCOMPARE(s.engine().lastSeq(), seq);
            QVERIFY(s.engine().snapshot() == before);
            QJsonObject applied = s.one(line);
            QJsonObject fromMemory = QJsonDocument::fromJson(answered.out).object();
            QCOMPARE(fromMemory.value("seq"_L1).toInteger(-1), 0);
            for (QJsonObject* e : {&applied, &fromMemory}) {
                e->remove("seq"_L1);
                e->remove("line"_L1);
            }
            QCOMPARE(fromMemory, applied);
        }
        // Not a query: nothing answered.
        const ParsedLine pay = parseCommandLine(op("pay", "S1"));
        struct None : EventSink {
            int events = 0;
            void onEvent(const Event&) override { ++events; }
        } none;
        QVERIFY(!s.engine().answerQuery(*pay.command, 1, none));
        QCOMPARE(none.events, 0);
    }

    // The memory report counts what the state holds and sizes it by record.
    void memoryUseCountsTheTables() {
        Session s;
        s.send({g1(), sell("S1", "北京", "青岛", R"(["a","b"])"), op("pay", "S1")});
        s.send({waitlist("W1", "北京", "济南", R"(["乙","丙"])"), op("prepay", "W1")});
        s.send({waitlist("W2", "北京", "济南"), op("prepay", "W2")});
        const auto tables = s.engine().memoryUse();
        auto row = [&tables](const std::string& name) {
            for (const MemoryUse& m : tables)
                if (m.table == name) return m;
            return MemoryUse{};
        };
        QCOMPARE(row("orders").records, std::int64_t{2});
        // Two 72-byte orders and the table of their one chunk.
        QCOMPARE(row("orders").bytes, std::int64_t{2 * 72 + 8});
        QCOMPARE(row("tickets").records, std::int64_t{2});
        QCOMPARE(row("sales").records, std::int64_t{1});
        QCOMPARE(row("ids (sales, blocks, orders)").records, std::int64_t{3});
        QCOMPARE(row("passengers").records, std::int64_t{2});
        QCOMPARE(row("seats").records, std::int64_t{5});
        // Timers are dropped when they fire, not when their owner moves on: the
        // paid sale's hold expiry, and each order's prepay timeout and expiry.
        QCOMPARE(row("timers").records, std::int64_t{5});
        QVERIFY(row("queues").records >= 1);
        // Largest first, and every table that holds something takes bytes.
        for (std::size_t i = 1; i < tables.size(); ++i)
            QVERIFY(tables[i - 1].bytes >= tables[i].bytes);
        for (const MemoryUse& m : tables)
            if (m.records > 0) QVERIFY2(m.bytes > 0, m.table.c_str());
    }

    void queuesInRankOrderAndWhyWaiting() {
        Session s;
        s.send({g1(), sell("S1", "北京", "青岛", R"(["a","b"])"), op("pay", "S1")});
        s.send({waitlist("W1", "北京", "济南", R"(["乙","丙"])"), op("prepay", "W1")});
        s.send({waitlist("W2", "北京", "济南"), op("prepay", "W2")});
        s.send({waitlist("W3", "天津", "济南", R"(["丁"])"), op("prepay", "W3")});
        const auto queues = s.engine().queues("G1", "2024-01-20");
        QCOMPARE(queues.size(), std::size_t(2));
        QCOMPARE(queues[0].from, 0);
        QCOMPARE(queues[0].orders.size(), std::size_t(2));
        QCOMPARE(queues[0].orders[0].id, std::string("W1"));
        QCOMPARE(queues[0].orders[1].id, std::string("W2"));
        QCOMPARE(queues[1].orders[0].id, std::string("W3"));
        // A single seat comes back: W2 (single) is served, W1 (pair) still waits.
        s.send(R"({"op":"refund","ticket":"S1.1"})");
        const auto why = s.engine().whyWaiting("W1");
        QCOMPARE(why.size(), std::size_t(1));
        QCOMPARE(why[0].needed, 2);
        QCOMPARE(why[0].free, 0);
        QCOMPARE(why[0].rank, 1);  // W2, ahead of it, was served
        QCOMPARE(why[0].seats.size(), std::size_t(2));
        const auto& blockers = why[0].seats[0].blockers;
        QVERIFY(!blockers.empty());
        QCOMPARE(blockers[0].kind, HolderView::Kind::Served);
        QCOMPARE(blockers[0].sale, std::string("W2"));
        OrderView v;
        QVERIFY(s.engine().order("W2", v));
        QCOMPARE(v.status, std::string("fulfilled"));
        QVERIFY(!s.engine().order("nope", v));
    }

    // Version 2 in the views: standing places, load and tickets of a class, the
    // rank, passengers ahead and level in a queue, and why an order waits on
    // standing, a cap or a passenger who travels meanwhile.
    void versionTwoState() {
        Session s;
        QFile f(QStringLiteral(HOUBU_SOURCE_DIR "/tests/scenarios/standing.jsonl"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = f.readAll().split('\n');
        // Up to the seat map (line 29): w1 stands, w2 sits, 丁 stands.
        for (int i = 0; i < 29; ++i)
            s.send(lines[i]);
        RunView run;
        QVERIFY(s.engine().run("G7", "2024-02-08", run));
        QCOMPARE(run.classDetails.size(), std::size_t(1));
        QCOMPARE(run.classDetails[0].standingPlaces, 2);
        QCOMPARE(run.classDetails[0].standingLoad, (std::vector<int>{0, 2, 1}));
        const auto standing = s.engine().standingTickets("G7", "2024-02-08");
        QCOMPARE(standing.size(), std::size_t(2));
        QCOMPARE(standing[0].ticket, std::string("s3.1"));
        QCOMPARE(standing[1].ticket, std::string("w1.1"));
        QVERIFY(standing[1].served && !standing[1].held);
        QCOMPARE(standing[1].from, 1);
        QCOMPARE(standing[1].to, 2);

        // The limits in force: version 1's, then what configure names, the rest kept.
        QCOMPARE(s.engine().limits(), LimitValues{});
        s.send(
            R"({"op":"configure","limits":{"passengers":9,"options":null,"open_orders_per_user":6}})");
        LimitValues limits;
        limits.passengers = 9;
        limits.openOrdersPerUser = 6;
        QCOMPARE(s.engine().limits(), limits);

        // Two orders waiting on 济南西→南京南, one accepting standing, under a cap.
        s.send(
            R"({"op":"waitlist","id":"w8","user":"u8","passengers":["丑","寅"],"from":"济南西","to":"南京南","options":[{"train":"G7","date":"2024-02-08","class":"二等座"}]})");
        s.send(R"({"op":"prepay","id":"w8"})");
        s.send(
            R"({"op":"waitlist","id":"w9","user":"u9","passengers":["卯"],"from":"济南西","to":"南京南","options":[{"train":"G7","date":"2024-02-08","class":"二等座"}],"accept_standing":true})");
        s.send(R"({"op":"prepay","id":"w9"})");
        s.send(
            R"({"op":"waitlist_cap","train":"G7","date":"2024-02-08","class":"二等座","cap":3})");
        const auto queues = s.engine().queues("G7", "2024-02-08");
        QCOMPARE(queues.size(), std::size_t(1));
        QCOMPARE(queues[0].orders.size(), std::size_t(2));
        QCOMPARE(queues[0].orders[1].id, std::string("w9"));
        QCOMPARE(queues[0].orders[1].rank, 2);
        QCOMPARE(queues[0].orders[1].aheadPassengers, 2);
        QCOMPARE(queues[0].orders[1].level, std::string("few"));
        QVERIFY(queues[0].orders[1].acceptsStanding && !queues[0].orders[0].acceptsStanding);
        // 卯 buys a ticket on another train at an overlapping time: w9 would fail.
        s.send(
            R"({"op":"train","train":"G8","date":"2024-02-08","stops":[{"station":"北京南","km":0,"dep":"09:00"},{"station":"南京南","km":1023,"arr":"13:00"}],"cars":[{"car":1,"class":"二等座","rows":1,"layout":"A"}]})");
        s.send(
            R"({"op":"sell","id":"s10","train":"G8","date":"2024-02-08","from":"北京南","to":"南京南","class":"二等座","passengers":["卯"]})");
        const auto why = s.engine().whyWaiting("w9");
        QCOMPARE(why.size(), std::size_t(1));
        QCOMPARE(why[0].rank, 2);
        QVERIFY(why[0].acceptsStanding);
        QCOMPARE(why[0].standingFree, 0);
        QCOMPARE(why[0].cap, 3);
        QCOMPARE(why[0].queuedOnClass, 3);
        QCOMPARE(why[0].conflictPassenger, std::string("卯"));
        QCOMPARE(why[0].conflictTicket, std::string("s10.1"));
        QVERIFY(s.engine().checkInvariants().empty());
    }

    // 同车换座: why an order waits says whether changing seats would serve it.
    void whyWaitingTellsOfSeatChanges() {
        Session s;
        s.send(
            R"({"op":"train","train":"G7","date":"2024-02-08","stops":[{"station":"北京南","km":0,"dep":"08:00"},{"station":"济南西","km":406,"arr":"09:52","dep":"09:55"},{"station":"南京南","km":1023,"arr":"12:10","dep":"12:12"},{"station":"上海虹桥","km":1318,"arr":"13:30"}],"cars":[{"car":1,"class":"二等座","rows":1,"layout":"AB"}]})");
        s.send(
            R"({"op":"sell","id":"s1","train":"G7","date":"2024-02-08","from":"济南西","to":"上海虹桥","class":"二等座","passengers":["甲"],"seats":["01-01A"]})");
        s.send(
            R"({"op":"sell","id":"s2","train":"G7","date":"2024-02-08","from":"北京南","to":"济南西","class":"二等座","passengers":["乙"],"seats":["01-01B"]})");
        s.send(
            R"({"op":"waitlist","id":"w1","user":"u1","passengers":["丙"],"from":"北京南","to":"上海虹桥","options":[{"train":"G7","date":"2024-02-08","class":"二等座"}]})");
        s.send(R"({"op":"prepay","id":"w1"})");
        s.send(
            R"({"op":"waitlist","id":"w2","user":"u2","passengers":["丁","戊"],"from":"北京南","to":"上海虹桥","options":[{"train":"G7","date":"2024-02-08","class":"二等座"}],"seat_change":2})");
        s.send(R"({"op":"prepay","id":"w2"})");
        const auto one = s.engine().whyWaiting("w1");
        QCOMPARE(one.size(), std::size_t(1));
        QCOMPARE(one[0].seatChanges, 0);
        QCOMPARE(one[0].changesThatServe, 1);
        const auto two = s.engine().whyWaiting("w2");
        QCOMPARE(two[0].seatChanges, 2);
        QCOMPARE(two[0].changesThatServe, -1);
        QCOMPARE(two[0].scarceSegment, 0);  // 北京南→济南西: only 01-01A
        QCOMPARE(two[0].scarceFree, 1);
    }
};

QTEST_GUILESS_MAIN(TestViews)
#include "tst_views.moc"
