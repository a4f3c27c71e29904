// Models over a real embedded session, each under QAbstractItemModelTester,
// with the exact signals they emit checked by QSignalSpy.

#include <QAbstractItemModelTester>
#include <QFile>
#include <QSet>
#include <QSignalSpy>
#include <QTest>

#include "houbu/display_names.h"
#include "houbu/embedded_session.h"
#include "houbu/error_sentences.h"
#include "houbu/hot_queue_model.h"
#include "houbu/line_archive.h"
#include "houbu/line_numbers.h"
#include "houbu/models.h"
#include "houbu/narrow_index_column.h"
#include "houbu/snapshot_throttle.h"

using namespace houbu;
using namespace Qt::StringLiterals;

namespace {

QByteArray demoScenario() {
    QFile f(QStringLiteral(HOUBU_SOURCE_DIR "/resources/demo/g13-spring-festival.jsonl"));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

const QByteArray kTrain =
    R"({"op":"train","train":"G1","date":"2024-01-20","stops":[{"station":"北京","km":0},{"station":"天津","km":120},{"station":"济南","km":406},{"station":"青岛","km":800}],"cars":[{"car":3,"class":"second","rows":1,"layout":"AB"}]})";

// A session with models attached directly (no throttle) and testers on each.
struct Fixture {
    EmbeddedSession session;
    RunListModel runs;
    SeatGridModel grid;
    QueueModel queues;
    EventLogModel log;
    EventFilterModel filter;
    QAbstractItemModelTester t1{&runs, QAbstractItemModelTester::FailureReportingMode::QtTest};
    QAbstractItemModelTester t2{&grid, QAbstractItemModelTester::FailureReportingMode::QtTest};
    QAbstractItemModelTester t3{&queues, QAbstractItemModelTester::FailureReportingMode::QtTest};
    QAbstractItemModelTester t4{&log, QAbstractItemModelTester::FailureReportingMode::QtTest};
    QAbstractItemModelTester t5{&filter, QAbstractItemModelTester::FailureReportingMode::QtTest};
    qint64 lastSeq = 0;

    Fixture() {
        filter.setSourceModel(&log);
        QObject::connect(&session, &Session::snapshotChanged, [this](const SnapshotPtr& s) {
            runs.apply(s);
            grid.apply(s);
            queues.apply(s);
            lastSeq = s->lastSeq;
        });
        QObject::connect(&session, &Session::eventsApplied,
                         [this](const QList<EventRecord>& e) { log.append(e); });
        session.open(StoreOptions{});
    }

    // Sends commands and waits until the snapshot after them has been applied.
    bool send(const QList<QByteArray>& commands, qint64 expectSeqAtLeast) {
        session.send(commands);
        return QTest::qWaitFor([&] { return lastSeq >= expectSeqAtLeast; }, 10000);
    }
};

}  // namespace

class TestModels : public QObject {
    Q_OBJECT

  private slots:
    // Snapshots of the shown run coalesce to one a frame, the newest; a
    // snapshot of another run, or one answering the operator's own command,
    // is applied at once, whatever waits. Only the
    // switch is asserted as it happens: on a loaded machine a frame may pass
    // between two pushes of the same run.
    void throttleCoalescesButNotASwitch() {
        SnapshotThrottle throttle;
        QList<qint64> applied;
        connect(&throttle, &SnapshotThrottle::snapshot, this,
                [&](const SnapshotPtr& s) { applied << s->lastSeq; });
        auto snap = [](const char* train, qint64 seq) {
            auto s = std::make_shared<ConsoleSnapshot>();
            s->run.train = train;
            s->run.date = "2024-01-20";
            s->lastSeq = seq;
            return SnapshotPtr(s);
        };
        throttle.push(snap("G1", 1));  // the first: at once
        QCOMPARE(applied, QList<qint64>{1});
        throttle.push(snap("G1", 2));  // within the frame: waits, as a rule
        throttle.push(snap("G1", 3));
        throttle.push(snap("G2", 4));  // another run: at once, over what waits
        QCOMPARE(applied.last(), 4);
        throttle.push(snap("G2", 5));
        QTRY_COMPARE_WITH_TIMEOUT(applied.last(), 5, 1000);  // the frame's newest
        const qsizetype n = applied.size();
        QTest::qWait(3 * SnapshotThrottle::kFrameMs);
        QCOMPARE(applied.size(), n);  // nothing after it
        // The answer to the operator's own command: at once, over what waits.
        throttle.push(snap("G2", 6));
        throttle.push(snap("G2", 7));
        auto answer = std::make_shared<ConsoleSnapshot>(*snap("G2", 8));
        answer->answersOperator = true;
        throttle.push(answer);
        QCOMPARE(applied.last(), 8);
        QTest::qWait(3 * SnapshotThrottle::kFrameMs);
        QCOMPARE(applied.last(), 8);  // what waited was older: not applied after it
    }

    // The console can name every error code the engine has, each in its own words.
    void everyErrorCodeHasASentence() {
        const QString fallback = errorSentence(static_cast<ErrorCode>(0xff));
        QSet<QString> seen;
        for (ErrorCode code : kErrorCodes) {
            const QString sentence = errorSentence(code);
            const QString name = QString::fromLatin1(errorCodeName(code));
            QVERIFY2(sentence != fallback, qPrintable(name));
            QVERIFY2(sentence.size() > 20 && sentence.endsWith(u'.'), qPrintable(name));
            QVERIFY2(!sentence.contains(name), qPrintable(name));
            QVERIFY2(!seen.contains(sentence), qPrintable(name + u": "_s + sentence));
            seen.insert(sentence);
        }
        QCOMPARE(seen.size(), qsizetype(std::size(kErrorCodes)));
    }

    void demoLoadsWithProgress() {
        Fixture f;
        QSignalSpy progress(&f.session, &Session::progress);
        f.session.load(demoScenario());
        // 3 business rows of ACF, 5 first of ACDF, 2 second-class cars of 4 rows of ABCDF.
        QVERIFY(QTest::qWaitFor([&] { return f.grid.rowCount() == 69; }, 20000));
        QVERIFY(!progress.isEmpty());
        QCOMPARE(progress.last().at(1).toLongLong(), progress.last().at(2).toLongLong());
        QCOMPARE(f.runs.rowCount(), 1);
        QCOMPARE(f.runs.index(0, RunListModel::Train).data().toString(), u"G13"_s);
        QCOMPARE(f.grid.columnCount(), 7);
        QCOMPARE(f.grid.stations().first(), u"北京南"_s);
        // 03-01A: 张伟 北京南→济南西 paid (three segments, one bar).
        const int row = f.grid.rowOfSeat(u"03-01A"_s);
        QVERIFY(row >= 0);
        const QModelIndex first = f.grid.index(row, 0);
        QCOMPARE(first.data(SeatGridModel::PassengerRole).toString(), u"张伟"_s);
        QCOMPARE(first.data(SeatGridModel::KindRole).toInt(), int(SeatGridModel::HolderKind::Paid));
        QVERIFY(first.data(SeatGridModel::BarStartRole).toBool());
        QVERIFY(!first.data(SeatGridModel::BarEndRole).toBool());
        QVERIFY(f.grid.index(row, 2).data(SeatGridModel::BarEndRole).toBool());
        QVERIFY(f.grid.index(row, 0).data(Qt::ToolTipRole).toString().contains(u"D1.1"_s));
        QVERIFY(f.log.rowCount() > 200);
    }

    // A release changes one seat: one dataChanged over that row, no reset.
    void releaseUpdatesOneRow() {
        Fixture f;
        QVERIFY(f.send(
            {kTrain,
             R"({"op":"sell","id":"S1","train":"G1","date":"2024-01-20","from":"北京","to":"济南","class":"second","passengers":["甲"],"seats":["03-01B"]})"},
            2));
        QSignalSpy changed(&f.grid, &QAbstractItemModel::dataChanged);
        QSignalSpy reset(&f.grid, &QAbstractItemModel::modelReset);
        QVERIFY(f.send({R"({"op":"refund","id":"S1"})"}, 4));
        QCOMPARE(reset.count(), 0);
        QCOMPARE(changed.count(), 1);
        const auto topLeft = changed.first().at(0).value<QModelIndex>();
        const auto bottomRight = changed.first().at(1).value<QModelIndex>();
        QCOMPARE(topLeft.row(), f.grid.rowOfSeat(u"03-01B"_s));
        QCOMPARE(bottomRight.row(), topLeft.row());
        QVERIFY(changed.first().at(2).value<QList<int>>().contains(SeatGridModel::KindRole));
        QCOMPARE(f.grid.index(topLeft.row(), 0).data(SeatGridModel::KindRole).toInt(),
                 int(SeatGridModel::HolderKind::Free));
        QVERIFY(f.grid.index(topLeft.row(), 0).data(SeatGridModel::ChangedAtRole).toLongLong() > 0);
        QCOMPARE(f.grid.index(topLeft.row(), 2).data(SeatGridModel::ChangedAtRole).toLongLong(), 0);
    }

    // An added car inserts rows where the car falls in seat order.
    void addedCarInsertsRows() {
        Fixture f;
        QVERIFY(f.send({kTrain}, 1));
        QSignalSpy inserted(&f.grid, &QAbstractItemModel::rowsInserted);
        QSignalSpy reset(&f.grid, &QAbstractItemModel::modelReset);
        QVERIFY(f.send(
            {R"({"op":"add_car","train":"G1","date":"2024-01-20","car":1,"class":"first","rows":1,"layout":"AC"})"},
            2));
        QCOMPARE(reset.count(), 0);
        QCOMPARE(inserted.count(), 1);
        QCOMPARE(inserted.first().at(1).toInt(), 0);  // car 01 comes before car 03
        QCOMPARE(inserted.first().at(2).toInt(), 1);
        QCOMPARE(f.grid.rowCount(), 4);
        QCOMPARE(f.grid.index(0, 0).data(SeatGridModel::SeatRole).toString(), u"01-01A"_s);
    }

    // Queues list orders in rank order; serving and cancelling remove rows, not reset.
    void queuesFollowTheWaitlist() {
        Fixture f;
        const QByteArray sell =
            R"({"op":"sell","id":"S1","train":"G1","date":"2024-01-20","from":"北京","to":"青岛","class":"second","passengers":["a","b"]})";
        auto wl = [](const char* id, const char* from, const char* names) -> QByteArray {
            return QByteArray("{\"op\":\"waitlist\",\"id\":\"") + id +
                   "\",\"user\":\"u\",\"from\":\"" + from +
                   "\",\"to\":\"济南\",\"passengers\":" + names +
                   ",\"options\":[{\"train\":\"G1\",\"date\":\"2024-01-20\",\"class\":\"second\"}]"
                   "}";
        };
        auto prepay = [](const char* id) -> QByteArray {
            return QByteArray("{\"op\":\"prepay\",\"id\":\"") + id + "\"}";
        };
        QVERIFY(f.send({kTrain, sell, wl("W1", "北京", R"(["乙","丙"])"), prepay("W1"),
                        wl("W2", "北京", R"(["丁"])"), prepay("W2"), wl("W3", "天津", R"(["戊"])"),
                        prepay("W3")},
                       9));
        QCOMPARE(f.queues.rowCount(), 2);
        const QModelIndex beijing = f.queues.index(0, 0);
        QCOMPARE(f.queues.rowCount(beijing), 2);
        QCOMPARE(f.queues.index(0, 0, beijing).data(QueueModel::OrderIdRole).toString(), u"W1"_s);
        QCOMPARE(f.queues.index(1, QueueModel::Rank, beijing).data().toInt(), 2);
        QCOMPARE(f.queues.indexOfOrder(u"W3"_s).parent().row(), 1);

        QSignalSpy removed(&f.queues, &QAbstractItemModel::rowsRemoved);
        QSignalSpy reset(&f.queues, &QAbstractItemModel::modelReset);
        // One seat back: W2 (single) is served, W1 (pair) keeps waiting.
        QVERIFY(f.send({R"({"op":"refund","ticket":"S1.1"})"}, 12));
        QCOMPARE(reset.count(), 0);
        QVERIFY(removed.count() >= 1);
        QCOMPARE(f.queues.rowCount(f.queues.index(0, 0)), 1);
        QVERIFY(!f.queues.indexOfOrder(u"W2"_s).isValid());

        // The log filters by kind and by order.
        f.filter.setKind(u"waitlist_fulfilled"_s);
        QCOMPARE(f.filter.rowCount(), 1);
        f.filter.setKind(QString());
        f.filter.setOrder(u"W1"_s);
        QStringList kinds;
        for (int r = 0; r < f.filter.rowCount(); ++r)
            kinds << f.filter.index(r, 0).data(EventLogModel::KindRole).toString();
        // Submitted, effective; passed over when it came, and by the refund (the match trace).
        QCOMPARE(kinds, (QStringList{u"waitlist_submitted"_s, u"waitlist_effective"_s,
                                     u"match_skipped"_s, u"match_skipped"_s}));
        f.filter.setOrder(QString());
        f.filter.setText(u"戊"_s);
        QVERIFY(f.filter.rowCount() == 0);  // names are not in the events of W3 (ids are)
        f.filter.setText(u"w3"_s);
        int events = 0;  // the match trace about W3 matches too
        for (int r = 0; r < f.filter.rowCount(); ++r)
            if (!f.filter.index(r, 0)
                     .data(EventLogModel::KindRole)
                     .toString()
                     .startsWith(u"match_"_s))
                ++events;
        QCOMPARE(events, 2);
    }

    // A preview (dry_run) is in the log, named as one, and changes nothing shown.
    void previewsChangeNothingShown() {
        Fixture f;
        QVERIFY(f.send({kTrain}, 1));
        const QByteArray sell =
            R"({"op":"sell","id":"S1","train":"G1","date":"2024-01-20","from":"北京",)"
            R"("to":"青岛","class":"second","passengers":["甲"])";
        QVERIFY(f.send({sell + R"(,"dry_run":true})"}, 2));
        QCOMPARE(f.log.rowCount(), 2);
        const QString kind = f.log.index(1, EventLogModel::Event).data().toString();
        QVERIFY2(kind.endsWith(u"(preview)"_s), qPrintable(kind));
        QCOMPARE(f.runs.index(0, 0).data(RunListModel::LoadFactorRole).toDouble(), 0.0);
        // The sale itself: the same id is free, and the seat is now taken.
        QVERIFY(f.send({sell + "}"}, 3));
        QCOMPARE(f.log.index(2, EventLogModel::Event).data().toString(),
                 kind.left(kind.indexOf(u" (preview)"_s)));
        QVERIFY(f.runs.index(0, 0).data(RunListModel::LoadFactorRole).toDouble() > 0.0);
    }

    // An order's index names its queue by identity, not by row: a queue
    // appearing above it leaves it on the same order, under the same queue,
    // and a long queue's diff is rows removed and inserted, never a reset.
    void orderIndexesSurviveQueuesAbove() {
        QueueModel model;
        QAbstractItemModelTester tester{&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest};
        auto snapshot = [](std::vector<QueueView> queues) {
            auto s = std::make_shared<ConsoleSnapshot>();
            s->run.train = "G1";
            s->run.date = "2024-01-20";
            s->run.stops = {{"北京", 0, 0, 0}, {"天津", 120, 0, 0}, {"济南", 400, 0, 0}};
            for (QueueView& q : queues)
                s->queues.push_back(std::make_shared<const QueueView>(std::move(q)));
            return SnapshotPtr(std::move(s));
        };
        auto orders = [](int first, int count) {
            std::vector<OrderView> out;
            for (int i = first; i < first + count; ++i) {
                OrderView o;
                o.id = "W" + std::to_string(i);
                o.passengers = {"p"};
                out.push_back(o);
            }
            return out;
        };
        model.apply(snapshot({QueueView{"second", 1, 2, orders(1, 3000)}}));
        const QPersistentModelIndex last(model.index(2999, 0, model.index(0, 0)));
        QCOMPARE(last.data(QueueModel::OrderIdRole).toString(), u"W3000"_s);

        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        std::vector<OrderView> kept = orders(1, 3000);
        kept.erase(kept.begin() + 10, kept.begin() + 20);  // ten served from the middle
        model.apply(snapshot(
            {QueueView{"second", 0, 2, orders(5000, 2)}, QueueView{"second", 1, 2, kept}}));
        QCOMPARE(reset.count(), 0);
        QCOMPARE(removed.count(), 1);  // one contiguous range
        QCOMPARE(model.rowCount(), 2);
        QVERIFY(last.isValid());
        QCOMPARE(last.parent().row(), 1);
        QCOMPARE(last.row(), 2989);
        QCOMPARE(last.data(QueueModel::OrderIdRole).toString(), u"W3000"_s);
        QCOMPARE(model.rowCount(model.index(1, 0)), 2990);
    }

    // The hot queues keep their rows while they stay ranked: one leaving is a
    // removal, one entering an insertion at the end, a new count or rank a
    // dataChanged of its row; never a reset, so a selection survives.
    void hotQueuesChangeInPlace() {
        HotQueueModel model;
        QAbstractItemModelTester tester{&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest};
        auto queue = [](const char* train, int from, int orders, int passengers) {
            HotQueue q;
            q.train = train;
            q.date = "2024-01-20";
            q.travelClass = "second";
            q.from = from;
            q.to = from + 1;
            q.fromStation = "A" + std::to_string(from);
            q.toStation = "A" + std::to_string(from + 1);
            q.orders = orders;
            q.passengers = passengers;
            return q;
        };
        auto snapshot = [](std::vector<HotQueue> queues) {
            auto s = std::make_shared<ConsoleSnapshot>();
            s->hotQueues = std::make_shared<const std::vector<HotQueue>>(std::move(queues));
            return SnapshotPtr(std::move(s));
        };
        model.apply(snapshot({queue("G1", 0, 9, 20), queue("G2", 1, 5, 8), queue("G3", 0, 2, 2)}));
        QCOMPARE(model.rowCount(), 3);
        const QPersistentModelIndex g2(model.index(1, HotQueueModel::Train));
        QCOMPARE(g2.data().toString(), u"G2"_s);
        QCOMPARE(model.index(1, HotQueueModel::Interval).data().toString(), u"A1→A2"_s);
        QCOMPARE(model.index(1, HotQueueModel::Class).data().toString(),
                 DisplayNames::travelClass(u"second"_s));

        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        // G1 served away, G2 grows to the top, G4 enters, G3 unchanged but second.
        model.apply(snapshot({queue("G2", 1, 12, 30), queue("G3", 0, 2, 2), queue("G4", 2, 1, 1)}));
        QCOMPARE(reset.count(), 0);
        QCOMPARE(removed.count(), 1);
        QCOMPARE(removed.at(0).at(1).toInt(), 0);
        QCOMPARE(removed.at(0).at(2).toInt(), 0);
        QCOMPARE(inserted.count(), 1);
        QCOMPARE(inserted.at(0).at(1).toInt(), 2);
        // G2 (rank 2 → 1, counts) and G3 (rank 3 → 2): one contiguous range.
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.at(0).at(0).value<QModelIndex>().row(), 0);
        QCOMPARE(changed.at(0).at(1).value<QModelIndex>().row(), 1);
        QVERIFY(g2.isValid());
        QCOMPARE(g2.row(), 0);
        QCOMPARE(model.index(0, HotQueueModel::Rank).data().toInt(), 1);
        QCOMPARE(model.index(0, HotQueueModel::Passengers).data().toInt(), 30);
        QCOMPARE(model.index(2, HotQueueModel::Train).data().toString(), u"G4"_s);
        QCOMPARE(model.index(2, HotQueueModel::Rank).data().toInt(), 3);

        // The same ranking again (same list object) changes nothing.
        const SnapshotPtr same = snapshot({queue("G2", 1, 12, 30)});
        model.apply(same);
        changed.clear();
        removed.clear();
        model.apply(same);
        QCOMPARE(changed.count() + removed.count(), 0);
    }

    // The log's storage gives back every line byte for byte, in any order
    // of reading, across full and open blocks, and holds JSON in a fraction
    // of its size.
    void lineArchiveKeepsEveryLine() {
        LineArchive archive;
        std::vector<QByteArray> lines;
        std::size_t raw = 0;
        for (int i = 0; i < 50000; ++i) {
            // Built from pieces: moc reads raw strings' braces as code.
            QByteArray line;
            if (i % 97 != 0)
                line = "{\"seq\":" + QByteArray::number(i) +
                       ",\"event\":\"ticket_held\",\"train\":\"G" + QByteArray::number(i % 40) +
                       "\",\"seat\":\"03-1" + QByteArray::number(i % 9) + "A\"}";
            if (i == 1234) {  // any bytes at all
                line = QByteArray(3, '\0');
                line[1] = char(0xff);
                line[2] = '\n';
            }
            lines.push_back(line);
            raw += static_cast<std::size_t>(line.size());
            archive.append(line);
        }
        QCOMPARE(archive.size(), lines.size());
        const std::vector<std::size_t> probes = {49999, 0,    1023,  1024, 1234,
                                                 1233,  1235, 40960, 3000};
        for (std::size_t i : probes)
            QCOMPARE(archive.at(i), lines[i]);
        std::size_t seen = 1500;
        archive.scan(1500, [&](std::size_t i, QByteArrayView line) {
            if (i != seen || line != lines[i]) return false;
            ++seen;
            return true;
        });
        QCOMPARE(seen, lines.size());
        QVERIFY2(archive.memoryBytes() < raw / 2,
                 qPrintable(u"%1 of %2 bytes"_s.arg(archive.memoryBytes()).arg(raw)));
        archive.clear();
        QCOMPARE(archive.size(), std::size_t{0});
        archive.append("one");
        QCOMPARE(archive.at(0), QByteArray("one"));
    }

    // Two bytes a row until an index needs more, then every row still reads back.
    void narrowIndexColumnWidensWhenItMust() {
        NarrowIndexColumn column;
        std::vector<std::uint32_t> expected;
        for (std::uint32_t i = 0; i < 70000; ++i) {
            const std::uint32_t index = i * 7 % 65536;
            column.push_back(index);
            expected.push_back(index);
        }
        QVERIFY(column.memoryBytes() < expected.size() * sizeof(std::uint32_t));
        for (std::uint32_t index : {65535u, 65536u, 4000000u, 3u}) {
            column.push_back(index);
            expected.push_back(index);
        }
        for (std::size_t row = 0; row < expected.size(); ++row)
            QCOMPARE(column[row], expected[row]);
        column.clear();
        QCOMPARE(column.memoryBytes(), std::size_t{0});
        column.push_back(70000);  // wide from its first row
        column.push_back(1);
        QCOMPARE(column[0], 70000u);
        QCOMPARE(column[1], 1u);
    }

    // Line numbers as runs: every command's number back, and each number to
    // its command, across gaps (comments, blank lines) and only for lines
    // that held a command.
    void lineNumbersFindBothWays() {
        LineNumbers numbers;
        std::vector<int> expected;
        int line = 0;
        for (int i = 0; i < 20000; ++i) {
            line += i % 1000 == 999 ? 3 : (i == 5 ? 2 : 1);
            expected.push_back(line);
            numbers.append(line);
        }
        QCOMPARE(numbers.size(), expected.size());
        for (std::size_t i = 0; i < expected.size(); ++i) {
            QCOMPARE(numbers.at(i), expected[i]);
            QCOMPARE(numbers.indexOf(expected[i]), std::optional<std::size_t>(i));
        }
        for (int n : {0, 6, expected[999] - 1, expected[999] - 2, line + 1, -4})
            QVERIFY2(!numbers.indexOf(n), qPrintable(QString::number(n)));
        QVERIFY2(numbers.memoryBytes() < 1024, qPrintable(QString::number(numbers.memoryBytes())));
        numbers.clear();
        QCOMPARE(numbers.size(), std::size_t{0});
        QVERIFY(!numbers.indexOf(1));
        numbers.append(7);
        QCOMPARE(numbers.at(0), 7);
    }
};

QTEST_GUILESS_MAIN(TestModels)
#include "tst_models.moc"
