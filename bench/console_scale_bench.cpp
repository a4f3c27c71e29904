// The console on a real day, measured as a user meets it (offscreen, the real
// main window): how long a day takes to open, how long a click on another run
// takes to show its grid, and how long a released seat takes to reach the
// screen while other commands arrive at a steady rate.
//
//   console_scale_bench --scenario FILE [--json] [--switches N] [--releases N]
//                       [--steps N] [--live-rate PER_SECOND] [--live-share PERCENT]
//                       [--log-out FILE]
//   console_scale_bench --store LOCATION [--json] [--switches N] [--releases N] [--steps N]
//
// The scenario's first lines (all but --live-share percent, default 10) are
// opened as the day; the rest are sent at --live-rate (default 1,000 commands
// a second) while the runs are switched and seats released. With --store,
// the console opens a store (a SQLite file or PostgreSQL) as File ▸ Open
// store does, and the runs are switched and seats released with no live
// load: the releases are journaled to the store. Times are wall
// clock on the GUI thread; CPU seconds and the machine's load are printed
// beside them because a shared machine is noisy. Nothing is asserted.
//
// Then, with the live load stopped, step mode (Matching ▸ Pause): --steps
// releases (default 10), each timed from the click to the step panel's news,
// and where one pauses at a decision, one Step, one Back and Run to the end.
//
// With --log-out, the log's lines once the day is open are written to FILE,
// one a line: with --live-share 0 they are to equal `houbu-cli run FILE`
// byte for byte (cmp).

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QItemSelectionModel>
#include <QTableView>
#include <QTimer>
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <functional>
#include <mutex>
#include <random>
#include <string>
#include <vector>

#include <malloc.h>
#include <sys/resource.h>

#include "houbu/embedded_session.h"
#include "houbu/huge_pages.h"
#include "houbu/main_window.h"
#include "houbu/models.h"
#include "houbu/run_sort_model.h"
#include "houbu/session.h"

namespace {

qint64 statusKb(const char* field) {
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly)) return 0;
    const QByteArray key = QByteArray(field) + ':';
    for (const QByteArray& line : f.readAll().split('\n'))
        if (line.startsWith(key))
            return line.mid(key.size()).trimmed().split(' ').front().toLongLong();
    return 0;
}

// What malloc holds for live allocations, and what it holds freed without
// giving it back: RSS beyond the first is the allocator's, not the console's data.
struct Heap {
    qint64 inUse = 0;
    qint64 freeHeld = 0;
};
Heap heap() {
    const struct mallinfo2 m = mallinfo2();
    return {static_cast<qint64>(m.uordblks + m.hblkhd), static_cast<qint64>(m.fordblks)};
}

double cpuSeconds() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

double loadAverage() {
    QFile f(QStringLiteral("/proc/loadavg"));
    if (!f.open(QIODevice::ReadOnly)) return 0;
    return f.readAll().split(' ').front().toDouble();
}

double percentile(std::vector<double> v, double p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const auto at = static_cast<std::size_t>(p * static_cast<double>(v.size() - 1) + 0.5);
    return v[std::min(at, v.size() - 1)];
}

// Runs the event loop until `done` holds or `limitMs` passed; false on timeout.
// It sleeps between events (a tick every 2 ms wakes it) rather than spin: the
// session's worker thread needs the other core.
template <typename Done>
bool waitFor(Done done, int limitMs) {
    QElapsedTimer t;
    t.start();
    QTimer tick;
    tick.start(2);
    while (!done()) {
        if (t.elapsed() > limitMs) return false;
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    }
    // What the change queued (repaints, layout) is done too.
    QCoreApplication::processEvents();
    return true;
}

// With CONSOLE_SCALE_BENCH_VERBOSE, names each event that takes more than
// 8 ms, on the window's thread or the engine's (its receiver says which):
// what the screen waits for.
class TimedApplication : public QApplication {
  public:
    using QApplication::QApplication;
    bool verbose = false;
    bool notify(QObject* receiver, QEvent* event) override {
        if (!verbose) return QApplication::notify(receiver, event);
        QElapsedTimer t;
        t.start();
        const int type = event->type();
        // The receiver may be gone when the event returns.
        const QByteArray name = QByteArray(receiver->metaObject()->className()) + " (" +
                                receiver->objectName().toUtf8() + ')';
        const bool done = QApplication::notify(receiver, event);
        if (t.nsecsElapsed() > 8000000)
            std::fprintf(stderr, "slow event %d to %s: %.1f ms\n", type, name.constData(),
                         double(t.nsecsElapsed()) / 1e6);
        return done;
    }
};

struct Options {
    QString scenario;
    QString store;
    bool json = false;
    int switches = 40;
    int releases = 40;
    int steps = 10;
    int liveRate = 1000;
    int liveShare = 10;
    QString logOut;
};

int usage(const char* message) {
    std::fprintf(stderr,
                 "console_scale_bench: %s\n"
                 "usage: console_scale_bench --scenario FILE [--json] [--switches N] "
                 "[--releases N] [--steps N] [--live-rate PER_SECOND] [--live-share PERCENT] "
                 "[--log-out FILE]\n"
                 "       console_scale_bench --store LOCATION [--json] [--switches N] "
                 "[--releases N] [--steps N]\n",
                 message);
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    houbu::restartWithHugePages(argv);
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto number = [&](int& out) {
            if (i + 1 >= argc) return false;
            bool ok = false;
            out = QByteArray(argv[++i]).toInt(&ok);
            return ok && out >= 0;
        };
        if (a == "--scenario" && i + 1 < argc)
            o.scenario = QString::fromLocal8Bit(argv[++i]);
        else if (a == "--store" && i + 1 < argc)
            o.store = QString::fromLocal8Bit(argv[++i]);
        else if (a == "--json")
            o.json = true;
        else if (a == "--switches") {
            if (!number(o.switches)) return usage("--switches needs a count");
        } else if (a == "--releases") {
            if (!number(o.releases)) return usage("--releases needs a count");
        } else if (a == "--steps") {
            if (!number(o.steps)) return usage("--steps needs a count");
        } else if (a == "--live-rate") {
            if (!number(o.liveRate) || o.liveRate == 0)
                return usage("--live-rate needs a positive rate");
        } else if (a == "--live-share") {
            if (!number(o.liveShare) || o.liveShare > 90)
                return usage("--live-share needs a percentage up to 90");
        } else if (a == "--log-out" && i + 1 < argc) {
            o.logOut = QString::fromLocal8Bit(argv[++i]);
        } else
            return usage(("unknown argument " + a).c_str());
    }
    if (o.scenario.isEmpty() == o.store.isEmpty())
        return usage("one of --scenario FILE and --store LOCATION is required");
    if (!o.store.isEmpty() && !o.logOut.isEmpty()) return usage("--log-out needs --scenario");

    TimedApplication app(argc, argv);
    QFile file(o.scenario);
    QByteArray day;
    if (!o.scenario.isEmpty()) {
        if (!file.open(QIODevice::ReadOnly)) return usage("cannot read the scenario");
        QByteArray all = file.readAll();
        file.close();
        // Split at a line boundary: the day, then the live tail.
        qsizetype cut = all.size() - all.size() * o.liveShare / 100;
        while (cut < all.size() && cut > 0 && all[cut - 1] != '\n')
            ++cut;
        day = all.left(cut);
        // The bench keeps no copy of the day, nor of the live tail, which it
        // reads from the file as it sends it: the console's own memory is measured.
        all = QByteArray();
        if (!file.open(QIODevice::ReadOnly) || !file.seek(cut))
            return usage("cannot read the scenario again");
    }
    // The next `n` non-empty lines of the tail (fewer at its end).
    auto readLive = [&file](qsizetype n) {
        QList<QByteArray> lines;
        while (lines.size() < n && file.isOpen() && !file.atEnd()) {
            QByteArray line = file.readLine();
            if (line.endsWith('\n')) line.chop(1);
            if (!line.isEmpty()) lines << line;
        }
        return lines;
    };

    houbu::MainWindow window;
    window.resize(1400, 900);
    window.show();
    QCoreApplication::processEvents();

    // ---- open ------------------------------------------------------------------
    const qint64 dayLines = day.count('\n');  // counted before the clock: not the console's work
    const double cpuBefore = cpuSeconds();
    QElapsedTimer clock;
    clock.start();
    window.openEmbedded(o.store, day);
    day = QByteArray();
    auto* session = window.session();
    bool loaded = false;
    QObject::connect(session, &houbu::Session::progress, &window,
                     [&](const QString&, qint64 done, qint64 total) {
                         if (done == total) loaded = true;
                     });
    if (!waitFor(
            [&] {
                return loaded && window.runModel()->rowCount() > 0 && window.lastSeq() > 0 &&
                       window.gridModel()->rowCount() > 0;
            },
            3600 * 1000))
        return usage("the day did not open within an hour");
    const double openSeconds = static_cast<double>(clock.elapsed()) / 1000.0;
    const double openCpu = cpuSeconds() - cpuBefore;
    const qint64 rssOpen = statusKb("VmRSS") * 1024;
    const Heap heapOpen = heap();
    // Of that, the matching log's own bytes: a day's events are its largest part.
    const auto logOpen = static_cast<long long>(window.logModel()->memoryBytes());
    if (!o.logOut.isEmpty()) {
        QFile out(o.logOut);
        if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return usage("cannot write the --log-out file");
        const houbu::EventLogModel* log = window.logModel();
        for (int row = 0; row < log->rowCount(); ++row)
            out.write(log->jsonAt(row) + '\n');
    }

    app.verbose = qEnvironmentVariableIsSet("CONSOLE_SCALE_BENCH_VERBOSE");
    // ---- live load ----------------------------------------------------------------
    qsizetype liveNext = 0;  // lines sent
    bool liveDone = false;
    QTimer liveTimer;
    QElapsedTimer liveClock;
    liveClock.start();
    // Sent in small batches each tick, at the rate asked for on average.
    QObject::connect(&liveTimer, &QTimer::timeout, &window, [&] {
        const qsizetype due = liveClock.elapsed() * o.liveRate / 1000;
        if (!liveDone && due > liveNext) {
            const QList<QByteArray> lines = readLive(due - liveNext);
            liveDone = lines.size() < due - liveNext;
            if (!lines.isEmpty()) session->send(lines);
            liveNext += lines.size();
        }
    });
    liveTimer.start(10);

    // ---- switching runs -------------------------------------------------------------
    std::mt19937 random(7);
    QTableView* runs = window.runView();
    std::vector<double> focusMs;
    const int runCount = runs->model()->rowCount();
    for (int k = 0; k < o.switches && runCount > 1; ++k) {
        const int row = static_cast<int>(random() % static_cast<unsigned>(runCount));
        const QModelIndex index = runs->model()->index(row, 0);
        const QString train = index.data(houbu::RunListModel::TrainRole).toString();
        const QString date = index.data(houbu::RunListModel::DateRole).toString();
        if (train == window.gridModel()->train() && date == window.gridModel()->date()) continue;
        QElapsedTimer t;
        t.start();
        runs->selectionModel()->setCurrentIndex(
            index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        if (!waitFor(
                [&] {
                    return window.gridModel()->train() == train &&
                           window.gridModel()->date() == date;
                },
                60000))
            return usage("a run switch did not reach the grid within a minute");
        focusMs.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
        if (qEnvironmentVariableIsSet("CONSOLE_SCALE_BENCH_VERBOSE"))
            std::fprintf(stderr, "switch to %s %s: %.1f ms\n", qPrintable(train), qPrintable(date),
                         focusMs.back());
    }

    // ---- releases ---------------------------------------------------------------------
    std::vector<double> releaseMs;
    int releaseMisses = 0;
    houbu::SeatGridModel* grid = window.gridModel();
    // With CONSOLE_SCALE_BENCH_VERBOSE, where each release's time goes: its
    // event emitted by the engine's thread, its events and its snapshot
    // received by the window's thread.
    const bool verbose = qEnvironmentVariableIsSet("CONSOLE_SCALE_BENCH_VERBOSE");
    QElapsedTimer since;
    std::mutex watching;  // the two below are read on the engine's thread
    std::string watchedSeat, watchedTrain;
    std::atomic<qint64> emittedNs{-1}, releasedSeq{-1}, publishedNs{-1};
    qint64 eventsNs = -1, snapshotNs = -1;
    if (verbose) {
        QObject::connect(
            session, &houbu::Session::eventsApplied, session,
            [&](const QList<houbu::EventRecord>& events) {
                // The released seat of the shown run: the same label exists
                // on every run, and a refund names it among its tickets.
                auto names = [&](const houbu::Event& e) {
                    if (e.train != watchedTrain) return false;
                    if (e.seat == watchedSeat) return true;
                    for (const houbu::TicketLine& t : e.tickets)
                        if (t.seat == watchedSeat) return true;
                    return false;
                };
                const std::lock_guard lock(watching);
                for (const houbu::EventRecord& r : events)
                    if ((r.event.kind == houbu::EventKind::SeatReleased ||
                         r.event.kind == houbu::EventKind::TicketRefunded) &&
                        emittedNs < 0 && names(r.event)) {
                        releasedSeq = r.seq;
                        emittedNs = since.nsecsElapsed();
                    }
            },
            Qt::DirectConnection);
        QObject::connect(
            session, &houbu::Session::snapshotChanged, session,
            [&](const houbu::SnapshotPtr& snap) {
                if (releasedSeq >= 0 && publishedNs < 0 && snap->lastSeq >= releasedSeq)
                    publishedNs = since.nsecsElapsed();
            },
            Qt::DirectConnection);
        QObject::connect(session, &houbu::Session::eventsApplied, &window, [&] {
            if (emittedNs >= 0 && eventsNs < 0) eventsNs = since.nsecsElapsed();
        });
        QObject::connect(session, &houbu::Session::snapshotChanged, &window,
                         [&](const houbu::SnapshotPtr& snap) {
                             if (releasedSeq >= 0 && snapshotNs < 0 && snap->lastSeq >= releasedSeq)
                                 snapshotNs = since.nsecsElapsed();
                         });
    }
    // The held, paid or served cells of the shown run.
    auto takenCells = [grid] {
        std::vector<std::pair<int, int>> taken;
        for (int r = 0; r < grid->rowCount(); ++r)
            for (int c = 0; c < grid->columnCount(); ++c) {
                const int kind = grid->index(r, c).data(houbu::SeatGridModel::KindRole).toInt();
                if (kind == static_cast<int>(houbu::SeatGridModel::HolderKind::Held) ||
                    kind == static_cast<int>(houbu::SeatGridModel::HolderKind::Paid) ||
                    kind == static_cast<int>(houbu::SeatGridModel::HolderKind::Served))
                    taken.emplace_back(r, c);
            }
        return taken;
    };
    for (int k = 0; k < o.releases; ++k) {
        // A held or paid cell of the shown run, at random.
        const std::vector<std::pair<int, int>> taken = takenCells();
        if (taken.empty()) break;
        const auto [r, c] = taken[random() % taken.size()];
        const QString holder =
            grid->index(r, c).data(houbu::SeatGridModel::HolderIdRole).toString();
        const QString train = grid->train();
        QElapsedTimer t;
        t.start();
        since.start();
        {
            const std::lock_guard lock(watching);
            watchedTrain = train.toStdString();
            watchedSeat =
                grid->index(r, 0).data(houbu::SeatGridModel::SeatRole).toString().toStdString();
        }
        emittedNs = releasedSeq = publishedNs = -1;
        eventsNs = snapshotNs = -1;
        if (!window.releaseHolderAt(r, c, QStringLiteral("refund"))) {
            ++releaseMisses;
            continue;
        }
        // Shown when the cell no longer holds that holder (freed, or taken at
        // once by a waiting order: either way the screen changed).
        if (!waitFor(
                [&] {
                    return grid->train() != train ||
                           grid->index(r, c).data(houbu::SeatGridModel::HolderIdRole).toString() !=
                               holder;
                },
                10000)) {
            ++releaseMisses;
            continue;
        }
        releaseMs.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
        if (verbose)
            std::fprintf(stderr,
                         "release %s: emitted %.1f ms, published %.1f, events in window %.1f, "
                         "snapshot in window %.1f, on screen %.1f\n",
                         watchedSeat.c_str(), double(emittedNs) / 1e6, double(publishedNs) / 1e6,
                         double(eventsNs) / 1e6, double(snapshotNs) / 1e6, releaseMs.back());
    }
    liveTimer.stop();
    const double liveSeconds = static_cast<double>(liveClock.elapsed()) / 1000.0;
    const double liveRate = liveSeconds > 0 ? static_cast<double>(liveNext) / liveSeconds : 0;

    // ---- step mode ------------------------------------------------------------------
    // Each action is timed to the step state it brings to the window.
    int stepNews = 0;
    if (auto* embedded = qobject_cast<houbu::EmbeddedSession*>(session))
        QObject::connect(embedded, &houbu::EmbeddedSession::stepStateChanged, &window,
                         [&] { ++stepNews; });
    auto timed = [&](const std::function<void()>& act, std::vector<double>& into) {
        const int before = stepNews;
        QElapsedTimer t;
        t.start();
        act();
        if (!waitFor([&] { return stepNews > before; }, 600000)) return false;
        into.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
        return true;
    };
    std::vector<double> pauseOnMs, stepCommandMs, stepMs, backMs, runToEndMs;
    int stepPaused = 0;
    if (o.steps > 0 && runCount > 0) {
        // The run where the most passengers wait: a seat released there has candidates.
        int busiest = 0;
        for (int row = 1; row < runCount; ++row)
            if (runs->model()
                    ->index(row, 0)
                    .data(houbu::RunListModel::QueuedPassengersRole)
                    .toInt() > runs->model()
                                   ->index(busiest, 0)
                                   .data(houbu::RunListModel::QueuedPassengersRole)
                                   .toInt())
                busiest = row;
        const QModelIndex index = runs->model()->index(busiest, 0);
        const QString train = index.data(houbu::RunListModel::TrainRole).toString();
        const QString date = index.data(houbu::RunListModel::DateRole).toString();
        runs->selectionModel()->setCurrentIndex(
            index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        if (!waitFor([&] { return grid->train() == train && grid->date() == date; }, 60000))
            return usage("the busiest run did not reach the grid within a minute");
    }
    if (o.steps > 0 && !timed([&] { window.pauseAction()->setChecked(true); }, pauseOnMs))
        return usage("step mode did not start within ten minutes");
    for (int k = 0; k < o.steps; ++k) {
        const std::vector<std::pair<int, int>> taken = takenCells();
        if (taken.empty()) break;
        const auto [r, c] = taken[random() % taken.size()];
        if (!timed([&] { window.releaseHolderAt(r, c, QStringLiteral("refund")); }, stepCommandMs))
            return usage("a stepped release did not answer within ten minutes");
        if (!window.stepState().paused) continue;
        ++stepPaused;
        if (!timed([&] { window.stepAction()->trigger(); }, stepMs))
            return usage("a step did not answer within ten minutes");
        if (window.stepState().paused && !window.stepState().applied.empty() &&
            !timed([&] { window.backAction()->trigger(); }, backMs))
            return usage("Back did not answer within ten minutes");
        if (window.stepState().paused && !timed([&] { window.runAction()->trigger(); }, runToEndMs))
            return usage("Run to the end did not answer within ten minutes");
    }
    if (o.steps > 0) window.pauseAction()->setChecked(false);

    const qint64 rss = statusKb("VmRSS") * 1024;
    const qint64 peak = statusKb("VmHWM") * 1024;
    const Heap heapEnd = heap();
    const double cpu = cpuSeconds();
    if (o.json) {
        std::printf(
            "{\"scenario\":\"%s\",\"day_lines\":%lld,\"runs\":%d,\"open_seconds\":%.3f,"
            "\"open_cpu_seconds\":%.3f,\"focus_ms_p50\":%.2f,\"focus_ms_p99\":%.2f,"
            "\"focus_ms_max\":%.2f,\"switches\":%zu,\"release_to_screen_ms_p50\":%.2f,"
            "\"release_to_screen_ms_p99\":%.2f,\"release_to_screen_ms_max\":%.2f,"
            "\"releases\":%zu,\"release_misses\":%d,\"live_commands\":%lld,"
            "\"live_rate\":%.0f,\"rss_bytes_open\":%lld,\"log_bytes_open\":%lld,\"rss_bytes\":%lld,"
            "\"peak_rss_bytes\":%lld,\"heap_bytes_open\":%lld,\"heap_free_bytes_open\":%lld,"
            "\"heap_bytes\":%lld,\"heap_free_bytes\":%lld,"
            "\"step_on_ms\":%.2f,\"step_command_ms_p50\":%.2f,\"step_command_ms_max\":%.2f,"
            "\"step_paused\":%d,\"step_ms_p50\":%.2f,\"step_ms_max\":%.2f,\"back_ms_p50\":%.2f,"
            "\"back_ms_max\":%.2f,\"run_to_end_ms_p50\":%.2f,\"run_to_end_ms_max\":%.2f,"
            "\"cpu_seconds\":%.2f,\"load\":%.2f}\n",
            QFile::encodeName(o.store.isEmpty() ? o.scenario : o.store).constData(),
            static_cast<long long>(dayLines), runCount, openSeconds, openCpu,
            percentile(focusMs, 0.5), percentile(focusMs, 0.99), percentile(focusMs, 1.0),
            focusMs.size(), percentile(releaseMs, 0.5), percentile(releaseMs, 0.99),
            percentile(releaseMs, 1.0), releaseMs.size(), releaseMisses,
            static_cast<long long>(liveNext), liveRate, static_cast<long long>(rssOpen), logOpen,
            static_cast<long long>(rss), static_cast<long long>(peak),
            static_cast<long long>(heapOpen.inUse), static_cast<long long>(heapOpen.freeHeld),
            static_cast<long long>(heapEnd.inUse), static_cast<long long>(heapEnd.freeHeld),
            percentile(pauseOnMs, 1.0), percentile(stepCommandMs, 0.5),
            percentile(stepCommandMs, 1.0), stepPaused, percentile(stepMs, 0.5),
            percentile(stepMs, 1.0), percentile(backMs, 0.5), percentile(backMs, 1.0),
            percentile(runToEndMs, 0.5), percentile(runToEndMs, 1.0), cpu, loadAverage());
    } else {
        if (o.store.isEmpty())
            std::printf("day            %lld lines, %d runs\n", static_cast<long long>(dayLines),
                        runCount);
        else
            std::printf("store          %d runs, %lld events\n", runCount,
                        static_cast<long long>(window.lastSeq()));
        std::printf("open           %.2f s (%.2f s CPU)\n", openSeconds, openCpu);
        std::printf("switch run     p50 %.1f ms, p99 %.1f ms, max %.1f ms (%zu switches)\n",
                    percentile(focusMs, 0.5), percentile(focusMs, 0.99), percentile(focusMs, 1.0),
                    focusMs.size());
        std::printf(
            "release→screen p50 %.1f ms, p99 %.1f ms, max %.1f ms (%zu releases, %d missed)\n",
            percentile(releaseMs, 0.5), percentile(releaseMs, 0.99), percentile(releaseMs, 1.0),
            releaseMs.size(), releaseMisses);
        std::printf("live load      %lld commands at %.0f/s\n", static_cast<long long>(liveNext),
                    liveRate);
        std::printf(
            "memory         %.0f MB after open (the log %.0f MB), %.0f MB at the end, peak %.0f "
            "MB\n",
            static_cast<double>(rssOpen) / 1e6, static_cast<double>(logOpen) / 1e6,
            static_cast<double>(rss) / 1e6, static_cast<double>(peak) / 1e6);
        std::printf(
            "heap           %.0f MB in use, %.0f MB freed but held after open; %.0f and %.0f MB "
            "at the end\n",
            static_cast<double>(heapOpen.inUse) / 1e6, static_cast<double>(heapOpen.freeHeld) / 1e6,
            static_cast<double>(heapEnd.inUse) / 1e6, static_cast<double>(heapEnd.freeHeld) / 1e6);
        std::printf(
            "step mode      on %.1f ms; release p50 %.1f ms, max %.1f ms (%d of %zu "
            "paused)\n",
            percentile(pauseOnMs, 1.0), percentile(stepCommandMs, 0.5),
            percentile(stepCommandMs, 1.0), stepPaused, stepCommandMs.size());
        std::printf(
            "               step p50 %.1f ms, max %.1f; back p50 %.1f ms, max %.1f; run "
            "to end p50 %.1f ms, max %.1f\n",
            percentile(stepMs, 0.5), percentile(stepMs, 1.0), percentile(backMs, 0.5),
            percentile(backMs, 1.0), percentile(runToEndMs, 0.5), percentile(runToEndMs, 1.0));
        std::printf("cpu            %.1f s in all; load %.2f\n", cpu, loadAverage());
    }
    return 0;
}
