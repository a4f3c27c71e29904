// A queue longer than the console lists from its head (QueueModel::kMostListed):
// an order chosen far down is shown in a window of orders around it, with
// its true rank; scrolling up from the window's top lists the orders before
// it without moving what is on screen; an order near the head (found by its
// id) brings the list back to the head. The ranks are checked against a
// whole read of the queue by an engine of the test's own. (Windows against
// whole reads under every command: tst_changes.)

#include <QLineEdit>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTableView>
#include <QTest>
#include <QTreeView>

#include "houbu/codec.h"
#include "houbu/event_log_model.h"
#include "houbu/main_window.h"
#include "longest_queue.h"
#include "one_interval_day.h"

using namespace houbu;
using namespace Qt::StringLiterals;

class TestQueueWindow : public QObject {
    Q_OBJECT

    MainWindow* window_ = nullptr;
    Runner truth_;
    // The longest queue as the test's engine reads it whole: its order ids in rank order.
    QueueView whole_;

    QModelIndex longest() const { return test::LongestQueue::in(window_->queueModel()); }

    // Chooses the order's row in the log, newest first, as a user would.
    void chooseInLog(const QString& order) {
        QTableView* log = window_->logView();
        QModelIndex row;
        for (int r = log->model()->rowCount() - 1; r >= 0 && !row.isValid(); --r)
            if (log->model()->index(r, 0).data(EventLogModel::OrderRole).toString() == order)
                row = log->model()->index(r, 0);
        QVERIFY2(row.isValid(), qPrintable(order + u" is not in the log"_s));
        log->setCurrentIndex(row);
    }

    // Every listed order is the one the whole queue has at its rank, and
    // the Rank column says that rank.
    bool listedAsTheWholeQueue(const QModelIndex& queue) const {
        const QueueModel* m = window_->queueModel();
        const int first = m->firstRank(queue);
        for (int r = 0; r < m->rowCount(queue); ++r) {
            const int rank = first + r;
            if (m->index(r, QueueModel::Rank, queue).data().toInt() != rank) return false;
            if (m->index(r, 0, queue).data(QueueModel::OrderIdRole).toString().toStdString() !=
                whole_.orders[static_cast<std::size_t>(rank - 1)].id)
                return false;
        }
        return true;
    }

    QString idAtRank(int rank) const {
        return QString::fromStdString(whole_.orders[static_cast<std::size_t>(rank - 1)].id);
    }

  private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(u"houbu-test"_s);
        QCoreApplication::setApplicationName(u"tst_queue_window"_s);
        // One interval on one train (houbu-cli gen): its second class queue
        // on the busier of its dates holds more than 20,000 orders.
        std::string error;
        const QByteArray scenario = test::OneIntervalDay::generate(30000, error);
        QVERIFY2(!scenario.isEmpty(), error.c_str());
        int line = 0;
        QByteArray events;
        for (const QByteArray& l : scenario.split('\n')) {
            if (l.isEmpty()) continue;
            events.clear();
            truth_.processLine(l, ++line, events);
        }
        QString train, date;
        for (const RunSummary& run : truth_.engine().runSummaries())
            for (QueueView& q : truth_.engine().queues(run.train, run.date))
                if (q.length > whole_.length) {
                    whole_ = std::move(q);
                    train = QString::fromStdString(run.train);
                    date = QString::fromStdString(run.date);
                }
        QVERIFY2(whole_.length > QueueModel::kMostListed + 2 * ConsoleSnapshot::kQueueRows,
                 qPrintable(QString::number(whole_.length)));

        window_ = new MainWindow;
        window_->resize(1400, 900);
        window_->openEmbedded(QString(), scenario);
        window_->show();
        QVERIFY(QTest::qWaitForWindowExposed(window_));
        // The run of that queue, chosen in the trains list.
        QTableView* runs = window_->runView();
        QTRY_VERIFY_WITH_TIMEOUT(runs->model()->rowCount() > 0, 60000);
        for (int r = 0; r < runs->model()->rowCount(); ++r) {
            const QModelIndex row = runs->model()->index(r, 0);
            if (row.data(RunListModel::TrainRole).toString() == train &&
                row.data(RunListModel::DateRole).toString() == date)
                runs->setCurrentIndex(row);
        }
        QTRY_VERIFY_WITH_TIMEOUT(
            longest().isValid() && longest().data(QueueModel::LengthRole).toInt() == whole_.length,
            60000);
    }

    void cleanupTestCase() { delete window_; }

    void anOrderFarDownIsShownInAWindow() {
        QueueModel* m = window_->queueModel();
        QSignalSpy reset(m, &QAbstractItemModel::modelReset);
        const int rank = whole_.length - 10;
        const QString order = idAtRank(rank);
        QVERIFY(!m->indexOfOrder(order).isValid());
        chooseInLog(order);
        QTRY_COMPARE_WITH_TIMEOUT(
            window_->queueView()->currentIndex().data(QueueModel::OrderIdRole).toString(), order,
            20000);
        const QModelIndex queue = longest();
        const QModelIndex chosen = window_->queueView()->currentIndex();
        QCOMPARE(chosen.parent(), queue);
        QCOMPARE(chosen.siblingAtColumn(QueueModel::Rank).data().toInt(), rank);
        // A window, not the queue read down to it.
        QVERIFY(m->firstRank(queue) > 1);
        QCOMPARE(m->rowCount(queue), ConsoleSnapshot::kQueueRows);
        QVERIFY(m->hasEarlierRows(queue));
        QVERIFY(!m->hasMoreRows(queue));
        QVERIFY(listedAsTheWholeQueue(queue));
        QVERIFY(queue.data().toString().contains(QString::number(m->firstRank(queue))));
        QVERIFY(queue.data(Qt::ToolTipRole)
                    .toString()
                    .contains(
                        QueueModel::tr("Ranks %1 to %2 are listed; more as you scroll up or down.")
                            .arg(m->firstRank(queue))
                            .arg(whole_.length)));
        QCOMPARE(reset.size(), 0);
    }

    void scrollingUpListsTheOrdersBefore() {
        QTreeView* view = window_->queueView();
        QueueModel* m = window_->queueModel();
        QSignalSpy reset(m, &QAbstractItemModel::modelReset);
        const QModelIndex queue = longest();
        const int first = m->firstRank(queue);
        const QString top = idAtRank(first);
        view->scrollTo(m->index(0, 0, queue), QAbstractItemView::PositionAtTop);
        QTRY_COMPARE_WITH_TIMEOUT(m->firstRank(queue), first - ConsoleSnapshot::kQueueRows, 20000);
        QVERIFY(listedAsTheWholeQueue(queue));
        // What was at the top is still there: the rows came in above it.
        QTRY_COMPARE_WITH_TIMEOUT(
            view->indexAt(QPoint(1, 1)).data(QueueModel::OrderIdRole).toString(), top, 5000);
        QCOMPARE(reset.size(), 0);
    }

    // Found by its id (Find, Enter): the log's newest rows do not reach it.
    void anOrderNearTheHeadListsFromTheHead() {
        QueueModel* m = window_->queueModel();
        const int rank = 100;
        const QString order = idAtRank(rank);
        QLineEdit* find = window_->findField();
        find->setText(order);
        QTest::keyClick(find, Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(
            window_->queueView()->currentIndex().data(QueueModel::OrderIdRole).toString(), order,
            20000);
        const QModelIndex queue = longest();
        QCOMPARE(m->firstRank(queue), 1);
        QVERIFY(!m->hasEarlierRows(queue));
        QCOMPARE(
            window_->queueView()->currentIndex().siblingAtColumn(QueueModel::Rank).data().toInt(),
            rank);
        QVERIFY(listedAsTheWholeQueue(queue));
        find->clear();
    }

    void anIdThatWaitsNowhereIsSaidSo() {
        QLineEdit* find = window_->findField();
        find->setText(u"no-such-order"_s);
        QTest::keyClick(find, Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(
            window_->statusBar()->currentMessage(),
            MainWindow::tr("%1 is not a waiting order.").arg(u"no-such-order"_s), 20000);
        find->clear();
    }
};

QTEST_MAIN(TestQueueWindow)
#include "tst_queue_window.moc"
