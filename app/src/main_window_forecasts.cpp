// Forecasts of the shown run's queued orders, all at once, and of those
// someone looks at one at a time: the rows in view in the queues, the chosen
// order, and the forecast chart's queue. The session computes them on the
// engine's thread between commands; the ForecastCache keeps them, the queue
// view's Probability column and the chart read it.
#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QStatusBar>
#include <QTimer>
#include <QTreeView>

#include "houbu/charts.h"
#include "houbu/forecast_cache.h"
#include "houbu/main_window.h"

namespace houbu {

using namespace Qt::StringLiterals;

namespace {
// A scroll or a snapshot asks this much later: a drag through a long queue
// asks once it rests, not for every row that flew past.
constexpr int kForecastDelayMs = 120;
}  // namespace

void MainWindow::buildForecasts() {
    forecasts_ = new ForecastCache(this);
    queueModel_->setForecasts(forecasts_);
    charts_->setForecasts(forecasts_);
    forecastTimer_ = new QTimer(this);
    forecastTimer_->setSingleShot(true);
    connect(forecastTimer_, &QTimer::timeout, this, &MainWindow::requestForecasts);
    connect(queueView_->verticalScrollBar(), &QScrollBar::valueChanged, this,
            &MainWindow::scheduleForecasts);
    connect(queueView_, &QTreeView::expanded, this, &MainWindow::scheduleForecasts);
    connect(queueView_, &QTreeView::collapsed, this, &MainWindow::scheduleForecasts);
    connect(queueView_->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex& current) {
                charts_->setQueue(current.data(QueueModel::QueueKeyRole).toString());
                scheduleForecasts();
            });
    connect(charts_, &ChartsPanel::forecastsWanted, this, &MainWindow::scheduleForecasts);
    // Sorting by a column sorts each queue's orders; no column sorts by rank.
    queueView_->header()->setSortIndicator(-1, Qt::AscendingOrder);
    queueView_->header()->setSortIndicatorClearable(true);
    queueView_->setSortingEnabled(true);

    forecastStatus_ = new QLabel(this);
    forecastStatus_->setObjectName(u"forecastStatus"_s);
    forecastStatus_->setContentsMargins(6, 0, 6, 0);
    forecastStatus_->hide();
    statusBar()->insertPermanentWidget(0, forecastStatus_);
}

void MainWindow::connectForecasts() {
    Session* s = session_.get();
    forecasts_->clear();
    forecasts_->setAvailable(s->canForecast());
    runForecastText_.clear();
    showForecastProgress(0, 0);
    connect(forecasts_, &ForecastCache::requested, s, [s](const QStringList& orders) {
        s->forecast(orders, ForecastCache::kHorizonMinutes);
    });
    connect(s, &Session::forecasted, forecasts_, &ForecastCache::apply);
    connect(s, &Session::forecastProgress, forecasts_, &ForecastCache::progress);
    connect(s, &Session::forecastProgress, this, &MainWindow::showForecastProgress);
    connect(forecasts_, &ForecastCache::runRequested, s,
            [s](const QString& train, const QString& date) {
                s->forecastRun(train, date, ForecastCache::kHorizonMinutes);
            });
    connect(s, &Session::runForecasted, forecasts_, &ForecastCache::applyRun);
    connect(s, &Session::runForecasted, this, [this] { showRunForecastProgress({}, {}, 0, 0); });
    connect(s, &Session::runForecastProgress, this, &MainWindow::showRunForecastProgress);
}

void MainWindow::scheduleForecasts() {
    if (!forecastTimer_->isActive() || forecastTimer_->remainingTime() > kForecastDelayMs)
        forecastTimer_->start(kForecastDelayMs);
}

void MainWindow::requestForecasts() {
    if (!session_ || !session_->canForecast()) return;
    int due = forecasts_->request(ordersInView() + charts_->forecastOrders());
    if (session_->canForecastRun() && snapshot_ && !snapshot_->run.train.empty()) {
        const int runDue = forecasts_->requestRun(QString::fromStdString(snapshot_->run.train),
                                                  QString::fromStdString(snapshot_->run.date));
        if (runDue >= 0) due = due < 0 ? runDue : std::min(due, runDue);
    }
    // Stale answers left out now are asked for once they are due.
    if (due >= 0) forecastTimer_->start(std::max(due, kForecastDelayMs));
}

QStringList MainWindow::ordersInView() const {
    QStringList ids;
    const QString current = queueView_->currentIndex().data(QueueModel::OrderIdRole).toString();
    if (!current.isEmpty()) ids << current;
    if (!queueView_->isVisible()) return ids;
    const QRect area = queueView_->viewport()->rect();
    for (QModelIndex i = queueView_->indexAt(area.topLeft()); i.isValid();
         i = queueView_->indexBelow(i)) {
        if (queueView_->visualRect(i).top() > area.bottom()) break;
        const QString id = i.data(QueueModel::OrderIdRole).toString();
        if (!id.isEmpty()) ids << id;
    }
    return ids;
}

void MainWindow::showForecastProgress(int done, int total) {
    orderForecastText_ =
        done < total ? tr("Forecasting %1 of %n order(s)…", nullptr, total).arg(done) : QString();
    updateForecastStatus();
}

void MainWindow::showRunForecastProgress(const QString& train, const QString&, int done,
                                         int total) {
    runForecastText_ =
        done < total ? tr("Forecasting every order on %1: %2 %").arg(train).arg(100 * done / total)
                     : QString();
    updateForecastStatus();
}

void MainWindow::updateForecastStatus() {
    const QString text = runForecastText_.isEmpty() ? orderForecastText_ : runForecastText_;
    forecastStatus_->setVisible(!text.isEmpty());
    forecastStatus_->setText(text);
}

}  // namespace houbu
