#pragma once
// Charts of one run (Qt Charts): section load per segment by class, queue
// length over time per interval, releases by source and fulfilments over time,
// and seat utilisation per run. Section load follows the live snapshot; the
// others come from a replay of the journal (Session::analyseHistory). Each
// chart can be exported as PNG.

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

namespace houbu {

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
    enum Chart { SectionLoadChart, QueueChart, ReleaseChart, UtilisationChart };
    Q_ENUM(Chart)

    explicit ChartsPanel(QWidget* parent = nullptr);

    void setSession(Session* session);
    void setSnapshot(const SnapshotPtr& snapshot);
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

  protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

  private:
    void onHistory(const std::shared_ptr<const RunHistory>& history, const QString& error);
    void rebuildSectionLoad();
    void rebuildHistoryCharts();
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
};

}  // namespace houbu
