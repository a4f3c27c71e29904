#pragma once
// The futures a forecast draws (docs/forecast.md). A scene is what matters to
// one queued order, taken from the state by Forecaster: per run and class it
// may be served on (a stream), the release batches seen there and the orders
// queued ahead of it. A path draws the batches still to come, at a rate
// estimated from those seen, each a copy of a batch seen, and gives their
// seats to the queued orders earliest first, one seat per passenger over the
// whole interval, as matching does. Orders ahead also leave by the rates
// seen: served on a run outside the scene, cancelled or failed.

#include <cstdint>
#include <utility>
#include <vector>

#include "houbu/splitmix.h"

namespace houbu {

struct ForecastScene {
    using Mask = std::uint64_t;
    // `target` of a scene in which every order is one (a run's forecast).
    static constexpr std::uint32_t kEveryone = 0xffffffffu;
    // One order queued on a stream, ahead of the target or the target itself.
    struct Entry {
        Mask mask = 0;
        std::uint32_t order = 0;  // the scene's own number for the order
        std::uint8_t group = 1;
    };
    struct Stream {
        // The rate of batches: a Gamma(seen + 1/2, window) posterior, of which
        // the share `relevant` could touch the target's interval.
        double seen = 0;
        double windowSeconds = 1;
        double relevant = 0;
        // Large batches (ForecastLedger::kLargeBatch seats or more), pooled
        // over every run of the class's name: seen in all over the runs'
        // windows. Their batch, when there is one, is the last below.
        double largeSeen = 0;
        double largeWindowSeconds = 1;
        bool large = false;
        // The relevant batches seen: batch b's free stretches are
        // pieces[batchStart[b] .. batchStart[b + 1]), each with how many
        // seats have it (an added car frees a hundred of one stretch); its
        // candidates (the entries that fit them, in queue order) are
        // candidates[candidateStart[b] .. candidateEnd[b]), a range that
        // batches of the same pieces share.
        struct Piece {
            Mask mask = 0;
            int seats = 0;
        };
        std::vector<std::uint32_t> batchStart{0};
        std::vector<Piece> pieces;
        std::vector<std::uint32_t> candidateStart;
        std::vector<std::uint32_t> candidateEnd;
        std::vector<std::uint32_t> candidates;
        std::vector<Mask> candidateMasks;  // each candidate's mask, side by side
        std::vector<Entry> entries;
        // The single passengers ahead by interval (from * stops + to), each
        // list in queue order: a batch of one seat serves only them, and
        // reading the heads of the lists inside its stretch finds the
        // earliest that fits without scanning its candidates.
        int stops = 0;
        std::vector<std::uint32_t> singleStart;  // stops * stops + 1
        std::vector<std::uint32_t> singles;      // entry numbers
        // The intervals whose lists are not empty, in the lists' order, with
        // their masks, and per stop where those from it on start (stops + 1):
        // a piece reads these, not every interval inside it.
        std::vector<std::uint32_t> singleLists;
        std::vector<Mask> singleListMasks;
        std::vector<std::uint32_t> singleListsFrom;
    };
    std::vector<Stream> streams;
    double horizonSeconds = 0;
    std::uint32_t target = 0;  // the scene's number for the target order, or kEveryone
    // Per scene order: the rate (per second) at which it leaves other than by
    // the streams, the chance it does so within the horizon, and the seconds
    // until it expires (negative: never).
    std::vector<double> leaveRate;
    std::vector<double> leaveChance;
    std::vector<double> expiresIn;
    // Per scene order: its options outside the scene over those inside (the
    // target: 0), and the rate at which it cancels or fails.
    std::vector<float> outsideShare;
    double quitRate = 0;
    // With every order a target: the seconds until each one's `by`, and its
    // chance of being served on its options outside the scene by then.
    std::vector<double> byIn;
    std::vector<double> elsewhereChance;
};

class ForecastPaths {
  public:
    explicit ForecastPaths(const ForecastScene& scene) : scene_(scene) {}

    // How many of `paths` paths serve the target. The future release rate of
    // each path is its stream's posterior quantile `quantile`, or with
    // `quantile` < 0 the quantile (p + 1/2) / paths of path p (stratified
    // over the posterior). Path p's draws depend on `seed` and p only, so
    // runs at different quantiles compare like with like.
    //
    // The paths are drawn in an order that spreads the first ones over the
    // strata (bit-reversed when `paths` is a power of two). When none of the
    // first `probe` (> 0) serves the target, the rest are not drawn and the
    // answer is 0. Only that side stops early: a path that serves ends at
    // once, one that does not draws the whole horizon. With `limit` > 0 only
    // the first `limit` paths of that order are drawn.
    int served(int paths, double quantile, std::uint64_t seed, int probe = 0, int limit = 0);
    // Per scene order, on how many of the paths of the last `served` it was
    // seated before the target was served or the path ended.
    const std::vector<std::uint16_t>& seated() const { return seated_; }

    // The same a path at a time: start() the paths, then draw() them in turn
    // (`drawn` from 0), each true when it serves the target. With every
    // order a target, servedPaths() counts per order the paths drawn since
    // start() that served it by its `by`: seated here, or on its options
    // outside the scene by a draw of its own at ForecastScene::elsewhereChance.
    void start(int paths, double quantile, std::uint64_t seed);
    bool draw(int drawn);
    const std::vector<std::uint16_t>& servedPaths() const { return servedPaths_; }

  private:
    // Arrivals of batches on one stream: `left` more to come after `at`
    // (infinite: none), each a batch drawn from `choices`, or `fixed` when
    // there is no choice (the pooled large batch).
    struct Source {
        std::uint32_t stream = 0;
        std::uint32_t choices = 0;
        std::uint32_t fixed = 0;
        int left = 0;
        double at = 0;
        SplitMix64 rng{0};
    };
    // One path, its rates at the standard normal quantile `z` of the posteriors.
    bool onePath(double z, std::uint64_t pathSeed);
    // Draws the source's next arrival time.
    void advance(Source& src);
    double leavesAt(std::uint32_t order, std::uint64_t pathSeed);
    // Marks an order seated at `at` on this path.
    void seat(std::uint32_t order, double at);
    // At a path's end, with every order a target: those served elsewhere.
    void countServedElsewhere(std::uint64_t pathSeed);
    // Gives a batch's pieces to the stream's candidates; true when the target
    // is served.
    bool match(std::uint32_t stream, std::uint32_t batch, double at, std::uint64_t pathSeed);
    // The same for a batch of one seat, by its candidates, then by the lists
    // of single passengers.
    bool matchOneSeat(std::uint32_t stream, std::uint32_t batch, double at, std::uint64_t pathSeed);
    // Whether an order ahead is still queued at `at` on this path (it has
    // not been served nor left); marks it gone when it has left.
    bool queuedAt(std::uint32_t order, double at, std::uint64_t pathSeed);

    const ForecastScene& scene_;
    std::vector<Source> sources_;
    std::vector<ForecastScene::Stream::Piece> pieces_;
    std::vector<std::pair<int, int>> taken_;  // (piece, seats) taken by one order
    // Per scene order on this path: 0 not looked at, 1 queued, 2 gone
    // (left), 3 seated.
    std::vector<std::uint8_t> state_;
    std::vector<std::uint16_t> seated_;
    std::vector<std::uint16_t> servedPaths_;
    double quantile_ = -1, fixedZ_ = 0;
    std::uint64_t seed_ = 0;
    std::vector<double> leaves_;
    // Per stream and batch, the first candidate not known to be gone.
    std::vector<std::vector<std::uint32_t>> cursors_;
    // Per stream and interval with a list (Stream::singleLists), the first
    // single passenger not known to be gone.
    std::vector<std::vector<std::uint32_t>> heads_;
    std::vector<std::vector<int>> strata_;
    int path_ = 0, paths_ = 1;
};

// The p-quantile of the standard normal distribution (0 < p < 1).
double normalQuantile(double p);
// The p-quantile of Gamma(shape, 1), by the Wilson-Hilferty approximation.
double gammaQuantile(double shape, double p);
// The same at z, the standard normal p-quantile.
double gammaQuantileAt(double shape, double z);
// The least k with P(Poisson(mean) <= k) >= u.
int poissonQuantile(double mean, double u);

}  // namespace houbu
