// The history replay (F6) on a generated day of 20 runs, on the offscreen
// platform: it runs to its end unless Cancel is pressed, even when the GUI
// thread is busy and learns late that the work before it ended.

#include <QAction>
#include <QElapsedTimer>
#include <QProcess>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include "houbu/main_window.h"

using namespace houbu;
using namespace Qt::StringLiterals;

class TestHistoryReplay : public QObject {
    Q_OBJECT

    static QAction* replayAction(MainWindow& window) {
        for (QAction* a : window.findChildren<QAction*>())
            if (a->shortcut() == QKeySequence(Qt::Key_F6)) return a;
        return nullptr;
    }

  private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(u"houbu-test"_s);
        QCoreApplication::setApplicationName(u"tst_history_replay"_s);
    }

    void replayIsNotCancelledByTheEndOfTheOneBefore() {
        QProcess gen;
        gen.start(QStringLiteral(HOUBU_CLI_PATH),
                  {u"gen"_s, u"--seed"_s, u"3"_s, u"--runs"_s, u"20"_s, u"--orders"_s, u"20000"_s});
        QVERIFY(gen.waitForFinished(120000));
        const QByteArray day = gen.readAllStandardOutput();
        QVERIFY(day.count('\n') > 100000);

        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.openEmbedded(QString(), day);
        QTRY_VERIFY_WITH_TIMEOUT(window.operatorContext().snapshot &&
                                     !window.operatorContext().snapshot->run.train.empty(),
                                 240000);
        QAction* replay = replayAction(window);
        QVERIFY(replay);
        QSignalSpy ready(window.session(), &Session::historyReady);

        // One replay alone, timed.
        QElapsedTimer timer;
        timer.start();
        replay->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(ready.count() == 1, 240000);
        QCOMPARE(ready.at(0).at(1).toString(), QString());
        const qint64 once = timer.elapsed();

        // Two in a row while the GUI thread is busy (as it is on a real day):
        // it learns that the first ended, and closes its progress, only while
        // the second already runs. That close must not cancel the second.
        replay->trigger();
        replay->trigger();
        QThread::msleep(static_cast<unsigned long>(once * 3 / 2 + 1000));
        QTRY_VERIFY_WITH_TIMEOUT(ready.count() == 3, 240000);
        QCOMPARE(ready.at(1).at(1).toString(), QString());
        QCOMPARE(ready.at(2).at(1).toString(), QString());  // was "Cancelled."
        QVERIFY(ready.at(2).at(0).value<std::shared_ptr<const RunHistory>>());
    }
};

QTEST_MAIN(TestHistoryReplay)
#include "tst_history_replay.moc"
