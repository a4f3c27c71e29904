// Charts, the policy comparison and the settings, on the offscreen platform.
// Every figure a chart draws is checked against the engine: its own queries
// (availability, queues), or the events of an independent run.

#include <QBarSet>
#include <QChart>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QImageReader>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineSeries>
#include <QSettings>
#include <QSignalSpy>
#include <QStackedBarSeries>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <map>
#include <set>

#include "houbu/analysis.h"
#include "houbu/appearance.h"
#include "houbu/charts.h"
#include "houbu/codec.h"
#include "houbu/main_window.h"
#include "houbu/policy_comparison.h"
#include "houbu/settings_dialog.h"

using namespace houbu;
using namespace Qt::StringLiterals;

namespace {

QList<QByteArray> linesOf(const QByteArray& text) {
    QList<QByteArray> lines = text.split('\n');
    if (!lines.isEmpty() && lines.back().isEmpty()) lines.removeLast();
    return lines;
}

QByteArray readFile(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Runs `lines` in a fresh engine; returns every event as an object.
QList<QJsonObject> run(Runner& runner, const QList<QByteArray>& lines) {
    QByteArray out;
    int n = 0;
    for (const QByteArray& line : lines)
        runner.processLine(line, ++n, out);
    QList<QJsonObject> events;
    for (const QByteArray& e : out.split('\n'))
        if (!e.isEmpty()) events << QJsonDocument::fromJson(e).object();
    return events;
}

ConsoleSnapshot snapshotOf(const Engine& engine, const std::string& train,
                           const std::string& date) {
    ConsoleSnapshot s;
    engine.run(train, date, s.run);
    s.seats = engine.seats(train, date);
    for (QueueView& q : engine.queues(train, date))
        s.queues.push_back(std::make_shared<const QueueView>(std::move(q)));
    return s;
}

// The `train` line of `lines` for a run, with its policy set.
QList<QByteArray> withPolicy(QList<QByteArray> lines, const QString& train, const QString& policy) {
    for (QByteArray& line : lines) {
        QJsonObject o = QJsonDocument::fromJson(line).object();
        if (o.value(u"op"_s) == u"train"_s && o.value(u"train"_s).toString() == train) {
            o.insert(u"policy"_s, policy);
            line = QJsonDocument(o).toJson(QJsonDocument::Compact);
        }
    }
    return lines;
}

// The waitlist orders with an option on `train` accepting one seat change
// where they accepted none.
QList<QByteArray> withSeatChanges(QList<QByteArray> lines, const QString& train) {
    for (QByteArray& line : lines) {
        QJsonObject o = QJsonDocument::fromJson(line).object();
        if (o.value(u"op"_s) != u"waitlist"_s || o.contains(u"seat_change"_s)) continue;
        const QJsonArray options = o.value(u"options"_s).toArray();
        if (std::none_of(options.begin(), options.end(), [&](const QJsonValue& v) {
                return v.toObject().value(u"train"_s).toString() == train;
            }))
            continue;
        o.insert(u"seat_change"_s, 1);
        line = QJsonDocument(o).toJson(QJsonDocument::Compact);
    }
    return lines;
}

}  // namespace

class TestCharts : public QObject {
    Q_OBJECT

    QTemporaryDir settingsDir_;

  private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(u"houbu-test"_s);
        QCoreApplication::setApplicationName(u"tst_charts"_s);
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir_.path());
        rememberSystemPalette();
    }

    // Sold + held + blocked + free = seats of the class on every segment, and
    // free equals the engine's own `availability` answer for that segment.
    void sectionLoadAgreesWithAvailability() {
        Runner runner;
        run(runner, linesOf(MainWindow::demoScenario()));
        const Engine& engine = runner.engine();
        const RunSummary first = engine.runSummaries().front();
        const ConsoleSnapshot snap = snapshotOf(engine, first.train, first.date);
        int nonFree = 0;
        for (const std::string& cls : snap.run.classes) {
            const QString travelClass = QString::fromStdString(cls);
            const SectionLoad load = sectionLoadOf(snap, travelClass);
            QCOMPARE(load.segments.size(), int(snap.run.stops.size()) - 1);
            int seats = 0;
            for (const SeatView& s : snap.seats)
                seats += s.travelClass == cls;
            for (int s = 0; s < load.segments.size(); ++s) {
                QCOMPARE(load.sold[s] + load.held[s] + load.blocked[s] + load.free[s], seats);
                nonFree += load.sold[s] + load.held[s] + load.blocked[s];
                const QJsonObject query{
                    {u"op"_s, u"availability"_s},
                    {u"train"_s, QString::fromStdString(first.train)},
                    {u"date"_s, QString::fromStdString(first.date)},
                    {u"class"_s, travelClass},
                    {u"from"_s, QString::fromStdString(snap.run.stops[s].station)},
                    {u"to"_s, QString::fromStdString(snap.run.stops[s + 1].station)}};
                QByteArray out;
                runner.processLine(QJsonDocument(query).toJson(QJsonDocument::Compact), 9999, out);
                const QJsonObject answer = QJsonDocument::fromJson(out.trimmed()).object();
                QCOMPARE(answer.value(u"event"_s).toString(), u"availability"_s);
                QCOMPARE(load.free[s], answer.value(u"free"_s).toInt());
            }
        }
        QVERIFY(nonFree > 0);  // the demo sells and blocks seats: the check is not vacuous
    }

    // The history's running totals end at the counts of the events of an
    // independent run, and the queue lengths end at the engine's queues.
    void historyAgreesWithEvents_data() {
        QTest::addColumn<QString>("scenario");
        QTest::newRow("demo") << QString();
        for (const char* name :
             {"added_car_drains_queue", "hold_timeout_into_waitlist", "overlapping_queues_race",
              "prepay_timeout", "multi_option", "exact_policy"})
            QTest::newRow(name) << QStringLiteral(HOUBU_SOURCE_DIR "/tests/scenarios/%1.jsonl")
                                       .arg(QLatin1String(name));
    }
    void historyAgreesWithEvents() {
        QFETCH(QString, scenario);
        const QList<QByteArray> lines =
            linesOf(scenario.isEmpty() ? MainWindow::demoScenario() : readFile(scenario));
        QVERIFY(!lines.isEmpty());
        Runner runner;
        const QList<QJsonObject> events = run(runner, lines);
        const Engine& engine = runner.engine();
        for (const RunSummary& r : engine.runSummaries()) {
            QString error;
            auto history = replayHistory(lines, {}, r.train, r.date, {}, error);
            QVERIFY2(history, qPrintable(error));
            std::map<std::string, int> released;
            int fulfilled = 0;
            for (const QJsonObject& e : events) {
                if (e.value(u"train"_s).toString().toStdString() != r.train ||
                    e.value(u"date"_s).toString().toStdString() != r.date)
                    continue;
                if (e.value(u"event"_s) == u"seat_released"_s)
                    ++released[e.value(u"source"_s).toString().toStdString()];
                if (e.value(u"event"_s) == u"waitlist_fulfilled"_s) ++fulfilled;
            }
            QCOMPARE(history->releases.size(), released.size());
            for (const auto& [source, count] : released)
                QCOMPARE(history->releases.at(source).back().value, count);
            QCOMPARE(history->fulfilments.empty() ? 0 : history->fulfilments.back().value,
                     fulfilled);
            // Queue lengths at the end = the engine's queues now.
            std::map<QueueKey, int> now;
            for (const QueueView& q : engine.queues(r.train, r.date))
                now[{q.travelClass, q.from, q.to}] = int(q.orders.size());
            for (const auto& [key, points] : history->queueLength) {
                const auto it = now.find(key);
                QCOMPARE(points.back().value, it == now.end() ? 0 : it->second);
            }
            for (const auto& [key, size] : now)
                QVERIFY(history->queueLength.count(key));
            // Utilisation of every run matches the seats' holders.
            QCOMPARE(history->utilisation.size(), engine.runSummaries().size());
        }
    }

    // complete vs exact equals running the scenario twice with the policy
    // written into its train line, counted from the events.
    void policyComparisonAgreesWithRewrittenRuns() {
        const QList<QByteArray> lines = linesOf(
            readFile(QStringLiteral(HOUBU_SOURCE_DIR "/tests/scenarios/exact_policy.jsonl")));
        Runner probe;
        run(probe, lines);
        bool someDiffer = false;
        for (const RunSummary& r : probe.engine().runSummaries()) {
            QString error;
            auto cmp = comparePolicies(lines, {}, r.train, r.date, {}, error);
            QVERIFY2(cmp, qPrintable(error));
            const QString train = QString::fromStdString(r.train);
            for (const auto& [policy, outcome] :
                 {std::pair{u"complete"_s, &cmp->complete}, std::pair{u"exact"_s, &cmp->exact}}) {
                Runner runner;
                const QList<QJsonObject> events = run(runner, withPolicy(lines, train, policy));
                int served = 0, passengers = 0;
                for (const QJsonObject& e : events) {
                    if (e.value(u"event"_s) != u"waitlist_fulfilled"_s ||
                        e.value(u"train"_s).toString() != train)
                        continue;
                    ++served;
                    passengers += int(e.value(u"tickets"_s).toArray().size());
                }
                QCOMPARE(outcome->ordersServed, served);
                QCOMPARE(outcome->passengersServed, passengers);
                int waiting = 0;
                std::set<std::string> ids;
                for (const QueueView& q : runner.engine().queues(r.train, r.date))
                    for (const OrderView& o : q.orders)
                        waiting += ids.insert(o.id).second;
                QCOMPARE(outcome->ordersWaiting, waiting);
            }
            someDiffer |= cmp->complete.served != cmp->exact.served;
            // The policy the run was defined with, as its train line says.
            for (const QByteArray& line : lines) {
                const QJsonObject o = QJsonDocument::fromJson(line).object();
                if (o.value(u"op"_s) == u"train"_s && o.value(u"train"_s).toString() == train)
                    QCOMPARE(cmp->journalPolicy, o.value(u"policy"_s).toString() == u"exact"_s
                                                     ? Policy::Exact
                                                     : Policy::Complete);
            }
        }
        QVERIFY(someDiffer);  // the scenario shows a difference between the policies
        QString error;
        QVERIFY(!comparePolicies(lines, {}, "NOPE", "2024-01-01", {}, error));
        QVERIFY(error.contains(u"NOPE"_s));
    }

    // With seat changes: the outcomes of a rewritten journal, and more served.
    void policyComparisonWithSeatChanges() {
        const QList<QByteArray> lines = linesOf(
            readFile(QStringLiteral(HOUBU_SOURCE_DIR "/tests/scenarios/seat_change.jsonl")));
        QString error;
        auto cmp = comparePolicies(lines, {}, "G7", "2024-02-08", {}, error);
        QVERIFY2(cmp, qPrintable(error));
        for (const auto& [policy, outcome] : {std::pair{u"complete"_s, &cmp->completeWithChanges},
                                              std::pair{u"exact"_s, &cmp->exactWithChanges}}) {
            Runner runner;
            const QList<QJsonObject> events =
                run(runner, withSeatChanges(withPolicy(lines, u"G7"_s, policy), u"G7"_s));
            int served = 0, passengers = 0;
            for (const QJsonObject& e : events) {
                if (e.value(u"event"_s) != u"waitlist_fulfilled"_s) continue;
                ++served;
                passengers += int(e.value(u"tickets"_s).toArray().size());
            }
            QCOMPARE(outcome->ordersServed, served);
            QCOMPARE(outcome->passengersServed, passengers);
        }
        // 丙, who accepted no change, is served first when it may change.
        QCOMPARE(cmp->completeWithChanges.served.front(), std::string("w1"));
        QVERIFY(cmp->complete.served.front() != "w1");
    }

    void stepLineCollapsesAndBounds() {
        std::vector<TimePoint> points{{60, 1}, {60, 2}, {120, 1}, {180, 3}};
        const QList<QPointF> line = stepLine(points);
        QCOMPARE(line.size(), 6);  // three instants, two points each
        QCOMPARE(line[1].y(), 2.0);
        QCOMPARE(line.back().y(), 3.0);
        std::vector<TimePoint> many;
        for (int i = 0; i < 100000; ++i)
            many.push_back({i * 60, i % 37});
        const QList<QPointF> bounded = stepLine(many, 1000);
        QVERIFY(bounded.size() <= 1100);
        QCOMPARE(bounded.back().y(), double(many.back().value));
    }

    // The window's charts draw what the data says, replay on request, export PNG.
    void chartsInTheWindow() {
        MainWindow window;
        window.resize(1400, 900);
        window.openDemo();
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY_WITH_TIMEOUT(window.gridModel()->rowCount() > 0, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(window.lastSeq() > 50, 20000);
        window.chartsDock()->show();
        window.chartsDock()->raise();
        ChartsPanel* charts = window.charts();
        QTRY_VERIFY(charts->isVisible());

        // Section load: bar sets equal the snapshot's counts.
        QChart* load = charts->chart(ChartsPanel::SectionLoadChart);
        QTRY_COMPARE(load->series().size(), 1);
        auto* bars = qobject_cast<QStackedBarSeries*>(load->series().front());
        QVERIFY(bars);
        QCOMPARE(bars->count(), 4);
        int total = 0;
        for (QBarSet* set : bars->barSets())
            for (int i = 0; i < set->count(); ++i)
                total += int(set->at(i));
        // Every seat of every class (the grid's rows) once per segment (its columns).
        QCOMPARE(total, window.gridModel()->rowCount() * window.gridModel()->columnCount());

        // History charts replay the journal on request.
        QSignalSpy refreshed(charts, &ChartsPanel::historyRefreshed);
        charts->tabs()->setCurrentIndex(ChartsPanel::ReleaseChart);
        QTRY_VERIFY_WITH_TIMEOUT(refreshed.count() == 1, 20000);
        const RunHistory* history = charts->history();
        QVERIFY(history);
        QChart* releases = charts->chart(ChartsPanel::ReleaseChart);
        QCOMPARE(releases->series().size(), int(history->releases.size()) + 1);
        auto* fulfilled = qobject_cast<QLineSeries*>(releases->series().back());
        QVERIFY(fulfilled);
        QCOMPARE(int(fulfilled->points().back().y()),
                 history->fulfilments.empty() ? 0 : history->fulfilments.back().value);
        QVERIFY(!charts->chart(ChartsPanel::UtilisationChart)->series().isEmpty());

        QTemporaryDir dir;
        const QString png = dir.filePath(u"load.png"_s);
        QVERIFY(charts->exportPng(ChartsPanel::SectionLoadChart, png));
        QImageReader reader(png);
        QCOMPARE(reader.format(), QByteArray("png"));
        QVERIFY(reader.size().width() >= 960 * 2);

        // Policy comparison in its dialog.
        auto* dialog = qobject_cast<PolicyComparisonDialog*>(window.comparePolicies());
        QVERIFY(dialog);
        QSignalSpy ready(dialog, &PolicyComparisonDialog::ready);
        QTRY_VERIFY_WITH_TIMEOUT(ready.count() == 1, 20000);
        QVERIFY(dialog->comparison());
        QCOMPARE(dialog->table()->item(0, 0)->text(),
                 QString::number(dialog->comparison()->complete.ordersServed));
        dialog->close();
    }

    void settingsApplyAndPersist() {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QImage lightIcon = window.releaseAction()->icon().pixmap(32).toImage();
        {
            SettingsDialog dialog(&window);
            dialog.schemeChoice()->setCurrentIndex(
                dialog.schemeChoice()->findData(int(ColourScheme::Dark)));
            QVERIFY(isDarkPalette(QApplication::palette()));  // previewed at once
            dialog.reject();
            QVERIFY(!isDarkPalette(QApplication::palette()));  // cancel puts it back
        }
        {
            SettingsDialog dialog(&window);
            dialog.schemeChoice()->setCurrentIndex(
                dialog.schemeChoice()->findData(int(ColourScheme::Dark)));
            dialog.languageChoice()->setCurrentIndex(dialog.languageChoice()->findData(u"zh_CN"_s));
            dialog.accept();
        }
        QCOMPARE(savedColourScheme(), ColourScheme::Dark);
        QCOMPARE(savedLanguage(), u"zh_CN"_s);
        QTRY_VERIFY(isDarkPalette(window.palette()));
        // The window's actions are drawn again for the dark palette.
        QTRY_VERIFY(window.releaseAction()->icon().pixmap(32).toImage() != lightIcon);
        // Icons are drawn for the palette: the dark variant differs from the light one.
        const QImage dark = themedIcon(u"release"_s, darkPalette()).pixmap(32).toImage();
        const QImage light = themedIcon(u"release"_s, lightPalette()).pixmap(32).toImage();
        QVERIFY(!dark.isNull() && !light.isNull());
        QVERIFY(dark != light);
        applyColourScheme(ColourScheme::System);
        saveColourScheme(ColourScheme::System);
        saveLanguage(QString());

        // Reset layout docks a floated dock again.
        window.chartsDock()->setFloating(true);
        window.resetLayout();
        QVERIFY(!window.chartsDock()->isFloating());
    }
};

QTEST_MAIN(TestCharts)
#include "tst_charts.moc"
