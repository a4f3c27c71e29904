#include "forecast_paths.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <limits>

namespace houbu {

double normalQuantile(double p) {
    // Bisection on the distribution function: 48 halvings of [-9, 9] are
    // finer than a double needs here, and it is called once a path.
    double lo = -9, hi = 9;
    for (int i = 0; i < 48; ++i) {
        const double mid = (lo + hi) / 2;
        if (0.5 * std::erfc(-mid / std::sqrt(2.0)) < p)
            lo = mid;
        else
            hi = mid;
    }
    return (lo + hi) / 2;
}

double gammaQuantile(double shape, double p) {
    return gammaQuantileAt(shape, normalQuantile(p));
}

double gammaQuantileAt(double shape, double z) {
    const double c = 1.0 / (9.0 * shape);
    const double cube = 1.0 - c + z * std::sqrt(c);
    return cube <= 0 ? 0.0 : shape * cube * cube * cube;
}

int poissonQuantile(double mean, double u) {
    if (mean <= 0) return 0;
    if (mean < 600) {
        double term = std::exp(-mean), sum = term;
        int k = 0;
        while (sum < u && k < 100000) {
            ++k;
            term *= mean / k;
            sum += term;
            if (term < 1e-300 && k > mean) break;
        }
        return k;
    }
    const double k = std::floor(mean + std::sqrt(mean) * normalQuantile(u) + 0.5);
    return k < 0 ? 0 : static_cast<int>(k);
}

namespace {

// A seat's stretch splits at most once per passenger seated on it.
constexpr int kMaxPieces = 64;
constexpr std::uint32_t kNoEntry = 0xffffffffu;
// An order's state on a path (ForecastPaths::state_): gone, seated here.
constexpr std::uint8_t kGone = 2;
constexpr std::uint8_t kSeated = 3;
// A source's time once it has nothing more to come.
constexpr double kNoArrival = std::numeric_limits<double>::infinity();

std::uint64_t mix(std::uint64_t a, std::uint64_t b) {
    return SplitMix64(a ^ (b * 0x9e3779b97f4a7c15ull + 0x632be59bd9b4e019ull)).next();
}

// A path's draws of each kind come from a seed of their own, so that no
// order's number (a run's scene has tens of thousands) can meet a stream's.
enum DrawKind : std::uint64_t { LeaveDraws = 1, ElsewhereDraws, SmallBatches, LargeBatches };

std::uint64_t drawSeed(std::uint64_t pathSeed, DrawKind kind, std::uint64_t which) {
    return mix(mix(pathSeed, kind), which);
}

// The standard normal quantile of stratum p of `paths`, (p + 1/2) / paths:
// the same for every forecast, so those of the usual count are kept.
double stratumNormal(int p, int paths) {
    constexpr int kKept = 128;
    static const std::array<double, kKept> kept = [] {
        std::array<double, kKept> z{};
        for (int k = 0; k < kKept; ++k)
            z[static_cast<std::size_t>(k)] = normalQuantile((k + 0.5) / kKept);
        return z;
    }();
    return paths == kKept ? kept[static_cast<std::size_t>(p)] : normalQuantile((p + 0.5) / paths);
}

// `value`'s lowest `bits` bits in reverse order: 0, 4, 2, 6, 1, … for 3 bits,
// so that any first few of the paths spread over the strata.
int reversedBits(int value, int bits) {
    int out = 0;
    for (int b = 0; b < bits; ++b)
        out |= ((value >> b) & 1) << (bits - 1 - b);
    return out;
}

// What is left of a seat's free `piece` either side of the interval `taken`
// within it: below it and above it (either may be empty).
std::pair<ForecastScene::Mask, ForecastScene::Mask> leftAround(ForecastScene::Mask piece,
                                                               ForecastScene::Mask taken) {
    const ForecastScene::Mask below = piece & ((taken & (~taken + 1)) - 1);
    return {below, piece & ~(below | taken)};
}

// The segments any of `pieces` covers.
template <class Pieces>
ForecastScene::Mask unionOf(const Pieces& pieces) {
    ForecastScene::Mask all = 0;
    for (const auto& piece : pieces)
        all |= piece.mask;
    return all;
}

// Whether `inner` lies within `outer` (both contiguous segment runs).
bool within(ForecastScene::Mask inner, ForecastScene::Mask outer) {
    return (inner & ~outer) == 0;
}

// The segments of a contiguous run (bit scans, not a popcount call).
int lengthOf(ForecastScene::Mask m) {
    return 64 - std::countl_zero(m) - std::countr_zero(m);
}

}  // namespace

int ForecastPaths::served(int paths, double quantile, std::uint64_t seed, int probe, int limit) {
    start(paths, quantile, seed);
    const int drawing = limit > 0 ? std::min(limit, paths) : paths;
    int count = 0;
    for (int drawn = 0; drawn < drawing; ++drawn) {
        if (probe > 0 && drawn == probe && count == 0) return 0;
        count += draw(drawn) ? 1 : 0;
    }
    return count;
}

void ForecastPaths::start(int paths, double quantile, std::uint64_t seed) {
    state_.assign(scene_.leaveRate.size(), 0);
    seated_.assign(scene_.leaveRate.size(), 0);
    servedPaths_.assign(scene_.target == ForecastScene::kEveryone ? scene_.leaveRate.size() : 0, 0);
    leaves_.assign(scene_.leaveRate.size(), 0);
    cursors_.resize(scene_.streams.size());
    heads_.resize(scene_.streams.size());
    // Each stream's count of arrivals is drawn stratified too (Latin
    // hypercube): path p takes stratum strata_[j][p] of its distribution, a
    // permutation of the paths per stream.
    strata_.resize(scene_.streams.size());
    for (std::size_t j = 0; j < strata_.size(); ++j) {
        strata_[j].resize(static_cast<std::size_t>(paths));
        for (int p = 0; p < paths; ++p)
            strata_[j][static_cast<std::size_t>(p)] = p;
        SplitMix64 shuffle(mix(seed, 0x57a7ull + j));
        for (int k = paths - 1; k > 0; --k)
            std::swap(strata_[j][static_cast<std::size_t>(k)],
                      strata_[j][static_cast<std::size_t>(shuffle.below(k + 1))]);
    }
    // The normal quantile under each path's rates: one bisection a call, or
    // one a stratum, not one a stream and path.
    quantile_ = quantile;
    fixedZ_ = quantile >= 0 ? normalQuantile(quantile) : 0;
    paths_ = paths;
    seed_ = seed;
}

bool ForecastPaths::draw(int drawn) {
    const int paths = paths_;
    const bool spread = std::has_single_bit(static_cast<unsigned>(paths));
    const int bits = std::countr_zero(static_cast<unsigned>(paths));
    const int p = spread ? reversedBits(drawn, bits) : drawn;
    const double z = quantile_ >= 0 ? fixedZ_ : stratumNormal(p, paths);
    path_ = p;
    std::fill(state_.begin(), state_.end(), 0);
    for (std::size_t j = 0; j < scene_.streams.size(); ++j) {
        const ForecastScene::Stream& stream = scene_.streams[j];
        cursors_[j].assign(stream.candidateStart.begin(), stream.candidateStart.end());
        heads_[j].resize(stream.singleLists.size());
        for (std::size_t k = 0; k < stream.singleLists.size(); ++k)
            heads_[j][k] = stream.singleStart[stream.singleLists[k]];
    }
    return onePath(z, mix(seed_, static_cast<std::uint64_t>(p)));
}

double ForecastPaths::leavesAt(std::uint32_t order, std::uint64_t pathSeed) {
    if (state_[order] == 0) {
        state_[order] = 1;
        const double rate = scene_.leaveRate[order];
        double at = -1;
        // The draw is exponential; most orders stay past the horizon, which
        // a comparison tells without a logarithm.
        const double u = SplitMix64(drawSeed(pathSeed, LeaveDraws, order)).unit();
        if (u < scene_.leaveChance[order]) at = -std::log(1.0 - u) / rate;
        const double expires = scene_.expiresIn[order];
        if (expires >= 0 && (at < 0 || expires < at)) at = expires;
        leaves_[order] = at;
    }
    return leaves_[order];
}

void ForecastPaths::seat(std::uint32_t order, double at) {
    state_[order] = kSeated;
    ++seated_[order];
    if (!servedPaths_.empty() && at <= scene_.byIn[order]) ++servedPaths_[order];
}

void ForecastPaths::countServedElsewhere(std::uint64_t pathSeed) {
    // Every order not seated here may still be served on its options outside
    // the scene, by its own `by`: a draw of its own at its chance of that.
    for (std::uint32_t n = 0; n < servedPaths_.size(); ++n) {
        if (state_[n] == kSeated || scene_.elsewhereChance[n] <= 0) continue;
        if (SplitMix64(drawSeed(pathSeed, ElsewhereDraws, n)).unit() < scene_.elsewhereChance[n])
            ++servedPaths_[n];
    }
}

bool ForecastPaths::onePath(double z, std::uint64_t pathSeed) {
    // Per stream, its batches seen and the large ones pooled over the day:
    // each a number of arrivals over the horizon, drawn in time order as they
    // are needed (a path ends when the order is served, long before a
    // horizon of weeks has been drawn).
    sources_.clear();
    for (std::uint32_t j = 0; j < scene_.streams.size(); ++j) {
        const ForecastScene::Stream& stream = scene_.streams[j];
        const auto batches = static_cast<std::uint32_t>(stream.batchStart.size() - 1);
        const std::uint32_t small = batches - (stream.large ? 1 : 0);
        if (small > 0) {
            Source src{j, small, 0, 0, 0, SplitMix64(drawSeed(pathSeed, SmallBatches, j))};
            const double rate =
                gammaQuantileAt(stream.seen + 0.5, z) / stream.windowSeconds * stream.relevant;
            const double u =
                (strata_[j][static_cast<std::size_t>(path_)] + src.rng.unit()) / paths_;
            src.left = poissonQuantile(rate * scene_.horizonSeconds, u);
            sources_.push_back(src);
        }
        if (stream.large) {
            Source src{j, 0, small, 0, 0, SplitMix64(drawSeed(pathSeed, LargeBatches, j))};
            const double rate =
                gammaQuantileAt(stream.largeSeen + 0.5, z) / stream.largeWindowSeconds;
            src.left = poissonQuantile(rate * scene_.horizonSeconds, src.rng.unit());
            sources_.push_back(src);
        }
    }
    for (Source& src : sources_)
        advance(src);
    const bool everyone = scene_.target == ForecastScene::kEveryone;
    if (sources_.empty()) {
        if (everyone) countServedElsewhere(pathSeed);
        return false;
    }
    const double gone = everyone ? -1 : leavesAt(scene_.target, pathSeed);
    for (;;) {
        // The first source to arrive, the first of equals; one with nothing
        // left is at infinity, so the times are compared without a branch.
        Source* next = &sources_[0];
        for (Source& src : sources_)
            next = src.at < next->at ? &src : next;
        if (next->at == kNoArrival) {
            if (everyone) countServedElsewhere(pathSeed);
            return false;
        }
        if (gone >= 0 && gone < next->at) return false;
        const std::uint32_t batch =
            next->choices > 0 ? static_cast<std::uint32_t>(next->rng.next() % next->choices)
                              : next->fixed;
        if (match(next->stream, batch, next->at, pathSeed)) return true;
        advance(*next);
    }
}

void ForecastPaths::advance(Source& src) {
    if (src.left <= 0) {
        src.at = kNoArrival;
        return;
    }
    // The least of `left` uniform times over what is left of the horizon.
    const double horizon = scene_.horizonSeconds;
    src.at += (horizon - src.at) * (1 - std::pow(1 - src.rng.unit(), 1.0 / src.left));
    --src.left;
}

bool ForecastPaths::queuedAt(std::uint32_t order, double at, std::uint64_t pathSeed) {
    if (state_[order] >= kGone) return false;
    const double gone = leavesAt(order, pathSeed);
    if (gone >= 0 && gone < at) {
        state_[order] = kGone;
        return false;
    }
    return true;
}

bool ForecastPaths::matchOneSeat(std::uint32_t streamIndex, std::uint32_t batch, double at,
                                 std::uint64_t pathSeed) {
    using Mask = ForecastScene::Mask;
    const ForecastScene::Stream& stream = scene_.streams[streamIndex];
    // Every order as a target: no piece is given up early, none is the end.
    const bool everyone = scene_.target == ForecastScene::kEveryone;
    const ForecastScene::Entry target =
        everyone ? ForecastScene::Entry{~Mask{0}, ForecastScene::kEveryone, 0}
                 : stream.entries.back();
    std::vector<std::uint32_t>& heads = heads_[streamIndex];
    // The whole seat goes to the batch's first candidate still queued: its
    // candidates are the single passengers ahead its stretch holds, in queue
    // order, then the target when it fits. Those passed over are gone for
    // good on this path, so the cursor skips them once.
    std::uint32_t& cursor = cursors_[streamIndex][batch];
    const std::uint32_t end = stream.candidateEnd[batch];
    for (; cursor < end; ++cursor) {
        const std::uint32_t order = stream.entries[stream.candidates[cursor]].order;
        if (order == scene_.target) return true;
        if (queuedAt(order, at, pathSeed)) break;
    }
    if (cursor == end) return false;
    const std::uint32_t first = stream.candidates[cursor++];
    seat(stream.entries[first].order, at);
    // One seat: its free pieces are disjoint stretches of that seat. What is
    // left either side of the first one's interval stays free; those pieces
    // are read by the lists of single passengers (whose heads may lag behind
    // orders gone, which they skip as they meet them).
    Mask pieces[kMaxPieces];
    int count = 0;
    const auto [below, above] =
        leftAround(stream.pieces[stream.batchStart[batch]].mask, stream.entries[first].mask);
    if (below) pieces[count++] = below;
    if (above) pieces[count++] = above;
    if (count == 0) return false;
    for (;;) {
        bool reaches = false;
        for (int k = 0; k < count; ++k)
            reaches |= (pieces[k] & target.mask) != 0;
        if (!reaches) return false;
        // The earliest single passenger still queued whose interval lies in a piece.
        std::uint32_t best = kNoEntry, bestList = 0;
        int bestPiece = -1;
        for (int k = 0; k < count; ++k) {
            const int lo = std::countr_zero(pieces[k]), hi = 64 - std::countl_zero(pieces[k]);
            // Per stop inside the piece, its lists ending inside it (by end).
            for (int f = lo; f < hi; ++f) {
                const std::uint32_t last = stream.singleListsFrom[static_cast<std::size_t>(f + 1)];
                for (std::uint32_t i = stream.singleListsFrom[static_cast<std::size_t>(f)];
                     i < last && within(stream.singleListMasks[i], pieces[k]); ++i) {
                    std::uint32_t& head = heads[i];
                    const std::uint32_t end = stream.singleStart[stream.singleLists[i] + 1];
                    while (head < end &&
                           !queuedAt(stream.entries[stream.singles[head]].order, at, pathSeed))
                        ++head;
                    if (head < end && stream.singles[head] < best) {
                        best = stream.singles[head];
                        bestList = i;
                        bestPiece = k;
                    }
                }
            }
        }
        if (best == kNoEntry) {
            if (everyone || target.group != 1) return false;
            for (int k = 0; k < count; ++k)
                if (within(target.mask, pieces[k])) return true;
            return false;
        }
        seat(stream.entries[best].order, at);
        ++heads[bestList];
        // What is left either side of its interval stays free.
        const auto [below, above] = leftAround(pieces[bestPiece], stream.entries[best].mask);
        pieces[bestPiece] = pieces[--count];
        if (below && count < kMaxPieces) pieces[count++] = below;
        if (above && count < kMaxPieces) pieces[count++] = above;
        if (count == 0) return false;
    }
}

bool ForecastPaths::match(std::uint32_t streamIndex, std::uint32_t batch, double at,
                          std::uint64_t pathSeed) {
    using Mask = ForecastScene::Mask;
    const ForecastScene::Stream& stream = scene_.streams[streamIndex];
    const Mask mine =
        scene_.target == ForecastScene::kEveryone ? ~Mask{0} : stream.entries.back().mask;
    if (stream.batchStart[batch + 1] == stream.batchStart[batch] + 1 &&
        stream.pieces[stream.batchStart[batch]].seats == 1)
        return matchOneSeat(streamIndex, batch, at, pathSeed);
    pieces_.assign(stream.pieces.begin() + stream.batchStart[batch],
                   stream.pieces.begin() + stream.batchStart[batch + 1]);
    // Seats whose piece reaches the target's interval: once none is left,
    // what is left of the batch cannot change its fate.
    int reaching = 0;
    for (const auto& piece : pieces_)
        reaching += (piece.mask & mine) != 0 ? piece.seats : 0;
    // Candidates before the cursor are gone on this path: skip them for good.
    std::uint32_t& cursor = cursors_[streamIndex][batch];
    const std::uint32_t end = stream.candidateEnd[batch];
    bool placed = false;
    // What is left of the batch in all: a candidate reaching outside it fits
    // no piece, which one test tells.
    Mask free = unionOf(pieces_);
    for (std::uint32_t c = cursor; c < end && reaching > 0; ++c) {
        // Most candidates fit none of what is left: tell from the masks alone.
        if (placed) {
            while (c < end && !within(stream.candidateMasks[c], free))
                ++c;
            if (c == end) break;
            const Mask m = stream.candidateMasks[c];
            if (std::none_of(pieces_.begin(), pieces_.end(),
                             [m](const auto& piece) { return within(m, piece.mask); }))
                continue;
        }
        const ForecastScene::Entry& e = stream.entries[stream.candidates[c]];
        const bool isTarget = e.order == scene_.target;
        if (!isTarget) {
            if (state_[e.order] >= kGone) {
                if (!placed && c == cursor) ++cursor;
                continue;
            }
            const double gone = leavesAt(e.order, pathSeed);
            if (gone >= 0 && gone < at) {
                state_[e.order] = kGone;
                if (!placed && c == cursor) ++cursor;
                continue;
            }
        }
        // One seat per passenger, from the tightest pieces first (best fit).
        // Each piece is picked once at most: the seats taken are noted as
        // (piece, seats), a few, rather than per piece (an added car's batch
        // splits into hundreds of pieces).
        taken_.clear();
        int found = 0;
        while (found < e.group) {
            int best = -1, bestLeft = 0;
            for (int k = 0; k < static_cast<int>(pieces_.size()); ++k) {
                if (!within(e.mask, pieces_[k].mask)) continue;
                int left = pieces_[k].seats;
                for (const auto& [piece, seats] : taken_)
                    left -= piece == k ? seats : 0;
                if (left <= 0) continue;
                if (best < 0 || lengthOf(pieces_[k].mask) < lengthOf(pieces_[best].mask)) {
                    best = k;
                    bestLeft = left;
                }
            }
            if (best < 0) break;
            const int use = std::min(bestLeft, e.group - found);
            taken_.emplace_back(best, use);
            found += use;
        }
        if (found < e.group) continue;
        if (isTarget) return true;
        seat(e.order, at);
        placed = true;
        // What is left of each seat's piece either side of the interval stays
        // free, merged with pieces of the same stretch; pieces in their order.
        std::sort(taken_.begin(), taken_.end());
        bool emptied = false;
        for (const auto& [k, seats] : taken_) {
            const Mask piece = pieces_[static_cast<std::size_t>(k)].mask;
            const auto [below, above] = leftAround(piece, e.mask);
            pieces_[static_cast<std::size_t>(k)].seats -= seats;
            reaching -= (piece & mine) != 0 ? seats : 0;
            for (const Mask rest : {below, above}) {
                if (!rest) continue;
                reaching += (rest & mine) != 0 ? seats : 0;
                auto same = std::find_if(pieces_.begin(), pieces_.end(),
                                         [rest](const auto& p) { return p.mask == rest; });
                if (same != pieces_.end())
                    same->seats += seats;
                else
                    pieces_.push_back({rest, seats});
            }
        }
        // Only a piece seats were taken from can be left empty; while none
        // is, the pieces' union stays what it was (the rest lie within them).
        for (const auto& [k, seats] : taken_)
            emptied |= pieces_[static_cast<std::size_t>(k)].seats == 0;
        if (!emptied) continue;
        std::erase_if(pieces_, [](const auto& p) { return p.seats == 0; });
        free = unionOf(pieces_);
    }
    return false;
}

}  // namespace houbu
