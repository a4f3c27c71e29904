// One test per matching rule of commands.md, plus the timer, seat-choice and
// idempotency rules of docs/engine-rules.md.

#include <QTest>

#include "harness.h"

using namespace houbu;
using namespace houbu::test;
using namespace Qt::StringLiterals;

class TestRules : public QObject {
    Q_OBJECT

  private slots:
    // Rule 1: a seat is sold over disjoint intervals; no two holders share a segment.
    void seatReuseOverDisjointIntervals() {
        Session s;
        s.send(g1());
        s.send(sell("S1", "北京", "天津", R"(["张三"])", R"(,"seats":["03-01A"])"));
        s.send(sell("S2", "天津", "济南", R"(["李四"])", R"(,"seats":["03-01A"])"));
        const auto e = s.one(sell("S3", "济南", "青岛", R"(["王五"])", R"(,"seats":["03-01A"])"));
        QCOMPARE(kind(e), u"ticket_held"_s);
        QCOMPARE(str(e, "seat"), u"03-01A"_s);
        QCOMPARE(s.free("北京", "青岛"), 1);  // 03-01B only
        QCOMPARE(s.engine().checkInvariants(), std::string());
    }

    // Seed 000 §2.1 sells 12A to 张三 北京→济南, 李四 济南→青岛 and 王五 天津→淄博.
    // 王五's interval overlaps both others (天津→济南 and 济南→淄博), so rule 1
    // forbids it: the engine follows the rule, not the example.
    void seedExampleOverlapIsRejected() {
        Session s;
        s.send(g1());
        s.send(sell("S1", "北京", "济南", R"(["张三"])", R"(,"seats":["03-01A"])"));
        s.send(sell("S2", "济南", "青岛", R"(["李四"])", R"(,"seats":["03-01A"])"));
        const auto e = s.one(sell("S3", "天津", "淄博", R"(["王五"])", R"(,"seats":["03-01A"])"));
        QCOMPARE(str(e, "code"), u"seat_taken"_s);
    }

    // Rule 2: servable only when a seat is free over the whole interval.
    void servableNeedsTheWholeInterval() {
        Session s;
        s.send(g1());
        s.send(sell("S1", "北京", "青岛", R"(["甲"])"));
        s.send(sell("S2", "北京", "天津", R"(["丙"])"));
        s.send(sell("S3", "天津", "青岛", R"(["丁"])"));
        s.send({waitlist("W1", "北京", "济南"), op("prepay", "W1")});
        // Freeing 天津→青岛 on one seat leaves 北京→天津 taken there: not servable.
        auto events = s.send(R"({"op":"refund","ticket":"S3.1"})");
        QVERIFY(!kinds(events).contains(u"waitlist_fulfilled"_s));
        events = s.send(R"({"op":"refund","ticket":"S2.1"})");
        QCOMPARE(kinds(events).last(), u"waitlist_fulfilled"_s);
    }

    // Rule 2: a group is served all together, on one option; in one car when no
    // row has adjacent seats for it.
    void groupIsAllOrNothing() {
        Session s;
        s.send(g1(2));
        s.send(sell("S1", "北京", "青岛", R"(["a","b"])"));
        s.send(sell("S2", "北京", "青岛", R"(["c","d"])"));
        s.send({waitlist("W1", "北京", "济南", R"(["乙","丙"])"), op("prepay", "W1")});
        auto events = s.send(R"({"op":"refund","ticket":"S1.1"})");
        QVERIFY(!kinds(events).contains(u"waitlist_fulfilled"_s));  // one seat for two
        events = s.send(R"({"op":"refund","ticket":"S2.2"})");
        QCOMPARE(kind(events.last()), u"waitlist_fulfilled"_s);
        const auto tickets = events.last().value(u"tickets"_s).toArray();
        QCOMPARE(tickets[0].toObject().value(u"seat"_s).toString(), u"03-01A"_s);
        QCOMPARE(tickets[1].toObject().value(u"seat"_s).toString(), u"03-02B"_s);
    }

    void groupPrefersAdjacentSeatsInOneRow() {
        Session s;
        s.send(g1(3));
        s.send(sell("S1", "北京", "青岛", R"(["a"])", R"(,"seats":["03-01A"])"));
        s.send(sell("S2", "北京", "青岛", R"(["b"])", R"(,"seats":["03-02B"])"));
        const auto events = s.send(sell("S3", "北京", "青岛", R"(["c","d"])"));
        QCOMPARE(events.size(), 2);
        QCOMPARE(str(events[0], "seat"), u"03-03A"_s);
        QCOMPARE(str(events[1], "seat"), u"03-03B"_s);
    }

    void groupServedWhenEnoughSeatsFree() {
        Session s;
        s.send(g1(2));
        s.send(sell("S1", "北京", "青岛", R"(["a","b","c","d"])"));
        s.send({waitlist("W1", "北京", "济南", R"(["乙","丙"])"), op("prepay", "W1")});
        QVERIFY(
            !kinds(s.send(R"({"op":"refund","ticket":"S1.1"})")).contains(u"waitlist_fulfilled"_s));
        const auto events = s.send(R"({"op":"refund","ticket":"S1.4"})");
        QCOMPARE(kind(events.last()), u"waitlist_fulfilled"_s);
        const auto tickets = events.last().value(u"tickets"_s).toArray();
        QCOMPARE(tickets.size(), 2);
        QCOMPARE(tickets[0].toObject().value(u"ticket"_s).toString(), u"W1.1"_s);
        QCOMPARE(tickets[1].toObject().value(u"passenger"_s).toString(), u"丙"_s);
    }

    // Rule 3: queue order is effective (prepayment) time, not submission time.
    void queueOrderIsEffectiveTime() {
        Session s;
        s.send(g1());
        s.send(sell("S1", "北京", "青岛", R"(["a","b"])"));
        s.send(R"({"op":"pay","id":"S1"})");
        s.send({waitlist("W1", "北京", "济南", R"(["乙"])", R"(,"at":"2024-01-10T08:50")"),
                waitlist("W2", "北京", "济南", R"(["丙"])")});
        s.send(R"({"op":"prepay","id":"W2","at":"2024-01-10T09:00"})");
        s.send(R"({"op":"prepay","id":"W1","at":"2024-01-10T09:01"})");
        const auto p = s.one(op("position", "W1"));
        QCOMPARE(p.value(u"queues"_s).toArray().at(0).toObject().value(u"rank"_s).toInt(), 2);
        const auto events = s.send(R"({"op":"refund","ticket":"S1.1"})");
        QCOMPARE(str(events.last(), "id"), u"W2"_s);
    }

    // Rule 3: equal effective times are ordered by submission.
    void tiesGoBySubmissionOrder() {
        Session s;
        s.send(g1());
        s.send(sell("S1", "北京", "青岛", R"(["a","b"])"));
        s.send({waitlist("W1", "北京", "济南"), waitlist("W2", "北京", "济南", R"(["丙"])")});
        s.send({op("prepay", "W2"), op("prepay", "W1")});  // same clock
        const auto p = s.one(op("position", "W1"));
        QCOMPARE(p.value(u"queues"_s).toArray().at(0).toObject().value(u"rank"_s).toInt(), 1);
        const auto events = s.send(R"({"op":"refund","ticket":"S1.1"})");
        QCOMPARE(str(events.last(), "id"), u"W1"_s);
    }

    // Rule 3: each (run, class, from, to) is its own queue; position ranks within it.
    void independentIntervalQueues() {
        Session s;
        s.send(g1());
        s.send(sell("S1", "北京", "青岛", R"(["a","b"])"));
        s.send({waitlist("W1", "北京", "济南"), op("prepay", "W1")});
        s.send({waitlist("W2", "北京", "济南", R"(["丙"])"), op("prepay", "W2")});
        s.send({waitlist("W3", "天津", "济南", R"(["丁"])"), op("prepay", "W3")});
        auto rank = [&](const char* id) {
            return s.one(op("position", id))
                .value(u"queues"_s)
                .toArray()[0]
                .toObject()
                .value(u"rank"_s)
                .toInt();
        };
        QCOMPARE(rank("W2"), 2);
        QCOMPARE(rank("W3"), 1);
    }

    // Rule 4: "I am 50th, he was 200th" — a later order is served first when the
    // earlier one is not servable at that moment.
    void laterOrderServedWhenEarlierIsNotServable() {
        Session s;
        s.send(g1());
        s.send(sell("S1", "北京", "天津", R"(["a"])", R"(,"seats":["03-01A"])"));
        s.send(sell("S2", "天津", "青岛", R"(["b"])", R"(,"seats":["03-01A"])"));
        s.send(sell("S3", "北京", "青岛", R"(["c"])", R"(,"seats":["03-01B"])"));
        s.send({waitlist("W1", "北京", "济南"), op("prepay", "W1")});
        s.send({waitlist("W2", "天津", "济南", R"(["丙"])"), op("prepay", "W2")});
        const auto events = s.send(R"({"op":"refund","ticket":"S2.1"})");
        QCOMPARE(kind(events.last()), u"waitlist_fulfilled"_s);
        QCOMPARE(str(events.last(), "id"), u"W2"_s);
    }

    // Rule 4: when several are servable, the earliest in queue order goes first,
    // then the rest of the freed run serves the next.
    void earliestServableFirstThenRepeat() {
        Session s;
        s.send(g1());
        s.send(sell("S1", "北京", "青岛", R"(["a","b"])"));
        s.send({waitlist("W1", "济南", "青岛"), op("prepay", "W1")});
        s.send({waitlist("W2", "北京", "青岛", R"(["丙"])"), op("prepay", "W2")});
        s.send({waitlist("W3", "北京", "济南", R"(["丁"])"), op("prepay", "W3")});
        const auto events = s.send(R"({"op":"refund","ticket":"S1.1"})");
        QStringList served;
        for (const auto& e : events)
            if (kind(e) == u"waitlist_fulfilled"_s) served << str(e, "id");
        QCOMPARE(served, (QStringList{u"W1"_s, u"W3"_s}));
        QCOMPARE(s.engine().checkInvariants(), std::string());
    }

    // Rule 4: an interval inside the free run around the freed part is a candidate
    // even where it reaches beyond the freed interval.
    void freedRunIncludesNeighbouringFreeSegments() {
        Session s;
        s.send(g1());
        s.send(sell("S1", "北京", "济南", R"(["a"])", R"(,"seats":["03-01A"])"));
        s.send(sell("S2", "北京", "青岛", R"(["b"])", R"(,"seats":["03-01B"])"));
        s.send(sell("S3", "济南", "青岛", R"(["c"])", R"(,"seats":["03-01A"])"));
        s.send({waitlist("W1", "天津", "淄博"), op("prepay", "W1")});
        s.send(R"({"op":"refund","ticket":"S3.1"})");  // 03-01A free 济南→青岛 only
        const auto events = s.send(R"({"op":"refund","ticket":"S1.1"})");
        QCOMPARE(str(events.last(), "id"), u"W1"_s);
    }

    // Rule 4: served on the first servable option in the order listed.
    void firstServableOptionInOrder() {
        Session s;
        s.send(g1());
        QByteArray g2 = g1();
        g2.replace(R"("train":"G1")", R"("train":"G2")");
        s.send(g2);
        s.send(sell("S1", "北京", "青岛", R"(["a","b"])"));
        const QByteArray w =
            R"({"op":"waitlist","id":"W1","user":"u","passengers":["乙"],"from":"北京","to":"济南",)"
            R"("options":[{"train":"G1","date":"2024-01-20","class":"second"},)"
            R"({"train":"G2","date":"2024-01-20","class":"second"}]})";
        s.send(w);
        const auto events = s.send(op("prepay", "W1"));
        QCOMPARE(kind(events.last()), u"waitlist_fulfilled"_s);
        QCOMPARE(str(events.last(), "train"), u"G2"_s);
    }

    // Rule 5: under exact, a freed interval serves only its exact queue.
    void exactPolicyServesOnlyTheExactInterval() {
        Session s;
        s.send(g1(1, R"(,"policy":"exact")"));
        s.send(sell("S1", "北京", "济南", R"(["a"])", R"(,"seats":["03-01A"])"));
        s.send(sell("S2", "北京", "青岛", R"(["b"])", R"(,"seats":["03-01B"])"));
        s.send({waitlist("W1", "北京", "天津"), op("prepay", "W1")});
        s.send({waitlist("W2", "北京", "济南", R"(["丙"])"), op("prepay", "W2")});
        const auto events = s.send(R"({"op":"refund","ticket":"S1.1"})");
        QCOMPARE(str(events.last(), "id"), u"W2"_s);
    }

    // Rule 5, every freed interval: one release that frees two intervals of a seat
    // serves the queue of each, not only the first one's.
    void exactPolicyServesEveryFreedInterval() {
        Session s;
        s.send(g1(1, R"(,"policy":"exact")"));
        s.send(sell("S1", "北京", "天津", R"(["a"])", R"(,"seats":["03-01A"])"));
        s.send(sell("S2", "天津", "济南", R"(["b"])", R"(,"seats":["03-01A"])"));
        s.send(sell("S3", "北京", "青岛", R"(["c"])", R"(,"seats":["03-01B"])"));
        s.send({waitlist("W1", "北京", "天津"), op("prepay", "W1")});
        s.send({waitlist("W2", "天津", "济南", R"(["丙"])"), op("prepay", "W2")});
        const auto events = s.send(
            R"({"op":"release","train":"G1","date":"2024-01-20","seat":"03-01A","from":"北京","to":"济南","reason":"refund"})");
        QCOMPARE(kinds(events), (QStringList{u"ticket_refunded"_s, u"seat_released"_s,
                                             u"ticket_refunded"_s, u"seat_released"_s,
                                             u"waitlist_fulfilled"_s, u"waitlist_fulfilled"_s}));
        QCOMPARE(str(events[4], "id"), u"W1"_s);
        QCOMPARE(str(events[5], "id"), u"W2"_s);
        for (int i : {4, 5})
            QCOMPARE(events[i].value(u"tickets"_s).toArray()[0].toObject().value(u"seat"_s),
                     QJsonValue(u"03-01A"_s));
    }

    void exactPolicyLeavesSubIntervalsWaiting() {
        Session s;
        s.send(g1(1, R"(,"policy":"exact")"));
        s.send(sell("S1", "北京", "济南", R"(["a"])", R"(,"seats":["03-01A"])"));
        s.send(sell("S2", "北京", "青岛", R"(["b"])", R"(,"seats":["03-01B"])"));
        s.send({waitlist("W1", "北京", "天津"), op("prepay", "W1")});
        const auto events = s.send(R"({"op":"refund","ticket":"S1.1"})");
        QVERIFY(!kinds(events).contains(u"waitlist_fulfilled"_s));
        QCOMPARE(s.free("北京", "天津"), 1);  // servable, yet waiting: exact does not cut
    }

    // Rules 4 and 5 together: a release on a complete run serves an order there,
    // even when the order's first option is an exact run with a free seat, which
    // serves only a release of its exact interval.
    void completeReleaseDoesNotReachIntoAnExactRun() {
        Session s;
        // Built as JSON objects: moc misreads raw strings that start or end with a quote.
        auto train = [](const char* name, bool exact) {
            QJsonObject t{
                {u"op"_s, u"train"_s},
                {u"train"_s, QString::fromLatin1(name)},
                {u"date"_s, u"2024-01-20"_s},
                {u"stops"_s, QJsonArray{QJsonObject{{u"station"_s, u"A"_s}, {u"km"_s, 0}},
                                        QJsonObject{{u"station"_s, u"B"_s}, {u"km"_s, 10}},
                                        QJsonObject{{u"station"_s, u"C"_s}, {u"km"_s, 20}}}},
                {u"cars"_s,
                 QJsonArray{QJsonObject{
                     {u"car"_s, 1}, {u"class"_s, u"2"_s}, {u"rows"_s, 1}, {u"layout"_s, u"A"_s}}}}};
            if (exact) t.insert(u"policy"_s, u"exact"_s);
            return QJsonDocument(t).toJson(QJsonDocument::Compact);
        };
        s.send({train("E1", true), train("C1", false)});
        auto sale = [](const char* id, const char* run, const char* from, const char* to) {
            return QJsonDocument(
                       QJsonObject{{u"op"_s, u"sell"_s},
                                   {u"id"_s, QString::fromLatin1(id)},
                                   {u"train"_s, QString::fromLatin1(run)},
                                   {u"date"_s, u"2024-01-20"_s},
                                   {u"from"_s, QString::fromLatin1(from)},
                                   {u"to"_s, QString::fromLatin1(to)},
                                   {u"class"_s, u"2"_s},
                                   {u"passengers"_s, QJsonArray{QString::fromLatin1(id)}}})
                .toJson(QJsonDocument::Compact);
        };
        s.send(
            {sale("s1", "E1", "A", "B"), sale("s2", "E1", "B", "C"), sale("s3", "C1", "A", "C")});
        s.send(
            R"({"op":"waitlist","id":"W","user":"u","passengers":["w"],"from":"A","to":"C","options":[{"train":"E1","date":"2024-01-20","class":"2"}]})");
        s.send(op("prepay", "W"));
        s.send(
            R"({"op":"waitlist","id":"X","user":"u","passengers":["x"],"from":"A","to":"C","options":[{"train":"E1","date":"2024-01-20","class":"2"},{"train":"C1","date":"2024-01-20","class":"2"}]})");
        s.send(op("prepay", "X"));
        s.send({R"({"op":"refund","id":"s1"})",
                R"({"op":"refund","id":"s2"})"});  // E1 free, no exact release
        const auto events = s.send(R"({"op":"refund","id":"s3"})");
        QCOMPARE(kind(events.last()), u"waitlist_fulfilled"_s);
        QCOMPARE(str(events.last(), "id"), u"X"_s);
        QCOMPARE(str(events.last(), "train"), u"C1"_s);
        QCOMPARE(s.one(op("position", "W")).value(u"queues"_s).toArray().size(), 1);
    }

    // Rule 5: an added car serves the run's orders in queue order.
    void exactPolicyAddedCarServesInQueueOrder() {
        Session s;
        s.send(g1(1, R"(,"policy":"exact")"));
        s.send(sell("S1", "北京", "青岛", R"(["a","b"])"));
        s.send({waitlist("W1", "北京", "天津"), op("prepay", "W1")});
        s.send({waitlist("W2", "济南", "青岛", R"(["丙"])"), op("prepay", "W2")});
        const auto events = s.send(
            R"({"op":"add_car","train":"G1","date":"2024-01-20","car":5,"class":"second","rows":1,"layout":"A"})");
        QStringList served;
        for (const auto& e : events)
            if (kind(e) == u"waitlist_fulfilled"_s) served << str(e, "id");
        QCOMPARE(served, (QStringList{u"W1"_s, u"W2"_s}));
        QCOMPARE(kind(events.first()), u"car_added"_s);
        QCOMPARE(str(events[1], "source"), u"extra_car"_s);
    }

    // Rule 6: an unpaid hold expires at pay_by, freeing its seat (source timeout).
    void holdExpiresAtPayBy() {
        Session s;
        s.send(g1());
        s.send(sell("S1", "北京", "青岛", R"(["a"])", R"(,"at":"2024-01-10T09:00")"));
        QVERIFY(s.send(R"({"op":"advance","at":"2024-01-10T09:14:59"})").isEmpty());
        const auto events = s.send(R"({"op":"pay","id":"S1","at":"2024-01-10T09:15"})");
        QCOMPARE(kinds(events), (QStringList{u"hold_expired"_s, u"seat_released"_s, u"error"_s}));
        QCOMPARE(str(events[1], "source"), u"timeout"_s);
        QCOMPARE(str(events[2], "code"), u"sale_expired"_s);
        QCOMPARE(str(events[0], "at"), u"2024-01-10T09:15"_s);
    }

    // Rule 6: timers fire oldest first, each with its own events and its own `at`.
    void timersFireInDueOrder() {
        Session s;
        s.send(g1());
        s.send(sell("S1", "北京", "青岛", R"(["a"])", R"(,"at":"2024-01-10T09:00")"));
        s.send(sell("S2", "北京", "青岛", R"(["b"])", R"(,"at":"2024-01-10T09:05")"));
        s.send(
            R"({"op":"waitlist","id":"W1","user":"u","passengers":["c"],"from":"北京","to":"济南","options":[{"train":"G1","date":"2024-01-20","class":"second"}],"at":"2024-01-10T09:06"})");
        const auto events = s.send(R"({"op":"advance","at":"2024-01-10T10:00"})");
        QStringList order;
        for (const auto& e : events)
            order << kind(e) + u'@' + str(e, "at");
        QCOMPARE(order, (QStringList{
                            u"hold_expired@2024-01-10T09:15"_s, u"seat_released@2024-01-10T09:15"_s,
                            u"hold_expired@2024-01-10T09:20"_s, u"seat_released@2024-01-10T09:20"_s,
                            u"waitlist_cancelled@2024-01-10T09:36"_s}));
        QCOMPARE(str(events.last(), "reason"), u"prepay_timeout"_s);
    }

    // Rule 6: a queued order expires at its deadline.
    void queuedOrderExpiresAtDeadline() {
        Session s;
        s.send(g1());
        s.send({sell("S1", "北京", "青岛", R"(["a","b"])"), op("pay", "S1")});
        s.send(waitlist("W1", "北京", "济南", R"(["乙"])", R"(,"deadline":"2024-01-12T12:00")"));
        s.send(op("prepay", "W1"));
        const auto events = s.send(R"({"op":"advance","at":"2024-01-12T12:00"})");
        QCOMPARE(kinds(events), QStringList{u"waitlist_expired"_s});
        QCOMPARE(s.one(op("position", "W1")).value(u"queues"_s).toArray().size(), 0);
        // Its seat need is gone: a release now serves nobody.
        QVERIFY(
            !kinds(s.send(R"({"op":"refund","ticket":"S1.1"})")).contains(u"waitlist_fulfilled"_s));
    }

    // Rule 6: once every option's train has left the order's from station, it expires.
    void queuedOrderExpiresAtDeparture() {
        Session s;
        s.send(g1());
        s.send({sell("S1", "北京", "青岛", R"(["a","b"])"), op("pay", "S1")});
        s.send({waitlist("W1", "天津", "济南"), op("prepay", "W1")});
        QVERIFY(s.send(R"({"op":"advance","at":"2024-01-20T08:31"})").isEmpty());
        const auto events = s.send(R"({"op":"advance","at":"2024-01-20T08:32"})");
        QCOMPARE(kinds(events), QStringList{u"waitlist_expired"_s});
    }

    // Rule 7: a served order's tickets are paid, and it leaves every queue.
    void servedOrderLeavesEveryQueue() {
        Session s;
        s.send(g1());
        QByteArray g2 = g1();
        g2.replace(R"("train":"G1")", R"("train":"G2")");
        s.send(g2);
        s.send(sell("S1", "北京", "青岛", R"(["a","b"])"));
        s.send(
            R"({"op":"sell","id":"S2","train":"G2","date":"2024-01-20","from":"北京","to":"青岛","class":"second","passengers":["c","d"]})");
        s.send(
            R"({"op":"waitlist","id":"W1","user":"u","passengers":["乙"],"from":"北京","to":"济南","options":[{"train":"G1","date":"2024-01-20","class":"second"},{"train":"G2","date":"2024-01-20","class":"second"}]})");
        s.send(op("prepay", "W1"));
        QCOMPARE(s.one(op("position", "W1")).value(u"queues"_s).toArray().size(), 2);
        s.send(R"({"op":"refund","ticket":"S2.1"})");
        QCOMPARE(s.one(op("position", "W1")).value(u"queues"_s).toArray().size(), 0);
        // Another release on G1 serves nobody: W1 left that queue too.
        QVERIFY(
            !kinds(s.send(R"({"op":"refund","ticket":"S1.1"})")).contains(u"waitlist_fulfilled"_s));
        // Its tickets are paid: paying again is a duplicate; refunding by order id works.
        QCOMPARE(kind(s.one(op("pay", "W1"))), u"duplicate"_s);
        const auto r = s.send(R"({"op":"refund","id":"W1"})");
        QCOMPARE(kinds(r).first(), u"ticket_refunded"_s);
    }

    // Seat choice: best-fit takes the seat whose free run wastes least; first-fit the first.
    void bestFitAndFirstFit() {
        for (auto choice : {SeatChoice::BestFit, SeatChoice::FirstFit}) {
            EngineOptions o;
            o.seatChoice = choice;
            Session s(o);
            s.send(g1());
            s.send(sell("S1", "济南", "青岛", R"(["a"])", R"(,"seats":["03-01B"])"));
            const auto e = s.one(sell("S2", "北京", "济南", R"(["b"])"));
            QCOMPARE(str(e, "seat"), choice == SeatChoice::BestFit ? u"03-01B"_s : u"03-01A"_s);
        }
    }

    void preferenceHonouredWhenPossible() {
        Session s;
        s.send(
            R"({"op":"train","train":"G1","date":"2024-01-20","stops":[{"station":"北京","km":0},{"station":"上海","km":1318}],"cars":[{"car":5,"class":"second","rows":1,"layout":"ABCDF"}]})");
        QCOMPARE(
            str(s.one(
                    R"({"op":"sell","id":"A","train":"G1","date":"2024-01-20","from":"北京","to":"上海","class":"second","passengers":["a"],"prefer":"aisle"})"),
                "seat"),
            u"05-01C"_s);
        QCOMPARE(
            str(s.one(
                    R"({"op":"sell","id":"B","train":"G1","date":"2024-01-20","from":"北京","to":"上海","class":"second","passengers":["b"],"prefer":"window"})"),
                "seat"),
            u"05-01A"_s);
        QCOMPARE(
            str(s.one(
                    R"({"op":"sell","id":"C","train":"G1","date":"2024-01-20","from":"北京","to":"上海","class":"second","passengers":["c"],"prefer":"F"})"),
                "seat"),
            u"05-01F"_s);
        QCOMPARE(
            str(s.one(
                    R"({"op":"sell","id":"D","train":"G1","date":"2024-01-20","from":"北京","to":"上海","class":"second","passengers":["d"],"prefer":"window"})"),
                "seat"),
            u"05-01B"_s);
    }

    // Passenger conflicts: overlapping travel times, on one run or across runs.
    void passengerConflicts() {
        Session s;
        s.send(g1(2));
        s.send(sell("S1", "北京", "济南", R"(["张三"])"));
        QCOMPARE(str(s.one(sell("S2", "天津", "青岛", R"(["张三"])")), "code"),
                 u"passenger_conflict"_s);
        QCOMPARE(kind(s.one(sell("S3", "济南", "青岛", R"(["张三"])"))), u"ticket_held"_s);
        QCOMPARE(str(s.one(sell("S4", "北京", "天津", R"(["李四","李四"])")), "code"),
                 u"passenger_conflict"_s);
    }

    // Reschedule is atomic: new ticket held+paid, old refunded and released.
    void rescheduleIsAtomic() {
        Session s;
        s.send(g1());
        s.send(sell("S1", "北京", "济南", R"(["张三"])"));
        s.send(R"({"op":"pay","id":"S1"})");
        s.send(sell("S2", "济南", "青岛", R"(["x","y"])"));
        const auto fail = s.send(
            R"({"op":"reschedule","ticket":"S1.1","id":"R1","train":"G1","date":"2024-01-20","from":"北京","to":"青岛","class":"second"})");
        QCOMPARE(str(fail.value(0), "code"), u"sold_out"_s);
        QCOMPARE(s.free("北京", "济南"), 1);
        const auto ok = s.send(
            R"({"op":"reschedule","ticket":"S1.1","id":"R1","train":"G1","date":"2024-01-20","from":"北京","to":"天津","class":"second"})");
        QCOMPARE(kinds(ok), (QStringList{u"ticket_held"_s, u"ticket_paid"_s, u"ticket_refunded"_s,
                                         u"seat_released"_s}));
        QCOMPARE(str(ok[2], "reason"), u"reschedule"_s);
        QCOMPARE(str(ok[3], "source"), u"reschedule"_s);
        QCOMPARE(str(ok[0], "passenger"), u"张三"_s);
    }

    // Idempotency: same id + same body is a duplicate, different body a conflict;
    // a failed command leaves its id free.
    void idempotency() {
        Session s;
        s.send(g1());
        const QByteArray first = sell("S1", "北京", "济南");
        s.send(first);
        QByteArray retried = first;
        retried.insert(1, R"("at":"2000-01-01T00:05",)");
        QCOMPARE(kind(s.one(retried)), u"duplicate"_s);
        QCOMPARE(str(s.one(sell("S1", "北京", "青岛")), "code"), u"id_conflict"_s);
        QCOMPARE(str(s.one(sell("S9", "北京", "济南", R"(["a","b","c"])")), "code"), u"sold_out"_s);
        QCOMPARE(kind(s.one(sell("S9", "济南", "青岛"))), u"ticket_held"_s);
    }

    // Operator release: frees what lies inside; refuses a ticket reaching outside.
    void operatorReleaseInsideAndPartial() {
        Session s;
        s.send(g1());
        s.send(sell("S1", "天津", "济南", R"(["a"])", R"(,"seats":["03-01A"])"));
        s.send(
            R"({"op":"block","id":"Q1","train":"G1","date":"2024-01-20","from":"济南","to":"淄博","class":"second","seats":["03-01A"]})");
        const auto partial = s.send(
            R"({"op":"release","train":"G1","date":"2024-01-20","seat":"03-01A","from":"天津","to":"淄博","reason":"quota"})");
        QCOMPARE(kinds(partial), (QStringList{u"ticket_refunded"_s, u"seat_released"_s,
                                              u"seat_released"_s, u"block_released"_s}));
        const auto none = s.one(
            R"({"op":"release","train":"G1","date":"2024-01-20","seat":"03-01A","from":"北京","to":"青岛","reason":"refund"})");
        QCOMPARE(str(none, "code"), u"nothing_to_release"_s);
        s.send(sell("S2", "北京", "青岛", R"(["b"])", R"(,"seats":["03-01A"])"));
        const auto outside = s.one(
            R"({"op":"release","train":"G1","date":"2024-01-20","seat":"03-01A","from":"北京","to":"济南","reason":"refund"})");
        QCOMPARE(str(outside, "code"), u"partial_ticket"_s);
    }

    // Prepayment: the dearest option's fare, rounded up to 0.5 yuan per passenger.
    void prepaymentRounding() {
        Session s;
        s.send(g1());
        // 0.46 yuan/km x 406 km = 186.76 -> 187 per passenger, x 2.
        const auto e = s.one(waitlist("W1", "北京", "济南", R"(["a","b"])"));
        QCOMPARE(e.value(u"prepay"_s).toDouble(), 374.0);
        // 0.46 x 120 = 55.2 -> 55.5.
        QCOMPARE(s.one(waitlist("W2", "北京", "天津")).value(u"prepay"_s).toDouble(), 55.5);
    }

    // Rule 4 across an added run's classes: the earliest order is served first,
    // on its first servable option, whichever class of the new run that is.
    void addedRunKeepsQueueOrderAcrossClasses() {
        Session s;
        const QByteArray lines[] = {
            R"({"op":"train","at":"2024-02-01T08:00","train":"G1","date":"2024-02-08","stops":[{"station":"A","km":0,"dep":"08:00"},{"station":"B","km":50,"arr":"08:30","dep":"08:31"},{"station":"C","km":100,"arr":"09:00"}],"cars":[{"car":1,"class":"second","rows":1,"layout":"A"}]})",
            R"({"op":"sell","id":"s1","train":"G1","date":"2024-02-08","from":"A","to":"C","class":"second","passengers":["x"]})",
            R"({"op":"waitlist","id":"w1","user":"u1","passengers":["p1"],"from":"B","to":"C","options":[{"train":"G1","date":"2024-02-08","class":"second"}],"new_trains":{"from":"2024-02-08T07:00","to":"2024-02-08T12:00"}})",
            R"({"op":"prepay","at":"2024-02-01T08:01","id":"w1"})",
            R"({"op":"waitlist","id":"w2","user":"u2","passengers":["p2"],"from":"A","to":"C","options":[{"train":"G1","date":"2024-02-08","class":"second"}],"new_trains":{"from":"2024-02-08T07:00","to":"2024-02-08T12:00","classes":["second","first"]}})",
            R"({"op":"prepay","at":"2024-02-01T08:02","id":"w2"})",
            R"({"op":"train","train":"X1","date":"2024-02-08","added":true,"stops":[{"station":"A","km":0,"dep":"09:00"},{"station":"B","km":50,"arr":"09:30","dep":"09:31"},{"station":"C","km":100,"arr":"10:00"}],"cars":[{"car":1,"class":"first","rows":1,"layout":"A"},{"car":2,"class":"second","rows":1,"layout":"A"}]})",
        };
        for (const QByteArray& l : lines)
            s.send(l);
        QList<QJsonObject> served;
        for (const QJsonObject& e : s.all())
            if (kind(e) == u"waitlist_fulfilled"_s) served << e;
        QCOMPARE(served.size(), 2);
        QCOMPARE(served[0].value(u"id"_s).toString(), u"w1"_s);
        QCOMPARE(served[0].value(u"class"_s).toString(), u"second"_s);
        QCOMPARE(served[1].value(u"id"_s).toString(), u"w2"_s);
        QCOMPARE(served[1].value(u"class"_s).toString(), u"first"_s);
    }

    // 同车换座: whole seats first on an option; chains only when none is free.
    void wholeSeatBeforeSeatChange() {
        Session s;
        s.send(g1(2));
        s.send(sell("S1", "天津", "青岛", R"(["甲"])", R"(,"seats":["03-01A"])"));
        s.send(sell("S2", "北京", "天津", R"(["乙"])", R"(,"seats":["03-01B"])"));
        s.send(sell("S3", "北京", "青岛", R"(["丙"])", R"(,"seats":["03-02A"])"));
        s.send(waitlist("W1", "北京", "青岛", R"(["丁"])", R"(,"seat_change":1)"));
        auto events = s.send(op("prepay", "W1"));
        QCOMPARE(kind(events.last()), u"waitlist_fulfilled"_s);
        QJsonObject ticket = events.last().value(u"tickets"_s).toArray()[0].toObject();
        QCOMPARE(str(ticket, "seat"), u"03-02B"_s);
        QVERIFY(!ticket.contains(u"legs"_s));
        s.send(waitlist("W2", "北京", "青岛", R"(["戊"])", R"(,"seat_change":1)"));
        events = s.send(op("prepay", "W2"));
        QCOMPARE(kind(events.last()), u"waitlist_fulfilled"_s);
        ticket = events.last().value(u"tickets"_s).toArray()[0].toObject();
        const QJsonArray legs = ticket.value(u"legs"_s).toArray();
        QCOMPARE(legs.size(), 2);
        QCOMPARE(str(legs[0].toObject(), "seat"), u"03-01A"_s);
        QCOMPARE(str(legs[0].toObject(), "to"), u"天津"_s);
        QCOMPARE(str(legs[1].toObject(), "seat"), u"03-01B"_s);
        QCOMPARE(str(legs[1].toObject(), "from"), u"天津"_s);
    }

    // Under best-fit, an order accepting seat changes weighs a whole seat by
    // the free pieces it leaves, an order accepting none by the waste: for
    // 天津→济南, 03-01A (free 北京→济南) wastes 1 segment in one piece, 03-01B
    // (free 天津→青岛) wastes 2 in one piece, 03-02A (all free) 3 in two.
    void seatChangeOrdersLeaveLongPieces() {
        for (const int changes : {0, 1, 2}) {
            Session s;
            s.send(g1(2));
            s.send(sell("S1", "济南", "青岛", R"(["甲"])", R"(,"seats":["03-01A"])"));
            s.send(sell("S2", "北京", "天津", R"(["乙"])", R"(,"seats":["03-01B"])"));
            s.send(sell("S3", "北京", "青岛", R"(["丙"])", R"(,"seats":["03-02B"])"));
            const QByteArray extra =
                changes ? ",\"seat_change\":" + QByteArray::number(changes) : QByteArray();
            s.send(waitlist("W1", "天津", "济南", R"(["丁"])", extra.constData()));
            const auto events = s.send(op("prepay", "W1"));
            QCOMPARE(kind(events.last()), u"waitlist_fulfilled"_s);
            const QJsonObject ticket = events.last().value(u"tickets"_s).toArray()[0].toObject();
            QCOMPARE(str(ticket, "seat"), changes ? u"03-01B"_s : u"03-01A"_s);
            QVERIFY(!ticket.contains(u"legs"_s));
        }
        // A sale is seated by the waste, as in version 1.
        Session s;
        s.send(g1(2));
        s.send(sell("S1", "济南", "青岛", R"(["甲"])", R"(,"seats":["03-01A"])"));
        s.send(sell("S2", "北京", "天津", R"(["乙"])", R"(,"seats":["03-01B"])"));
        QCOMPARE(str(s.one(sell("S3", "天津", "济南", R"(["丁"])")), "seat"), u"03-01A"_s);
    }

    // A chain on the first option beats a whole seat on the second; a chain
    // beats standing on the same option.
    void seatChangeOptionOrderAndStanding() {
        Session s;
        s.send(g1(1, R"(,"standing":{"second":5})"));
        QByteArray g2 = g1();
        g2.replace(R"("train":"G1")", R"("train":"G2")");
        s.send(g2);
        s.send(sell("S1", "天津", "青岛", R"(["甲"])", R"(,"seats":["03-01A"])"));
        s.send(sell("S2", "北京", "天津", R"(["乙"])", R"(,"seats":["03-01B"])"));
        const QByteArray w =
            R"({"op":"waitlist","id":"W1","user":"u","passengers":["丁"],"from":"北京","to":"青岛",)"
            R"("options":[{"train":"G1","date":"2024-01-20","class":"second"},)"
            R"({"train":"G2","date":"2024-01-20","class":"second"}],"seat_change":1,)"
            R"("accept_standing":true})";
        s.send(w);
        const auto events = s.send(op("prepay", "W1"));
        QCOMPARE(kind(events.last()), u"waitlist_fulfilled"_s);
        QCOMPARE(str(events.last(), "train"), u"G1"_s);
        const QJsonObject ticket = events.last().value(u"tickets"_s).toArray()[0].toObject();
        QVERIFY(!ticket.value(u"standing"_s).toBool());
        QCOMPARE(ticket.value(u"legs"_s).toArray().size(), 2);
    }

    // A release whose seat's free stretch does not cover a changing order's
    // interval still reaches it: the freed interval becomes a leg.
    void releaseReachesOrdersThatChange() {
        Session s;
        s.send(g1());
        s.send(sell("S1", "天津", "青岛", R"(["甲"])", R"(,"seats":["03-01A"])"));
        s.send(sell("S2", "北京", "天津", R"(["乙"])", R"(,"seats":["03-01B"])"));
        s.send(sell("S3", "天津", "青岛", R"(["丙"])", R"(,"seats":["03-01B"])"));
        for (const char* id : {"S1", "S2", "S3"})
            s.send(op("pay", id));
        s.send(waitlist("W1", "北京", "青岛", R"(["丁"])", R"(,"seat_change":1)"));
        QCOMPARE(kind(s.send(op("prepay", "W1")).last()), u"waitlist_effective"_s);
        const auto events = s.send(R"({"op":"refund","ticket":"S3.1"})");
        QCOMPARE(kind(events.last()), u"waitlist_fulfilled"_s);
        QCOMPARE(events.last()
                     .value(u"tickets"_s)
                     .toArray()[0]
                     .toObject()
                     .value(u"legs"_s)
                     .toArray()
                     .size(),
                 2);
    }

    // seat_change is part of an order's identity.
    void seatChangeIsPartOfTheId() {
        Session s;
        s.send(g1());
        const QByteArray order = waitlist("W1", "北京", "青岛", R"(["丁"])", R"(,"seat_change":1)");
        s.send(order);
        QCOMPARE(kind(s.one(order)), u"duplicate"_s);
        const QJsonObject other =
            s.one(waitlist("W1", "北京", "青岛", R"(["丁"])", R"(,"seat_change":2)"));
        QCOMPARE(str(other, "code"), u"id_conflict"_s);
    }

    // The same order sent again is a duplicate even after its limit was lowered.
    void resentOrderIsDuplicateUnderLowerLimits() {
        Session s;
        s.send(
            R"({"op":"train","at":"2024-02-01T08:00","train":"G1","date":"2024-02-08","stops":[{"station":"A","km":0,"dep":"08:00"},{"station":"B","km":50,"arr":"08:30","dep":"08:31"},{"station":"C","km":100,"arr":"09:00"}],"cars":[{"car":1,"class":"second","rows":1,"layout":"A"}]})");
        const QByteArray order =
            R"({"op":"waitlist","id":"w3","user":"u3","passengers":["p1","p2","p3","p4"],"from":"A","to":"B","options":[{"train":"G1","date":"2024-02-08","class":"second"}]})";
        s.send(order);
        s.send(R"({"op":"configure","limits":{"passengers":3}})");
        QCOMPARE(s.one(order).value(u"event"_s).toString(), u"duplicate"_s);
        // A new order of four is over the limit now.
        QByteArray other = order;
        other.replace("\"w3\"", "\"w4\"");
        const QJsonObject refused = s.one(other);
        QCOMPARE(refused.value(u"code"_s).toString(), u"bad_command"_s);
    }
};

QTEST_GUILESS_MAIN(TestRules)
#include "tst_rules.moc"
