// The operator's dialogs on the offscreen platform, in a real main window on a
// real in-memory engine loaded with the demo: what each dialog refuses while
// typing (what is missing, and what the engine's precheck foresees, in the
// error code's words), the one command it sends, what that command changes,
// and an engine error shown in the dialog with nothing changed.

#include <QCheckBox>
#include <QComboBox>
#include <QDateTimeEdit>
#include <QElapsedTimer>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollBar>
#include <QSet>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStatusBar>
#include <QTableWidget>
#include <QTest>
#include <QTreeView>
#include <QTreeWidget>
#include <vector>

#include "houbu/display_names.h"
#include "houbu/error_sentences.h"
#include "houbu/main_window.h"
#include "houbu/operator_dialogs.h"
#include "houbu/widgets.h"

using namespace houbu;
using namespace Qt::StringLiterals;
using Operation = MainWindow::Operation;

namespace {

QJsonObject parsed(const QByteArray& line) {
    return QJsonDocument::fromJson(line).object();
}

QString json(const QJsonObject& o) {
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

template <class T>
T field(QObject* dialog, const QString& name) {
    return dialog->findChild<T>(name);
}

void setCombo(QComboBox* combo, const QString& text) {
    const int i = combo->findText(text);
    QVERIFY2(i >= 0, qPrintable(text));
    combo->setCurrentIndex(i);
}

// The seats a seat-map preview draws in its window tint: the 4-connected areas of
// the commonest colour that is none of the palette's own (background, car body,
// lines and text), each of at least 30 pixels.
int tintedSeats(const QImage& shot, const QPalette& palette) {
    const QImage image = shot.convertToFormat(QImage::Format_RGB32);
    QSet<QRgb> own;
    for (QPalette::ColorRole role :
         {QPalette::Base, QPalette::AlternateBase, QPalette::Text, QPalette::WindowText,
          QPalette::Highlight, QPalette::Mid, QPalette::PlaceholderText})
        own.insert(palette.color(role).rgb());
    QHash<QRgb, int> count;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (!own.contains(image.pixel(x, y))) ++count[image.pixel(x, y)];
    QRgb tint = 0;
    for (auto it = count.cbegin(); it != count.cend(); ++it)
        if (it.value() > count.value(tint)) tint = it.key();
    std::vector<bool> seen(std::size_t(image.width() * image.height()), false);
    int areas = 0;
    for (int y0 = 0; y0 < image.height(); ++y0)
        for (int x0 = 0; x0 < image.width(); ++x0) {
            if (seen[std::size_t(y0 * image.width() + x0)] || image.pixel(x0, y0) != tint) continue;
            int size = 0;
            QList<QPoint> todo{{x0, y0}};
            seen[std::size_t(y0 * image.width() + x0)] = true;
            while (!todo.isEmpty()) {
                const QPoint p = todo.takeLast();
                ++size;
                for (const QPoint& n :
                     {p + QPoint(1, 0), p - QPoint(1, 0), p + QPoint(0, 1), p - QPoint(0, 1)}) {
                    if (!image.rect().contains(n)) continue;
                    const std::size_t k = std::size_t(n.y() * image.width() + n.x());
                    if (seen[k] || image.pixel(n) != tint) continue;
                    seen[k] = true;
                    todo << n;
                }
            }
            if (size >= 30) ++areas;
        }
    return areas;
}

// Chooses the item that keeps `code` (a class shown in words keeps its code).
void setComboData(QComboBox* combo, const QString& code) {
    const int i = combo->findData(code);
    QVERIFY2(i >= 0, qPrintable(code));
    combo->setCurrentIndex(i);
}

}  // namespace

class TestDialogs : public QObject {
    Q_OBJECT

    MainWindow* window_ = nullptr;
    QString clock_;
    QJsonObject run_{{u"train"_s, u"G13"_s}, {u"date"_s, u"2025-01-20"_s}};

    // {"op", "at" = the console clock, "train", "date"} plus `fields`.
    QJsonObject expected(const QString& op, const QJsonObject& fields, bool onRun = true) const {
        QJsonObject o = fields;
        o.insert(u"op"_s, op);
        o.insert(u"at"_s, clock_);
        if (onRun)
            for (auto it = run_.begin(); it != run_.end(); ++it)
                o.insert(it.key(), it.value());
        return o;
    }

    // With HOUBU_DIALOG_SHOTS=dir set, saves a picture of the dialog there.
    static void shot(QWidget* d, const QString& name) {
        const QString dir = qEnvironmentVariable("HOUBU_DIALOG_SHOTS");
        if (dir.isEmpty()) return;
        d->grab().save(dir + u'/' + name + u".png"_s);
        const QPalette light = d->palette();
        QPalette dark(QColor(53, 53, 53));
        dark.setColor(QPalette::Base, QColor(35, 35, 35));
        dark.setColor(QPalette::AlternateBase, QColor(45, 45, 45));
        dark.setColor(QPalette::Text, QColor(230, 230, 230));
        dark.setColor(QPalette::WindowText, QColor(230, 230, 230));
        dark.setColor(QPalette::ButtonText, QColor(230, 230, 230));
        d->setPalette(dark);
        d->grab().save(dir + u'/' + name + u"-dark.png"_s);
        d->setPalette(light);
    }

    // The dialog's problem once the engine has answered its precheck.
    static QString problem(OperatorDialog* d) {
        QElapsedTimer waited;
        waited.start();
        while (d->isChecking() && waited.elapsed() < 10000)
            QTest::qWait(5);
        return d->isChecking() ? u"(no answer to the precheck)"_s : d->problem();
    }

    // Clicks Send and waits for the answer.
    static void send(OperatorDialog* dialog) {
        QPointer<OperatorDialog> d = dialog;  // deleted once closed
        QTRY_VERIFY(d->sendButton()->isEnabled());
        QTest::mouseClick(d->sendButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!d || !d->isSending() || !d->isVisible(), 10000);
    }

    int kindAt(const QString& seat, int column) const {
        const int row = window_->gridModel()->rowOfSeat(seat);
        return window_->gridModel()->index(row, column).data(SeatGridModel::KindRole).toInt();
    }

    QStringList eventsSince(int row) const {
        QStringList kinds;
        for (int r = row; r < window_->logModel()->rowCount(); ++r)
            kinds << window_->logModel()->at(r).kindName();
        return kinds;
    }

  private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(u"houbu-test"_s);
        QCoreApplication::setApplicationName(u"tst_dialogs"_s);
        // As the console starts: English with its plural forms.
        QCOMPARE(MainWindow::installTranslation(u"en"_s), u"en"_s);
    }

    void init() {
        window_ = new MainWindow;
        QByteArray demo = MainWindow::demoScenario();
        window_->openEmbedded(QString(), demo.left(demo.indexOf("{\"op\":\"refund\"")));
        window_->resize(1400, 900);
        window_->show();
        QVERIFY(QTest::qWaitForWindowExposed(window_));
        QTRY_VERIFY_WITH_TIMEOUT(window_->queueModel()->rowCount() == 6, 20000);
        clock_ = window_->operatorContext().snapshot->clock;
        QVERIFY(clock_.startsWith(u"2025-01-06T"_s));
    }

    void cleanup() {
        delete window_;
        window_ = nullptr;
    }

    // Without a session nothing can be sent: every operation says why.
    void actionsSayWhyTheyAreDisabled() {
        MainWindow empty;
        for (Operation op : {Operation::Release, Operation::Sell, Operation::Block,
                             Operation::Waitlist, Operation::AddCar, Operation::Advance}) {
            QAction* a = empty.operationAction(op);
            QVERIFY(!a->isEnabled());
            QCOMPARE(a->toolTip(), u"Open a scenario or a store first"_s);
        }
        QVERIFY(!empty.openOperation(Operation::Sell));
        // With the demo: release waits for a selection, prepay for a submitted order.
        QVERIFY(!window_->releaseAction()->isEnabled());
        QCOMPARE(window_->releaseAction()->toolTip(),
                 u"Select a seat interval in the grid first"_s);
        QVERIFY(!window_->operationAction(Operation::Prepay)->isEnabled());
        QCOMPARE(window_->operationAction(Operation::Prepay)->toolTip(),
                 u"No waitlist order awaits prepayment"_s);
        for (Operation op : {Operation::Sell, Operation::Block, Operation::Waitlist,
                             Operation::CancelOrder, Operation::AddCar, Operation::Advance})
            QVERIFY(window_->operationAction(op)->isEnabled());
    }

    void sell() {
        // Ctrl+Shift+S opens the dialog.
        QTest::keyClick(window_, Qt::Key_S, Qt::ControlModifier | Qt::ShiftModifier);
        QPointer<SellDialog> d;
        QTRY_VERIFY((d = window_->findChild<SellDialog*>()) && d->isVisible());
        QVERIFY(!d->sendButton()->isEnabled());
        QVERIFY2(problem(d).contains(u"Passenger 1 has no name"_s), qPrintable(problem(d)));
        QCOMPARE(d->messageLabel()->text(), d->problem());
        QVERIFY(d->command().isEmpty());

        setComboData(field<QComboBox*>(d, u"class"_s), u"first"_s);
        QTableWidget* table = d->passengers();
        table->item(0, 0)->setText(u"测试甲"_s);
        QVERIFY2(problem(d).isEmpty(), qPrintable(problem(d)));
        QVERIFY(d->sendButton()->isEnabled());
        // A second passenger with the same name, then a seat for only one of them.
        QTest::mouseClick(field<QPushButton*>(d, u"addPassenger"_s), Qt::LeftButton);
        QCOMPARE(table->rowCount(), 2);
        table->item(1, 0)->setText(u"测试甲"_s);
        QVERIFY2(problem(d).contains(u"named twice"_s), qPrintable(problem(d)));
        QVERIFY2(problem(d).startsWith(errorSentence(ErrorCode::PassengerConflict)),
                 qPrintable(problem(d)));
        QVERIFY(!d->sendButton()->isEnabled());
        table->item(1, 0)->setText(u"测试乙"_s);
        table->item(0, 1)->setText(u"02-02a"_s);
        QVERIFY2(problem(d).contains(u"every passenger a seat"_s), qPrintable(problem(d)));
        table->item(1, 1)->setText(u"02-01A"_s);  // F1.1 holds it from 北京南
        QVERIFY2(problem(d).contains(u"02-01A is taken"_s), qPrintable(problem(d)));
        // The code is put in words; the engine's detail follows, marked as its own.
        QVERIFY2(problem(d).startsWith(errorSentence(ErrorCode::SeatTaken)),
                 qPrintable(problem(d)));
        QVERIFY2(!problem(d).contains(u"seat_taken"_s), qPrintable(problem(d)));
        QVERIFY2(problem(d).contains(DisplayNames::engineDetail(u"seat 02-01A"_s).chopped(1)),
                 qPrintable(problem(d)));
        table->item(1, 1)->setText(u"03-03A"_s);
        QVERIFY2(problem(d).contains(u"03-03A is second, not first"_s), qPrintable(problem(d)));
        table->item(1, 1)->setText(u"09-01A"_s);
        QVERIFY2(problem(d).contains(u"'09-01A' does not exist"_s), qPrintable(problem(d)));
        table->item(1, 1)->setText(u"2-2C"_s);
        QVERIFY2(problem(d).isEmpty(), qPrintable(problem(d)));
        shot(d, u"sell"_s);

        const QString id = field<QLineEdit*>(d, u"id"_s)->text();
        QVERIFY(id.startsWith(u"S-20250106-"_s));
        QCOMPARE(json(parsed(d->command())),
                 json(expected(u"sell"_s, {{u"id"_s, id},
                                           {u"from"_s, u"北京南"_s},
                                           {u"to"_s, u"上海虹桥"_s},
                                           {u"class"_s, u"first"_s},
                                           {u"passengers"_s, QJsonArray{u"测试甲"_s, u"测试乙"_s}},
                                           {u"seats"_s, QJsonArray{u"02-02A"_s, u"02-02C"_s}}})));
        // Without explicit seats: a preference instead.
        table->item(0, 1)->setText(QString());
        table->item(1, 1)->setText(QString());
        setCombo(field<QComboBox*>(d, u"prefer"_s), u"Window"_s);
        QCOMPARE(parsed(d->command()).value(u"prefer"_s).toString(), u"window"_s);
        QVERIFY(!parsed(d->command()).contains(u"seats"_s));
        table->item(0, 1)->setText(u"02-02A"_s);
        table->item(1, 1)->setText(u"02-02C"_s);

        send(d);
        QTRY_VERIFY(!d);  // closed and deleted once applied
        QTRY_COMPARE(kindAt(u"02-02A"_s, 0), int(SeatGridModel::HolderKind::Held));
        QCOMPARE(kindAt(u"02-02C"_s, 6), int(SeatGridModel::HolderKind::Held));
        QVERIFY2(window_->statusBar()->currentMessage().contains(id),
                 qPrintable(window_->statusBar()->currentMessage()));
    }

    // Another operator sells the seat while the dialog is open: the engine's
    // seat_taken shows in the dialog, which keeps its input; nothing changed.
    void sellRefusedByTheEngine() {
        OperatorContext here = window_->operatorContext();
        here.seat = u"02-04A"_s;
        here.from = 0;
        here.to = 7;
        QPointer<SellDialog> d =
            qobject_cast<SellDialog*>(window_->openOperation(Operation::Sell, here));
        QVERIFY(d);
        QCOMPARE(field<QComboBox*>(d, u"class"_s)->currentData().toString(), u"first"_s);
        QCOMPARE(field<QComboBox*>(d, u"class"_s)->currentText(), u"First class"_s);
        QCOMPARE(d->passengers()->item(0, 1)->text(), u"02-04A"_s);
        d->passengers()->item(0, 0)->setText(u"测试丙"_s);
        QVERIFY2(problem(d).isEmpty(), qPrintable(problem(d)));
        const QByteArray mine = d->command();

        // The other sale is queued just before ours: the dialog's answer is its
        // own command's events only.
        const int logRow = window_->logModel()->rowCount();
        const qint64 seq = window_->lastSeq();
        window_->session()->send(
            {R"({"op":"sell","id":"OTHER","train":"G13","date":"2025-01-20","from":"天津南","to":"德州东","class":"first","passengers":["别人"],"seats":["02-04A"]})"});
        send(d);
        QVERIFY(d && d->isVisible());
        QVERIFY2(d->messageLabel()->text().contains(errorSentence(ErrorCode::SeatTaken)),
                 qPrintable(d->messageLabel()->text()));
        QVERIFY2(!d->messageLabel()->text().contains(u"seat_taken"_s),
                 qPrintable(d->messageLabel()->text()));
        QVERIFY(d->sendButton()->isEnabled());
        QCOMPARE(d->passengers()->item(0, 0)->text(), u"测试丙"_s);
        QCOMPARE(d->command(), mine);
        QCOMPARE(eventsSince(logRow), (QStringList{u"ticket_held"_s, u"error"_s}));
        QCOMPARE(window_->lastSeq(), seq + 2);
        QCOMPARE(d->reply().size(), 1);
        QCOMPARE(d->reply().first().seq, seq + 2);
        // The seat is still the other sale's only.
        const int row = window_->gridModel()->rowOfSeat(u"02-04A"_s);
        QCOMPARE(window_->gridModel()->index(row, 0).data(SeatGridModel::KindRole).toInt(),
                 int(SeatGridModel::HolderKind::Free));
        QTRY_COMPARE(window_->gridModel()->index(row, 1).data(SeatGridModel::SaleRole).toString(),
                     u"OTHER"_s);
        d->reject();
        QTRY_VERIFY(!d);
    }

    // A hold that would outlast the train's departure is allowed, and said.
    void sellHoldPastDeparture() {
        QPointer<SellDialog> d = qobject_cast<SellDialog*>(window_->openOperation(Operation::Sell));
        QVERIFY(d);
        d->passengers()->item(0, 0)->setText(u"测试丁"_s);
        QVERIFY2(problem(d).isEmpty(), qPrintable(problem(d)));
        QCOMPARE(d->messageLabel()->text(), QString());  // weeks before the train
        // G13 leaves 北京南 at 09:00; a sale at 08:45 is held for 30 minutes.
        d->atEdit()->setDateTime(QDateTime(QDate(2025, 1, 20), QTime(8, 45), Qt::UTC));
        QVERIFY2(problem(d).isEmpty(), qPrintable(problem(d)));
        QVERIFY(d->sendButton()->isEnabled());
        const QString note = d->messageLabel()->text();
        QVERIFY2(note.contains(u"2025-01-20 09:15"_s) && note.contains(u"北京南"_s) &&
                     note.contains(u"2025-01-20 09:00"_s),
                 qPrintable(note));
        // Boarding later, at 济南西 (dep 10:46): the hold ends in time.
        setCombo(field<QComboBox*>(d, u"from"_s), u"济南西"_s);
        QVERIFY2(problem(d).isEmpty(), qPrintable(problem(d)));
        QCOMPARE(d->messageLabel()->text(), QString());
        d->reject();
    }

    void releaseFromTheGridKeyboard() {
        // Select 03-01A 天津南→南京南: D1.1 reaches outside it.
        window_->grid()->selectInterval(u"03-01A"_s, 1, 5);
        QVERIFY(window_->releaseAction()->isEnabled());
        window_->grid()->setFocus();
        QTest::keyClick(window_->grid(), Qt::Key_Delete);
        QPointer<ReleaseDialog> d;
        QTRY_VERIFY((d = window_->findChild<ReleaseDialog*>()) && d->isVisible());
        QCOMPARE(field<QLineEdit*>(d, u"seat"_s)->text(), u"03-01A"_s);
        QVERIFY2(problem(d).contains(u"D1.1 on seat 03-01A covers 北京南→济南西"_s),
                 qPrintable(problem(d)));
        QVERIFY2(problem(d).startsWith(errorSentence(ErrorCode::PartialTicket)),
                 qPrintable(problem(d)));
        shot(d, u"release-invalid"_s);
        QVERIFY(!d->sendButton()->isEnabled());
        // Narrow to 济南西→南京南: exactly D2.1.
        setCombo(field<QComboBox*>(d, u"from"_s), u"济南西"_s);
        QCOMPARE(field<QComboBox*>(d, u"to"_s)->currentText(), u"南京南"_s);
        QVERIFY2(problem(d).isEmpty(), qPrintable(problem(d)));
        QVERIFY(field<QLabel*>(d, u"contents"_s)->text().contains(u"D2.1"_s));
        field<QLineEdit*>(d, u"seat"_s)->setText(u"03-09A"_s);
        QVERIFY2(problem(d).contains(u"'03-09A' does not exist"_s), qPrintable(problem(d)));
        field<QLineEdit*>(d, u"seat"_s)->setText(u"02-02a"_s);
        QVERIFY2(problem(d).startsWith(errorSentence(ErrorCode::NothingToRelease)),
                 qPrintable(problem(d)));
        QVERIFY2(problem(d).contains(u"02-02A has no ticket or block"_s), qPrintable(problem(d)));
        field<QLineEdit*>(d, u"seat"_s)->setText(u"3-1a"_s);
        setCombo(field<QComboBox*>(d, u"reason"_s), u"Reschedule (改签)"_s);
        QCOMPARE(json(parsed(d->command())),
                 json(expected(u"release"_s, {{u"seat"_s, u"03-01A"_s},
                                              {u"from"_s, u"济南西"_s},
                                              {u"to"_s, u"南京南"_s},
                                              {u"reason"_s, u"reschedule"_s}})));
        const int logRow = window_->logModel()->rowCount();
        send(d);
        QTRY_VERIFY(!d);
        const QStringList kinds = eventsSince(logRow);
        QVERIFY2(kinds.mid(0, 2) == (QStringList{u"ticket_refunded"_s, u"seat_released"_s}),
                 qPrintable(kinds.join(u' ')));
        QVERIFY2(window_->statusBar()->currentMessage().contains(u"Released 1 seat interval"_s),
                 qPrintable(window_->statusBar()->currentMessage()));
    }

    // The block under the cursor, released by id.
    void releaseABlock() {
        OperatorContext here = window_->operatorContext();
        here.holder = u"Q1"_s;
        QPointer<OperatorDialog> d = window_->openOperation(Operation::Release, here);
        QVERIFY(d);
        QVERIFY(field<QRadioButton*>(d, u"byBlock"_s)->isChecked());
        QCOMPARE(json(parsed(d->command())),
                 json(expected(u"release"_s, {{u"id"_s, u"Q1"_s}}, false)));
        send(d);
        QTRY_VERIFY(!d);
        QVERIFY(window_->logModel()->rowCount() > 0);
        QTRY_VERIFY(kindAt(u"03-01C"_s, 0) != int(SeatGridModel::HolderKind::Block));
    }

    void addCar() {
        QTest::keyClick(window_, Qt::Key_A, Qt::ControlModifier | Qt::ShiftModifier);
        QPointer<AddCarDialog> d;
        QTRY_VERIFY((d = window_->findChild<AddCarDialog*>()) && d->isVisible());
        auto* car = field<QSpinBox*>(d, u"car"_s);
        auto* rows = field<QSpinBox*>(d, u"rows"_s);
        auto* layout = field<QLineEdit*>(d, u"layout"_s);
        QCOMPARE(car->value(), 5);
        QVERIFY2(problem(d).isEmpty(), qPrintable(problem(d)));
        car->setValue(3);
        QVERIFY2(problem(d).contains(u"car 3 already runs"_s), qPrintable(problem(d)));
        QVERIFY(!d->sendButton()->isEnabled());
        car->setValue(7);
        layout->setText(u"ABCA"_s);
        QVERIFY2(problem(d).contains(u"repeats the letter A"_s), qPrintable(problem(d)));
        QVERIFY2(problem(d).startsWith(errorSentence(ErrorCode::BadCommand)),
                 qPrintable(problem(d)));
        layout->setText(u"AB1"_s);
        QVERIFY2(problem(d).contains(u"must be seat letters A to Z"_s), qPrintable(problem(d)));
        layout->clear();
        QVERIFY2(problem(d).contains(u"seat letters of one row"_s), qPrintable(problem(d)));
        layout->clear();
        QTest::keyClicks(layout, u"acdf"_s);
        rows->setValue(2);
        setComboData(field<QComboBox*>(d, u"class"_s), u"first"_s);
        QCOMPARE(layout->text(), u"acdf"_s);  // typed by the operator: kept
        QCOMPARE(d->preview()->toolTip(), u"2 rows × 4 seats a row = 8 seats"_s);
        // The preview draws the car it will add, a seat per row and letter: here the
        // window seats, A and F, of each row.
        QCOMPARE(tintedSeats(d->preview()->grab().toImage(), d->preview()->palette()), 2 * 2);
        rows->setValue(3);
        QCOMPARE(tintedSeats(d->preview()->grab().toImage(), d->preview()->palette()), 3 * 2);
        layout->setText(u"ABCDF"_s);
        QCOMPARE(tintedSeats(d->preview()->grab().toImage(), d->preview()->palette()), 3 * 2);
        rows->setValue(2);
        layout->setText(u"acdf"_s);
        shot(d, u"add-car"_s);
        QCOMPARE(json(parsed(d->command())),
                 json(expected(u"add_car"_s, {{u"car"_s, 7},
                                              {u"class"_s, u"first"_s},
                                              {u"rows"_s, 2},
                                              {u"layout"_s, u"ACDF"_s}})));
        QTRY_VERIFY(d->sendButton()->isEnabled());
        QTest::mouseClick(d->sendButton(), Qt::LeftButton);
        QTRY_VERIFY(d->confirmation() && d->confirmation()->isVisible());
        QTest::mouseClick(field<QPushButton*>(d->confirmation(), u"confirm"_s), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!d, 10000);
        QTRY_VERIFY(window_->gridModel()->rowOfSeat(u"07-02F"_s) >= 0);
    }

    // Closing the window while its queues scroll: the views' last signals, as
    // ~QWidget deletes them, must not reach the half-destroyed window.
    void closesWhileQueuesScroll() {
        QTreeView* queues = window_->queueView();
        window_->resize(640, 420);
        QTRY_VERIFY(queues->verticalScrollBar()->maximum() > 0);
        queues->verticalScrollBar()->setValue(queues->verticalScrollBar()->maximum());
    }

    // The class proposed is the one the operator points at, and the car is
    // added only once confirmed: Return alone never adds it.
    void addCarAsksFirst() {
        auto classOf = [this] {
            QPointer<AddCarDialog> d =
                qobject_cast<AddCarDialog*>(window_->openOperation(Operation::AddCar));
            const QString cls =
                d ? field<QComboBox*>(d, u"class"_s)->currentData().toString() : QString();
            if (d) d->reject();
            return cls;
        };
        // Nothing chosen: the class with passengers waiting (the demo's queues are second class).
        QCOMPARE(classOf(), u"second"_s);
        // A first-class seat selected in the grid.
        window_->grid()->selectInterval(u"02-01A"_s, 0, 3);
        QCOMPARE(classOf(), u"first"_s);
        // A queued order chosen: its queue's class.
        window_->queueView()->setCurrentIndex(window_->queueModel()->indexOfOrder(u"W8"_s));
        QCOMPARE(classOf(), u"second"_s);

        const qint64 seq = window_->lastSeq();
        const int rows = window_->gridModel()->rowCount();
        QPointer<AddCarDialog> d =
            qobject_cast<AddCarDialog*>(window_->openOperation(Operation::AddCar));
        QVERIFY(d);
        QTRY_VERIFY(d->sendButton()->isEnabled());
        QTest::keyClick(d, Qt::Key_Return);
        // The dialog must still be there, asking: a crash here would hide why.
        QTRY_VERIFY2(!d || (d->confirmation() && d->confirmation()->isVisible()),
                     "no confirmation yet");
        QVERIFY2(d, "the dialog closed on Return without asking");
        QVERIFY2(d->confirmation()->text().contains(u"Second class"_s),
                 qPrintable(d->confirmation()->text()));
        QVERIFY2(d->confirmation()->text().contains(u"20 seats"_s),
                 qPrintable(d->confirmation()->text()));
        // Return again answers the question with its default: not now.
        QTest::keyClick(d->confirmation(), Qt::Key_Return);
        QTRY_VERIFY(!d->confirmation());
        QTest::qWait(100);
        QVERIFY(d && d->isVisible());
        QCOMPARE(window_->lastSeq(), seq);
        QCOMPARE(window_->gridModel()->rowCount(), rows);
        // Asked again, and confirmed.
        QTest::keyClick(d, Qt::Key_Return);
        QTRY_VERIFY(d->confirmation() && d->confirmation()->isVisible());
        QTest::mouseClick(field<QPushButton*>(d->confirmation(), u"confirm"_s), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!d, 10000);
        QTRY_COMPARE(window_->gridModel()->rowCount(), rows + 20);
    }

    // Before Send, the dialog says what the car would do (the engine's own
    // preview, taken back): the orders it names are the ones Send serves, in
    // the same order, and the run's longest queue shrinks as it says.
    void addCarPreviewIsWhatSendDoes() {
        QPointer<AddCarDialog> d =
            qobject_cast<AddCarDialog*>(window_->openOperation(Operation::AddCar));
        QVERIFY(d);
        QTRY_VERIFY(d->sendButton()->isEnabled());
        QTRY_VERIFY(d->previewLabel()->isVisible());
        const QString text = d->previewLabel()->text();
        const QStringList promised = d->previewServed();
        QVERIFY2(!promised.isEmpty(), qPrintable(text));
        QVERIFY2(text.contains(u"would serve %1 orders"_s.arg(promised.size())), qPrintable(text));
        QVERIFY2(text.contains(promised.first()), qPrintable(text));
        QVERIFY2(text.contains(u"longest queue would go from"_s), qPrintable(text));
        // The preview changed nothing: the queues are as they were.
        QCOMPARE(window_->queueModel()->rowCount(), 6);
        QStringList served;
        connect(d, &OperatorDialog::applied, this, [&](const QList<EventRecord>& events) {
            for (const EventRecord& r : events)
                if (r.event.kind == EventKind::WaitlistFulfilled)
                    served << QString::fromStdString(r.event.id);
        });
        QTest::keyClick(d, Qt::Key_Return);
        QTRY_VERIFY(d->confirmation() && d->confirmation()->isVisible());
        QTest::mouseClick(field<QPushButton*>(d->confirmation(), u"confirm"_s), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!d, 10000);
        QCOMPARE(served, promised);
    }

    void block() {
        window_->grid()->selectInterval(u"02-03A"_s, 2, 6);
        OperatorContext here = window_->operatorContext();
        QCOMPARE(here.seat, u"02-03A"_s);
        QPointer<OperatorDialog> d = window_->openOperation(Operation::Block, here);
        QVERIFY(d);
        auto* seats = field<QLineEdit*>(d, u"seats"_s);
        QCOMPARE(seats->text(), u"02-03A"_s);
        QCOMPARE(field<QComboBox*>(d, u"class"_s)->currentData().toString(), u"first"_s);
        QCOMPARE(field<QComboBox*>(d, u"class"_s)->currentText(), u"First class"_s);
        seats->setText(u"02-03A, 02-03D"_s);  // F5.1 holds 02-03D
        QVERIFY2(problem(d).contains(u"02-03D is taken"_s), qPrintable(problem(d)));
        seats->setText(u"02-03A 2-3a"_s);
        QVERIFY2(problem(d).contains(u"twice"_s), qPrintable(problem(d)));
        seats->setText(u"02-03A 02-03C"_s);
        const QString id = field<QLineEdit*>(d, u"id"_s)->text();
        shot(d, u"block"_s);
        QCOMPARE(json(parsed(d->command())),
                 json(expected(u"block"_s, {{u"id"_s, id},
                                            {u"from"_s, u"德州东"_s},
                                            {u"to"_s, u"苏州北"_s},
                                            {u"class"_s, u"first"_s},
                                            {u"seats"_s, QJsonArray{u"02-03A"_s, u"02-03C"_s}}})));
        // By count: more than are free is refused.
        field<QRadioButton*>(d, u"byCount"_s)->setChecked(true);
        field<QSpinBox*>(d, u"count"_s)->setValue(500);
        QVERIFY2(problem(d).contains(u"cannot block 500 seats"_s), qPrintable(problem(d)));
        QVERIFY2(problem(d).startsWith(errorSentence(ErrorCode::SoldOut)), qPrintable(problem(d)));
        field<QSpinBox*>(d, u"count"_s)->setValue(2);
        QCOMPARE(parsed(d->command()).value(u"count"_s).toInt(), 2);
        field<QLineEdit*>(d, u"id"_s)->setText(u"Q1"_s);
        QVERIFY2(problem(d).contains(u"'Q1' is already used"_s), qPrintable(problem(d)));
        field<QLineEdit*>(d, u"id"_s)->setText(id);
        field<QRadioButton*>(d, u"bySeats"_s)->setChecked(true);
        send(d);
        QTRY_VERIFY(!d);
        QTRY_COMPARE(kindAt(u"02-03A"_s, 2), int(SeatGridModel::HolderKind::Block));
        QCOMPARE(kindAt(u"02-03A"_s, 1), int(SeatGridModel::HolderKind::Free));
        QCOMPARE(kindAt(u"02-03C"_s, 5), int(SeatGridModel::HolderKind::Block));
    }

    // Version 2 in the dialogs: a standing sale (the demo run has no standing
    // places, so the engine's check refuses it in words), and an order that
    // accepts standing and added trains within a window.
    void standingAndAddedTrainOptions() {
        QPointer<SellDialog> sell =
            qobject_cast<SellDialog*>(window_->openOperation(Operation::Sell));
        QVERIFY(sell);
        sell->passengers()->item(0, 0)->setText(u"站票甲"_s);
        auto* standing = field<QCheckBox*>(sell, u"standing"_s);
        standing->setChecked(true);
        QVERIFY(sell->passengers()->isColumnHidden(1));
        const QJsonObject o = parsed(sell->command());
        QVERIFY(o.value(u"standing"_s).toBool());
        QVERIFY(!o.contains(u"seats"_s) && !o.contains(u"prefer"_s));
        QTRY_VERIFY2(problem(sell).contains(u"standing place"_s), qPrintable(problem(sell)));
        QVERIFY2(problem(sell).startsWith(errorSentence(ErrorCode::SoldOut)),
                 qPrintable(problem(sell)));
        QVERIFY(!sell->sendButton()->isEnabled());
        sell->reject();

        QPointer<WaitlistDialog> w =
            qobject_cast<WaitlistDialog*>(window_->openOperation(Operation::Waitlist));
        QVERIFY(w);
        field<QLineEdit*>(w, u"user"_s)->setText(u"u901"_s);
        w->passengers()->item(0, 0)->setText(u"候补乙"_s);
        QVERIFY(!parsed(w->command()).contains(u"accept_standing"_s));
        QVERIFY(!parsed(w->command()).contains(u"seat_change"_s));
        auto* changes = field<QComboBox*>(w, u"seatChange"_s);
        changes->setCurrentIndex(changes->findData(1));
        QCOMPARE(parsed(w->command()).value(u"seat_change"_s).toInt(), 1);
        field<QCheckBox*>(w, u"acceptStanding"_s)->setChecked(true);
        field<QCheckBox*>(w, u"newTrains"_s)->setChecked(true);
        auto* from = field<QDateTimeEdit*>(w, u"newTrainsFrom"_s);
        auto* to = field<QDateTimeEdit*>(w, u"newTrainsTo"_s);
        QVERIFY(from->isEnabled() && to->isEnabled());
        from->setDateTime(QDateTime(QDate(2025, 1, 20), QTime(6, 0), Qt::UTC));
        to->setDateTime(QDateTime(QDate(2025, 1, 20), QTime(12, 0), Qt::UTC));
        const QJsonObject order = parsed(w->command());
        QVERIFY(order.value(u"accept_standing"_s).toBool());
        QCOMPARE(
            order.value(u"new_trains"_s).toObject(),
            (QJsonObject{{u"from"_s, u"2025-01-20T06:00"_s}, {u"to"_s, u"2025-01-20T12:00"_s}}));
        QTRY_VERIFY2(problem(w).isEmpty(), qPrintable(problem(w)));
        w->reject();
    }

    // 同车换座: a sale the run cannot seat hands its passengers and interval
    // to a waitlist order that accepts one change of seat.
    void soldOutSaleBecomesAWaitlistOrder() {
        QPointer<SellDialog> sell =
            qobject_cast<SellDialog*>(window_->openOperation(Operation::Sell));
        QVERIFY(sell);
        auto* button = field<QPushButton*>(sell, u"waitlistInstead"_s);
        QVERIFY(button->isHidden());
        // Five passengers over the whole run in second class: sold out on the demo.
        for (int i = 0; i < 5; ++i) {
            if (i > 0) sell->passengers()->insertRow(i);
            sell->passengers()->setItem(i, 0, new QTableWidgetItem(u"乘客%1"_s.arg(i + 1)));
            sell->passengers()->setItem(i, 1, new QTableWidgetItem(QString()));
        }
        auto* interval = sell->findChild<IntervalPicker*>();
        QVERIFY(interval);
        const int last = int(window_->gridModel()->stations().size()) - 1;
        interval->setInterval(0, last);
        setComboData(field<QComboBox*>(sell, u"class"_s), u"second"_s);
        QTRY_VERIFY2(problem(sell).startsWith(errorSentence(ErrorCode::SoldOut)),
                     qPrintable(problem(sell)));
        QTRY_VERIFY(!button->isHidden());
        button->click();
        QTRY_VERIFY(!sell);
        QPointer<WaitlistDialog> w;
        QTRY_VERIFY((w = window_->findChild<WaitlistDialog*>()));
        QCOMPARE(w->passengers()->rowCount(), 5);
        QCOMPARE(w->passengers()->item(4, 0)->text(), u"乘客5"_s);
        QCOMPARE(field<QComboBox*>(w, u"seatChange"_s)->currentData().toInt(), 1);
        QCOMPARE(w->options()->topLevelItemCount(), 1);
        QCOMPARE(w->options()->topLevelItem(0)->data(2, Qt::UserRole).toString(), u"second"_s);
        const QStringList stations = window_->gridModel()->stations();
        field<QLineEdit*>(w, u"user"_s)->setText(u"u902"_s);
        const QJsonObject filled = parsed(w->command());
        QCOMPARE(filled.value(u"from"_s).toString(), stations.first());
        QCOMPARE(filled.value(u"to"_s).toString(), stations.last());
        QCOMPARE(filled.value(u"seat_change"_s).toInt(), 1);
        w->reject();
    }

    // Submit an order, prepay it from the dialog offered next.
    void waitlistThenPrepay() {
        QTest::keyClick(window_, Qt::Key_W, Qt::ControlModifier | Qt::ShiftModifier);
        QPointer<WaitlistDialog> d;
        QTRY_VERIFY((d = window_->findChild<WaitlistDialog*>()) && d->isVisible());
        QVERIFY2(problem(d).contains(u"Enter the user"_s), qPrintable(problem(d)));
        field<QLineEdit*>(d, u"user"_s)->setText(u"u900"_s);
        QVERIFY2(problem(d).contains(u"Passenger 1 has no name"_s), qPrintable(problem(d)));
        d->passengers()->item(0, 0)->setText(u"候补甲"_s);
        QVERIFY2(problem(d).isEmpty(), qPrintable(problem(d)));
        // Options: the shown run in its first class is there; add second, move it up.
        QTreeWidget* options = d->options();
        QCOMPARE(options->topLevelItemCount(), 1);
        const QString firstClass = options->topLevelItem(0)->data(2, Qt::UserRole).toString();
        setComboData(field<QComboBox*>(d, u"optionClass"_s), u"second"_s);
        QTest::mouseClick(field<QPushButton*>(d, u"addOption"_s), Qt::LeftButton);
        QCOMPARE(options->topLevelItemCount(), 2);
        QVERIFY(!d->addOption(u"G13"_s, u"2025-01-20"_s, u"second"_s));  // listed already
        QTest::mouseClick(field<QPushButton*>(d, u"optionUp"_s), Qt::LeftButton);
        QCOMPARE(options->topLevelItem(0)->text(2), u"Second class"_s);
        // Three dates are too many.
        QVERIFY(d->addOption(u"G13"_s, u"2025-01-21"_s, u"second"_s));
        QVERIFY(d->addOption(u"G13"_s, u"2025-01-22"_s, u"second"_s));
        QVERIFY2(problem(d).contains(u"spans 3 dates"_s), qPrintable(problem(d)));
        QTest::mouseClick(field<QPushButton*>(d, u"removeOption"_s), Qt::LeftButton);
        options->setCurrentItem(options->topLevelItem(2));
        QTest::mouseClick(field<QPushButton*>(d, u"removeOption"_s), Qt::LeftButton);
        QCOMPARE(options->topLevelItemCount(), 2);
        QVERIFY2(problem(d).isEmpty(), qPrintable(problem(d)));
        // A deadline before the order's time is refused.
        field<QCheckBox*>(d, u"hasDeadline"_s)->setChecked(true);
        auto* deadline = field<QDateTimeEdit*>(d, u"deadline"_s);
        deadline->setDateTime(d->atEdit()->dateTime().addSecs(-60));
        QVERIFY2(problem(d).contains(u"is not after the clock"_s), qPrintable(problem(d)));
        QVERIFY2(problem(d).startsWith(errorSentence(ErrorCode::DeadlinePassed)),
                 qPrintable(problem(d)));
        shot(d, u"waitlist-invalid"_s);
        deadline->setDateTime(QDateTime(QDate(2025, 1, 19), QTime(18, 0), Qt::UTC));
        setCombo(field<QComboBox*>(d, u"from"_s), u"天津南"_s);
        setCombo(field<QComboBox*>(d, u"to"_s), u"徐州东"_s);
        const QString id = field<QLineEdit*>(d, u"id"_s)->text();
        QCOMPARE(json(parsed(d->command())),
                 json(expected(u"waitlist"_s,
                               {{u"id"_s, id},
                                {u"user"_s, u"u900"_s},
                                {u"passengers"_s, QJsonArray{u"候补甲"_s}},
                                {u"from"_s, u"天津南"_s},
                                {u"to"_s, u"徐州东"_s},
                                {u"options"_s, QJsonArray{QJsonObject{{u"train"_s, u"G13"_s},
                                                                      {u"date"_s, u"2025-01-20"_s},
                                                                      {u"class"_s, u"second"_s}},
                                                          QJsonObject{{u"train"_s, u"G13"_s},
                                                                      {u"date"_s, u"2025-01-20"_s},
                                                                      {u"class"_s, firstClass}}}},
                                {u"deadline"_s, u"2025-01-19T18:00"_s}},
                               false)));
        send(d);
        QTRY_VERIFY(!d);
        QVERIFY2(window_->statusBar()->currentMessage().contains(u"prepay ¥"_s),
                 qPrintable(window_->statusBar()->currentMessage()));

        // The prepayment is offered at once.
        QPointer<PrepayDialog> p;
        QTRY_VERIFY((p = window_->findChild<PrepayDialog*>()) && p->isVisible());
        QCOMPARE(field<QComboBox*>(p, u"order"_s)->currentText(), id);
        QVERIFY(field<QLabel*>(p, u"details"_s)->text().startsWith(u"¥"_s));
        shot(p, u"prepay"_s);
        QVERIFY(window_->operationAction(Operation::Prepay)->isEnabled());
        QCOMPARE(json(parsed(p->command())), json(expected(u"prepay"_s, {{u"id"_s, id}}, false)));
        const int logRow = window_->logModel()->rowCount();
        send(p);
        QTRY_VERIFY(!p);
        // Effective, and served at once: first class has seats over 天津南→徐州东.
        // The match trace says why, between the two.
        const QStringList kinds = eventsSince(logRow);
        QVERIFY2(kinds.mid(0, 3) == (QStringList{u"waitlist_effective"_s, u"match_considered"_s,
                                                 u"waitlist_fulfilled"_s}),
                 qPrintable(kinds.join(u' ')));
        // The summary names the command's events, not the trace beside them.
        const QString summary = window_->statusBar()->currentMessage();
        QVERIFY2(summary.contains(DisplayNames::eventKind(u"waitlist_fulfilled"_s)),
                 qPrintable(summary));
        QVERIFY2(!summary.contains(DisplayNames::eventKind(u"match_considered"_s)),
                 qPrintable(summary));
        QVERIFY(!window_->operationAction(Operation::Prepay)->isEnabled());
    }

    // Orders submitted and prepaid within one batch of commands never await
    // prepayment; the one left unpaid does, alone, until it is prepaid.
    void prepayAwaitsOnlyTheUnpaidOfABatch() {
        QVERIFY(!window_->operationAction(Operation::Prepay)->isEnabled());
        const auto order = [](const QString& id) {
            return QString(
                       uR"({"op":"waitlist","id":"%1","user":"u-%1","passengers":["乘客%1"],"from":"天津南","to":"徐州东","options":[{"train":"G13","date":"2025-01-20","class":"second"}]})"_s)
                .arg(id)
                .toUtf8();
        };
        const auto prepay = [](const QString& id) {
            return QString(uR"({"op":"prepay","id":"%1"})"_s).arg(id).toUtf8();
        };
        const int logRow = window_->logModel()->rowCount();
        window_->session()->send({order(u"BATCH-1"_s), order(u"BATCH-2"_s), prepay(u"BATCH-1"_s),
                                  order(u"BATCH-3"_s), prepay(u"BATCH-3"_s)});
        QTRY_VERIFY(eventsSince(logRow).count(u"waitlist_effective"_s) == 2);
        QCOMPARE(eventsSince(logRow).count(u"waitlist_submitted"_s), 3);
        QTRY_VERIFY(window_->operationAction(Operation::Prepay)->isEnabled());
        window_->operationAction(Operation::Prepay)->trigger();
        QPointer<PrepayDialog> p;
        QTRY_VERIFY((p = window_->findChild<PrepayDialog*>()) && p->isVisible());
        auto* orders = field<QComboBox*>(p, u"order"_s);
        QCOMPARE(orders->count(), 1);
        QCOMPARE(orders->currentText(), u"BATCH-2"_s);
        p->reject();
        QTRY_VERIFY(!p || !p->isVisible());
        window_->session()->send({prepay(u"BATCH-2"_s)});
        QTRY_VERIFY(!window_->operationAction(Operation::Prepay)->isEnabled());

        // The log's train filter names each train of the log once.
        auto* trains = window_->findChild<QComboBox*>(u"trainFilter"_s);
        QVERIFY(trains);
        QStringList listed;
        for (int k = 1; k < trains->count(); ++k)
            listed << trains->itemData(k).toString();
        QCOMPARE(QSet<QString>(listed.begin(), listed.end()).size(), listed.size());
        QSet<QString> logged;
        for (int r = 0; r < window_->logModel()->rowCount(); ++r)
            if (const QString t = window_->logModel()->trainAt(r); !t.isEmpty()) logged << t;
        QCOMPARE(QSet<QString>(listed.begin(), listed.end()), logged);
        QVERIFY(logged.contains(u"G13"_s));
    }

    // Cancel from the queue view; cancelling again is the engine's order_closed.
    void cancelTwice() {
        QTreeView* queues = window_->queueView();
        const QModelIndex order =
            window_->queueModel()->index(0, 0, window_->queueModel()->index(0, 0));
        const QString id = order.data(QueueModel::OrderIdRole).toString();
        QVERIFY(!id.isEmpty());
        queues->setCurrentIndex(order);
        queues->setFocus();
        QTest::keyClick(queues, Qt::Key_Delete);
        QPointer<CancelOrderDialog> d;
        QTRY_VERIFY((d = window_->findChild<CancelOrderDialog*>()) && d->isVisible());
        auto* combo = field<QComboBox*>(d, u"order"_s);
        QCOMPARE(combo->currentText(), id);
        QVERIFY(field<QLabel*>(d, u"details"_s)->text().contains(u"queued"_s));
        combo->setEditText(QString());
        QVERIFY2(problem(d).contains(u"Choose the order"_s), qPrintable(problem(d)));
        combo->setEditText(id);
        QCOMPARE(json(parsed(d->command())), json(expected(u"cancel"_s, {{u"id"_s, id}}, false)));
        send(d);
        QTRY_VERIFY(!d);
        QTRY_VERIFY(!window_->queueModel()->indexOfOrder(id).isValid());

        // Again: the engine foresees a duplicate, nothing to send.
        OperatorContext again = window_->operatorContext();
        again.order = id;
        QPointer<OperatorDialog> second = window_->openOperation(Operation::CancelOrder, again);
        QVERIFY(second);
        QVERIFY(field<QLabel*>(second, u"details"_s)->text().contains(u"unknown here"_s));
        QVERIFY2(problem(second).contains(u"Done already for %1"_s.arg(id)),
                 qPrintable(problem(second)));
        QVERIFY(!second->sendButton()->isEnabled());
        // A served order cannot be cancelled: the engine's error in words, the input kept.
        const int logRow = window_->logModel()->rowCount();
        field<QComboBox*>(second, u"order"_s)->setEditText(u"W3"_s);
        QVERIFY2(problem(second).startsWith(errorSentence(ErrorCode::OrderClosed)),
                 qPrintable(problem(second)));
        QVERIFY2(!problem(second).contains(u"order_closed"_s), qPrintable(problem(second)));
        QVERIFY2(problem(second).contains(DisplayNames::engineDetail(u"x"_s).chopped(2)),
                 qPrintable(problem(second)));
        QCOMPARE(second->messageLabel()->text(), problem(second));
        shot(second, u"cancel-refused"_s);
        QCOMPARE(field<QComboBox*>(second, u"order"_s)->currentText(), u"W3"_s);
        QVERIFY(!second->sendButton()->isEnabled());
        QTest::mouseClick(second->sendButton(), Qt::LeftButton);  // disabled: nothing sent
        QCOMPARE(eventsSince(logRow), QStringList{});
        second->reject();
        QTRY_VERIFY(!second);
    }

    void advanceClock() {
        QTest::keyClick(window_, Qt::Key_T, Qt::ControlModifier);
        QPointer<AdvanceClockDialog> d;
        QTRY_VERIFY((d = window_->findChild<AdvanceClockDialog*>()) && d->isVisible());
        QDateTime clock = QDateTime::fromString(clock_, Qt::ISODate);
        clock.setTimeSpec(Qt::UTC);
        d->target()->setDateTime(clock.addSecs(-60));
        QVERIFY2(problem(d).contains(u"only moves forward"_s), qPrintable(problem(d)));
        QVERIFY(!d->sendButton()->isEnabled());
        QTest::mouseClick(field<QPushButton*>(d, u"plus30"_s), Qt::LeftButton);
        QVERIFY2(problem(d).isEmpty(), qPrintable(problem(d)));
        const QString target = clock.addSecs(30 * 60).toString(u"yyyy-MM-ddTHH:mm"_s);
        QCOMPARE(json(parsed(d->command())),
                 json(QJsonObject{{u"op"_s, u"advance"_s}, {u"at"_s, target}}));
        // The run departs 北京南 on 2025-01-20 at 09:00.
        QCOMPARE(d->nextDeparture(), QDateTime(QDate(2025, 1, 20), QTime(9, 0), Qt::UTC));
        QVERIFY(field<QPushButton*>(d, u"nextDeparture"_s)->isEnabled());
        shot(d, u"advance"_s);
        send(d);
        QTRY_VERIFY(!d);
        QTRY_COMPARE(window_->operatorContext().snapshot->clock, target);
        // Unpaid tickets held at the start expired on the way.
        bool expired = false;
        for (int r = 0; r < window_->logModel()->rowCount(); ++r)
            expired = expired || window_->logModel()->at(r).event.kind == EventKind::HoldExpired;
        QVERIFY(expired);
    }
};

QTEST_MAIN(TestDialogs)
#include "tst_dialogs.moc"
