// Engine::takeChanges: a viewer that re-reads only what changed keeps the
// same seats and queues as one that reads the run whole after every command.

#include <QTest>
#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

#include "harness.h"
#include "tools.h"

using namespace houbu;
using namespace houbu::test;
using namespace Qt::StringLiterals;

namespace {

// A run's seats and queues kept from takeChanges, the way the console keeps them.
struct Viewer {
    std::string train, date;
    std::vector<SeatView> seats;
    std::vector<QueueView> queues;
    QueueWindow window;  // how much of each queue it reads (all by default)
    int whole = 0, listed = 0, seatsRead = 0, queuesRead = 0;

    void readWhole(const Engine& e) {
        ++whole;
        seats = e.seats(train, date);
        queues = e.queues(train, date, window);
    }
    void follow(const Engine& e) {
        RunChanges c = e.takeChanges(train, date, window);
        if (!c.listed) return readWhole(e);
        ++listed;
        seatsRead += int(c.seats.size());
        queuesRead += int(c.queues.size());
        for (std::size_t k = 0; k < c.seatRows.size(); ++k)
            seats.at(c.seatRows[k]) = c.seats[k];
        for (QueueView& q : c.queues) {
            auto at = std::lower_bound(queues.begin(), queues.end(), q, queueKeyBefore);
            const bool shown = at != queues.end() && !queueKeyBefore(q, *at);
            if (q.length == 0) {
                if (shown) queues.erase(at);
            } else if (shown) {
                *at = std::move(q);
            } else {
                queues.insert(at, std::move(q));
            }
        }
    }
};

// Field by field, as a whole read gives them: cheaper than comparing their
// JSON after every command, which a sanitized build could not finish in time.
bool same(const HolderView& a, const HolderView& b) {
    return std::tie(a.kind, a.from, a.to, a.id, a.passenger, a.sale, a.payBy) ==
           std::tie(b.kind, b.from, b.to, b.id, b.passenger, b.sale, b.payBy);
}
bool same(const SeatView& a, const SeatView& b) {
    return std::tie(a.label, a.travelClass, a.car, a.row, a.letter, a.mask) ==
               std::tie(b.label, b.travelClass, b.car, b.row, b.letter, b.mask) &&
           std::equal(a.holders.begin(), a.holders.end(), b.holders.begin(), b.holders.end(),
                      [](const HolderView& x, const HolderView& y) { return same(x, y); });
}
bool same(const OrderView::Option& a, const OrderView::Option& b) {
    return std::tie(a.train, a.date, a.travelClass) == std::tie(b.train, b.date, b.travelClass);
}
bool same(const OrderView& a, const OrderView& b) {
    return std::tie(a.id, a.user, a.passengers, a.from, a.to, a.submittedSeq, a.effectiveAt,
                    a.deadline, a.prepayFen, a.status, a.acceptsStanding, a.acceptsNewTrains,
                    a.rank, a.aheadPassengers, a.level) ==
               std::tie(b.id, b.user, b.passengers, b.from, b.to, b.submittedSeq, b.effectiveAt,
                        b.deadline, b.prepayFen, b.status, b.acceptsStanding, b.acceptsNewTrains,
                        b.rank, b.aheadPassengers, b.level) &&
           std::equal(
               a.options.begin(), a.options.end(), b.options.begin(), b.options.end(),
               [](const OrderView::Option& x, const OrderView::Option& y) { return same(x, y); });
}
bool same(const QueueView& a, const QueueView& b) {
    return std::tie(a.travelClass, a.from, a.to, a.length, a.passengers) ==
               std::tie(b.travelClass, b.from, b.to, b.length, b.passengers) &&
           std::equal(a.orders.begin(), a.orders.end(), b.orders.begin(), b.orders.end(),
                      [](const OrderView& x, const OrderView& y) { return same(x, y); });
}
template <typename T>
bool same(const std::vector<T>& a, const std::vector<T>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [](const T& x, const T& y) { return same(x, y); });
}

}  // namespace

class TestChanges : public QObject {
    Q_OBJECT

  private slots:
    // Each kind of change, by hand: a sale and its payment name the seat, a
    // prepaid order its queues, a cancelled one its emptied queue; an added
    // car asks for a whole read; nothing is listed twice or for another run.
    void eachChangeIsListed() {
        Session s;
        s.send({g1()});
        const Engine& e = s.engine();
        e.trackChanges(true);
        s.send(sell("S1", "北京", "济南", R"(["张三"])", R"(,"seats":["03-01A"])"));
        RunChanges c = e.takeChanges("G1", "2024-01-20");
        QVERIFY(c.listed);
        QCOMPARE(c.seats.size(), std::size_t(1));
        QCOMPARE(c.seats[0].label, std::string("03-01A"));
        QCOMPARE(c.seatRows[0], std::size_t(3));  // seats() order: car 1, 2, then 03-01A
        QVERIFY(c.queues.empty());
        // Taken: nothing until the next change.
        QVERIFY(e.takeChanges("G1", "2024-01-20").seats.empty());
        s.send(op("pay", "S1"));
        c = e.takeChanges("G1", "2024-01-20");
        QCOMPARE(c.seats.size(), std::size_t(1));
        QCOMPARE(c.seats[0].holders.at(0).kind, HolderView::Kind::Paid);
        // Sell out the interval, then queue an order: its queue is listed with it.
        s.send(sell("S2", "北京", "济南", R"(["李四"])", R"(,"seats":["03-01B"])"));
        s.send(waitlist("W1", "北京", "济南", R"(["王五"])"));
        s.send(op("prepay", "W1"));
        c = e.takeChanges("G1", "2024-01-20");
        QCOMPARE(c.queues.size(), std::size_t(1));
        QCOMPARE(c.queues[0].orders.size(), std::size_t(1));
        QCOMPARE(c.queues[0].orders[0].id, std::string("W1"));
        s.send(op("cancel", "W1"));
        c = e.takeChanges("G1", "2024-01-20");
        QCOMPARE(c.queues.size(), std::size_t(1));
        QVERIFY(c.queues[0].orders.empty());  // emptied: the viewer drops it
        // Another run's changes are not this run's.
        s.send(g1().replace("\"G1\"", "\"G2\""));
        s.send(sell("S3", "北京", "济南", R"(["赵六"])").replace("\"G1\"", "\"G2\""));
        c = e.takeChanges("G1", "2024-01-20");
        QVERIFY(c.listed);
        QVERIFY(c.seats.empty());
        // An added car: the run is read whole.
        s.send(
            R"({"op":"add_car","train":"G1","date":"2024-01-20","car":9,"class":"second","rows":1,"layout":"AB"})");
        QVERIFY(!e.takeChanges("G1", "2024-01-20").listed);
        QVERIFY(e.takeChanges("G1", "2024-01-20").listed);
        // Off: nothing is recorded, nothing is listed.
        e.trackChanges(false);
        QVERIFY(!e.takeChanges("G1", "2024-01-20").listed);
    }

    // A generated day (version 2's traffic too): after every command the
    // viewer that follows the changes shows what a whole read shows, on the
    // run it watches, which changes every few hundred commands.
    // A run opened lists the first queues, each `rows` deep, as far as the
    // budget of lines (header and orders) reaches; the others none. A run
    // within the budget lists every queue, like a plain window.
    void headOfListsTheFirstQueues() {
        std::vector<QueueView> tallies;
        for (const auto& [from, length] :
             std::vector<std::pair<int, int>>{{0, 50}, {1, 150}, {2, 3}, {3, 500}, {4, 7}})
            tallies.push_back(QueueView{"second", from, from + 1, {}, length, length, 0});
        const QueueWindow w = QueueWindow::headOf(tallies, 100, 160);
        // Lines before each: 0, 51, 152, 156 (all under 160), then 257.
        QCOMPARE(w.deeper.size(), std::size_t{4});
        QCOMPARE(w.spanOf("second", 0, 1), (QueueWindow::Span{0, 100}));
        QCOMPARE(w.spanOf("second", 3, 4), (QueueWindow::Span{0, 100}));
        QCOMPARE(w.spanOf("second", 4, 5), (QueueWindow::Span{0, 0}));
        QCOMPARE(w.spanOf("first", 0, 1), (QueueWindow::Span{0, 0}));  // a queue come since
        // Shown later, a queue is listed like any other; back to nothing, not listed.
        QueueWindow shown = w;
        QVERIFY(shown.show("second", 4, 5, 0, 100));
        QCOMPARE(shown.spanOf("second", 4, 5), (QueueWindow::Span{0, 100}));
        QVERIFY(shown.show("second", 4, 5, 0, 0));
        QCOMPARE(shown.spanOf("second", 4, 5), (QueueWindow::Span{0, 0}));
        // A run whose queues all fit lists every queue, those still to come too.
        const QueueWindow fits = QueueWindow::headOf(tallies, 100, 400);
        QCOMPARE(fits.deeper.size(), std::size_t{0});
        QCOMPARE(fits.spanOf("first", 0, 1), (QueueWindow::Span{0, 100}));
        const QueueWindow empty = QueueWindow::headOf({}, 100, 160);
        QCOMPARE(empty.deeper.size(), std::size_t{0});
        QCOMPARE(empty.spanOf("second", 0, 1), (QueueWindow::Span{0, 100}));
    }

    void followingEqualsReadingWhole_data() {
        QTest::addColumn<quint64>("seed");
        // The window's rows, 0 for whole queues, -1 for a console's opening
        // of a run (QueueWindow::headOf: 3 rows of the first queues, 20 lines).
        QTest::addColumn<int>("rows");
        for (quint64 seed : {1u, 2u, 3u})
            QTest::addRow("seed %llu", static_cast<unsigned long long>(seed)) << seed << 0;
        // Windows shorter than the queues: orders come into view as the
        // ones ahead leave, and one queue of each run is read deeper.
        for (quint64 seed : {4u, 5u})
            QTest::addRow("seed %llu, 3 rows", static_cast<unsigned long long>(seed)) << seed << 3;
        // Past the first queues, none listed: they are counted until shown.
        for (quint64 seed : {6u, 7u})
            QTest::addRow("seed %llu, head of the run", static_cast<unsigned long long>(seed))
                << seed << -1;
    }
    void followingEqualsReadingWhole() {
        QFETCH(quint64, seed);
        QFETCH(int, rows);
        tools::GenSpec spec;
        spec.seed = seed;
        spec.runs = 3;
        spec.stopsMin = 4;
        spec.stopsMax = 9;
        spec.seatsMin = 100;
        spec.seatsMax = 120;
        spec.orders = 3000;
        spec.version2 = true;
        std::string day;
        tools::GenStats stats;
        std::string error;
        QVERIFY2(tools::generate(
                     spec, [&](std::string_view s) { day += s; }, stats, error),
                 error.c_str());
        Runner runner;
        const Engine& e = runner.engine();
        e.trackChanges(true);
        Viewer v;
        if (rows > 0) v.window.rows = static_cast<std::size_t>(rows);
        int line = 0, switched = 0, cut = 0, skipped = 0, unlisted = 0;
        QByteArray out;
        const QList<QByteArray> lines = QByteArray::fromStdString(day).split('\n');
        for (const QByteArray& l : lines) {
            if (l.isEmpty()) continue;
            out.clear();
            runner.processLine(l, ++line, out);
            const std::vector<RunSummary> runs = e.runSummaries();
            if (runs.empty()) continue;
            if (v.train.empty() || line % 400 == 0) {
                const RunSummary& next = runs[std::size_t(line / 400) % runs.size()];
                v.train = next.train;
                v.date = next.date;
                ++switched;
                e.takeChanges(v.train, v.date);
                if (rows < 0)
                    v.window =
                        QueueWindow::headOf(e.queues(v.train, v.date, QueueWindow{0, {}}), 3, 20);
                if (rows > 0) {
                    // The run's longest queue, as if scrolled down (7 rows
                    // more) or shown from halfway down (5 rows).
                    v.window.deeper.clear();
                    const std::vector<QueueView> all = e.queues(v.train, v.date);
                    const auto longest = std::max_element(
                        all.begin(), all.end(),
                        [](const QueueView& a, const QueueView& b) { return a.length < b.length; });
                    if (longest != all.end() && switched % 2 == 0)
                        v.window.deepen(longest->travelClass, longest->from, longest->to,
                                        v.window.rows + 7);
                    else if (longest != all.end())
                        v.window.show(longest->travelClass, longest->from, longest->to,
                                      static_cast<std::size_t>(longest->length / 2), 5);
                }
                v.readWhole(e);
                continue;
            }
            v.follow(e);
            const std::vector<QueueView> read = e.queues(v.train, v.date, v.window);
            if (rows != 0) {
                // A window is a stretch of the whole queue (its last orders
                // when the queue shrank below its start), counted whole.
                const std::vector<QueueView> all = e.queues(v.train, v.date);
                QCOMPARE(read.size(), all.size());
                for (std::size_t k = 0; k < all.size(); ++k) {
                    const std::size_t shown = read[k].orders.size();
                    const QueueWindow::Span span =
                        v.window.spanOf(all[k].travelClass, all[k].from, all[k].to);
                    const std::size_t length = all[k].orders.size();
                    QCOMPARE(shown, std::min(length, span.rows));
                    const std::size_t first = std::min(span.first, length - shown);
                    QCOMPARE(read[k].first, int(first));
                    skipped += first > 0 ? 1 : 0;
                    QCOMPARE(read[k].length, int(all[k].orders.size()));
                    int passengers = 0;
                    for (const OrderView& o : all[k].orders)
                        passengers += int(o.passengers.size());
                    QCOMPARE(read[k].passengers, passengers);
                    QVERIFY(std::equal(
                        read[k].orders.begin(), read[k].orders.end(),
                        all[k].orders.begin() + long(first),
                        all[k].orders.begin() + long(first + shown),
                        [](const OrderView& x, const OrderView& y) { return same(x, y); }));
                    cut += shown < all[k].orders.size() ? 1 : 0;
                    unlisted += shown == 0 ? 1 : 0;
                }
            }
            if (!same(v.seats, e.seats(v.train, v.date)) || !same(v.queues, read))
                QFAIL(qPrintable(
                    u"seed %1, line %2 (%3): the followed view of %4 %5 differs "
                    u"from a whole read"_s.arg(seed)
                        .arg(line)
                        .arg(QString::fromUtf8(l))
                        .arg(QString::fromStdString(v.train), QString::fromStdString(v.date))));
        }
        // It followed, not re-read: most commands were listed changes, and
        // what they listed was a small part of the run.
        QVERIFY2(v.listed > line / 2, qPrintable(u"%1 of %2"_s.arg(v.listed).arg(line)));
        QVERIFY(v.seatsRead > 0);
        QVERIFY(v.queuesRead > 0);
        QVERIFY(switched >= 3);
        if (rows > 0) QVERIFY2(cut > 0, "no queue was longer than the window");
        if (rows > 0) QVERIFY2(skipped > 0, "no window started below a queue's head");
        if (rows < 0) QVERIFY2(unlisted > 0, "every queue was listed: the runs were too small");
        if (rows < 0) QVERIFY2(cut > unlisted, "no listed queue was cut at 3 rows");
        qInfo("seed %llu: %d lines, %d followed (%d seats, %d queues read), %d whole reads",
              static_cast<unsigned long long>(seed), line, v.listed, v.seatsRead, v.queuesRead,
              v.whole);
    }
};

QTEST_GUILESS_MAIN(TestChanges)
#include "tst_changes.moc"
