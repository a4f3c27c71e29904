#include "refusal_limiter.h"

#include <algorithm>

namespace houbu {

namespace {
constexpr std::size_t kSweepAbove = 4096;  // buckets before full ones are forgotten
constexpr qint64 kSweepEveryMs = 10000;
}  // namespace

double RefusalLimiter::refill(Bucket& b, qint64 nowMs) const {
    b.left = std::min(burst_, b.left + double(nowMs - b.stampMs) * rate_ / 1000.0);
    b.stampMs = nowMs;
    if (b.left >= burst_) b.announced = false;
    return b.left;
}

bool RefusalLimiter::allowed(const QString& client, qint64 nowMs) {
    if (rate_ <= 0) return true;
    const auto it = buckets_.find(client);
    return it == buckets_.end() || refill(*it, nowMs) >= 1;
}

bool RefusalLimiter::refused(const QString& client, qint64 nowMs) {
    if (rate_ <= 0) return false;
    auto it = buckets_.find(client);
    if (it == buckets_.end())
        it = buckets_.insert(client, Bucket{burst_, nowMs});
    else
        refill(*it, nowMs);
    Bucket& b = *it;
    b.left = std::max(0.0, b.left - 1);
    const bool announce = b.left < 1 && !b.announced;
    if (announce) b.announced = true;
    if (static_cast<std::size_t>(buckets_.size()) > kSweepAbove &&
        nowMs - lastSweepMs_ > kSweepEveryMs)
        sweep(nowMs);
    return announce;
}

void RefusalLimiter::sweep(qint64 nowMs) {
    lastSweepMs_ = nowMs;
    for (auto it = buckets_.begin(); it != buckets_.end();) {
        if (refill(*it, nowMs) >= burst_)
            it = buckets_.erase(it);
        else
            ++it;
    }
}

}  // namespace houbu
