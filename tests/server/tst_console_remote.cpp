// The console on a real houbud next to the console on an embedded engine: the
// same commands must show the same runs, seats, queues, log, clock and "why"
// in both windows. Then what only a remote window does: an operator dialog
// answered by its own POST, a viewer's read-only window, a server killed and
// restarted under an open window, and charts that need the journal.

#include <sys/resource.h>

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDeadlineTimer>
#include <QDir>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTreeView>
#include <memory>

#include "houbu/charts.h"
#include "houbu/connection_indicator.h"
#include "houbu/error_sentences.h"
#include "houbu/main_window.h"
#include "houbu/operator_dialogs.h"
#include "houbu/policy_comparison.h"
#include "houbu/remote_session.h"
#include "houbu/widgets.h"
#include "houbud_fixture.h"

using namespace houbu;
using namespace houbu::test;
using namespace Qt::StringLiterals;
using Operation = MainWindow::Operation;

namespace {

constexpr int kWaitMs = 20000;

const QList<Operation> kOperations = {
    Operation::Release,  Operation::AddCar, Operation::Block,       Operation::Sell,
    Operation::Waitlist, Operation::Prepay, Operation::CancelOrder, Operation::Advance};

QList<QByteArray> lines(const QByteArray& scenario) {
    QList<QByteArray> out;
    for (const QByteArray& line : scenario.split('\n'))
        if (!line.trimmed().isEmpty() && !line.trimmed().startsWith('#')) out << line.trimmed();
    return out;
}

QByteArray sale(const QString& id, const QString& seat, const QString& passenger) {
    return u"{\"op\":\"sell\",\"id\":\"%1\",\"train\":\"G13\",\"date\":\"2025-01-20\",\"from\":"
           u"\"北京南\",\"to\":\"上海虹桥\",\"class\":\"second\",\"passengers\":[\"%3\"],"
           u"\"seats\":[\"%2\"]}"_s.arg(id, seat, passenger)
               .toUtf8();
}

// Another run, small enough to fill: one seat sold, an order waiting.
const QByteArray kSecondRun = R"(
{"op":"train","train":"K7","date":"2025-01-21","stops":[{"station":"甲","km":0,"dep":"08:00"},{"station":"乙","km":100,"arr":"08:40","dep":"08:42"},{"station":"丙","km":200,"arr":"09:30"}],"cars":[{"car":1,"class":"hard","rows":1,"layout":"A"}],"fares":{"hard":0.5}}
{"op":"sell","id":"K7-S1","train":"K7","date":"2025-01-21","from":"甲","to":"丙","class":"hard","passengers":["占座"]}
{"op":"waitlist","id":"K7-W1","user":"u1","passengers":["候补甲"],"from":"甲","to":"乙","options":[{"train":"K7","date":"2025-01-21","class":"hard"}]}
{"op":"prepay","id":"K7-W1"}
)";

// Chooses a run in the window's run list, as a click would.
bool selectRun(MainWindow& w, const QString& train) {
    for (int r = 0; r < w.runModel()->rowCount(); ++r) {
        const QModelIndex index = w.runModel()->index(r, 0);
        if (index.data(RunListModel::TrainRole).toString() == train) {
            w.runView()->setCurrentIndex(w.runSorter()->mapFromSource(index));
            return true;
        }
    }
    return false;
}

qint64 shownSeq(const MainWindow& w) {
    return w.operatorContext().snapshot->lastSeq;
}

// Events applied, the snapshot shown and its ranking of the queues are all at `seq`.
bool settled(const MainWindow& w, qint64 seq) {
    return w.lastSeq() == seq && shownSeq(w) == seq &&
           w.operatorContext().snapshot->rankedSeq == seq;
}

QString describe(const QModelIndex& index) {
    QString where = u"(%1,%2)"_s.arg(index.row()).arg(index.column());
    for (QModelIndex p = index.parent(); p.isValid(); p = p.parent())
        where.prepend(u"(%1,%2)/"_s.arg(p.row()).arg(p.column()));
    return where;
}

// Every cell (and child) of two models, for `roles`, and the column headers.
// The log without the match trace.
class EventsOnly : public QSortFilterProxyModel {
  protected:
    bool filterAcceptsRow(int row, const QModelIndex&) const override {
        const QString kind = static_cast<const EventLogModel*>(sourceModel())->kindAt(row);
        return kind != u"match_considered"_s && kind != u"match_skipped"_s;
    }
};

void compareModels(const QAbstractItemModel* a, const QAbstractItemModel* b,
                   const QList<int>& roles, const QModelIndex& pa = {}, const QModelIndex& pb = {},
                   int skipColumn = -1) {
    QCOMPARE(a->rowCount(pa), b->rowCount(pb));
    QCOMPARE(a->columnCount(pa), b->columnCount(pb));
    if (!pa.isValid())
        for (int c = 0; c < a->columnCount(); ++c)
            QCOMPARE(a->headerData(c, Qt::Horizontal, Qt::DisplayRole),
                     b->headerData(c, Qt::Horizontal, Qt::DisplayRole));
    for (int r = 0; r < a->rowCount(pa); ++r) {
        for (int c = 0; c < a->columnCount(pa); ++c) {
            if (c == skipColumn) continue;
            const QModelIndex ia = a->index(r, c, pa), ib = b->index(r, c, pb);
            for (int role : roles)
                QVERIFY2(ia.data(role) == ib.data(role),
                         qPrintable(u"%1 role %2: %3 vs %4"_s.arg(describe(ia))
                                        .arg(role)
                                        .arg(ia.data(role).toString(), ib.data(role).toString())));
        }
        const QModelIndex ca = a->index(r, 0, pa), cb = b->index(r, 0, pb);
        if (a->rowCount(ca) || b->rowCount(cb)) {
            compareModels(a, b, roles, ca, cb, skipColumn);
            if (QTest::currentTestFailed()) return;
        }
    }
}

QStringList orderIds(const QueueModel* m) {
    QStringList out;
    for (int q = 0; q < m->rowCount(); ++q) {
        const QModelIndex queue = m->index(q, 0);
        out << u"["_s + queue.data(QueueModel::QueueKeyRole).toString() + u"]"_s;
        for (int o = 0; o < m->rowCount(queue); ++o)
            out << m->index(o, 0, queue).data(QueueModel::OrderIdRole).toString();
    }
    return out;
}

// What the two windows show, view by view. The log too when `withLog`.
void compareViews(const MainWindow& a, const MainWindow& b, bool withLog) {
    QVERIFY(shownSeq(a) > 0);
    QCOMPARE(shownSeq(a), shownSeq(b));
    compareModels(a.runModel(), b.runModel(),
                  {Qt::DisplayRole, RunListModel::TrainRole, RunListModel::DateRole,
                   RunListModel::LoadFactorRole, RunListModel::QueuedRole,
                   RunListModel::QueuedPassengersRole});
    if (QTest::currentTestFailed()) return;
    QVERIFY(a.runModel()->rowCount() > 0);

    QVERIFY(a.gridModel()->rowCount() > 0);
    QCOMPARE(a.gridModel()->stations(), b.gridModel()->stations());
    compareModels(
        a.gridModel(), b.gridModel(),
        {Qt::DisplayRole, Qt::ToolTipRole, SeatGridModel::KindRole, SeatGridModel::HolderIdRole,
         SeatGridModel::PassengerRole, SeatGridModel::SaleRole, SeatGridModel::BarStartRole,
         SeatGridModel::BarEndRole, SeatGridModel::IntervalRole, SeatGridModel::SeatRole,
         SeatGridModel::ClassRole, SeatGridModel::CarRole, SeatGridModel::CellRole});
    if (QTest::currentTestFailed()) return;
    for (int r = 0; r < a.gridModel()->rowCount(); ++r)
        QCOMPARE(a.gridModel()->headerData(r, Qt::Vertical, Qt::DisplayRole),
                 b.gridModel()->headerData(r, Qt::Vertical, Qt::DisplayRole));

    QCOMPARE(orderIds(a.queueModel()), orderIds(b.queueModel()));
    // Forecasts come in the background, at their own pace on each side: the
    // column is compared once both have answered.
    compareModels(a.queueModel(), b.queueModel(),
                  {Qt::DisplayRole, Qt::ToolTipRole, QueueModel::OrderIdRole,
                   QueueModel::QueueKeyRole, QueueModel::LengthRole, QueueModel::GroupSizeRole},
                  {}, {}, QueueModel::Probability);
    if (QTest::currentTestFailed()) return;
    if (const QModelIndex first = a.queueModel()->index(0, 0, a.queueModel()->index(0, 0));
        first.isValid()) {
        const QModelIndex theirs = b.queueModel()->index(0, 0, b.queueModel()->index(0, 0));
        const auto probability = [](const QModelIndex& order) {
            return order.siblingAtColumn(QueueModel::Probability).data(QueueModel::ProbabilityRole);
        };
        // The remote console asks houbud's engine, which holds the same state.
        QTRY_VERIFY_WITH_TIMEOUT(probability(first).isValid() && probability(theirs).isValid(),
                                 20000);
        QCOMPARE(probability(first), probability(theirs));
        QCOMPARE(first.siblingAtColumn(QueueModel::Probability).data(Qt::ToolTipRole),
                 theirs.siblingAtColumn(QueueModel::Probability).data(Qt::ToolTipRole));
    }

    QVERIFY(a.clockLabel()->text().startsWith(u"Clock 20"_s));
    QCOMPARE(a.clockLabel()->text(), b.clockLabel()->text());
    QCOMPARE(a.windowTitle(), b.windowTitle());

    if (!withLog) return;
    QCOMPARE(a.lastSeq(), b.lastSeq());
    // The events alike; the match trace is the embedded engine's own (it is
    // kept beside the stream, which houbud serves as it is).
    EventsOnly fa, fb;
    fa.setSourceModel(a.logModel());
    fb.setSourceModel(b.logModel());
    QCOMPARE(fa.rowCount(), fb.rowCount());
    QCOMPARE(qint64(fa.rowCount()), a.lastSeq());
    for (int r = 0; r < fa.rowCount(); ++r) {
        const EventRecord ea = a.logModel()->at(fa.mapToSource(fa.index(r, 0)).row());
        const EventRecord eb = b.logModel()->at(fb.mapToSource(fb.index(r, 0)).row());
        QCOMPARE(ea.seq, qint64(r + 1));
        QCOMPARE(eb.seq, qint64(r + 1));
        QCOMPARE(ea.json, eb.json);
    }
    // Who sent each command differs by design: this console's user, or the
    // token as houbud tells an admin (authorsForAdminsOnly).
    compareModels(&fa, &fb, {Qt::DisplayRole, EventLogModel::KindRole, EventLogModel::OrderRole},
                  {}, {}, EventLogModel::Author);
}

}  // namespace

class TestConsoleRemote : public QObject {
    Q_OBJECT

    QTemporaryDir tmp_;
    QString tokens_;
    QByteArray dispatcher_, viewer_, admin_;
    Houbud server_;
    std::unique_ptr<MainWindow> embedded_, remote_;
    Http http_;

    QUrl base() const { return QUrl(u"http://127.0.0.1:%1"_s.arg(server_.port)); }

    qint64 serverSeq() {
        return http_.get(server_.url(u"/api/v1/whoami"_s), viewer_)
            .json()
            .value("last_seq"_L1)
            .toInteger();
    }

    RemoteSession* remoteSession() const {
        return qobject_cast<RemoteSession*>(remote_->session());
    }

    // Both windows have applied and show every event the server holds, and
    // that is more than `since`.
    void waitInSync(qint64 since) {
        QDeadlineTimer deadline(kWaitMs);
        auto inSync = [&] {
            const qint64 last = remote_->lastSeq();
            return last > since && settled(*remote_, last) && settled(*embedded_, last) &&
                   serverSeq() == last;
        };
        while (!inSync() && !deadline.hasExpired())
            QTest::qWait(20);
        QVERIFY2(inSync(),
                 qPrintable(u"remote at %1 (shown %2), embedded at %3 (shown %4), "
                            u"server at %5, waiting for more than %6"_s.arg(remote_->lastSeq())
                                .arg(shownSeq(*remote_))
                                .arg(embedded_->lastSeq())
                                .arg(shownSeq(*embedded_))
                                .arg(serverSeq())
                                .arg(since)));
    }

    // The `skip`-th second-class seat of the remote window that is free all the way.
    QString freeSecondSeat(int skip) const {
        const SeatGridModel* m = remote_->gridModel();
        for (int r = 0; r < m->rowCount(); ++r) {
            if (m->index(r, 0).data(SeatGridModel::ClassRole).toString() != u"second"_s) continue;
            bool free = true;
            for (int c = 0; c < m->columnCount(); ++c)
                free = free && m->index(r, c).data(SeatGridModel::KindRole).toInt() ==
                                   int(SeatGridModel::HolderKind::Free);
            if (free && skip-- == 0) return m->index(r, 0).data(SeatGridModel::SeatRole).toString();
        }
        return QString();
    }

    // The demo leaves no second-class seat free all the way (its queues wait
    // for an added car): adds one, in both windows, when two are wanted.
    void ensureFreeSecondSeats() {
        if (!freeSecondSeat(1).isEmpty()) return;
        const QList<QByteArray> car = {
            R"({"op":"add_car","train":"G13","date":"2025-01-20","car":5,"class":"second","rows":4,"layout":"ABCDF"})"};
        const qint64 before = remote_->lastSeq();
        remote_->session()->send(car);
        sendEmbedded(car);
        waitInSync(before);
    }

    // The same commands to the embedded window, in the order the server applied them.
    void sendEmbedded(const QList<QByteArray>& commands) { embedded_->session()->send(commands); }

  private slots:
    void initTestCase() {
        QVERIFY(tmp_.isValid());
        tokens_ = tmp_.filePath(u"t.tokens"_s);
        dispatcher_ = houbudToken({u"add"_s, u"--role"_s, u"dispatcher"_s, u"--tokens"_s, tokens_});
        viewer_ = houbudToken({u"add"_s, u"--role"_s, u"viewer"_s, u"--tokens"_s, tokens_});
        admin_ = houbudToken({u"add"_s, u"--role"_s, u"admin"_s, u"--tokens"_s, tokens_});
        QVERIFY(admin_.startsWith("hb_"));
        QVERIFY(dispatcher_.startsWith("hb_"));
        QVERIFY(viewer_.startsWith("hb_"));
        server_.dir = tmp_.path();
        server_.args = {u"--store"_s,  tmp_.filePath(u"console.db"_s),
                        u"--tokens"_s, tokens_,
                        u"--rate"_s,   u"0"_s};
        QVERIFY2(server_.start(), server_.log.constData());
    }

    // The demo in memory and the demo sent to houbud: every view alike.
    void sameViewsAsEmbedded() {
        const QByteArray demo = MainWindow::demoScenario();
        QVERIFY(!demo.isEmpty());
        embedded_ = std::make_unique<MainWindow>();
        // The same commands as the server gets, so that their lines are the same
        // (a file loaded whole keeps its comment lines' numbers).
        embedded_->openEmbedded(QString(), lines(demo).join('\n'));
        remote_ = std::make_unique<MainWindow>();
        remote_->openRemote(base(), dispatcher_);
        for (MainWindow* w : {embedded_.get(), remote_.get()}) {
            w->resize(1400, 900);
            w->show();
            QVERIFY(QTest::qWaitForWindowExposed(w));
        }
        QTRY_COMPARE_WITH_TIMEOUT(remote_->connectionIndicator()->kind(),
                                  ConnectionIndicator::Kind::Connected, kWaitMs);
        QCOMPARE(remote_->connectionIndicator()->text(), u"Connected as dispatcher"_s);
        QCOMPARE(remoteSession()->role(), u"dispatcher"_s);
        QVERIFY(remote_->sendDeniedReason().isEmpty());
        QCOMPARE(remote_->lastSeq(), 0);
        // Through the window's own session, as one request.
        remote_->session()->send(lines(demo));
        waitInSync(0);
        compareViews(*remote_, *embedded_, true);
        if (QTest::currentTestFailed()) return;
        QCOMPARE(remote_->gridModel()->stations().first(), u"北京南"_s);
        // Explaining a fulfilment applies the journal again: the embedded
        // engine's, not a server's. On a fulfilment the remote window says why.
        for (MainWindow* w : {embedded_.get(), remote_.get()}) {
            QAbstractItemModel* log = w->logView()->model();
            for (int r = 0; r < log->rowCount(); ++r)
                if (log->index(r, 0).data(EventLogModel::KindRole).toString() ==
                    u"waitlist_fulfilled"_s) {
                    w->logView()->setCurrentIndex(log->index(r, 0));
                    break;
                }
            QCOMPARE(w->explainAction()->isEnabled(), w == embedded_.get());
        }
        QCOMPARE(remote_->explainAction()->toolTip(),
                 u"Only an embedded engine can apply its journal again to explain an event"_s);
        QVERIFY(!remote_->explainLogEvent());
        // The same actions are open in both.
        for (Operation op : kOperations) {
            QCOMPARE(remote_->operationAction(op)->isEnabled(),
                     embedded_->operationAction(op)->isEnabled());
            QCOMPARE(remote_->operationAction(op)->toolTip(),
                     embedded_->operationAction(op)->toolTip());
        }
        QVERIFY(remote_->advanceAction()->isEnabled());

        // A second run with an order waiting; choosing it in the run list shows
        // its seats and queues in both, and the order's "why" alike.
        const QList<QByteArray> k7 = lines(kSecondRun);
        const qint64 beforeK7 = remote_->lastSeq();
        remote_->session()->send(k7);
        sendEmbedded(k7);
        waitInSync(beforeK7);
        QCOMPARE(remote_->runModel()->rowCount(), 2);
        for (MainWindow* w : {embedded_.get(), remote_.get()})
            QVERIFY(selectRun(*w, u"K7"_s));
        for (MainWindow* w : {embedded_.get(), remote_.get()})
            QTRY_COMPARE_WITH_TIMEOUT(w->gridModel()->stations().value(0), u"甲"_s, kWaitMs);
        compareViews(*remote_, *embedded_, true);
        if (QTest::currentTestFailed()) return;
        QCOMPARE(orderIds(remote_->queueModel()), (QStringList{u"[hard|0|1]"_s, u"K7-W1"_s}));
        for (MainWindow* w : {embedded_.get(), remote_.get()})
            w->queueView()->setCurrentIndex(w->queueModel()->indexOfOrder(u"K7-W1"_s));
        for (MainWindow* w : {embedded_.get(), remote_.get()})
            QTRY_VERIFY_WITH_TIMEOUT(w->whyPanel()->toPlainText().contains(u"K7-W1"_s), kWaitMs);
        QCOMPARE(remote_->whyPanel()->toHtml(), embedded_->whyPanel()->toHtml());
        QVERIFY(remote_->whyPanel()->toPlainText().contains(u"K7-S1"_s));
        for (MainWindow* w : {embedded_.get(), remote_.get()})
            QVERIFY(selectRun(*w, u"G13"_s));
        for (MainWindow* w : {embedded_.get(), remote_.get()})
            QTRY_COMPARE_WITH_TIMEOUT(w->gridModel()->stations().value(0), u"北京南"_s, kWaitMs);
        compareViews(*remote_, *embedded_, true);
        if (QTest::currentTestFailed()) return;

        // A release of a grid selection goes through the session in both.
        QVERIFY(remote_->gridModel()->rowOfSeat(u"03-01A"_s) >= 0);
        const qint64 beforeRelease = remote_->lastSeq();
        for (MainWindow* w : {embedded_.get(), remote_.get()}) {
            w->grid()->selectInterval(u"03-01A"_s, 0, 2);
            QVERIFY(w->releaseAction()->isEnabled());
            QVERIFY(w->releaseSelection(u"refund"_s));
        }
        waitInSync(beforeRelease);
        QVERIFY(remote_->lastSeq() > beforeRelease);
        compareViews(*remote_, *embedded_, true);
    }

    // A dialog's command is answered by its own POST: exactly its events, even
    // with another command in flight; an engine error stays in the dialog.
    void operatorDialogOnRemote() {
        QVERIFY(remote_ && embedded_);
        ensureFreeSecondSeats();
        const QString mineSeat = freeSecondSeat(0), otherSeat = freeSecondSeat(1);
        QVERIFY(!mineSeat.isEmpty() && !otherSeat.isEmpty());
        const int stops = int(remote_->gridModel()->stations().size());

        OperatorContext here = remote_->operatorContext();
        here.seat = mineSeat;
        here.from = 0;
        here.to = stops - 1;
        QPointer<SellDialog> d =
            qobject_cast<SellDialog*>(remote_->openOperation(Operation::Sell, here));
        QVERIFY(d);
        QCOMPARE(d->passengers()->item(0, 1)->text(), mineSeat);
        d->passengers()->item(0, 0)->setText(u"远程甲"_s);
        // No engine here to precheck with: the remote engine judges the sale when sent.
        QTRY_VERIFY(!d->isChecking());
        QVERIFY2(d->problem().isEmpty(), qPrintable(d->problem()));
        QVERIFY(d->sendButton()->isEnabled());
        const QByteArray mine = d->command();
        const QString mineId = QJsonDocument::fromJson(mine).object().value("id"_L1).toString();
        QVERIFY(!mineId.isEmpty());

        // Another command in flight at the same time, from the same window.
        const QByteArray other = sale(u"OTHER-1"_s, otherSeat, u"别人甲"_s);
        const qint64 before = remote_->lastSeq();
        QList<EventRecord> reply;
        connect(d, &OperatorDialog::applied, this,
                [&reply](const QList<EventRecord>& events, const QString&) { reply = events; });
        remote_->session()->send({other});
        QTest::mouseClick(d->sendButton(), Qt::LeftButton);
        QVERIFY(!d || d->isSending());
        QTRY_VERIFY_WITH_TIMEOUT(!d, kWaitMs);  // applied: closed and deleted
        QVERIFY(!reply.isEmpty());
        QVERIFY2(remote_->statusBar()->currentMessage().contains(mineId),
                 qPrintable(remote_->statusBar()->currentMessage()));
        // Both commands' events reach the log once, whichever the server took first.
        // (The other sale holds one seat: one event.)
        QTRY_VERIFY_WITH_TIMEOUT(
            remote_->lastSeq() == before + reply.size() + 1 && settled(*remote_, serverSeq()),
            kWaitMs);
        const qint64 line = reply.first().event.line;
        QList<qint64> mineSeqs;
        const EventLogModel* log = remote_->logModel();
        QCOMPARE(log->at(log->rowCount() - 1).seq, remote_->lastSeq());
        for (int r = int(before); r < log->rowCount(); ++r)
            if (log->at(r).event.line == line) mineSeqs << log->at(r).seq;
        QCOMPARE(qsizetype(mineSeqs.size()), reply.size());
        for (qsizetype i = 0; i < reply.size(); ++i) {
            QCOMPARE(reply[i].seq, mineSeqs[i]);
            // The answer carries the events exactly as the log shows them.
            QCOMPARE(reply[i].line(), log->at(int(reply[i].seq - 1)).json);
        }
        QCOMPARE(reply.first().kindName(), u"ticket_held"_s);
        QCOMPARE(QString::fromStdString(reply.first().event.ticket), mineId + u".1"_s);
        const int mineRow = remote_->gridModel()->rowOfSeat(mineSeat);
        QTRY_COMPARE_WITH_TIMEOUT(
            remote_->gridModel()->index(mineRow, 0).data(SeatGridModel::PassengerRole).toString(),
            u"远程甲"_s, kWaitMs);
        qint64 otherLine = line;
        for (int r = int(before); r < log->rowCount() && otherLine == line; ++r)
            otherLine = log->at(r).event.line;
        QVERIFY(otherLine != line);
        for (int r = int(before); r < log->rowCount(); ++r)
            if (log->at(r).event.line == otherLine) {
                QCOMPARE(QString::fromStdString(log->at(r).event.sale), u"OTHER-1"_s);
                QCOMPARE(log->at(r).kindName(), u"ticket_held"_s);
                break;
            }
        sendEmbedded(line < otherLine ? QList<QByteArray>{mine, other}
                                      : QList<QByteArray>{other, mine});

        // Another operator takes the seat the next dialog offers. The remote
        // dialog asks the server's engine again once the other sale reaches
        // this console: seat_taken shows in the dialog with the input kept,
        // Send stays disabled, and nothing is sent.
        const QString takenSeat = freeSecondSeat(0);
        QVERIFY(!takenSeat.isEmpty());
        here = remote_->operatorContext();
        here.seat = takenSeat;
        here.from = 0;
        here.to = stops - 1;
        d = qobject_cast<SellDialog*>(remote_->openOperation(Operation::Sell, here));
        QVERIFY(d);
        d->passengers()->item(0, 0)->setText(u"远程乙"_s);
        QVERIFY2(d->problem().isEmpty(), qPrintable(d->problem()));
        QTRY_VERIFY_WITH_TIMEOUT(d->sendButton()->isEnabled(), kWaitMs);  // the server accepts it
        const QByteArray refused = d->command();
        const qint64 beforeTaker = serverSeq();
        const QByteArray taker = sale(u"OTHER-2"_s, takenSeat, u"别人乙"_s);
        QCOMPARE(http_.post(server_.url(u"/api/v1/commands"_s), dispatcher_, taker + '\n').status,
                 200);
        sendEmbedded({taker});
        waitInSync(beforeTaker);
        const qint64 seq = serverSeq();
        QTRY_VERIFY_WITH_TIMEOUT(!d->sendButton()->isEnabled(), kWaitMs);
        QVERIFY2(d->messageLabel()->text().startsWith(errorSentence(ErrorCode::SeatTaken)),
                 qPrintable(d->messageLabel()->text()));
        QCOMPARE(d->passengers()->item(0, 0)->text(), u"远程乙"_s);
        QCOMPARE(d->command(), refused);
        QTest::mouseClick(d->sendButton(), Qt::LeftButton);
        QTest::qWait(200);
        QCOMPARE(serverSeq(), seq);
        QVERIFY(d->reply().isEmpty());
        d->reject();
        QTRY_VERIFY(!d);
        compareViews(*remote_, *embedded_, true);
    }

    // A viewer's window: the same views, every operator action disabled with
    // the reason, no dialog, and the indicator says who we are.
    void viewerIsReadOnly() {
        QVERIFY(remote_ && embedded_);
        MainWindow viewer;
        viewer.openRemote(base(), viewer_);
        viewer.resize(1400, 900);
        viewer.show();
        QVERIFY(QTest::qWaitForWindowExposed(&viewer));
        QTRY_COMPARE_WITH_TIMEOUT(viewer.connectionIndicator()->kind(),
                                  ConnectionIndicator::Kind::Connected, kWaitMs);
        QTRY_COMPARE_WITH_TIMEOUT(shownSeq(viewer), remote_->lastSeq(), kWaitMs);
        QCOMPARE(viewer.connectionIndicator()->text(), u"Connected as viewer (read-only)"_s);
        QVERIFY(viewer.connectionIndicator()->toolTip().contains(u"(viewer)"_s));
        // The server's history is in the log, as the dispatcher's window saw it come.
        QTRY_COMPARE_WITH_TIMEOUT(qint64(viewer.logModel()->rowCount()), remote_->lastSeq(),
                                  kWaitMs);
        compareViews(viewer, *remote_, true);
        if (QTest::currentTestFailed()) return;

        viewer.grid()->selectInterval(u"03-01A"_s, 2, 4);
        const QString reason = u"Read-only: this token has the viewer role"_s;
        QCOMPARE(viewer.sendDeniedReason(), reason);
        for (Operation op : kOperations) {
            QAction* action = viewer.operationAction(op);
            QVERIFY2(!action->isEnabled(), qPrintable(action->text()));
            QCOMPARE(action->toolTip(), reason);
            QCOMPARE(action->statusTip(), reason);
            QVERIFY(!viewer.openOperation(op));
        }
        QVERIFY(!viewer.exportAction()->isEnabled());
        QVERIFY(viewer.disconnectAction()->isEnabled());

        // What the dispatcher sends reaches the viewer's log once.
        const QList<QByteArray> more = {sale(u"SEEN-1"_s, freeSecondSeat(0), u"看客"_s),
                                        R"({"op":"advance","at":"2025-01-08T08:00"})"};
        const qint64 beforeAdvance = remote_->lastSeq();
        remote_->session()->send(more);
        sendEmbedded(more);
        waitInSync(beforeAdvance);
        QTRY_COMPARE_WITH_TIMEOUT(settled(viewer, remote_->lastSeq()), true, kWaitMs);
        const EventLogModel* log = viewer.logModel();
        QVERIFY(log->rowCount() > 0);
        for (int r = 0; r < log->rowCount(); ++r) {
            const qint64 seq = log->at(r).seq;
            QCOMPARE(log->at(r).json, remote_->logModel()->at(int(seq - 1)).json);
            if (r) QCOMPARE(seq, log->at(r - 1).seq + 1);
        }
        QCOMPARE(log->at(log->rowCount() - 1).seq, remote_->lastSeq());
        compareViews(viewer, *remote_, false);
        if (QTest::currentTestFailed()) return;

        // Disconnect: no session, the indicator says so.
        viewer.disconnectAction()->trigger();
        QVERIFY(!viewer.session());
        QCOMPARE(viewer.connectionIndicator()->kind(), ConnectionIndicator::Kind::Disconnected);
        QVERIFY(!viewer.advanceAction()->isEnabled());
        QVERIFY(!viewer.disconnectAction()->isEnabled());
    }

    // Who sent each command: houbud names the token, its role and the
    // client's address to an admin's stream, and to nobody else; the embedded
    // console names its OS user. The log filters by it.
    void authorsForAdminsOnly() {
        QVERIFY(remote_ && embedded_);
        MainWindow admin;
        admin.openRemote(base(), admin_);
        admin.resize(1400, 900);
        admin.show();
        QVERIFY(QTest::qWaitForWindowExposed(&admin));
        QTRY_COMPARE_WITH_TIMEOUT(admin.connectionIndicator()->kind(),
                                  ConnectionIndicator::Kind::Connected, kWaitMs);
        QTRY_COMPARE_WITH_TIMEOUT(shownSeq(admin), remote_->lastSeq(), kWaitMs);
        // The history comes by the stream, apart from the snapshot: wait for both.
        QTRY_COMPARE_WITH_TIMEOUT(admin.lastSeq(), remote_->lastSeq(), kWaitMs);
        const qint64 before = remote_->lastSeq();
        const qint64 adminRowsBefore = admin.logModel()->rowCount();
        const QList<QByteArray> more = {sale(u"WHO-1"_s, freeSecondSeat(0), u"作者"_s)};
        remote_->session()->send(more);
        sendEmbedded(more);
        waitInSync(before);
        QTRY_COMPARE_WITH_TIMEOUT(admin.lastSeq(), remote_->lastSeq(), kWaitMs);
        const EventLogModel* log = admin.logModel();
        QVERIFY(log->rowCount() > adminRowsBefore);
        for (int r = int(adminRowsBefore); r < log->rowCount(); ++r) {
            const QString who = log->index(r, EventLogModel::Author).data().toString();
            QVERIFY2(who.contains(u"(dispatcher)"_s) && who.endsWith(u"@ 127.0.0.1"_s),
                     qPrintable(who));
        }
        // The dispatcher's own stream is not told.
        const EventLogModel* own = remote_->logModel();
        QVERIFY(own->index(own->rowCount() - 1, EventLogModel::Author).data().toString().isEmpty());
        // The embedded console's commands are its user's.
        const EventLogModel* local = embedded_->logModel();
        const QString user =
            local->index(local->rowCount() - 1, EventLogModel::Author).data().toString();
        QVERIFY2(user.contains(u"(console) @ "_s), qPrintable(user));

        // The history the admin's log starts with names its senders too.
        QVERIFY(adminRowsBefore > 0);
        int byDispatcher = 0;
        for (int r = 0; r < log->rowCount(); ++r) {
            const QString who = log->index(r, EventLogModel::Author).data().toString();
            const QString kind = log->at(r).kindName();
            if (kind == u"match_considered"_s || kind == u"match_skipped"_s) continue;
            QVERIFY2(!who.isEmpty(), log->at(r).json.constData());
            if (who.contains(u"(dispatcher)"_s)) ++byDispatcher;
        }
        QVERIFY(byDispatcher > log->rowCount() - adminRowsBefore);

        // The log's filter by sender.
        auto* filter = admin.findChild<QLineEdit*>(u"authorFilter"_s);
        QVERIFY(filter);
        filter->setText(u"DISPATCHER"_s);
        QCOMPARE(admin.logView()->model()->rowCount(), byDispatcher);
        filter->setText(u"nobody-sent-this"_s);
        QCOMPARE(admin.logView()->model()->rowCount(), 0);
        filter->clear();
        QCOMPARE(admin.logView()->model()->rowCount(), log->rowCount());
    }

    // houbud is killed under the open window and started again on its port and
    // store: Reconnecting, then Connected, and the log goes on with no gap and
    // no repeat.
    void serverRestart() {
        QVERIFY(remote_ && embedded_);
        const qint64 seenBefore = remote_->lastSeq();
        QVERIFY(seenBefore > 0);
        const quint16 port = server_.port;
        server_.kill();
        QTRY_COMPARE_WITH_TIMEOUT(remote_->connectionIndicator()->kind(),
                                  ConnectionIndicator::Kind::Reconnecting, kWaitMs);
        QCOMPARE(remote_->connectionIndicator()->text(), u"Reconnecting…"_s);
        QVERIFY(!QApplication::activeModalWidget());  // the status bar says it, no message box
        QCOMPARE(remote_->sendDeniedReason(), u"Not connected to the server."_s);
        for (Operation op : kOperations) {
            QVERIFY(!remote_->operationAction(op)->isEnabled());
            QCOMPARE(remote_->operationAction(op)->toolTip(), u"Not connected to the server."_s);
        }
        QVERIFY(!remote_->openOperation(Operation::Advance));

        QVERIFY2(server_.start(port), server_.log.constData());
        QCOMPARE(serverSeq(), seenBefore);  // nothing acknowledged was lost
        // Commands from elsewhere right after the restart, probably before the
        // window is back...
        const QString seatA = freeSecondSeat(0), seatB = freeSecondSeat(1);
        QVERIFY(!seatA.isEmpty() && !seatB.isEmpty());
        const QList<QByteArray> first = {sale(u"AFTER-1"_s, seatA, u"后甲"_s),
                                         R"({"op":"advance","at":"2025-01-09T08:00"})"};
        QByteArray body;
        for (const QByteArray& c : first)
            body += c + '\n';
        QCOMPARE(http_.post(server_.url(u"/api/v1/commands"_s), dispatcher_, body).status, 200);
        QTRY_COMPARE_WITH_TIMEOUT(remote_->connectionIndicator()->kind(),
                                  ConnectionIndicator::Kind::Connected, kWaitMs);
        QCOMPARE(remote_->connectionIndicator()->text(), u"Connected as dispatcher"_s);
        QVERIFY(remote_->sendDeniedReason().isEmpty());
        QVERIFY(remote_->advanceAction()->isEnabled());
        // ...and from the window itself once it is.
        const QList<QByteArray> second = {sale(u"AFTER-2"_s, seatB, u"后乙"_s),
                                          R"({"op":"refund","id":"AFTER-1"})"};
        remote_->session()->send(second);
        sendEmbedded(first + second);
        waitInSync(seenBefore);
        QVERIFY(remote_->lastSeq() > seenBefore);
        const EventLogModel* log = remote_->logModel();
        QCOMPARE(qint64(log->rowCount()), remote_->lastSeq());
        for (int r = 0; r < log->rowCount(); ++r)
            QCOMPARE(log->at(r).seq, qint64(r + 1));
        compareViews(*remote_, *embedded_, true);
    }

    // History charts and the policy comparison replay the journal's commands,
    // which a remote session does not have: both say so instead of waiting.
    void chartsOnRemote() {
        QVERIFY(remote_ && embedded_);
        const QString expected = u"This session cannot replay its journal."_s;
        ChartsPanel* charts = remote_->charts();
        QSignalSpy history(remote_->session(), &Session::historyReady);
        charts->refreshHistory();
        QTRY_COMPARE_WITH_TIMEOUT(history.size(), 1, kWaitMs);
        QCOMPARE(charts->statusLabel()->text(), expected);
        QVERIFY(!charts->history());
        // Choosing a history tab asks again, with the same answer.
        charts->tabs()->setCurrentIndex(ChartsPanel::QueueChart);
        QTRY_COMPARE_WITH_TIMEOUT(history.size(), 2, kWaitMs);
        QCOMPARE(charts->statusLabel()->text(), expected);

        auto* dialog = qobject_cast<PolicyComparisonDialog*>(remote_->comparePolicies());
        QVERIFY(dialog);
        QTRY_COMPARE_WITH_TIMEOUT(dialog->heading()->text(), expected, kWaitMs);
        QVERIFY(!dialog->comparison());
        dialog->close();

        // The embedded window does replay: the same run, a real history.
        QSignalSpy embeddedHistory(embedded_->charts(), &ChartsPanel::historyRefreshed);
        embedded_->charts()->refreshHistory();
        QTRY_COMPARE_WITH_TIMEOUT(embeddedHistory.size(), 1, kWaitMs);
        QVERIFY(embedded_->charts()->history());
    }

    // A server whose store cannot commit (SQLite past houbud's file size
    // limit): the window says "read-only: store unavailable since HH:MM",
    // its operator actions are disabled saying why, and all of it comes back
    // once the store takes writes again, the sale caught in between included.
    void readOnlyWhileStoreIsDown() {
        Houbud down;
        down.dir = tmp_.path() + u"/down"_s;
        QVERIFY(QDir().mkpath(down.dir));
        down.args = {u"--store"_s, down.dir + u"/down.db"_s, u"--tokens"_s, tokens_};
        QVERIFY2(down.start(), down.log.constData());
        MainWindow w;
        w.openRemote(QUrl(u"http://127.0.0.1:%1"_s.arg(down.port)), dispatcher_);
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTRY_COMPARE_WITH_TIMEOUT(w.connectionIndicator()->kind(),
                                  ConnectionIndicator::Kind::Connected, kWaitMs);
        const QList<QByteArray> demo = lines(MainWindow::demoScenario());
        w.session()->send(demo.mid(0, 3));
        QTRY_VERIFY_WITH_TIMEOUT(w.lastSeq() > 0, kWaitMs);
        QTRY_VERIFY_WITH_TIMEOUT(w.advanceAction()->isEnabled(), kWaitMs);

        const pid_t pid = static_cast<pid_t>(down.process.processId());
        rlimit before{};
        QVERIFY(::prlimit(pid, RLIMIT_FSIZE, nullptr, &before) == 0);
        const rlimit full{1, before.rlim_max};
        QVERIFY(::prlimit(pid, RLIMIT_FSIZE, &full, nullptr) == 0);
        // The command that finds the store down is held until it is back.
        const qint64 seqBefore = w.lastSeq();
        w.session()->send(demo.mid(3, 1));
        QTRY_COMPARE_WITH_TIMEOUT(w.connectionIndicator()->kind(),
                                  ConnectionIndicator::Kind::ReadOnly, kWaitMs);
        QVERIFY2(
            w.connectionIndicator()->text().startsWith(u"read-only: store unavailable since "_s),
            qPrintable(w.connectionIndicator()->text()));
        QVERIFY(!w.advanceAction()->isEnabled());
        QVERIFY2(w.advanceAction()->toolTip().contains(u"store is unavailable"_s),
                 qPrintable(w.advanceAction()->toolTip()));
        QVERIFY(!w.sendDeniedReason().isEmpty());
        QCOMPARE(w.lastSeq(), seqBefore);

        QVERIFY(::prlimit(pid, RLIMIT_FSIZE, &before, nullptr) == 0);
        QTRY_COMPARE_WITH_TIMEOUT(w.connectionIndicator()->kind(),
                                  ConnectionIndicator::Kind::Connected, kWaitMs);
        QCOMPARE(w.connectionIndicator()->text(), u"Connected as dispatcher"_s);
        QTRY_VERIFY_WITH_TIMEOUT(w.advanceAction()->isEnabled(), kWaitMs);
        QTRY_VERIFY_WITH_TIMEOUT(w.lastSeq() > seqBefore, kWaitMs);
        QCOMPARE(down.stop(), 0);
    }

    void cleanupTestCase() {
        remote_.reset();
        embedded_.reset();
        QCOMPARE(server_.stop(), 0);
    }
};

int main(int argc, char** argv) {
    // Settings (dialog id counters) in a fresh directory; no keychain is reached.
    QTemporaryDir home;
    if (!home.isValid()) return 1;
    qputenv("XDG_CONFIG_HOME", QFile::encodeName(home.path()));
    qunsetenv("DBUS_SESSION_BUS_ADDRESS");
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(u"houbu-test"_s);
    QCoreApplication::setApplicationName(u"tst_console_remote"_s);
    TestConsoleRemote test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_console_remote.moc"
