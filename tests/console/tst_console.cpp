// The console as an operator uses it, on the offscreen platform: real
// windows, real mouse clicks and keys, a real embedded engine.

#include <QAbstractItemModelTester>
#include <QFile>
#include <QHeaderView>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTreeView>

#include "houbu/main_window.h"
#include "houbu/seat_grid_geometry.h"
#include "houbu/step_panel.h"
#include "houbu/store.h"
#include "houbu/widgets.h"

using namespace houbu;
using namespace Qt::StringLiterals;

class TestConsole : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(u"houbu-test"_s);
        QCoreApplication::setApplicationName(u"tst_console"_s);
        // As the console starts: English with its plural forms.
        QCOMPARE(MainWindow::installTranslation(u"en"_s), u"en"_s);
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
        const Event last = window.logModel()->at(window.logModel()->rowCount() - 1).event;
        QCOMPARE(last.kind, EventKind::SeatReleased);
        QCOMPARE(QString::fromStdString(last.from), u"济南西"_s);
        QCOMPARE(QString::fromStdString(last.to), u"徐州东"_s);
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

    // The log's line is the command's line in its file, as houbu-cli numbers
    // it: the demo's events in the console are the CLI's, byte for byte.
    void linesAreTheFileLines() {
        MainWindow window;
        window.openDemo();
        QTRY_VERIFY_WITH_TIMEOUT(window.lastSeq() > 0, 20000);
        for (qint64 seen = -1; seen != window.lastSeq();) {
            seen = window.lastSeq();
            QTest::qWait(200);
        }
        const QString demo =
            QStringLiteral(HOUBU_SOURCE_DIR "/resources/demo/g13-spring-festival.jsonl");
        QProcess cli;
        cli.start(QStringLiteral(HOUBU_CLI_PATH), {u"run"_s, demo});
        QVERIFY(cli.waitForFinished(30000));
        QList<QByteArray> expected = cli.readAllStandardOutput().split('\n');
        if (!expected.isEmpty() && expected.last().isEmpty()) expected.removeLast();
        // The events; the match trace beside them is compared in tst_step.
        QList<QByteArray> shown;
        for (int r = 0; r < window.logModel()->rowCount(); ++r)
            if (!window.logModel()->kindAt(r).startsWith(u"match_"_s))
                shown << window.logModel()->at(r).json;
        QCOMPARE(shown.size(), expected.size());
        for (qsizetype i = 0; i < shown.size(); ++i)
            QCOMPARE(shown[i], expected[i]);
        // W8's order in the file: the log's Line column names that line.
        QFile file(demo);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QList<QByteArray> fileLines = file.readAll().split('\n');
        int w8 = 0;
        for (qsizetype i = 0; i < fileLines.size(); ++i)
            if (fileLines[i].contains("\"op\":\"waitlist\"") &&
                fileLines[i].contains("\"id\":\"W8\""))
                w8 = int(i) + 1;
        QVERIFY(w8 > 0);
        bool found = false;
        for (int r = 0; r < window.logModel()->rowCount(); ++r) {
            const Event e = window.logModel()->at(r).event;
            if (e.kind != EventKind::WaitlistSubmitted || e.id != "W8") continue;
            QCOMPARE(window.logModel()->index(r, EventLogModel::Line).data().toInt(), w8);
            found = true;
        }
        QVERIFY(found);
    }

    // The demo ends with orders waiting for an added car, which is left to the
    // operator: added from its dialog, it serves them all.
    void demoEndsWithQueuesWaiting() {
        MainWindow window;
        window.openDemo();
        window.resize(1400, 900);
        window.show();
        QTRY_VERIFY_WITH_TIMEOUT(window.lastSeq() > 0, 20000);
        for (qint64 seen = -1; seen != window.lastSeq();) {
            seen = window.lastSeq();
            QTest::qWait(200);
        }
        QVERIFY(window.queueModel()->rowCount() > 0);
        for (const QString& id : {u"W9"_s, u"W10"_s, u"W11"_s, u"W12"_s, u"W13"_s})
            QVERIFY2(window.queueModel()->indexOfOrder(id).isValid(), qPrintable(id));
        QPointer<AddCarDialog> d =
            qobject_cast<AddCarDialog*>(window.openOperation(MainWindow::Operation::AddCar));
        QVERIFY(d);
        QTRY_VERIFY_WITH_TIMEOUT(d->sendButton()->isEnabled(), 10000);
        d->accept();
        QTRY_VERIFY(d->confirmation());
        d->confirmation()->findChild<QPushButton*>(u"confirm"_s)->click();
        QTRY_VERIFY_WITH_TIMEOUT(!d, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(window.queueModel()->rowCount(), 0, 10000);
    }

    // A store reopened shows its history and goes on after the last line it journaled.
    void reopenedStoreContinuesTheLines() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString db = dir.filePath(u"lines.db"_s);
        const QByteArray demo = MainWindow::demoScenario();
        // The last command's line: the file may end with comments.
        int lastCommand = 0;
        const QList<QByteArray> lines = demo.split('\n');
        for (qsizetype i = 0; i < lines.size(); ++i)
            if (lines[i].startsWith('{')) lastCommand = int(i) + 1;
        {
            MainWindow first;
            first.openEmbedded(db, demo);
            QTRY_VERIFY_WITH_TIMEOUT(
                first.logModel()->rowCount() > 0 &&
                    first.logModel()->at(first.logModel()->rowCount() - 1).event.line ==
                        lastCommand,
                20000);
        }
        // The events the first window showed (its match trace aside).
        QList<QByteArray> shown;
        {
            MainWindow first;
            first.openEmbedded(QString(), demo);
            QTRY_VERIFY_WITH_TIMEOUT(
                first.logModel()->rowCount() > 0 &&
                    first.logModel()->at(first.logModel()->rowCount() - 1).event.line ==
                        lastCommand,
                20000);
            for (int r = 0; r < first.logModel()->rowCount(); ++r)
                if (!first.logModel()->kindAt(r).startsWith(u"match_"_s))
                    shown << first.logModel()->at(r).json;
        }
        MainWindow second;
        second.openEmbedded(db);
        QTRY_VERIFY_WITH_TIMEOUT(second.runModel()->rowCount() > 0, 20000);
        // Its log starts with the store's history.
        QTRY_COMPARE_WITH_TIMEOUT(second.logModel()->rowCount(), int(shown.size()), 20000);
        for (int r = 0; r < second.logModel()->rowCount(); ++r)
            QCOMPARE(second.logModel()->at(r).json, shown[r]);
        // And names who sent each command, as the journal does.
        const QString sender = second.logModel()->authorAt(0);
        QVERIFY2(sender.contains(u" @ "_s), qPrintable(sender));
        QCOMPARE(second.logModel()->authorAt(second.logModel()->rowCount() - 1), sender);
        second.session()->send({R"({"op":"position","id":"W1"})"});
        QTRY_VERIFY_WITH_TIMEOUT(second.logModel()->rowCount() > int(shown.size()), 10000);
        QCOMPARE(second.logModel()->at(second.logModel()->rowCount() - 1).event.line,
                 lastCommand + 1);  // the store keeps commands, not the comments after them
    }

    // A store closed with a snapshot at its end: an open from that snapshot
    // replays nothing, and the log's history would have to be re-derived on
    // a second engine restored beside the live one (on a whole day, twice
    // the memory). The snapshot keeps the events before it instead
    // (tst_store snapshotKeepsItsHistory), and the log shows them from
    // memory, as they were handed out.
    void storeHistoryComesFromMemory() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString db = dir.filePath(u"snapshots.db"_s);
        const QString demo =
            QStringLiteral(HOUBU_SOURCE_DIR "/resources/demo/g13-spring-festival.jsonl");
        QProcess cli;
        cli.start(QStringLiteral(HOUBU_CLI_PATH),
                  {u"run"_s, demo, u"--db"_s, db, u"--snapshot-every"_s, u"25"_s});
        QVERIFY(cli.waitForFinished(30000));
        QCOMPARE(cli.exitCode(), 0);
        QList<QByteArray> expected = cli.readAllStandardOutput().split('\n');
        if (!expected.isEmpty() && expected.last().isEmpty()) expected.removeLast();
        {
            QString error;
            StoreOptions options;
            options.location = db;
            const std::unique_ptr<Store> store = Store::open(options, error);
            QVERIFY2(store, qPrintable(error));
            QCOMPARE(store->firstRecentEvent(), qint64{1});
            QCOMPARE(store->verify().snapshotSeq, store->journalLength());
        }
        MainWindow window;
        window.openEmbedded(db);
        QTRY_COMPARE_WITH_TIMEOUT(window.logModel()->rowCount(), int(expected.size()), 20000);
        for (int r = 0; r < window.logModel()->rowCount(); ++r)
            QCOMPARE(window.logModel()->at(r).json, expected[r]);
    }

    // A longer history is read a page at a time (5,000 events), so that a
    // run switched to meanwhile is shown after one page, not after all of
    // them. A command sent while it is read waits for it: the log keeps
    // every event in order.
    void aCommandSentWhileTheHistoryIsReadComesAfterIt() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString day = dir.filePath(u"day.jsonl"_s), db = dir.filePath(u"day.db"_s);
        QProcess gen;
        gen.setStandardOutputFile(day);
        gen.start(QStringLiteral(HOUBU_CLI_PATH),
                  {u"gen"_s, u"--seed"_s, u"3"_s, u"--runs"_s, u"2"_s, u"--orders"_s, u"3000"_s});
        QVERIFY(gen.waitForFinished(60000));
        QCOMPARE(gen.exitCode(), 0);
        QProcess cli;
        cli.start(QStringLiteral(HOUBU_CLI_PATH), {u"run"_s, day, u"--db"_s, db});
        QVERIFY(cli.waitForFinished(120000));
        QCOMPARE(cli.exitCode(), 0);
        QList<QByteArray> expected = cli.readAllStandardOutput().split('\n');
        if (!expected.isEmpty() && expected.last().isEmpty()) expected.removeLast();
        QVERIFY2(expected.size() > 3 * 5000 && expected.size() < 200000,
                 qPrintable(QString::number(expected.size())));

        // Two runs of the day, to switch to one and then the other.
        QList<std::pair<std::string, std::string>> runs;
        {
            QFile f(day);
            QVERIFY(f.open(QIODevice::ReadOnly));
            while (!f.atEnd()) {
                const QByteArray line = f.readLine();
                if (!line.startsWith(R"({"op":"train")")) continue;
                const QJsonObject o = QJsonDocument::fromJson(line).object();
                runs.append({o.value("train"_L1).toString().toStdString(),
                             o.value("date"_L1).toString().toStdString()});
            }
        }
        QVERIFY(runs.size() >= 2);
        const auto first = runs.first(), last = runs.last();

        MainWindow window;
        window.openEmbedded(db);
        // The log's rows when the second switch reaches the window, after
        // the first (whichever run the open showed).
        bool firstShown = false;
        int rowsWhenShown = -1;
        connect(window.session(), &Session::snapshotChanged, &window, [&](const SnapshotPtr& s) {
            const std::pair shown{s->run.train, s->run.date};
            if (shown == first) firstShown = true;
            if (firstShown && shown == last && rowsWhenShown < 0)
                rowsWhenShown = window.logModel()->rowCount();
        });
        window.session()->focus(QString::fromStdString(first.first),
                                QString::fromStdString(first.second));
        window.session()->focus(QString::fromStdString(last.first),
                                QString::fromStdString(last.second));
        window.session()->send({R"({"op":"position","id":"w1"})"});
        QTRY_COMPARE_WITH_TIMEOUT(window.logModel()->rowCount(), int(expected.size()) + 1, 60000);
        QVERIFY2(rowsWhenShown >= 0 && rowsWhenShown < int(expected.size()),
                 qPrintable(u"%1 of %2"_s.arg(rowsWhenShown).arg(expected.size())));
        for (int r = 0; r < int(expected.size()); ++r)
            QCOMPARE(window.logModel()->at(r).json, expected[r]);
        const QByteArray answer = window.logModel()->at(int(expected.size())).json;
        QVERIFY2(answer.contains(R"("w1")"), answer.constData());
    }

    // The step banner names the stepped command's line in the example's file.
    void stepBannerNamesTheFileLine() {
        MainWindow window;
        window.show();
        QVERIFY(window.openExample(u"overlapping_queues_race"_s));
        QTRY_VERIFY_WITH_TIMEOUT(window.stepState().paused, 20000);
        QFile file(
            QStringLiteral(HOUBU_SOURCE_DIR "/resources/examples/overlapping_queues_race.jsonl"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = file.readAll().split('\n');
        const int line = int(lines.indexOf(window.stepState().command)) + 1;
        QVERIFY(line > 0);
        QCOMPARE(window.stepState().line, line);
        QTRY_VERIFY2(window.stepPanel()->titleText().contains(u"Line %1 "_s.arg(line)),
                     qPrintable(window.stepPanel()->titleText()));
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
