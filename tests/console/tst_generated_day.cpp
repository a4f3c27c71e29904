// The console on a generated 1/500 day (houbu-cli gen, the size the bench
// smoke uses): every run listed, its queues past the first listed when
// shown, the trains list sorted by pressure from its
// header, the day's hot queues opening their run, and a seat released from
// the grid reaching the grid and the log with no model reset on the way.

#include <QDockWidget>
#include <QHeaderView>
#include <QProcess>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QTreeView>

#include "houbu/main_window.h"

using namespace houbu;
using namespace Qt::StringLiterals;

class TestGeneratedDay : public QObject {
    Q_OBJECT

    static constexpr int kTrains = 10;
    static constexpr int kRuns = 2 * kTrains;  // gen runs each train on two dates
    MainWindow* window_ = nullptr;

    static QByteArray cli(const QStringList& arguments, const QByteArray& input = {}) {
        QProcess p;
        p.start(QStringLiteral(HOUBU_CLI_PATH), arguments);
        if (!input.isEmpty()) {
            p.write(input);
            p.closeWriteChannel();
        }
        if (!p.waitForFinished(300000) || p.exitCode() != 0) return {};
        return p.readAllStandardOutput();
    }

    // The trains list's values of `column` as the view shows the rows.
    QList<double> shownValues(int column) const {
        QList<double> out;
        const QAbstractItemModel* m = window_->runView()->model();
        for (int r = 0; r < m->rowCount(); ++r)
            out << m->index(r, column).data(RunListModel::SortRole).toDouble();
        return out;
    }

  private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(u"houbu-test"_s);
        QCoreApplication::setApplicationName(u"tst_generated_day"_s);
        const QByteArray scenario =
            cli({u"gen"_s, u"--seed"_s, u"5"_s, u"--runs"_s, QString::number(kTrains), u"--seats"_s,
                 u"1000"_s, u"--orders"_s, u"40000"_s, u"--quiet"_s});
        QVERIFY2(scenario.count('\n') > 200000, "houbu-cli gen did not give a 1/500 day");
        // The day's last event, as houbu-cli numbers them: the file is in
        // once the window has seen it.
        const QByteArray events = cli({u"run"_s, u"-"_s}, scenario);
        QVERIFY2(!events.isEmpty(), "houbu-cli run gave nothing");
        const qint64 lastSeq = events.count('\n');
        window_ = new MainWindow;
        window_->resize(1400, 900);
        window_->openEmbedded(QString(), scenario);
        window_->show();
        QVERIFY(QTest::qWaitForWindowExposed(window_));
        QTRY_COMPARE_WITH_TIMEOUT(window_->lastSeq(), lastSeq, 300000);
        QTRY_COMPARE_WITH_TIMEOUT(window_->runModel()->rowCount(), kRuns, 20000);
    }

    void cleanupTestCase() { delete window_; }

    // A run of many queues lists its first ones (about a few screens of
    // lines) and only counts the others; one scrolled into view lists its
    // first orders from its head, with no reset.
    void queuesPastTheFirstAreListedWhenShown() {
        QueueModel* m = window_->queueModel();
        QTreeView* view = window_->queueView();
        QTRY_VERIFY(m->rowCount() > 0);
        int lines = 0, unlisted = -1;
        for (int q = 0; q < m->rowCount() && unlisted < 0; ++q) {
            const QModelIndex queue = m->index(q, 0);
            if (m->rowCount(queue) == 0 && queue.data(QueueModel::LengthRole).toInt() > 0)
                unlisted = q;
            else
                lines += 1 + m->rowCount(queue);
        }
        QVERIFY2(unlisted > 0, "every queue of the shown run was listed at once");
        QVERIFY2(lines >= ConsoleSnapshot::kQueueLinesAtFirst,
                 qPrintable(u"%1 lines listed before the first unlisted queue"_s.arg(lines)));
        QVERIFY(m->index(unlisted, 0)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QueueModel::tr("Its orders are listed when it comes into view.")));
        QSignalSpy resets(m, &QAbstractItemModel::modelReset);
        const QModelIndex queue = m->index(unlisted, 0);
        const int length = queue.data(QueueModel::LengthRole).toInt();
        view->scrollTo(queue, QAbstractItemView::PositionAtTop);
        QTRY_COMPARE(m->rowCount(queue), std::min(length, int(ConsoleSnapshot::kQueueRows)));
        for (int r = 0; r < m->rowCount(queue); ++r)
            QCOMPARE(m->index(r, QueueModel::Rank, queue).data().toInt(), r + 1);
        QCOMPARE(resets.count(), 0);
        view->scrollToTop();
    }

    // Pressure (queued passengers per free seat) sorts as numbers, most pressed
    // first after a second click, and the longest queues are ranked.
    void sortsByPressure() {
        QTableView* view = window_->runView();
        QHeaderView* header = view->horizontalHeader();
        view->setColumnHidden(RunListModel::Pressure, false);
        QTest::qWait(20);
        const QPoint at(header->sectionViewportPosition(RunListModel::Pressure) + 5, 5);
        QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, at);
        if (header->sortIndicatorOrder() != Qt::DescendingOrder)
            QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, at);
        QCOMPARE(header->sortIndicatorSection(), int(RunListModel::Pressure));
        QCOMPARE(header->sortIndicatorOrder(), Qt::DescendingOrder);
        const QList<double> pressure = shownValues(RunListModel::Pressure);
        QCOMPARE(pressure.size(), kRuns);
        QVERIFY(std::is_sorted(pressure.rbegin(), pressure.rend()));
        QVERIFY2(pressure.first() > 0, "nobody waits on the generated day");
        QTRY_VERIFY(shownValues(RunListModel::LongestQueue).first() > 0);
    }

    // The hot queues rank the day's queues by waiting passengers; Enter on the
    // first opens its run with the queue selected.
    void hotQueuesOpenTheirRun() {
        QDockWidget* dock = window_->hotQueuesDock();
        dock->show();
        dock->raise();
        QTableView* view = window_->hotQueueView();
        QTRY_VERIFY(view->model()->rowCount() > 10);
        QList<int> passengers;
        for (int r = 0; r < view->model()->rowCount(); ++r)
            passengers << view->model()->index(r, HotQueueModel::Passengers).data().toInt();
        QVERIFY(std::is_sorted(passengers.rbegin(), passengers.rend()));
        const QString train = view->model()->index(0, HotQueueModel::Train).data().toString();
        view->setFocus();
        view->setCurrentIndex(view->model()->index(0, HotQueueModel::Train));
        QTest::keyClick(view, Qt::Key_Return);
        QTRY_COMPARE(QString::fromStdString(window_->operatorContext().snapshot->run.train), train);
        QTRY_VERIFY(window_->queueView()->currentIndex().isValid());
    }

    // A paid seat released from the grid is free on the grid and named in the
    // log (or is sold at once to an order waiting for it); the grid and the
    // queues change in place, never by a reset.
    void releaseReachesTheGrid() {
        SeatGridModel* grid = window_->gridModel();
        QTRY_VERIFY(grid->rowCount() > 0);
        int row = -1, column = -1;
        for (int r = 0; r < grid->rowCount() && row < 0; ++r)
            for (int c = 0; c < grid->columnCount() && row < 0; ++c)
                if (grid->index(r, c).data(SeatGridModel::KindRole).toInt() ==
                    int(SeatGridModel::HolderKind::Paid)) {
                    row = r;
                    column = c;
                }
        QVERIFY2(row >= 0, "no paid seat on the shown run");
        QSignalSpy gridResets(grid, &QAbstractItemModel::modelReset);
        QSignalSpy queueResets(window_->queueModel(), &QAbstractItemModel::modelReset);
        QSignalSpy gridChanges(grid, &QAbstractItemModel::dataChanged);
        const int logRows = window_->logModel()->rowCount();
        const QString holder =
            grid->index(row, column).data(SeatGridModel::HolderIdRole).toString();
        QVERIFY(!holder.isEmpty());
        QVERIFY(window_->releaseHolderAt(row, column, u"refund"_s));
        // Free, or already sold again to a waiting order: the ticket is gone.
        QTRY_VERIFY(grid->index(row, column).data(SeatGridModel::HolderIdRole).toString() !=
                    holder);
        QTRY_VERIFY(window_->logModel()->rowCount() > logRows);
        bool released = false;
        for (int r = logRows; r < window_->logModel()->rowCount(); ++r)
            released |= window_->logModel()->eventAt(r).kind == EventKind::SeatReleased;
        QVERIFY(released);
        QVERIFY(!gridChanges.isEmpty());
        QCOMPARE(gridResets.count(), 0);
        QCOMPARE(queueResets.count(), 0);
    }
};

QTEST_MAIN(TestGeneratedDay)
#include "tst_generated_day.moc"
