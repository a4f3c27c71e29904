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
#include <QJsonArray>
#include <QJsonDocument>
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
#include "houbu/display_names.h"
#include "houbu/manual_dialog.h"
#include "houbu/policy_comparison.h"
#include "houbu/seat_legend_widget.h"
#include "houbu/settings_dialog.h"
#include "houbu/shortcuts_dialog.h"
#include "houbu/step_panel.h"
#include "houbu/dialogs/waitlist_cap_dialog.h"
#include "houbu/waitlist_caps.h"
#include "houbu/dialogs/waitlist_rules_dialog.h"
#include "houbu/widgets.h"

namespace houbu {

using namespace Qt::StringLiterals;

namespace {

QString html(const std::string& s) {
    return QString::fromStdString(s).toHtmlEscaped();
}

QByteArray compact(const QJsonObject& o) {
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QString g_language = u"en"_s;

QLineEdit* searchField(const QString& placeholder, QWidget* parent) {
    auto* edit = new QLineEdit(parent);
    edit->setPlaceholderText(placeholder);
    edit->setClearButtonEnabled(true);
    return edit;
}

}  // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
    setObjectName(u"MainWindow"_s);
    // Titles name what is open; the platform adds the application's name.
    throttle_ = new SnapshotThrottle(this);
    connect(throttle_, &SnapshotThrottle::snapshot, this, &MainWindow::onSnapshot);

    runModel_ = new RunListModel(this);
    runSorter_ = new RunSortModel(this);
    runSorter_->setSourceModel(runModel_);
    gridModel_ = new SeatGridModel(this);
    gridFilter_ = new SeatFilterModel(this);
    gridFilter_->setSourceModel(gridModel_);
    queueModel_ = new QueueModel(this);
    hotQueueModel_ = new HotQueueModel(this);
    hotQueueSorter_ = new RunSortModel(this);
    hotQueueSorter_->setSortRole(HotQueueModel::SortRole);
    hotQueueSorter_->setSourceModel(hotQueueModel_);
    logModel_ = new EventLogModel(this);
    logFilter_ = new EventFilterModel(this);
    logFilter_->setSourceModel(logModel_);

    // Centre: filter bar over the grid.
    auto* centre = new QWidget(this);
    auto* layout = new QVBoxLayout(centre);
    layout->setContentsMargins(4, 4, 4, 0);
    auto* bar = new QHBoxLayout;
    classFilter_ = new QComboBox(centre);
    classFilter_->setObjectName(u"classFilter"_s);
    carFilter_ = new QComboBox(centre);
    carFilter_->setObjectName(u"carFilter"_s);
    // Filled once a run is shown: sized to what they hold then, not when first shown.
    // Never narrower than what they hold: the legend below them may wrap instead.
    for (QComboBox* c : {classFilter_, carFilter_}) {
        c->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        c->setSizePolicy(QSizePolicy::Minimum, QSizePolicy::Fixed);
    }
    search_ = searchField(tr("Find seat, ticket, passenger or order (Ctrl+F)"), centre);
    bar->addWidget(new QLabel(tr("Class:"), centre));
    bar->addWidget(classFilter_);
    bar->addWidget(new QLabel(tr("Car:"), centre));
    bar->addWidget(carFilter_);
    bar->addWidget(search_, 1);
    selectionLabel_ = new QLabel(centre);
    bar->addWidget(selectionLabel_);
    layout->addLayout(bar);
    legend_ = new SeatLegendWidget(SeatLegend::shortEntries(), true, centre);
    legend_->setObjectName(u"legend"_s);
    legend_->setToolTip(tr("Every mark of the grid: View ▸ Legend"));
    layout->addWidget(legend_);
    stepPanel_ = new StepPanel(centre);
    layout->addWidget(stepPanel_);
    grid_ = new SeatGridView(centre);
    grid_->setGridModel(gridModel_, gridFilter_);
    // Standing tickets (无座) have no seat row: they are listed under the grid.
    auto* seats = new QSplitter(Qt::Vertical, centre);
    seats->setObjectName(u"seatSplitter"_s);
    seats->addWidget(grid_);
    standingModel_ = new StandingTicketModel(this);
    standingPanel_ = new QWidget(seats);
    standingPanel_->setObjectName(u"standingPanel"_s);
    auto* standingLayout = new QVBoxLayout(standingPanel_);
    standingLayout->setContentsMargins(0, 2, 0, 0);
    standingTitle_ = new QLabel(standingPanel_);
    standingLayout->addWidget(standingTitle_);
    standingView_ = new QTableView(standingPanel_);
    standingView_->setObjectName(u"standingTickets"_s);
    standingView_->setModel(standingModel_);
    standingView_->setSelectionBehavior(QAbstractItemView::SelectRows);
    standingView_->setSelectionMode(QAbstractItemView::SingleSelection);
    standingView_->verticalHeader()->hide();
    standingView_->horizontalHeader()->setStretchLastSection(true);
    standingView_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    standingView_->setAlternatingRowColors(true);
    standingLayout->addWidget(standingView_, 1);
    seats->addWidget(standingPanel_);
    seats->setStretchFactor(0, 4);
    seats->setStretchFactor(1, 1);
    standingPanel_->hide();
    layout->addWidget(seats, 1);
    setCentralWidget(centre);

    connect(classFilter_, &QComboBox::currentIndexChanged, this,
            [this] { gridFilter_->setTravelClass(classFilter_->currentData().toString()); });
    connect(carFilter_, &QComboBox::currentIndexChanged, this,
            [this] { gridFilter_->setCar(carFilter_->currentData().toInt()); });
    connect(search_, &QLineEdit::textChanged, gridFilter_, &SeatFilterModel::setSearch);
    connect(grid_, &SeatGridView::intervalSelected, this,
            [this](const QString& seat, int from, int to) {
                const QStringList st = gridModel_->stations();
                selectionLabel_->setText(
                    tr("Selected: %1 %2→%3").arg(seat, st.value(from), st.value(to)));
                updateActions();
            });
    grid_->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(grid_, &QWidget::customContextMenuRequested, this, &MainWindow::showGridMenu);
    connect(grid_, &SeatGridView::selectionCleared, this, [this] {
        selectionLabel_->clear();
        updateActions();
    });

    buildDocks();
    buildActions();

    connection_ = new ConnectionIndicator(this);
    storeLabel_ = new QLabel(this);
    clockLabel_ = new QLabel(this);
    eventsLabel_ = new QLabel(this);
    for (QLabel* l : {storeLabel_, clockLabel_, eventsLabel_}) {
        l->setFrameShape(QFrame::StyledPanel);
        l->setContentsMargins(6, 0, 6, 0);
    }
    statusBar()->addPermanentWidget(connection_);
    statusBar()->addPermanentWidget(storeLabel_);
    statusBar()->addPermanentWidget(clockLabel_);
    statusBar()->addPermanentWidget(eventsLabel_);

    // First start: a narrow trains list, a wide queue panel, a short log.
    const auto docks = findChildren<QDockWidget*>();
    for (QDockWidget* d : docks) {
        if (d->objectName() == u"trainsDock"_s) resizeDocks({d}, {300}, Qt::Horizontal);
        if (d->objectName() == u"queuesDock"_s) resizeDocks({d}, {460}, Qt::Horizontal);
        if (d->objectName() == u"logDock"_s) resizeDocks({d}, {260}, Qt::Vertical);
    }
    defaultState_ = saveState();
    QSettings settings;
    if (!restoreGeometry(settings.value(u"window/geometry"_s).toByteArray())) resize(1500, 950);
    restoreState(settings.value(u"window/state"_s).toByteArray());
    applyPalette();
    updateConnection();
    updateActions();
}

MainWindow::~MainWindow() = default;

QString MainWindow::installTranslation(const QString& language) {
    QString lang = language;
    if (lang.isEmpty()) lang = QSettings().value(u"language"_s).toString();
    if (lang.isEmpty()) lang = QLocale::system().name();
    // An installed translation (share/houbu/translations beside bin/) first, so
    // that a translator can try a new .qm without rebuilding; else the built-in one.
    auto load = [](QTranslator* t, const QString& name) {
        const QString installed =
            QCoreApplication::applicationDirPath() + u"/../share/houbu/translations"_s;
        return t->load(name, installed) || t->load(name, u":/i18n"_s);
    };
    if (!lang.startsWith(u"zh"_s)) {
        // English is the source language; its translation holds the plural forms only.
        auto* plurals = new QTranslator(QCoreApplication::instance());
        if (load(plurals, u"houbu_en"_s)) QCoreApplication::installTranslator(plurals);
        return g_language = u"en"_s;
    }
    g_language = u"zh_CN"_s;
    // Owned by the application for its whole life.
    auto* app = new QTranslator(QCoreApplication::instance());
    auto* qt = new QTranslator(QCoreApplication::instance());
    if (load(app, u"houbu_zh_CN"_s)) QCoreApplication::installTranslator(app);
    if (qt->load(u"qtbase_zh_CN"_s, QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    return u"zh_CN"_s;
}

QString MainWindow::language() {
    return g_language;
}

QByteArray MainWindow::demoScenario() {
    QFile f(u":/demo/g13-spring-festival.jsonl"_s);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void MainWindow::buildDocks() {
    setDockNestingEnabled(true);
    auto makeDock = [this](const QString& title, const QString& name, QWidget* content,
                           Qt::DockWidgetArea area) {
        auto* dock = new QDockWidget(title, this);
        dock->setObjectName(name);
        dock->setWidget(content);
        addDockWidget(area, dock);
        return dock;
    };

    QDockWidget* trainsDock =
        makeDock(tr("Trains"), u"trainsDock"_s, buildRunsPanel(), Qt::LeftDockWidgetArea);
    hotQueuesDock_ = makeDock(tr("Hot queues"), u"hotQueuesDock"_s, buildHotQueuesPanel(),
                              Qt::LeftDockWidgetArea);
    tabifyDockWidget(trainsDock, hotQueuesDock_);
    trainsDock->raise();

    auto* queues = new QSplitter(Qt::Vertical, this);
    // Above the queues: each class's cap and queued passengers (候补人数已满).
    auto* queueTop = new QWidget(queues);
    auto* queueTopLayout = new QVBoxLayout(queueTop);
    queueTopLayout->setContentsMargins(0, 0, 0, 0);
    auto* capRow = new QHBoxLayout;
    capStatus_ = new QLabel(queueTop);
    capStatus_->setObjectName(u"capStatus"_s);
    capStatus_->setWordWrap(true);
    capStatus_->setTextFormat(Qt::RichText);
    capRow->addWidget(capStatus_, 1);
    capButton_ = new QToolButton(queueTop);
    capButton_->setObjectName(u"capButton"_s);
    capRow->addWidget(capButton_, 0, Qt::AlignTop);
    queueTopLayout->addLayout(capRow);
    queueView_ = new QTreeView(queueTop);
    queueView_->setModel(queueModel_);
    queueView_->setItemDelegate(new StepQueueDelegate(queueView_));
    queueView_->setUniformRowHeights(true);
    queueView_->setAlternatingRowColors(true);
    queueView_->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    queueView_->header()->setStretchLastSection(true);
    // Queues open with their orders shown. Only the queues are expanded, as
    // they come: QTreeView::expandAll (Qt 6.4) keeps a persistent index for
    // every order too, and each row removed then costs a walk of all of them.
    auto expandQueues = [this](const QModelIndex& parent, int first, int last) {
        if (parent.isValid()) return;
        for (int row = first; row <= last; ++row)
            queueView_->expand(queueModel_->index(row, 0));
    };
    connect(queueModel_, &QAbstractItemModel::rowsInserted, this, expandQueues);
    connect(queueModel_, &QAbstractItemModel::modelReset, this,
            [=, this] { expandQueues({}, 0, queueModel_->rowCount() - 1); });
    queueTopLayout->addWidget(queueView_, 1);
    auto* whyPanel = new QWidget(queues);
    auto* whyLayout = new QVBoxLayout(whyPanel);
    whyLayout->setContentsMargins(0, 0, 0, 0);
    why_ = new QTextBrowser(whyPanel);
    why_->setPlaceholderText(tr("Select a queued order to see which seats block it."));
    whyLayout->addWidget(why_, 1);
    buildWhyReport(whyPanel, whyLayout);
    queues->addWidget(queueTop);
    queues->addWidget(whyPanel);
    queues->setStretchFactor(0, 3);
    queues->setStretchFactor(1, 2);
    connect(queueView_->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &MainWindow::onQueueSelection);
    connect(queueView_->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &MainWindow::updateActions);
    queueView_->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(queueView_, &QWidget::customContextMenuRequested, this, &MainWindow::showQueueMenu);
    makeDock(tr("Queues"), u"queuesDock"_s, queues, Qt::RightDockWidgetArea);

    auto* log = new QWidget(this);
    auto* logLayout = new QVBoxLayout(log);
    logLayout->setContentsMargins(2, 2, 2, 2);
    auto* filters = new QHBoxLayout;
    kindFilter_ = new QComboBox(log);
    kindFilter_->addItem(tr("All events"), QString());
    for (const QString& kind : DisplayNames::eventKinds())
        kindFilter_->addItem(DisplayNames::eventKind(kind), kind);
    trainFilter_ = new QComboBox(log);
    trainFilter_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    trainFilter_->addItem(tr("All trains"), QString());
    orderFilter_ = searchField(tr("Order id"), log);
    auto* authorFilter = searchField(tr("Sent by"), log);
    authorFilter->setObjectName(u"authorFilter"_s);
    authorFilter->setToolTip(tr("Only commands sent by this user, token, role or host"));
    textFilter_ = searchField(tr("Text"), log);
    filters->addWidget(kindFilter_);
    filters->addWidget(trainFilter_);
    filters->addWidget(orderFilter_);
    filters->addWidget(authorFilter);
    filters->addWidget(textFilter_, 1);
    logLayout->addLayout(filters);
    logView_ = new QTableView(log);
    logView_->setModel(logFilter_);
    logView_->setSelectionBehavior(QAbstractItemView::SelectRows);
    logView_->setSelectionMode(QAbstractItemView::SingleSelection);
    logView_->verticalHeader()->hide();
    logView_->horizontalHeader()->setStretchLastSection(true);
    logView_->setWordWrap(false);
    logView_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    logView_->setAlternatingRowColors(true);
    // Each column as wide as a typical value or its header, whichever is wider:
    // the log fills later, and a header cut short ("Se…") names nothing.
    const auto fitColumn = [this](int column, const QString& sample) {
        QHeaderView* header = logView_->horizontalHeader();
        const int margin = style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
        const QString title =
            logModel_->headerData(column, Qt::Horizontal, Qt::DisplayRole).toString();
        // A cell's text has the delegate's margins on both sides and a grid line.
        const int textMargin =
            style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, logView_) + 1;
        logView_->setColumnWidth(
            column, std::max(logView_->fontMetrics().horizontalAdvance(sample) + 2 * textMargin + 4,
                             header->fontMetrics().horizontalAdvance(title) + 3 * margin));
    };
    fitColumn(EventLogModel::Seq, u"000000"_s);
    fitColumn(EventLogModel::Line, u"000000"_s);
    fitColumn(EventLogModel::Time, u"2025-01-06 08:00:00"_s);
    // The widest name as drawn, not the one of most characters: a Chinese
    // character is about twice as wide as a Latin letter.
    QString longestKind;
    for (const QString& kind : DisplayNames::eventKinds())
        if (logView_->fontMetrics().horizontalAdvance(DisplayNames::eventKind(kind)) >
            logView_->fontMetrics().horizontalAdvance(longestKind))
            longestKind = DisplayNames::eventKind(kind);
    fitColumn(EventLogModel::Event, longestKind);
    fitColumn(EventLogModel::Train, u"G1234"_s);
    fitColumn(EventLogModel::Subject, u"WQ12345.12"_s);
    fitColumn(EventLogModel::Author, u"dispatcher (console) @ host"_s);
    logLayout->addWidget(logView_);
    connect(kindFilter_, &QComboBox::currentIndexChanged, this,
            [this] { logFilter_->setKind(kindFilter_->currentData().toString()); });
    connect(trainFilter_, &QComboBox::currentIndexChanged, this,
            [this] { logFilter_->setTrain(trainFilter_->currentData().toString()); });
    connect(orderFilter_, &QLineEdit::textChanged, logFilter_, &EventFilterModel::setOrder);
    connect(textFilter_, &QLineEdit::textChanged, logFilter_, &EventFilterModel::setText);
    connect(authorFilter, &QLineEdit::textChanged, logFilter_, &EventFilterModel::setAuthor);
    connect(logView_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &MainWindow::onLogSelection);
    connect(logView_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this] { updateExplainAction(); });
    QDockWidget* logDock =
        makeDock(tr("Matching log"), u"logDock"_s, log, Qt::BottomDockWidgetArea);

    // Every colour, hatching, outline and divider of the grid; hidden at first.
    fullLegend_ = new SeatLegendWidget(SeatLegend::entries(), false, this);
    fullLegend_->setObjectName(u"fullLegend"_s);
    legendDock_ = makeDock(tr("Legend"), u"legendDock"_s, fullLegend_, Qt::RightDockWidgetArea);
    legendDock_->hide();

    charts_ = new ChartsPanel(this);
    chartsDock_ = makeDock(tr("Charts"), u"chartsDock"_s, charts_, Qt::BottomDockWidgetArea);
    tabifyDockWidget(logDock, chartsDock_);
    logDock->raise();
}

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

void MainWindow::applyPalette() {
    for (auto it = iconNames_.cbegin(); it != iconNames_.cend(); ++it)
        it.key()->setIcon(themedIcon(it.value(), palette()));
    legend_->update();
}

void MainWindow::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange)
        applyPalette();
    QMainWindow::changeEvent(event);
}

void MainWindow::resetLayout() {
    restoreState(defaultState_);
    for (QDockWidget* dock : findChildren<QDockWidget*>())
        dock->setFloating(false);
}

QDialog* MainWindow::showManual() {
    auto* dialog = new ManualDialog(language(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

QDialog* MainWindow::showShortcuts() {
    auto* dialog = new ShortcutsDialog(this, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

QDialog* MainWindow::showAbout() {
    auto* dialog = new AboutDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

void MainWindow::showSettings() {
    SettingsDialog dialog(this);
    connect(&dialog, &SettingsDialog::resetLayoutRequested, this, &MainWindow::resetLayout);
    connect(&dialog, &SettingsDialog::clearRecentRequested, this, [this] {
        QSettings().remove(u"recentFiles"_s);
        rebuildRecentMenu();
    });
    dialog.exec();
}

QDialog* MainWindow::comparePolicies() {
    if (!session_ || !snapshot_ || snapshot_->run.train.empty()) return nullptr;
    auto* dialog =
        new PolicyComparisonDialog(session_.get(), QString::fromStdString(snapshot_->run.train),
                                   QString::fromStdString(snapshot_->run.date), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

void MainWindow::openEmbedded(const QString& location, const QByteArray& scenario) {
    auto owned = std::make_unique<EmbeddedSession>();
    EmbeddedSession* session = owned.get();
    setSession(std::move(owned));
    if (!scenario.isEmpty()) {
        connect(
            session, &EmbeddedSession::opened, this,
            [session, scenario](bool ok) {
                if (ok) session->load(scenario);
            },
            Qt::SingleShotConnection);
    }
    StoreOptions options;
    options.location = location;
    session->open(options);
    storeLabel_->setText(location.isEmpty() ? tr("in memory") : location);
    storeLabel_->setToolTip(location);
    updateActions();
}

void MainWindow::connectSession() {
    Session* s = session_.get();
    charts_->setSession(s);
    connect(s, &Session::snapshotChanged, throttle_, &SnapshotThrottle::push);
    connect(s, &Session::eventsApplied, this, &MainWindow::onEvents);
    connect(s, &Session::whyWaiting, this, &MainWindow::onWhy);
    connect(s, &Session::eventExplained, this, &MainWindow::onExplained);
    connect(s, &Session::failed, this, [this](const QString& message) {
        reportFailure(message);
        // A remote session reports lost connections here too: no modal box for those.
        if (embedded_) QMessageBox::warning(this, tr("Houbu"), message);
    });
    if (EmbeddedSession* e = embedded_) {
        // Step mode runs on the embedded engine only: a shared remote engine cannot pause.
        connect(e, &EmbeddedSession::stepStateChanged, this, &MainWindow::onStepState);
        connect(e, &EmbeddedSession::opened, this, [this](bool ok, const QString& message) {
            if (!ok) QMessageBox::critical(this, tr("Cannot open the store"), message);
        });
        connect(e, &EmbeddedSession::exported, this,
                [this](bool, const QString& message) { statusBar()->showMessage(message, 8000); });
    }
    connectRemoteSession();
    connect(s, &Session::progress, this, [this](const QString& what, qint64 done, qint64 total) {
        if (done >= total) {
            finishProgress();
            return;
        }
        if (!progress_) {
            progress_ = new QProgressDialog(what, tr("Cancel"), 0, 1000, this);
            progress_->setWindowModality(Qt::WindowModal);
            progress_->setMinimumDuration(400);
            progress_->setAttribute(Qt::WA_DeleteOnClose);
            if (embedded_)
                connect(progress_, &QProgressDialog::canceled, embedded_, &EmbeddedSession::cancel);
        }
        progress_->setLabelText(what);  // the work under way, if another one follows
        progress_->setValue(int(total > 0 ? done * 1000 / total : 0));
    });
}

void MainWindow::finishProgress() {
    if (!progress_) return;
    // QProgressDialog emits canceled() when it is closed, and the session's cancel
    // stops whatever work runs when it arrives: the next replay, if this one ended.
    if (embedded_) disconnect(progress_, &QProgressDialog::canceled, embedded_, nullptr);
    progress_->close();
}

bool MainWindow::openExample(const QString& name) {
    Example ex = Example::load(name, language());
    if (ex.setup.isEmpty()) return false;
    openEmbedded(QString());
    example_ = ex;
    pause_->blockSignals(true);
    pause_->setChecked(true);
    pause_->blockSignals(false);
    connect(
        embedded_, &EmbeddedSession::opened, this,
        [s = embedded_, ex](bool ok) {
            if (!ok) return;
            s->load(ex.setup);
            s->setStepMode(true);
            s->send(ex.steppedLines);
        },
        Qt::SingleShotConnection);
    setWindowTitle(ex.title);
    return true;
}

void MainWindow::onStepState(const StepState& state) {
    stepState_ = state;
    pause_->blockSignals(true);
    pause_->setChecked(state.enabled);
    pause_->blockSignals(false);
    showStep();
    updateActions();
}

void MainWindow::showStep() {
    const StepState& st = stepState_;
    const QString train = snapshot_ ? QString::fromStdString(snapshot_->run.train) : QString();
    const QString date = snapshot_ ? QString::fromStdString(snapshot_->run.date) : QString();
    QString caption;
    if (example_) {
        if (st.paused)
            caption = example_->caption(st.command, int(st.applied.size()));
        else if (st.waiting == 0)
            caption = example_->end;
    }
    stepPanel_->showState(st, gridModel_->stations(), train, date, caption);

    QHash<QString, QList<QPair<int, int>>> freed, decision;
    QStringList candidates;
    QString current;
    if (st.paused) {
        if (QString::fromStdString(st.pass.train) == train &&
            QString::fromStdString(st.pass.date) == date)
            for (const StepFreed& f : st.pass.freed)
                freed[QString::fromStdString(f.seat)].append({f.runFrom, f.runTo});
        if (QString::fromStdString(st.next.train) == train &&
            QString::fromStdString(st.next.date) == date)
            for (const auto& seat : st.next.seats)
                decision[QString::fromStdString(seat)].append({st.next.from, st.next.to});
        for (const StepCandidate& c : st.candidates)
            candidates << QString::fromStdString(c.order);
        current = QString::fromStdString(st.next.order);
    }
    grid_->gridDelegate()->setStepHighlights(freed, decision);
    grid_->viewport()->update();
    queueModel_->setStepMarks(candidates, current);
    if (!current.isEmpty()) {
        const QModelIndex inQueue = queueModel_->indexOfOrder(current);
        if (inQueue.isValid()) queueView_->scrollTo(inQueue);
    }
    if (!decision.isEmpty()) {
        const int row = gridModel_->rowOfSeat(decision.constBegin().key());
        if (row >= 0)
            grid_->scrollTo(gridFilter_->mapFromSource(gridModel_->index(row, st.next.from)));
    }
}

void MainWindow::openDemo() {
    openEmbedded(QString(), demoScenario());
}

bool MainWindow::openScenarioFile(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        QMessageBox::warning(this, tr("Cannot open scenario"),
                             tr("Cannot read %1: %2").arg(path, f.errorString()));
        return false;
    }
    openEmbedded(QString(), f.readAll());
    addRecentFile(path);
    setWindowTitle(QFileInfo(path).fileName());
    return true;
}

void MainWindow::openScenarioWithDialog() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open scenario"), QString(),
                                                      tr("Scenarios (*.jsonl);;All files (*)"));
    if (!path.isEmpty()) openScenarioFile(path);
}

void MainWindow::openStoreWithDialog() {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Open or create a store"), Store::defaultLocation(),
        tr("Houbu stores (*.db);;All files (*)"), nullptr, QFileDialog::DontConfirmOverwrite);
    if (path.isEmpty()) return;
    openEmbedded(path);
    addRecentFile(path);
}

void MainWindow::exportJournal() {
    if (!embedded_) return;
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export journal as scenario"), u"journal.jsonl"_s, tr("Scenarios (*.jsonl)"));
    if (!path.isEmpty()) embedded_->exportScenario(path);
}

void MainWindow::addRecentFile(const QString& path) {
    QSettings settings;
    QStringList files = settings.value(u"recentFiles"_s).toStringList();
    files.removeAll(path);
    files.prepend(path);
    settings.setValue(u"recentFiles"_s, files.mid(0, 8));
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu() {
    recentMenu_->clear();
    const QStringList files = QSettings().value(u"recentFiles"_s).toStringList();
    for (const QString& path : files) {
        recentMenu_->addAction(path, this, [this, path] {
            if (path.endsWith(u".db"_s))
                openEmbedded(path);
            else
                openScenarioFile(path);
        });
    }
    recentMenu_->setEnabled(!files.isEmpty());
}

void MainWindow::fitRunColumns() {
    runView_->resizeColumnsToContents();
    // The dock is never narrower than the columns: the last one stays in view.
    const int width = runView_->horizontalHeader()->length() + 2 * runView_->frameWidth() +
                      runView_->verticalScrollBar()->sizeHint().width();
    runView_->setMinimumWidth(width);
}

void MainWindow::onSnapshot(const SnapshotPtr& snapshot) {
    const bool runChanged = !snapshot_ || snapshot_->run.train != snapshot->run.train ||
                            snapshot_->run.date != snapshot->run.date ||
                            snapshot_->run.cars.size() != snapshot->run.cars.size();
    snapshot_ = snapshot;
    charts_->setSnapshot(snapshot);
    runModel_->apply(snapshot);
    // Measuring every row's text is the dearest part of a snapshot on a day
    // of thousands of runs: the columns are fitted when runs come or go.
    if (runModel_->rowCount() != fittedRuns_) {
        fittedRuns_ = runModel_->rowCount();
        fitRunColumns();
    }
    hotQueueModel_->apply(snapshot);
    gridModel_->apply(snapshot);
    queueModel_->apply(snapshot);
    standingModel_->apply(snapshot);
    if (runChanged) updateFilters();
    selectPendingQueue();
    updateStanding();
    updateCaps();
    clockLabel_->setText(tr("Clock %1").arg(QString(snapshot->clock).replace(u'T', u' ')));
    const QString run = QString::fromStdString(snapshot->run.train + ' ' + snapshot->run.date);

    if (!example_) setWindowTitle(snapshot->run.train.empty() ? QString() : run);
    // Marks and highlights follow the rows the new snapshot brought.
    if (stepState_.paused) showStep();
    refreshWhy();
    updateActions();
}

void MainWindow::updateStanding() {
    int places = 0;
    for (const ClassView& c : snapshot_->run.classDetails)
        places += c.standingPlaces;
    const int tickets = standingModel_->rowCount();
    standingPanel_->setVisible(places > 0 || tickets > 0);
    standingTitle_->setText(
        tr("Standing tickets (无座): %n live", nullptr, tickets) + u" · "_s +
        tr("each class's standing load per segment is the row under its seats"));
}

void MainWindow::updateCaps() {
    QStringList lines;
    for (const ClassView& c : snapshot_->run.classDetails) {
        // Classes nobody waits for and nobody capped say nothing.
        if (!WaitlistCaps::capped(c) && c.queuedPassengers == 0) continue;
        const QString line = WaitlistCaps::status(c).toHtmlEscaped();
        lines << (WaitlistCaps::full(c) ? u"<b>"_s + line + u"</b>"_s : line);
    }
    capStatus_->setText(lines.isEmpty() ? tr("No class is capped; nobody waits.")
                                        : lines.join(u"<br>"_s));
}

void MainWindow::updateFilters() {
    const QString cls = classFilter_->currentData().toString();
    const int car = carFilter_->currentData().toInt();
    classFilter_->blockSignals(true);
    carFilter_->blockSignals(true);
    classFilter_->clear();
    carFilter_->clear();
    classFilter_->addItem(tr("All"), QString());
    carFilter_->addItem(tr("All"), 0);
    if (snapshot_) {
        for (const auto& c : snapshot_->run.classes)
            classFilter_->addItem(DisplayNames::travelClass(c), QString::fromStdString(c));
        for (const auto& c : snapshot_->run.cars)
            carFilter_->addItem(tr("%1 · %2")
                                    .arg(c.number, 2, 10, QLatin1Char('0'))
                                    .arg(DisplayNames::travelClass(c.travelClass)),
                                c.number);
    }
    classFilter_->setCurrentIndex(std::max(0, classFilter_->findData(cls)));
    carFilter_->setCurrentIndex(std::max(0, carFilter_->findData(car)));
    classFilter_->blockSignals(false);
    carFilter_->blockSignals(false);
    gridFilter_->setTravelClass(classFilter_->currentData().toString());
    gridFilter_->setCar(carFilter_->currentData().toInt());
}

void MainWindow::onEvents(const QList<EventRecord>& events) {
    QScrollBar* scroll = logView_->verticalScrollBar();
    const bool atBottom = scroll->value() >= scroll->maximum() - 2;
    logModel_->append(events);
    if (atBottom) logView_->scrollToBottom();
    lastSeq_ = events.last().seq;
    eventsLabel_->setText(tr("%n event(s) applied", nullptr, int(lastSeq_)));
    // Trains the log has named, looked up in a set: asking the combo box
    // (findData) walks its items, for each of a day's millions of events.
    for (const EventRecord& e : events) {
        if (e.event.train.empty()) continue;
        const QString train = QString::fromStdString(e.event.train);
        if (logTrains_.contains(train)) continue;
        logTrains_.insert(train);
        trainFilter_->addItem(train, train);
    }
    for (const EventRecord& e : events) {
        const QString id = QString::fromStdString(e.event.id);
        switch (e.event.kind) {
            case EventKind::WaitlistSubmitted:
                awaitingPrepay_.insert(id, {id, static_cast<double>(e.event.prepayFen) / 100,
                                            QString::fromStdString(formatTime(e.event.payBy))});
                break;
            case EventKind::WaitlistEffective:
            case EventKind::WaitlistCancelled:
            case EventKind::WaitlistExpired:
            case EventKind::WaitlistFailed:
                awaitingPrepay_.remove(id);
                break;
            default:
                break;
        }
    }
    updateActions();
    const EventRecord& last = events.last();
    if (last.event.kind == EventKind::Error)
        statusBar()->showMessage(
            tr("Refused: %1 %2")
                .arg(DisplayNames::error(QString::fromLatin1(errorCodeName(last.event.code))),
                     DisplayNames::engineDetail(QString::fromStdString(last.event.message))),
            10000);
}

void MainWindow::onLogSelection() {
    const QModelIndex current = logView_->currentIndex();
    if (!current.isValid()) return;
    const Event e = current.data(EventLogModel::EventRole).value<Event>();
    const QStringList stations = gridModel_->stations();
    QHash<QString, QList<QPair<int, int>>> highlights;
    auto mark = [&](const std::string& seat, const std::string& from, const std::string& to) {
        const int a = from.empty() ? 0 : int(stations.indexOf(QString::fromStdString(from)));
        const int b = to.empty() ? int(stations.size()) - 1
                                 : int(stations.indexOf(QString::fromStdString(to)));
        if (a >= 0 && b > a) highlights[QString::fromStdString(seat)].append({a, b});
    };
    if (!e.seat.empty()) mark(e.seat, e.from, e.to);
    for (const TicketLine& t : e.tickets)
        mark(t.seat, t.from, t.to);
    for (const std::string& seat : e.seatList)
        mark(seat, e.from, e.to);
    grid_->setHighlights(highlights);
    whyOutlines_ = false;
    if (!highlights.isEmpty()) {
        const auto first = highlights.constBegin();
        const int row = gridModel_->rowOfSeat(first.key());
        if (row >= 0)
            grid_->scrollTo(
                gridFilter_->mapFromSource(gridModel_->index(row, first->first().first)));
    }
    const QString order = current.data(EventLogModel::OrderRole).toString();
    const QModelIndex inQueue = queueModel_->indexOfOrder(order);
    if (inQueue.isValid()) {
        queueView_->setCurrentIndex(inQueue);
        queueView_->scrollTo(inQueue);
    }
}

void MainWindow::onQueueSelection() {
    const QString id = queueView_->currentIndex().data(QueueModel::OrderIdRole).toString();
    if (id.isEmpty() || !session_) {
        clearWhy();
        return;
    }
    session_->explain(id);
}

void MainWindow::clearWhy(const QString& note) {
    why_->clear();
    if (!note.isEmpty()) why_->setHtml(u"<p>"_s + note.toHtmlEscaped() + u"</p>"_s);
    whyOrder_.clear();
    whyHtml_.clear();
    updateWhyReport();
    whyAskedAt_ = -1;
    if (whyOutlines_) grid_->setHighlights({});
    whyOutlines_ = false;
}

void MainWindow::refreshWhy() {
    if (whyOrder_.isEmpty()) return;
    // Served, cancelled or expired: the explanation and its outlines are history.
    if (!queueModel_->indexOfOrder(whyOrder_).isValid()) {
        clearWhy(tr("%1 no longer waits in any queue of this run.").arg(whyOrder_));
        return;
    }
    // Still waiting: what blocks it may have changed (asked once per change of
    // the engine: a remote session asks the server each time).
    if (!session_ || !snapshot_ || snapshot_->lastSeq == whyAskedAt_) return;
    whyAskedAt_ = snapshot_->lastSeq;
    session_->explain(whyOrder_);
}

void MainWindow::onWhy(const QString& orderId, const std::vector<WaitReason>& reasons) {
    if (queueView_->currentIndex().data(QueueModel::OrderIdRole).toString() != orderId) return;
    if (!queueModel_->indexOfOrder(orderId).isValid()) {
        clearWhy(tr("%1 no longer waits in any queue of this run.").arg(orderId));
        return;
    }
    QString text;
    QHash<QString, QList<QPair<int, int>>> highlights;
    const QStringList stations = gridModel_->stations();
    for (const WaitReason& w : reasons) {
        const bool shown =
            snapshot_ && snapshot_->run.train == w.train && snapshot_->run.date == w.date;
        const QString interval = shown ? stations.value(w.from) + u"→"_s + stations.value(w.to)
                                       : tr("stops %1→%2").arg(w.from).arg(w.to);
        text += u"<p><b>"_s + html(w.train) + u' ' + html(w.date) + u' ' +
                DisplayNames::travelClass(w.travelClass).toHtmlEscaped() + u"</b> "_s +
                interval.toHtmlEscaped() + u"<br>"_s;
        if (w.departed) {
            text += tr("The train has left %1: this option no longer serves.")
                        .arg(stations.value(w.from)) +
                    u"</p>"_s;
            continue;
        }
        text += tr("Needs %n seat(s) free over the whole interval", nullptr, w.needed) + u"; "_s +
                tr("%n free.", nullptr, w.free);
        if (w.free >= w.needed)
            text += u" "_s + tr("Servable now: under policy exact it waits for a release of "
                                "exactly this interval.");
        if (w.acceptsStanding)
            text += u" "_s + tr("Accepts standing: %n standing place(s) free over the interval.",
                                nullptr, w.standingFree);
        if (w.cap == 0)
            text += u" "_s + tr("This class is closed to new waitlist orders (cap 0); the order "
                                "stays queued.");
        else if (w.cap > 0)
            text += u" "_s + tr("Waitlist cap %1 on this class, %2 passengers queued.")
                                 .arg(w.cap)
                                 .arg(w.queuedOnClass);
        if (!w.conflictPassenger.empty())
            text += u" "_s + tr("When seats come it fails: passenger %1 holds ticket %2 at an "
                                "overlapping time (兑现失败).")
                                 .arg(QString::fromStdString(w.conflictPassenger),
                                      QString::fromStdString(w.conflictTicket))
                                 .toHtmlEscaped();
        text += u"</p><ul>"_s;
        int listed = 0;
        for (const auto& seat : w.seats) {
            QStringList who;
            for (const HolderView& h : seat.blockers) {
                const QString span =
                    shown ? stations.value(h.from) + u"→"_s + stations.value(h.to) : QString();
                const QString kind = DisplayNames::holder(h.kind);
                const QString passenger =
                    h.passenger.empty() ? QString() : u", "_s + QString::fromStdString(h.passenger);
                who << QString(QString::fromStdString(h.id) + u" ("_s + kind + passenger + u") "_s +
                               span)
                           .toHtmlEscaped();
                if (shown)
                    highlights[QString::fromStdString(seat.seat)].append(
                        {std::max(h.from, w.from), std::min(h.to, w.to)});
            }
            if (++listed <= 40)
                text +=
                    u"<li><b>"_s + html(seat.seat) + u"</b>: "_s + who.join(u"; "_s) + u"</li>"_s;
        }
        if (listed > 40)
            text += u"<li>"_s + tr("… and %n more seat(s)", nullptr, listed - 40) + u"</li>"_s;
        text += u"</ul>"_s;
    }
    why_->setHtml(u"<h3>"_s + tr("Why %1 waits").arg(orderId.toHtmlEscaped()) + u"</h3>"_s + text);
    grid_->setHighlights(highlights);
    whyOrder_ = orderId;
    whyHtml_ = text;
    whyOutlines_ = true;
    updateWhyReport();
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
        for (const QueueView& q : snapshot_->queues)
            orders = orders || !q.orders.empty();
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
    send(compact({{u"op"_s, u"release"_s},
                  {u"train"_s, QString::fromStdString(snapshot_->run.train)},
                  {u"date"_s, QString::fromStdString(snapshot_->run.date)},
                  {u"seat"_s, seat},
                  {u"from"_s, stations.value(from)},
                  {u"to"_s, stations.value(to)},
                  {u"reason"_s, reason}}));
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

void MainWindow::closeEvent(QCloseEvent* event) {
    QSettings settings;
    settings.setValue(u"window/geometry"_s, saveGeometry());
    settings.setValue(u"window/state"_s, saveState());
    QMainWindow::closeEvent(event);
}

}  // namespace houbu
