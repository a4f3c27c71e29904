#include "seat_chains.h"

#include <algorithm>
#include <bit>
#include <set>

#include "seat_choice.h"

namespace houbu {
namespace {

// The seat-choice cost of a leg [from, to) on a seat held as `held`: lower is better.
int legCost(SeatChoice choice, SegmentMask held, int from, int to, int segments) {
    switch (choice) {
        case SeatChoice::BestFit:
            return wasteAround(held, from, to, segments);
        case SeatChoice::FirstFit:
            return 0;
        case SeatChoice::WorstFit:
            return -wasteAround(held, from, to, segments);
    }
    return 0;
}

// A passenger alone: from each change point, the seats that stay free the
// furthest, one chosen by the seat choice. Reaching as far as possible at
// every leg gives the fewest legs (interval covering).
std::vector<Chain> chainAlone(const Run& run, int travelClass, int from, int to, int changes,
                              SeatChoice choice) {
    const ClassInfo& cls = run.classes[travelClass];
    const auto& order = cls.seats;
    std::vector<std::uint64_t> reaching(cls.words), next(cls.words);
    Chain chain;
    for (int at = from; at < to;) {
        if (static_cast<int>(chain.size()) > changes) return {};
        bool any = false;
        for (std::uint32_t w = 0; w < cls.words; ++w) {
            reaching[w] = cls.freeBits[at * cls.words + w];
            any = any || reaching[w];
        }
        if (!any) return {};
        int reach = at + 1;
        for (; reach < to; ++reach) {
            bool more = false;
            for (std::uint32_t w = 0; w < cls.words; ++w) {
                next[w] = reaching[w] & cls.freeBits[reach * cls.words + w];
                more = more || next[w];
            }
            if (!more) break;
            reaching.swap(next);
        }
        std::uint32_t best = kNone;
        int bestCost = 0;
        for (std::uint32_t w = 0; w < cls.words; ++w) {
            for (std::uint64_t bits = reaching[w]; bits; bits &= bits - 1) {
                const std::uint32_t pos =
                    w * 64 + static_cast<std::uint32_t>(std::countr_zero(bits));
                const int cost =
                    legCost(choice, run.seats[order[pos]].mask, at, reach, run.segments());
                if (best == kNone || cost < bestCost) {
                    best = pos;
                    bestCost = cost;
                }
            }
        }
        chain.push_back(
            Leg{order[best], static_cast<std::uint8_t>(at), static_cast<std::uint8_t>(reach)});
        at = reach;
    }
    return {chain};
}

// A group: an exhaustive search over the seats' free stretches, by total
// changes allowed (so the first assignment found has the fewest), with the
// states already known to fail remembered. Seats with the same free segments
// are interchangeable, so one of them stands for all and a state is the
// multiset of free masks.
class GroupSearch {
  public:
    GroupSearch(const Run& run, int travelClass, int from, int to, int changes, SeatChoice choice)
        : run_(run),
          from_(from),
          to_(to),
          changes_(changes),
          choice_(choice),
          range_(segmentMask(from, to)) {
        const ClassInfo& cls = run.classes[travelClass];
        for (std::uint32_t pos = 0; pos < cls.seats.size(); ++pos) {
            const Seat& seat = run.seats[cls.seats[pos]];
            if ((~seat.mask & range_) == 0) continue;
            seats_.push_back(SeatState{cls.seats[pos], seat.mask});
        }
        // Change points worth trying: where some seat's free stretch starts or
        // ends inside the interval.
        for (const SeatState& s : seats_) {
            const SegmentMask freeMask = ~s.held & range_;
            cuts_ |= (freeMask ^ (freeMask << 1)) & segmentMask(from + 1, to);
        }
        for (int g = from; g < to; ++g)
            for (const SeatState& s : seats_)
                freeOn_[g] += !((s.held >> g) & 1);
    }

    std::vector<Chain> run(int n) {
        int whole = 0;
        for (const SeatState& s : seats_)
            whole += (s.held & range_) == 0;
        for (int budget = std::max(0, n - whole); budget <= n * changes_; ++budget) {
            failed_.clear();
            chains_.clear();
            if (place(n, budget)) return chains_;
        }
        return {};
    }

  private:
    struct SeatState {
        std::uint32_t seat;
        SegmentMask held;  // the seat's held segments, the legs taken here included
    };

    SegmentMask freeOf(const SeatState& s) const { return ~s.held & range_; }

    // The end of the free stretch of `freeMask` that starts at `at`.
    int reachFrom(SegmentMask freeMask, int at) const {
        const SegmentMask held = ~freeMask >> at;
        return std::min(to_, at + std::countr_zero(held));
    }

    std::vector<SegmentMask> key(int n, int budget) const {
        std::vector<SegmentMask> k;
        k.reserve(seats_.size() + 1);
        for (const SeatState& s : seats_)
            if (freeOf(s)) k.push_back(freeOf(s));
        std::sort(k.begin(), k.end());
        k.push_back(static_cast<SegmentMask>(n) << 32 | static_cast<SegmentMask>(budget));
        return k;
    }

    void take(std::size_t i, int from, int to, int sign) {
        const SegmentMask m = segmentMask(from, to);
        if (sign > 0)
            seats_[i].held |= m;
        else
            seats_[i].held &= ~m;
        for (int g = from; g < to; ++g)
            freeOn_[g] -= sign;
    }

    // Places `n` more passengers within `budget` more changes.
    bool place(int n, int budget) {
        if (n == 0) return true;
        int whole = 0;
        for (int g = from_; g < to_; ++g)
            if (freeOn_[g] < n) return false;
        for (const SeatState& s : seats_)
            whole += freeOf(s) == range_;
        if (budget < n - whole) return false;
        auto k = key(n, budget);
        if (failed_.count(k)) return false;
        Chain chain;
        if (extend(from_, std::min(changes_, budget), chain, n, budget)) return true;
        failed_.insert(std::move(k));
        return false;
    }

    // Extends one passenger's chain from `at` with at most `changesLeft` more
    // changes, then places the rest of the group.
    bool extend(int at, int changesLeft, Chain& chain, int n, int budget) {
        // Candidate legs from `at`: (cost, seat index, end), one seat per free mask.
        struct Option {
            int cost;
            std::size_t seat;
            int end;
        };
        std::vector<Option> options;
        std::vector<SegmentMask> tried;
        for (std::size_t i = 0; i < seats_.size(); ++i) {
            const SegmentMask freeMask = freeOf(seats_[i]);
            if (!((freeMask >> at) & 1)) continue;
            if (std::find(tried.begin(), tried.end(), freeMask) != tried.end()) continue;
            tried.push_back(freeMask);
            const int reach = reachFrom(freeMask, at);
            const int segments = run_.segments();
            if (reach == to_)
                options.push_back(
                    Option{legCost(choice_, seats_[i].held, at, to_, segments), i, to_});
            if (changesLeft == 0) continue;
            for (int end = at + 1; end <= reach && end < to_; ++end)
                if ((cuts_ >> end) & 1)
                    options.push_back(
                        Option{legCost(choice_, seats_[i].held, at, end, segments), i, end});
        }
        // The last leg first (fewer changes), then by seat choice, then seat order.
        std::stable_sort(options.begin(), options.end(), [&](const Option& a, const Option& b) {
            if ((a.end == to_) != (b.end == to_)) return a.end == to_;
            return a.cost < b.cost;
        });
        for (const Option& o : options) {
            take(o.seat, at, o.end, +1);
            chain.push_back(Leg{seats_[o.seat].seat, static_cast<std::uint8_t>(at),
                                static_cast<std::uint8_t>(o.end)});
            const bool done = o.end == to_;
            const int used = static_cast<int>(chain.size()) - 1;
            if (done ? place(n - 1, budget - used)
                     : extend(o.end, changesLeft - 1, chain, n, budget)) {
                if (done) chains_.push_back(chain);
                return true;
            }
            chain.pop_back();
            take(o.seat, at, o.end, -1);
        }
        return false;
    }

    const Run& run_;
    int from_, to_, changes_;
    SeatChoice choice_;
    SegmentMask range_;
    SegmentMask cuts_ = 0;
    std::vector<SeatState> seats_;
    int freeOn_[kMaxStops] = {};
    std::set<std::vector<SegmentMask>> failed_;
    std::vector<Chain> chains_;
};

}  // namespace

ScarceSegment scarcestSegment(const Run& run, int travelClass, int from, int to, int n) {
    const ClassInfo& cls = run.classes[travelClass];
    for (int g = from; g < to; ++g) {
        int free = 0;
        for (std::uint32_t w = 0; w < cls.words; ++w)
            free += std::popcount(cls.freeBits[g * cls.words + w]);
        if (free < n) return ScarceSegment{g, free};
    }
    return ScarceSegment{};
}

std::vector<Chain> chooseChains(const Run& run, int travelClass, int from, int to, int n,
                                int changes, SeatChoice choice) {
    if (n <= 0 || changes < 0) return {};
    // With any number of changes a group needs n free seats on every segment;
    // most refusals stop here, at the cost of a count.
    if (scarcestSegment(run, travelClass, from, to, n).segment >= 0) return {};
    if (n == 1) return chainAlone(run, travelClass, from, to, changes, choice);
    std::vector<Chain> chains = GroupSearch(run, travelClass, from, to, changes, choice).run(n);
    // Whole seats before chains, each in seat order of its first leg.
    std::stable_sort(chains.begin(), chains.end(), [&run](const Chain& a, const Chain& b) {
        if (a.size() != b.size()) return a.size() < b.size();
        return seatBefore(run, a.front().seat, b.front().seat);
    });
    return chains;
}

}  // namespace houbu
