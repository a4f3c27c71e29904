// The console as an operator uses it, on the offscreen platform: real
// windows, real mouse clicks and keys, a real embedded engine.

#include <QAbstractItemModelTester>
#include <QHeaderView>
#include <QSignalSpy>
#include <QTest>
#include <QTextBrowser>
#include <QTreeView>

#include "houbu/main_window.h"
#include "houbu/seat_grid_geometry.h"
#include "houbu/widgets.h"

using namespace houbu;
using namespace Qt::StringLiterals;

class TestConsole : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(u"houbu-test"_s);
        QCoreApplication::setApplicationName(u"tst_console"_s);
    }

    void geometryMapsCellsBothWays() {
        SeatGridGeometry g;
        g.rows = 2000;
        g.columns = 63;
        QCOMPARE(g.cell(3, 2), QRect(2 * 72, 3 * 22, 72, 22));
        QCOMPARE(g.bar(1, 2, 5), QRect(144, 22, 216, 22));
        QCOMPARE(g.rowAt(22 * 10 + 5), 10);
        QCOMPARE(g.columnAt(72 * 62 + 71), 62);
        QCOMPARE(g.columnAt(72 * 63), -1);
        QCOMPARE(g.rowAt(-1), -1);
        // Zooming around a point keeps the cell under it.
        const QPoint anchor(300, 200), scroll(1000, 4000);
        const int row = g.rowAt(scroll.y() + anchor.y()),
                  column = g.columnAt(scroll.x() + anchor.x());
        const QPoint next = g.zoomAround(2.0, anchor, scroll);
        QCOMPARE(g.zoom, 2.0);
        QCOMPARE(g.rowAt(next.y() + anchor.y()), row);
        QCOMPARE(g.columnAt(next.x() + anchor.x()), column);
        g.zoomAround(100, anchor, scroll);
        QCOMPARE(g.zoom, SeatGridGeometry::kMaxZoom);
    }

    // Select 03-01A 济南西→南京南 (ticket D2.1) with the mouse, release it, and see
    // every view follow: W6 (徐州东→南京南) is served on the freed run.
    void releaseFromTheGrid() {
        MainWindow window;
        QAbstractItemModelTester tester(window.gridModel(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QByteArray demo = MainWindow::demoScenario();
        window.openEmbedded(QString(), demo.left(demo.indexOf("{\"op\":\"refund\"")));
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY_WITH_TIMEOUT(window.queueModel()->rowCount() == 6, 20000);
        QVERIFY(!window.releaseAction()->isEnabled());  // nothing selected yet

        SeatGridView* grid = window.grid();
        const int row = window.gridModel()->rowOfSeat(u"03-01A"_s);
        QVERIFY(row >= 0);
        const QModelIndex from = grid->model()->index(row, 3), to = grid->model()->index(row, 4);
        grid->scrollTo(from);
        QTest::mouseClick(grid->viewport(), Qt::LeftButton, {}, grid->visualRect(from).center());
        QTest::mouseClick(grid->viewport(), Qt::LeftButton, Qt::ShiftModifier,
                          grid->visualRect(to).center());
        QString seat;
        int a = 0, b = 0;
        QVERIFY(grid->selectedInterval(seat, a, b));
        QCOMPARE(seat, u"03-01A"_s);
        QCOMPARE(a, 3);
        QCOMPARE(b, 5);
        QVERIFY(window.releaseAction()->isEnabled());

        const qint64 before = window.lastSeq();
        const int logRows = window.logModel()->rowCount();
        QSignalSpy changed(window.gridModel(), &QAbstractItemModel::dataChanged);
        QVERIFY(window.releaseSelection(u"refund"_s));
        QTRY_VERIFY_WITH_TIMEOUT(window.lastSeq() > before, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!changed.isEmpty(), 5000);

        // The log shows the refund and the waitlist service that followed.
        QStringList kinds;
        for (int r = logRows; r < window.logModel()->rowCount(); ++r)
            kinds << window.logModel()->index(r, 0).data(EventLogModel::KindRole).toString();
        QVERIFY2(kinds.mid(0, 2) == (QStringList{u"ticket_refunded"_s, u"seat_released"_s}),
                 qPrintable(kinds.join(u' ')));
        QVERIFY2(kinds.contains(u"waitlist_fulfilled"_s), qPrintable(kinds.join(u' ')));
        // The queue view lost the served order(s).
        QTRY_VERIFY(window.queueModel()->rowCount() < 6);
        // The grid shows the new holder: served from the waitlist.
        const QModelIndex cell = window.gridModel()->index(row, 4);
        QTRY_COMPARE(cell.data(SeatGridModel::KindRole).toInt(),
                     int(SeatGridModel::HolderKind::Served));
        QVERIFY(cell.data(SeatGridModel::ChangedAtRole).toLongLong() > 0);
    }

    // Releasing a ticket by a cell of it (the grid's context menu) frees its whole interval.
    void releaseATicketFromACell() {
        MainWindow window;
        QByteArray demo = MainWindow::demoScenario();
        window.openEmbedded(QString(), demo.left(demo.indexOf("{\"op\":\"refund\"")));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY_WITH_TIMEOUT(window.queueModel()->rowCount() == 6, 20000);
        const int row = window.gridModel()->rowOfSeat(u"02-01A"_s);  // F2.1 济南西→徐州东
        QCOMPARE(window.gridModel()->index(row, 3).data(SeatGridModel::HolderIdRole).toString(),
                 u"F2.1"_s);
        const qint64 before = window.lastSeq();
        QVERIFY(window.releaseHolderAt(row, 3, u"refund"_s));
        QTRY_VERIFY_WITH_TIMEOUT(window.lastSeq() > before, 10000);
        QTRY_COMPARE(window.gridModel()->index(row, 3).data(SeatGridModel::KindRole).toInt(),
                     int(SeatGridModel::HolderKind::Free));
        const auto& last = window.logModel()->at(window.logModel()->rowCount() - 1).object;
        QCOMPARE(last.value(u"event"_s).toString(), u"seat_released"_s);
        QCOMPARE(last.value(u"from"_s).toString(), u"济南西"_s);
        QCOMPARE(last.value(u"to"_s).toString(), u"徐州东"_s);
    }

    // Keyboard: Ctrl+F finds a ticket; choosing an order explains why it waits.
    void findAndExplain() {
        MainWindow window;
        QByteArray demo = MainWindow::demoScenario();
        window.openEmbedded(QString(), demo.left(demo.indexOf("{\"op\":\"refund\"")));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY_WITH_TIMEOUT(window.queueModel()->rowCount() == 6, 20000);
        QTest::keyClick(&window, Qt::Key_F, Qt::ControlModifier);
        QTest::keyClicks(QApplication::focusWidget(), u"F1.1"_s);
        QTRY_COMPARE(window.grid()->model()->rowCount(), 1);
        QCOMPARE(window.grid()->model()->index(0, 0).data(SeatGridModel::SeatRole).toString(),
                 u"02-01A"_s);

        QTreeView* queues = window.queueView();
        const QModelIndex order =
            window.queueModel()->index(0, 0, window.queueModel()->index(0, 0));
        queues->setCurrentIndex(order);
        QTRY_VERIFY_WITH_TIMEOUT(window.whyPanel()->toPlainText().contains(u"Why W8 waits"_s),
                                 5000);
        QVERIFY(window.whyPanel()->toPlainText().contains(u"03-01A"_s));
    }

    // The title names what is open; the platform adds the application's name
    // (Qt appends the display name unless the title ends with it already).
    void windowTitleNamesTheApplicationOnce() {
        QGuiApplication::setApplicationDisplayName(u"Houbu"_s);
        MainWindow window;
        window.openDemo();
        window.show();
        QTRY_VERIFY_WITH_TIMEOUT(window.windowTitle().contains(u"G13"_s), 20000);
        const QString title = window.windowTitle();
        const QString shown = title.endsWith(u"Houbu"_s) ? title : title + u" \u2014 Houbu"_s;
        QGuiApplication::setApplicationDisplayName(QString());
        QCOMPARE(shown, u"G13 2025-01-20 \u2014 Houbu"_s);
    }
};

QTEST_MAIN(TestConsole)
#include "tst_console.moc"
