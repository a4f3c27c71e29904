// Crash safety of the SQLite store: `houbu-cli run - --db` is killed with
// SIGKILL at random points of a long contended scenario, then the store is
// checked and the run continued, until the whole scenario went through.
//
// After every kill:
//  (a) every command whose events were printed is in the journal, and the
//      journal is exactly the first commands of the input (`export`);
//  (b) `verify` finds no problem;
//  (c) what was printed is a prefix of `replay`, and `replay` is a prefix of
//      an uninterrupted in-memory run of the same input, ending at a command
//      boundary;
//  (d) the run continues with the rest of the input (the journaled lines
//      blanked, so that line numbers stay), and in the end `replay` of the
//      store and (replay at the last kill + the continuation's output) both
//      equal the in-memory run byte for byte.

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include "houbu/codec.h"
#include "workload.h"

using namespace Qt::StringLiterals;
using houbu::test::Rng;

namespace {

constexpr int kScenarioLines = 2500;
constexpr int kRows = 50;

struct CliResult {
    int exitCode = -1;
    bool crashed = false;  // killed (or died) rather than exited
    QByteArray out;
    QByteArray err;
};

QString cliPath() {
    return QStringLiteral(HOUBU_CLI_PATH);
}

CliResult cli(const QStringList& args, const QByteArray& input = {}) {
    QProcess p;
    p.start(cliPath(), args);
    CliResult r;
    if (!p.waitForStarted()) return r;
    if (!input.isEmpty()) p.write(input);
    p.closeWriteChannel();
    if (!p.waitForFinished(120000)) p.kill();
    p.waitForFinished();
    r.exitCode = p.exitCode();
    r.crashed = p.exitStatus() == QProcess::CrashExit;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

// The scenario as the store sees it.
struct Input {
    explicit Input(const QByteArray& text) {
        lines = text.split('\n');
        if (!lines.isEmpty() && lines.back().isEmpty()) lines.removeLast();
        for (qsizetype i = 0; i < lines.size(); ++i)
            if (!houbu::parseCommandLine(lines[i]).skip) commandLines << static_cast<int>(i + 1);
    }

    // Commands (journaled lines) among input lines 1..line.
    qint64 commandsUpTo(int line) const {
        return std::upper_bound(commandLines.begin(), commandLines.end(), line) -
               commandLines.begin();
    }

    // The input with every line up to the `journaled`-th command blanked: the
    // rest of the run, with the line numbers of the whole input.
    QByteArray restAfter(qint64 journaled) const {
        const int upTo = journaled > 0 ? commandLines[journaled - 1] : 0;
        QByteArray rest;
        for (qsizetype i = 0; i < lines.size(); ++i) {
            if (i >= upTo) rest += lines[i];
            rest += '\n';
        }
        return rest;
    }

    // The journal as `export` writes it for the first `n` commands.
    QByteArray exported(qint64 n) const {
        QByteArray out;
        for (qint64 i = 0; i < n; ++i)
            out += lines[commandLines[i] - 1].trimmed() + '\n';
        return out;
    }

    QList<QByteArray> lines;
    QList<int> commandLines;  // 1-based numbers of the lines that are commands
};

// The events of `out` whose line is complete (a kill can cut the last one).
QList<QJsonObject> completeEvents(const QByteArray& out) {
    QList<QJsonObject> events;
    const qsizetype end = out.lastIndexOf('\n');
    if (end < 0) return events;
    for (const QByteArray& l : out.left(end).split('\n'))
        events << QJsonDocument::fromJson(l).object();
    return events;
}

int lineOf(const QJsonObject& event) {
    return event.value(QLatin1String("line")).toInt(-1);
}

// How a run is cut short.
struct KillPlan {
    enum Trigger { AfterLines, AfterDelay } trigger = AfterLines;
    qint64 lines = 0;      // kill once this many event lines were printed,
    int delayMs = 0;       // or this long after the start (or at `lines`, if sooner)
    bool dribble = false;  // write the input in small chunks rather than all at once

    QString describe() const {
        return (trigger == AfterLines ? u"after %1 lines"_s.arg(lines)
                                      : u"after %1 ms"_s.arg(delayMs)) +
               (dribble ? u", input dribbled"_s : u", input at once"_s);
    }
};

CliResult runAndKill(const QStringList& args, const QByteArray& input, const KillPlan& plan,
                     Rng& rng) {
    CliResult r;
    QProcess p;
    p.start(cliPath(), args);
    if (!p.waitForStarted()) return r;
    QElapsedTimer clock;
    clock.start();
    qsizetype written = 0;
    qint64 printedLines = 0;
    auto feed = [&] {
        qsizetype end = input.size();
        if (plan.dribble) {
            end = written;
            for (int n = rng.between(1, 40); n > 0 && end < input.size(); --n) {
                const qsizetype nl = input.indexOf('\n', end);
                end = nl < 0 ? input.size() : nl + 1;
            }
        }
        p.write(input.constData() + written, end - written);
        written = end;
        if (written == input.size()) p.closeWriteChannel();
    };
    while (p.state() == QProcess::Running && clock.elapsed() < 60000) {
        if (written < input.size()) feed();
        if (printedLines >= plan.lines ||
            (plan.trigger == KillPlan::AfterDelay && clock.elapsed() >= plan.delayMs))
            break;
        p.waitForReadyRead(plan.dribble ? rng.between(0, 3) : 2);
        const QByteArray chunk = p.readAllStandardOutput();
        printedLines += chunk.count('\n');
        r.out += chunk;
    }
    p.kill();
    p.waitForFinished();
    r.out += p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    r.exitCode = p.exitCode();
    r.crashed = p.exitStatus() == QProcess::CrashExit;
    return r;
}

// Where the stores go: tmpfs when there is one. A SIGKILL loses nothing that
// reached the kernel, so the file system's fsync cost (milliseconds per commit on
// a loaded disk, with --group 1) buys nothing here; power cuts are another test.
QString scratchFolder() {
    const QFileInfo shm(u"/dev/shm"_s);
    if (shm.isDir() && shm.isWritable()) return u"/dev/shm/houbu-crash-XXXXXX"_s;
    return QDir::tempPath() + u"/houbu-crash-XXXXXX"_s;
}

int rowsDone = 0;
int killsDone = 0;      // runs really cut short by SIGKILL
int killsInWindow = 0;  // kills after which the journal held more than was printed

}  // namespace

class TestCrash : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() {
        const CliResult r = cli({u"--help"_s});
        QVERIFY2(r.exitCode == 0, "houbu-cli does not run");
    }

    void killAndRecover_data() {
        QTest::addColumn<int>("seed");
        QTest::addColumn<int>("group");
        QTest::addColumn<int>("snapshotEvery");
        QTest::addColumn<int>("kills");
        const int groups[] = {1, 8, 64};
        const int snapshots[] = {50, 500, 7, 50, 10000};
        for (int seed = 1; seed <= kRows; ++seed) {
            const int group = groups[seed % 3];
            const int snapshotEvery = snapshots[seed % 5];
            const int kills = 1 + (seed % 4 == 0) + (seed % 7 == 0);
            QTest::addRow("seed %d group %d snapshot-every %d kills %d", seed, group, snapshotEvery,
                          kills)
                << seed << group << snapshotEvery << kills;
        }
    }

    void killAndRecover() {
        QFETCH(int, seed);
        QFETCH(int, group);
        QFETCH(int, snapshotEvery);
        QFETCH(int, kills);

        const QByteArray text =
            houbu::test::contendedScenario(static_cast<quint64>(seed), kScenarioLines);
        const Input input(text);
        QTemporaryDir dir(scratchFolder());
        QVERIFY(dir.isValid());
        const QString db = dir.filePath(u"houbu.db"_s);
        const QString inputPath = dir.filePath(u"input.jsonl"_s);
        {
            QFile f(inputPath);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
        }
        const CliResult memory = cli({u"run"_s, inputPath});
        QCOMPARE(memory.exitCode, 0);
        const QByteArray& expected = memory.out;
        const qint64 expectedLines = expected.count('\n');
        QVERIFY(expectedLines > input.commandLines.size());

        Rng rng(static_cast<quint64>(seed) * 7919u + 17u);
        const QStringList storeArgs{u"--db"_s,
                                    db,
                                    u"--group"_s,
                                    QString::number(group),
                                    u"--snapshot-every"_s,
                                    QString::number(snapshotEvery)};
        QByteArray committed;  // `replay` of the store after the last round
        qint64 journaled = 0;  // its journal length
        for (int round = 0; round <= kills; ++round) {
            const bool last = round == kills;
            const QByteArray rest = input.restAfter(journaled);
            CliResult run;
            QString how;
            if (last) {
                // The continuation runs to the end, as a file or from standard input,
                // with any group size.
                const int groups[] = {1, 8, 64, 512};
                QStringList args{u"run"_s,
                                 u"-"_s,
                                 u"--db"_s,
                                 db,
                                 u"--group"_s,
                                 QString::number(groups[rng.below(4)]),
                                 u"--snapshot-every"_s,
                                 QString::number(snapshotEvery)};
                how = u"continued: "_s + args.join(u' ');
                if (rng.percent(50)) {
                    const QString restPath = dir.filePath(u"rest.jsonl"_s);
                    QFile f(restPath);
                    QVERIFY(f.open(QIODevice::WriteOnly));
                    f.write(rest);
                    f.close();
                    args[1] = restPath;
                    run = cli(args);
                } else {
                    run = cli(args, rest);
                }
                QVERIFY2(!run.crashed && run.exitCode == 0,
                         qPrintable(how + u": "_s + QString::fromLocal8Bit(run.err)));
            } else {
                KillPlan plan;
                const int kind = rng.below(10);
                plan.dribble = rng.percent(40);
                const qint64 left = expectedLines - committed.count('\n');
                plan.lines = rng.below(static_cast<int>(std::max<qint64>(1, left * 9 / 10)));
                if (kind >= 5) {
                    // A delay, capped so that the run does not end first.
                    plan.trigger = KillPlan::AfterDelay;
                    plan.lines = left * 9 / 10;
                    plan.delayMs = kind == 9 ? rng.below(15) : rng.between(10, 250);
                }
                how = u"round %1 killed %2"_s.arg(round).arg(plan.describe());
                run = runAndKill(QStringList{u"run"_s, u"-"_s} + storeArgs, rest, plan, rng);
                if (run.crashed)
                    ++killsDone;
                else if (qEnvironmentVariableIsSet("HOUBU_CRASH_DEBUG"))
                    qInfo("%s: finished before the kill", qPrintable(how));
                if (!run.crashed)  // it finished before the kill: then it must have succeeded
                    QVERIFY2(run.exitCode == 0,
                             qPrintable(how + u": "_s + QString::fromLocal8Bit(run.err)));
            }
            const QByteArray printed = run.out;

            // (a) The journal is the first commands of the input and holds every
            // command whose events were printed.
            const CliResult exported = cli({u"export"_s, u"--db"_s, db});
            QVERIFY2(exported.exitCode == 0,
                     qPrintable(how + u": export: "_s + QString::fromLocal8Bit(exported.err)));
            const qint64 length = exported.out.count('\n');
            QVERIFY2(length >= journaled && length <= input.commandLines.size(), qPrintable(how));
            QVERIFY2(exported.out == input.exported(length),
                     qPrintable(how + u": the journal is not the input's first commands"_s));
            int lastPrinted = 0;
            for (const QJsonObject& e : completeEvents(printed))
                lastPrinted = std::max(lastPrinted, lineOf(e));
            const qint64 acknowledged = input.commandsUpTo(lastPrinted);
            QVERIFY2(length >= acknowledged,
                     qPrintable(how + u": events of line %1 were printed, but only %2 commands "
                                      u"are in the journal"_s.arg(lastPrinted)
                                          .arg(length)));
            if (!last && length > acknowledged) ++killsInWindow;

            // (b) The store checks out.
            const CliResult verified = cli({u"verify"_s, u"--db"_s, db});
            QVERIFY2(verified.exitCode == 0 && verified.out.contains("problems       none"),
                     qPrintable(how + u": verify: "_s + QString::fromLocal8Bit(verified.out) +
                                QString::fromLocal8Bit(verified.err)));
            QVERIFY2(verified.out.contains(
                         QByteArray("journal        " + QByteArray::number(length) + " commands")),
                     qPrintable(how + u": "_s + QString::fromLocal8Bit(verified.out)));

            // (c) What was printed is what the store replays, and that is what an
            // uninterrupted run gives for the same commands.
            const CliResult replayed = cli({u"replay"_s, u"--db"_s, db});
            QVERIFY2(replayed.exitCode == 0,
                     qPrintable(how + u": replay: "_s + QString::fromLocal8Bit(replayed.err)));
            QVERIFY2(replayed.out.startsWith(QByteArray(committed + printed)),
                     qPrintable(how + u": the printed events are not a prefix of the replay"_s));
            QVERIFY2(expected.startsWith(replayed.out),
                     qPrintable(how + u": the replay is not a prefix of the in-memory run"_s));
            if (replayed.out.size() < expected.size()) {
                // It ends where the events of the next command begin.
                const qsizetype end = expected.indexOf('\n', replayed.out.size());
                const QJsonObject next =
                    QJsonDocument::fromJson(
                        expected.mid(replayed.out.size(), end - replayed.out.size()))
                        .object();
                QVERIFY2(lineOf(next) > (length > 0 ? input.commandLines[length - 1] : 0),
                         qPrintable(how + u": the replay stops inside a command's events"_s));
            }

            // (d) At the end, the continued run adds up to the uninterrupted one.
            if (last) {
                QVERIFY2(QByteArray(committed + printed) == expected,
                         qPrintable(how + u": the continued output differs"_s));
                QCOMPARE(length, input.commandLines.size());
                QVERIFY2(replayed.out == expected,
                         qPrintable(how + u": the replay differs from the in-memory run"_s));
            }
            committed = replayed.out;
            journaled = length;
        }
        ++rowsDone;
    }

    // A line of bytes that are not UTF-8 text (or hold a NUL) is applied as in
    // memory, and the store still opens, verifies and replays afterwards: a store
    // that cannot be reopened is lost to every later run.
    void oddBytesSurviveReopen_data() {
        QTest::addColumn<QByteArray>("line");
        const QByteArray nul(1, '\0');
        QTest::newRow("nul in a string")
            << QByteArray("{\"op\":\"position\",\"id\":\"a" + nul + "b\"}");
        QTest::newRow("nul outside json") << QByteArray("garb" + nul + "age");
        QTest::newRow("invalid utf-8") << QByteArray(
            "{\"op\":\"position\",\"id\":\"a\xff"
            "b\"}");
    }
    void oddBytesSurviveReopen() {
        QFETCH(QByteArray, line);
        QTemporaryDir dir(scratchFolder());
        QVERIFY(dir.isValid());
        const QString db = dir.filePath(u"houbu.db"_s);
        const QString inputPath = dir.filePath(u"input.jsonl"_s);
        {
            QFile f(inputPath);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("{\"op\":\"position\",\"id\":\"x\"}\n" + line +
                    "\n{\"op\":\"position\",\"id\":\"y\"}\n");
        }
        const CliResult memory = cli({u"run"_s, inputPath});
        QCOMPARE(memory.exitCode, 0);
        const CliResult stored = cli({u"run"_s, inputPath, u"--db"_s, db});
        QVERIFY2(stored.exitCode == 0, stored.err.constData());
        QCOMPARE(stored.out, memory.out);
        const CliResult verified = cli({u"verify"_s, u"--db"_s, db});
        QVERIFY2(verified.exitCode == 0, verified.out.constData());
        const CliResult replayed = cli({u"replay"_s, u"--db"_s, db});
        QCOMPARE(replayed.exitCode, 0);
        QCOMPARE(replayed.out, memory.out);
    }

    // SIGKILL while the snapshot thread writes a snapshot: its file is left
    // half written, the next open removes it, nothing journaled is lost, and
    // the run continues to the uninterrupted result.
    void killDuringSnapshot() {
        QTemporaryDir dir(scratchFolder());
        QVERIFY(dir.isValid());
        const QString db = dir.filePath(u"houbu.db"_s);
        // Large enough for a snapshot to take a while, small enough for a test.
        const CliResult generated = cli({u"gen"_s, u"--seed"_s, u"5"_s, u"--runs"_s, u"6"_s,
                                         u"--seats"_s, u"600"_s, u"--orders"_s, u"12000"_s});
        QCOMPARE(generated.exitCode, 0);
        const Input input(generated.out);
        const QString inputPath = dir.filePath(u"input.jsonl"_s);
        {
            QFile f(inputPath);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(generated.out);
        }
        const CliResult memory = cli({u"run"_s, inputPath});
        QCOMPARE(memory.exitCode, 0);

        const QString pattern = u"houbu.db-snapshot-*"_s;
        QProcess p;
        p.start(cliPath(), {u"run"_s, inputPath, u"--db"_s, db, u"--group"_s, u"64"_s,
                            u"--snapshot-every"_s, u"3000"_s});
        QVERIFY(p.waitForStarted());
        QElapsedTimer clock;
        clock.start();
        bool seen = false;
        while (!seen && p.state() == QProcess::Running && clock.elapsed() < 60000) {
            seen = !QDir(dir.path()).entryList({pattern}, QDir::Files).isEmpty();
            if (!seen) p.waitForFinished(1);
        }
        QVERIFY2(seen, "no snapshot was being written while the run went on");
        p.kill();
        p.waitForFinished();
        QCOMPARE(p.exitStatus(), QProcess::CrashExit);
        const QByteArray printed = p.readAllStandardOutput();

        // The writer is gone: the file stops growing, then the next open
        // removes it.
        const QString file = QDir(dir.path()).entryList({pattern}, QDir::Files).value(0);
        if (!file.isEmpty()) {
            const QString path = dir.filePath(file);
            qint64 size = QFileInfo(path).size();
            for (int i = 0; i < 20; ++i) {
                QTest::qWait(50);
                const qint64 now = QFileInfo(path).size();
                if (now == size && i >= 4) break;
                size = now;
            }
            QTest::qWait(200);
            QCOMPARE(QFileInfo(path).size(), size);
        }
        const CliResult verified = cli({u"verify"_s, u"--db"_s, db});
        QVERIFY2(verified.exitCode == 0 && verified.out.contains("problems       none"),
                 verified.out.constData());
        QVERIFY(QDir(dir.path()).entryList({pattern}, QDir::Files).isEmpty());
        const CliResult replayed = cli({u"replay"_s, u"--db"_s, db});
        QCOMPARE(replayed.exitCode, 0);
        QVERIFY(replayed.out.startsWith(printed.left(printed.lastIndexOf('\n') + 1)));
        QVERIFY(memory.out.startsWith(replayed.out));

        const CliResult exported = cli({u"export"_s, u"--db"_s, db});
        const qint64 journaled = exported.out.count('\n');
        const QString restPath = dir.filePath(u"rest.jsonl"_s);
        {
            QFile f(restPath);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(input.restAfter(journaled));
        }
        const CliResult rest = cli({u"run"_s, restPath, u"--db"_s, db, u"--group"_s, u"64"_s,
                                    u"--snapshot-every"_s, u"3000"_s});
        QVERIFY2(rest.exitCode == 0, rest.err.constData());
        QCOMPARE(QByteArray(replayed.out + rest.out), memory.out);
        const CliResult reopened = cli({u"verify"_s, u"--db"_s, db});
        QVERIFY2(reopened.out.contains("problems       none"), reopened.out.constData());
        // The continued run's snapshots were taken in, and verify found them
        // equal to its replay.
        QVERIFY2(reopened.out.contains("snapshots      at commands "), reopened.out.constData());
    }

    void cleanupTestCase() {
        qInfo(
            "%d runs killed mid-run; after %d, the journal held commands beyond the printed events",
            killsDone, killsInWindow);
        // The data set is built so that more than 50 runs are cut short; fewer
        // means the kills no longer hit running processes.
        if (rowsDone < kRows) return;  // a selection of rows was run
        QVERIFY2(killsDone >= 50, qPrintable(u"only %1 runs were killed mid-run"_s.arg(killsDone)));
    }
};

QTEST_GUILESS_MAIN(TestCrash)
#include "tst_crash.moc"
