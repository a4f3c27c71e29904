// 同车换座: whether a waitlist order is served with seat changes, and with how
// many, against a brute force that tries every chain (every leg end, every
// seat), on many small random runs whose seats are cut into pieces by blocks;
// for a passenger alone, the seat or chain's cost too.

#include <QTest>

#include "harness.h"
#include "houbu/splitmix.h"
#include "reference_model.h"

using namespace houbu;
using namespace houbu::test;
using houbu::reftest::refCheapestChain;
using houbu::reftest::refFewestChanges;
using houbu::reftest::refSeatCost;
using namespace Qt::StringLiterals;

namespace {

QByteArray station(int i) {
    return "S" + QByteArray::number(i);
}

// The trials: random runs, random blocks, one order each (outside the test
// class, whose body moc reads).
void compareWithBruteForce() {
    SplitMix64 rng(20261207);
    int served = 0, chained = 0, groupsChained = 0, refused = 0, costChecked = 0;
    for (int trial = 0; trial < 5000; ++trial) {
        const int stops = 4 + rng.below(5);
        const int rows = 1 + rng.below(2);
        const char* layout = "ABCD";
        const int seats = rows * 4;
        QByteArray train = R"({"op":"train","train":"T","date":"2024-02-08","stops":[)";
        for (int i = 0; i < stops; ++i)
            train += QByteArray(i ? "," : "") + R"({"station":")" + station(i) + R"(","km":)" +
                     QByteArray::number(10 * i) + "}";
        train += R"(],"cars":[{"car":1,"class":"c","rows":)" + QByteArray::number(rows) +
                 R"(,"layout":")" + layout + R"("}]})";
        Session s;
        s.send(train);
        // Cut the seats into pieces with blocks, keeping the masks.
        std::vector<std::uint64_t> held(static_cast<std::size_t>(seats), 0);
        const int blocks = rng.below(3 * seats);
        for (int b = 0; b < blocks; ++b) {
            const int seat = rng.below(seats);
            const int from = rng.below(stops - 1);
            const int to = from + 1 + rng.below(stops - 1 - from);
            const std::uint64_t span = ((1ull << to) - 1) ^ ((1ull << from) - 1);
            if (held[static_cast<std::size_t>(seat)] & span) continue;
            const QByteArray label = "01-0" + QByteArray::number(1 + seat / 4) + layout[seat % 4];
            const auto e = s.one(R"({"op":"block","id":"b)" + QByteArray::number(b) +
                                 R"(","train":"T","date":"2024-02-08","from":")" + station(from) +
                                 R"(","to":")" + station(to) + R"(","class":"c","seats":[")" +
                                 label + R"("]})");
            QCOMPARE(kind(e), u"block_created"_s);
            held[static_cast<std::size_t>(seat)] |= span;
        }
        const int n = 1 + rng.below(5), changes = 1 + rng.below(2);
        const int from = rng.below(stops - 2);
        const int to = from + 2 + rng.below(stops - 2 - from);
        QByteArray names = "[";
        for (int i = 0; i < n; ++i)
            names += (i ? ",\"p" : "\"p") + QByteArray::number(i) + "\"";
        names += "]";
        s.send(R"({"op":"waitlist","id":"w","user":"u","passengers":)" + names + R"(,"from":")" +
               station(from) + R"(","to":")" + station(to) +
               R"(","options":[{"train":"T","date":"2024-02-08","class":"c"}],"seat_change":)" +
               QByteArray::number(changes) + "}");
        const auto events = s.send(R"({"op":"prepay","id":"w"})");
        int whole = 0;
        const std::uint64_t range = ((1ull << to) - 1) ^ ((1ull << from) - 1);
        for (std::uint64_t m : held)
            whole += (m & range) == 0;
        const int fewest = refFewestChanges(held, from, to, n, changes);
        // Each seat's held segments, the last segment first.
        QString masks;
        for (std::uint64_t m : held)
            masks += u' ' + QString::number(m, 2).rightJustified(stops - 1, u'0');
        const QString context = u"trial %1: %2 passengers, %3 changes, %4->%5, seats%6"_s.arg(trial)
                                    .arg(n)
                                    .arg(changes)
                                    .arg(from)
                                    .arg(to)
                                    .arg(masks);
        if (fewest < 0) {
            QVERIFY2(kind(events.last()) == u"waitlist_effective"_s, qPrintable(context));
            ++refused;
            continue;
        }
        QVERIFY2(kind(events.last()) == u"waitlist_fulfilled"_s, qPrintable(context));
        ++served;
        int used = 0, cost = 0;
        std::vector<std::uint64_t> taken = held;
        const QJsonArray tickets = events.last().value(u"tickets"_s).toArray();
        for (const QJsonValue& t : tickets) {
            const QJsonObject ticket = t.toObject();
            QJsonArray legs = ticket.value(u"legs"_s).toArray();
            if (legs.isEmpty())
                legs.append(QJsonObject{{u"seat"_s, ticket.value(u"seat"_s)},
                                        {u"from"_s, ticket.value(u"from"_s)},
                                        {u"to"_s, ticket.value(u"to"_s)}});
            used += static_cast<int>(legs.size()) - 1;
            QVERIFY2(legs.size() <= changes + 1, qPrintable(context));
            for (const QJsonValue& l : legs) {
                const QJsonObject leg = l.toObject();
                const QString label = leg.value(u"seat"_s).toString();
                const int seat =
                    (label.mid(3, 2).toInt() - 1) * 4 +
                    static_cast<int>(QByteArray(layout).indexOf(label.back().toLatin1()));
                const int a = leg.value(u"from"_s).toString().mid(1).toInt();
                const int b = leg.value(u"to"_s).toString().mid(1).toInt();
                const std::uint64_t span = ((1ull << b) - 1) ^ ((1ull << a) - 1);
                QVERIFY2(!(taken[static_cast<std::size_t>(seat)] & span), qPrintable(context));
                cost += refSeatCost(held[static_cast<std::size_t>(seat)], a, b, stops - 1, changes);
                taken[static_cast<std::size_t>(seat)] |= span;
            }
        }
        // Whole seats when there are enough; else the fewest changes in all.
        QCOMPARE(used, whole >= n ? 0 : fewest);
        // A passenger alone: the cheapest whole seat or chain of as many legs
        // by the pieces left (engine-rules, "Which whole seat").
        if (n == 1) {
            QVERIFY2(cost == refCheapestChain(held, from, to, used + 1, stops - 1, changes),
                     qPrintable(context + u", cost %1"_s.arg(cost)));
            ++costChecked;
        }
        if (used > 0) ++chained;
        if (used > 0 && n > 1) ++groupsChained;
        QCOMPARE(s.engine().checkInvariants(), std::string());
    }
    qInfo("served %d (%d with changes, %d of them groups), refused %d; %d costs checked", served,
          chained, groupsChained, refused, costChecked);
    QVERIFY(chained > 200 && groupsChained > 50 && refused > 200 && costChecked > 500);
}

// A group accepting changes, on a run long enough that the length left by
// two seats exceeds what one piece weighs on one seat: the fewest pieces
// still come first. 42 stops; for S40→S41 row 1 (both seats free all along)
// leaves a piece of 40 on each, row 2 (01-02A free S40→S41 only, 01-02B from
// S39) leaves one piece of 1 in all.
void groupWeighsPiecesBeforeLength() {
    constexpr int kStops = 42;
    QByteArray train = R"({"op":"train","train":"T","date":"2024-02-08","stops":[)";
    for (int i = 0; i < kStops; ++i)
        train += QByteArray(i ? "," : "") + R"({"station":")" + station(i) + R"(","km":)" +
                 QByteArray::number(10 * i) + "}";
    train += R"(],"cars":[{"car":1,"class":"c","rows":2,"layout":"AB"}]})";
    for (const int changes : {0, 1}) {
        Session s;
        s.send(train);
        QCOMPARE(
            kind(s.one(
                R"({"op":"block","id":"b1","train":"T","date":"2024-02-08","from":"S0","to":"S40","class":"c","seats":["01-02A"]})")),
            u"block_created"_s);
        QCOMPARE(
            kind(s.one(
                R"({"op":"block","id":"b2","train":"T","date":"2024-02-08","from":"S0","to":"S39","class":"c","seats":["01-02B"]})")),
            u"block_created"_s);
        s.send(
            R"({"op":"waitlist","id":"w","user":"u","passengers":["p0","p1"],"from":"S40","to":"S41","options":[{"train":"T","date":"2024-02-08","class":"c"}],"seat_change":)" +
            QByteArray::number(changes) + "}");
        const auto events = s.send(R"({"op":"prepay","id":"w"})");
        QCOMPARE(kind(events.last()), u"waitlist_fulfilled"_s);
        const QJsonArray tickets = events.last().value(u"tickets"_s).toArray();
        QCOMPARE(tickets[0].toObject().value(u"seat"_s).toString(), u"01-02A"_s);
        QCOMPARE(tickets[1].toObject().value(u"seat"_s).toString(), u"01-02B"_s);
    }
}

}  // namespace

class TestSeatChains : public QObject {
    Q_OBJECT

  private slots:
    void againstBruteForce() { compareWithBruteForce(); }
    void groupOnALongRun() { groupWeighsPiecesBeforeLength(); }
};

QTEST_GUILESS_MAIN(TestSeatChains)
#include "tst_seat_chains.moc"
