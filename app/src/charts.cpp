#include "houbu/charts.h"

#include "houbu/display_names.h"

#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDateTime>
#include <QDateTimeAxis>
#include <QEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHorizontalBarSeries>
#include <QLabel>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPainter>
#include <QPushButton>
#include <QStackedBarSeries>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

#include "houbu/display_names.h"
#include "houbu/forecast_cache.h"
#include "houbu/widgets.h"

namespace houbu {

using namespace Qt::StringLiterals;

namespace {

// Queues shown at once; the longest peaks are kept.
constexpr int kMaxQueueSeries = 8;
// Runs shown in the utilisation chart; the highest are kept.
constexpr int kMaxRuns = 30;

QString runKey(const std::string& train, const std::string& date) {
    return QString::fromStdString(train) + u' ' + QString::fromStdString(date);
}

bool isDark(const QPalette& palette) {
    return palette.color(QPalette::Window).lightness() < 128;
}

void resetChart(QChart* chart) {
    chart->removeAllSeries();
    for (QAbstractAxis* axis : chart->axes()) {
        chart->removeAxis(axis);
        delete axis;
    }
}

QColor sourceColour(const std::string& source) {
    if (source == "refund") return QColor(0xe0, 0x84, 0x2b);
    if (source == "timeout") return QColor(0xd0, 0x4a, 0x4a);
    if (source == "reschedule") return QColor(0x92, 0x6c, 0xd6);
    if (source == "quota") return QColor(0x2f, 0xa3, 0x9a);
    if (source == "extra_car") return QColor(0x63, 0xa8, 0x35);
    return QColor(0x88, 0x88, 0x88);
}

QDateTimeAxis* timeAxis(QChart* chart, qint64 first, qint64 last) {
    auto* axis = new QDateTimeAxis;
    axis->setFormat(u"MM-dd HH:mm"_s);
    if (last <= first) last = first + 60'000;
    axis->setRange(QDateTime::fromMSecsSinceEpoch(first), QDateTime::fromMSecsSinceEpoch(last));
    axis->setTickCount(6);
    chart->addAxis(axis, Qt::AlignBottom);
    return axis;
}

// The count needs no axis title: the chart's title names it. (Qt Charts cuts a
// vertical title beside one-digit labels to "…", in Chinese at once.)
QValueAxis* countAxis(QChart* chart, double max) {
    auto* axis = new QValueAxis;
    // Whole-number ticks, about five of them: counts have no fractions.
    double step = 1;
    for (double scale = 1; scale <= 1e9; scale *= 10) {
        bool done = false;
        for (const double base : {1.0, 2.0, 5.0}) {
            if (max / (base * scale) <= 6) {
                step = base * scale;
                done = true;
                break;
            }
        }
        if (done) break;
    }
    axis->setTickType(QValueAxis::TicksDynamic);
    axis->setTickAnchor(0);
    axis->setTickInterval(step);
    axis->setRange(0, std::max(step, std::ceil(max / step) * step));
    axis->setLabelFormat(u"%d"_s);
    chart->addAxis(axis, Qt::AlignLeft);
    return axis;
}

}  // namespace

SectionLoad sectionLoadOf(const ConsoleSnapshot& snapshot, const QString& travelClass) {
    SectionLoad load;
    const auto& stops = snapshot.run.stops;
    if (stops.size() < 2) return load;
    const int segments = static_cast<int>(stops.size()) - 1;
    for (int s = 0; s < segments; ++s) {
        load.segments << QString::fromStdString(stops[static_cast<std::size_t>(s)].station) + u'→' +
                             QString::fromStdString(stops[static_cast<std::size_t>(s) + 1].station);
    }
    load.sold.fill(0, segments);
    load.held.fill(0, segments);
    load.blocked.fill(0, segments);
    load.free.fill(0, segments);
    const std::string wanted = travelClass.toStdString();
    for (const SeatView& seat : snapshot.seats) {
        if (!wanted.empty() && seat.travelClass != wanted) continue;
        for (int s = 0; s < segments; ++s) {
            if (!(seat.mask >> s & 1u)) ++load.free[s];
        }
        for (const HolderView& h : seat.holders) {
            QList<int>& bucket = h.kind == HolderView::Kind::Held    ? load.held
                                 : h.kind == HolderView::Kind::Block ? load.blocked
                                                                     : load.sold;
            for (int s = h.from; s < h.to && s < segments; ++s)
                ++bucket[s];
        }
    }
    return load;
}

qint64 chartMillis(Time at) {
    // The axis shows local time: railway time reads unchanged on it.
    return QDateTime(QDate(2000, 1, 1), QTime(0, 0)).addSecs(at).toMSecsSinceEpoch();
}

QList<QPointF> stepLine(const std::vector<TimePoint>& points, int maxPoints) {
    QList<QPointF> line;
    if (points.empty()) return line;
    // Collapse changes at one instant to the value after the last of them.
    std::vector<TimePoint> collapsed;
    for (const TimePoint& p : points) {
        if (!collapsed.empty() && collapsed.back().at == p.at)
            collapsed.back().value = p.value;
        else
            collapsed.push_back(p);
    }
    const std::size_t stride =
        std::max<std::size_t>(1, collapsed.size() * 2 / std::max(2, maxPoints));
    int previous = 0;
    for (std::size_t i = 0; i < collapsed.size(); i += stride) {
        // The last value of the bucket, so the line ends where the data ends.
        const TimePoint& p = collapsed[std::min(collapsed.size() - 1, i + stride - 1)];
        const double x = static_cast<double>(chartMillis(collapsed[i].at));
        line << QPointF(x, previous) << QPointF(x, p.value);
        previous = p.value;
    }
    return line;
}

ChartsPanel::ChartsPanel(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto* bar = new QHBoxLayout;
    auto* classLabel = new QLabel(tr("&Class:"));
    classChoice_ = new QComboBox;
    classChoice_->setObjectName(u"chartClass"_s);
    classChoice_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    classLabel->setBuddy(classChoice_);
    refresh_ = new QPushButton(tr("&Replay history"));
    refresh_->setToolTip(
        tr("Replay the journal to chart queues, releases and utilisation over time"));
    export_ = new QPushButton(tr("Export &PNG…"));
    export_->setToolTip(tr("Save the chart shown as a PNG image"));
    status_ = new QLabel;
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    bar->addWidget(classLabel);
    bar->addWidget(classChoice_);
    bar->addWidget(refresh_);
    bar->addWidget(status_, 1);
    bar->addWidget(export_);
    layout->addLayout(bar);

    tabs_ = new QTabWidget;
    tabs_->setDocumentMode(true);
    const QStringList titles = {tr("Section load"), tr("Queues over time"),
                                tr("Releases and fulfilments"), tr("Utilisation"),
                                tr("Forecast by rank")};
    for (const QString& title : titles) {
        auto* chart = new QChart;
        chart->setTitle(title);
        chart->legend()->setAlignment(Qt::AlignBottom);
        chart->setMargins(QMargins(4, 4, 4, 4));
        auto* view = new QChartView(chart);
        view->setRenderHint(QPainter::Antialiasing);
        // Shorter, and the charts elide their axis labels and legends to "…".
        view->setMinimumHeight(fontMetrics().height() * 18);
        views_ << view;
        tabs_->addTab(view, title);
    }
    layout->addWidget(tabs_, 1);

    connect(classChoice_, &QComboBox::currentIndexChanged, this, &ChartsPanel::rebuildSectionLoad);
    connect(refresh_, &QPushButton::clicked, this, &ChartsPanel::refreshHistory);
    connect(export_, &QPushButton::clicked, this, &ChartsPanel::exportCurrent);
    forecastRedraw_ = new QTimer(this);
    forecastRedraw_->setSingleShot(true);
    forecastRedraw_->setInterval(100);
    connect(forecastRedraw_, &QTimer::timeout, this, &ChartsPanel::rebuildForecast);
    connect(tabs_, &QTabWidget::currentChanged, this, [this](int index) {
        classChoice_->setEnabled(index == SectionLoadChart);
        if (index == ForecastChart) {
            rebuildForecast();
            emit forecastsWanted();
            return;
        }
        // Opening a history chart for the first time replays the journal.
        if (index != SectionLoadChart && !history_ && session_) refreshHistory();
    });
    applyTheme();
}

void ChartsPanel::setSession(Session* session) {
    if (session_) disconnect(session_, nullptr, this, nullptr);
    session_ = session;
    history_.reset();
    historyRun_.clear();
    if (session_) connect(session_, &Session::historyReady, this, &ChartsPanel::onHistory);
    rebuildHistoryCharts();
}

void ChartsPanel::setSnapshot(const SnapshotPtr& snapshot) {
    snapshot_ = snapshot;
    QStringList classes;
    if (snapshot_)
        for (const std::string& c : snapshot_->run.classes)
            classes << QString::fromStdString(c);
    if (classes != classes_) {
        classes_ = classes;
        const QString current = classChoice_->currentData().toString();
        QSignalBlocker block(classChoice_);
        classChoice_->clear();
        classChoice_->addItem(tr("All classes"), QString());
        for (const QString& c : classes_)
            classChoice_->addItem(DisplayNames::travelClass(c), c);
        classChoice_->setCurrentIndex(std::max(0, classChoice_->findData(current)));
    }
    // Redrawn when shown: a hidden chart costs nothing per snapshot.
    if (isVisible())
        rebuildSectionLoad();
    else
        sectionLoadStale_ = true;
    if (forecastShown()) {
        forecastsChanged();
        emit forecastsWanted();
    }
    if (snapshot_ && history_ && historyRun_ != runKey(snapshot_->run.train, snapshot_->run.date)) {
        // Another run is shown: its history is not this one.
        history_.reset();
        rebuildHistoryCharts();
    }
}

void ChartsPanel::refreshHistory() {
    if (!session_ || !snapshot_ || snapshot_->run.train.empty()) {
        status_->setText(tr("No run to chart."));
        return;
    }
    status_->setText(tr("Replaying the journal…"));
    refresh_->setEnabled(false);
    session_->analyseHistory(QString::fromStdString(snapshot_->run.train),
                             QString::fromStdString(snapshot_->run.date));
}

void ChartsPanel::onHistory(const std::shared_ptr<const RunHistory>& history,
                            const QString& error) {
    refresh_->setEnabled(true);
    if (!history) {
        status_->setText(error);
        return;
    }
    history_ = history;
    historyRun_ = runKey(history->train, history->date);
    status_->setText(
        tr("History of %1 after %n command(s).", nullptr, int(history->commands)).arg(historyRun_));
    rebuildHistoryCharts();
    emit historyRefreshed();
}

void ChartsPanel::setForecasts(const ForecastCache* forecasts) {
    if (forecasts_) disconnect(forecasts_, nullptr, this, nullptr);
    forecasts_ = forecasts;
    if (forecasts_)
        connect(forecasts_, &ForecastCache::changed, this, &ChartsPanel::forecastsChanged);
    forecastsChanged();
}

void ChartsPanel::setQueue(const QString& key) {
    if (key == queueKey_) return;
    queueKey_ = key;
    if (!forecastShown()) return;
    rebuildForecast();
    emit forecastsWanted();
}

bool ChartsPanel::forecastShown() const {
    return isVisible() && tabs_->currentIndex() == ForecastChart;
}

void ChartsPanel::forecastsChanged() {
    if (forecastShown() && !forecastRedraw_->isActive()) forecastRedraw_->start();
}

const QueueView* ChartsPanel::chartedQueue() const {
    if (!snapshot_) return nullptr;
    const QueueView* longest = nullptr;
    for (const QueuePtr& q : snapshot_->queues) {
        // As QueueModel keys its queues.
        const QString key = QString::fromStdString(q->travelClass) + u'|' +
                            QString::number(q->from) + u'|' + QString::number(q->to);
        if (key == queueKey_) return q.get();
        if (!longest || q->length > longest->length) longest = q.get();
    }
    return longest;
}

QStringList ChartsPanel::forecastOrders() const {
    QStringList ids;
    const QueueView* queue = forecastShown() ? chartedQueue() : nullptr;
    if (!queue) return ids;
    const std::size_t n = std::min<std::size_t>(queue->orders.size(), kForecastRanks);
    for (std::size_t r = 0; r < n; ++r)
        ids << QString::fromStdString(queue->orders[r].id);
    return ids;
}

void ChartsPanel::rebuildForecast() {
    forecastRedraw_->stop();
    QChart* chart = this->chart(ForecastChart);
    resetChart(chart);
    chart->setTitle(tr("Forecast by rank"));
    const QueueView* queue = chartedQueue();
    if (!queue) return;
    if (forecasts_ && !forecasts_->available() && forecastShown())
        status_->setText(ForecastCache::unavailableReason());
    const int ranks = static_cast<int>(std::min<std::size_t>(queue->orders.size(), kChartedRanks));
    auto* line = new QLineSeries;
    line->setName(tr("Probability of being served within %n minute(s)", nullptr,
                     ForecastCache::kHorizonMinutes));
    line->setPointsVisible(true);
    auto* band = new QAreaSeries;
    band->setName(tr("90 % interval"));
    auto* high = new QLineSeries(band);
    auto* low = new QLineSeries(band);
    for (int r = 0; r < ranks && forecasts_; ++r) {
        const OrderForecast* f =
            forecasts_->find(QString::fromStdString(queue->orders[std::size_t(r)].id));
        if (!f || !f->value) continue;  // not known yet, or no longer waiting
        line->append(r + 1, f->value->probability);
        high->append(r + 1, f->value->high);
        low->append(r + 1, f->value->low);
    }
    band->setUpperSeries(high);
    band->setLowerSeries(low);
    chart->addSeries(band);
    chart->addSeries(line);
    // After addSeries: the theme would otherwise replace the colours.
    QColor shade = line->color();
    shade.setAlpha(60);
    band->setColor(shade);
    band->setBorderColor(Qt::transparent);

    auto* x = new QValueAxis;
    x->setRange(0.5, std::max(ranks, 1) + 0.5);
    x->setLabelFormat(u"%d"_s);
    x->setTickType(QValueAxis::TicksDynamic);
    x->setTickAnchor(1);
    x->setTickInterval(std::max(1.0, std::ceil(ranks / 8.0)));
    x->setTitleText(tr("Rank in the queue"));
    chart->addAxis(x, Qt::AlignBottom);
    auto* y = new QValueAxis;
    y->setRange(0, 100);
    y->setLabelFormat(u"%d %%"_s);
    chart->addAxis(y, Qt::AlignLeft);
    for (QAbstractSeries* series : chart->series()) {
        series->attachAxis(x);
        series->attachAxis(y);
    }
    const auto station = [this](int i) {
        const auto& stops = snapshot_->run.stops;
        return i >= 0 && std::size_t(i) < stops.size()
                   ? QString::fromStdString(stops[std::size_t(i)].station)
                   : QString::number(i);
    };
    QString title = tr("Forecast by rank · %1 %2 %3→%4")
                        .arg(runKey(snapshot_->run.train, snapshot_->run.date),
                             DisplayNames::travelClass(QString::fromStdString(queue->travelClass)),
                             station(queue->from), station(queue->to));
    if (queue->orders.size() > std::size_t(ranks))
        title += u" · "_s + tr("the first %n ranks", nullptr, ranks);
    chart->setTitle(title);
}

QChart* ChartsPanel::chart(Chart which) const {
    return views_.at(which)->chart();
}

void ChartsPanel::rebuildSectionLoad() {
    sectionLoadStale_ = false;
    QChart* chart = this->chart(SectionLoadChart);
    resetChart(chart);
    if (!snapshot_ || snapshot_->run.stops.size() < 2) return;
    const SectionLoad load = sectionLoadOf(*snapshot_, classChoice_->currentData().toString());
    const SeatColors colors = SeatColors::forPalette(palette());
    auto* series = new QStackedBarSeries;
    auto addSet = [&](const QString& name, const QList<int>& values, const QColor& color) {
        auto* set = new QBarSet(name);
        for (int v : values)
            *set << v;
        set->setColor(color);
        set->setBorderColor(color.darker(130));
        series->append(set);
    };
    addSet(tr("Sold"), load.sold, colors.paid);
    addSet(tr("Held"), load.held, colors.held);
    addSet(tr("Blocked"), load.blocked, colors.block);
    addSet(tr("Free"), load.free, colors.free.darker(isDark(palette()) ? 70 : 115));
    series->setBarWidth(0.85);
    chart->addSeries(series);
    auto* x = new QBarCategoryAxis;
    x->append(load.segments);
    // Slanted only when the labels do not fit side by side (slanted, a short
    // chart cuts them to "…").
    const QFontMetrics labels(x->labelsFont());
    int widest = 0;
    for (const QString& segment : load.segments)
        widest = std::max(widest, labels.horizontalAdvance(segment));
    const int plot = views_[SectionLoadChart]->width() - 8 * labels.height();
    x->setLabelsAngle((widest + labels.height()) * int(load.segments.size()) > plot ? -60 : 0);
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    int seats = 0;
    if (!load.segments.isEmpty())
        seats = load.sold[0] + load.held[0] + load.blocked[0] + load.free[0];
    QValueAxis* y = countAxis(chart, seats);
    series->attachAxis(y);
    chart->setTitle(
        tr("Section load in seats · %1").arg(runKey(snapshot_->run.train, snapshot_->run.date)));
}

void ChartsPanel::rebuildHistoryCharts() {
    QChart* queues = chart(QueueChart);
    QChart* releases = chart(ReleaseChart);
    QChart* utilisation = chart(UtilisationChart);
    for (QChart* c : {queues, releases, utilisation})
        resetChart(c);
    if (!history_) return;

    // Queues: the intervals with the highest peaks.
    std::vector<std::pair<int, const QueueKey*>> peaks;
    qint64 first = std::numeric_limits<qint64>::max(), last = std::numeric_limits<qint64>::min();
    auto span = [&](const std::vector<TimePoint>& points) {
        if (points.empty()) return;
        first = std::min(first, chartMillis(points.front().at));
        last = std::max(last, chartMillis(points.back().at));
    };
    for (const auto& [key, points] : history_->queueLength) {
        int peak = 0;
        for (const TimePoint& p : points)
            peak = std::max(peak, p.value);
        peaks.emplace_back(peak, &key);
        span(points);
    }
    for (const auto& [source, points] : history_->releases)
        span(points);
    span(history_->fulfilments);
    std::stable_sort(peaks.begin(), peaks.end(),
                     [](auto& a, auto& b) { return a.first > b.first; });
    if (peaks.size() > kMaxQueueSeries) peaks.resize(kMaxQueueSeries);

    RunView run;
    if (snapshot_ && runKey(snapshot_->run.train, snapshot_->run.date) == historyRun_)
        run = snapshot_->run;
    auto station = [&](int i) {
        return i >= 0 && std::size_t(i) < run.stops.size()
                   ? QString::fromStdString(run.stops[std::size_t(i)].station)
                   : QString::number(i);
    };
    if (first <= last) {
        QDateTimeAxis* x = timeAxis(queues, first, last);
        int maxQueue = 0;
        for (const auto& [peak, key] : peaks) {
            auto* series = new QLineSeries;
            series->setName(u"%1 %2→%3"_s.arg(DisplayNames::travelClass(key->travelClass),
                                              station(key->from), station(key->to)));
            QList<QPointF> line = stepLine(history_->queueLength.at(*key));
            line << QPointF(static_cast<double>(last), line.isEmpty() ? 0 : line.back().y());
            series->append(line);
            queues->addSeries(series);
            series->attachAxis(x);
            maxQueue = std::max(maxQueue, peak);
        }
        QValueAxis* y = countAxis(queues, maxQueue);
        for (QAbstractSeries* s : queues->series())
            s->attachAxis(y);

        QDateTimeAxis* rx = timeAxis(releases, first, last);
        int maxCount = 0;
        auto addLine = [&](const QString& name, const std::vector<TimePoint>& points, int width,
                           const QColor& colour) {
            auto* series = new QLineSeries;
            series->setName(name);
            QList<QPointF> line = stepLine(points);
            line << QPointF(static_cast<double>(last), line.isEmpty() ? 0 : line.back().y());
            series->append(line);
            releases->addSeries(series);
            // After addSeries: the theme would otherwise replace the pen.
            QPen pen = series->pen();
            pen.setWidth(width);
            pen.setColor(colour);
            series->setPen(pen);
            series->attachAxis(rx);
            if (!points.empty()) maxCount = std::max(maxCount, points.back().value);
        };
        for (const auto& [source, points] : history_->releases)
            addLine(DisplayNames::releaseSourceSeries(source), points, 2, sourceColour(source));
        addLine(tr("Orders fulfilled"), history_->fulfilments, 3,
                SeatColors::forPalette(palette()).served);
        QValueAxis* ry = countAxis(releases, maxCount);
        for (QAbstractSeries* s : releases->series())
            s->attachAxis(ry);
    }
    queues->setTitle(tr("Queued orders per interval · %1").arg(historyRun_));
    queues->legend()->setAlignment(Qt::AlignRight);
    releases->setTitle(
        tr("Seats released by source and orders fulfilled, running totals · %1").arg(historyRun_));

    // Utilisation: seat-km sold over seat-km offered, highest first.
    std::vector<RunUtilisation> runs = history_->utilisation;
    std::stable_sort(runs.begin(), runs.end(),
                     [](const RunUtilisation& a, const RunUtilisation& b) {
                         const double ua = a.offeredSeatKm > 0 ? a.soldSeatKm / a.offeredSeatKm : 0;
                         const double ub = b.offeredSeatKm > 0 ? b.soldSeatKm / b.offeredSeatKm : 0;
                         return ua > ub;
                     });
    if (runs.size() > kMaxRuns) runs.resize(kMaxRuns);
    std::reverse(runs.begin(), runs.end());  // horizontal bars draw bottom-up
    auto* sold = new QBarSet(tr("Sold"));
    auto* held = new QBarSet(tr("Held"));
    const SeatColors colors = SeatColors::forPalette(palette());
    sold->setColor(colors.paid);
    held->setColor(colors.held);
    QStringList names;
    for (const RunUtilisation& u : runs) {
        names << runKey(u.train, u.date);
        *sold << (u.offeredSeatKm > 0 ? 100.0 * u.soldSeatKm / u.offeredSeatKm : 0);
        *held << (u.offeredSeatKm > 0 ? 100.0 * u.heldSeatKm / u.offeredSeatKm : 0);
    }
    auto* bars = new QHorizontalBarSeries;
    bars->append(sold);
    bars->append(held);
    utilisation->addSeries(bars);
    auto* y = new QBarCategoryAxis;
    y->append(names);
    utilisation->addAxis(y, Qt::AlignLeft);
    bars->attachAxis(y);
    auto* x = new QValueAxis;
    x->setRange(0, 100);
    x->setLabelFormat(u"%d %%"_s);
    x->setTitleText(tr("Seat-km over seat-km offered"));
    utilisation->addAxis(x, Qt::AlignBottom);
    bars->attachAxis(x);
    utilisation->setTitle(tr("Seat utilisation per run"));
}

void ChartsPanel::applyTheme() {
    const bool dark = isDark(palette());
    for (QChartView* view : views_) {
        QChart* c = view->chart();
        c->setTheme(dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
        c->setBackgroundBrush(palette().color(QPalette::Base));
        c->setTitleBrush(palette().color(QPalette::Text));
        c->legend()->setLabelColor(palette().color(QPalette::Text));
    }
    // The theme resets series colours: draw again.
    rebuildSectionLoad();
    rebuildHistoryCharts();
    rebuildForecast();
}

void ChartsPanel::showEvent(QShowEvent* event) {
    if (sectionLoadStale_) rebuildSectionLoad();
    QWidget::showEvent(event);
    if (tabs_->currentIndex() == ForecastChart) {
        rebuildForecast();
        emit forecastsWanted();
    }
}

void ChartsPanel::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    // Whether the segment labels fit side by side depends on the width.
    if (isVisible()) rebuildSectionLoad();
}

void ChartsPanel::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange)
        applyTheme();
    QWidget::changeEvent(event);
}

bool ChartsPanel::exportPng(Chart which, const QString& path) const {
    QChartView* view = views_.at(which);
    const QSize size = view->size().expandedTo(QSize(960, 600));
    const qreal scale = 2.0;
    QImage image(size * scale, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(scale);
    image.fill(palette().color(QPalette::Base));
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    const QSize old = view->size();
    auto* mutableView = const_cast<QChartView*>(view);
    if (old != size) mutableView->resize(size);
    mutableView->render(&painter, QRectF(QPointF(0, 0), size), QRect(QPoint(0, 0), size));
    painter.end();
    if (old != size) mutableView->resize(old);
    return image.save(path, "PNG");
}

void ChartsPanel::exportCurrent() {
    const auto which = static_cast<Chart>(tabs_->currentIndex());
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export chart"), tabs_->tabText(which) + u".png"_s, tr("PNG images (*.png)"));
    if (path.isEmpty()) return;
    status_->setText(exportPng(which, path) ? tr("Saved %1").arg(path)
                                            : tr("Could not write %1").arg(path));
}

}  // namespace houbu
