#pragma once
// Charts of one run (Qt Charts): section load per segment by class, queue
// length over time per interval, releases by source and fulfilments over time,
// seat utilisation per run, and each queued order's forecast by its rank.
// Section load and forecasts follow the live snapshot (forecasts as the
// ForecastCache has them); the others come from a replay of the journal
// (Session::analyseHistory). Each chart can be exported as PNG.

#include <QList>
#include <QPointF>
#include <QPointer>
#include <QStringList>
#include <QWidget>
#include <memory>

#include "houbu/analysis.h"
#include "houbu/session.h"

class QChart;
class QChartView;
class QComboBox;
class QLabel;
class QPushButton;
class QTabWidget;
class QTimer;

namespace houbu {

class ForecastCache;

// Seats per segment of the shown run, by what holds them.
struct SectionLoad {
    QStringList segments;  // "北京南→天津南"
    QList<int> sold, held, blocked, free;
};
// `travelClass` empty: every class.
SectionLoad sectionLoadOf(const ConsoleSnapshot& snapshot, const QString& travelClass);

// A step line through `points` (x: milliseconds since the epoch of time.h as
// QDateTime), at most about `maxPoints` points: values at one instant collapse
// to the last, and long series keep the last value of each time bucket.
QList<QPointF> stepLine(const std::vector<TimePoint>& points, int maxPoints = 1500);
// Logical time (seconds since 2000-01-01) as milliseconds since 1970, for QDateTimeAxis.
qint64 chartMillis(Time at);

class ChartsPanel : public QWidget {
    Q_OBJECT

  public:
    enum Chart { SectionLoadChart, QueueChart, ReleaseChart, UtilisationChart, ForecastChart };
    Q_ENUM(Chart)

    explicit ChartsPanel(QWidget* parent = nullptr);

    void setSession(Session* session);
    void setSnapshot(const SnapshotPtr& snapshot);
    // Where the forecast chart reads its forecasts.
    void setForecasts(const ForecastCache* forecasts);
    // The queue the forecast chart shows (QueueModel::QueueKeyRole,
    // "class|from|to"); empty or gone: the shown run's longest queue.
    void setQueue(const QString& key);
    // The orders the forecast chart needs forecasts for, in rank order (the
    // first kForecastRanks): none unless it is on screen.
    QStringList forecastOrders() const;
    static constexpr int kForecastRanks = 200;
    // The chart plots every rank the run's forecast answered, up to this many.
    static constexpr int kChartedRanks = 5000;
    // Replays the journal of the shown run (progress through the session).
    void refreshHistory();
    // Renders chart `which` at twice the on-screen resolution.
    bool exportPng(Chart which, const QString& path) const;

    QChart* chart(Chart which) const;
    QTabWidget* tabs() const { return tabs_; }
    // What the panel says about the history (replaying, done, or why it failed).
    QLabel* statusLabel() const { return status_; }
    const RunHistory* history() const { return history_.get(); }

  signals:
    void historyRefreshed();
    // The forecast chart came on screen or shows other orders: forecastOrders() changed.
    void forecastsWanted();

  protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

  private:
    void onHistory(const std::shared_ptr<const RunHistory>& history, const QString& error);
    void rebuildSectionLoad();
    void rebuildHistoryCharts();
    void rebuildForecast();
    // Redraws the forecast chart soon, if it is on screen (answers come in chunks).
    void forecastsChanged();
    bool forecastShown() const;
    const QueueView* chartedQueue() const;
    void applyTheme();
    void exportCurrent();

    QPointer<Session> session_;  // the window owns it and may replace it first
    SnapshotPtr snapshot_;
    std::shared_ptr<const RunHistory> history_;
    QString historyRun_;  // "train date" the history belongs to
    QTabWidget* tabs_ = nullptr;
    QList<QChartView*> views_;
    QComboBox* classChoice_ = nullptr;
    QPushButton* refresh_ = nullptr;
    QPushButton* export_ = nullptr;
    QLabel* status_ = nullptr;
    QStringList classes_;
    bool sectionLoadStale_ = false;
    QPointer<const ForecastCache> forecasts_;
    QString queueKey_;
    QTimer* forecastRedraw_ = nullptr;
};

}  // namespace houbu
