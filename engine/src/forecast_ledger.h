#pragma once
// What the engine has seen, kept for forecasts (commands.md, "Forecasts and
// previews"): every seat interval released, and how queued orders left their
// queues. A forecast reads only this and the state, never what is still to
// come. Kept in snapshots; an undo record cuts it back.

#include <array>
#include <cstdint>
#include <vector>

#include "houbu/time.h"

namespace houbu {

// One seat interval released on a run: the free stretch of its seat just
// after (the released interval and the free segments either side of it), so
// that a forecast draws the pieces matching really had to give.
struct ReleaseSeen {
    Time at = 0;
    std::uint32_t run = 0;
    // The previous release seen on the same run, or kNone (a chain per run
    // from Run::lastRelease, so a forecast reads its runs' releases only).
    std::uint32_t previousOfRun = 0xffffffffu;
    // Releases freed by one command or one timed effect share a batch: they
    // were matched together (a refunded group, an added car).
    std::uint32_t batch = 0;
    std::uint16_t travelClass = 0;
    std::uint8_t from = 0;
    std::uint8_t to = 0;
};

struct ForecastLedger {
    // A batch of this many seats or more (an added car, a large quota let
    // go) is rare on any one run: forecasts pool these over the day.
    static constexpr std::uint32_t kLargeBatch = 10;

    std::vector<ReleaseSeen> releases;
    // The releases that made their batch large (its kLargeBatch-th), in order:
    // derived from `releases`.
    std::vector<std::uint32_t> large;
    // Orders that left their queues, by how: served, cancelled by their user,
    // failed (兑现失败), expired.
    enum Leaving : std::uint8_t { Served, Cancelled, Failed, Expired };
    std::array<std::uint64_t, 4> left{};
    // Seconds spent queued by the orders that left, and the sum of the
    // effective times of those still queued: the time queued orders have
    // waited in all, the denominator of the rates at which they leave, is
    // closedSeconds + queuedOrders * clock - queuedSince.
    std::int64_t closedSeconds = 0;
    std::int64_t queuedSince = 0;

    // The batch a release starts: a new one when the matcher has nothing
    // pending from the same command or effect.
    std::uint32_t nextBatch(bool samePass) const {
        if (releases.empty()) return 0;
        return releases.back().batch + (samePass ? 0 : 1);
    }
    // Appends a release, noting when its batch becomes large.
    void add(const ReleaseSeen& seen) {
        const auto index = static_cast<std::uint32_t>(releases.size());
        releases.push_back(seen);
        if (index + 1 >= kLargeBatch && releases[index + 1 - kLargeBatch].batch == seen.batch &&
            (index + 1 == kLargeBatch || releases[index - kLargeBatch].batch != seen.batch))
            large.push_back(index);
    }
    std::int64_t waitedSeconds(std::int64_t queuedOrders, Time clock) const {
        return closedSeconds + queuedOrders * clock - queuedSince;
    }
};

}  // namespace houbu
