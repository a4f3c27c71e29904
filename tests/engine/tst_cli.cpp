// houbu-cli as a user runs it: exit codes, messages, interactive standard input.

#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

struct Result {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

Result runCli(const QStringList& args, const QByteArray& input = {}) {
    QProcess p;
    p.start(QStringLiteral(HOUBU_CLI_PATH), args);
    if (!p.waitForStarted()) return {};
    if (!input.isEmpty()) p.write(input);
    p.closeWriteChannel();
    p.waitForFinished(60000);
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

const QByteArray kTrain =
    R"({"op":"train","train":"G1","date":"2024-01-20","stops":[{"station":"北京","km":0},{"station":"天津","km":120},{"station":"济南","km":406}],"cars":[{"car":3,"class":"second","rows":1,"layout":"A"}]})"
    "\n";

}  // namespace

class TestCli : public QObject {
    Q_OBJECT

  private slots:
    // houbu-cli starts itself again, once and as the same process, with
    // glibc's malloc asked for huge pages (a page fault per 2 MB of state
    // instead of per 4 KB); HOUBU_HUGE_PAGES=0 keeps it as started.
    void restartsWithHugePages_data() {
        QTest::addColumn<QString>("setting");
        QTest::addColumn<bool>("expected");
        QTest::newRow("default") << QString() << true;
        QTest::newRow("off") << u"0"_s << false;
    }
    void restartsWithHugePages() {
        QFETCH(QString, setting);
        QFETCH(bool, expected);
        QFile mode(u"/sys/kernel/mm/transparent_hugepage/enabled"_s);
        if (!mode.open(QIODevice::ReadOnly) || mode.readAll().contains("[never]"))
            QSKIP("transparent huge pages are off on this machine");
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(u"GLIBC_TUNABLES"_s);
        if (!setting.isNull()) env.insert(u"HOUBU_HUGE_PAGES"_s, setting);
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(HOUBU_CLI_PATH), {u"run"_s, u"-"_s});  // waits for input
        QVERIFY(p.waitForStarted());
        // The process QProcess started is the one that runs with the setting.
        const qint64 pid = p.processId();
        QByteArray environ;
        for (int i = 0; i < 100; ++i) {
            QTest::qWait(20);
            QFile f(u"/proc/%1/environ"_s.arg(pid));
            if (f.open(QIODevice::ReadOnly)) environ = f.readAll();
            // After the exec the process runs the program again: its
            // environment then holds what it added.
            if (environ.contains("GLIBC_TUNABLES=") || (!expected && i > 10)) break;
        }
        QCOMPARE(environ.contains("GLIBC_TUNABLES=glibc.malloc.hugetlb=1"), expected);
        p.write(kTrain);
        p.closeWriteChannel();
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 0);
        QVERIFY(p.readAllStandardOutput().contains("train_defined"));
    }

    void helpDocumentsEveryOption() {
        const auto r = runCli({u"--help"_s});
        QCOMPARE(r.exitCode, 0);
        for (const char* word : {"run", "--policy", "--trace", "--seat-choice", "Exit status"})
            QVERIFY2(r.out.contains(word), word);
    }

    void badUsageExitsTwo_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("no command") << QStringList{} << QByteArray("no command");
        QTest::newRow("unknown command")
            << QStringList{u"fly"_s} << QByteArray("unknown command 'fly'");
        QTest::newRow("run without input") << QStringList{u"run"_s} << QByteArray("needs an input");
        QTest::newRow("unknown option")
            << QStringList{u"run"_s, u"-"_s, u"--fast"_s} << QByteArray("unknown option '--fast'");
        QTest::newRow("bad policy") << QStringList{u"run"_s, u"-"_s, u"--policy"_s, u"greedy"_s}
                                    << QByteArray("unknown policy 'greedy'");
        QTest::newRow("missing file") << QStringList{u"run"_s, u"/nonexistent/houbu.jsonl"_s}
                                      << QByteArray("cannot read '/nonexistent/houbu.jsonl'");
    }
    void badUsageExitsTwo() {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, message);
        const auto r = runCli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }

    // Command errors are events; the exit status is still 0.
    void commandErrorsAreEvents() {
        const auto r =
            runCli({u"run"_s, u"-"_s}, kTrain + "garbage\n{\"op\":\"pay\",\"id\":\"x\"}\n");
        QCOMPARE(r.exitCode, 0);
        const auto lines = r.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 3);
        QVERIFY(lines[1].contains("\"code\":\"bad_command\""));
        QVERIFY(lines[1].contains("\"line\":2"));
        QVERIFY(lines[2].contains("\"code\":\"unknown_sale\""));
    }

    void fileAndStdinAgree() {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"s.jsonl"_s);
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        const QByteArray input =
            kTrain + "# comment\n\n" +
            R"({"op":"sell","id":"S1","train":"G1","date":"2024-01-20","from":"北京","to":"济南","class":"second","passengers":["a"]})"
            "\n";
        f.write(input);
        f.close();
        const auto a = runCli({u"run"_s, path});
        const auto b = runCli({u"run"_s, u"-"_s}, input);
        QCOMPARE(a.exitCode, 0);
        QCOMPARE(a.out, b.out);
        QVERIFY(a.out.contains("\"line\":4"));
    }

    // Events that cannot be written are an error named on stderr, not a silent 0.
    void unwritableOutputFails() {
        if (!QFile::exists(u"/dev/full"_s)) QSKIP("no /dev/full here");
        QTemporaryDir dir;
        const QString path = dir.filePath(u"s.jsonl"_s);
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(kTrain);
        f.close();
        QProcess p;
        p.setStandardOutputFile(u"/dev/full"_s);
        p.start(QStringLiteral(HOUBU_CLI_PATH), {u"run"_s, path});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 1);
        QVERIFY2(p.readAllStandardError().contains("cannot write the events"),
                 "no message on stderr");
    }

    // With '-', each line's events are written and flushed before the next is read.
    void stdinIsInteractive() {
        QProcess p;
        p.start(QStringLiteral(HOUBU_CLI_PATH), {u"run"_s, u"-"_s});
        QVERIFY(p.waitForStarted());
        p.write(kTrain);
        QTRY_VERIFY_WITH_TIMEOUT(p.canReadLine(), 20000);
        QVERIFY(p.readLine().contains("train_defined"));
        p.write(
            R"({"op":"availability","train":"G1","date":"2024-01-20","from":"北京","to":"济南","class":"second"})"
            "\n");
        QTRY_VERIFY_WITH_TIMEOUT(p.canReadLine(), 20000);
        QVERIFY(p.readLine().contains("\"free\":1"));
        p.closeWriteChannel();
        QVERIFY(p.waitForFinished(20000));
        QCOMPARE(p.exitCode(), 0);
    }

    void optionsTakeEffect() {
        const QByteArray input =
            kTrain +
            R"({"op":"sell","id":"S1","train":"G1","date":"2024-01-20","from":"北京","to":"济南","class":"second","passengers":["a"]})"
            "\n"
            R"({"op":"waitlist","id":"W1","user":"u","passengers":["b"],"from":"北京","to":"天津","options":[{"train":"G1","date":"2024-01-20","class":"second"}]})"
            "\n"
            R"({"op":"prepay","id":"W1"})"
            "\n"
            R"({"op":"refund","id":"S1"})"
            "\n";
        const auto complete = runCli({u"run"_s, u"-"_s, u"--trace"_s}, input);
        QVERIFY(complete.out.contains("waitlist_fulfilled"));
        QVERIFY(complete.out.contains("match_considered"));
        QVERIFY(complete.out.contains("match_skipped"));
        const auto exact = runCli({u"run"_s, u"-"_s, u"--policy"_s, u"exact"_s}, input);
        QVERIFY(!exact.out.contains("waitlist_fulfilled"));
        QVERIFY(!exact.out.contains("match_"));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
