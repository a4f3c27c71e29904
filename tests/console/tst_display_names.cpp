// The console shows the engine's codes in words: every event kind, command,
// release source, class, status, cancel reason and error code has a name in
// English and in Chinese, and what the views, the status bar and the step
// banner show contains no wire code. Money has two decimals everywhere, and
// counts read as plurals ("0 seats", not "0 seat(s)").
// English runs first: a translation stays installed once loaded.

#include <QComboBox>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QStatusBar>
#include <QTest>
#include <QTextBrowser>
#include <QTreeView>

#include "houbu/display_names.h"
#include "houbu/main_window.h"
#include "houbu/operator_dialogs.h"
#include "houbu/step_panel.h"
#include "houbu/widgets.h"

using namespace houbu;
using namespace Qt::StringLiterals;
using Operation = MainWindow::Operation;

namespace {

// The codes found in `text` as whole words. In English many codes are plain
// words a name may use ("Ticket held", "Refund"): there only the snake_case
// codes and "(s)" count. In Chinese no code may appear, in any case.
QStringList rawCodesIn(const QString& text, bool chinese) {
    QStringList found;
    for (const QString& code : DisplayNames::allCodes()) {
        if (!chinese && !code.contains(u'_')) continue;
        const QRegularExpression word(
            u"(?<![A-Za-z_])"_s + QRegularExpression::escape(code) + u"(?![A-Za-z_])"_s,
            QRegularExpression::CaseInsensitiveOption);
        if (word.match(text).hasMatch()) found << code;
    }
    if (text.contains(u"(s)"_s)) found << u"(s)"_s;
    return found;
}

// The demo with an added car, a refusal, a duplicate, a cancelled order and a
// seat map after it: every kind of event the log shows without tracing.
QByteArray everyEvent() {
    QByteArray s = MainWindow::demoScenario();
    s +=
        R"({"op":"add_car","train":"G13","date":"2025-01-20","car":5,"class":"second","rows":2,"layout":"ABCDF"})"
        "\n"
        R"({"op":"pay","id":"NOPE"})"
        "\n"
        R"({"op":"pay","id":"D1"})"
        "\n"
        R"({"op":"waitlist","id":"WX","user":"u9","passengers":["候补乙"],"from":"北京南","to":"天津南","options":[{"train":"G13","date":"2025-01-20","class":"second"}]})"
        "\n"
        R"({"op":"cancel","id":"WX"})"
        "\n"
        R"({"op":"seatmap","train":"G13","date":"2025-01-20"})"
        "\n";
    return s;
}

}  // namespace

class TestDisplayNames : public QObject {
    Q_OBJECT

    void namesForEveryCode(bool chinese) {
        auto check = [chinese](const QString& code, const QString& name) {
            QVERIFY2(!name.isEmpty(), qPrintable(code));
            QVERIFY2(!code.contains(u'_') || name != code, qPrintable(code));
            QVERIFY2(!name.contains(u'_'), qPrintable(code + u": "_s + name));
            if (chinese) {
                static const QRegularExpression latin(u"[A-Za-z]"_s);
                QVERIFY2(!latin.match(name).hasMatch(), qPrintable(code + u": "_s + name));
            }
        };
        for (const QString& c : DisplayNames::eventKinds())
            check(c, DisplayNames::eventKind(c));
        for (const QString& c : DisplayNames::ops())
            check(c, DisplayNames::op(c));
        for (const QString& c : DisplayNames::releaseSources()) {
            check(c, DisplayNames::releaseSource(c));
            check(c, DisplayNames::releaseSourceSeries(c.toStdString()));
        }
        for (const QString& c : DisplayNames::travelClasses())
            check(c, DisplayNames::travelClass(c));
        for (const QString& c : DisplayNames::orderStatuses())
            check(c, DisplayNames::orderStatus(c));
        for (const QString& c : DisplayNames::ticketStatuses())
            check(c, DisplayNames::ticketStatus(c));
        for (const QString& c : DisplayNames::cancelReasons())
            check(c, DisplayNames::cancelReason(c));
        for (const QString& c : DisplayNames::queueLevels())
            check(c, DisplayNames::queueLevel(c));
        for (ErrorCode code : kErrorCodes) {
            const QString name = QString::fromLatin1(errorCodeName(code));
            QCOMPARE(DisplayNames::error(name), errorSentence(code));
            QVERIFY2(rawCodesIn(errorSentence(code), chinese).isEmpty(), qPrintable(name));
        }
        // Every event kind the engine has is listed.
        QCOMPARE(DisplayNames::eventKinds().size(), int(kLastEventKind) + 1);
        QCOMPARE(DisplayNames::money(553.5), u"¥553.50"_s);
        QCOMPARE(DisplayNames::moneyFen(55350), u"¥553.50"_s);
    }

    // What the console shows after every kind of event: no wire code.
    void viewsInWords(bool chinese) {
        MainWindow window;
        window.openEmbedded(QString(), everyEvent());
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY_WITH_TIMEOUT(
            window.logModel()->rowCount() > 0 &&
                window.logModel()->at(window.logModel()->rowCount() - 1).kindName() == u"seatmap"_s,
            20000);
        QTest::qWait(50);
        QStringList problems;
        auto look = [&](const QString& where, const QString& text) {
            const QStringList raw = rawCodesIn(text, chinese);
            if (!raw.isEmpty()) problems << u"%1: %2 in \"%3\""_s.arg(where, raw.join(u','), text);
        };
        QSet<QString> kinds;
        EventLogModel* log = window.logModel();
        for (int r = 0; r < log->rowCount(); ++r) {
            kinds.insert(log->index(r, 0).data(EventLogModel::KindRole).toString());
            look(u"log"_s, log->index(r, EventLogModel::Event).data().toString());
            // The engine's own message and trace reason are its words, shown as they are.
            QString details = log->index(r, EventLogModel::Details).data().toString();
            details.remove(QString::fromStdString(log->at(r).event.message));
            look(u"log"_s, details);
            if (log->at(r).kindName() == u"waitlist_submitted"_s) {
                const double prepay = double(log->at(r).event.prepayFen) / 100;
                QVERIFY(log->index(r, EventLogModel::Details)
                            .data()
                            .toString()
                            .contains(DisplayNames::money(prepay)));
            }
        }
        for (const char* kind :
             {"train_defined", "car_added", "ticket_held", "ticket_paid", "ticket_refunded",
              "hold_expired", "seat_released", "block_created", "block_released",
              "waitlist_submitted", "waitlist_effective", "waitlist_fulfilled",
              "waitlist_cancelled", "position", "availability", "seatmap", "duplicate", "error"})
            QVERIFY2(kinds.contains(QLatin1String(kind)), kind);
        // Queues, grid headers, filters.
        QueueModel* queues = window.queueModel();
        for (int q = 0; q < queues->rowCount(); ++q) {
            const QModelIndex parent = queues->index(q, 0);
            look(u"queue"_s, parent.data().toString());
            look(u"queue"_s, parent.data(Qt::ToolTipRole).toString());
            for (int o = 0; o < queues->rowCount(parent); ++o)
                for (int c = 0; c < QueueModel::ColumnCount; ++c)
                    look(u"order"_s, queues->index(o, c, parent).data().toString());
        }
        for (int r = 0; r < window.gridModel()->rowCount(); r += 7)
            look(u"seat"_s,
                 window.gridModel()->headerData(r, Qt::Vertical, Qt::ToolTipRole).toString());
        for (QComboBox* combo : window.findChildren<QComboBox*>())
            for (int i = 0; i < combo->count(); ++i)
                look(u"combo"_s, combo->itemText(i));
        // A class code shown where a class is named, in either language.
        for (QComboBox* combo : window.findChildren<QComboBox*>())
            for (int i = 0; i < combo->count(); ++i)
                for (const QString& cls : DisplayNames::travelClasses())
                    if (combo->itemText(i).contains(cls)) problems << combo->itemText(i);
        for (int q = 0; q < queues->rowCount(); ++q)
            for (const QString& cls : DisplayNames::travelClasses())
                if (queues->index(q, 0).data().toString().contains(cls))
                    problems << queues->index(q, 0).data().toString();
        // The why panel of a waiting order.
        const QModelIndex order = queues->index(0, 0, queues->index(0, 0));
        if (order.isValid()) {
            window.queueView()->setCurrentIndex(order);
            QTRY_VERIFY(!window.whyPanel()->toPlainText().isEmpty());
            look(u"why"_s, window.whyPanel()->toPlainText());
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    }

    // The status bar after a block and an added car, and the dialogs' lists.
    void statusBarInWords(bool chinese) {
        MainWindow window;
        QByteArray demo = MainWindow::demoScenario();
        window.openEmbedded(QString(), demo.left(demo.indexOf("{\"op\":\"refund\"")));
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY_WITH_TIMEOUT(window.queueModel()->rowCount() > 0, 20000);
        QStringList problems;
        auto look = [&](const QString& where, const QString& text) {
            const QStringList raw = rawCodesIn(text, chinese);
            if (!raw.isEmpty()) problems << u"%1: %2 in \"%3\""_s.arg(where, raw.join(u','), text);
        };
        for (Operation op : {Operation::Block, Operation::AddCar}) {
            QPointer<OperatorDialog> d = window.openOperation(op);
            QVERIFY(d);
            for (QComboBox* combo : d->findChildren<QComboBox*>())
                for (int i = 0; i < combo->count(); ++i)
                    look(u"dialog"_s, combo->itemText(i));
            QTRY_VERIFY_WITH_TIMEOUT(d->sendButton()->isEnabled(), 10000);
            const QString before = window.statusBar()->currentMessage();
            d->accept();
            if (auto* car = qobject_cast<AddCarDialog*>(d.data())) {
                QTRY_VERIFY(car->confirmation());
                look(u"confirmation"_s, car->confirmation()->text());
                car->confirmation()->findChild<QPushButton*>(u"confirm"_s)->click();
            }
            QTRY_VERIFY_WITH_TIMEOUT(!d, 10000);
            QTRY_VERIFY(window.statusBar()->currentMessage() != before);
            look(u"status bar"_s, window.statusBar()->currentMessage());
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    }

    // The step banner names the command in words.
    void stepBannerInWords(bool chinese) {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(window.openExample(u"overlapping_queues_race"_s));
        QTRY_VERIFY_WITH_TIMEOUT(window.stepState().paused, 20000);
        QTest::qWait(50);
        for (QLabel* l : window.stepPanel()->findChildren<QLabel*>()) {
            const QStringList raw = rawCodesIn(l->text(), chinese);
            QVERIFY2(raw.isEmpty(), qPrintable(raw.join(u',') + u" in "_s + l->text()));
        }
    }

  private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(u"houbu-test"_s);
        QCoreApplication::setApplicationName(u"tst_display_names"_s);
    }

    void english() {
        QCOMPARE(MainWindow::installTranslation(u"en"_s), u"en"_s);
        namesForEveryCode(false);
        viewsInWords(false);
        statusBarInWords(false);
        stepBannerInWords(false);
        // Plurals in the source language.
        QCOMPARE(EventLogModel::tr("%n seat(s) free", nullptr, 0), u"0 seats free"_s);
        QCOMPARE(EventLogModel::tr("%n seat(s) free", nullptr, 1), u"1 seat free"_s);
    }

    void chinese() {
        QCOMPARE(MainWindow::installTranslation(u"zh_CN"_s), u"zh_CN"_s);
        namesForEveryCode(true);
        viewsInWords(true);
        statusBarInWords(true);
        stepBannerInWords(true);
    }
};

QTEST_MAIN(TestDisplayNames)
#include "tst_display_names.moc"
