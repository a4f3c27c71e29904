// The window's actions and menus: what each offers, when it is enabled, and the
// operator dialogs and context menus they open.
#include "houbu/main_window.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>

#include <QMessageBox>
#include <QProgressDialog>
#include <QScrollBar>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QStatusBar>
#include <QTableView>
#include <QTextBrowser>
#include <QToolBar>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

#include "houbu/about_dialog.h"
#include "houbu/appearance.h"
#include "houbu/charts.h"
#include "houbu/connection_indicator.h"
#include "houbu/dialogs/define_train_dialog.h"
#include "houbu/dialogs/waitlist_cap_dialog.h"
#include "houbu/dialogs/waitlist_rules_dialog.h"
#include "houbu/display_names.h"
#include "houbu/manual_dialog.h"
#include "houbu/policy_comparison.h"
#include "houbu/seat_legend_widget.h"
#include "houbu/settings_dialog.h"
#include "houbu/shortcuts_dialog.h"
#include "houbu/step_panel.h"
#include "houbu/waitlist_caps.h"
#include "houbu/widgets.h"

namespace houbu {

using namespace Qt::StringLiterals;

void MainWindow::buildActions() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* demo = file->addAction(tr("Open &demo"), this, &MainWindow::openDemo);
    demo->setShortcut(QKeySequence(u"Ctrl+D"_s));
    QAction* open =
        file->addAction(tr("&Open scenario…"), this, &MainWindow::openScenarioWithDialog);
    open->setShortcut(QKeySequence::Open);
    file->addAction(tr("Open s&tore…"), this, &MainWindow::openStoreWithDialog)
        ->setShortcut(QKeySequence(u"Ctrl+Alt+O"_s));
    recentMenu_ = file->addMenu(tr("Recent files"));
    rebuildRecentMenu();
    file->addSeparator();
    connect_ = file->addAction(tr("Co&nnect to server…"), this, [this] { connectWithDialog(); });
    connect_->setShortcut(QKeySequence(u"Ctrl+Shift+O"_s));
    disconnect_ = file->addAction(tr("D&isconnect"), this, &MainWindow::disconnectFromServer);
    file->addSeparator();
    export_ = file->addAction(tr("&Export journal as scenario…"), this, &MainWindow::exportJournal);
    export_->setShortcut(QKeySequence(u"Ctrl+E"_s));
    buildExportActions(file);
    file->addSeparator();
    QAction* settings = file->addAction(tr("&Settings…"), this, &MainWindow::showSettings);
    settings->setShortcut(QKeySequence(u"Ctrl+,"_s));
    settings->setMenuRole(QAction::PreferencesRole);
    setIcon(settings, u"settings"_s);
    file->addSeparator();
    file->addAction(tr("&Quit"), this, &QWidget::close)->setShortcut(QKeySequence::Quit);

    QMenu* ops = menuBar()->addMenu(tr("&Operations"));
    auto op = [this, ops](const QString& text, Operation which, const QKeySequence& key) {
        QAction* a = ops->addAction(text, this, [this, which] { openOperation(which); });
        a->setShortcut(key);
        return a;
    };
    sell_ = op(tr("&Sell…"), Operation::Sell, QKeySequence(u"Ctrl+Shift+S"_s));
    block_ = op(tr("&Block quota…"), Operation::Block, QKeySequence(u"Ctrl+Shift+B"_s));
    release_ = op(tr("&Release selection…"), Operation::Release, QKeySequence(u"Ctrl+R"_s));
    ops->addSeparator();
    waitlist_ = op(tr("&Waitlist order…"), Operation::Waitlist, QKeySequence(u"Ctrl+Shift+W"_s));
    prepay_ = op(tr("&Prepay order…"), Operation::Prepay, QKeySequence(u"Ctrl+Shift+P"_s));
    cancelOrder_ =
        op(tr("&Cancel order…"), Operation::CancelOrder, QKeySequence(u"Ctrl+Shift+X"_s));
    ops->addSeparator();
    addCar_ = op(tr("&Add car…"), Operation::AddCar, QKeySequence(u"Ctrl+Shift+A"_s));
    defineTrain_ =
        op(tr("&Define train…"), Operation::DefineTrain, QKeySequence(u"Ctrl+Shift+N"_s));
    advance_ = op(tr("Ad&vance clock…"), Operation::Advance, QKeySequence(u"Ctrl+T"_s));
    ops->addSeparator();
    waitlistCap_ =
        op(tr("Wai&tlist cap…"), Operation::WaitlistCap, QKeySequence(u"Ctrl+Shift+K"_s));
    waitlistRules_ =
        op(tr("Waitlist r&ules…"), Operation::WaitlistRules, QKeySequence(u"Ctrl+Shift+L"_s));
    capButton_->setDefaultAction(waitlistCap_);
    capButton_->setToolButtonStyle(Qt::ToolButtonTextOnly);
    setIcon(sell_, u"sell"_s);
    setIcon(block_, u"block"_s);
    setIcon(waitlist_, u"waitlist"_s);
    setIcon(prepay_, u"prepay"_s);
    setIcon(cancelOrder_, u"cancel"_s);
    // Delete acts on what has the focus: the grid's selection, the queue's order.
    auto deleteKey = [this](QWidget* w, QAction* target, const QString& text) {
        auto* a = new QAction(text, w);
        a->setShortcut(QKeySequence(Qt::Key_Delete));
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        connect(a, &QAction::triggered, target, [target] {
            if (target->isEnabled()) target->trigger();
        });
        w->addAction(a);
    };
    deleteKey(grid_, release_, tr("Release the selected seat interval (in the grid)"));
    deleteKey(queueView_, cancelOrder_, tr("Cancel the chosen order (in the queues)"));

    QMenu* matching = menuBar()->addMenu(tr("&Matching"));
    pause_ = matching->addAction(tr("&Pause matching"));
    pause_->setCheckable(true);
    pause_->setShortcut(QKeySequence(u"Ctrl+Shift+M"_s));
    pause_->setToolTip(tr("Step through the matching decisions of each command"));
    connect(pause_, &QAction::toggled, this, [this](bool on) {
        if (embedded_) embedded_->setStepMode(on);
    });
    step_ = matching->addAction(tr("&Step"), this, [this] {
        if (embedded_) embedded_->stepForward();
    });
    step_->setShortcut(QKeySequence(Qt::Key_F10));
    step_->setToolTip(tr("Apply the pending matching decision (F10)"));
    back_ = matching->addAction(tr("&Back"), this, [this] {
        if (embedded_) embedded_->stepBack();
    });
    back_->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F10));
    back_->setToolTip(tr("Undo the last decision by replaying the command (Shift+F10)"));
    run_ = matching->addAction(tr("&Run to the end"), this, [this] {
        if (embedded_) embedded_->runToEnd();
    });
    run_->setShortcut(QKeySequence(Qt::Key_F5));
    run_->setToolTip(tr("Apply every pending decision and command (F5)"));
    matching->addSeparator();
    buildExplainActions(matching);
    stepPanel_->setActions(back_, step_, run_, pause_);
    setIcon(pause_, u"pause"_s);
    setIcon(step_, u"step"_s);
    setIcon(back_, u"back"_s);
    setIcon(run_, u"run"_s);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addAction(tr("Zoom &in"), grid_, &SeatGridView::zoomIn)
        ->setShortcut(QKeySequence::ZoomIn);
    view->addAction(tr("Zoom &out"), grid_, &SeatGridView::zoomOut)
        ->setShortcut(QKeySequence::ZoomOut);
    view->addAction(tr("&Actual size"), grid_, &SeatGridView::resetZoom)
        ->setShortcut(QKeySequence(u"Ctrl+0"_s));
    view->addAction(tr("&Find"), this,
                    [this] {
                        search_->setFocus();
                        search_->selectAll();
                    })
        ->setShortcut(QKeySequence::Find);
    view->addSeparator();
    for (QDockWidget* dock : findChildren<QDockWidget*>())
        view->addAction(dock->toggleViewAction());
    chartsDock_->toggleViewAction()->setShortcut(QKeySequence(u"Ctrl+Shift+C"_s));
    hotQueuesDock_->toggleViewAction()->setShortcut(QKeySequence(u"Ctrl+Shift+H"_s));
    setIcon(chartsDock_->toggleViewAction(), u"charts"_s);
    view->addSeparator();
    view->addAction(tr("&Reset window layout"), this, &MainWindow::resetLayout);

    QMenu* analysis = menuBar()->addMenu(tr("&Analysis"));
    analysis->addAction(chartsDock_->toggleViewAction());
    analysis->addAction(hotQueuesDock_->toggleViewAction());
    QAction* replay = analysis->addAction(tr("&Replay history for charts"), this, [this] {
        chartsDock_->show();
        chartsDock_->raise();
        charts_->refreshHistory();
    });
    replay->setShortcut(QKeySequence(Qt::Key_F6));
    compare_ = analysis->addAction(tr("&Compare policies…"), this, &MainWindow::comparePolicies);
    compare_->setShortcut(QKeySequence(Qt::Key_F7));
    compare_->setStatusTip(
        tr("Replay the journal with the shown run under complete and under exact"));
    setIcon(compare_, u"compare"_s);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QMenu* examples = help->addMenu(tr("&Examples"));
    examples->setIcon(themedIcon(u"examples"_s, palette()));
    for (const QString& name : Example::names()) {
        const Example ex = Example::load(name, language());
        examples->addAction(ex.title, this, [this, name] { openExample(name); });
    }
    help->addSeparator();
    manual_ = help->addAction(tr("&Manual"), this, [this] { showManual(); });
    manual_->setShortcut(QKeySequence::HelpContents);
    setIcon(manual_, u"help"_s);
    shortcuts_ = help->addAction(tr("&Keyboard shortcuts"), this, [this] { showShortcuts(); });
    shortcuts_->setShortcut(QKeySequence(u"Ctrl+/"_s));
    about_ = help->addAction(tr("&About Houbu"), this, [this] { showAbout(); });
    about_->setMenuRole(QAction::AboutRole);

    QToolBar* tools = addToolBar(tr("Operations"));
    tools->setObjectName(u"operationsToolBar"_s);
    tools->addAction(demo);
    tools->addAction(open);
    tools->addSeparator();
    for (QAction* a : {sell_, block_, release_, waitlist_, prepay_, cancelOrder_, addCar_,
                       defineTrain_, advance_})
        tools->addAction(a);

    QToolBar* stepping = addToolBar(tr("Matching"));
    stepping->setObjectName(u"matchingToolBar"_s);
    for (QAction* a : {pause_, step_, back_, run_})
        stepping->addAction(a);
    tools->addSeparator();
    tools->addAction(chartsDock_->toggleViewAction());
    tools->addAction(compare_);
    setIcon(demo, u"demo"_s);
    setIcon(open, u"open"_s);
    setIcon(release_, u"release"_s);
    setIcon(addCar_, u"add-car"_s);
    setIcon(defineTrain_, u"define-train"_s);
    setIcon(waitlistCap_, u"waitlist-cap"_s);
    setIcon(advance_, u"advance"_s);
}

void MainWindow::setIcon(QAction* action, const QString& name) {
    iconNames_.insert(action, name);
    action->setIcon(themedIcon(name, palette()));
}

void MainWindow::updateActions() {
    const QString denied = sendDeniedReason();
    const bool canSend = session_ && denied.isEmpty();
    const bool run = canSend && snapshot_ && !snapshot_->run.train.empty();
    const QString noSession = !session_ ? tr("Open a scenario or a store first")
                              : !denied.isEmpty()
                                  ? denied
                                  : tr("No train is shown: open a scenario or a store first");
    auto set = [](QAction* a, bool enabled, const QString& what, const QString& why) {
        a->setEnabled(enabled);
        a->setToolTip(enabled ? what : why);
        a->setStatusTip(enabled ? what : why);
    };
    QString seat;
    int from = 0, to = 0;
    const bool selected = run && grid_->selectedInterval(seat, from, to);
    bool orders = !awaitingPrepay_.isEmpty();
    if (snapshot_)
        for (const QueuePtr& q : snapshot_->queues)
            orders = orders || !q->orders.empty();
    set(release_, selected,
        tr("Release the selected seat interval (refund, timeout, reschedule or quota)"),
        run ? tr("Select a seat interval in the grid first") : noSession);
    set(sell_, run, tr("Sell tickets on the shown train"), noSession);
    set(block_, run, tr("Withhold seats as a quota block"), noSession);
    set(waitlist_, run, tr("Submit a waitlist order"), noSession);
    set(prepay_, canSend && !awaitingPrepay_.isEmpty(), tr("Prepay a waitlist order"),
        canSend ? tr("No waitlist order awaits prepayment") : noSession);
    set(cancelOrder_, canSend && orders, tr("Cancel a waitlist order"),
        canSend ? tr("No waitlist order to cancel") : noSession);
    set(addCar_, run, tr("Add a car (加挂) to the shown train"), noSession);
    set(defineTrain_, canSend,
        tr("Define a train run, by default an added one (加开) that waiting orders may accept"),
        noSession);
    set(waitlistCap_, run, tr("Cap the passengers queued on a class of the shown train"),
        noSession);
    set(waitlistRules_, canSend, tr("Set the waitlist limits for the orders submitted from now on"),
        session_ ? denied : tr("Open a scenario or a store first"));
    set(advance_, canSend, tr("Move the logical clock forward"),
        session_ ? denied : tr("Open a scenario or a store first"));
    // Comparing only reads: a read-only session may compare too.
    const bool shown = session_ && snapshot_ && !snapshot_->run.train.empty();
    compare_->setEnabled(shown);
    set(exportSeatMap_, shown, tr("Save the shown run's seat map as PDF or PNG"),
        tr("No train is shown"));
    set(print_, shown, tr("Print the shown run's seat map, with a preview first"),
        tr("No train is shown"));
    pause_->setEnabled(embedded_ != nullptr);
    step_->setEnabled(stepState_.paused);
    run_->setEnabled(stepState_.paused || stepState_.waiting > 0);
    back_->setEnabled(stepState_.paused && stepState_.canStepBack);
    updateExplainAction();
}

QAction* MainWindow::operationAction(Operation op) const {
    switch (op) {
        case Operation::Release:
            return release_;
        case Operation::AddCar:
            return addCar_;
        case Operation::Block:
            return block_;
        case Operation::Sell:
            return sell_;
        case Operation::Waitlist:
            return waitlist_;
        case Operation::Prepay:
            return prepay_;
        case Operation::CancelOrder:
            return cancelOrder_;
        case Operation::Advance:
            return advance_;
        case Operation::WaitlistCap:
            return waitlistCap_;
        case Operation::WaitlistRules:
            return waitlistRules_;
        case Operation::DefineTrain:
            return defineTrain_;
    }
    return nullptr;
}

OperatorContext MainWindow::operatorContext() const {
    OperatorContext c;
    c.snapshot = snapshot_ ? snapshot_ : std::make_shared<ConsoleSnapshot>();
    c.awaitingPrepay = awaitingPrepay_.values();
    QString seat;
    int from = 0, to = 0;
    if (grid_->selectedInterval(seat, from, to)) {
        c.seat = seat;
        c.from = from;
        c.to = to;
    }
    c.order = queueView_->currentIndex().data(QueueModel::OrderIdRole).toString();
    c.queueClass = queueView_->currentIndex().data(QueueModel::ClassRole).toString();
    return c;
}

OperatorDialog* MainWindow::openOperation(Operation op) {
    return openOperation(op, operatorContext());
}

OperatorDialog* MainWindow::openOperation(Operation op, const OperatorContext& context) {
    // Not while a remote session is connecting or reconnecting either: its
    // actions are disabled for that reason, and the dialog could not send.
    if (!session_ || !sendDeniedReason().isEmpty()) return nullptr;
    Session* s = session_.get();
    OperatorDialog* d = nullptr;
    switch (op) {
        case Operation::Release:
            d = new ReleaseDialog(s, context, this);
            break;
        case Operation::AddCar:
            d = new AddCarDialog(s, context, this);
            break;
        case Operation::Block:
            d = new BlockDialog(s, context, this);
            break;
        case Operation::Sell:
            d = new SellDialog(s, context, this);
            break;
        case Operation::Waitlist:
            d = new WaitlistDialog(s, context, this);
            break;
        case Operation::Prepay:
            d = new PrepayDialog(s, context, this);
            break;
        case Operation::CancelOrder:
            d = new CancelOrderDialog(s, context, this);
            break;
        case Operation::Advance:
            d = new AdvanceClockDialog(s, context, this);
            break;
        case Operation::WaitlistCap:
            d = new WaitlistCapDialog(s, context, this);
            break;
        case Operation::WaitlistRules:
            d = new WaitlistRulesDialog(s, context, this);
            break;
        case Operation::DefineTrain:
            d = new DefineTrainDialog(s, context, this);
            break;
    }
    d->setAttribute(Qt::WA_DeleteOnClose);
    if (auto* sell = qobject_cast<SellDialog*>(d))
        connect(sell, &SellDialog::waitlistInstead, this,
                [this](const QStringList& passengers, int from, int to, const QString& cls) {
                    auto* w = qobject_cast<WaitlistDialog*>(openOperation(Operation::Waitlist));
                    if (w) w->takeOverSale(passengers, from, to, cls);
                });
    // Step through from a preview: pause matching, then send it.
    connect(d, &OperatorDialog::stepRequested, this, [this](const QByteArray& line) {
        if (!embedded_) return;
        pause_->setChecked(true);
        embedded_->send({line});
    });
    connect(d, &OperatorDialog::applied, this,
            [this, op](const QList<EventRecord>& events, const QString& summary) {
                statusBar()->showMessage(summary, 15000);
                if (op != Operation::Waitlist) return;
                // Offer to prepay the order just submitted.
                for (const EventRecord& e : events)
                    if (e.event.kind == EventKind::WaitlistSubmitted) {
                        const QString id = QString::fromStdString(e.event.id);
                        QMetaObject::invokeMethod(
                            this,
                            [this, id] {
                                OperatorContext c = operatorContext();
                                c.order = id;
                                openOperation(Operation::Prepay, c);
                            },
                            Qt::QueuedConnection);
                    }
            });
    d->open();
    return d;
}

void MainWindow::send(const QByteArray& command) {
    if (session_) session_->send({command});
}

void MainWindow::sendRelease(const QString& seat, int from, int to, const QString& reason) {
    const QStringList stations = gridModel_->stations();
    Command release;
    release.op = Op::Release;
    release.train = snapshot_->run.train;
    release.date = snapshot_->run.date;
    release.seat = seat.toStdString();
    release.from = stations.value(from).toStdString();
    release.to = stations.value(to).toStdString();
    release.reason = reason.toStdString();
    if (session_) session_->sendCommand(release);
}

bool MainWindow::releaseSelection(const QString& reason) {
    QString seat;
    int from = 0, to = 0;
    if (!snapshot_ || !grid_->selectedInterval(seat, from, to)) return false;
    sendRelease(seat, from, to, reason);
    return true;
}

bool MainWindow::releaseHolderAt(int row, int column, const QString& reason) {
    const SeatView* seat = gridModel_->seat(row);
    if (!snapshot_ || !seat) return false;
    for (const HolderView& h : seat->holders) {
        if (column < h.from || column >= h.to) continue;
        sendRelease(QString::fromStdString(seat->label), h.from, h.to, reason);
        return true;
    }
    return false;
}

void MainWindow::showGridMenu(const QPoint& pos) {
    const QModelIndex proxy = grid_->indexAt(pos);
    if (!proxy.isValid()) return;
    const QModelIndex cell = gridFilter_->mapToSource(proxy);
    const QString holder = cell.data(SeatGridModel::HolderIdRole).toString();
    const bool canSend = session_ && sendDeniedReason().isEmpty();
    // The selection when there is one, else the segment under the cursor.
    OperatorContext here = operatorContext();
    if (here.seat.isEmpty()) {
        here.seat = cell.data(SeatGridModel::SeatRole).toString();
        here.from = cell.column();
        here.to = cell.column() + 1;
    }
    const QString interval = tr("%1 %2→%3")
                                 .arg(here.seat, gridModel_->stations().value(here.from),
                                      gridModel_->stations().value(here.to));
    QMenu menu(this);
    if (!holder.isEmpty()) {
        QAction* a = menu.addAction(
            tr("Release %1 (%2)…").arg(holder, cell.data(SeatGridModel::IntervalRole).toString()),
            this, [this, holder] {
                OperatorContext c = operatorContext();
                c.holder = holder;
                openOperation(Operation::Release, c);
            });
        a->setEnabled(canSend);
    }
    menu.addAction(release_);
    menu.addSeparator();
    menu.addAction(tr("Sell %1…").arg(interval), this,
                   [this, here] { openOperation(Operation::Sell, here); })
        ->setEnabled(sell_->isEnabled());
    menu.addAction(tr("Block %1…").arg(interval), this,
                   [this, here] { openOperation(Operation::Block, here); })
        ->setEnabled(block_->isEnabled());
    menu.addAction(tr("Waitlist order for %1…").arg(interval), this,
                   [this, here] { openOperation(Operation::Waitlist, here); })
        ->setEnabled(waitlist_->isEnabled());
    menu.addSeparator();
    menu.addAction(addCar_);
    menu.exec(grid_->viewport()->mapToGlobal(pos));
}

void MainWindow::showQueueMenu(const QPoint& pos) {
    const QString id = queueView_->indexAt(pos).data(QueueModel::OrderIdRole).toString();
    QMenu menu(this);
    if (!id.isEmpty()) {
        menu.addAction(tr("Cancel order %1…").arg(id), this,
                       [this, id] {
                           OperatorContext c = operatorContext();
                           c.order = id;
                           openOperation(Operation::CancelOrder, c);
                       })
            ->setEnabled(cancelOrder_->isEnabled());
        menu.addSeparator();
    }
    menu.addAction(prepay_);
    menu.addAction(cancelOrder_);
    menu.addAction(waitlist_);
    const QString cls = queueView_->indexAt(pos).data(QueueModel::ClassRole).toString();
    menu.addSeparator();
    if (!cls.isEmpty())
        menu.addAction(tr("Waitlist cap for %1…").arg(DisplayNames::travelClass(cls)), this,
                       [this, cls] {
                           OperatorContext c = operatorContext();
                           c.queueClass = cls;
                           openOperation(Operation::WaitlistCap, c);
                       })
            ->setEnabled(waitlistCap_->isEnabled());
    else
        menu.addAction(waitlistCap_);
    menu.addAction(waitlistRules_);
    menu.exec(queueView_->viewport()->mapToGlobal(pos));
}

}  // namespace houbu
