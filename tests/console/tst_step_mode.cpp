// Step mode in the console on the offscreen platform: every Help ▸ Examples
// story is opened, stepped decision by decision with F10 (and Shift+F10 / F10
// again at each decision), and compared with the same example run without
// stepping: the decisions served are the waitlist_fulfilled events of the run,
// in order, the final logs are identical, and the banner, the queue marks and
// the grid highlights follow each decision.

#include <QJsonArray>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>
#include <memory>

#include "houbu/codec.h"
#include "houbu/examples.h"
#include "houbu/main_window.h"
#include "houbu/step_panel.h"
#include "houbu/store.h"
#include "houbu/widgets.h"

using namespace houbu;
using namespace Qt::StringLiterals;

namespace {

QStringList logLines(MainWindow& w) {
    QStringList out;
    EventLogModel* m = w.logModel();
    for (int r = 0; r < m->rowCount(); ++r)
        out << m->index(r, 0).data(EventLogModel::JsonRole).toString();
    return out;
}

// "w-a1 07-01C" for each waitlist_fulfilled in the log.
QStringList fulfilled(MainWindow& w) {
    QStringList out;
    EventLogModel* m = w.logModel();
    for (int r = 0; r < m->rowCount(); ++r) {
        const Event e = m->index(r, 0).data(EventLogModel::EventRole).value<Event>();
        if (e.kind != EventKind::WaitlistFulfilled) continue;
        QStringList seats;
        for (const TicketLine& t : e.tickets)
            seats << QString::fromStdString(t.seat);
        out << QString::fromStdString(e.id) + u' ' + seats.join(u',');
    }
    return out;
}

}  // namespace

class TestStepMode : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(u"houbu-test"_s);
        QCoreApplication::setApplicationName(u"tst_step_mode"_s);
        // Closing a window saves its layout: into a folder of the test's own.
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir_.path());
    }

    void examplesParse() {
        const QStringList names = Example::names();
        QCOMPARE(names.size(), 7);
        for (const QString& name : names) {
            const Example en = Example::load(name, u"en"_s);
            const Example zh = Example::load(name, u"zh_CN"_s);
            QVERIFY2(!en.setup.isEmpty() && !en.stepped.isEmpty(), qPrintable(name));
            QVERIFY(en.title != name && !en.end.isEmpty());
            QVERIFY2(en.title != zh.title, qPrintable(name));
            QVERIFY(!en.caption(en.stepped.first(), 0).isEmpty());
            QVERIFY(en.caption(en.stepped.first(), 0) != zh.caption(zh.stepped.first(), 0));
        }
    }

    void example_data() {
        QTest::addColumn<QString>("name");
        for (const QString& name : Example::names())
            QTest::newRow(qPrintable(name)) << name;
    }

    void example() {
        QFETCH(QString, name);
        const Example ex = Example::load(name, u"en"_s);

        // Run mode: the same file, matching not paused, each command on its line.
        MainWindow ran;
        ran.openEmbedded(QString(), ex.setup + ex.steppedLines.join('\n') + '\n');
        const int firstStepped =
            int(ex.setup.count('\n') + ex.steppedLines.indexOf(ex.stepped.first()) + 1);
        QTRY_VERIFY_WITH_TIMEOUT(
            ran.logModel()->rowCount() > 0 && ran.logModel()
                                                      ->index(ran.logModel()->rowCount() - 1, 0)
                                                      .data(EventLogModel::EventRole)
                                                      .value<Event>()
                                                      .line >= firstStepped,
            20000);
        for (qint64 seen = -1; seen != ran.lastSeq();) {
            seen = ran.lastSeq();
            QTest::qWait(100);
        }
        const QStringList expectedServed = fulfilled(ran);
        QVERIFY(!expectedServed.isEmpty());

        // Step mode.
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openExample(name));
        QTRY_VERIFY_WITH_TIMEOUT(window.stepState().paused, 20000);
        QVERIFY(window.pauseAction()->isChecked());

        QStringList served;
        int decisions = 0, captions = 0, chained = 0;
        while (window.stepState().paused) {
            const StepState st = window.stepState();
            const QString order = QString::fromStdString(st.next.order);
            // The banner names the order; the caption comes from the example.
            QTRY_VERIFY(window.stepPanel()->decisionText().contains(order));
            if (!ex.caption(st.command, int(st.applied.size())).isEmpty()) {
                QCOMPARE(window.stepPanel()->captionText(),
                         ex.caption(st.command, int(st.applied.size())));
                ++captions;
            }
            // The queue view marks the order being decided and the candidates in queue order.
            // The snapshot follows the step state within a frame (the window
            // applies at most one a frame).
            QAbstractItemModel* queues = window.queueModel();
            QTRY_VERIFY2(window.queueModel()->indexOfOrder(order).isValid(), qPrintable(order));
            const QModelIndex current = window.queueModel()->indexOfOrder(order);
            QCOMPARE(current.data(QueueModel::StepMarkRole).toInt(), 2);
            int lastPlace = 0;
            for (const StepCandidate& c : st.candidates) {
                const QModelIndex i =
                    window.queueModel()->indexOfOrder(QString::fromStdString(c.order));
                QVERIFY(i.isValid());
                const int place = i.data(QueueModel::StepOrderRole).toInt();
                QVERIFY(place > lastPlace);
                lastPlace = place;
            }
            Q_UNUSED(queues);
            // The grid outlines the seats of a serve and tints the freed run;
            // a passenger changing seats has each leg outlined up to its change.
            const auto& decision = window.grid()->gridDelegate()->stepDecision();
            if (st.next.kind == StepDecision::Kind::Serve) {
                for (const auto& seat : st.next.seats)
                    QVERIFY(decision.contains(QString::fromStdString(seat)));
                for (const StepDecision::Chain& c : st.next.chains) {
                    QCOMPARE(c.seats.size(), c.changesAt.size() + 1);
                    for (std::size_t k = 0; k < c.seats.size(); ++k) {
                        const QPair<int, int> leg{
                            k == 0 ? st.next.from : c.changesAt[k - 1],
                            k < c.changesAt.size() ? c.changesAt[k] : st.next.to};
                        QVERIFY2(decision.value(QString::fromStdString(c.seats[k])).contains(leg),
                                 qPrintable(QString::fromStdString(c.seats[k])));
                    }
                    chained += c.changesAt.empty() ? 0 : 1;
                }
            } else {
                QVERIFY(decision.isEmpty());
            }
            if (st.pass.cause == StepPass::Cause::Release)
                QVERIFY(!window.grid()->gridDelegate()->stepFreed().isEmpty());

            // Back then Step: the same decision comes again. At the first decision
            // of a later command, Back goes into the last decision of the one before.
            if (!st.applied.empty() || decisions > 0) {
                QVERIFY(st.canStepBack);
                QVERIFY(window.backAction()->isEnabled());
                QTest::keyClick(&window, Qt::Key_F10, Qt::ShiftModifier);
                if (!st.applied.empty()) {
                    QTRY_COMPARE(window.stepState().applied.size(), st.applied.size() - 1);
                } else {
                    QTRY_VERIFY(window.stepState().command != st.command);
                    QCOMPARE(window.stepState().line < st.line, true);
                    QVERIFY(!window.stepState().command.isEmpty());
                }
                QTest::keyClick(&window, Qt::Key_F10);
                QTRY_VERIFY(window.stepState().command == st.command &&
                            window.stepState().applied.size() == st.applied.size());
                QCOMPARE(QString::fromStdString(window.stepState().next.order), order);
                QCOMPARE(window.stepState().next.seats, st.next.seats);
                QCOMPARE(QString::fromStdString(window.stepState().next.reason),
                         QString::fromStdString(st.next.reason));
            } else {
                QVERIFY(!window.backAction()->isEnabled());  // the very first decision
            }
            // The candidates' effective times are in the banner: they rank them.
            for (const StepCandidate& c : st.candidates)
                QVERIFY2(window.stepPanel()->candidatesText().contains(
                             QString::fromStdString(formatTime(c.effectiveAt))
                                 .mid(5)
                                 .replace(u'T', u' ')),
                         qPrintable(window.stepPanel()->candidatesText()));
            if (st.next.kind == StepDecision::Kind::Serve) {
                QStringList seats;
                for (const auto& s : st.next.seats)
                    seats << QString::fromStdString(s);
                served << order + u' ' + seats.join(u',');
            }
            ++decisions;
            const int applied = int(st.applied.size());
            const QByteArray command = st.command;
            QTest::keyClick(&window, Qt::Key_F10);
            QTRY_VERIFY_WITH_TIMEOUT(!window.stepState().paused ||
                                         window.stepState().command != command ||
                                         int(window.stepState().applied.size()) == applied + 1,
                                     10000);
        }
        QVERIFY(decisions >= 1);
        QVERIFY(captions >= 1);
        // The seat-change story serves a passenger on two seats.
        QCOMPARE(chained > 0, name == u"seat_change_one_train"_s);
        QCOMPARE(served, expectedServed);
        // Every command reached the engine: the log equals the run's, event by event.
        QTRY_COMPARE_WITH_TIMEOUT(logLines(window), logLines(ran), 10000);
        QCOMPARE(window.stepPanel()->captionText(), ex.end);
        QVERIFY(!window.stepAction()->isEnabled());
    }

    // Closing the console while a decision is pending loses nothing that was
    // committed and keeps nothing of the command being stepped: the scratch copy
    // is simply dropped. On a store, reopened after the close, the journal holds
    // the setup alone and the state is the setup's, with the decision stepped
    // (round 1) or not (round 0).
    void closeWhilePaused() {
        const Example ex = Example::load(u"overlapping_queues_race"_s, u"en"_s);
        // What the store must hold: the setup applied, and what it must not: the
        // first stepped command applied too.
        Runner setupOnly, withStepped;
        QByteArray out;
        int line = 0;
        for (const QByteArray& l : ex.setup.split('\n')) {
            ++line;
            setupOnly.processLine(l, line, out);
            withStepped.processLine(l, line, out);
        }
        withStepped.processLine(ex.stepped.first(), ++line, out);
        QVERIFY(setupOnly.engine().snapshot() != withStepped.engine().snapshot());

        for (int round = 0; round < 2; ++round) {
            QTemporaryDir dir;
            QVERIFY(dir.isValid());
            const QString db = dir.filePath(u"steps.db"_s);
            auto window = std::make_unique<MainWindow>();
            window->show();
            window->openEmbedded(db, ex.setup);
            QTRY_COMPARE_WITH_TIMEOUT(window->lastSeq(), qint64(setupOnly.engine().lastSeq()),
                                      20000);
            window->pauseAction()->trigger();
            QTRY_VERIFY(window->stepState().enabled);
            window->session()->send(ex.stepped);
            QTRY_VERIFY_WITH_TIMEOUT(window->stepState().paused, 20000);
            if (round == 1) {
                window->stepAction()->trigger();
                QTRY_COMPARE_WITH_TIMEOUT(int(window->stepState().applied.size()), 1, 20000);
                QVERIFY(window->stepState().paused);
            }
            QCOMPARE(window->lastSeq(), qint64(setupOnly.engine().lastSeq()));
            window->close();
            window.reset();

            StoreOptions options;
            options.location = db;
            QString error;
            const auto store = Store::open(options, error);
            QVERIFY2(store, qPrintable(error));
            QCOMPARE(store->engine().lastSeq(), setupOnly.engine().lastSeq());
            QVERIFY(store->engine().snapshot() == setupOnly.engine().snapshot());
        }
    }

    // A command with nothing to decide says so in the banner.
    void commandWithoutCandidates() {
        MainWindow window;
        window.show();
        QVERIFY(window.openExample(u"overlapping_queues_race"_s));
        QTRY_VERIFY_WITH_TIMEOUT(window.stepState().paused, 20000);
        QTest::keyClick(&window, Qt::Key_F5);
        QTRY_VERIFY_WITH_TIMEOUT(!window.stepState().paused && window.stepState().waiting == 0,
                                 10000);
        QVERIFY(window.stepState().enabled);
        // 钱一's seat serves 郑洁 (w-a2), the last order waiting: a decision.
        window.session()->send({R"({"op":"refund","at":"2024-01-05T12:00","ticket":"s-full.1"})"});
        QTRY_VERIFY_WITH_TIMEOUT(window.stepState().paused, 10000);
        QTest::keyClick(&window, Qt::Key_F5);
        QTRY_VERIFY_WITH_TIMEOUT(!window.stepState().paused, 10000);
        QVERIFY(window.stepPanel()->passedText().isEmpty());
        // 钱四's seat comes back with no order left waiting: nothing to decide.
        const qint64 before = window.lastSeq();
        window.session()->send({R"({"op":"refund","at":"2024-01-05T12:10","ticket":"s-full.4"})"});
        QTRY_VERIFY_WITH_TIMEOUT(window.lastSeq() > before, 10000);
        QVERIFY(!window.stepState().paused);
        QCOMPARE(int(window.stepState().passed.size()), 1);
        QTRY_VERIFY2(window.stepPanel()->passedText().contains(u"s-full.4"_s) &&
                         window.stepPanel()->passedText().contains(u"nothing to decide"_s),
                     qPrintable(window.stepPanel()->passedText()));
        QVERIFY(window.stepPanel()->isVisible());
    }

    // F5 runs everything pending; turning the pause off applies commands directly.
    void runAndResume() {
        const Example ex = Example::load(u"overlapping_queues_race"_s, u"en"_s);
        MainWindow window;
        window.show();
        QVERIFY(window.openExample(ex.name));
        QTRY_VERIFY_WITH_TIMEOUT(window.stepState().paused, 20000);
        QTest::keyClick(&window, Qt::Key_F5);
        QTRY_VERIFY_WITH_TIMEOUT(!window.stepState().paused, 10000);
        QCOMPARE(fulfilled(window).size(), 3);
        window.pauseAction()->trigger();
        QTRY_VERIFY(!window.stepState().enabled);
        QVERIFY(!window.stepPanel()->isVisible() || !window.stepState().paused);
    }

    // Step mode from a preview: the add-car dialog's preview names whom the
    // car would serve; Step through sends it paused, and stepping to the end
    // serves exactly those orders, in that order.
    void stepFromPreview() {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        window.openDemo();
        QTRY_VERIFY_WITH_TIMEOUT(window.queueModel()->rowCount() > 0, 20000);
        const int servedBefore = static_cast<int>(fulfilled(window).size());
        QPointer<OperatorDialog> d = window.openOperation(MainWindow::Operation::AddCar);
        QVERIFY(d);
        QTRY_VERIFY_WITH_TIMEOUT(d->stepButton()->isVisible(), 10000);
        const QStringList promised = d->previewServed();
        QVERIFY(!promised.isEmpty());
        d->stepButton()->click();
        QTRY_VERIFY(!d);
        QTRY_VERIFY_WITH_TIMEOUT(window.stepState().paused, 10000);
        QVERIFY(window.stepPanel()->isVisible());
        QStringList stepped;
        for (int guard = 0; window.stepState().paused && guard < 500; ++guard) {
            const StepState st = window.stepState();
            if (st.next.kind == StepDecision::Kind::Serve)
                stepped << QString::fromStdString(st.next.order);
            const std::size_t applied = st.applied.size();
            QVERIFY(window.stepAction()->isEnabled());
            window.stepAction()->trigger();
            QTRY_VERIFY_WITH_TIMEOUT(
                !window.stepState().paused || window.stepState().applied.size() != applied, 10000);
        }
        QCOMPARE(stepped, promised);
        QStringList served;
        for (const QString& line : fulfilled(window).mid(servedBefore))
            served << line.section(u' ', 0, 0);
        QCOMPARE(served, promised);
    }

  private:
    QTemporaryDir settingsDir_;
};

QTEST_MAIN(TestStepMode)
#include "tst_step_mode.moc"
