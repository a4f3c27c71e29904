// The console's command line, as a user's terminal sees it: --help and
// --version answer without a display, like any command-line program.

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <memory>

#include "houbu/store.h"

using namespace Qt::StringLiterals;

class TestCommandLine : public QObject {
    Q_OBJECT

    // Runs houbu with `arguments` and no display of any kind.
    static QProcess* runWithoutDisplay(const QStringList& arguments) {
        auto* p = new QProcess;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const QString& name : {u"QT_QPA_PLATFORM"_s, u"DISPLAY"_s, u"WAYLAND_DISPLAY"_s})
            env.remove(name);
        p->setProcessEnvironment(env);
        p->start(QStringLiteral(HOUBU_APP_PATH), arguments);
        return p;
    }

  private slots:
    void helpWithoutDisplay_data() {
        QTest::addColumn<QString>("option");
        QTest::newRow("--help") << u"--help"_s;
        QTest::newRow("-h") << u"-h"_s;
    }

    void helpWithoutDisplay() {
        QFETCH(QString, option);
        std::unique_ptr<QProcess> p(runWithoutDisplay({option}));
        QVERIFY(p->waitForFinished(30000));
        const QString out = QString::fromUtf8(p->readAllStandardOutput());
        QVERIFY2(p->exitStatus() == QProcess::NormalExit,
                 qPrintable(QString::fromUtf8(p->readAllStandardError())));
        QCOMPARE(p->exitCode(), 0);
        QVERIFY2(
            out.contains(u"Usage:"_s) && out.contains(u"--scenario"_s) && out.contains(u"--lang"_s),
            qPrintable(out));
    }

    void versionWithoutDisplay() {
        std::unique_ptr<QProcess> p(runWithoutDisplay({u"--version"_s}));
        QVERIFY(p->waitForFinished(30000));
        QCOMPARE(p->exitStatus(), QProcess::NormalExit);
        QCOMPARE(p->exitCode(), 0);
        QVERIFY(QString::fromUtf8(p->readAllStandardOutput()).startsWith(u"houbu "_s));
    }

    // The README names the folder the console really keeps its store in.
    void readmeNamesTheDefaultStore() {
        QTemporaryDir home;
        QVERIFY(home.isValid());
        const QByteArray oldHome = qgetenv("HOME"), oldData = qgetenv("XDG_DATA_HOME");
        qputenv("HOME", QFile::encodeName(home.path()));
        qunsetenv("XDG_DATA_HOME");
        // The names main() gives the console.
        QCoreApplication::setOrganizationName(u"houbu"_s);
        QCoreApplication::setApplicationName(u"houbu"_s);
        QString location = houbu::Store::defaultLocation();
        qputenv("HOME", oldHome);
        if (!oldData.isEmpty()) qputenv("XDG_DATA_HOME", oldData);
        QVERIFY2(location.startsWith(home.path()), qPrintable(location));
        location.replace(0, home.path().size(), u"~"_s);
        QFile readme(QStringLiteral(HOUBU_SOURCE_DIR "/README.md"));
        QVERIFY(readme.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(readme.readAll());
        QVERIFY2(text.contains(u'`' + location + u'`'), qPrintable(location));
    }
};

QTEST_GUILESS_MAIN(TestCommandLine)
#include "tst_command_line.moc"
