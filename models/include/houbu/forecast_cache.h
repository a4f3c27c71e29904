#pragma once
// Forecasts of queued orders (commands.md "forecast") as the session answers
// them, kept per order for the queue view and the charts. The shown run's
// orders are forecast all at once (Session::forecastRun, a fraction of a
// second of the engine's thread on a whole day), and the orders someone
// looks at also one at a time, which simulates their other runs too: each
// costs up to 20 ms, so never all of a queue. An order's own answer is
// shown once it has one, the run's until then. An answer is
// stale once the engine moved on (another last event or clock); it stays
// shown until the order is asked for again, at most once every kRefreshMs,
// so that a live load does not keep the engine forecasting.

#include <QElapsedTimer>
#include <QHash>
#include <QObject>
#include <QSet>
#include <QStringList>

#include "houbu/session_types.h"

namespace houbu {

class ForecastCache : public QObject {
    Q_OBJECT

  public:
    static constexpr int kRefreshMs = 1000;
    // Each order is forecast to be served within this many minutes (or by
    // its expiry, if sooner): the engine's cost grows with the horizon, and
    // to an order's expiry, days away, one forecast takes the engine's
    // thread for seconds.
    static constexpr int kHorizonMinutes = 30;
    // A run's forecast is asked for again, once the state moved on, at most
    // this often.
    static constexpr int kRunRefreshMs = 5000;

    explicit ForecastCache(QObject* parent = nullptr);

    // False for a session that cannot forecast: the views show "—".
    void setAvailable(bool available);
    bool available() const { return available_; }
    // Why no forecast is shown, for tooltips and charts.
    static QString unavailableReason();

    // The last answer about an order (null when none came): its own
    // forecast, or the engine's refusal (order_closed once it no longer
    // waits), else the run's forecast of it.
    const OrderForecast* find(const QString& order) const;
    // Its probability in percent, when the engine forecast it.
    std::optional<int> probability(const QString& order) const;
    // Whether an answer was computed on another state than the one shown.
    bool stale(const OrderForecast& answer) const;

    // The state the views show (ConsoleSnapshot::lastSeq and clock).
    void setState(qint64 lastSeq, const QString& clock);
    // Asks (requested) for those of `wanted`, most wanted first, that have no
    // answer, or a stale one asked for kRefreshMs ago or more; what was
    // asked and not answered is dropped unless still wanted. Returns in how
    // many ms a stale answer left out now is due (-1: none is).
    int request(const QStringList& wanted);
    // Orders asked for and not answered yet.
    int pending() const { return int(inFlight_.size()); }
    // Forgets every answer (another session or run).
    void clear();

    // Asks (runRequested) for the forecast of every order queued on the run
    // when none is kept for it, or the kept one is stale and was asked for
    // kRunRefreshMs ago or more, and none is on its way. Returns in how many
    // ms a stale one left out now is due (-1: none is).
    int requestRun(const QString& train, const QString& date);
    void applyRun(const QString& train, const QString& date, const QList<OrderForecast>& answers);
    // The run's forecast of an order, whatever the order's own says.
    const OrderForecast* fromRun(const QString& order) const;
    // Whether a run's forecast is on its way.
    bool runPending() const { return runInFlight_; }

    void apply(const QList<houbu::OrderForecast>& answers);
    // Session::forecastProgress: once done reaches total, what was asked and
    // not answered is no longer in flight.
    void progress(int done, int total);

  signals:
    // The orders to forecast within kHorizonMinutes, replacing those asked
    // for before (Session::forecast).
    void requested(const QStringList& orders);
    // The run whose queued orders to forecast all at once (Session::forecastRun).
    void runRequested(const QString& train, const QString& date);
    // Answers came or went.
    void changed();

  private:
    bool available_ = false;
    qint64 lastSeq_ = 0;
    QString clock_;
    QHash<QString, OrderForecast> answers_;
    QSet<QString> inFlight_;
    QHash<QString, qint64> askedAt_;  // ms on since_
    // The last run's forecast: its run ("train date"), answers, when asked.
    QString runKey_;
    QHash<QString, OrderForecast> runAnswers_;
    qint64 runSeq_ = -1;
    QString runClock_;
    bool runInFlight_ = false;
    bool runAsked_ = false;
    qint64 runAskedAt_ = 0;  // or answered, whichever came last
    QElapsedTimer since_;
};

}  // namespace houbu
