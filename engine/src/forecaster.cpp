#include "forecaster.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <map>

#include "command_check.h"

namespace houbu {

namespace {

// Orders are far apart in memory and a scan over many of them waits on each
// in turn: one this far ahead is asked for while the current one is read.
constexpr std::size_t kPrefetch = 8;

void prefetchOrder(const Order& o) {
    __builtin_prefetch(&o);
    __builtin_prefetch(reinterpret_cast<const char*>(&o) + sizeof(Order) - 1);
}

// A share of `paths` in hundredths, rounded.
int hundredthsOf(int count, int paths) {
    return static_cast<int>(std::lround(100.0 * count / paths));
}

}  // namespace

ForecastValue Forecaster::forecast(std::uint32_t order, Time now, std::optional<Time> until,
                                   std::uint64_t seed) const {
    const Order& o = s.orders[order];
    const Time expiry = expiryOf(s, o);
    ForecastValue v;
    v.by = until && (expiry < 0 || *until < expiry) ? *until : expiry;
    if (v.by <= now) {
        v.basis = "nothing can serve it in the time left";
        return v;
    }
    std::vector<StreamBasis> basis;
    ForecastScene sc = scene(order, now, v.by, basis);
    v.basis = basisText(basis);
    // Paths seat an order on whole seats only (docs/forecast.md, limits): for
    // an order that accepts changes the answer is a lower bound, and says so.
    if (seatChangesOf(o) > 0) v.basis += "; seat changes not counted (whole seats only)";
    // A stream none of whose batches could seat the order cannot serve it;
    // what it does to the orders ahead elsewhere is left out, and when no
    // stream is left the answer is 0 without drawing a path.
    std::erase_if(sc.streams, [](const ForecastScene::Stream& stream) {
        const auto target = static_cast<std::uint32_t>(stream.entries.size() - 1);
        return std::find(stream.candidates.begin(), stream.candidates.end(), target) ==
               stream.candidates.end();
    });
    if (sc.streams.empty()) {
        v.basis += "; no release seen could seat it";
        return v;
    }
    ForecastPaths paths(sc);
    // The probe: the first paths, with the orders ahead served elsewhere at
    // the average rate. When none serves the order the answer is 0 (for an
    // order deep in its queue the average is the more generous rate: the
    // orders near it are seldom seated anywhere). They also tell how often
    // each order ahead is seated here, which sets the rate at which it is
    // served on its other options on the answer's paths (mirrorLeaving).
    const int probed = paths.served(kPaths, -1, seed, 0, kProbePaths);
    mirrorLeaving(sc, paths.seated(), kProbePaths);
    const int p = probed == 0 ? 0 : hundredthsOf(paths.served(kPaths, -1, seed), kPaths);
    // The interval holds the probability: at 0 the low end can only be 0,
    // at 1 the high end only 1, and those paths are not drawn.
    const int low =
        p == 0 ? 0 : hundredthsOf(paths.served(kEndPaths, 0.05, seed, kEndProbePaths), kEndPaths);
    const int high =
        p == 100 ? 100
                 : hundredthsOf(paths.served(kEndPaths, 0.95, seed, kEndProbePaths), kEndPaths);
    v.probability = p;
    v.low = std::min(p, low);
    v.high = std::max(p, high);
    return v;
}

void Forecaster::mirrorLeaving(ForecastScene& sc, const std::vector<std::uint16_t>& seated,
                               int paths) {
    // An order ahead seated here on a share q of the paths is taken to be
    // served on each option outside the scene as if it were half an option
    // inside: 1 - (1 - q)^(outside / inside / 2) over the horizon. Orders
    // near the front of this queue are near the front of their others too,
    // which the average rate does not see; that they still wait after being
    // passed over there so far is why an outside option counts half
    // (docs/forecast.md, "Orders ahead served elsewhere"). Most orders ahead
    // are never seated and only quit.
    const double quitChance = 1 - std::exp(-sc.quitRate * sc.horizonSeconds);
    const double most = 1 - 0.5 / paths;
    for (std::size_t n = 0; n < sc.leaveRate.size(); ++n) {
        if (seated[n] == 0 || sc.outsideShare[n] == 0) {
            sc.leaveRate[n] = sc.quitRate;
            sc.leaveChance[n] = quitChance;
            continue;
        }
        const double q = std::min(most, static_cast<double>(seated[n]) / paths);
        const double rate =
            sc.quitRate - kOutsideWeight * sc.outsideShare[n] * std::log1p(-q) / sc.horizonSeconds;
        sc.leaveRate[n] = rate;
        sc.leaveChance[n] = 1 - std::exp(-rate * sc.horizonSeconds);
    }
}

ForecastScene Forecaster::scene(std::uint32_t order, Time now, Time by,
                                std::vector<StreamBasis>& basis) const {
    ForecastScene sc;
    sc.horizonSeconds = static_cast<double>(by - now);
    SceneNumbers local;
    local.number(order);
    sc.target = 0;
    std::vector<LargePool> pools;
    for (const OrderOption& option : s.orders[order].options()) {
        const Stop& from = s.runs[option.run].stops[option.from];
        if (from.leaves() >= 0 && from.leaves() <= now) continue;  // serves no more
        basis.push_back({});
        addStream(sc, &s.orders[order], option, now, local, pools, basis.back());
    }

    std::vector<std::pair<std::uint32_t, std::uint16_t>> streams;
    for (const OrderOption& mine : s.orders[order].options())
        streams.emplace_back(mine.run, mine.travelClass);
    setLeaving(sc, local.orders(), now, streams);
    return sc;
}

void Forecaster::mirrorElsewhere(ForecastScene& sc, const std::vector<std::uint16_t>& seated,
                                 int paths) {
    // The same rule as for the orders ahead (mirrorLeaving), over the time
    // until the order's own `by`: its place on its other runs is not known
    // here, so it is taken to be like its place here.
    const double most = 1 - 0.5 / paths;
    for (std::size_t n = 0; n < sc.elsewhereChance.size(); ++n) {
        const double q = std::min(most, static_cast<double>(seated[n]) / paths);
        const double share = kOutsideWeight * sc.outsideShare[n] * sc.byIn[n] / sc.horizonSeconds;
        sc.elsewhereChance[n] = q > 0 && share > 0 ? -std::expm1(share * std::log1p(-q)) : 0;
    }
}

ForecastScene Forecaster::runScene(std::uint32_t run, Time now, Time until,
                                   std::vector<StreamBasis>& basis,
                                   std::vector<std::uint32_t>& orders) const {
    ForecastScene sc;
    sc.horizonSeconds = static_cast<double>(until - now);
    sc.target = ForecastScene::kEveryone;
    SceneNumbers local;
    std::vector<LargePool> pools;
    std::vector<std::pair<std::uint32_t, std::uint16_t>> streams;
    const Run& r = s.runs[run];
    for (std::size_t c = 0; c < r.classes.size(); ++c) {
        const auto travelClass = static_cast<std::uint16_t>(c);
        streams.emplace_back(run, travelClass);
        OrderOption whole;
        whole.run = run;
        whole.travelClass = travelClass;
        whole.to = static_cast<std::uint8_t>(r.segments());
        StreamBasis b;
        addStream(sc, nullptr, whole, now, local, pools, b);
        if (sc.streams.back().entries.empty())
            sc.streams.pop_back();
        else
            basis.push_back(b);
    }
    orders = local.orders();
    setLeaving(sc, orders, now, streams);
    sc.byIn.assign(orders.size(), sc.horizonSeconds);
    sc.elsewhereChance.assign(orders.size(), 0);
    for (std::size_t n = 0; n < orders.size(); ++n)
        if (sc.expiresIn[n] >= 0) sc.byIn[n] = std::min(sc.byIn[n], sc.expiresIn[n]);
    return sc;
}

void Forecaster::setLeaving(
    ForecastScene& sc, const std::vector<std::uint32_t>& global, Time now,
    const std::vector<std::pair<std::uint32_t, std::uint16_t>>& streams) const {
    // How queued orders have left so far: per second waited, served, or
    // cancelled or failed.
    const ForecastLedger& ledger = s.ledger;
    const double waited =
        static_cast<double>(ledger.waitedSeconds(static_cast<std::int64_t>(s.queuedOrders), now));
    const double servedRate = waited > 0 ? ledger.left[ForecastLedger::Served] / waited : 0;
    const double quitRate =
        waited > 0
            ? (ledger.left[ForecastLedger::Cancelled] + ledger.left[ForecastLedger::Failed]) /
                  waited
            : 0;
    sc.leaveRate.assign(global.size(), 0);
    sc.leaveChance.assign(global.size(), 0);
    sc.expiresIn.assign(global.size(), -1);
    sc.outsideShare.assign(global.size(), 0);
    sc.quitRate = quitRate;
    struct Leaving {
        double rate = -1, chance = 0;
    };
    constexpr int kKeptCounts = 16;
    std::array<Leaving, kKeptCounts * kKeptCounts> leaving{};
    for (std::uint32_t n = 0; n < global.size(); ++n) {
        // Each order, then its options, some way ahead (see kPrefetch).
        if (n + 2 * kPrefetch < global.size()) prefetchOrder(s.orders[global[n + 2 * kPrefetch]]);
        if (n + kPrefetch < global.size())
            __builtin_prefetch(s.orders[global[n + kPrefetch]].options().begin());
        const Order& z = s.orders[global[n]];
        if (n == sc.target) {
            sc.leaveRate[n] = quitRate;
            sc.leaveChance[n] = 1 - std::exp(-quitRate * sc.horizonSeconds);
            continue;
        }
        const Time expires = expiryOf(s, z);
        if (expires >= 0) sc.expiresIn[n] = static_cast<double>(std::max<Time>(0, expires - now));
        // Served elsewhere: on its options outside the scene, as often as
        // any queued order is served, shared over its options.
        int outside = 0;
        for (const OrderOption& opt : z.options()) {
            bool inScene = false;
            for (const auto& [run, travelClass] : streams)
                inScene |= run == opt.run && travelClass == opt.travelClass;
            outside += inScene ? 0 : 1;
        }
        // The rate and its chance depend on two small counts: each pair's
        // exponential is taken once a forecast, not once an order.
        const int options = std::max<int>(1, z.optionCount);
        if (outside < options)
            sc.outsideShare[n] =
                static_cast<float>(outside) / static_cast<float>(options - outside);
        if (options < kKeptCounts && outside < kKeptCounts) {
            Leaving& kept = leaving[static_cast<std::size_t>(outside * kKeptCounts + options)];
            if (kept.rate < 0) {
                kept.rate = quitRate + servedRate * outside / options;
                kept.chance = 1 - std::exp(-kept.rate * sc.horizonSeconds);
            }
            sc.leaveRate[n] = kept.rate;
            sc.leaveChance[n] = kept.chance;
        } else {
            sc.leaveRate[n] = quitRate + servedRate * outside / options;
            sc.leaveChance[n] = 1 - std::exp(-sc.leaveRate[n] * sc.horizonSeconds);
        }
    }
}

void Forecaster::addStream(ForecastScene& sc, const Order* target, const OrderOption& option,
                           Time now, SceneNumbers& local, std::vector<LargePool>& pools,
                           StreamBasis& basis) const {
    using Mask = ForecastScene::Mask;
    const Run& run = s.runs[option.run];
    // Without a target every queued order of the class is one, and every
    // batch seen may serve one of them.
    const Mask mine = target ? segmentMask(option.from, option.to) : ~Mask{0};
    basis.run = option.run;
    basis.travelClass = option.travelClass;

    // The class's releases seen, oldest first, as (batch, stretch).
    std::vector<std::pair<std::uint32_t, Mask>> seen;
    Time first = now;
    for (std::uint32_t k = run.lastRelease; k != kNone; k = s.ledger.releases[k].previousOfRun) {
        const ReleaseSeen& r = s.ledger.releases[k];
        if (r.travelClass != option.travelClass) continue;
        seen.emplace_back(r.batch, segmentMask(r.from, r.to));
        first = r.at;
    }
    std::reverse(seen.begin(), seen.end());
    basis.since = run.waitlistSince >= 0 ? std::min(run.waitlistSince, first) : first;
    basis.releases = static_cast<int>(seen.size());

    ForecastScene::Stream stream;
    stream.windowSeconds = std::max<double>(60, static_cast<double>(now - basis.since));

    // The orders queued ahead on this class, in queue order, and per interval
    // their places in that order. An order's interval is the same on all its
    // options, so the queue it is found in gives it; its queue keys are
    // copied so that sorting reads no order again.
    struct Ahead {
        std::uint64_t key;  // effective time and submission, packed when they fit
        std::uint32_t order;
        std::uint8_t from, to, group;
    };
    bool packed = true;
    std::vector<Ahead> ahead;
    const ClassInfo& cls = run.classes[option.travelClass];
    cls.queueAt.forEach([&](int, int, std::uint32_t q) {
        const Queue& queue = s.queues[q];
        const Stop& boarding = run.stops[queue.from];
        const bool departed = boarding.leaves() >= 0 && boarding.leaves() <= now;
        for (const Queue::Lane& lane : queue.lanes)
            for (std::size_t i = lane.head; i < lane.orders.size(); ++i) {
                if (i + kPrefetch < lane.orders.size())
                    prefetchOrder(s.orders[lane.orders[i + kPrefetch]]);
                const Order& z = s.orders[lane.orders[i]];
                if (target && !queuedBefore(z, *target)) break;
                if (z.status != OrderStatus::Queued) continue;
                // A run's forecast leaves out the orders this train can no
                // longer serve (it has left their station).
                if (!target && departed) break;
                packed &= z.effectiveAt >= 0 && z.effectiveAt < (Time{1} << 31) &&
                          z.submitSeq < (std::uint64_t{1} << 32);
                ahead.push_back({static_cast<std::uint64_t>(z.effectiveAt) << 32 | z.submitSeq,
                                 lane.orders[i], queue.from, queue.to, z.groupSize()});
            }
    });
    // Queue order: by the packed key (two thirds of the bytes to move), or
    // read from the orders on a day whose clock or count outgrows it.
    if (packed)
        std::sort(ahead.begin(), ahead.end(),
                  [](const Ahead& a, const Ahead& b) { return a.key < b.key; });
    else
        std::sort(ahead.begin(), ahead.end(), [this](const Ahead& a, const Ahead& b) {
            return queuedBefore(s.orders[a.order], s.orders[b.order]);
        });
    basis.ordersAhead = static_cast<int>(ahead.size());
    const int stops = static_cast<int>(run.stops.size());
    std::vector<std::vector<std::uint32_t>> byInterval(static_cast<std::size_t>(stops * stops));
    stream.entries.reserve(ahead.size() + 1);
    for (const Ahead& z : ahead) {
        const std::uint32_t number = local.number(z.order);
        byInterval[static_cast<std::size_t>(z.from * stops + z.to)].push_back(
            static_cast<std::uint32_t>(stream.entries.size()));
        stream.entries.push_back({segmentMask(z.from, z.to), number, z.group});
    }
    // Single passengers by interval, in queue order.
    stream.stops = stops;
    stream.singleStart.assign(static_cast<std::size_t>(stops * stops) + 1, 0);
    for (const ForecastScene::Entry& e : stream.entries)
        if (e.group == 1) {
            const int f = std::countr_zero(e.mask), t = 64 - std::countl_zero(e.mask);
            ++stream.singleStart[static_cast<std::size_t>(f * stops + t) + 1];
        }
    for (std::size_t k = 1; k < stream.singleStart.size(); ++k)
        stream.singleStart[k] += stream.singleStart[k - 1];
    stream.singles.resize(stream.singleStart.back());
    {
        std::vector<std::uint32_t> fill(stream.singleStart.begin(), stream.singleStart.end() - 1);
        for (std::uint32_t k = 0; k < stream.entries.size(); ++k) {
            const ForecastScene::Entry& e = stream.entries[k];
            if (e.group != 1) continue;
            const int f = std::countr_zero(e.mask), t = 64 - std::countl_zero(e.mask);
            stream.singles[fill[static_cast<std::size_t>(f * stops + t)]++] = k;
        }
    }
    stream.singleListsFrom.assign(static_cast<std::size_t>(stops) + 1, 0);
    for (int f = 0; f < stops; ++f) {
        stream.singleListsFrom[static_cast<std::size_t>(f)] =
            static_cast<std::uint32_t>(stream.singleLists.size());
        for (int t = f + 1; t < stops; ++t) {
            const auto list = static_cast<std::size_t>(f * stops + t);
            if (stream.singleStart[list] == stream.singleStart[list + 1]) continue;
            stream.singleLists.push_back(static_cast<std::uint32_t>(list));
            stream.singleListMasks.push_back(segmentMask(f, t));
        }
    }
    stream.singleListsFrom[static_cast<std::size_t>(stops)] =
        static_cast<std::uint32_t>(stream.singleLists.size());
    const auto targetEntry = static_cast<std::uint32_t>(stream.entries.size());
    if (target) stream.entries.push_back({mine, sc.target, target->groupSize()});

    // The batches that could touch the target's interval, with their
    // candidates; large ones are pooled over the day instead (below).
    std::vector<std::uint32_t> inside;
    // Most batches free one seat of a stretch seen many times: their
    // candidates are found once per distinct set of pieces.
    std::map<std::vector<std::pair<Mask, int>>, std::pair<std::uint32_t, std::uint32_t>> known;
    std::vector<std::pair<Mask, int>> key;
    std::vector<std::uint64_t> marked((targetEntry + 63) / 64, 0);
    std::size_t b = 0;
    int batches = 0;
    while (b < seen.size()) {
        std::size_t end = b;
        bool touches = false;
        while (end < seen.size() && seen[end].first == seen[b].first) {
            touches |= (seen[end].second & mine) != 0;
            ++end;
        }
        const bool large = end - b >= ForecastLedger::kLargeBatch;
        batches += large ? 0 : 1;
        if (touches && !large) {
            ++basis.relevant;
            const std::size_t firstPiece = stream.pieces.size();
            for (std::size_t k = b; k < end; ++k) {
                const Mask m = seen[k].second;
                auto same =
                    std::find_if(stream.pieces.begin() + static_cast<std::ptrdiff_t>(firstPiece),
                                 stream.pieces.end(), [m](const auto& p) { return p.mask == m; });
                if (same != stream.pieces.end())
                    ++same->seats;
                else
                    stream.pieces.push_back({m, 1});
            }
            key.clear();
            for (std::size_t k = firstPiece; k < stream.pieces.size(); ++k)
                key.emplace_back(stream.pieces[k].mask, stream.pieces[k].seats);
            const auto found = known.find(key);
            if (found != known.end()) {
                shareCandidates(stream, found->second);
            } else {
                // The entries inside some piece, marked and read back in queue
                // order: linear in what is found, not a sort of it.
                for (const auto& [m, seats] : key) {
                    const int lo = std::countr_zero(m), hi = 64 - std::countl_zero(m);
                    for (int f = lo; f < hi; ++f)
                        for (int t = f + 1; t <= hi; ++t)
                            for (const std::uint32_t e :
                                 byInterval[static_cast<std::size_t>(f * stops + t)])
                                marked[e / 64] |= std::uint64_t{1} << (e % 64);
                }
                inside.clear();
                for (std::size_t w = 0; w < marked.size(); ++w)
                    for (; marked[w] != 0; marked[w] &= marked[w] - 1)
                        inside.push_back(static_cast<std::uint32_t>(
                            w * 64 + static_cast<std::size_t>(std::countr_zero(marked[w]))));
                if (target) inside.push_back(targetEntry);
                addCandidates(stream, firstPiece, inside);
                known.emplace(key,
                              std::pair{stream.candidateStart.back(), stream.candidateEnd.back()});
            }
        }
        b = end;
    }
    stream.seen = batches;
    stream.relevant = batches > 0 ? static_cast<double>(basis.relevant) / batches : 0;

    // Large batches over the day on runs with a class of this name: as many
    // seats as they brought on average, over this run's whole line.
    const LargePool& pool = largePool(pools, cls.name, now);
    const double large = pool.large, seats = pool.seats, window = pool.window;
    if (large > 0 && window > 0) {
        basis.large = static_cast<int>(large);
        stream.large = true;
        stream.largeSeen = large;
        stream.largeWindowSeconds = std::max(60.0, window);
        const std::size_t firstPiece = stream.pieces.size();
        stream.pieces.push_back(
            {segmentMask(0, run.segments()), static_cast<int>(std::lround(seats / large))});
        inside.resize(stream.entries.size());
        for (std::uint32_t e = 0; e < inside.size(); ++e)
            inside[e] = e;
        addCandidates(stream, firstPiece, inside);
    }
    sc.streams.push_back(std::move(stream));
}

const Forecaster::LargePool& Forecaster::largePool(std::vector<LargePool>& pools,
                                                   const std::string& className, Time now) const {
    // The options of an order mostly share a class name: each name's pool is
    // counted once a forecast, not once an option.
    for (const LargePool& pool : pools)
        if (*pool.name == className) return pool;
    LargePool& pool = pools.emplace_back();
    pool.name = &className;
    for (const std::uint32_t k : s.ledger.large) {
        const ReleaseSeen& first = s.ledger.releases[k + 1 - ForecastLedger::kLargeBatch];
        if (s.runs[first.run].classes[first.travelClass].name != className) continue;
        ++pool.large;
        std::size_t end = k + 1 - ForecastLedger::kLargeBatch;
        while (end < s.ledger.releases.size() && s.ledger.releases[end].batch == first.batch)
            ++end;
        pool.seats += static_cast<double>(end - (k + 1 - ForecastLedger::kLargeBatch));
    }
    for (const Run& r : s.runs) {
        if (r.waitlistSince < 0 || r.classIndex(className) < 0) continue;
        pool.window += static_cast<double>(now - r.waitlistSince);
    }
    return pool;
}

void Forecaster::addCandidates(ForecastScene::Stream& stream, std::size_t firstPiece,
                               const std::vector<std::uint32_t>& inside) {
    stream.candidateStart.push_back(static_cast<std::uint32_t>(stream.candidates.size()));
    for (std::uint32_t e : inside) {
        const ForecastScene::Entry& entry = stream.entries[e];
        int fits = 0;
        for (std::size_t k = firstPiece; k < stream.pieces.size(); ++k)
            fits += (entry.mask & ~stream.pieces[k].mask) == 0 ? stream.pieces[k].seats : 0;
        if (fits < entry.group) continue;
        stream.candidates.push_back(e);
        stream.candidateMasks.push_back(entry.mask);
    }
    stream.batchStart.push_back(static_cast<std::uint32_t>(stream.pieces.size()));
    stream.candidateEnd.push_back(static_cast<std::uint32_t>(stream.candidates.size()));
}

void Forecaster::shareCandidates(ForecastScene::Stream& stream,
                                 std::pair<std::uint32_t, std::uint32_t> range) {
    stream.batchStart.push_back(static_cast<std::uint32_t>(stream.pieces.size()));
    stream.candidateStart.push_back(range.first);
    stream.candidateEnd.push_back(range.second);
}

std::string Forecaster::basisText(const std::vector<StreamBasis>& basis) const {
    std::string out;
    for (std::size_t k = 0; k < basis.size(); ++k) {
        const StreamBasis& b = basis[k];
        if (k == 3) {
            out += "; and " + std::to_string(basis.size() - 3) + " more runs";
            break;
        }
        const Run& run = s.runs[b.run];
        if (!out.empty()) out += "; ";
        out += run.train + " " + run.date + " " + run.classes[b.travelClass].name + ": " +
               std::to_string(b.relevant) + " of " + std::to_string(b.releases) +
               " releases seen since " + formatTime(b.since) + " reach the interval, " +
               std::to_string(b.ordersAhead) + " orders ahead";
        if (b.large > 0)
            out += ", " + std::to_string(b.large) + " large releases (added cars) on the day";
    }
    if (out.empty()) out = "no option can serve it any more";
    return out;
}

}  // namespace houbu
