// The models of version 2's console views over a real embedded session, under
// QAbstractItemModelTester: standing tickets (无座) listed with the exact
// signals a sale, a payment and a refund give, the grid model's standing load,
// and a class's cap in words.

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

#include "houbu/embedded_session.h"
#include "houbu/models.h"
#include "houbu/standing_ticket_model.h"
#include "houbu/waitlist_caps.h"

using namespace houbu;
using namespace Qt::StringLiterals;

namespace {

// Two second-class seats and three standing places of second class.
const QByteArray kTrain =
    R"({"op":"train","at":"2025-01-06T08:00","train":"G7","date":"2025-01-20","stops":[{"station":"北京南","km":0,"dep":"08:00"},{"station":"济南西","km":406,"arr":"09:30","dep":"09:32"},{"station":"南京南","km":1023,"arr":"11:30","dep":"11:32"},{"station":"上海虹桥","km":1318,"arr":"12:30"}],"cars":[{"car":1,"class":"second","rows":1,"layout":"AB"}],"standing":{"second":3}})";

struct Fixture {
    EmbeddedSession session;
    SeatGridModel grid;
    StandingTicketModel standing;
    QAbstractItemModelTester t1{&grid, QAbstractItemModelTester::FailureReportingMode::QtTest};
    QAbstractItemModelTester t2{&standing, QAbstractItemModelTester::FailureReportingMode::QtTest};
    qint64 lastSeq = 0;

    Fixture() {
        QObject::connect(&session, &Session::snapshotChanged, [this](const SnapshotPtr& s) {
            grid.apply(s);
            standing.apply(s);
            lastSeq = s->lastSeq;
        });
        session.open(StoreOptions{});
    }

    bool send(const QList<QByteArray>& commands, qint64 expectSeqAtLeast) {
        session.send(commands);
        return QTest::qWaitFor([&] { return lastSeq >= expectSeqAtLeast; }, 10000);
    }
};

QByteArray sell(const QByteArray& id, const QByteArray& from, const QByteArray& to,
                const QByteArray& passengers) {
    return R"({"op":"sell","id":")" + id +
           R"(","train":"G7","date":"2025-01-20","class":"second","standing":true,"from":")" +
           from + R"(","to":")" + to + R"(","passengers":)" + passengers + "}";
}

}  // namespace

class TestStandingModels : public QObject {
    Q_OBJECT

  private slots:
    void standingTicketsAndLoad() {
        Fixture f;
        QVERIFY(f.send({kTrain}, 1));
        QCOMPARE(f.standing.rowCount(), 0);
        QCOMPARE(f.grid.standingClasses().size(), std::size_t(1));
        QCOMPARE(f.grid.standingOf(u"second"_s)->standingLoad, (std::vector<int>{0, 0, 0}));
        QVERIFY(!f.grid.standingOf(u"first"_s));

        QSignalSpy inserted(&f.standing, &QAbstractItemModel::rowsInserted);
        QSignalSpy removed(&f.standing, &QAbstractItemModel::rowsRemoved);
        QSignalSpy changed(&f.standing, &QAbstractItemModel::dataChanged);
        QSignalSpy reset(&f.standing, &QAbstractItemModel::modelReset);
        QSignalSpy load(&f.grid, &SeatGridModel::standingChanged);
        // One passenger 北京南→南京南, two 济南西→上海虹桥: 济南西→南京南 is exactly full.
        QVERIFY(f.send({sell("s1", "北京南", "南京南", R"(["站甲"])"),
                        sell("s2", "济南西", "上海虹桥", R"(["站乙","站丙"])")},
                       4));
        QCOMPARE(reset.count(), 0);
        QCOMPARE(removed.count(), 0);
        int rows = 0;
        for (const auto& args : inserted)
            rows += args.at(2).toInt() - args.at(1).toInt() + 1;
        QCOMPARE(rows, 3);
        QCOMPARE(f.standing.rowCount(), 3);
        QCOMPARE(f.standing.index(0, StandingTicketModel::Ticket).data().toString(), u"s1.1"_s);
        QCOMPARE(f.standing.index(0, StandingTicketModel::Interval).data().toString(),
                 u"北京南→南京南"_s);
        QCOMPARE(f.standing.index(2, StandingTicketModel::Passenger).data().toString(), u"站丙"_s);
        QCOMPARE(f.standing.index(2, StandingTicketModel::Sale).data().toString(), u"s2"_s);
        QCOMPARE(f.standing.index(1, 0).data(StandingTicketModel::FromRole).toInt(), 1);
        QCOMPARE(f.standing.index(1, 0).data(StandingTicketModel::ToRole).toInt(), 3);
        QVERIFY(load.count() >= 1);
        QCOMPARE(f.grid.standingOf(u"second"_s)->standingLoad, (std::vector<int>{1, 3, 2}));

        // Paying s2 changes the status of its two rows only.
        inserted.clear();
        changed.clear();
        load.clear();
        QVERIFY(f.send({R"({"op":"pay","id":"s2"})"}, 6));
        QCOMPARE(inserted.count(), 0);
        QCOMPARE(changed.count(), 2);
        QCOMPARE(changed.at(0).at(0).value<QModelIndex>().row(), 1);
        QCOMPARE(changed.at(1).at(0).value<QModelIndex>().row(), 2);
        const QString held = f.standing.index(0, StandingTicketModel::Status).data().toString();
        QVERIFY(f.standing.index(1, StandingTicketModel::Status).data().toString() != held);
        QCOMPARE(load.count(), 0);  // the load did not change

        // Refunding s1 (once paid) removes its row; the load follows.
        removed.clear();
        QVERIFY(f.send({R"({"op":"pay","id":"s1"})", R"({"op":"refund","id":"s1"})"}, 9));
        QCOMPARE(removed.count(), 1);
        QCOMPARE(removed.at(0).at(1).toInt(), 0);
        QCOMPARE(f.standing.rowCount(), 2);
        QCOMPARE(f.standing.index(0, StandingTicketModel::Ticket).data().toString(), u"s2.1"_s);
        QCOMPARE(load.count(), 1);
        QCOMPARE(f.grid.standingOf(u"second"_s)->standingLoad, (std::vector<int>{0, 2, 2}));
        QCOMPARE(reset.count(), 0);
    }

    void capsInWords() {
        ClassView c;
        c.name = "second";
        c.queuedPassengers = 2;
        QVERIFY(!WaitlistCaps::capped(c) && !WaitlistCaps::full(c));
        QVERIFY(WaitlistCaps::status(c).contains(u"no cap"_s));
        c.cap = 3;
        QVERIFY(WaitlistCaps::capped(c) && !WaitlistCaps::full(c));
        QVERIFY(!WaitlistCaps::status(c).contains(u"候补人数已满"_s));
        QVERIFY(WaitlistCaps::status(c).contains(u"cap 3"_s));
        // Lowered below the queue: full, and the queue stays.
        c.cap = 1;
        QVERIFY(WaitlistCaps::full(c));
        QVERIFY(WaitlistCaps::status(c).contains(u"候补人数已满"_s));
        c.cap = 0;
        QVERIFY(WaitlistCaps::status(c).contains(u"closed to the waitlist (cap 0)"_s));
        QVERIFY(WaitlistCaps::status(c).contains(u"候补人数已满"_s));
    }
};

QTEST_MAIN(TestStandingModels)
#include "tst_standing_models.moc"
