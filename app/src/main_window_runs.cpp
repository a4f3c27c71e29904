// The trains list and the day's hottest queues: where a dispatcher looks
// first on a day of thousands of runs.

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QMenu>
#include <QTableView>
#include <QTreeView>
#include <QVBoxLayout>

#include "houbu/main_window.h"

namespace houbu {

using namespace Qt::StringLiterals;

namespace {

QTableView* listView(const QString& name, QWidget* parent) {
    auto* view = new QTableView(parent);
    view->setObjectName(name);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->verticalHeader()->hide();
    view->horizontalHeader()->setStretchLastSection(true);
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 8);
    return view;
}

QLineEdit* filterField(const QString& name, const QString& placeholder, QWidget* parent) {
    auto* edit = new QLineEdit(parent);
    edit->setObjectName(name);
    edit->setPlaceholderText(placeholder);
    edit->setClearButtonEnabled(true);
    return edit;
}

}  // namespace

QWidget* MainWindow::buildRunsPanel() {
    auto* panel = new QWidget(this);
    auto* layout = new QVBoxLayout(panel);
    layout->setContentsMargins(2, 2, 2, 2);
    auto* bar = new QHBoxLayout;
    runFilter_ = filterField(u"trainsFilter"_s, tr("Filter: train, date"), panel);
    waitingOnly_ = new QCheckBox(tr("&Waiting only"), panel);
    waitingOnly_->setObjectName(u"waitingOnly"_s);
    waitingOnly_->setToolTip(tr("Only runs with queued waitlist orders"));
    bar->addWidget(runFilter_, 1);
    bar->addWidget(waitingOnly_);
    layout->addLayout(bar);

    runView_ = listView(u"trains"_s, panel);
    runView_->setModel(runSorter_);
    runView_->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);  // as defined
    runView_->setSortingEnabled(true);
    // What a dispatcher compares first; stops, seats and free seats on demand
    // (right-click the header), so the rest stays in view in a narrow dock.
    for (int column : {RunListModel::Stops, RunListModel::Seats, RunListModel::FreeSeats})
        runView_->setColumnHidden(column, true);
    runView_->horizontalHeader()->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(runView_->horizontalHeader(), &QWidget::customContextMenuRequested, this,
            &MainWindow::showRunColumnsMenu);
    layout->addWidget(runView_, 1);

    connect(runFilter_, &QLineEdit::textChanged, runSorter_, &RunSortModel::setFilterText);
    connect(waitingOnly_, &QCheckBox::toggled, runSorter_, &RunSortModel::setWaitingOnly);
    connect(runView_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (!current.isValid() || !session_) return;
                session_->focus(current.data(RunListModel::TrainRole).toString(),
                                current.data(RunListModel::DateRole).toString());
            });
    return panel;
}

void MainWindow::showRunColumnsMenu(const QPoint& at) {
    QMenu menu(this);
    for (int c = 0; c < RunListModel::ColumnCount; ++c) {
        QAction* a = menu.addAction(runModel_->headerData(c, Qt::Horizontal, Qt::DisplayRole)
                                        .toString()
                                        .replace(u'\n', u' '));
        a->setCheckable(true);
        a->setChecked(!runView_->isColumnHidden(c));
        // The train names the row: it is always shown.
        a->setEnabled(c != RunListModel::Train);
        connect(a, &QAction::toggled, this, [this, c](bool shown) {
            runView_->setColumnHidden(c, !shown);
            fitRunColumns();
        });
    }
    menu.exec(runView_->horizontalHeader()->mapToGlobal(at));
}

QWidget* MainWindow::buildHotQueuesPanel() {
    auto* panel = new QWidget(this);
    auto* layout = new QVBoxLayout(panel);
    layout->setContentsMargins(2, 2, 2, 2);
    auto* filter =
        filterField(u"hotQueuesFilter"_s, tr("Filter: train, date, class, station"), panel);
    layout->addWidget(filter);
    hotQueueView_ = listView(u"hotQueues"_s, panel);
    hotQueueView_->setModel(hotQueueSorter_);
    hotQueueView_->horizontalHeader()->setSortIndicator(HotQueueModel::Rank, Qt::AscendingOrder);
    hotQueueView_->setSortingEnabled(true);
    hotQueueView_->setToolTip(
        tr("The day's longest waitlist queues over every run, most waiting passengers first. "
           "Enter or double-click shows the run and selects the queue."));
    layout->addWidget(hotQueueView_, 1);
    connect(filter, &QLineEdit::textChanged, hotQueueSorter_, &RunSortModel::setFilterText);
    connect(hotQueueView_, &QAbstractItemView::activated, this, &MainWindow::openHotQueue);
    // Columns fitted when the first ranking arrives: it comes after the day is open.
    connect(hotQueueModel_, &QAbstractItemModel::rowsInserted, this, [this] {
        if (hotQueueModel_->rowCount() > 0 && !hotQueueView_->property("fitted").toBool()) {
            hotQueueView_->resizeColumnsToContents();
            hotQueueView_->setProperty("fitted", true);
        }
    });
    return panel;
}

void MainWindow::openHotQueue(const QModelIndex& index) {
    if (!index.isValid() || !session_) return;
    pendingTrain_ = index.data(HotQueueModel::TrainRole).toString();
    pendingDate_ = index.data(HotQueueModel::DateRole).toString();
    pendingQueueKey_ = index.data(HotQueueModel::ClassRole).toString() + u'|' +
                       index.data(HotQueueModel::FromRole).toString() + u'|' +
                       index.data(HotQueueModel::ToRole).toString();
    // The trains list follows when the run is in it (it may be filtered out).
    bool shown = false;
    for (int r = 0; r < runSorter_->rowCount() && !shown; ++r) {
        const QModelIndex run = runSorter_->index(r, RunListModel::Train);
        if (run.data(RunListModel::TrainRole).toString() == pendingTrain_ &&
            run.data(RunListModel::DateRole).toString() == pendingDate_) {
            runView_->setCurrentIndex(run);
            runView_->scrollTo(run);
            shown = true;
        }
    }
    if (!shown) session_->focus(pendingTrain_, pendingDate_);
    selectPendingQueue();
}

void MainWindow::selectPendingQueue() {
    if (pendingQueueKey_.isEmpty() || !snapshot_) return;
    if (QString::fromStdString(snapshot_->run.train) != pendingTrain_ ||
        QString::fromStdString(snapshot_->run.date) != pendingDate_)
        return;
    for (int r = 0; r < queueModel_->rowCount(); ++r) {
        const QModelIndex queue = queueModel_->index(r, 0);
        if (queue.data(QueueModel::QueueKeyRole).toString() != pendingQueueKey_) continue;
        queueView_->setCurrentIndex(queue);
        queueView_->scrollTo(queue, QAbstractItemView::PositionAtTop);
        queueView_->setFocus();
        break;
    }
    pendingQueueKey_.clear();
}

}  // namespace houbu
