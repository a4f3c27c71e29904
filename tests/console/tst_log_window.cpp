// The log's window (LogWindowModel) over the filtered log, with the exact
// signals it emits, and its pager in a real view (offscreen): a view of a
// long log holds a window of rows, follows the newest, and pages through the
// rest without losing the rows in view.

#include <QAbstractItemModelTester>
#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QTableView>
#include <QTest>
#include <random>

#include "houbu/codec.h"
#include "houbu/event_filter_model.h"
#include "houbu/event_log_model.h"
#include "houbu/log_pager.h"
#include "houbu/log_window_model.h"

using namespace houbu;
using namespace Qt::StringLiterals;

namespace {

// `count` released-seat events from seq `first`, every third on train G2.
QList<EventRecord> events(qint64 first, int count) {
    QList<EventRecord> out;
    for (int i = 0; i < count; ++i) {
        Event e;
        e.kind = EventKind::SeatReleased;
        e.seq = static_cast<std::uint64_t>(first + i);
        e.train = (first + i) % 3 == 0 ? "G2" : "G1";
        e.date = "2024-01-20";
        e.seat = "03-01A";
        e.from = "北京";
        e.to = "天津";
        e.reason = "refund";
        const QByteArray line = encodeEvent(e);
        out.append(EventRecord(std::move(e), line));
    }
    return out;
}

// Every signal of a model, in order, as text: "insert 3-4", "remove 0-1", "reset".
struct Signals {
    QStringList seen;
    explicit Signals(QAbstractItemModel* m) {
        QObject::connect(m, &QAbstractItemModel::rowsInserted,
                         [this](auto, int a, int b) { seen << u"insert %1-%2"_s.arg(a).arg(b); });
        QObject::connect(m, &QAbstractItemModel::rowsRemoved,
                         [this](auto, int a, int b) { seen << u"remove %1-%2"_s.arg(a).arg(b); });
        QObject::connect(m, &QAbstractItemModel::modelReset, [this] { seen << u"reset"_s; });
        QObject::connect(m, &QAbstractItemModel::layoutChanged, [this] { seen << u"layout"_s; });
    }
    QStringList take() { return std::exchange(seen, {}); }
};

// The log, filtered, windowed by 10 rows, under a model tester.
struct Chain {
    EventLogModel log;
    EventFilterModel filter;
    LogWindowModel window{nullptr, 10};
    QAbstractItemModelTester tester{&window,
                                    QAbstractItemModelTester::FailureReportingMode::QtTest};
    Chain() {
        filter.setSourceModel(&log);
        window.setSourceModel(&filter);
    }
};

qint64 seqAt(const QAbstractItemModel& m, int row) {
    return m.index(row, EventLogModel::Seq).data().toLongLong();
}

}  // namespace

class TestLogWindow : public QObject {
    Q_OBJECT

  private slots:
    // Seqs are kept a byte a row: steps of the trace (0) and of the next
    // event (1), gaps, a restart and far seqs, across blocks, read back exact.
    void seqsReadBackExact() {
        EventLogModel log;
        QList<qint64> want;
        QList<EventRecord> batch;
        qint64 seq = 0;
        for (int i = 0; i < 5000; ++i) {
            if (i % 7 == 3) {
                // a match trace row: the seq of the event before it
            } else if (i == 1500) {
                seq += 100000;  // a gap no byte holds
            } else if (i == 2600) {
                seq = 2;  // another log's seqs (a new session)
            } else if (i == 4001) {
                seq = 5'000'000'000;  // beyond 32 bits
            } else {
                seq += i % 11 == 0 ? 254 : 1;
            }
            const QList<EventRecord> one = events(seq, 1);
            batch.append(one);
            want << seq;
        }
        log.append(batch);
        QCOMPARE(log.rowCount(), int(want.size()));
        for (int r = 0; r < log.rowCount(); ++r)
            if (log.seqAt(r) != want[r])
                QFAIL(qPrintable(u"row %1: %2, not %3"_s.arg(r).arg(log.seqAt(r)).arg(want[r])));
        QCOMPARE(log.index(4001, EventLogModel::Seq).data().toLongLong(), 5000000000LL);
        log.clear();
        log.append(events(7, 2));
        QCOMPARE(log.seqAt(0), 7);
        QCOMPARE(log.seqAt(1), 8);
    }

    // An embedded engine without a store hands its events typed, with no
    // line: the log prints each as the codec does, beside lines given printed.
    void printsTypedEvents() {
        EventLogModel log;
        QList<EventRecord> batch = events(1, 3000);
        for (qsizetype i = 0; i < batch.size(); ++i) {
            if (i % 3 == 1) batch[i].event.to = "青岛 \"北\"\\";
            batch[i].json = i % 2 ? QByteArray() : encodeEvent(batch[i].event);
        }
        log.append(batch);
        QCOMPARE(log.rowCount(), int(batch.size()));
        for (int r = 0; r < log.rowCount(); ++r) {
            const QByteArray want = encodeEvent(batch[r].event);
            if (log.at(r).json != want || batch[r].line() != want)
                QFAIL(qPrintable(u"row %1: %2, not %3"_s.arg(r).arg(
                    QString::fromUtf8(log.at(r).json), QString::fromUtf8(want))));
        }
    }

    // Who sent each row, kept as runs of rows: read back row by row.
    void authorsReadBackExact() {
        EventLogModel log;
        QStringList want;
        QList<EventRecord> batch;
        for (int i = 0; i < 40; ++i) {
            const QString author = i < 10    ? u"张三"_s
                                   : i == 10 ? u"李四"_s
                                   : i < 30  ? u"张三"_s
                                             : QString();
            const EventRecord e = events(i + 1, 1).front();
            batch.append(EventRecord(e.event, e.json, author));
            want << author;
        }
        log.append(batch.mid(0, 25));
        log.append(batch.mid(25));
        for (int r = 0; r < log.rowCount(); ++r)
            QCOMPARE(log.authorAt(r), want[r]);
        QCOMPARE(log.index(10, EventLogModel::Author).data(EventLogModel::AuthorRole).toString(),
                 u"李四"_s);
    }

    void followsTheNewestRows() {
        Chain c;
        EventLogModel& log = c.log;
        LogWindowModel& window = c.window;
        Signals s(&window);
        log.append(events(1, 4));
        QCOMPARE(s.take(), QStringList{u"insert 0-3"_s});
        log.append(events(5, 8));  // 12 rows: the first two leave the window
        QCOMPARE(s.take(), (QStringList{u"insert 4-11"_s, u"remove 0-1"_s}));
        QCOMPARE(window.rowCount(), 10);
        QCOMPARE(window.windowStart(), 2);
        QCOMPARE(seqAt(window, 0), 3);
        QCOMPARE(seqAt(window, 9), 12);
        // A batch as large as the window replaces it.
        log.append(events(13, 25));
        QCOMPARE(s.take(), QStringList{u"reset"_s});
        QCOMPARE(seqAt(window, 0), 28);
        QCOMPARE(seqAt(window, 9), 37);
        QVERIFY(window.atNewest());
    }

    void staysWhereTheReaderIs() {
        Chain c;
        EventLogModel& log = c.log;
        LogWindowModel& window = c.window;
        log.append(events(1, 30));  // rows 20-29 shown
        Signals s(&window);
        QCOMPARE(window.showOlder(), 5);  // half the window at a time
        QCOMPARE(s.take(), (QStringList{u"insert 0-4"_s, u"remove 10-14"_s}));
        QCOMPARE(window.windowStart(), 15);
        QVERIFY(!window.following());
        log.append(events(31, 3));  // not shown: the reader is elsewhere
        QCOMPARE(s.take(), QStringList{});
        QCOMPARE(seqAt(window, 0), 16);
        QCOMPARE(window.sourceRows(), 33);
        QCOMPARE(window.showNewer(), 5);
        QCOMPARE(s.take(), (QStringList{u"insert 10-14"_s, u"remove 0-4"_s}));
        QCOMPARE(seqAt(window, 0), 21);
        window.showOldest();
        QCOMPARE(s.take(), QStringList{u"reset"_s});
        QCOMPARE(seqAt(window, 0), 1);
        QCOMPARE(window.showOlder(), 0);
        QCOMPARE(s.take(), QStringList{});
        window.showNewest();
        QCOMPARE(seqAt(window, 9), 33);
        QVERIFY(window.following());
    }

    void aFilterResetsTheWindowOnce() {
        Chain c;
        EventLogModel& log = c.log;
        EventFilterModel& filter = c.filter;
        LogWindowModel& window = c.window;
        log.append(events(1, 300));
        Signals s(&window);
        filter.setTrain(u"G2"_s);  // every third row: a hundred ranges dropped
        QCOMPARE(s.take(), QStringList{u"reset"_s});
        QCOMPARE(window.sourceRows(), 100);
        QCOMPARE(seqAt(window, 9), 300);
        QCOMPARE(seqAt(window, 8), 297);
        filter.setTrain(QString());
        QCOMPARE(s.take(), QStringList{u"reset"_s});
        QCOMPARE(seqAt(window, 0), 291);
        log.clear();
        QCOMPARE(s.take(), QStringList{u"reset"_s});
        QCOMPARE(window.rowCount(), 0);
    }

    // The filter finds exactly the rows its meaning names (decoded row by row
    // here, as a reader would), across the log's packed blocks, and keeps
    // doing so as rows come; unfiltered it holds nothing per row.
    void filtersFindWhatTheyName() {
        EventLogModel log;
        EventFilterModel filter;
        QAbstractItemModelTester tester(&filter,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        filter.setSourceModel(&log);
        std::mt19937 random(7);
        const QStringList authors{QString(), u"dispatcher Li (dispatcher) @ desk-3"_s,
                                  u"张伟 (admin) @ hq"_s};
        qint64 seq = 1;
        auto grow = [&](int count) {
            QList<EventRecord> out;
            for (int i = 0; i < count; ++i, ++seq) {
                Event e;
                e.seq = static_cast<std::uint64_t>(seq);
                e.train = "G" + std::to_string(1 + random() % 3);
                e.date = "2024-01-20";
                if (random() % 2) {
                    e.kind = EventKind::SeatReleased;
                    e.seat = "03-0" + std::to_string(1 + random() % 9) + "A";
                    e.from = "北京";
                    e.to = random() % 2 ? "天津" : "济南";
                    e.reason = "refund";
                } else {
                    e.kind = EventKind::WaitlistCancelled;
                    e.id = "W" + std::to_string(random() % 40);
                    e.reason = "user";
                }
                const QByteArray line = encodeEvent(e);
                out.append(EventRecord(std::move(e), line,
                                       authors[qsizetype(seq / 700 % authors.size())]));
            }
            log.append(out);
        };
        auto passes = [&](int row, const LogFilter& f) {
            const QModelIndex i = log.index(row, 0);
            const QString json = QString::fromUtf8(i.data(EventLogModel::JsonRole).toByteArray());
            return (f.kind.isEmpty() || i.data(EventLogModel::KindRole).toString() == f.kind) &&
                   (f.train.isEmpty() || i.data(EventLogModel::TrainRole).toString() == f.train) &&
                   (f.author.isEmpty() || i.data(EventLogModel::AuthorRole)
                                              .toString()
                                              .contains(f.author, Qt::CaseInsensitive)) &&
                   (f.order.isEmpty() || json.contains(f.order)) &&
                   (f.text.isEmpty() || json.contains(f.text, Qt::CaseInsensitive));
        };
        auto check = [&] {
            QList<int> expected, shown;
            for (int row = 0; row < log.rowCount(); ++row)
                if (passes(row, filter.filter())) expected << row;
            for (int row = 0; row < filter.rowCount(); ++row)
                shown << filter.mapToSource(filter.index(row, 0)).row();
            return expected == shown;
        };
        const QStringList kinds{QString(), u"seat_released"_s, u"waitlist_cancelled"_s};
        const QStringList texts{QString(), u"济南"_s, u"REFUND"_s, u"w1"_s, u"nowhere"_s};
        grow(2500);
        for (int round = 0; round < 40; ++round) {
            LogFilter f;
            f.kind = kinds[qsizetype(random() % kinds.size())];
            if (random() % 2) f.train = u"G%1"_s.arg(1 + random() % 4);  // G4 is never seen
            if (random() % 3 == 0) f.order = u"W%1"_s.arg(random() % 40);
            f.text = texts[qsizetype(random() % texts.size())];
            if (random() % 3 == 0) f.author = random() % 2 ? u"LI"_s : u"张"_s;
            filter.setFilter(f);
            QVERIFY2(check(), qPrintable(u"round %1, before growing"_s.arg(round)));
            grow(static_cast<int>(random() % 300));
            QVERIFY2(check(), qPrintable(u"round %1, after growing"_s.arg(round)));
            if (f.empty()) QCOMPARE(filter.memoryBytes(), std::size_t{0});
        }
        filter.setFilter({});
        QCOMPARE(filter.memoryBytes(), std::size_t{0});
        QCOMPARE(filter.rowCount(), log.rowCount());
    }

    void mapsBothWays() {
        EventLogModel log;
        LogWindowModel window(nullptr, 10);
        window.setSourceModel(&log);
        log.append(events(1, 25));
        QCOMPARE(window.mapToSource(window.index(0, 2)), log.index(15, 2));
        QCOMPARE(window.mapFromSource(log.index(24, 1)), window.index(9, 1));
        QVERIFY(!window.mapFromSource(log.index(14, 0)).isValid());
        QCOMPARE(window.index(3, 0).data(EventLogModel::JsonRole),
                 log.index(18, 0).data(EventLogModel::JsonRole));
    }

    // A real view over 30,000 rows: the view holds the window, follows the
    // newest rows, pages at its ends keeping the rows in view, and jumps
    // with Ctrl+Home and Ctrl+End.
    void pagerInAView() {
        EventLogModel log;
        LogWindowModel window(nullptr, 1000);
        window.setSourceModel(&log);
        QTableView view;
        view.setModel(&window);
        QLabel extent;
        LogPager pager(&view, &window, &extent);
        view.resize(600, 300);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        for (int batch = 0; batch < 30; ++batch) {
            log.append(events(batch * 1000 + 1, 1000));
            QCoreApplication::processEvents();
        }
        QCOMPARE(view.model()->rowCount(), 1000);
        QCOMPARE(view.verticalHeader()->count(), 1000);
        QVERIFY(window.following());
        QScrollBar* bar = view.verticalScrollBar();
        QCOMPARE(bar->value(), bar->maximum());
        QCOMPARE(seqAt(window, view.rowAt(view.viewport()->height() - 1)), 30000);
        QCOMPARE(extent.text(), u"Rows 29,001–30,000 of 30,000"_s);

        // Scrolling to the window's top brings older rows; the row in view stays.
        bar->setValue(bar->minimum());
        QCoreApplication::processEvents();
        QVERIFY(!window.following());
        QCOMPARE(window.windowStart(), 28500);
        QCOMPARE(seqAt(window, view.rowAt(0)), 29001);
        log.append(events(30001, 10));  // the reader stays where he is
        QCoreApplication::processEvents();
        QCOMPARE(seqAt(window, view.rowAt(0)), 29001);

        view.setFocus();
        QTest::keyClick(&view, Qt::Key_Home, Qt::ControlModifier);
        QCOMPARE(window.windowStart(), 0);
        QCOMPARE(view.currentIndex().row(), 0);
        QCOMPARE(seqAt(window, view.rowAt(0)), 1);
        QTest::keyClick(&view, Qt::Key_End, Qt::ControlModifier);
        QVERIFY(window.following());
        QCOMPARE(seqAt(window, view.currentIndex().row()), 30010);
        log.append(events(30011, 5));
        QCoreApplication::processEvents();
        QCOMPARE(bar->value(), bar->maximum());
        QCOMPARE(seqAt(window, view.rowAt(view.viewport()->height() - 1)), 30015);

        // At the window's bottom, away from the newest rows, newer rows come.
        window.showOldest();
        QCoreApplication::processEvents();
        view.scrollToTop();
        QCOMPARE(window.windowStart(), 0);
        bar->setValue(bar->maximum());
        QCoreApplication::processEvents();
        QCOMPARE(window.windowStart(), 500);
        QVERIFY(!window.following());
    }
};

QTEST_MAIN(TestLogWindow)
#include "tst_log_window.moc"
