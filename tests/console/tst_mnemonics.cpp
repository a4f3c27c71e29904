// Keyboard mnemonics (the underlined letter of "&File"): within one menu, the
// menu bar, or one dialog, no two entries share a letter, in English and in
// Chinese. English runs first: a translation stays installed once loaded.

#include <QAbstractButton>
#include <QGroupBox>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QTest>

#include "houbu/connect_dialog.h"
#include "houbu/main_window.h"
#include "houbu/operator_dialogs.h"
#include "houbu/settings_dialog.h"
#include "houbu/widgets.h"

using namespace houbu;
using namespace Qt::StringLiterals;
using Operation = MainWindow::Operation;

namespace {

// The mnemonic letter of a text ("Op&tions" -> 't'), or a null QChar.
QChar mnemonic(const QString& text) {
    for (qsizetype i = 0; i + 1 < text.size(); ++i) {
        if (text[i] != u'&') continue;
        if (text[i + 1] == u'&') {
            ++i;  // "&&" is a literal ampersand
            continue;
        }
        return text[i + 1].toLower();
    }
    return {};
}

// Names each letter used twice among `texts`, with both texts.
QStringList clashes(const QStringList& texts) {
    QHash<QChar, QString> seen;
    QStringList out;
    for (const QString& t : texts) {
        const QChar m = mnemonic(t);
        if (m.isNull()) continue;
        if (seen.contains(m))
            out << u"'%1': \"%2\" and \"%3\""_s.arg(m).arg(seen.value(m), t);
        else
            seen.insert(m, t);
    }
    return out;
}

// The texts with mnemonics a window offers at once: its visible buttons,
// buddy labels and group boxes.
QStringList windowTexts(QWidget* window) {
    QStringList texts;
    for (QAbstractButton* b : window->findChildren<QAbstractButton*>())
        if (b->isVisibleTo(window)) texts << b->text();
    for (QLabel* l : window->findChildren<QLabel*>())
        if (l->buddy() && l->isVisibleTo(window)) texts << l->text();
    for (QGroupBox* g : window->findChildren<QGroupBox*>())
        if (g->isVisibleTo(window)) texts << g->title();
    return texts;
}

void checkMenu(QMenu* menu, QStringList& problems) {
    QStringList texts;
    for (QAction* a : menu->actions()) {
        if (a->isSeparator() || !a->isVisible()) continue;
        texts << a->text();
        if (a->menu()) checkMenu(a->menu(), problems);
    }
    for (const QString& c : clashes(texts))
        problems << menu->title() + u": "_s + c;
}

}  // namespace

class TestMnemonics : public QObject {
    Q_OBJECT

    void checkEverything(const QString& language) {
        QCOMPARE(MainWindow::installTranslation(language), language);
        MainWindow window;
        QByteArray demo = MainWindow::demoScenario();
        window.openEmbedded(QString(), demo.left(demo.indexOf("{\"op\":\"refund\"")));
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY_WITH_TIMEOUT(window.queueModel()->rowCount() > 0, 20000);
        // A seat interval and an order chosen: every operation can open.
        window.grid()->selectInterval(u"03-01A"_s, 3, 5);

        QStringList problems;
        QStringList bar;
        for (QAction* a : window.menuBar()->actions()) {
            bar << a->text();
            if (a->menu()) checkMenu(a->menu(), problems);
        }
        for (const QString& c : clashes(bar))
            problems << u"menu bar: "_s + c;

        auto checkDialog = [&](QWidget* d) {
            for (const QString& c : clashes(windowTexts(d)))
                problems << d->objectName() + u": "_s + c;
        };
        {
            SettingsDialog settings(&window);
            settings.show();
            checkDialog(&settings);
        }
        {
            ConnectDialog connect(&window);
            connect.setObjectName(u"connect"_s);
            connect.show();
            checkDialog(&connect);
        }
        for (Operation op :
             {Operation::Release, Operation::AddCar, Operation::Block, Operation::Sell,
              Operation::Waitlist, Operation::Prepay, Operation::CancelOrder, Operation::Advance,
              Operation::WaitlistCap, Operation::WaitlistRules, Operation::DefineTrain}) {
            QPointer<OperatorDialog> d = window.openOperation(op);
            QVERIFY(d);
            checkDialog(d);
            d->reject();
            QTRY_VERIFY(!d);
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    }

  private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(u"houbu-test"_s);
        QCoreApplication::setApplicationName(u"tst_mnemonics"_s);
    }

    void english() { checkEverything(u"en"_s); }
    void chinese() { checkEverything(u"zh_CN"_s); }
};

QTEST_MAIN(TestMnemonics)
#include "tst_mnemonics.moc"
