// houbu: the console. Opens the default store (loading the demo train into it
// on first start), a given store, a scenario, or the demo in memory.

#include <QApplication>
#include <QCommandLineParser>
#include <QDialog>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QPrintPreviewDialog>

#include <QSettings>

#include <QStyleFactory>
#include <QTableView>
#include <QTimer>
#include <QTreeView>

#include "houbu/appearance.h"
#include "houbu/charts.h"
#include "houbu/connect_dialog.h"
#include "houbu/forecast_cache.h"
#include "houbu/huge_pages.h"
#include "houbu/main_window.h"
#include "houbu/operator_dialogs.h"
#include "houbu/run_list_model.h"
#include "houbu/session.h"
#include "houbu/widgets.h"

using namespace Qt::StringLiterals;

namespace {

// Runs the event loop until `done` holds or `ms` pass.
template <typename Predicate>
bool waitFor(Predicate done, int ms = 20000) {
    QElapsedTimer timer;
    timer.start();
    while (!done() && timer.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    return done();
}

// Loads the first part of the demo (queues still waiting), points the views at
// something worth seeing, and saves screenshots in light and dark palettes.
int screenshots(QApplication& app, const QString& dir) {
    QDir().mkpath(dir);
    houbu::MainWindow window;
    window.resize(1600, 1000);
    QByteArray demo = houbu::MainWindow::demoScenario();
    const qsizetype cut = demo.indexOf("{\"op\":\"refund\"");
    window.openEmbedded(QString(), demo.left(cut));
    window.show();
    const bool loaded = waitFor([&] { return window.queueModel()->rowCount() > 0; });
    if (!loaded) return 1;
    QTreeView* queues = window.queueView();
    const QModelIndex firstQueue = window.queueModel()->index(0, 0);
    queues->setCurrentIndex(window.queueModel()->index(0, 0, firstQueue));
    // A selected seat interval, as an operator would before releasing it.
    window.grid()->selectInterval(u"03-02A"_s, 1, 4);
    window.logView()->scrollToBottom();
    app.processEvents();
    // The queues of every run are ranked at a human pace, after the load.
    waitFor([&] {
        return window.runModel()->index(0, houbu::RunListModel::LongestQueue).data().toString() !=
               u"…"_s;
    });
    auto grabAll = [&](const QString& suffix) {
        waitFor([] { return false; }, 300);  // let the throttled views settle
        window.grab().save(dir + u"/console-"_s + suffix + u".png"_s);
        window.grid()->grab().save(dir + u"/grid-"_s + suffix + u".png"_s);
    };
    grabAll(u"light"_s);

    // Charts and the policy comparison on the whole demo day.
    {
        houbu::MainWindow day;
        day.resize(1600, 1000);
        day.openDemo();
        day.show();
        if (!waitFor([&] { return day.lastSeq() > 0; })) return 1;
        waitFor([] { return false; }, 1500);
        houbu::ChartsPanel* charts = day.charts();
        day.chartsDock()->setFloating(true);
        day.chartsDock()->resize(1100, 640);
        day.chartsDock()->show();
        charts->refreshHistory();
        if (!waitFor([&] { return charts->history() != nullptr; })) return 1;
        const char* names[] = {"section-load", "queues", "releases", "utilisation"};
        for (int i = 0; i < 4; ++i) {
            charts->tabs()->setCurrentIndex(i);
            app.processEvents();
            charts->exportPng(houbu::ChartsPanel::Chart(i),
                              dir + u"/chart-"_s + QLatin1String(names[i]) + u".png"_s);
        }
        QDialog* comparison = day.comparePolicies();
        if (!comparison) return 1;
        waitFor([] { return false; }, 1500);
        comparison->grab().save(dir + u"/policy-comparison.png"_s);
        comparison->close();

        // The log with the match trace around W8's fulfilment, and that fulfilment explained.
        day.chartsDock()->setFloating(false);
        day.chartsDock()->hide();
        QTableView* log = day.logView();
        QAbstractItemModel* rows = log->model();
        int w8 = -1;
        for (int r = 0; r < rows->rowCount() && w8 < 0; ++r)
            if (rows->index(r, 0).data(houbu::EventLogModel::KindRole).toString() ==
                    u"waitlist_fulfilled"_s &&
                rows->index(r, 0).data(houbu::EventLogModel::OrderRole).toString() == u"W8"_s)
                w8 = r;
        if (w8 < 0) return 1;
        auto* logDock = day.findChild<QDockWidget*>(u"logDock"_s);
        logDock->setFloating(true);
        logDock->resize(1300, 420);
        log->setCurrentIndex(rows->index(w8, 0));
        log->scrollTo(rows->index(w8, 0), QAbstractItemView::PositionAtCenter);
        waitFor([] { return false; }, 400);
        logDock->grab().save(dir + u"/log.png"_s);
        if (!day.explainLogEvent()) return 1;
        if (!waitFor([&] { return day.explanationDialog() != nullptr; })) return 1;
        QDialog* explained = day.explanationDialog();
        explained->resize(1400, 760);
        waitFor([] { return false; }, 500);
        explained->grab().save(dir + u"/explain-fulfilment.png"_s);
        explained->close();
        logDock->setFloating(false);
    }

    // Operator dialogs on the demo, as an operator opens them.
    {
        window.grid()->selectInterval(u"03-02A"_s, 1, 4);
        for (const auto& [op, name] :
             {std::pair{houbu::MainWindow::Operation::AddCar, "dialog-add-car"},
              std::pair{houbu::MainWindow::Operation::Waitlist, "dialog-waitlist"},
              std::pair{houbu::MainWindow::Operation::Release, "dialog-release"}}) {
            QDialog* dialog = window.openOperation(op);
            if (!dialog) return 1;
            waitFor([] { return false; }, 300);
            dialog->grab().save(dir + u"/"_s + QLatin1String(name) + u".png"_s);
            dialog->close();
        }
    }

    // Version 2's rules: the standing row and tickets, caps above the queues, and
    // the dialogs that set caps, limits and an added train.
    {
        QFile file(u":/demo/g15-standing-caps-added.jsonl"_s);
        if (!file.open(QIODevice::ReadOnly)) return 1;
        houbu::MainWindow v2;
        v2.resize(1600, 1000);
        v2.openEmbedded(QString(), file.readAll());
        v2.show();
        if (!waitFor([&] { return v2.queueModel()->rowCount() >= 6; })) return 1;
        // An order that accepts standing, and the second class's standing row in view.
        v2.queueView()->setCurrentIndex(v2.queueModel()->indexOfOrder(u"W01"_s));
        waitFor([&] { return !v2.grid()->standingRows().isEmpty(); });
        if (v2.grid()->standingRows().isEmpty()) return 1;
        v2.grid()->scrollTo(v2.grid()->model()->index(v2.grid()->standingRows().first().row, 0),
                            QAbstractItemView::PositionAtCenter);
        waitFor([] { return false; }, 500);
        v2.grab().save(dir + u"/console-standing.png"_s);
        v2.grid()->grab().save(dir + u"/grid-standing.png"_s);
        for (const auto& [op, name] :
             {std::pair{houbu::MainWindow::Operation::DefineTrain, "dialog-define-train"},
              std::pair{houbu::MainWindow::Operation::WaitlistCap, "dialog-waitlist-cap"},
              std::pair{houbu::MainWindow::Operation::WaitlistRules, "dialog-waitlist-rules"}}) {
            QDialog* dialog = v2.openOperation(op);
            if (!dialog) return 1;
            waitFor([] { return false; }, 400);
            dialog->grab().save(dir + u"/"_s + QLatin1String(name) + u".png"_s);
            dialog->close();
        }
    }

    // Step mode on an example: the second decision of the race for one seat.
    {
        houbu::MainWindow story;
        story.resize(1600, 1000);
        story.show();
        if (!story.openExample(u"overlapping_queues_race"_s)) return 1;
        if (!waitFor([&] { return story.stepState().paused; })) return 1;
        story.stepAction()->trigger();
        waitFor([&] { return story.stepState().applied.size() == 1; });
        waitFor([] { return false; }, 500);
        story.grab().save(dir + u"/step-mode.png"_s);
    }
    // And on the seat-change story: the decision that serves a passenger on two seats.
    {
        houbu::MainWindow story;
        story.resize(1600, 1000);
        story.show();
        if (!story.openExample(u"seat_change_one_train"_s)) return 1;
        if (!waitFor([&] { return story.stepState().paused; })) return 1;
        for (int step = 0; step < 4 && story.stepState().paused &&
                           story.stepState().next.kind != houbu::StepDecision::Kind::Serve;
             ++step) {
            const std::size_t applied = story.stepState().applied.size();
            const QByteArray command = story.stepState().command;
            story.stepAction()->trigger();
            waitFor([&] {
                return story.stepState().applied.size() != applied ||
                       story.stepState().command != command;
            });
        }
        waitFor([] { return false; }, 500);
        story.grab().save(dir + u"/step-mode-seat-change.png"_s);
    }

    // The Connect dialog with a remembered server.
    {
        houbu::ConnectDialog connect(&window);
        connect.setServer(u"https://houbu.example.net:8443"_s);
        connect.otherServersEdit()->setText(u"https://houbu-2.example.net:8443"_s);
        connect.show();
        waitFor([] { return false; }, 300);
        connect.grab().save(dir + u"/connect-dialog.png"_s);
    }

    // The seat map's print preview, the manual and the keyboard shortcuts.
    {
        QPrintPreviewDialog* preview = window.printPreview();
        if (!preview) return 1;
        preview->resize(1200, 860);
        preview->show();
        waitFor([] { return false; }, 800);
        preview->grab().save(dir + u"/export-preview.png"_s);
        preview->close();
        for (const auto& [open, name] :
             {std::pair{&houbu::MainWindow::showManual, "manual"},
              std::pair{&houbu::MainWindow::showShortcuts, "shortcuts"}}) {
            QDialog* dialog = (window.*open)();
            waitFor([] { return false; }, 400);
            dialog->grab().save(dir + u"/"_s + QLatin1String(name) + u".png"_s);
            dialog->close();
        }
    }

    app.setPalette(houbu::darkPalette());
    grabAll(u"dark"_s);
    return 0;
}

// A generated day at scale (scripts/screenshots.sh makes a 1/25 day): the
// trains list sorted by pressure, its most pressed run open with its longest
// queue chosen, and the hot queues of the whole day.
int dayScreenshots(const QString& dir, const QString& scenario) {
    QDir().mkpath(dir);
    QFile file(scenario);
    if (!file.open(QIODevice::ReadOnly)) return 1;
    houbu::MainWindow window;
    window.resize(1600, 1000);
    window.show();
    bool loaded = false;
    window.openEmbedded(QString(), file.readAll());
    file.close();
    QObject::connect(window.session(), &houbu::Session::progress, &window,
                     [&](const QString&, qint64 done, qint64 total) {
                         if (done == total) loaded = true;
                     });
    const int hour = 3600 * 1000;
    if (!waitFor([&] { return loaded && window.runModel()->rowCount() > 0; }, hour)) return 1;

    QTableView* runs = window.runView();
    runs->sortByColumn(houbu::RunListModel::Pressure, Qt::DescendingOrder);
    const QModelIndex top = runs->model()->index(0, 0);
    const QString train = top.data(houbu::RunListModel::TrainRole).toString();
    const QString date = top.data(houbu::RunListModel::DateRole).toString();
    runs->selectionModel()->setCurrentIndex(
        top, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    runs->scrollToTop();
    if (!waitFor([&] {
            return window.gridModel()->train() == train && window.gridModel()->date() == date &&
                   window.queueModel()->rowCount() > 0;
        }))
        return 1;
    // The longest queue, its first order chosen: why it waits shows beside.
    houbu::QueueModel* queues = window.queueModel();
    int longest = 0;
    for (int r = 1; r < queues->rowCount(); ++r)
        if (queues->index(r, 0).data(houbu::QueueModel::LengthRole).toInt() >
            queues->index(longest, 0).data(houbu::QueueModel::LengthRole).toInt())
            longest = r;
    const QModelIndex queue = queues->index(longest, 0);
    window.queueView()->expand(queue);
    window.queueView()->setCurrentIndex(queues->index(0, 0, queue));
    window.queueView()->scrollTo(queue, QAbstractItemView::PositionAtTop);
    // Every order of the run forecast at once (the Probability column).
    const QString first =
        queues->index(0, 0, queue).data(houbu::QueueModel::OrderIdRole).toString();
    waitFor([&] { return window.forecasts()->fromRun(first) != nullptr; }, 60000);
    waitFor([] { return false; }, 1500);
    window.grab().save(dir + u"/console-day.png"_s);

    // The longest queue's forecasts against rank, every order charted.
    houbu::ChartsPanel* charts = window.charts();
    window.chartsDock()->setFloating(true);
    window.chartsDock()->resize(1100, 640);
    window.chartsDock()->show();
    charts->tabs()->setCurrentIndex(houbu::ChartsPanel::ForecastChart);
    waitFor([] { return false; }, 1500);
    charts->exportPng(houbu::ChartsPanel::ForecastChart, dir + u"/chart-forecast-day.png"_s);
    window.chartsDock()->setFloating(false);
    window.chartsDock()->hide();

    window.hotQueuesDock()->show();
    window.hotQueuesDock()->raise();
    waitFor([&] { return window.hotQueueModel()->rowCount() > 0; });
    waitFor([] { return false; }, 800);
    window.grab().save(dir + u"/hot-queues-day.png"_s);
    return 0;
}

// The console's options. Built once the translation is installed, since the
// descriptions are translated when they are made.
struct Options {
    QCommandLineOption db{
        u"db"_s, QCoreApplication::translate("main", "Open (or create) the store at <path>."),
        u"path"_s};
    QCommandLineOption memory{
        u"memory"_s,
        QCoreApplication::translate("main", "Run the engine in memory with the demo train.")};
    QCommandLineOption scenario{
        u"scenario"_s, QCoreApplication::translate("main", "Load a scenario file in memory."),
        u"file"_s};
    QCommandLineOption dark{u"dark"_s, QCoreApplication::translate("main", "Use a dark palette.")};
    QCommandLineOption shots{
        u"screenshots"_s,
        QCoreApplication::translate("main",
                                    "Save screenshots into <dir> and quit; with --scenario, "
                                    "screenshots of that day at scale."),
        u"dir"_s};
    QCommandLineOption lang{
        u"lang"_s,
        QCoreApplication::translate(
            "main", "Interface language: en or zh_CN (default: the system language)."),
        u"language"_s};
    QCommandLineOption connectTo{
        u"connect"_s,
        QCoreApplication::translate("main",
                                    "Connect to the houbud server at <url>. The token comes from "
                                    "the HOUBU_TOKEN environment variable or the system keychain."),
        u"url"_s};

    void addTo(QCommandLineParser& parser) const {
        parser.setApplicationDescription(
            QCoreApplication::translate("main", "Houbu console: seat intervals and waitlists."));
        parser.addHelpOption();
        parser.addVersionOption();
        parser.addOptions({db, memory, scenario, dark, shots, lang, connectTo});
    }
};

void nameApplication() {
    QCoreApplication::setApplicationName(u"houbu"_s);
    QCoreApplication::setOrganizationName(u"houbu"_s);
    QCoreApplication::setApplicationVersion(QStringLiteral(HOUBU_VERSION));
}

}  // namespace

int main(int argc, char** argv) {
    houbu::restartWithHugePages(argv);  // before anything allocates
    // Help, version and wrong options are answered without a display, as any
    // command-line program does: a QApplication would need a display first.
    {
        QStringList arguments;
        for (int i = 0; i < argc; ++i)
            arguments << QString::fromLocal8Bit(argv[i]);
        const Options probe;
        QCommandLineParser parser;
        probe.addTo(parser);
        // Errors (Qt's own options among them) are the GUI start's to report.
        (void)parser.parse(arguments);
        if (parser.isSet(u"help"_s) || parser.isSet(u"help-all"_s) || parser.isSet(u"version"_s)) {
            QCoreApplication app(argc, argv);
            nameApplication();
            houbu::MainWindow::installTranslation(parser.value(probe.lang));
            const Options options;
            QCommandLineParser answer;
            options.addTo(answer);
            (void)answer.parse(QCoreApplication::arguments());
            if (answer.isSet(u"version"_s)) answer.showVersion();  // exits
            answer.showHelp(0);                                    // exits
        }
    }

    QApplication app(argc, argv);
    nameApplication();
    QApplication::setApplicationDisplayName(u"Houbu"_s);
    QApplication::setStyle(QStyleFactory::create(u"Fusion"_s));

    // Help and wrong options were answered above: the descriptions need no translation here.
    const Options o;
    QCommandLineParser parser;
    o.addTo(parser);
    parser.process(app);
    if (parser.isSet(o.lang)) QSettings().setValue(u"language"_s, parser.value(o.lang));
    houbu::MainWindow::installTranslation(parser.value(o.lang));
    const QCommandLineOption &db = o.db, &memory = o.memory, &scenario = o.scenario, &dark = o.dark,
                             &shots = o.shots, &connectTo = o.connectTo;

    houbu::rememberSystemPalette();
    // --dark applies to this start only; the settings keep the saved choice.
    if (parser.isSet(dark))
        app.setPalette(houbu::darkPalette());
    else
        houbu::applyColourScheme(houbu::savedColourScheme());
    if (parser.isSet(shots) && parser.isSet(scenario))
        return dayScreenshots(parser.value(shots), parser.value(scenario));
    if (parser.isSet(shots)) return screenshots(app, parser.value(shots));

    houbu::MainWindow window;
    if (parser.isSet(connectTo)) {
        QString reason;
        const QUrl server = houbu::ConnectDialog::parseServer(parser.value(connectTo), &reason);
        if (server.isEmpty()) {
            qCritical("%s", qPrintable(reason));
            return 2;
        }
        // Read once, then removed so that no child process inherits it.
        const QByteArray token = qgetenv("HOUBU_TOKEN").trimmed();
        qunsetenv("HOUBU_TOKEN");
        window.show();
        if (!token.isEmpty())
            window.openRemote(server, token);
        else
            window.connectToServer(server);
        return app.exec();
    }
    if (parser.isSet(scenario)) {
        window.openScenarioFile(parser.value(scenario));
    } else if (parser.isSet(memory)) {
        window.openDemo();
    } else {
        const QString location =
            parser.isSet(db) ? parser.value(db) : houbu::Store::defaultLocation();
        window.openEmbedded(location);
        // First start: an empty store gets the demo train.
        QObject::connect(
            window.session(), &houbu::Session::snapshotChanged, &window,
            [&window](const houbu::SnapshotPtr& s) {
                if (s->journalLength == 0 && s->runs.empty())
                    static_cast<houbu::EmbeddedSession*>(window.session())
                        ->load(houbu::MainWindow::demoScenario());
            },
            Qt::SingleShotConnection);
    }
    window.show();
    return app.exec();
}
