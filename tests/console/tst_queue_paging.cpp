// A queue longer than the console lists at once: its header counts the whole
// queue, its first ConsoleSnapshot::kQueueRows orders are listed, and
// scrolling to the last of them lists the next ones, in rank order, without
// a reset, to the end of the queue. An order chosen in the log below the
// rows listed is read down to and selected. (Engine::takeChanges through a
// window: tst_changes.)

#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QTreeView>

#include "houbu/event_log_model.h"
#include "houbu/main_window.h"
#include "longest_queue.h"
#include "one_interval_day.h"

using namespace houbu;
using namespace Qt::StringLiterals;

class TestQueuePaging : public QObject {
    Q_OBJECT

    MainWindow* window_ = nullptr;
    QString lastOrder_;  // the longest queue's last order, on run row firstRun_
    int firstRun_ = -1;

    // The shown run's longest queue.
    QModelIndex longest() const { return test::LongestQueue::in(window_->queueModel()); }

    // Ranks 1, 2, … down the listed orders: the head of the queue, in order.
    static bool ranksFromTheHead(const QModelIndex& queue) {
        const QAbstractItemModel* m = queue.model();
        for (int r = 0; r < m->rowCount(queue); ++r)
            if (m->index(r, QueueModel::Rank, queue).data().toInt() != r + 1) return false;
        return true;
    }

  private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(u"houbu-test"_s);
        QCoreApplication::setApplicationName(u"tst_queue_paging"_s);
        // One interval on one train (houbu-cli gen): a few thousand orders
        // in few queues.
        std::string error;
        const QByteArray scenario = test::OneIntervalDay::generate(4000, error);
        QVERIFY2(!scenario.isEmpty(), error.c_str());
        window_ = new MainWindow;
        window_->resize(1400, 900);
        window_->openEmbedded(QString(), scenario);
        window_->show();
        QVERIFY(QTest::qWaitForWindowExposed(window_));
        QTRY_VERIFY_WITH_TIMEOUT(window_->queueModel()->rowCount() > 0, 60000);
        QTRY_VERIFY_WITH_TIMEOUT(
            longest().data(QueueModel::LengthRole).toInt() > 2 * ConsoleSnapshot::kQueueRows,
            60000);
    }

    void cleanupTestCase() { delete window_; }

    void listsTheHeadAndCountsTheWhole() {
        const QModelIndex queue = longest();
        const int length = queue.data(QueueModel::LengthRole).toInt();
        QCOMPARE(window_->queueModel()->rowCount(queue), ConsoleSnapshot::kQueueRows);
        QVERIFY(ranksFromTheHead(queue));
        QCOMPARE(queue.siblingAtColumn(QueueModel::Rank).data().toString(),
                 QueueModel::tr("%n waiting", nullptr, length));
        QVERIFY(queue.data(Qt::ToolTipRole)
                    .toString()
                    .contains(QueueModel::tr("The first %1 are listed; more as you scroll down.")
                                  .arg(ConsoleSnapshot::kQueueRows)));
        QVERIFY(window_->queueModel()->hasMoreRows(queue));
    }

    void scrollingListsTheNextOrders() {
        QTreeView* view = window_->queueView();
        QueueModel* m = window_->queueModel();
        const QModelIndex queue = longest();
        const int length = queue.data(QueueModel::LengthRole).toInt();
        QSignalSpy reset(m, &QAbstractItemModel::modelReset);
        QSignalSpy inserted(m, &QAbstractItemModel::rowsInserted);
        // To the last listed order, as a user scrolling down.
        view->scrollTo(m->index(m->rowCount(queue) - 1, 0, queue),
                       QAbstractItemView::PositionAtBottom);
        QTRY_COMPARE_WITH_TIMEOUT(m->rowCount(queue), 2 * ConsoleSnapshot::kQueueRows, 20000);
        QVERIFY(ranksFromTheHead(queue));
        QVERIFY(!inserted.isEmpty());
        QCOMPARE(reset.size(), 0);
        // On to the end of the queue.
        for (int i = 0; i < 2 * length / ConsoleSnapshot::kQueueRows && m->rowCount(queue) < length;
             ++i) {
            const int before = m->rowCount(queue);
            view->scrollTo(m->index(before - 1, 0, queue), QAbstractItemView::PositionAtBottom);
            QTRY_VERIFY_WITH_TIMEOUT(m->rowCount(queue) > before, 20000);
        }
        QCOMPARE(m->rowCount(queue), queue.data(QueueModel::LengthRole).toInt());
        QVERIFY(!m->hasMoreRows(queue));
        lastOrder_ =
            m->index(m->rowCount(queue) - 1, 0, queue).data(QueueModel::OrderIdRole).toString();
        QVERIFY(ranksFromTheHead(queue));
        QCOMPARE(reset.size(), 0);
    }

    // Another run and back: the deeper rows are forgotten, the head is listed.
    void anotherRunForgetsTheDeeperRows() {
        QueueModel* m = window_->queueModel();
        QTableView* runs = window_->runView();
        QVERIFY(runs->model()->rowCount() >= 2);
        const auto dateOf = [runs](int row) {
            return runs->model()->index(row, 0).data(RunListModel::DateRole).toString();
        };
        // The first run is shown before any is chosen.
        int other = -1;
        for (int r = 0; r < runs->model()->rowCount(); ++r)
            (window_->windowTitle().contains(dateOf(r)) ? firstRun_ : other) = r;
        QVERIFY(firstRun_ >= 0 && other >= 0);
        runs->setCurrentIndex(runs->model()->index(other, 0));
        QTRY_VERIFY_WITH_TIMEOUT(window_->windowTitle().contains(dateOf(other)), 20000);
        runs->setCurrentIndex(runs->model()->index(firstRun_, 0));
        QTRY_VERIFY_WITH_TIMEOUT(window_->windowTitle().contains(dateOf(firstRun_)), 20000);
        QTRY_VERIFY_WITH_TIMEOUT(longest().isValid(), 20000);
        const QModelIndex queue = longest();
        QVERIFY2(m->rowCount(queue) == ConsoleSnapshot::kQueueRows,
                 qPrintable(u"%1 rows listed of %2"_s.arg(m->rowCount(queue))
                                .arg(queue.data(QueueModel::LengthRole).toInt())));
        QVERIFY(ranksFromTheHead(queue));
    }

    // An order chosen in the log below the rows listed (the last in the
    // queue): its queue is read down to it, and it is
    // selected there.
    void anOrderChosenInTheLogIsListedAndSelected() {
        QueueModel* m = window_->queueModel();
        QCOMPARE(m->rowCount(longest()), ConsoleSnapshot::kQueueRows);
        QVERIFY(!m->indexOfOrder(lastOrder_).isValid());
        QTableView* log = window_->logView();
        QModelIndex row;
        for (int r = log->model()->rowCount() - 1; r >= 0 && !row.isValid(); --r)
            if (log->model()->index(r, 0).data(EventLogModel::OrderRole).toString() == lastOrder_)
                row = log->model()->index(r, 0);
        QVERIFY2(row.isValid(), "the queue's last order is not in the log's newest rows");
        log->setCurrentIndex(row);
        QTRY_COMPARE_WITH_TIMEOUT(
            window_->queueView()->currentIndex().data(QueueModel::OrderIdRole).toString(),
            lastOrder_, 20000);
        const QModelIndex chosen = window_->queueView()->currentIndex();
        QCOMPARE(chosen.parent(), longest());
        QCOMPARE(chosen.row() + 1, longest().data(QueueModel::LengthRole).toInt());
        QCOMPARE(chosen.siblingAtColumn(QueueModel::Rank).data().toInt(), chosen.row() + 1);
    }
};

QTEST_MAIN(TestQueuePaging)
#include "tst_queue_paging.moc"
