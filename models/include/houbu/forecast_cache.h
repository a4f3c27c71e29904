#pragma once
// Forecasts of queued orders (commands.md "forecast") as the session answers
// them, kept per order for the queue view and the charts. Each costs the
// engine's thread up to 20 ms on a whole day, so only the orders someone
// looks at are asked for, and never all of a queue at once. An answer is
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

    explicit ForecastCache(QObject* parent = nullptr);

    // False for a session that cannot forecast: the views show "—".
    void setAvailable(bool available);
    bool available() const { return available_; }
    // Why no forecast is shown, for tooltips and charts.
    static QString unavailableReason();

    // The last answer about an order (null when none came): a forecast, or
    // the engine's refusal (order_closed once it no longer waits).
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

    void apply(const QList<houbu::OrderForecast>& answers);
    // Session::forecastProgress: once done reaches total, what was asked and
    // not answered is no longer in flight.
    void progress(int done, int total);

  signals:
    // The orders to forecast within kHorizonMinutes, replacing those asked
    // for before (Session::forecast).
    void requested(const QStringList& orders);
    // Answers came or went.
    void changed();

  private:
    bool available_ = false;
    qint64 lastSeq_ = 0;
    QString clock_;
    QHash<QString, OrderForecast> answers_;
    QSet<QString> inFlight_;
    QHash<QString, qint64> askedAt_;  // ms on since_
    QElapsedTimer since_;
};

}  // namespace houbu
