#include "houbu/forecast_cache.h"

#include <algorithm>

namespace houbu {

ForecastCache::ForecastCache(QObject* parent) : QObject(parent) {
    since_.start();
}

void ForecastCache::setAvailable(bool available) {
    if (available == available_) return;
    available_ = available;
    emit changed();
}

QString ForecastCache::unavailableReason() {
    return tr("No forecast here: this session cannot ask its engine for forecasts.");
}

const OrderForecast* ForecastCache::find(const QString& order) const {
    // The order's own forecast once it has one (kept fresh while in view),
    // so that a row does not switch between the two kinds as they come.
    const auto own = answers_.constFind(order);
    if (own != answers_.cend()) return &*own;
    const auto run = runAnswers_.constFind(order);
    return run == runAnswers_.cend() ? nullptr : &*run;
}

const OrderForecast* ForecastCache::fromRun(const QString& order) const {
    const auto it = runAnswers_.constFind(order);
    return it == runAnswers_.cend() ? nullptr : &*it;
}

std::optional<int> ForecastCache::probability(const QString& order) const {
    const OrderForecast* answer = find(order);
    if (!answer || !answer->value) return std::nullopt;
    return answer->value->probability;
}

bool ForecastCache::stale(const OrderForecast& answer) const {
    return answer.seq != lastSeq_ || answer.clock != clock_;
}

void ForecastCache::setState(qint64 lastSeq, const QString& clock) {
    lastSeq_ = lastSeq;
    clock_ = clock;
}

int ForecastCache::request(const QStringList& wanted) {
    if (!available_) return -1;
    const qint64 now = since_.elapsed();
    QStringList ask;
    QSet<QString> asking;
    int due = -1;
    for (const QString& id : wanted) {
        if (id.isEmpty() || asking.contains(id)) continue;
        // The order's own answer: the run's does not stand in for it.
        const auto own = answers_.constFind(id);
        const OrderForecast* answer = own == answers_.cend() ? nullptr : &*own;
        if (answer && !stale(*answer)) continue;
        if (answer && !inFlight_.contains(id)) {
            const qint64 since = now - askedAt_.value(id, now - kRefreshMs);
            if (since < kRefreshMs) {
                const int wait = int(kRefreshMs - since);
                due = due < 0 ? wait : std::min(due, wait);
                continue;
            }
        }
        asking.insert(id);
        ask << id;
    }
    if (asking == inFlight_) return due;
    for (const QString& id : ask)
        if (!inFlight_.contains(id)) askedAt_.insert(id, now);
    inFlight_ = asking;
    emit requested(ask);
    return due;
}

void ForecastCache::clear() {
    answers_.clear();
    inFlight_.clear();
    askedAt_.clear();
    runKey_.clear();
    runAnswers_.clear();
    runSeq_ = -1;
    runClock_.clear();
    runInFlight_ = false;
    runAsked_ = false;
    emit changed();
}

int ForecastCache::requestRun(const QString& train, const QString& date) {
    if (!available_ || train.isEmpty()) return -1;
    const QString key = train + u' ' + date;
    if (key != runKey_) {
        runKey_ = key;
        runAnswers_.clear();
        runSeq_ = -1;
        runInFlight_ = false;
        runAsked_ = false;
    }
    if (runInFlight_) return -1;
    const bool fresh = runSeq_ == lastSeq_ && runClock_ == clock_;
    if (fresh) return -1;
    // At most once every kRunRefreshMs, counted from the last answer (a
    // forecast slower than that is not asked for again at once).
    const qint64 now = since_.elapsed();
    if (runAsked_ && now - runAskedAt_ < kRunRefreshMs)
        return int(kRunRefreshMs - (now - runAskedAt_));
    runInFlight_ = true;
    runAsked_ = true;
    runAskedAt_ = now;
    emit runRequested(train, date);
    return -1;
}

void ForecastCache::applyRun(const QString& train, const QString& date,
                             const QList<OrderForecast>& answers) {
    if (train + u' ' + date != runKey_) return;  // another run's, asked before
    runInFlight_ = false;
    runAskedAt_ = since_.elapsed();
    // None: the engine could not answer (a remote one unreachable or
    // refusing), or nobody waits. What was shown stays, asked again later.
    if (answers.isEmpty()) return;
    runAnswers_.clear();
    runAnswers_.reserve(answers.size());
    for (const OrderForecast& a : answers)
        runAnswers_.insert(a.order, a);
    runSeq_ = answers.front().seq;
    runClock_ = answers.front().clock;
    emit changed();
}

void ForecastCache::progress(int done, int total) {
    // The session is done with the last request: what it did not answer
    // (a remote server that did not reach) is asked for again when wanted.
    if (done >= total) inFlight_.clear();
}

void ForecastCache::apply(const QList<OrderForecast>& answers) {
    if (answers.isEmpty()) return;
    for (const OrderForecast& a : answers) {
        inFlight_.remove(a.order);
        answers_.insert(a.order, a);
    }
    emit changed();
}

}  // namespace houbu
