#pragma once
// A budget of refused requests per client address (a token bucket): a client
// that keeps sending bad tokens or bad requests is, once its budget is spent,
// answered 429 and closed before any token is checked, and its new
// connections are closed at accept, without a log line. A bad-token flood
// otherwise costs a token check (PBKDF2/HMAC) and a log line per request,
// which is what raised the honest clients' p99 from 25 to 90 ms.

#include <QHash>
#include <QString>

namespace houbu {

class RefusalLimiter {
  public:
    // `perSecond` refusals refill the bucket of `burst`; perSecond 0: no limit.
    RefusalLimiter(double perSecond, double burst) : rate_(perSecond), burst_(burst) {}

    // Whether `client` may be heard (its bucket holds a refusal).
    bool allowed(const QString& client, qint64 nowMs);
    // `client` was refused once: takes one from its bucket. True when this
    // emptied it for the first time since it was last full (say so once in
    // the log, not at every refill).
    bool refused(const QString& client, qint64 nowMs);

  private:
    struct Bucket {
        double left = 0;
        qint64 stampMs = 0;
        bool announced = false;  // its emptying was reported; reset once full again
    };
    double refill(Bucket& b, qint64 nowMs) const;
    // Forgets buckets that have refilled, so that many addresses refused once
    // do not pile up.
    void sweep(qint64 nowMs);

    double rate_;
    double burst_;
    QHash<QString, Bucket> buckets_;
    qint64 lastSweepMs_ = 0;
};

}  // namespace houbu
