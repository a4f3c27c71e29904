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
#include "houbu/forecast_cache.h"
#include "houbu/log_pager.h"
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

namespace {

// A column as wide as a typical value or its header, whichever is wider.
void fitColumnToSample(QAbstractItemView* view, QHeaderView* header, int column,
                       const QString& sample, int extra = 0) {
    const QStyle* style = view->style();
    const int margin = style->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
    const QString title =
        view->model()->headerData(column, Qt::Horizontal, Qt::DisplayRole).toString();
    // A cell's text has the delegate's margins on both sides and a grid line.
    const int textMargin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, view) + 1;
    header->resizeSection(
        column, std::max(view->fontMetrics().horizontalAdvance(sample) + 2 * textMargin + 4 + extra,
                         header->fontMetrics().horizontalAdvance(title) + 3 * margin));
}

// The widest text as drawn, not the one of most characters: a Chinese
// character is about twice as wide as a Latin letter.
QString widestText(const QFontMetrics& metrics, const QStringList& texts) {
    QString widest;
    for (const QString& t : texts)
        if (metrics.horizontalAdvance(t) > metrics.horizontalAdvance(widest)) widest = t;
    return widest;
}

QString g_language = u"en"_s;

QLineEdit* searchField(const QString& placeholder, QWidget* parent) {
    auto* edit = new QLineEdit(parent);
    edit->setPlaceholderText(placeholder);
    edit->setClearButtonEnabled(true);
    return edit;
}

// The seats a step decision takes, each over its own stops: a passenger
// changing seats (同车换座) has every leg outlined, each up to its change.
void outlineDecision(const StepDecision& d, QHash<QString, QList<QPair<int, int>>>& outline) {
    if (d.chains.empty()) {
        for (const auto& seat : d.seats)
            outline[QString::fromStdString(seat)].append({d.from, d.to});
        return;
    }
    for (const StepDecision::Chain& c : d.chains)
        for (std::size_t k = 0; k < c.seats.size(); ++k) {
            const int from = k == 0 ? d.from : c.changesAt.at(k - 1);
            const int to = k < c.changesAt.size() ? c.changesAt[k] : d.to;
            outline[QString::fromStdString(c.seats[k])].append({from, to});
        }
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
    logWindow_ = new LogWindowModel(this);
    logWindow_->setSourceModel(logFilter_);

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
    // Enter on an order's id shows it in its queue, however far down.
    connect(search_, &QLineEdit::returnPressed, this,
            [this] { locateOrder(search_->text().trimmed()); });
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
    buildForecasts();

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

MainWindow::~MainWindow() {
    // ~QWidget deletes the children after this object has stopped being a
    // MainWindow; their last signals (a scroll bar's range as its view goes)
    // must not reach slots that read its members.
    const QList<QObject*> children = findChildren<QObject*>();
    for (QObject* child : children)
        QObject::disconnect(child, nullptr, this, nullptr);
    if (session_) QObject::disconnect(session_.get(), nullptr, this, nullptr);
}

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
    // Columns fitted once to typical values, not to contents: fitting to
    // contents measured the text of a thousand rows at every layout, which
    // on a real day is each time an order joins or leaves the shown run.
    queueView_->header()->setSectionResizeMode(QHeaderView::Interactive);
    queueView_->header()->setStretchLastSection(true);
    {
        QHeaderView* header = queueView_->header();
        auto fit = [&](int column, const QString& sample, int extra = 0) {
            fitColumnToSample(queueView_, header, column, sample, extra);
        };
        QStringList levels;
        for (const QString& level : DisplayNames::queueLevels())
            levels << DisplayNames::queueLevel(level);
        // The first column holds a queue's name and, indented, its orders' ids.
        fit(QueueModel::Queue, DisplayNames::travelClass(u"second"_s) + u"  北京南 → 上海虹桥"_s,
            2 * queueView_->indentation());
        fit(QueueModel::Rank, QueueModel::tr("%n waiting", nullptr, 88888));
        fit(QueueModel::Ahead, u"000000"_s);
        fit(QueueModel::Level, widestText(queueView_->fontMetrics(), levels));
        fit(QueueModel::Probability, QueueModel::tr("%1 %").arg(100));
        fit(QueueModel::Passengers, u"P123456, P123457"_s);
        fit(QueueModel::Effective, u"2024-01-20 08:00:00"_s);
        fit(QueueModel::Deadline, u"2024-01-20 08:00:00"_s);
    }
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
    // A long queue lists a window of its orders, its first ones at first:
    // the next ones are asked for when the last listed comes into view, the
    // ones before when the first listed does. A queue listed with no orders
    // (past the first of a run, ConsoleSnapshot::queues) asks for its first
    // ones when it comes into view.
    auto fetchQueueRows = [this] {
        const int bottom = queueView_->viewport()->height();
        const QModelIndex top = queueView_->indexAt(QPoint(1, 1));
        for (QModelIndex row = top; row.isValid() && queueView_->visualRect(row).top() < bottom;
             row = queueView_->indexBelow(row)) {
            const QModelIndex queue = row.parent();
            if (!queue.isValid()) {
                if (queueModel_->rowCount(row) == 0 && queueModel_->hasMoreRows(row))
                    queueModel_->listMoreRows(row);
                continue;
            }
            if (row.row() >= queueModel_->rowCount(queue) - 50 && queueModel_->hasMoreRows(queue))
                queueModel_->listMoreRows(queue);
            // One page up at a time: the next once this one is in.
            if (row.row() < 50 && queueModel_->hasEarlierRows(queue) && topOrder_.isEmpty()) {
                topOrder_ = top.data(QueueModel::OrderIdRole).toString();
                topFirstRank_ = queueModel_->firstRank(queue);
                queueModel_->listEarlierRows(queue);
            }
        }
    };
    connect(queueView_->verticalScrollBar(), &QScrollBar::valueChanged, this, fetchQueueRows);
    connect(queueView_->verticalScrollBar(), &QScrollBar::rangeChanged, this, fetchQueueRows);
    // Queues in view may change without a scroll: another run, queues coming
    // and going. Once the view has laid them out.
    auto fetchQueueRowsSoon = [this, fetchQueueRows] {
        QMetaObject::invokeMethod(this, fetchQueueRows, Qt::QueuedConnection);
    };
    connect(queueModel_, &QAbstractItemModel::modelReset, this, fetchQueueRowsSoon);
    connect(queueModel_, &QAbstractItemModel::rowsInserted, this,
            [fetchQueueRowsSoon](const QModelIndex& parent) {
                if (!parent.isValid()) fetchQueueRowsSoon();
            });
    connect(queueModel_, &QAbstractItemModel::rowsRemoved, this,
            [fetchQueueRowsSoon](const QModelIndex& parent) {
                if (!parent.isValid()) fetchQueueRowsSoon();
            });
    connect(queueModel_, &QAbstractItemModel::layoutChanged, this, fetchQueueRowsSoon);
    connect(queueModel_, &QueueModel::moreRowsWanted, this,
            [this](const QString& travelClass, int from, int to, int first, int rows) {
                if (session_) session_->showQueueRows(travelClass, from, to, first, rows);
            });
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
    trainFilter_->setObjectName(u"trainFilter"_s);
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
    logView_->setModel(logWindow_);
    logView_->setSelectionBehavior(QAbstractItemView::SelectRows);
    logView_->setSelectionMode(QAbstractItemView::SingleSelection);
    logView_->verticalHeader()->hide();
    logView_->horizontalHeader()->setStretchLastSection(true);
    logView_->setWordWrap(false);
    logView_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    logView_->setAlternatingRowColors(true);
    // The log fills later, and a header cut short ("Se…") names nothing.
    const auto fitColumn = [this](int column, const QString& sample) {
        fitColumnToSample(logView_, logView_->horizontalHeader(), column, sample);
    };
    // A whole day runs to about a hundred million events and input lines.
    fitColumn(EventLogModel::Seq, u"000000000"_s);
    fitColumn(EventLogModel::Line, u"000000000"_s);
    fitColumn(EventLogModel::Time, u"2025-01-06 08:00:00"_s);
    QStringList kinds;
    for (const QString& kind : DisplayNames::eventKinds())
        kinds << DisplayNames::eventKind(kind);
    fitColumn(EventLogModel::Event, widestText(logView_->fontMetrics(), kinds));
    fitColumn(EventLogModel::Train, u"G1234"_s);
    fitColumn(EventLogModel::Subject, u"WQ12345.12"_s);
    fitColumn(EventLogModel::Author, u"dispatcher (console) @ host"_s);
    logLayout->addWidget(logView_);
    auto* logExtent = new QLabel(log);
    logExtent->setObjectName(u"logExtent"_s);
    filters->addWidget(logExtent);
    new LogPager(logView_, logWindow_, logExtent, this);
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
    connectForecasts();
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
            outlineDecision(st.next, decision);
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
    // Another run's orders are not shown again soon: their forecasts go.
    if (runChanged) forecasts_->clear();
    forecasts_->setState(snapshot->lastSeq, snapshot->clock);
    queueModel_->apply(snapshot);
    if (runChanged) {
        pendingOrder_.clear();
        topOrder_.clear();
    }
    keepTopOrder();
    selectPendingOrder();
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
    scheduleForecasts();
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

void MainWindow::closeEvent(QCloseEvent* event) {
    QSettings settings;
    settings.setValue(u"window/geometry"_s, saveGeometry());
    settings.setValue(u"window/state"_s, saveState());
    QMainWindow::closeEvent(event);
}

}  // namespace houbu
