#include "seat_chains.h"

#include <algorithm>
#include <bit>

#include "popcnt_clones.h"
#include "seat_choice.h"

namespace houbu {
namespace {

// From, the stops inside (from, to) where some seat of the class starts or
// ends a free stretch, and to: the only places a change need be tried.
std::vector<int> changePoints(const ClassInfo& cls, int from, int to) {
    std::vector<int> points{from};
    for (int g = from + 1; g < to; ++g) {
        bool cut = false;
        for (std::uint32_t w = 0; w < cls.words && !cut; ++w)
            cut = cls.freeBits[(g - 1) * cls.words + w] != cls.freeBits[g * cls.words + w];
        if (cut) points.push_back(g);
    }
    points.push_back(to);
    return points;
}

// A passenger alone: the fewest legs, then the seat choice's cost summed
// over the legs (best-fit: the fewest free pieces left around them, then the
// longest, as for the order's whole seat). A change is only considered where
// some seat's free stretch starts or ends: sliding a change back to the
// stop before keeps the legs free, the length left the same (what one
// leg's seat loses after the change, the next one's gains before it) and
// the pieces no more (the next leg's piece before it may vanish); a leg
// that sliding would empty means a chain of fewer legs, which comes first.
// A table of the best leg between each two such stops, then the cheapest path.
std::vector<Chain> chainAlone(const Run& run, int travelClass, int from, int to, int changes,
                              SeatChoice choice) {
    const ClassInfo& cls = run.classes[travelClass];
    const auto& order = cls.seats;
    const std::vector<int> points = changePoints(cls, from, to);
    const std::size_t n = points.size();
    // best[i * n + j]: the cheapest seat free from points[i] to points[j].
    struct BestLeg {
        std::uint32_t seat = kNone;
        int cost = 0;
    };
    std::vector<BestLeg> best(n * n);
    std::vector<std::uint64_t> bits(cls.words);
    for (std::size_t i = 0; i + 1 < n; ++i) {
        for (std::uint32_t w = 0; w < cls.words; ++w)
            bits[w] = ~std::uint64_t{0};
        int g = points[i];
        for (std::size_t j = i + 1; j < n; ++j) {
            bool any = false;
            for (; g < points[j]; ++g)
                for (std::uint32_t w = 0; w < cls.words; ++w)
                    bits[w] &= cls.freeBits[g * cls.words + w];
            BestLeg& leg = best[i * n + j];
            for (std::uint32_t w = 0; w < cls.words; ++w) {
                for (std::uint64_t b = bits[w]; b; b &= b - 1) {
                    any = true;
                    const std::uint32_t pos =
                        w * 64 + static_cast<std::uint32_t>(std::countr_zero(b));
                    const int cost = seatChoiceCost(choice, run.seats[order[pos]].mask, points[i],
                                                    points[j], run.segments(), changes);
                    if (leg.seat == kNone || cost < leg.cost) leg = BestLeg{order[pos], cost};
                }
            }
            if (!any) break;  // no seat reaches further from points[i]
        }
    }
    // cost[k][j]: the cheapest k legs from `from` to points[j]; the fewest legs first.
    constexpr int kUnreached = 1 << 30;
    const int maxLegs = changes + 1;
    std::vector<std::vector<int>> cost(static_cast<std::size_t>(maxLegs) + 1,
                                       std::vector<int>(n, kUnreached));
    std::vector<std::vector<std::size_t>> previous(cost.size(), std::vector<std::size_t>(n, 0));
    cost[0][0] = 0;
    for (int k = 1; k <= maxLegs; ++k) {
        for (std::size_t j = 1; j < n; ++j)
            for (std::size_t i = 0; i < j; ++i) {
                const BestLeg& leg = best[i * n + j];
                if (leg.seat == kNone || cost[k - 1][i] == kUnreached) continue;
                if (cost[k - 1][i] + leg.cost < cost[k][j]) {
                    cost[k][j] = cost[k - 1][i] + leg.cost;
                    previous[k][j] = i;
                }
            }
        if (cost[k][n - 1] == kUnreached) continue;
        Chain chain(static_cast<std::size_t>(k));
        for (std::size_t j = n - 1, legs = static_cast<std::size_t>(k); legs > 0; --legs) {
            const std::size_t i = previous[legs][j];
            chain[legs - 1] = Leg{best[i * n + j].seat, static_cast<std::uint8_t>(points[i]),
                                  static_cast<std::uint8_t>(points[j])};
            j = i;
        }
        return {chain};
    }
    return {};
}

// A group, by counting rather than searching seats. Between two consecutive
// stops where some seat's free stretch starts or ends ("points"), every seat
// is free throughout or held throughout, so a seated passenger is described
// by where their seat's free stretch ends (its reach) and the changes they
// have left; which seat it is does not matter, because the seats free at a
// point with a given reach are those the seated passengers of that reach
// hold plus those anyone may take. A state is the multiset of (reach,
// changes left) over the group, and the search walks the points in order:
// at each, the passengers whose seat ends must change, others may, and those
// who change take the furthest-reaching seats left, the longest going to
// whoever has the fewest changes left. A seat that reaches further, or a
// change more in hand, is never worse, so states that another state beats on
// every passenger are dropped. The last point keeps the states whose group
// arrived; the one with the most changes left wins, and its legs are given
// seats by replaying them in order.
class GroupCount {
  public:
    GroupCount(const Run& run, int travelClass, int from, int to, int changes)
        : run_(run), cls_(run.classes[travelClass]), changes_(changes) {
        points_ = changePoints(cls_, from, to);
        const std::size_t p = points_.size();
        // reaching_[i * p + j]: seats free at points[i] whose stretch ends at points[j].
        reaching_.assign(p * p, 0);
        std::vector<std::uint64_t> bits(cls_.words);
        for (std::size_t i = 0; i + 1 < p; ++i) {
            for (std::uint32_t w = 0; w < cls_.words; ++w)
                bits[w] = cls_.freeBits[points_[i] * cls_.words + w];
            int before = popcount(bits);
            for (std::size_t j = i + 1; j < p && before > 0; ++j) {
                if (j + 1 == p) {
                    reaching_[i * p + j] = before;
                    break;
                }
                for (std::uint32_t w = 0; w < cls_.words; ++w)
                    bits[w] &= cls_.freeBits[points_[j] * cls_.words + w];
                const int after = popcount(bits);
                reaching_[i * p + j] = before - after;
                before = after;
            }
        }
    }

    std::vector<Chain> run(int n) {
        const std::size_t p = points_.size();
        // The group starts on the furthest-reaching seats free at its first stop.
        State start;
        for (std::size_t j = p - 1; j > 0 && static_cast<int>(start.size()) < n; --j)
            for (int k = 0; k < reaching_[j] && static_cast<int>(start.size()) < n; ++k)
                start.push_back(Passenger{static_cast<int>(j),
                                          changes_,
                                          {{0, static_cast<int>(j), static_cast<int>(j)}}});
        if (static_cast<int>(start.size()) < n) return {};
        std::vector<State> states{start};
        for (std::size_t i = 1; i + 1 < p && !states.empty(); ++i)
            states = step(states, static_cast<int>(i));
        const State* best = nullptr;
        int bestLeft = -1;
        for (const State& state : states) {
            int left = 0;
            for (const Passenger& q : state)
                left += q.changes;
            if (left > bestLeft) {
                bestLeft = left;
                best = &state;
            }
        }
        return best ? seatsFor(*best) : std::vector<Chain>{};
    }

  private:
    struct Passenger {
        int reach;    // index into points_
        int changes;  // changes left
        // Each leg as indices into points_: where it starts and ends, and
        // where its seat's free stretch ends (later than its end when the
        // passenger moved on by choice).
        struct Span {
            int start, end, reach;
        };
        std::vector<Span> legs;
    };
    using State = std::vector<Passenger>;

    static int popcount(const std::vector<std::uint64_t>& bits) {
        int n = 0;
        for (std::uint64_t b : bits)
            n += std::popcount(b);
        return n;
    }

    static std::vector<std::pair<int, int>> keyOf(const State& state) {
        std::vector<std::pair<int, int>> key;
        for (const Passenger& q : state)
            key.emplace_back(q.reach, q.changes);
        std::sort(key.rbegin(), key.rend());
        return key;
    }

    // The states after point i: every way of changing there that is not beaten.
    std::vector<State> step(const std::vector<State>& states, int i) {
        const std::size_t p = points_.size();
        std::vector<std::pair<std::vector<std::pair<int, int>>, State>> next;
        for (const State& state : states) {
            std::vector<std::size_t> must, may;
            bool stuck = false;
            for (std::size_t k = 0; k < state.size(); ++k) {
                if (state[k].reach == i) {
                    stuck = stuck || state[k].changes == 0;
                    must.push_back(k);
                } else if (state[k].changes > 0) {
                    may.push_back(k);
                }
            }
            if (stuck) continue;
            for (unsigned subset = 0; subset < (1u << may.size()); ++subset) {
                std::vector<std::size_t> moving = must;
                for (std::size_t m = 0; m < may.size(); ++m)
                    if (subset >> m & 1) moving.push_back(may[m]);
                // Seats free here by reach, less those the seated keep.
                std::vector<int> left(p, 0);
                for (std::size_t j = static_cast<std::size_t>(i) + 1; j < p; ++j)
                    left[j] = reaching_[static_cast<std::size_t>(i) * p + j];
                for (std::size_t k = 0; k < state.size(); ++k)
                    if (std::find(moving.begin(), moving.end(), k) == moving.end())
                        --left[static_cast<std::size_t>(state[k].reach)];
                std::vector<int> reaches;
                for (std::size_t j = p - 1;
                     j > static_cast<std::size_t>(i) && reaches.size() < moving.size(); --j)
                    for (int c = 0; c < left[j] && reaches.size() < moving.size(); ++c)
                        reaches.push_back(static_cast<int>(j));
                if (reaches.size() < moving.size()) continue;
                // The furthest seats to the fewest changes left.
                std::stable_sort(moving.begin(), moving.end(), [&](std::size_t a, std::size_t b) {
                    return state[a].changes < state[b].changes;
                });
                // A change by choice may take a shorter seat to leave a longer
                // one to someone who must change; one that helps nobody gives a
                // state that the one without it beats, and is dropped below.
                State after = state;
                for (std::size_t m = 0; m < moving.size(); ++m) {
                    Passenger& q = after[moving[m]];
                    q.legs.back().end = i;
                    q.legs.push_back({i, reaches[m], reaches[m]});
                    q.reach = reaches[m];
                    --q.changes;
                }
                auto key = keyOf(after);
                if (std::none_of(next.begin(), next.end(),
                                 [&](const auto& known) { return known.first == key; }))
                    next.emplace_back(std::move(key), std::move(after));
            }
        }
        // Drop the states another one beats on every passenger.
        std::vector<State> kept;
        for (std::size_t a = 0; a < next.size(); ++a) {
            bool beaten = false;
            for (std::size_t b = 0; b < next.size() && !beaten; ++b) {
                if (a == b || next[a].first == next[b].first) continue;
                bool all = true;
                for (std::size_t k = 0; k < next[a].first.size() && all; ++k)
                    all = next[b].first[k].first >= next[a].first[k].first &&
                          next[b].first[k].second >= next[a].first[k].second;
                beaten = all;
            }
            if (!beaten) kept.push_back(std::move(next[a].second));
        }
        return kept;
    }

    // Seats for the legs, point by point: each leg takes, in seat order, a
    // seat free from its start to its end and no further (the count says one
    // is there), not held by a leg given before.
    std::vector<Chain> seatsFor(const State& state) {
        const auto& order = cls_.seats;
        std::vector<SegmentMask> held(order.size());
        for (std::size_t pos = 0; pos < order.size(); ++pos)
            held[pos] = run_.seats[order[pos]].mask;
        std::vector<Chain> chains(state.size());
        const int to = points_.back();
        for (std::size_t i = 0; i + 1 < points_.size(); ++i) {
            for (std::size_t k = 0; k < state.size(); ++k) {
                for (const auto& leg : state[k].legs) {
                    if (leg.start != static_cast<int>(i)) continue;
                    const int legFrom = points_[static_cast<std::size_t>(leg.start)];
                    const int legTo = points_[static_cast<std::size_t>(leg.end)];
                    const int reach = points_[static_cast<std::size_t>(leg.reach)];
                    const SegmentMask need = segmentMask(legFrom, legTo);
                    for (std::size_t pos = 0; pos < order.size(); ++pos) {
                        const SegmentMask original = run_.seats[order[pos]].mask;
                        if ((held[pos] & need) != 0) continue;
                        // Free from the leg's start exactly up to its reach.
                        if ((original & segmentMask(legFrom, reach)) != 0) continue;
                        if (reach < to && !((original >> reach) & 1)) continue;
                        held[pos] |= need;
                        chains[k].push_back(Leg{order[pos], static_cast<std::uint8_t>(legFrom),
                                                static_cast<std::uint8_t>(legTo)});
                        break;
                    }
                }
            }
        }
        for (const Chain& chain : chains)
            if (chain.empty() || chain.back().to != to) return {};  // cannot happen
        return chains;
    }

    const Run& run_;
    const ClassInfo& cls_;
    int changes_;
    std::vector<int> points_;
    std::vector<int> reaching_;
};

}  // namespace

HOUBU_POPCNT_CLONES ScarceSegment scarcestSegment(const Run& run, int travelClass, int from, int to,
                                                  int n) {
    const ClassInfo& cls = run.classes[travelClass];
    for (int g = from; g < to; ++g) {
        int free = 0;
        // Counting stops at n: a group is at most 9, a class a thousand seats.
        for (std::uint32_t w = 0; w < cls.words && free < n; ++w)
            free += std::popcount(cls.freeBits[g * cls.words + w]);
        if (free < n) return ScarceSegment{g, free};
    }
    return ScarceSegment{};
}

bool chainsExist(const Run& run, int travelClass, int from, int to, int n, int changes) {
    if (n <= 0 || changes < 0) return false;
    if (scarcestSegment(run, travelClass, from, to, n).segment >= 0) return false;
    if (n > 1) return !GroupCount(run, travelClass, from, to, changes).run(n).empty();
    // From each change point, as far as any free seat reaches: the fewest legs.
    const ClassInfo& cls = run.classes[travelClass];
    std::vector<std::uint64_t> reaching(cls.words);
    int legs = 0;
    for (int at = from; at < to; ++legs) {
        if (legs > changes) return false;
        for (std::uint32_t w = 0; w < cls.words; ++w)
            reaching[w] = cls.freeBits[at * cls.words + w];
        int reach = at + 1;
        for (; reach < to; ++reach) {
            bool more = false;
            for (std::uint32_t w = 0; w < cls.words; ++w) {
                reaching[w] &= cls.freeBits[reach * cls.words + w];
                more = more || reaching[w];
            }
            if (!more) break;
        }
        at = reach;
    }
    return legs <= changes + 1;
}

std::vector<Chain> chooseChains(const Run& run, int travelClass, int from, int to, int n,
                                int changes, SeatChoice choice) {
    if (n <= 0 || changes < 0) return {};
    // With any number of changes a group needs n free seats on every segment;
    // most refusals stop here, at the cost of a count.
    if (scarcestSegment(run, travelClass, from, to, n).segment >= 0) return {};
    if (n == 1) return chainAlone(run, travelClass, from, to, changes, choice);
    std::vector<Chain> chains = GroupCount(run, travelClass, from, to, changes).run(n);
    // Whole seats before chains, each in seat order of its first leg.
    std::stable_sort(chains.begin(), chains.end(), [&run](const Chain& a, const Chain& b) {
        if (a.size() != b.size()) return a.size() < b.size();
        return seatBefore(run, a.front().seat, b.front().seat);
    });
    return chains;
}

}  // namespace houbu
