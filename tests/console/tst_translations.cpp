// Both languages load, and the Chinese translation is complete.

#include <QFile>
#include <QMenuBar>
#include <QRegularExpression>
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
