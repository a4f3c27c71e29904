// The why-waiting panel on the offscreen platform: it explains the order
// chosen in the queue view and only while that order waits. Once the order
// is served (a release, an added car) or another session is opened (another
// example), its text and its outlines in the grid go. Chinese runs last: a
// translation stays installed once loaded.

#include <QTest>
#include <QTextBrowser>
#include <QTreeView>

#include "houbu/examples.h"
#include "houbu/main_window.h"
#include "houbu/widgets.h"

using namespace houbu;
using namespace Qt::StringLiterals;

namespace {

// Chooses an order in the queue view with the mouse, as an operator does.
bool clickOrder(MainWindow& w, const QString& id) {
    const QModelIndex index = w.queueModel()->indexOfOrder(id);
    if (!index.isValid()) return false;
    QTreeView* view = w.queueView();
    view->scrollTo(index);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(index).center());
    return view->currentIndex().data(QueueModel::OrderIdRole).toString() == id;
}

const QHash<QString, QList<QPair<int, int>>>& outlines(MainWindow& w) {
    return w.grid()->gridDelegate()->highlights();
}

// The example's commands up to its stepped part, and the stepped commands.
QPair<QByteArray, QList<QByteArray>> example(const QString& name) {
    const Example ex = Example::load(name, u"en"_s);
    return {ex.setup, ex.stepped};
}

}  // namespace

class TestWhyPanel : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(u"houbu-test"_s);
        QCoreApplication::setApplicationName(u"tst_why_panel"_s);
        QCOMPARE(MainWindow::installTranslation(u"en"_s), u"en"_s);
    }

    // W6 waits for 徐州东→南京南 on the demo; the refund of D2.1 serves it.
    void servedOrder() {
        MainWindow window;
        QByteArray demo = MainWindow::demoScenario();
        window.openEmbedded(QString(), demo.left(demo.indexOf("{\"op\":\"refund\"")));
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY_WITH_TIMEOUT(window.queueModel()->indexOfOrder(u"W6"_s).isValid(), 20000);
        QVERIFY(clickOrder(window, u"W6"_s));
        QTRY_VERIFY_WITH_TIMEOUT(window.whyPanel()->toPlainText().contains(u"Why W6 waits"_s),
                                 5000);
        QVERIFY(!outlines(window).isEmpty());

        window.session()->send(
            {R"({"op":"release","train":"G13","date":"2025-01-20","seat":"03-01A","from":"济南西","to":"南京南","reason":"refund"})"});
        QTRY_VERIFY_WITH_TIMEOUT(!window.queueModel()->indexOfOrder(u"W6"_s).isValid(), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!window.whyPanel()->toPlainText().contains(u"Why W6 waits"_s),
                                 5000);
        // What the panel shows now is the chosen row's, and so are the outlines.
        const QString chosen =
            window.queueView()->currentIndex().data(QueueModel::OrderIdRole).toString();
        if (chosen.isEmpty()) {
            QVERIFY2(!window.whyPanel()->toPlainText().contains(u"waits:"_s),
                     qPrintable(window.whyPanel()->toPlainText()));
            QVERIFY(outlines(window).isEmpty());
        } else {
            QTRY_VERIFY(window.whyPanel()->toPlainText().contains(u"Why "_s + chosen));
        }
    }

    // The added car serves w1–w4; w3's explanation goes, w5's is renewed.
    void addedCarDrainsTheQueue() {
        const auto [setup, stepped] = example(u"added_car_drains_queue"_s);
        MainWindow window;
        window.openEmbedded(QString(), setup);
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY_WITH_TIMEOUT(window.queueModel()->indexOfOrder(u"w3"_s).isValid(), 20000);
        QVERIFY(clickOrder(window, u"w3"_s));
        QTRY_VERIFY_WITH_TIMEOUT(window.whyPanel()->toPlainText().contains(u"Why w3 waits"_s),
                                 5000);
        QVERIFY(!outlines(window).isEmpty());
        window.session()->send(stepped);  // the add_car
        QTRY_VERIFY_WITH_TIMEOUT(!window.queueModel()->indexOfOrder(u"w3"_s).isValid(), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!window.whyPanel()->toPlainText().contains(u"Why w3 waits"_s),
                                 5000);
        const QString chosen =
            window.queueView()->currentIndex().data(QueueModel::OrderIdRole).toString();
        if (chosen.isEmpty()) QVERIFY(outlines(window).isEmpty());
        // w5 (first class) still waits: its explanation is there and current.
        QVERIFY(clickOrder(window, u"w5"_s));
        QTRY_VERIFY_WITH_TIMEOUT(window.whyPanel()->toPlainText().contains(u"Why w5 waits"_s),
                                 5000);
    }

    // 简体中文: w-b3 in the 50th/200th example, then the race example.
    void anotherExampleInChinese() {
        QCOMPARE(MainWindow::installTranslation(u"zh_CN"_s), u"zh_CN"_s);
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openExample(u"independent_queues_50th_200th"_s));
        QTRY_VERIFY_WITH_TIMEOUT(window.stepState().paused, 20000);
        QTRY_VERIFY(window.queueModel()->indexOfOrder(u"w-b3"_s).isValid());
        QVERIFY(clickOrder(window, u"w-b3"_s));
        QTRY_VERIFY_WITH_TIMEOUT(window.whyPanel()->toPlainText().contains(u"w-b3"_s), 5000);
        QVERIFY(!outlines(window).isEmpty());

        QVERIFY(window.openExample(u"overlapping_queues_race"_s));
        QTRY_VERIFY_WITH_TIMEOUT(window.stepState().paused, 20000);
        QTest::qWait(100);
        QVERIFY2(!window.whyPanel()->toPlainText().contains(u"w-b3"_s),
                 qPrintable(window.whyPanel()->toPlainText()));
        QVERIFY(outlines(window).isEmpty());
    }
};

QTEST_MAIN(TestWhyPanel)
#include "tst_why_panel.moc"
