// houbu_sim: the deterministic fault simulation (issue 15). Each seed runs a
// generated workload against a store on the fault VFS (store_simulation.h)
// and checks it after every crash; a failure names its seed and the command
// that runs it alone.
//
// Seeds: HOUBU_SIM_SEEDS as HOUBU_RANDOM_SEEDS (seed_list.h: "7", "100-120",
// "+500"); by default seeds 1 to --ci-seeds (what ctest runs).
// Options: --ci-seeds N (default 40), --lines N (workload lines per seed,
// default 400), --quiet (totals only). HOUBU_SIM_TRACE=1 prints every fault
// and failed apply of the seeds run, to follow one.
// Stores are made in /dev/shm when there is one: durability is the fault
// VFS's to decide, and the snapshot files' real fsyncs would only cost time.

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QTemporaryDir>
#include <cstdio>

#include "embedded_simulation.h"
#include "remote_simulation.h"
#include "seed_list.h"
#include "store_simulation.h"

using namespace Qt::StringLiterals;
using namespace houbu::sim;

namespace {

void print(const QString& text) {
    std::fputs(qPrintable(text + u'\n'), stdout);
    std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
    // houbud's log and Qt's warnings about replies cut short are the
    // simulation's doing: shown only when following a seed.
    if (!qEnvironmentVariableIsSet("HOUBU_SIM_TRACE"))
        qInstallMessageHandler([](QtMsgType type, const QMessageLogContext&, const QString& m) {
            if (type == QtFatalMsg) std::fputs(qPrintable(m + u'\n'), stderr);
        });
    QCoreApplication app(argc, argv);
    int ciSeeds = 40, lines = 400, remoteEvery = 10, embeddedEvery = 4;
    bool quiet = false;
    QString postgresFixture;
    const QStringList args = app.arguments();
    for (int i = 1; i < args.size(); ++i) {
        if (args[i] == u"--ci-seeds"_s && i + 1 < args.size())
            ciSeeds = args[++i].toInt();
        else if (args[i] == u"--lines"_s && i + 1 < args.size())
            lines = args[++i].toInt();
        else if (args[i] == u"--remote-every"_s && i + 1 < args.size())
            remoteEvery = args[++i].toInt();
        else if (args[i] == u"--embedded-every"_s && i + 1 < args.size())
            embeddedEvery = args[++i].toInt();
        else if (args[i] == u"--postgres"_s)
            postgresFixture = qEnvironmentVariable("HOUBU_PG_FIXTURE");
        else if (args[i] == u"--quiet"_s)
            quiet = true;
        else {
            print(
                u"usage: houbu_sim [--ci-seeds N] [--lines N] [--remote-every N] [--embedded-every "
                u"N] [--postgres] "
                u"[--quiet]; seeds "
                u"from "
                u"HOUBU_SIM_SEEDS (\"N\", \"A-B\", \"+N\", comma-separated)"_s);
            return 2;
        }
    }
    std::vector<quint64> seeds;
    const QString env = qEnvironmentVariable("HOUBU_SIM_SEEDS");
    QString error;
    if (!houbu::test::SeedList::parse(env, seeds, error)) {
        print(u"HOUBU_SIM_SEEDS: "_s + error);
        return 2;
    }
    if (env.trimmed().isEmpty())
        for (int s = 1; s <= ciSeeds; ++s)
            seeds.push_back(static_cast<quint64>(s));

    FaultVfs::instance().setTrace(qEnvironmentVariableIsSet("HOUBU_SIM_TRACE"));
    if (args.contains(u"--postgres"_s) && postgresFixture.isEmpty()) {
        print(u"--postgres: HOUBU_PG_FIXTURE names no server (tests/store/pg-fixture.sh)"_s);
        return 2;
    }
    QElapsedTimer timer;
    timer.start();
    SimStats stats;
    FaultCounts faults;
    QList<quint64> failed;
    const QString base = QFileInfo(u"/dev/shm"_s).isWritable()
                             ? u"/dev/shm/houbu_sim-XXXXXX"_s
                             : QDir::temp().filePath(u"houbu_sim-XXXXXX"_s);
    RemoteStats remote;
    FlakyProxy::Counts network;
    FaultCounts remoteFaults;
    qint64 remoteSeeds = 0, embeddedSeeds = 0;
    std::size_t done = 0;
    EmbeddedStats embedded;
    FaultCounts embeddedFaults;
    for (const quint64 seed : seeds) {
        QTemporaryDir dir(base);
        // PostgreSQL restarts take a second or two each: a shorter workload.
        StoreSimulation sim(seed, dir.path(), postgresFixture.isEmpty() ? lines : lines / 3,
                            postgresFixture);
        bool ok = sim.run();
        QString failure = sim.failure();
        stats += sim.stats();
        faults += FaultVfs::instance().counts();
        if (ok && postgresFixture.isEmpty() && embeddedEvery > 0 &&
            seed % static_cast<quint64>(embeddedEvery) == 0) {
            // The console's embedded session on a store on the fault VFS.
            QTemporaryDir embeddedDir(base);
            EmbeddedSimulation e(seed, embeddedDir.path(), lines);
            ok = e.run();
            if (!ok) {
                failure = u"embedded session: "_s + e.failure();
                embeddedDir.setAutoRemove(false);
            }
            ++embeddedSeeds;
            embedded += e.stats();
            embeddedFaults += FaultVfs::instance().counts();
        }
        if (ok && postgresFixture.isEmpty() && remoteEvery > 0 &&
            seed % static_cast<quint64>(remoteEvery) == 0) {
            // Every remoteEvery-th seed also goes across the wire (real time:
            // reconnecting waits), with a smaller workload.
            QTemporaryDir remoteDir(base);
            RemoteSimulation r(seed, remoteDir.path(), lines / 2);
            ok = r.run();
            if (!ok) {
                failure = u"remote: "_s + r.failure();
                remoteDir.setAutoRemove(false);
            }
            ++remoteSeeds;
            remote += r.stats();
            network += r.network();
            remoteFaults += FaultVfs::instance().counts();
        }
        if (!ok) {
            failed << seed;
            dir.setAutoRemove(false);
            print(
                u"seed %1 FAILED: %2\n  store left in %3\n  repro: HOUBU_SIM_SEEDS=%1 %4 "
                u"--lines %5"_s.arg(seed)
                    .arg(failure, dir.path(), QCoreApplication::applicationFilePath())
                    .arg(lines));
        } else if (!quiet) {
            const SimStats& s = sim.stats();
            print(u"seed %1 ok: %2 commands, %3 failed applies, %4 reopens"_s.arg(seed)
                      .arg(s.commands)
                      .arg(s.failedApplies)
                      .arg(s.reopens));
        }
        // A long run says how far it got, so that one stopped early still counts.
        if (++done % 100 == 0 && done < seeds.size())
            print(
                u"... %1 of %2 seeds, %3 failed, %4 s; %5 crashes, %6 disk full, %7 EIO"_s.arg(done)
                    .arg(seeds.size())
                    .arg(failed.size())
                    .arg(timer.elapsed() / 1000)
                    .arg(faults.crashes + embeddedFaults.crashes + remoteFaults.crashes)
                    .arg(faults.writeFull + embeddedFaults.writeFull + remoteFaults.writeFull)
                    .arg(faults.writeIoErr + faults.syncIoErr + faults.truncateIoErr +
                         embeddedFaults.writeIoErr + embeddedFaults.syncIoErr +
                         remoteFaults.writeIoErr + remoteFaults.syncIoErr));
    }
    print(u"houbu_sim: %1 seeds, %2 failed, %3 s"_s.arg(seeds.size())
              .arg(failed.size())
              .arg(timer.elapsed() / 1000.0, 0, 'f', 1));
    print(
        u"  workload: %1 batches, %2 commands, %3 resends of acknowledged keys"_s.arg(stats.batches)
            .arg(stats.commands)
            .arg(stats.resends));
    print(u"  faults: write disk full %1, write EIO %2, fsync EIO %3, truncate EIO %4"_s
              .arg(faults.writeFull)
              .arg(faults.writeIoErr)
              .arg(faults.syncIoErr)
              .arg(faults.truncateIoErr));
    print(
        u"  crashes: %1 (%2 between batches); unsynced writes kept %3, lost %4, torn %5; "
        u"truncations undone %6; files lost %7"_s.arg(faults.crashes)
            .arg(stats.plannedCrashes)
            .arg(faults.writesKept)
            .arg(faults.writesLost)
            .arg(faults.writesTorn)
            .arg(faults.truncatesLost)
            .arg(faults.filesLost));
    if (!postgresFixture.isEmpty())
        print(
            u"  PostgreSQL: %1 restarts between batches (store left open), %2 while a batch "
            u"was applied"_s.arg(stats.pgRestarts)
                .arg(stats.pgRestartsMidApply));
    print(
        u"  outcomes: %1 failed applies, %2 failed opens, batch in flight at a crash "
        u"applied %3 / lost %4, %5 reopens checked"_s.arg(stats.failedApplies)
            .arg(stats.failedOpens)
            .arg(stats.inFlightApplied)
            .arg(stats.inFlightLost)
            .arg(stats.reopens));
    print(
        u"  embedded session (%1 seeds): %2 commands, %3 answered with a storage failure, "
        u"%4 power cuts, %5 sessions opened; disk: full %6, write EIO %7, fsync EIO %8, "
        u"torn writes %9"_s.arg(embeddedSeeds)
            .arg(embedded.commands)
            .arg(embedded.failedAnswers)
            .arg(embedded.crashes)
            .arg(embedded.sessions)
            .arg(embeddedFaults.writeFull)
            .arg(embeddedFaults.writeIoErr)
            .arg(embeddedFaults.syncIoErr)
            .arg(embeddedFaults.writesTorn));
    print(
        u"  remote (%1 seeds): %2 batches, %3 commands, %4 sendings (%5 unanswered, %6 cut "
        u"short, %7 refused 5xx/429, %8 replayed), %9 events in the session's log; "
        u"houbud restarted %10 times (%11 after a power cut)"_s.arg(remoteSeeds)
            .arg(remote.batches)
            .arg(remote.commands)
            .arg(remote.sendings)
            .arg(remote.unanswered)
            .arg(remote.cutShort)
            .arg(remote.refused)
            .arg(remote.replayed)
            .arg(remote.events)
            .arg(remote.restarts)
            .arg(remote.crashes));
    print(
        u"  network: %1 connections, %2 steps; resets at connect %3, in a request %4, in an "
        u"answer %5; stalls %6; houbud's disk: full %7, write EIO %8, fsync EIO %9"_s
            .arg(network.connections)
            .arg(network.steps)
            .arg(network.resetsAtConnect)
            .arg(network.resetsRequest)
            .arg(network.resetsAnswer)
            .arg(network.stalls)
            .arg(remoteFaults.writeFull)
            .arg(remoteFaults.writeIoErr)
            .arg(remoteFaults.syncIoErr));
    return failed.isEmpty() ? 0 : 1;
}
