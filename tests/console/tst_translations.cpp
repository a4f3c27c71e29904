// Both languages load, and the Chinese translation is complete.

#include <QFile>
#include <QMenuBar>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>

#include "houbu/error_sentences.h"
#include "houbu/main_window.h"

using namespace houbu;
using namespace Qt::StringLiterals;

class TestTranslations : public QObject {
    Q_OBJECT

  private slots:
    // English keeps only its plural forms, all of them filled in.
    void englishPluralsAreComplete() {
        QFile ts(QStringLiteral(HOUBU_SOURCE_DIR "/translations/houbu_en.ts"));
        QVERIFY(ts.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(ts.readAll());
        QVERIFY(text.count(u"numerus=\"yes\""_s) >= 10);
        QCOMPARE(text.count(u"type=\"unfinished\""_s), 0);
        QCOMPARE(text.count(u"<numerusform></numerusform>"_s), 0);
    }

    void chineseHasNoUnfinishedEntries() {
        QFile ts(QStringLiteral(HOUBU_SOURCE_DIR "/translations/houbu_zh_CN.ts"));
        QVERIFY(ts.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(ts.readAll());
        QVERIFY(text.count(u"<message"_s) > 100);
        QCOMPARE(text.count(u"type=\"unfinished\""_s), 0);
        QCOMPARE(text.count(u"type=\"vanished\""_s) + text.count(u"type=\"obsolete\""_s), 0);
    }

    // Every text in the sources is in the Chinese file: lupdate, run on a
    // copy, finds nothing new to translate and nothing gone. (A text added
    // without `update_translations` would otherwise show in English.)
    void everySourceTextIsInTheFile() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString original = QStringLiteral(HOUBU_SOURCE_DIR "/translations/houbu_zh_CN.ts");
        const QString copy = dir.filePath(u"houbu_zh_CN.ts"_s);
        QVERIFY(QFile::copy(original, copy));
        QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
        QProcess lupdate;
        lupdate.setWorkingDirectory(QStringLiteral(HOUBU_SOURCE_DIR));
        lupdate.start(QStringLiteral(HOUBU_LUPDATE),
                      {u"-silent"_s, u"-no-obsolete"_s, u"app"_s, u"widgets"_s, u"models"_s,
                       u"session"_s, u"-ts"_s, copy});
        QVERIFY(lupdate.waitForFinished(120000));
        QCOMPARE(lupdate.exitCode(), 0);
        QFile before(original), after(copy);
        QVERIFY(before.open(QIODevice::ReadOnly) && after.open(QIODevice::ReadOnly));
        const QString was = QString::fromUtf8(before.readAll());
        const QString now = QString::fromUtf8(after.readAll());
        static const QRegularExpression unfinished(
            u"<source>([^<]*)</source>\\s*(?:<comment>[^<]*</comment>\\s*)?<translation type=\"unfinished\""_s);
        QStringList missing;
        for (auto it = unfinished.globalMatch(now); it.hasNext();)
            missing << it.next().captured(1);
        QVERIFY2(missing.isEmpty(),
                 qPrintable(u"not in translations/houbu_zh_CN.ts (build the target "
                            u"update_translations, then translate): "_s +
                            missing.join(u" | "_s)));
        QCOMPARE(now.count(u"<message"_s), was.count(u"<message"_s));
    }

    void englishIsTheSource() {
        QCOMPARE(MainWindow::installTranslation(u"en"_s), u"en"_s);
        MainWindow window;
        QCOMPARE(window.menuBar()->actions().first()->text(), u"&File"_s);
    }

    void chineseLoads() {
        QStringList english;
        for (ErrorCode code : kErrorCodes)
            english << errorSentence(code);
        QCOMPARE(MainWindow::installTranslation(u"zh_CN"_s), u"zh_CN"_s);
        // Every error code in Chinese words too.
        for (std::size_t i = 0; i < std::size(kErrorCodes); ++i)
            QVERIFY2(errorSentence(kErrorCodes[i]) != english[qsizetype(i)],
                     errorCodeName(kErrorCodes[i]));
        MainWindow window;
        QCOMPARE(window.menuBar()->actions().first()->text(), u"文件(&F)"_s);
        QCOMPARE(window.releaseAction()->text(), u"释放所选(&R)…"_s);
        QCOMPARE(window.logModel()
                     ->headerData(EventLogModel::Event, Qt::Horizontal, Qt::DisplayRole)
                     .toString(),
                 u"事件"_s);
    }
};

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
