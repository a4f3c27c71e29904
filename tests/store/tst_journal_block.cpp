// The journal block's format (store/src/journal_block.h) and the state
// changes noted from events (store/src/state_changes.h), without a database.

#include <QTest>
#include <limits>
#include <random>

#include "journal_block.h"
#include "state_changes.h"

using namespace houbu;
using namespace Qt::StringLiterals;

namespace {

std::vector<JournalCommand> sample(int count, unsigned seed) {
    std::mt19937 random(seed);
    std::vector<JournalCommand> commands;
    qint64 clock = 757382400;
    for (int i = 0; i < count; ++i) {
        JournalCommand c;
        c.line = static_cast<int>(random() % 100000);
        clock += static_cast<qint64>(random() % 5);
        c.clock = clock;
        c.eventCount = static_cast<int>(random() % 40);
        c.author = static_cast<qint64>(random() % 3);
        if (random() % 7 == 0) c.errorCode = "seat_taken";
        c.locator = static_cast<quint32>(random());
        c.command =
            R"({"op":"sell","id":"s)" + QByteArray::number(i) + R"(","passengers":["张伟"]})";
        if (random() % 11 == 0) c.command = QByteArray(static_cast<qsizetype>(random() % 300), 'x');
        commands.push_back(c);
    }
    return commands;
}

// An event of `kind` with the fields its kind uses, in the order event.h
// lists them (ticket_held: ticket, sale, passenger, train, date, class, seat,
// from, to; others: their id or ticket, then a reason).
[[gnu::noinline]] Event makeEvent(EventKind kind, const std::vector<std::string>& f) {
    Event e;
    e.kind = kind;
    auto at = [&](std::size_t i) { return i < f.size() ? f[i] : std::string(); };
    if (kind == EventKind::TicketHeld) {
        e.ticket = at(0);
        e.sale = at(1);
        e.passenger = at(2);
        e.train = at(3);
        e.date = at(4);
        e.travelClass = at(5);
        e.seat = at(6);
        e.from = at(7);
        e.to = at(8);
    } else if (kind == EventKind::TicketRefunded) {
        e.ticket = at(0);
    } else {
        e.id = at(0);
        e.reason = at(1);
    }
    if (kind == EventKind::WaitlistFulfilled)
        e.tickets.push_back({"w2.1", "李娜", "02-03C", "北京南", "济南西", false, {}});
    return e;
}

bool same(const JournalCommand& a, const JournalCommand& b) {
    return a.line == b.line && a.clock == b.clock && a.eventCount == b.eventCount &&
           a.author == b.author && a.errorCode == b.errorCode && a.locator == b.locator &&
           a.command == b.command;
}

}  // namespace

class TestJournalBlock : public QObject {
    Q_OBJECT

  private slots:
    void roundTrips_data() {
        QTest::addColumn<int>("count");
        QTest::newRow("one") << 1;
        QTest::newRow("a group") << 512;
        QTest::newRow("a merged block") << 16384;
    }
    void roundTrips() {
        QFETCH(int, count);
        const auto commands = sample(count, static_cast<unsigned>(count));
        const QByteArray body = JournalBlock::encode(commands);
        std::vector<JournalCommand> back;
        QString error;
        QVERIFY2(JournalBlock::decode(body, back, error), qPrintable(error));
        QCOMPARE(back.size(), commands.size());
        for (std::size_t i = 0; i < commands.size(); ++i)
            QVERIFY2(same(back[i], commands[i]), qPrintable(QString::number(i)));
    }

    // A clock that went back (never made by the engine) still reads back as written.
    void clockStepsBothWays() {
        auto commands = sample(3, 1);
        commands[1].clock = commands[0].clock - 1000;
        std::vector<JournalCommand> back;
        QString error;
        QVERIFY(JournalBlock::decode(JournalBlock::encode(commands), back, error));
        QCOMPARE(back[1].clock, commands[1].clock);
        QCOMPARE(back[2].clock, commands[2].clock);
    }

    // A step that runs the clock past qint64's end is refused, not wrapped
    // (signed overflow, UBSan; tests/fuzz/store_open/regressions/clock_overflow).
    void clockBeyondItsRangeIsRefused() {
        auto commands = sample(2, 3);
        commands[0].line = 1;
        commands[1].line = 2;
        commands[0].clock = std::numeric_limits<qint64>::max();
        commands[1].clock = std::numeric_limits<qint64>::max() - 1;
        QByteArray body = JournalBlock::encode(commands);
        // count, two lines, the first clock in 10 bytes, then the step -1 (zig-zag 1).
        QCOMPARE(body.at(13), '\x01');
        body[13] = '\x02';  // +1
        std::vector<JournalCommand> back;
        QString error;
        QVERIFY(!JournalBlock::decode(body, back, error));
        QVERIFY2(error.contains(u"clocks"_s), qPrintable(error));
    }

    // Every cut of a body, and every flipped byte of its head, is refused or
    // reads as something: never a crash or a read past its end (ASan).
    void damagedBodiesAreRefused() {
        const QByteArray body = JournalBlock::encode(sample(20, 7));
        std::vector<JournalCommand> back;
        QString error;
        for (qsizetype n = 0; n < body.size(); ++n) {
            error.clear();
            QVERIFY2(!JournalBlock::decode(body.left(n), back, error),
                     qPrintable(QString::number(n)));
            QVERIFY(!error.isEmpty());
            QVERIFY(back.empty());
        }
        QVERIFY(!JournalBlock::decode(QByteArray(body + 'x'), back, error));
        QVERIFY2(error.contains(u"bytes after its last command"_s), qPrintable(error));
        for (qsizetype at = 0; at < 64 && at < body.size(); ++at) {
            QByteArray flipped = body;
            flipped[at] = static_cast<char>(flipped[at] ^ 0x5a);
            JournalBlock::decode(flipped, back, error);
        }
        // A count far beyond what the bytes could hold is not believed.
        QByteArray huge("\xff\xff\xff\xff\x0f", 5);
        QVERIFY(!JournalBlock::decode(huge, back, error));
    }

    void locatorIsTheLinksFirstBytes() {
        const QByteArray link = QByteArray::fromHex("0102030405060708090a0b0c0d0e0f10");
        QCOMPARE(JournalBlock::locatorOf(link), 0x04030201u);
        QCOMPARE(JournalBlock::locatorOf(QByteArray("ab")), 0u);
    }

    // Each event kind that changes a state row notes it, with the status
    // before when the event tells it, Unknown when it does not.
    void changesFromEvents() {
        StateChanges changes;
        changes.note(makeEvent(EventKind::TicketHeld, {"s1.1", "s1", "张伟", "G1", "2024-02-08",
                                                       "二等座", "01-01A", "北京南", "上海虹桥"}),
                     10);
        changes.note(makeEvent(EventKind::TicketRefunded, {"s1.1"}), 11);
        changes.note(makeEvent(EventKind::WaitlistCancelled, {"w1", "prepay_timeout"}), 12);
        changes.note(makeEvent(EventKind::SeatReleased, {}), 13);  // no state row
        changes.note(makeEvent(EventKind::WaitlistFulfilled, {"w2"}), 14);
        std::vector<StateChanges::Change> seen;
        changes.forEach([&](const StateChanges::Change& c) { seen.push_back(c); });
        QCOMPARE(seen.size(), std::size_t{5});
        QCOMPARE(seen[0].kind, StateChanges::Kind::TicketCreated);
        QCOMPARE(seen[0].seq, 10);
        QCOMPARE(seen[4].seq, 14);  // the fulfilment's order, after its ticket
        QCOMPARE(seen[0].status, RowStatus::Held);
        QCOMPARE(seen[0].fieldCount, 10);
        QCOMPARE(seen[0].fields[2], std::string_view("张伟"));
        QCOMPARE(seen[0].fields[8], std::string_view("上海虹桥"));
        QVERIFY(seen[0].fields[9].empty());  // one seat: no legs
        QCOMPARE(seen[1].kind, StateChanges::Kind::TicketChanged);
        QCOMPARE(seen[1].status, RowStatus::Refunded);
        QCOMPARE(seen[1].before, RowStatus::Unknown);  // held or paid
        QCOMPARE(seen[2].kind, StateChanges::Kind::OrderChanged);
        QCOMPARE(seen[2].before, RowStatus::AwaitingPrepay);
        QCOMPARE(seen[3].kind, StateChanges::Kind::TicketCreated);
        QCOMPARE(seen[3].status, RowStatus::Paid);
        QCOMPARE(seen[3].fields[1], std::string_view("w2"));
        QCOMPARE(seen[3].fieldCount, 10);
        QVERIFY(seen[3].fields[9].empty());
        QCOMPARE(seen[4].kind, StateChanges::Kind::OrderChanged);
        QCOMPARE(seen[4].status, RowStatus::Fulfilled);
        QCOMPARE(seen[4].before, RowStatus::Queued);
    }

    void statusNamesRoundTrip() {
        for (int s = 0; s < static_cast<int>(RowStatus::Unknown); ++s)
            QCOMPARE(rowStatusFromName(rowStatusName(static_cast<RowStatus>(s))),
                     static_cast<RowStatus>(s));
        QCOMPARE(rowStatusFromName("nonsense"), RowStatus::Unknown);
    }
};

QTEST_GUILESS_MAIN(TestJournalBlock)
#include "tst_journal_block.moc"
