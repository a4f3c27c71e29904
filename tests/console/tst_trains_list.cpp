// The trains list on the offscreen platform: every shown column in view,
// sorted by each column (numbers as numbers, train numbers by their value)
// from the header, filtered by text and to the runs where orders wait, with
// the run shown following the chosen row; and the day's hot queues, each
// opening its run with the queue selected.

#include <QCheckBox>
#include <QDockWidget>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QTableView>
#include <QTest>
#include <QTreeView>
#include <algorithm>

#include "houbu/main_window.h"

using namespace houbu;
using namespace Qt::StringLiterals;

namespace {

QByteArray line(const QJsonObject& o) {
    return QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
}

struct RunSpec {
    QString train;
    QString date;
    int stops;
    int seats;       // one car of `seats` rows, layout "A"
    bool soldWhole;  // sold over the whole run, else over its first segment
    int orders;      // queued over the first segment
    int passengersEach;
};

// Stops S0.. at 10 km apart; every seat sold (by sales of at most 5), then
// `orders` waitlist orders queued behind them.
QByteArray scenario(const std::vector<RunSpec>& runs) {
    QByteArray out;
    int name = 0;
    for (const RunSpec& r : runs) {
        QJsonArray stops;
        for (int i = 0; i < r.stops; ++i)
            stops.append(QJsonObject{{u"station"_s, u"S%1"_s.arg(i)}, {u"km"_s, i * 10}});
        out += line({{u"op"_s, u"train"_s},
                     {u"train"_s, r.train},
                     {u"date"_s, r.date},
                     {u"stops"_s, stops},
                     {u"cars"_s, QJsonArray{QJsonObject{{u"car"_s, 1},
                                                        {u"class"_s, u"second"_s},
                                                        {u"rows"_s, r.seats / 2},
                                                        {u"layout"_s, u"AB"_s}}}},
                     {u"fares"_s, QJsonObject{{u"second"_s, 0.5}}}});
        const QString to = r.soldWhole ? u"S%1"_s.arg(r.stops - 1) : u"S1"_s;
        for (int sold = 0, sale = 0; sold < r.seats; ++sale) {
            QJsonArray names;
            for (int k = 0; k < 5 && sold < r.seats; ++k, ++sold)
                names.append(u"P%1"_s.arg(++name));
            out += line({{u"op"_s, u"sell"_s},
                         {u"id"_s, u"%1-%2-s%3"_s.arg(r.train, r.date).arg(sale)},
                         {u"train"_s, r.train},
                         {u"date"_s, r.date},
                         {u"from"_s, u"S0"_s},
                         {u"to"_s, to},
                         {u"class"_s, u"second"_s},
                         {u"passengers"_s, names}});
        }
        for (int o = 0; o < r.orders; ++o) {
            const QString id = u"%1-%2-w%3"_s.arg(r.train, r.date).arg(o);
            QJsonArray names;
            for (int k = 0; k < r.passengersEach; ++k)
                names.append(u"P%1"_s.arg(++name));
            out += line({{u"op"_s, u"waitlist"_s},
                         {u"id"_s, id},
                         {u"user"_s, u"u"_s},
                         {u"passengers"_s, names},
                         {u"from"_s, u"S0"_s},
                         {u"to"_s, u"S1"_s},
                         {u"options"_s, QJsonArray{QJsonObject{{u"train"_s, r.train},
                                                               {u"date"_s, r.date},
                                                               {u"class"_s, u"second"_s}}}}});
            out += line({{u"op"_s, u"prepay"_s}, {u"id"_s, id}});
        }
    }
    return out;
}

// Numbers where their text sorts otherwise: 9 < 10 < 20, "G2" before "G10".
const std::vector<RunSpec> kRuns = {
    {u"G10"_s, u"2024-03-01"_s, 3, 12, false, 10, 1},
    {u"G2"_s, u"2024-03-01"_s, 4, 8, false, 9, 1},
    {u"D7"_s, u"2024-02-28"_s, 10, 100, false, 4, 5},
    {u"G2"_s, u"2024-02-28"_s, 20, 6, true, 0, 1},
};

}  // namespace

class TestTrainsList : public QObject {
    Q_OBJECT

    MainWindow* window_ = nullptr;

    // The column's texts down the view.
    QStringList textInView(int column) const {
        QStringList out;
        const QAbstractItemModel* m = window_->runView()->model();
        for (int r = 0; r < m->rowCount(); ++r)
            out << m->index(r, column).data().toString();
        return out;
    }

  private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(u"houbu-test"_s);
        QCoreApplication::setApplicationName(u"tst_trains_list"_s);
    }

    void init() {
        window_ = new MainWindow;
        window_->resize(1400, 900);
        window_->openEmbedded(QString(), scenario(kRuns));
        window_->show();
        QVERIFY(QTest::qWaitForWindowExposed(window_));
        QTRY_VERIFY_WITH_TIMEOUT(window_->runModel()->rowCount() == int(kRuns.size()), 20000);
        QTRY_COMPARE(window_->runModel()->index(0, RunListModel::Queued).data().toInt(), 10);
        // The queues are ranked at a human pace, after the day is in.
        QTRY_COMPARE(
            window_->runModel()->index(0, RunListModel::LongestQueue).data(RunListModel::SortRole),
            QVariant(10));
    }

    void cleanup() {
        delete window_;
        window_ = nullptr;
    }

    void everyColumnIsInView() {
        QTableView* view = window_->runView();
        QHeaderView* header = view->horizontalHeader();
        QTest::qWait(50);
        // Stops, seats and free seats are shown on demand from the header's menu.
        for (int c : {RunListModel::Stops, RunListModel::Seats, RunListModel::FreeSeats})
            QVERIFY(view->isColumnHidden(c));
        for (int c = 0; c < RunListModel::ColumnCount; ++c) {
            if (view->isColumnHidden(c)) continue;
            const int left = header->sectionViewportPosition(c);
            QVERIFY2(left >= 0 && left + header->sectionSize(c) <= view->viewport()->width(),
                     qPrintable(u"column %1 at %2..%3, the view is %4 wide"_s.arg(c)
                                    .arg(left)
                                    .arg(left + header->sectionSize(c))
                                    .arg(view->viewport()->width())));
        }
    }

    void sortsByEachColumn_data() {
        QTest::addColumn<int>("column");
        QTest::addColumn<QStringList>("ascending");  // train and date of each row
        const QStringList byTrain{u"D7 2024-02-28"_s, u"G2 2024-03-01"_s, u"G2 2024-02-28"_s,
                                  u"G10 2024-03-01"_s};
        QTest::newRow("train") << int(RunListModel::Train) << byTrain;
        QTest::newRow("date") << int(RunListModel::Date)
                              << QStringList{u"D7 2024-02-28"_s, u"G2 2024-02-28"_s,
                                             u"G10 2024-03-01"_s, u"G2 2024-03-01"_s};
        QTest::newRow("stops") << int(RunListModel::Stops)
                               << QStringList{u"G10 2024-03-01"_s, u"G2 2024-03-01"_s,
                                              u"D7 2024-02-28"_s, u"G2 2024-02-28"_s};
        QTest::newRow("seats") << int(RunListModel::Seats)
                               << QStringList{u"G2 2024-02-28"_s, u"G2 2024-03-01"_s,
                                              u"G10 2024-03-01"_s, u"D7 2024-02-28"_s};
        // 1 of 9 segments, 1 of 3, 1 of 2, all of them.
        QTest::newRow("load") << int(RunListModel::Load)
                              << QStringList{u"D7 2024-02-28"_s, u"G2 2024-03-01"_s,
                                             u"G10 2024-03-01"_s, u"G2 2024-02-28"_s};
        QTest::newRow("queued") << int(RunListModel::Queued)
                                << QStringList{u"G2 2024-02-28"_s, u"D7 2024-02-28"_s,
                                               u"G2 2024-03-01"_s, u"G10 2024-03-01"_s};
        QTest::newRow("passengers") << int(RunListModel::Passengers)
                                    << QStringList{u"G2 2024-02-28"_s, u"G2 2024-03-01"_s,
                                                   u"G10 2024-03-01"_s, u"D7 2024-02-28"_s};
        // Seats free on an average segment: 0, 16/3, 12/2, 800/9.
        QTest::newRow("free seats") << int(RunListModel::FreeSeats)
                                    << QStringList{u"G2 2024-02-28"_s, u"G2 2024-03-01"_s,
                                                   u"G10 2024-03-01"_s, u"D7 2024-02-28"_s};
        // Queued passengers per such seat: 0 (none wait), 20/88.9, 10/6, 9/5.33.
        QTest::newRow("pressure") << int(RunListModel::Pressure)
                                  << QStringList{u"G2 2024-02-28"_s, u"D7 2024-02-28"_s,
                                                 u"G10 2024-03-01"_s, u"G2 2024-03-01"_s};
        QTest::newRow("longest queue") << int(RunListModel::LongestQueue)
                                       << QStringList{u"G2 2024-02-28"_s, u"D7 2024-02-28"_s,
                                                      u"G2 2024-03-01"_s, u"G10 2024-03-01"_s};
    }

    void sortsByEachColumn() {
        QFETCH(int, column);
        QFETCH(QStringList, ascending);
        QTableView* view = window_->runView();
        QHeaderView* header = view->horizontalHeader();
        view->setColumnHidden(column, false);
        QTest::qWait(20);
        auto rows = [view] {
            QStringList out;
            const QAbstractItemModel* m = view->model();
            for (int r = 0; r < m->rowCount(); ++r)
                out << m->index(r, RunListModel::Train).data().toString() + u' ' +
                           m->index(r, RunListModel::Date).data().toString();
            return out;
        };
        // A click on the header sorts ascending, a second one descending.
        QTest::mouseClick(header->viewport(), Qt::LeftButton, {},
                          QPoint(header->sectionViewportPosition(column) + 5, 5));
        QCOMPARE(header->sortIndicatorSection(), column);
        if (header->sortIndicatorOrder() != Qt::AscendingOrder)
            QTest::mouseClick(header->viewport(), Qt::LeftButton, {},
                              QPoint(header->sectionViewportPosition(column) + 5, 5));
        QCOMPARE(header->sortIndicatorOrder(), Qt::AscendingOrder);
        QCOMPARE(rows(), ascending);
        // The texts alone would sort otherwise for numbers: the values decide.
        if (column != RunListModel::Date && column <= RunListModel::Passengers) {
            QStringList texts = textInView(column);
            const QStringList shown = texts;
            std::sort(texts.begin(), texts.end());
            QVERIFY2(texts != shown, "the data does not tell value order from text order");
        }
        QTest::mouseClick(header->viewport(), Qt::LeftButton, {},
                          QPoint(header->sectionViewportPosition(column) + 5, 5));
        QCOMPARE(header->sortIndicatorOrder(), Qt::DescendingOrder);
        QStringList descending = ascending;
        std::reverse(descending.begin(), descending.end());
        // Equal values keep the order the runs were defined in, either way.
        if (column == RunListModel::Train)
            descending = QStringList{u"G10 2024-03-01"_s, u"G2 2024-03-01"_s, u"G2 2024-02-28"_s,
                                     u"D7 2024-02-28"_s};
        if (column == RunListModel::Date)
            descending = QStringList{u"G10 2024-03-01"_s, u"G2 2024-03-01"_s, u"D7 2024-02-28"_s,
                                     u"G2 2024-02-28"_s};
        QCOMPARE(rows(), descending);

        // Choosing a row shows that run, wherever the sort put it.
        view->setCurrentIndex(view->model()->index(0, 0));
        QTRY_COMPARE(QString::fromStdString(window_->operatorContext().snapshot->run.train) + u' ' +
                         QString::fromStdString(window_->operatorContext().snapshot->run.date),
                     descending.first());
    }

    // Typing narrows the list to rows with the text in any column; "Waiting
    // only" to the runs with queued orders; both together.
    void filtersByTextAndWaiting() {
        QLineEdit* filter = window_->runFilter();
        QVERIFY(filter);
        QTableView* view = window_->runView();
        filter->setFocus();
        QTest::keyClicks(filter, u"g2"_s);
        QTRY_COMPARE(view->model()->rowCount(), 2);
        QTest::keyClicks(filter, u" "_s);  // surrounding blanks do not count
        QCOMPARE(view->model()->rowCount(), 2);
        filter->clear();
        QCOMPARE(view->model()->rowCount(), 4);
        auto* waiting = window_->findChild<QCheckBox*>(u"waitingOnly"_s);
        QVERIFY(waiting);
        waiting->setChecked(true);
        QCOMPARE(view->model()->rowCount(), 3);
        QTest::keyClicks(filter, u"2024-02-28"_s);
        QCOMPARE(view->model()->rowCount(), 1);
        QCOMPARE(view->model()->index(0, RunListModel::Train).data().toString(), u"D7"_s);
        waiting->setChecked(false);
        QCOMPARE(view->model()->rowCount(), 2);
    }

    // The day's queues over every run, most waiting passengers first; Enter
    // on one shows its run and selects the queue in the queues panel.
    void hotQueuesOpenTheirRun() {
        QDockWidget* dock = window_->hotQueuesDock();
        QVERIFY(dock);
        dock->show();
        dock->raise();
        QTableView* view = window_->hotQueueView();
        QTRY_COMPARE(view->model()->rowCount(), 3);
        QStringList order;
        for (int r = 0; r < 3; ++r)
            order << view->model()->index(r, HotQueueModel::Train).data().toString() + u' ' +
                         view->model()->index(r, HotQueueModel::Passengers).data().toString();
        QCOMPARE(order, (QStringList{u"D7 20"_s, u"G10 10"_s, u"G2 9"_s}));
        QCOMPARE(view->model()->index(0, HotQueueModel::Interval).data().toString(), u"S0→S1"_s);
        QCOMPARE(view->model()->index(0, HotQueueModel::FreeSeats).data().toInt(), 0);

        view->setFocus();
        view->setCurrentIndex(view->model()->index(1, HotQueueModel::Train));
        QTest::keyClick(view, Qt::Key_Return);
        QTRY_COMPARE(QString::fromStdString(window_->operatorContext().snapshot->run.train),
                     u"G10"_s);
        QTRY_COMPARE(window_->queueView()->currentIndex().data(QueueModel::QueueKeyRole).toString(),
                     u"second|0|1"_s);
        // The trains list follows.
        QCOMPARE(window_->runView()->currentIndex().data(RunListModel::TrainRole).toString(),
                 u"G10"_s);
    }
};

QTEST_MAIN(TestTrainsList)
#include "tst_trains_list.moc"
