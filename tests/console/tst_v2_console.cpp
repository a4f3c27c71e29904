// Version 2's rules in the console, on the offscreen platform, in a real main
// window on a real in-memory engine: the standing row under a class's seats
// and the standing tickets under the grid; caps set from the queue view and
// shown there (候补人数已满); the Waitlist rules dialog (configure); and the
// Define train dialog adding a train (加开) that a queue drains into. Each
// dialog's refusals are the engine's, in its error code's words.

#include <QCheckBox>
#include <QComboBox>
#include <QElapsedTimer>
#include <QHeaderView>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStatusBar>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>
#include <QTreeWidget>

#include "houbu/dialogs/define_train_dialog.h"
#include "houbu/dialogs/waitlist_cap_dialog.h"
#include "houbu/dialogs/waitlist_rules_dialog.h"
#include "houbu/error_sentences.h"
#include "houbu/main_window.h"
#include "houbu/seat_grid_header.h"
#include "houbu/widgets.h"

using namespace houbu;
using namespace Qt::StringLiterals;
using Operation = MainWindow::Operation;

namespace {

// G7: a second-class car of two seats with three standing places, a
// first-class car of one seat. Both seats and the first-class seat are sold;
// standing 北京南→南京南 (one) and 济南西→上海虹桥 (two) fill 济南西→南京南
// exactly. w1 waits for G7 second and accepts added trains leaving 北京南
// 07:00-12:00; w2 waits for first class.
const QByteArray kScenario = R"(
{"op":"train","at":"2025-01-06T08:00","train":"G7","date":"2025-01-20","stops":[{"station":"北京南","km":0,"dep":"08:00"},{"station":"济南西","km":406,"arr":"09:30","dep":"09:32"},{"station":"南京南","km":1023,"arr":"11:30","dep":"11:32"},{"station":"上海虹桥","km":1318,"arr":"12:30"}],"cars":[{"car":1,"class":"second","rows":1,"layout":"AB"},{"car":2,"class":"first","rows":1,"layout":"A"}],"standing":{"second":3},"fares":{"second":0.5,"first":0.8}}
{"op":"sell","id":"s1","train":"G7","date":"2025-01-20","class":"second","from":"北京南","to":"上海虹桥","passengers":["甲","乙"]}
{"op":"sell","id":"s2","train":"G7","date":"2025-01-20","class":"first","from":"北京南","to":"上海虹桥","passengers":["丙"]}
{"op":"sell","id":"st1","train":"G7","date":"2025-01-20","class":"second","standing":true,"from":"北京南","to":"南京南","passengers":["站甲"]}
{"op":"sell","id":"st2","train":"G7","date":"2025-01-20","class":"second","standing":true,"from":"济南西","to":"上海虹桥","passengers":["站乙","站丙"]}
{"op":"waitlist","id":"w1","user":"u1","passengers":["候甲"],"from":"北京南","to":"上海虹桥","options":[{"train":"G7","date":"2025-01-20","class":"second"}],"new_trains":{"from":"2025-01-20T07:00","to":"2025-01-20T12:00"}}
{"op":"prepay","id":"w1"}
{"op":"waitlist","id":"w2","user":"u2","passengers":["候乙","候丙"],"from":"北京南","to":"南京南","options":[{"train":"G7","date":"2025-01-20","class":"first"}]}
{"op":"prepay","id":"w2"}
)";

QJsonObject parsed(const QByteArray& line) {
    return QJsonDocument::fromJson(line).object();
}

template <class T>
T field(QObject* dialog, const QString& name) {
    return dialog->findChild<T>(name);
}

QString problem(OperatorDialog* d) {
    QElapsedTimer waited;
    waited.start();
    while (d->isChecking() && waited.elapsed() < 10000)
        QTest::qWait(5);
    return d->isChecking() ? u"(no answer to the precheck)"_s : d->problem();
}

void send(OperatorDialog* dialog) {
    QPointer<OperatorDialog> d = dialog;
    QTRY_VERIFY(d->sendButton()->isEnabled());
    QTest::mouseClick(d->sendButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!d || !d->isVisible(), 10000);
}

// With HOUBU_DIALOG_SHOTS=dir set, saves a picture there.
void shot(QWidget* w, const QString& name) {
    const QString dir = qEnvironmentVariable("HOUBU_DIALOG_SHOTS");
    if (!dir.isEmpty()) w->grab().save(dir + u'/' + name + u".png"_s);
}

}  // namespace

class TestV2Console : public QObject {
    Q_OBJECT

    MainWindow* window_ = nullptr;

    QStringList eventsSince(int row) const {
        QStringList kinds;
        // The match trace beside the events is not what the commands answered.
        for (int r = row; r < window_->logModel()->rowCount(); ++r) {
            const QString kind = window_->logModel()->at(r).kindName();
            if (kind != u"match_considered"_s && kind != u"match_skipped"_s) kinds << kind;
        }
        return kinds;
    }

    int queuedOrders() const {
        int n = 0;
        for (int q = 0; q < window_->queueModel()->rowCount(); ++q)
            n += window_->queueModel()->rowCount(window_->queueModel()->index(q, 0));
        return n;
    }

  private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(u"houbu-test"_s);
        QCoreApplication::setApplicationName(u"tst_v2_console"_s);
        QCOMPARE(MainWindow::installTranslation(u"en"_s), u"en"_s);
    }

    void init() {
        window_ = new MainWindow;
        window_->openEmbedded(QString(), kScenario);
        window_->resize(1400, 900);
        window_->show();
        QVERIFY(QTest::qWaitForWindowExposed(window_));
        QTRY_VERIFY_WITH_TIMEOUT(queuedOrders() == 2, 20000);
    }

    void cleanup() {
        delete window_;
        window_ = nullptr;
    }

    // The standing row sits under the second class's last seat, with the load
    // per segment; the full segment is drawn in the full colour.
    void standingRowUnderTheClassSeats() {
        SeatGridView* grid = window_->grid();
        QTRY_COMPARE(grid->standingRows().size(), 1);
        const SeatGridView::StandingRow row = grid->standingRows().first();
        QCOMPARE(row.travelClass, u"second"_s);
        // Rows: 01-01A, 01-01B (second), 02-01A (first).
        QCOMPARE(row.row, 1);
        QVERIFY(grid->standingRect(0, 0).isEmpty());
        QVERIFY(grid->standingRect(2, 0).isEmpty());
        const QRect full = grid->standingRect(1, 1);
        QVERIFY(!full.isEmpty());
        QCOMPARE(full.height(), grid->standingRowHeight());
        // The seat cell of that row stays as high as any other.
        QCOMPARE(grid->rowHeight(1),
                 grid->rowHeight(0) - grid->dividerHeight() + grid->standingRowHeight());
        auto* header = qobject_cast<SeatGridHeader*>(grid->verticalHeader());
        QVERIFY(header);
        QCOMPARE(header->standingBelow(1), grid->standingRowHeight());
        QCOMPARE(header->dividerAbove(1), 0);
        QCOMPARE(header->dividerAbove(0), grid->dividerHeight());
        QCOMPARE(window_->gridModel()->standingOf(u"second"_s)->standingLoad,
                 (std::vector<int>{1, 3, 2}));

        const QImage image = grid->viewport()->grab().toImage();
        const SeatColors colors = SeatColors::forPalette(grid->palette());
        auto count = [&](const QRect& r, const QColor& c) {
            int n = 0;
            for (int y = r.top(); y <= r.bottom(); ++y)
                for (int x = r.left(); x <= r.right(); ++x)
                    n += image.pixelColor(x, y) == c;
            return n;
        };
        const QRect partial = grid->standingRect(1, 0);  // 1 of 3
        QVERIFY(count(full, colors.standingFull) > full.width() * full.height() / 3);
        QCOMPARE(count(partial, colors.standingFull), 0);
        QVERIFY(count(partial, colors.standing) > 0);
        shot(grid, u"standing-row"_s);
    }

    // The exported seat map carries the standing row too, with its legend.
    void exportedSeatMapHasTheStandingRow() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(u"map.png"_s);
        QTRY_COMPARE(window_->grid()->standingRows().size(), 1);
        QString error;
        QVERIFY2(window_->exportSeatMap(path, &error), qPrintable(error));
        const QImage image(path);
        QVERIFY(!image.isNull());
        QPalette paper;
        paper.setColor(QPalette::Window, Qt::white);
        paper.setColor(QPalette::Base, Qt::white);
        const SeatColors colors = SeatColors::forPalette(paper);
        int full = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                full += image.pixelColor(x, y) == colors.standingFull;
        // The full segment of the row (济南西→南京南), and the legend's swatch.
        QVERIFY2(full > 200, qPrintable(QString::number(full)));
        if (const QString shots = qEnvironmentVariable("HOUBU_DIALOG_SHOTS"); !shots.isEmpty())
            image.save(shots + u"/seat-map-standing.png"_s);
    }

    // The standing tickets are listed under the grid, and follow a refund.
    void standingTicketsUnderTheGrid() {
        QVERIFY(window_->standingPanel()->isVisible());
        QTableView* view = window_->standingView();
        QCOMPARE(view->model()->rowCount(), 3);
        QCOMPARE(view->model()->index(0, StandingTicketModel::Ticket).data().toString(),
                 u"st1.1"_s);
        QCOMPARE(view->model()->index(1, StandingTicketModel::Passenger).data().toString(),
                 u"站乙"_s);
        window_->session()->send({R"({"op":"pay","id":"st1"})", R"({"op":"refund","id":"st1"})"});
        QTRY_COMPARE(view->model()->rowCount(), 2);
        QTRY_COMPARE(window_->gridModel()->standingOf(u"second"_s)->standingLoad,
                     (std::vector<int>{0, 2, 2}));
    }

    // A cap set from the queue view's class, shown above the queues; lowered
    // below the queue it reads 候补人数已满 and the queued orders stay.
    void capFromTheQueueView() {
        QLabel* status = window_->capStatus();
        QVERIFY(status->text().contains(u"no cap"_s));
        // The first-class queue (w2, two passengers) is chosen in the queue view.
        QModelIndex firstClass;
        for (int q = 0; q < window_->queueModel()->rowCount(); ++q) {
            const QModelIndex i = window_->queueModel()->index(q, 0);
            if (i.data(QueueModel::ClassRole).toString() == u"first"_s) firstClass = i;
        }
        QVERIFY(firstClass.isValid());
        window_->queueView()->setCurrentIndex(firstClass);
        auto* d = qobject_cast<WaitlistCapDialog*>(window_->openOperation(Operation::WaitlistCap));
        QVERIFY(d);
        QCOMPARE(d->classChooser()->currentData().toString(), u"first"_s);
        QVERIFY(d->noCapBox()->isChecked());
        d->noCapBox()->setChecked(false);
        d->capEdit()->setValue(1);
        QTRY_VERIFY2(problem(d).isEmpty(), qPrintable(problem(d)));
        const QJsonObject o = parsed(d->command());
        QCOMPARE(o.value(u"op"_s).toString(), u"waitlist_cap"_s);
        QCOMPARE(o.value(u"class"_s).toString(), u"first"_s);
        QCOMPARE(o.value(u"cap"_s).toInt(), 1);
        // The preview says whom the cap turns away before Send.
        QTRY_VERIFY(d->previewLabel()->isVisible());
        QVERIFY2(d->previewLabel()->text().contains(u"over the cap of 1"_s),
                 qPrintable(d->previewLabel()->text()));
        d->capEdit()->setValue(50);
        QTRY_VERIFY2(d->previewLabel()->text().contains(u"room for 48 more"_s),
                     qPrintable(d->previewLabel()->text()));
        d->capEdit()->setValue(1);
        QTRY_VERIFY(d->previewLabel()->text().contains(u"over the cap of 1"_s));
        shot(d, u"waitlist-cap"_s);
        const int before = window_->logModel()->rowCount();
        send(d);
        QTRY_COMPARE(eventsSince(before), QStringList{u"waitlist_capped"_s});
        QTRY_VERIFY2(status->text().contains(u"候补人数已满"_s), qPrintable(status->text()));
        QVERIFY(status->text().contains(u"cap 1"_s));
        QCOMPARE(queuedOrders(), 2);

        // A new order naming the capped class: the waitlist dialog says so in
        // the engine's words.
        auto* w = qobject_cast<WaitlistDialog*>(window_->openOperation(Operation::Waitlist));
        QVERIFY(w);
        field<QLineEdit*>(w, u"user"_s)->setText(u"u9"_s);
        w->passengers()->item(0, 0)->setText(u"候丁"_s);
        w->options()->clear();
        QVERIFY(w->addOption(u"G7"_s, u"2025-01-20"_s, u"first"_s));
        QTRY_VERIFY2(problem(w).startsWith(errorSentence(ErrorCode::WaitlistFull)),
                     qPrintable(problem(w)));
        QVERIFY(!w->sendButton()->isEnabled());
        w->reject();

        // Closed (cap 0), then lifted again from the queue's context.
        OperatorContext c = window_->operatorContext();
        c.queueClass = u"first"_s;
        d = qobject_cast<WaitlistCapDialog*>(window_->openOperation(Operation::WaitlistCap, c));
        QVERIFY(d);
        QCOMPARE(d->capEdit()->value(), 1);  // the cap in force
        d->capEdit()->setValue(0);
        send(d);
        QTRY_VERIFY(status->text().contains(u"closed to the waitlist (cap 0)"_s));
        d = qobject_cast<WaitlistCapDialog*>(window_->openOperation(Operation::WaitlistCap, c));
        d->noCapBox()->setChecked(true);
        QVERIFY(parsed(d->command()).value(u"cap"_s).isNull());
        send(d);
        QTRY_VERIFY(!status->text().contains(u"候补人数已满"_s));
    }

    // Waitlist rules: version 1's limits at first; a number the engine does not
    // take is refused in its words; once applied, the dialog shows them.
    void waitlistRules() {
        auto* d =
            qobject_cast<WaitlistRulesDialog*>(window_->openOperation(Operation::WaitlistRules));
        QVERIFY(d);
        QCOMPARE(d->limitEdit(u"passengers"_s)->value(), 5);
        QCOMPARE(d->limitEdit(u"dates"_s)->value(), 2);
        QCOMPARE(d->limitEdit(u"options_per_date"_s)->value(), 5);
        QVERIFY(d->noLimitBox(u"options"_s)->isChecked());
        QVERIFY(d->noLimitBox(u"open_orders_per_user"_s)->isChecked());
        d->use12306();
        QCOMPARE(parsed(d->command()).value(u"limits"_s).toObject(),
                 (QJsonObject{{u"passengers"_s, 9},
                              {u"dates"_s, 3},
                              {u"options_per_date"_s, 60},
                              {u"options"_s, 60},
                              {u"open_orders_per_user"_s, 6}}));
        d->limitEdit(u"passengers"_s)->setValue(10);
        QTRY_VERIFY2(problem(d).startsWith(errorSentence(ErrorCode::BadCommand)),
                     qPrintable(problem(d)));
        QVERIFY(problem(d).contains(u"passengers"_s));
        d->limitEdit(u"passengers"_s)->setValue(9);
        d->limitEdit(u"open_orders_per_user"_s)->setValue(1);
        QTRY_VERIFY2(problem(d).isEmpty(), qPrintable(problem(d)));
        shot(d, u"waitlist-rules"_s);
        const int before = window_->logModel()->rowCount();
        send(d);
        QTRY_COMPARE(eventsSince(before), QStringList{u"configured"_s});
        // The limits in force come with the engine's next snapshot.
        QTRY_COMPARE(window_->operatorContext().snapshot->limits.passengers, 9);

        d = qobject_cast<WaitlistRulesDialog*>(window_->openOperation(Operation::WaitlistRules));
        QCOMPARE(d->limitEdit(u"passengers"_s)->value(), 9);
        QCOMPARE(d->limitEdit(u"open_orders_per_user"_s)->value(), 1);
        QVERIFY(!d->noLimitBox(u"open_orders_per_user"_s)->isChecked());
        d->reject();
        // Lowered while u1's order is open: it stays queued, and u1 may not
        // submit another.
        QCOMPARE(queuedOrders(), 2);
        auto* w = qobject_cast<WaitlistDialog*>(window_->openOperation(Operation::Waitlist));
        field<QLineEdit*>(w, u"user"_s)->setText(u"u1"_s);
        w->passengers()->item(0, 0)->setText(u"候戊"_s);
        QTRY_VERIFY2(problem(w).startsWith(errorSentence(ErrorCode::TooManyOrders)),
                     qPrintable(problem(w)));
        w->reject();
    }

    // Define train: an added copy of the shown run, 30 minutes later; w1
    // accepts it and is served on it at once.
    void defineAnAddedTrain() {
        auto* d = qobject_cast<DefineTrainDialog*>(window_->openOperation(Operation::DefineTrain));
        QVERIFY(d);
        QCOMPARE(d->trainEdit()->text(), u"G7A"_s);
        QCOMPARE(d->dateEdit()->text(), u"2025-01-20"_s);
        QVERIFY(d->addedBox()->isChecked());
        QCOMPARE(d->stops()->rowCount(), 4);
        QCOMPARE(d->cars()->rowCount(), 2);
        // The name of a run that exists: the engine's train_exists, in words.
        d->trainEdit()->setText(u"G7"_s);
        QTRY_VERIFY2(problem(d).startsWith(errorSentence(ErrorCode::TrainExists)),
                     qPrintable(problem(d)));
        d->trainEdit()->setText(u"G7A"_s);
        d->shiftTimes(30);
        QCOMPARE(d->stops()->item(0, DefineTrainDialog::Departure)->text(), u"08:30"_s);
        QCOMPARE(d->stops()->item(3, DefineTrainDialog::Arrival)->text(), u"13:00"_s);
        const QJsonObject o = parsed(d->command());
        QCOMPARE(o.value(u"op"_s).toString(), u"train"_s);
        QVERIFY(o.value(u"added"_s).toBool());
        QCOMPARE(o.value(u"standing"_s).toObject(), (QJsonObject{{u"second"_s, 3}}));
        const QJsonObject stop = o.value(u"stops"_s).toArray().at(1).toObject();
        QCOMPARE(stop.value(u"station"_s).toString(), u"济南西"_s);
        QCOMPARE(stop.value(u"km"_s).toDouble(), 406.0);
        QCOMPARE(stop.value(u"arr"_s).toString(), u"10:00"_s);
        QCOMPARE(stop.value(u"dep"_s).toString(), u"10:02"_s);
        QTRY_VERIFY2(problem(d).isEmpty(), qPrintable(problem(d)));
        shot(d, u"define-train"_s);
        const int before = window_->logModel()->rowCount();
        send(d);
        // Offered to w1 (its window) before any matching, then w1 is served on it.
        QTRY_COMPARE(eventsSince(before),
                     (QStringList{u"train_defined"_s, u"option_added"_s, u"waitlist_fulfilled"_s}));
        Event served;
        for (int r = before; r < window_->logModel()->rowCount(); ++r)
            if (window_->logModel()->kindAt(r) == u"waitlist_fulfilled"_s)
                served = window_->logModel()->at(r).event;
        QCOMPARE(served.id, std::string("w1"));
        QCOMPARE(served.train, std::string("G7A"));
        QTRY_COMPARE(queuedOrders(), 1);
        QVERIFY(window_->statusBar()->currentMessage().contains(u"G7A"_s));
    }
};

QTEST_MAIN(TestV2Console)
#include "tst_v2_console.moc"
