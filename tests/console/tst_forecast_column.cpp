// The queues' Probability column and the "Forecast by rank" chart, on the
// offscreen platform: empty until a forecast came, then the engine's own
// answer (checked against a separate engine's answerQuery), sortable, with the
// 90 % interval in the tooltip; a served order leaves both; a session that
// cannot forecast shows "—" and is never asked.

#include <QAbstractItemModelTester>
#include <QChart>
#include <QDockWidget>
#include <QLabel>
#include <QLineSeries>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

#include "houbu/charts.h"
#include "houbu/codec.h"
#include "houbu/forecast_cache.h"
#include "houbu/main_window.h"
#include "houbu/run_forecast.h"

using namespace houbu;
using namespace Qt::StringLiterals;

namespace {

// One seat 北京南→济南西 and five orders for it, with deadlines close enough
// that a forecast is neither 0 nor 1. The seat is refunded twice (W1, then
// W2 served on it): W3, W4 and W5 wait, with two releases seen.
const QList<QByteArray> kScenario = {
    R"({"op":"train","train":"G1","date":"2024-01-20","stops":[{"station":"北京南","km":0,"dep":"08:00"},{"station":"济南西","km":406,"arr":"09:32"}],"cars":[{"car":1,"class":"二等座","rows":1,"layout":"A"}],"fares":{"二等座":0.46}})",
    R"({"op":"sell","at":"2024-01-10T07:00","id":"S1","train":"G1","date":"2024-01-20","from":"北京南","to":"济南西","class":"二等座","passengers":["p0"]})",
    R"({"op":"pay","id":"S1"})",
    R"({"op":"waitlist","at":"2024-01-10T08:00","id":"W1","user":"u1","passengers":["p1"],"from":"北京南","to":"济南西","options":[{"train":"G1","date":"2024-01-20","class":"二等座"}],"deadline":"2024-01-10T09:00"})",
    R"({"op":"prepay","id":"W1"})",
    R"({"op":"waitlist","id":"W2","user":"u2","passengers":["p2"],"from":"北京南","to":"济南西","options":[{"train":"G1","date":"2024-01-20","class":"二等座"}],"deadline":"2024-01-10T09:00"})",
    R"({"op":"prepay","id":"W2"})",
    R"({"op":"waitlist","id":"W3","user":"u3","passengers":["p3"],"from":"北京南","to":"济南西","options":[{"train":"G1","date":"2024-01-20","class":"二等座"}],"deadline":"2024-01-10T08:50"})",
    R"({"op":"prepay","id":"W3"})",
    R"({"op":"waitlist","id":"W4","user":"u4","passengers":["p4"],"from":"北京南","to":"济南西","options":[{"train":"G1","date":"2024-01-20","class":"二等座"}],"deadline":"2024-01-10T09:00"})",
    R"({"op":"prepay","id":"W4"})",
    R"({"op":"waitlist","id":"W5","user":"u5","passengers":["p5"],"from":"北京南","to":"济南西","options":[{"train":"G1","date":"2024-01-20","class":"二等座"}],"deadline":"2024-01-10T09:30"})",
    R"({"op":"prepay","id":"W5"})",
    R"({"op":"refund","at":"2024-01-10T08:10","ticket":"S1.1"})",
    R"({"op":"refund","at":"2024-01-10T08:20","ticket":"W1.1"})",
};
// A third refund: W3, first in line, is served.
const QByteArray kServeW3 = R"({"op":"refund","at":"2024-01-10T08:30","ticket":"W2.1"})";

QByteArray joined(const QList<QByteArray>& lines) {
    return lines.join('\n') + '\n';
}

// What a separate engine answers `forecast` for `order` after `lines`, within
// the console's horizon.
Event engineForecast(const QList<QByteArray>& lines, const QString& order) {
    Runner runner;
    QByteArray out;
    int n = 0;
    for (const QByteArray& line : lines)
        runner.processLine(line, ++n, out);
    struct Last : EventSink {
        Event event;
        void onEvent(const Event& e) override { event = e; }
    } answer;
    Command query;
    query.op = Op::Forecast;
    query.id = order.toStdString();
    query.until = runner.engine().clock() + Time{ForecastCache::kHorizonMinutes} * 60;
    runner.engine().answerQuery(query, 0, answer);
    return answer.event;
}

OrderView orderView(const std::string& id, int rank) {
    OrderView o;
    o.id = id;
    o.passengers = {"p"};
    o.rank = rank;
    return o;
}

SnapshotPtr snapshotWith(std::vector<OrderView> orders, qint64 lastSeq = 10) {
    auto s = std::make_shared<ConsoleSnapshot>();
    s->lastSeq = lastSeq;
    s->clock = u"2024-01-10T08:20"_s;
    s->run.train = "G1";
    s->run.date = "2024-01-20";
    s->run.stops = {{"北京南", 0, 0, 0}, {"济南西", 406, 0, 0}};
    s->queues.push_back(
        std::make_shared<const QueueView>(QueueView{"二等座", 0, 1, std::move(orders)}));
    return s;
}

OrderForecast answer(const QString& order, int probability, qint64 seq = 10) {
    OrderForecast f;
    f.order = order;
    f.value = ForecastValue{probability, std::max(0, probability - 20),
                            std::min(100, probability + 20), 0, "basis"};
    f.seq = seq;
    f.clock = u"2024-01-10T08:20"_s;
    return f;
}

QModelIndex cell(const QueueModel& m, const QString& order, int column) {
    const QModelIndex i = m.indexOfOrder(order);
    return i.isValid() ? i.siblingAtColumn(column) : QModelIndex();
}

QStringList idsInRows(const QueueModel& m) {
    QStringList ids;
    const QModelIndex queue = m.index(0, 0);
    for (int r = 0; r < m.rowCount(queue); ++r)
        ids << m.index(r, 0, queue).data(QueueModel::OrderIdRole).toString();
    return ids;
}

// A session whose engine cannot forecast (the Session default).
class NoForecastSession : public Session {
  public:
    int asked = 0;
    QString description() const override { return u"test"_s; }
    bool isRemote() const override { return true; }
    void send(const QList<QByteArray>&) override {}
    quint64 submit(const QByteArray&) override { return 1; }
    void focus(const QString&, const QString&) override {}
    void showQueueRows(const QString&, int, int, int, int) override {}
    void explain(const QString&) override {}
    void forecast(const QStringList&, int) override { ++asked; }
};

QLineSeries* probabilitySeries(QChart* chart) {
    for (QAbstractSeries* s : chart->series())
        if (auto* line = qobject_cast<QLineSeries*>(s)) return line;
    return nullptr;
}

}  // namespace

class TestForecastColumn : public QObject {
    Q_OBJECT

    QTemporaryDir settingsDir_;

    // Opens the scenario in a shown window and waits for its queue.
    void openScenario(MainWindow& window) {
        window.resize(1400, 900);
        window.openEmbedded(QString(), joined(kScenario));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY_WITH_TIMEOUT(window.queueModel()->indexOfOrder(u"W5"_s).isValid(), 20000);
        QTRY_VERIFY_WITH_TIMEOUT(!window.queueModel()->indexOfOrder(u"W2"_s).isValid(), 20000);
    }

  private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(u"houbu-test"_s);
        QCoreApplication::setApplicationName(u"tst_forecast_column"_s);
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir_.path());
    }

    // Nothing until an answer came (never a 0 nobody computed), then the
    // percentage; a closed order's answer shows nothing, a refusal "—".
    void emptyUntilKnown() {
        QueueModel model;
        QAbstractItemModelTester tester{&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest};
        ForecastCache cache;
        cache.setAvailable(true);
        model.setForecasts(&cache);
        cache.setState(10, u"2024-01-10T08:20"_s);
        model.apply(snapshotWith({orderView("W3", 1), orderView("W4", 2)}));
        QCOMPARE(cell(model, u"W3"_s, QueueModel::Probability).data().toString(), QString());
        QVERIFY(cell(model, u"W3"_s, QueueModel::Probability)
                    .data(QueueModel::ProbabilityRole)
                    .isNull());

        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        cache.apply({answer(u"W3"_s, 0)});
        QTRY_VERIFY(changed.count() >= 1);
        QCOMPARE(cell(model, u"W3"_s, QueueModel::Probability).data().toString(),
                 QueueModel::tr("%1 %").arg(0));
        QCOMPARE(cell(model, u"W3"_s, QueueModel::Probability).data(QueueModel::ProbabilityRole),
                 QVariant(0));
        QCOMPARE(cell(model, u"W4"_s, QueueModel::Probability).data().toString(), QString());

        OrderForecast closed;
        closed.order = u"W4"_s;
        closed.error = ErrorCode::OrderClosed;
        cache.apply({closed});
        QCOMPARE(cell(model, u"W4"_s, QueueModel::Probability).data().toString(), QString());
        OrderForecast refused = closed;
        refused.error = ErrorCode::UnknownOrder;
        cache.apply({refused});
        QCOMPARE(cell(model, u"W4"_s, QueueModel::Probability).data().toString(), u"—"_s);
    }

    // Asked once per order while unanswered; a stale answer is asked again
    // only kRefreshMs after it was asked; orders no longer wanted are dropped.
    void cacheAsksWhatIsMissing() {
        ForecastCache cache;
        QSignalSpy requested(&cache, &ForecastCache::requested);
        QCOMPARE(cache.request({u"W1"_s}), -1);
        QCOMPARE(requested.count(), 0);  // not available: nothing is asked
        cache.setAvailable(true);
        cache.setState(10, u"2024-01-10T08:20"_s);
        cache.request({u"W1"_s, u"W2"_s, u"W1"_s});
        QCOMPARE(requested.count(), 1);
        QCOMPARE(requested.last().at(0).toStringList(), (QStringList{u"W1"_s, u"W2"_s}));
        cache.request({u"W2"_s, u"W1"_s});
        QCOMPARE(requested.count(), 1);  // the same orders are on their way
        cache.apply({answer(u"W1"_s, 40), answer(u"W2"_s, 30)});
        QCOMPARE(cache.pending(), 0);
        cache.request({u"W1"_s, u"W2"_s});
        QCOMPARE(requested.count(), 1);  // fresh answers
        cache.setState(11, u"2024-01-10T08:21"_s);
        QVERIFY(cache.stale(*cache.find(u"W1"_s)));
        const int due = cache.request({u"W1"_s});
        QCOMPARE(requested.count(), 1);  // asked a moment ago: later
        QVERIFY(due > 0 && due <= ForecastCache::kRefreshMs);
        QCOMPARE(*cache.probability(u"W1"_s), 40);  // shown meanwhile
        QTest::qWait(due + 10);
        cache.request({u"W1"_s});
        QCOMPARE(requested.count(), 2);
        QCOMPARE(requested.last().at(0).toStringList(), QStringList{u"W1"_s});
        cache.request({});
        QCOMPARE(requested.count(), 3);  // scrolled away: what waits is dropped
        QCOMPARE(requested.last().at(0).toStringList(), QStringList());
    }

    // Sorted by probability: up or down, unknown last either way, equal ones
    // by rank; a snapshot while sorted inserts and removes rows in place.
    void sortsByProbability() {
        QueueModel model;
        QAbstractItemModelTester tester{&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest};
        ForecastCache cache;
        cache.setAvailable(true);
        model.setForecasts(&cache);
        cache.setState(10, u"2024-01-10T08:20"_s);
        model.apply(snapshotWith(
            {orderView("W1", 1), orderView("W2", 2), orderView("W3", 3), orderView("W4", 4)}));
        cache.apply({answer(u"W1"_s, 20), answer(u"W2"_s, 70), answer(u"W3"_s, 20)});
        const QPersistentModelIndex w2(model.indexOfOrder(u"W2"_s));
        model.sort(QueueModel::Probability, Qt::DescendingOrder);
        QCOMPARE(idsInRows(model), (QStringList{u"W2"_s, u"W1"_s, u"W3"_s, u"W4"_s}));
        QCOMPARE(w2.row(), 0);
        QCOMPARE(w2.data(QueueModel::OrderIdRole).toString(), u"W2"_s);
        QCOMPARE(model.index(0, QueueModel::Rank, model.index(0, 0)).data().toInt(), 2);
        model.sort(QueueModel::Probability, Qt::AscendingOrder);
        QCOMPARE(idsInRows(model), (QStringList{u"W1"_s, u"W3"_s, u"W2"_s, u"W4"_s}));

        // W1 served, W5 joins with a forecast known: rows, not a reset.
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        cache.apply({answer(u"W5"_s, 50)});
        model.apply(snapshotWith(
            {orderView("W2", 1), orderView("W3", 2), orderView("W4", 3), orderView("W5", 4)}));
        QCOMPARE(reset.count(), 0);
        QCOMPARE(idsInRows(model), (QStringList{u"W3"_s, u"W5"_s, u"W2"_s, u"W4"_s}));
        QCOMPARE(model.index(0, QueueModel::Rank, model.index(0, 0)).data().toInt(), 2);
        QCOMPARE(w2.data(QueueModel::OrderIdRole).toString(), u"W2"_s);

        // A forecast arriving sorts again, a moment later.
        cache.apply({answer(u"W4"_s, 10)});
        QTRY_COMPARE(idsInRows(model), (QStringList{u"W4"_s, u"W3"_s, u"W5"_s, u"W2"_s}));
        model.sort(-1);
        QCOMPARE(idsInRows(model), (QStringList{u"W2"_s, u"W3"_s, u"W4"_s, u"W5"_s}));
        QCOMPARE(model.index(3, QueueModel::Rank, model.index(0, 0)).data().toInt(), 4);
    }

    // The column in the window shows the engine's own forecast, computed on
    // the engine's thread and journaled nowhere; a served order leaves.
    void columnShowsEngineForecasts() {
        MainWindow window;
        QList<QString> progress;
        openScenario(window);
        if (QTest::currentTestFailed()) return;
        connect(window.session(), &Session::forecastProgress, this, [&](int done, int total) {
            if (done < total) progress << window.forecastStatus()->text();
        });
        const qint64 journaled = window.lastSeq();
        const QueueModel* model = window.queueModel();
        QTRY_VERIFY_WITH_TIMEOUT(
            !cell(*model, u"W5"_s, QueueModel::Probability).data().toString().isEmpty(), 20000);
        const Event expected = engineForecast(kScenario, u"W3"_s);
        QCOMPARE(expected.kind, EventKind::Forecast);
        QTRY_COMPARE_WITH_TIMEOUT(
            cell(*model, u"W3"_s, QueueModel::Probability).data(QueueModel::ProbabilityRole),
            QVariant(expected.forecast.probability), 20000);
        const int p = expected.forecast.probability;
        QVERIFY(p >= 0 && p <= 100);
        QCOMPARE(cell(*model, u"W3"_s, QueueModel::Probability).data().toString(),
                 QueueModel::tr("%1 %").arg(p));
        const QString tip =
            cell(*model, u"W3"_s, QueueModel::Probability).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(u"%1–%2"_s.arg(expected.forecast.low).arg(expected.forecast.high)),
                 qPrintable(tip));
        QVERIFY2(tip.contains(
                     QString::fromStdString(formatTime(expected.forecast.by)).replace(u'T', u' ')),
                 qPrintable(tip));
        QVERIFY2(tip.contains(QString::fromStdString(expected.forecast.basis)), qPrintable(tip));
        // Nothing reached the journal or the log.
        QCOMPARE(window.lastSeq(), journaled);
        for (int r = 0; r < window.logModel()->rowCount(); ++r)
            QVERIFY(window.logModel()->index(r, 0).data(EventLogModel::KindRole).toString() !=
                    u"forecast"_s);

        // Sortable by it, from the header.
        window.queueView()->sortByColumn(QueueModel::Probability, Qt::DescendingOrder);
        QStringList ids = idsInRows(*model);
        QCOMPARE(ids.size(), 3);
        for (int r = 1; r < ids.size(); ++r)
            QVERIFY(cell(*model, ids[r - 1], QueueModel::Probability)
                        .data(QueueModel::ProbabilityRole)
                        .toInt() >= cell(*model, ids[r], QueueModel::Probability)
                                        .data(QueueModel::ProbabilityRole)
                                        .toInt());
        window.queueView()->sortByColumn(-1, Qt::AscendingOrder);

        // The third refund serves W3: its row goes, W4 is forecast again on the new state.
        window.session()->send({kServeW3});
        QTRY_VERIFY_WITH_TIMEOUT(!model->indexOfOrder(u"W3"_s).isValid(), 20000);
        QList<QByteArray> after = kScenario;
        after << kServeW3;
        const Event w4 = engineForecast(after, u"W4"_s);
        QTRY_VERIFY_WITH_TIMEOUT(window.forecasts()->find(u"W4"_s) &&
                                     !window.forecasts()->stale(*window.forecasts()->find(u"W4"_s)),
                                 20000);
        QCOMPARE(cell(*model, u"W4"_s, QueueModel::Probability).data(QueueModel::ProbabilityRole),
                 QVariant(w4.forecast.probability));
        QTRY_VERIFY(!window.forecastStatus()->isVisible());
        // The status bar counted them while they were computed.
        QVERIFY(!progress.isEmpty());
        QVERIFY2(progress.front().startsWith(u"Forecasting 0 of "_s), qPrintable(progress.front()));
    }

    // The run's forecast: asked once for the shown run, answered for every
    // order queued on it; the newer of it and an order's own is shown, the
    // order's own when they are as new; another run's answers are dropped.
    void cacheKeepsTheRunsForecast() {
        ForecastCache cache;
        QSignalSpy asked(&cache, &ForecastCache::runRequested);
        cache.setAvailable(true);
        cache.setState(10, u"2024-01-10T08:20"_s);
        QCOMPARE(cache.requestRun(u"G1"_s, u"2024-01-20"_s), -1);
        QCOMPARE(asked.count(), 1);
        QCOMPARE(asked.front().at(0).toString(), u"G1"_s);
        QVERIFY(cache.runPending());
        cache.requestRun(u"G1"_s, u"2024-01-20"_s);
        QCOMPARE(asked.count(), 1);  // on its way: not asked twice
        OrderForecast fromRun = answer(u"W3"_s, 40);
        fromRun.wholeRun = true;
        OrderForecast w4 = answer(u"W4"_s, 20);
        w4.wholeRun = true;
        cache.applyRun(u"G2"_s, u"2024-01-20"_s, {fromRun});  // asked for another run before
        QVERIFY(!cache.find(u"W3"_s));
        cache.applyRun(u"G1"_s, u"2024-01-20"_s, {fromRun, w4});
        QVERIFY(!cache.runPending());
        QCOMPARE(cache.probability(u"W3"_s), std::optional<int>(40));
        QVERIFY(cache.find(u"W3"_s)->wholeRun);
        cache.apply({answer(u"W3"_s, 55)});  // the order's own, as new: shown
        QCOMPARE(cache.probability(u"W3"_s), std::optional<int>(55));
        QCOMPARE(cache.fromRun(u"W3"_s)->value->probability, 40);
        QCOMPARE(cache.probability(u"W4"_s), std::optional<int>(20));
        // Fresh: not asked again; stale: asked again only kRunRefreshMs after.
        cache.requestRun(u"G1"_s, u"2024-01-20"_s);
        QCOMPARE(asked.count(), 1);
        cache.setState(11, u"2024-01-10T08:21"_s);
        const int due = cache.requestRun(u"G1"_s, u"2024-01-20"_s);
        QCOMPARE(asked.count(), 1);
        QVERIFY(due > 0 && due <= ForecastCache::kRunRefreshMs);
        // A newer run forecast does not replace an order's own answer (rows
        // in view keep one kind); it does the others'. None at all (the
        // engine could not answer) keeps what was shown.
        OrderForecast newer = answer(u"W3"_s, 35, 11);
        newer.wholeRun = true;
        OrderForecast w4newer = answer(u"W4"_s, 25, 11);
        w4newer.wholeRun = true;
        cache.applyRun(u"G1"_s, u"2024-01-20"_s, {newer, w4newer});
        QCOMPARE(cache.probability(u"W3"_s), std::optional<int>(55));
        QCOMPARE(cache.probability(u"W4"_s), std::optional<int>(25));
        cache.applyRun(u"G1"_s, u"2024-01-20"_s, {});
        QCOMPARE(cache.probability(u"W4"_s), std::optional<int>(25));
        // The run's answer does not stand in for an order's own: asked for.
        QSignalSpy own(&cache, &ForecastCache::requested);
        cache.request({u"W4"_s});
        QCOMPARE(own.count(), 1);
        QCOMPARE(own.front().front().toStringList(), QStringList{u"W4"_s});
        // Another run shown: its forecast is asked for at once.
        cache.requestRun(u"G7"_s, u"2024-01-20"_s);
        QCOMPARE(asked.count(), 2);
        QVERIFY(!cache.find(u"W4"_s));
    }

    // In the window: the shown run's forecast comes for every order queued
    // on it, as the engine's forecastRun answers, with the status bar
    // counting its paths and the tooltip saying how it was made.
    void windowForecastsTheWholeRun() {
        MainWindow window;
        QStringList progress;
        openScenario(window);
        if (QTest::currentTestFailed()) return;
        connect(window.session(), &Session::runForecastProgress, this,
                [&](const QString&, const QString&, int done, int total) {
                    if (done < total) progress << window.forecastStatus()->text();
                });
        // A command makes the first forecast stale; the next one is counted.
        window.session()->send({R"({"op":"advance","at":"2024-01-10T08:21"})"});
        QTRY_VERIFY_WITH_TIMEOUT(
            window.forecasts()->fromRun(u"W5"_s) &&
                !window.forecasts()->stale(*window.forecasts()->fromRun(u"W5"_s)),
            30000);
        Runner runner;
        QByteArray out;
        int n = 0;
        for (const QByteArray& line : kScenario)
            runner.processLine(line, ++n, out);
        runner.processLine(R"({"op":"advance","at":"2024-01-10T08:21"})", ++n, out);
        auto run = runner.engine().forecastRun(
            "G1", "2024-01-20",
            runner.engine().clock() + Time{ForecastCache::kHorizonMinutes} * 60);
        QVERIFY(run);
        while (!run->advance(64)) {
        }
        QCOMPARE(int(run->answers().size()), 3);
        for (const RunOrderForecast& a : run->answers()) {
            const OrderForecast* shown =
                window.forecasts()->fromRun(QString::fromStdString(a.order));
            QVERIFY(shown && shown->value && shown->wholeRun);
            QCOMPARE(shown->value->probability, a.value.probability);
            QCOMPARE(shown->value->low, a.value.low);
            QCOMPARE(shown->value->high, a.value.high);
        }
        QVERIFY(!progress.isEmpty());
        QVERIFY2(progress.front().startsWith(u"Forecasting every order on G1"_s),
                 qPrintable(progress.front()));
        QTRY_VERIFY(!window.forecastStatus()->isVisible());
    }

    // The chart plots each queued order's forecast against its rank, for the
    // chosen queue (or the run's longest), with the interval as a band.
    void chartPlotsTheQueueByRank() {
        MainWindow window;
        openScenario(window);
        if (QTest::currentTestFailed()) return;
        window.chartsDock()->show();
        window.chartsDock()->raise();
        ChartsPanel* charts = window.charts();
        QTRY_VERIFY(charts->isVisible());
        charts->tabs()->setCurrentIndex(ChartsPanel::ForecastChart);
        // The chosen queue: the only one, chosen by its row.
        window.queueView()->setCurrentIndex(window.queueModel()->index(0, 0));
        QChart* chart = charts->chart(ChartsPanel::ForecastChart);
        const QModelIndex queue = window.queueModel()->index(0, 0);
        const int queued = window.queueModel()->rowCount(queue);
        QCOMPARE(queued, 3);
        QTRY_VERIFY_WITH_TIMEOUT(
            probabilitySeries(chart) && probabilitySeries(chart)->points().size() == queued, 20000);
        const QList<QPointF> points = probabilitySeries(chart)->points();
        for (int r = 0; r < queued; ++r) {
            const QString id =
                window.queueModel()->index(r, 0, queue).data(QueueModel::OrderIdRole).toString();
            QCOMPARE(points[r].x(), double(r + 1));
            QCOMPARE(points[r].y(), double(engineForecast(kScenario, id).forecast.probability));
            QVERIFY(points[r].y() >= 0 && points[r].y() <= 100);
        }
        QVERIFY2(chart->title().contains(u"G1 2024-01-20"_s), qPrintable(chart->title()));

        // W3 served: one point fewer, the others moved up a rank.
        window.session()->send({kServeW3});
        QTRY_VERIFY_WITH_TIMEOUT(
            probabilitySeries(chart) && probabilitySeries(chart)->points().size() == queued - 1,
            20000);
        QCOMPARE(probabilitySeries(chart)->points().back().x(), double(queued - 1));
    }

    // A session that cannot forecast: "—" and its reason, never asked.
    void noForecastShowsDash() {
        MainWindow window;
        window.resize(1400, 900);
        auto owned = std::make_unique<NoForecastSession>();
        NoForecastSession* session = owned.get();
        window.setSession(std::move(owned));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        emit session->snapshotChanged(snapshotWith({orderView("W3", 1), orderView("W4", 2)}));
        QTRY_VERIFY(window.queueModel()->indexOfOrder(u"W4"_s).isValid());
        const QModelIndex w3 = cell(*window.queueModel(), u"W3"_s, QueueModel::Probability);
        QCOMPARE(w3.data().toString(), u"—"_s);
        QCOMPARE(w3.data(Qt::ToolTipRole).toString(), ForecastCache::unavailableReason());
        QTest::qWait(300);
        QCOMPARE(session->asked, 0);
    }
};

QTEST_MAIN(TestForecastColumn)
#include "tst_forecast_column.moc"
