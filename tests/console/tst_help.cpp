// Help ▸ Keyboard shortcuts, About and Manual on a real window (offscreen):
// the shortcuts table is made from the window's actions, so every action with
// a shortcut is in it, in both languages; About names the version and the
// libraries' licences; the manual exists in both languages, covers the grid,
// the queues, the operations and step mode, and its screenshots load.

#include <QAction>
#include <QImage>
#include <QRegularExpression>
#include <QTableWidget>
#include <QTest>
#include <QTextBrowser>

#include "houbu/about_dialog.h"
#include "houbu/main_window.h"
#include "houbu/manual_dialog.h"
#include "houbu/shortcuts_dialog.h"

using namespace houbu;
using namespace Qt::StringLiterals;

class TestHelp : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(u"houbu-test"_s);
        QCoreApplication::setApplicationName(u"tst_help"_s);
    }

    void aboutNamesVersionAndLicences() {
        // First: a translation stays installed once loaded.
        QCOMPARE(MainWindow::installTranslation(u"en"_s), u"en"_s);
        QVERIFY(
            QRegularExpression(u"^\\d+\\.\\d+\\.\\d+$"_s).match(AboutDialog::version()).hasMatch());
        const QString html = AboutDialog::html();
        QVERIFY(html.contains(AboutDialog::version()));
        QVERIFY(html.contains(QString::fromLatin1(qVersion())));
        for (const char* name : {"LGPL-3.0", "SQLite", "public domain", "zstd", "xxHash",
                                 "simdjson", "libpq", "QtKeychain", "GPL-3.0", "Apache-2.0"})
            QVERIFY2(html.contains(QString::fromLatin1(name)), name);
        MainWindow window;
        QDialog* about = window.showAbout();
        QVERIFY(about);
        QVERIFY(about->findChild<QTextBrowser*>()->toPlainText().contains(u"SQLite"_s));
        about->close();
    }

    void everyShortcutIsListed_data() {
        QTest::addColumn<QString>("language");
        QTest::newRow("en") << u"en"_s;
        QTest::newRow("zh_CN") << u"zh_CN"_s;
    }

    void everyShortcutIsListed() {
        QFETCH(QString, language);
        QCOMPARE(MainWindow::installTranslation(language), language);
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* dialog = qobject_cast<ShortcutsDialog*>(window.showShortcuts());
        QVERIFY(dialog);
        QTableWidget* table = dialog->table();
        QSet<QString> shown;
        for (int r = 0; r < table->rowCount(); ++r)
            shown.insert(table->item(r, 1)->text() + u'|' + table->item(r, 0)->text());
        int withShortcut = 0;
        for (QAction* a : window.findChildren<QAction*>()) {
            if (a->shortcuts().isEmpty()) continue;
            ++withShortcut;
            // An action with a shortcut must say what it does, or it could not be listed.
            QVERIFY2(!a->text().isEmpty(), qPrintable(a->shortcut().toString()));
            QStringList keys;
            for (const QKeySequence& k : a->shortcuts())
                keys << k.toString(QKeySequence::NativeText);
            const QString key = keys.join(u", "_s);
            QString words = a->text();
            words.remove(QRegularExpression(u"\\(&\\w\\)"_s)).remove(u'&').remove(u'…');
            const bool found = shown.contains(key + u'|' + words.trimmed());
            QVERIFY2(found, qPrintable(a->text() + u' ' + key));
        }
        QVERIFY(withShortcut > 25);
        QCOMPARE(table->rowCount(), withShortcut);
        // No mnemonic marks or ellipses in the table.
        for (int r = 0; r < table->rowCount(); ++r) {
            QVERIFY(!table->item(r, 0)->text().contains(u'&'));
            QVERIFY(!table->item(r, 0)->text().endsWith(u'…'));
        }
        QVERIFY(window.manualAction()->shortcuts().contains(QKeySequence::HelpContents) ||
                window.manualAction()->shortcut() == QKeySequence(QKeySequence::HelpContents));
        dialog->close();
    }

    void manualInBothLanguages_data() {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QStringList>("words");
        QTest::newRow("en") << u"en"_s << QStringList{u"The seat grid"_s, u"Queues"_s,
                                                      u"Operations"_s,    u"Seat changes"_s,
                                                      u"Step mode"_s,     u"Export and print"_s};
        QTest::newRow("zh_CN") << u"zh_CN"_s
                               << QStringList{u"席位图"_s,   u"队列"_s,     u"操作"_s,
                                              u"同车换座"_s, u"单步模式"_s, u"导出与打印"_s};
    }

    void manualInBothLanguages() {
        QFETCH(QString, language);
        QFETCH(QStringList, words);
        const QString html = ManualDialog::html(language);
        QVERIFY(!html.isEmpty());
        QCOMPARE(ManualDialog::html(language) == ManualDialog::html(u"en"_s), language == u"en"_s);
        for (const char* section :
             {"grid", "queues", "operations", "seat-change", "step", "export"})
            QVERIFY2(html.contains(u"id=\"%1\""_s.arg(QString::fromLatin1(section))), section);
        QCOMPARE(MainWindow::installTranslation(language), language);
        MainWindow window;
        auto* manual = qobject_cast<ManualDialog*>(window.showManual());
        QVERIFY(manual);
        const QString text = manual->browser()->toPlainText();
        for (const QString& w : words)
            QVERIFY2(text.contains(w), qPrintable(w));
        // Every screenshot is built in and loads.
        static const QRegularExpression img(u"<img src=\"([^\"]+)\""_s);
        int images = 0;
        for (auto it = img.globalMatch(html); it.hasNext(); ++images) {
            const QUrl url(it.next().captured(1));
            const QVariant resource =
                manual->browser()->loadResource(QTextDocument::ImageResource, url);
            QVERIFY2(resource.isValid(), qPrintable(url.toString()));
            QImage image;
            if (resource.canConvert<QImage>()) image = resource.value<QImage>();
            if (image.isNull()) image.loadFromData(resource.toByteArray());
            QVERIFY2(image.width() > 300, qPrintable(url.toString()));
        }
        QVERIFY(images >= 4);
        manual->close();
    }
};

QTEST_MAIN(TestHelp)
#include "tst_help.moc"
