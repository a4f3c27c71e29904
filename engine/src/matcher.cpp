#include "matcher.h"

#include <algorithm>
#include <bit>

#include "seat_chains.h"
#include "seat_choice.h"

namespace houbu {
namespace {

std::string seatsFree(int k) {
    return std::to_string(k) + (k == 1 ? " seat free" : " seats free");
}

std::string groupOf(int n) {
    return n == 1 ? "1 passenger" : "group of " + std::to_string(n);
}

std::string changesText(int n) {
    return n == 1 ? "one change" : n == 2 ? "two changes" : std::to_string(n) + " changes";
}

// The segments of the run on which some seat of the class is free.
SegmentMask segmentsWithFreeSeat(const ClassInfo& cls, int segments) {
    SegmentMask mask = 0;
    for (int g = 0; g < segments; ++g)
        for (std::uint32_t w = 0; w < cls.words; ++w)
            if (cls.freeBits[static_cast<std::size_t>(g) * cls.words + w]) {
                mask |= SegmentMask{1} << g;
                break;
            }
    return mask;
}

}  // namespace

void Matcher::begin() {
    EngineState& s = c_.s;
    phases_.clear();
    pending_.clear();
    reported_.clear();
    unchained_.clear();
    phase_ = 0;

    // Freed seat intervals, grouped by run so that each run's policy applies.
    std::vector<Freed> freed;
    freed.swap(c_.freed);
    if (freed.size() > 1)
        std::stable_sort(freed.begin(), freed.end(),
                         [](const Freed& a, const Freed& b) { return a.run < b.run; });
    for (std::size_t i = 0; i < freed.size();) {
        const std::uint32_t runIndex = freed[i].run;
        const Run& run = s.runs[runIndex];
        std::size_t end = i;
        while (end < freed.size() && freed[end].run == runIndex)
            ++end;
        if (run.policy == Policy::Complete) {
            Phase p;
            p.useBound = true;
            p.completeOnly = true;
            p.freed.assign(freed.begin() + static_cast<long>(i),
                           freed.begin() + static_cast<long>(end));
            p.info.run = runIndex;
            for (const Freed& f : p.freed) {
                const Seat& seat = run.seats[f.seat];
                const ClassInfo& cls = run.classes[seat.travelClass];
                // The free run of the seat around the freed interval.
                const SegmentMask below = seat.mask & ((SegmentMask{1} << f.from) - 1);
                const int lo = below ? 64 - std::countl_zero(below) : 0;
                const SegmentMask above = (seat.mask | (SegmentMask{1} << run.segments())) >> f.to;
                const int hi = f.to + std::countr_zero(above);
                if (describe_) p.info.spans.push_back(FreedSpan{f.seat, f.from, f.to, lo, hi});
                // Orders that accept seat changes can use the freed interval as
                // one leg: their queues over it (同车换座). This pass only takes
                // seats, so a queue over a segment with no free seat can be
                // served neither whole nor chained: the candidates lie inside
                // the stretch of segments with a free seat around the freed
                // interval. A trace reports every queue looked at, so it
                // looks at all of them.
                if (cls.changingOrders > 0) {
                    const SegmentMask someFree =
                        s.tracing() ? ~SegmentMask{0} : segmentsWithFreeSeat(cls, run.segments());
                    int first = f.from, last = f.to;
                    while (first > 0 && ((someFree >> (first - 1)) & 1))
                        --first;
                    while (last < run.segments() && ((someFree >> last) & 1))
                        ++last;
                    for (int from = first; from < f.to; ++from)
                        for (int to = std::max(from, static_cast<int>(f.from)) + 1; to <= last;
                             ++to) {
                            const std::uint32_t q = cls.queueAt.at(from, to);
                            if (q != kNone && s.queues[q].acceptingChanges > 0)
                                p.queues.push_back(q);
                        }
                }
                for (int from = lo; from < f.to; ++from) {
                    for (int to = std::max(from, static_cast<int>(f.from)) + 1; to <= hi; ++to) {
                        const std::uint32_t q = cls.queueAt.at(from, to);
                        if (q != kNone && s.queues[q].live() > 0) p.queues.push_back(q);
                    }
                }
            }
            std::sort(p.queues.begin(), p.queues.end());
            p.queues.erase(std::unique(p.queues.begin(), p.queues.end()), p.queues.end());
            if (!p.queues.empty()) phases_.push_back(std::move(p));
        } else {
            for (std::size_t k = i; k < end; ++k) {
                const Freed& f = freed[k];
                const ClassInfo& cls = run.classes[run.seats[f.seat].travelClass];
                const std::uint32_t q = cls.queueAt.at(f.from, f.to);
                if (q == kNone || s.queues[q].live() == 0) continue;
                Phase p;
                p.queues.push_back(q);
                p.forcedOption = true;
                p.info.run = runIndex;
                if (describe_)
                    p.info.spans.push_back(FreedSpan{f.seat, f.from, f.to, f.from, f.to});
                phases_.push_back(std::move(p));
            }
        }
        i = end;
    }

    // Standing places freed (无座): the queues of the class over those
    // segments whose orders accept standing.
    std::vector<Freed> standing;
    standing.swap(c_.freedStanding);
    for (const Freed& f : standing) {
        const Run& run = s.runs[f.run];
        const ClassInfo& cls = run.classes[f.seat];
        Phase p;
        p.info.run = f.run;
        p.info.travelClass = static_cast<int>(f.seat);
        if (run.policy == Policy::Exact) {
            const std::uint32_t q = cls.queueAt.at(f.from, f.to);
            if (q == kNone || s.queues[q].acceptingStanding == 0) continue;
            p.queues.push_back(q);
            p.forcedOption = true;
        } else {
            p.completeOnly = true;
            const SegmentMask freedMask = segmentMask(f.from, f.to);
            cls.queueAt.forEach([&](int from, int to, std::uint32_t q) {
                if (s.queues[q].acceptingStanding > 0 && (segmentMask(from, to) & freedMask))
                    p.queues.push_back(q);
            });
            std::sort(p.queues.begin(), p.queues.end());
        }
        if (!p.queues.empty()) phases_.push_back(std::move(p));
    }

    // Added cars, and the classes of an added run: one phase per run over the
    // queues of all its new classes, so that queue order holds across them (an
    // order is served on its first servable option, whichever class that is).
    for (std::size_t i = 0; i < c_.addedCars.size();) {
        const std::uint32_t runIndex = c_.addedCars[i].first;
        const Run& run = s.runs[runIndex];
        Phase p;
        p.forcedOption = run.policy == Policy::Exact;
        p.completeOnly = run.policy == Policy::Complete;
        p.info.cause = Cause::AddedCar;
        p.info.run = runIndex;
        p.info.travelClass = c_.addedCars[i].second;
        for (; i < c_.addedCars.size() && c_.addedCars[i].first == runIndex; ++i)
            run.classes[c_.addedCars[i].second].queueAt.forEach([&](int, int, std::uint32_t q) {
                if (s.queues[q].live() > 0) p.queues.push_back(q);
            });
        std::sort(p.queues.begin(), p.queues.end());
        p.queues.erase(std::unique(p.queues.begin(), p.queues.end()), p.queues.end());
        if (!p.queues.empty()) phases_.push_back(std::move(p));
    }
    c_.addedCars.clear();

    if (c_.newOrder != kNone) {
        Phase p;
        p.onlyOrder = c_.newOrder;
        p.info.cause = Cause::NewOrder;
        p.info.onlyOrder = c_.newOrder;
        phases_.push_back(std::move(p));
        c_.newOrder = kNone;
    }
}

std::uint32_t Matcher::earliestLive(Queue& q, int maxSize) {
    const auto& orders = c_.s.orders;
    const bool every = maxSize >= kMaxGroup;
    if (every && q.front != kNone) return q.front;
    std::uint32_t best = kNone;
    for (int lane = 0; lane < std::min(maxSize, kMaxGroup); ++lane) {
        if (q.liveBySize[lane] == 0) continue;
        auto& l = q.lanes[lane];
        while (l.head < l.orders.size() && orders[l.orders[l.head]].status != OrderStatus::Queued) {
            ++l.head;
            --q.dead;
        }
        const std::uint32_t front = l.orders[l.head];
        if (best == kNone || queuedBefore(orders[front], orders[best])) best = front;
    }
    if (every) q.front = best;
    return best;
}

void Matcher::prefetchFronts(const std::vector<std::uint32_t>& queues, std::size_t i) const {
    // A queue's earliest order and its key wait on reads in turn: the queue,
    // then its remembered front's order, or else its lanes' heads and the
    // orders there. Each is asked for some queues ahead, so that the waits
    // of several queues overlap.
    constexpr std::size_t kQueueAhead = 12, kHeadsAhead = 6, kOrdersAhead = 3;
    const auto& all = std::as_const(c_.s.queues);
    const auto& orders = std::as_const(c_.s.orders);
    if (i + kQueueAhead < queues.size()) {
        const Queue& q = all[queues[i + kQueueAhead]];
        __builtin_prefetch(&q);
        __builtin_prefetch(&q.liveBySize);
    }
    if (i + kHeadsAhead < queues.size()) {
        const Queue& q = all[queues[i + kHeadsAhead]];
        if (q.front != kNone)
            __builtin_prefetch(&orders[q.front]);
        else
            for (int lane = 0; lane < kMaxGroup; ++lane)
                if (q.liveBySize[lane] > 0)
                    __builtin_prefetch(q.lanes[lane].orders.data() + q.lanes[lane].head);
    }
    if (i + kOrdersAhead < queues.size()) {
        const Queue& q = all[queues[i + kOrdersAhead]];
        if (q.front == kNone)
            for (int lane = 0; lane < kMaxGroup; ++lane)
                if (q.liveBySize[lane] > 0)
                    __builtin_prefetch(&orders[q.lanes[lane].orders[q.lanes[lane].head]]);
    }
}

std::uint32_t Matcher::earliestAccepting(Queue& q, int minSize, int maxSize) {
    const auto& orders = c_.s.orders;
    std::uint32_t best = kNone;
    for (int lane = std::max(minSize, 1) - 1; lane < std::min(maxSize, kMaxGroup); ++lane) {
        if (q.liveBySize[lane] == 0) continue;
        const auto& l = q.lanes[lane];
        for (std::size_t i = l.head; i < l.orders.size(); ++i) {
            const Order& o = orders[l.orders[i]];
            if (o.status != OrderStatus::Queued || !(o.flags & kAcceptsStanding)) continue;
            if (best == kNone || queuedBefore(o, orders[best])) best = l.orders[i];
            break;
        }
    }
    return best;
}

std::uint32_t Matcher::earliestChained(std::uint32_t queue, int minSize) {
    const auto& orders = c_.s.orders;
    const Queue& q = std::as_const(c_.s.queues)[queue];
    const Run& run = c_.s.runs[q.run];
    // Whether `size` passengers can be chained with `changes`, asked once each.
    std::array<std::array<int, 3>, kMaxGroup + 1> known{};
    auto chained = [&](int size, int changes) {
        int& k = known[size][changes];
        if (k != 0) return k > 0;
        const std::uint64_t key = static_cast<std::uint64_t>(queue) << 8 |
                                  static_cast<std::uint64_t>(size) << 2 |
                                  static_cast<std::uint64_t>(changes);
        if (unchained_.count(key)) {
            k = -1;
            return false;
        }
        k = chainsExist(run, q.travelClass, q.from, q.to, size, changes) ? 1 : -1;
        if (k < 0) unchained_.insert(key);
        return k > 0;
    };
    std::uint32_t best = kNone;
    for (int lane = std::max(minSize, 1) - 1; lane < kMaxGroup; ++lane) {
        if (q.liveBySize[lane] == 0) continue;
        // A group that two changes cannot seat, nor can any larger one.
        if (!chained(lane + 1, 2)) break;
        const bool oneDoes = chained(lane + 1, 1);
        const auto& l = q.lanes[lane];
        for (std::size_t i = l.head; i < l.orders.size(); ++i) {
            const Order& o = orders[l.orders[i]];
            const int changes = seatChangesOf(o);
            if (o.status != OrderStatus::Queued || changes == 0 || (changes == 1 && !oneDoes))
                continue;
            if (best == kNone || queuedBefore(o, orders[best])) best = l.orders[i];
            break;
        }
    }
    return best;
}

int Matcher::shown(int freeSeats) const {
    return c_.s.options.rules >= 2 ? freeSeats : std::min(freeSeats, 5);
}

std::optional<Matcher::Pick> Matcher::earliestServable(const Phase& phase, std::uint32_t queue,
                                                       int* exactFree) {
    EngineState& s = c_.s;
    Queue& q = s.queues[queue];
    const Run& run = s.runs[q.run];
    if (departed(q.run, q.from)) return std::nullopt;
    int smallest = 0;
    while (smallest < kMaxGroup && q.liveBySize[smallest] == 0)
        ++smallest;
    if (smallest == kMaxGroup) return std::nullopt;
    const int smallestSize = smallest + 1;

    // The bound counts whole seats only: a queue whose orders accept seat
    // changes is looked at in full.
    if (phase.useBound && exactFree == nullptr && q.acceptingChanges == 0) {
        // Before this pass no order in the queue was servable, so fewer than
        // smallestSize seats were free; only freed seats can have joined them.
        const SegmentMask want = segmentMask(q.from, q.to);
        int gained = 0;
        std::uint32_t seen[8];
        int seenCount = 0;
        for (const Freed& f : phase.freed) {
            const Seat& seat = run.seats[f.seat];
            if (seat.travelClass != q.travelClass || (seat.mask & want)) continue;
            if (std::find(seen, seen + seenCount, f.seat) != seen + seenCount) continue;
            if (seenCount < 8) seen[seenCount++] = f.seat;
            ++gained;
        }
        const int bound = std::min(kMaxGroup, smallestSize - 1 + gained);
        if (bound < smallestSize) return std::nullopt;
        const std::uint32_t e = earliestLive(q, bound);
        if (s.orders[e].groupSize() == 1) return Pick{e, queue, 1};
    }
    const int k = countFree(run, q.travelClass, q.from, q.to, kMaxGroup);
    if (exactFree) *exactFree = k;
    std::uint32_t best = k >= smallestSize ? earliestLive(q, k) : kNone;
    // Standing serves an accepting order that no seat count reaches. A seat
    // release frees no standing place, so its bounded phases need not look.
    if (q.acceptingStanding > 0 && !phase.useBound) {
        const int standing = run.classes[q.travelClass].standingFree(q.from, q.to);
        if (standing > k) {
            const std::uint32_t e = earliestAccepting(q, k + 1, standing);
            if (e != kNone && (best == kNone || queuedBefore(s.orders[e], s.orders[best])))
                best = e;
        }
    }
    // Chains serve an order that accepts seat changes and that no whole seats reach.
    if (q.acceptingChanges > 0) {
        const std::uint32_t e = earliestChained(queue, k + 1);
        if (e != kNone && (best == kNone || queuedBefore(s.orders[e], s.orders[best]))) best = e;
    }
    if (best == kNone) return std::nullopt;
    return Pick{best, queue, k};
}

bool Matcher::servableOn(const Order& order, const OrderOption& opt, Decision& d) const {
    const Run& run = c_.s.runs[opt.run];
    const int changes = seatChangesOf(order);
    d.seats = chooseSeats(run, opt.travelClass, opt.from, opt.to, order.groupSize(), std::string(),
                          c_.s.options.seatChoice, changes);
    d.standing = false;
    d.chains.clear();
    if (!d.seats.empty()) return true;
    // Whole seats first on the same option, then seats with changes (同车换座),
    // then standing for an order that accepts it.
    if (changes > 0) {
        d.chains = chooseChains(run, opt.travelClass, opt.from, opt.to, order.groupSize(), changes,
                                c_.s.options.seatChoice);
        if (!d.chains.empty()) {
            for (const Chain& chain : d.chains)
                d.seats.push_back(chain.front().seat);
            return true;
        }
    }
    if ((order.flags & kAcceptsStanding) &&
        run.classes[opt.travelClass].standingFree(opt.from, opt.to) >= order.groupSize())
        d.standing = true;
    return d.standing;
}

std::optional<Decision> Matcher::chooseOption(std::uint32_t orderIndex, int forced,
                                              bool completeOnly) {
    const EngineState& s = c_.s;
    const Order& order = s.orders[orderIndex];
    Decision d;
    d.order = orderIndex;
    std::optional<PassengerConflict> first;
    for (std::size_t i = 0; i < order.options().size(); ++i) {
        if (forced >= 0 && static_cast<int>(i) != forced) continue;
        const OrderOption& opt = order.options()[i];
        if (departed(opt.run, opt.from)) continue;
        // A release on a complete run does not reach into an exact run, whose
        // free seats serve only releases of their exact interval (rule 5).
        if (completeOnly && s.runs[opt.run].policy == Policy::Exact) continue;
        if (!servableOn(order, opt, d)) continue;
        if (s.options.rules >= 2) {
            // 兑现失败: a passenger who travels at an overlapping time meanwhile.
            PassengerConflict conflict = conflictOf(s, order, opt);
            if (conflict.ticket != kNone) {
                if (!first || conflict.passengerIndex < first->passengerIndex)
                    first = std::move(conflict);
                continue;
            }
        }
        d.kind = Decision::Kind::Serve;
        d.option = static_cast<int>(i);
        return d;
    }
    d.seats.clear();
    d.chains.clear();
    d.standing = false;
    if (!first) return std::nullopt;
    d.kind = Decision::Kind::Fail;
    d.passenger = first->passenger;
    if (s.tracing()) {
        const Ticket& t = s.tickets[first->ticket];
        const Run& r = s.runs[t.run];
        d.reason = "failed: " + first->passenger + " travels on " + r.train + " " + r.date + " " +
                   c_.interval(r, t.from, t.to) + " (ticket " + ticketId(s, first->ticket) +
                   ") at an overlapping time on every option with seats";
    }
    return d;
}

bool Matcher::departed(std::uint32_t run, int from) const {
    const Time leaves = c_.s.runs[run].stops[from].leaves();
    return leaves >= 0 && leaves <= c_.s.clock;
}

std::optional<Decision> Matcher::newOrderDecision(Phase& phase) {
    EngineState& s = c_.s;
    phase.done = true;
    const Order& order = s.orders[phase.onlyOrder];
    if (order.status != OrderStatus::Queued) return std::nullopt;
    if (auto chosen = chooseOption(phase.onlyOrder, -1, false)) {
        Decision& d = *chosen;
        if (d.kind == Decision::Kind::Fail) return d;
        const OrderOption& opt = order.options()[d.option];
        d.queue = opt.queue;
        if (s.tracing()) {
            d.freeSeats = countFree(s.runs[opt.run], opt.travelClass, opt.from, opt.to, kMaxGroup);
            describeServe(d, order, opt.queue, d.freeSeats);
        }
        return d;
    }
    Decision d;
    d.order = phase.onlyOrder;
    if (!s.tracing()) return std::nullopt;
    d.kind = Decision::Kind::Skip;
    d.reason = groupOf(order.groupSize());
    for (const OrderOption& opt : order.options()) {
        const Run& run = s.runs[opt.run];
        d.reason += "; ";
        if (departed(opt.run, opt.from)) {
            d.reason += run.train + " has left " + run.stops[opt.from].station;
            continue;
        }
        d.reason += seatsFree(shown(countFree(run, opt.travelClass, opt.from, opt.to, kMaxGroup))) +
                    " on " + c_.interval(run, opt.from, opt.to) + " (" +
                    queueName(s.queues[opt.queue]) + ")";
        if (seatChangesOf(order) > 0) d.reason += "; " + noChainReason(order, opt);
    }
    d.reason += "; waits in queue";
    return d;
}

void Matcher::describeServe(Decision& d, const Order& order, std::uint32_t queue,
                            int freeSeats) const {
    const EngineState& s = c_.s;
    const Queue& q = s.queues[queue];
    const OrderOption& opt = order.options()[d.option];
    const Run& run = s.runs[opt.run];
    d.reason = groupOf(order.groupSize()) + ", rank " + std::to_string(rankIn(s, q, order)) +
               " in " + queueName(q) + "; " + seatsFree(shown(freeSeats)) +
               "; earliest servable in queue order; served on option " +
               std::to_string(d.option + 1) + " (" + run.train + ' ' +
               run.classes[opt.travelClass].name + ")";
    if (d.standing) {
        d.reason += " standing: no seat free on " + c_.interval(run, opt.from, opt.to);
        return;
    }
    if (!d.chains.empty()) {
        // "with one change at 济南: 01-1C then 01-1A"; a group's chains one by one:
        // "with two changes: 01-01A then 01-01C at 天津南; 01-01B then 01-01D at 济南西".
        int changes = 0;
        for (const Chain& chain : d.chains)
            changes += static_cast<int>(chain.size()) - 1;
        auto seatsOf = [&](const Chain& chain) {
            std::string text;
            for (std::size_t k = 0; k < chain.size(); ++k)
                text += (k ? " then " : "") + run.seats[chain[k].seat].label();
            return text;
        };
        auto stationsOf = [&](const Chain& chain) {
            std::string text;
            for (std::size_t k = 1; k < chain.size(); ++k)
                text += (k > 1 ? ", " : "") + run.stops[chain[k].from].station;
            return text;
        };
        d.reason += " with " + changesText(changes);
        if (d.chains.size() == 1) {
            d.reason += " at " + stationsOf(d.chains[0]) + ": " + seatsOf(d.chains[0]);
            return;
        }
        for (std::size_t i = 0; i < d.chains.size(); ++i) {
            d.reason += (i ? "; " : ": ") + seatsOf(d.chains[i]);
            if (d.chains[i].size() > 1) d.reason += " at " + stationsOf(d.chains[i]);
        }
        return;
    }
    d.reason += " seat";
    if (d.seats.size() > 1) d.reason += 's';
    for (std::size_t i = 0; i < d.seats.size(); ++i)
        d.reason += (i ? ", " : " ") + run.seats[d.seats[i]].label();
}

std::string Matcher::noChainReason(const Order& order, const OrderOption& opt) const {
    const Run& run = c_.s.runs[opt.run];
    const int changes = seatChangesOf(order);
    std::string reason = "no chain of \xe2\x89\xa4 " + changesText(changes);
    const ScarceSegment scarce =
        scarcestSegment(run, opt.travelClass, opt.from, opt.to, order.groupSize());
    if (scarce.segment < 0) return reason + " for " + groupOf(order.groupSize());
    reason += ": " + c_.interval(run, scarce.segment, scarce.segment + 1);
    return reason + (scarce.free == 0 ? " has no free seat" : " has " + seatsFree(scarce.free));
}

int Matcher::optionOnQueue(const Order& order, std::uint32_t queue) const {
    for (std::size_t i = 0; i < order.options().size(); ++i)
        if (order.options()[i].queue == queue) return static_cast<int>(i);
    return -1;
}

std::string Matcher::queueName(const Queue& q) const {
    const Run& run = c_.s.runs[q.run];
    return run.train + ' ' + run.date + ' ' + run.classes[q.travelClass].name + ' ' +
           c_.interval(run, q.from, q.to);
}

std::optional<Decision> Matcher::next() {
    EngineState& s = c_.s;
    const bool trace = s.tracing();
    while (pending_.empty() && phase_ < phases_.size()) {
        if (phases_[phase_].onlyOrder != kNone) {
            if (phases_[phase_].done) {
                ++phase_;
                continue;
            }
            if (auto d = newOrderDecision(phases_[phase_])) pending_.push_back(std::move(*d));
            continue;
        }
        const Phase& phase = phases_[phase_];
        std::optional<Pick> best;
        std::vector<std::pair<std::uint32_t, int>> looked;  // (queue, exact free seats)
        // Without a trace, the queues go in the order of their earliest live
        // order: a queue whose earliest order comes after the best found so
        // far cannot beat it, nor can any after it, so the (possibly costly)
        // search for its earliest servable order is skipped. A trace reports
        // every queue looked at, so it looks at all of them.
        struct Front {
            Time effectiveAt;
            std::uint64_t submitSeq;
            std::uint32_t order;
            std::uint32_t queue;
        };
        std::vector<Front> fronts;
        if (!trace) {
            const std::vector<std::uint32_t>& queues = phase.queues;
            fronts.reserve(queues.size());
            for (std::size_t i = 0; i < queues.size(); ++i) {
                prefetchFronts(queues, i);
                const std::uint32_t queue = queues[i];
                if (s.queues[queue].live() == 0) continue;
                const std::uint32_t front = earliestLive(s.queues[queue], kMaxGroup);
                const Order& o = std::as_const(s.orders)[front];
                fronts.push_back({o.effectiveAt, o.submitSeq, front, queue});
            }
            // Queue order by the keys read once; ties (one order in several
            // queues) in queue order, as a trace goes.
            std::sort(fronts.begin(), fronts.end(), [](const Front& a, const Front& b) {
                if (a.effectiveAt != b.effectiveAt) return a.effectiveAt < b.effectiveAt;
                if (a.submitSeq != b.submitSeq) return a.submitSeq < b.submitSeq;
                return a.queue < b.queue;
            });
        }
        auto consider = [&](std::uint32_t queue) {
            int k = -1;
            auto pick = earliestServable(phase, queue, trace ? &k : nullptr);
            if (trace) looked.emplace_back(queue, k);
            if (pick && (!best || queuedBefore(s.orders[pick->order], s.orders[best->order])))
                best = pick;
        };
        if (trace) {
            for (std::uint32_t queue : phase.queues)
                if (s.queues[queue].live() > 0) consider(queue);
        } else {
            // The fronts' keys, not their orders: no order is read (nor, in a
            // preview, saved for undo) to tell that a queue cannot win.
            for (const Front& f : fronts) {
                if (best) {
                    const Order& b = std::as_const(s.orders)[best->order];
                    if (!queuedBefore(f.effectiveAt, f.submitSeq, b.effectiveAt, b.submitSeq))
                        break;
                }
                consider(f.queue);
            }
        }

        if (trace) {
            // Orders ahead of the chosen one (or all fronts when none is servable)
            // that the matcher passed over, each reported once per pass.
            std::vector<Decision> skips;
            for (const auto& [queue, k] : looked) {
                Queue& q = s.queues[queue];
                if (departed(q.run, q.from)) continue;
                for (int lane = std::max(k, 0); lane < kMaxGroup; ++lane) {
                    if (q.liveBySize[lane] == 0) continue;
                    const std::uint32_t front = [&] {
                        auto& l = q.lanes[lane];
                        while (s.orders[l.orders[l.head]].status != OrderStatus::Queued) {
                            ++l.head;
                            --q.dead;
                        }
                        return l.orders[l.head];
                    }();
                    if (best && !queuedBefore(s.orders[front], s.orders[best->order])) continue;
                    if (!reported_.insert(front).second) continue;
                    const Run& run = s.runs[q.run];
                    Decision d;
                    d.kind = Decision::Kind::Skip;
                    d.order = front;
                    d.queue = queue;
                    d.freeSeats = std::max(k, 0);
                    d.reason = groupOf(lane + 1) + "; " + seatsFree(shown(std::max(k, 0))) +
                               " on " + c_.interval(run, q.from, q.to) + " (" + queueName(q) + ")";
                    skips.push_back(std::move(d));
                }
            }
            std::sort(skips.begin(), skips.end(), [&](const Decision& a, const Decision& b) {
                return queuedBefore(s.orders[a.order], s.orders[b.order]);
            });
            for (auto& d : skips)
                pending_.push_back(std::move(d));
        }

        if (!best) {
            // The skips it reported go first (the phase is looked at again after them,
            // and reports nothing twice); a phase with nothing left to serve hands over
            // to the next one, or a command that frees seat intervals of several exact
            // queues would serve only the first.
            if (!pending_.empty()) break;
            ++phase_;
            continue;
        }

        const Order& order = s.orders[best->order];
        const int forced = phase.forcedOption ? optionOnQueue(order, best->queue) : -1;
        std::optional<Decision> chosen = chooseOption(best->order, forced, phase.completeOnly);
        if (!chosen) {
            // Cannot happen: the pick is servable on its queue's option.
            ++phase_;
            continue;
        }
        Decision d = std::move(*chosen);
        d.queue = best->queue;
        d.freeSeats = best->freeSeats;
        if (trace && d.kind == Decision::Kind::Serve)
            describeServe(d, order, best->queue, best->freeSeats);
        pending_.push_back(std::move(d));
    }
    if (pending_.empty()) return std::nullopt;
    Decision d = std::move(pending_.front());
    pending_.erase(pending_.begin());
    return d;
}

void Matcher::apply(const Decision& d) {
    const Order& order = c_.s.orders[d.order];
    if (c_.s.tracing()) {
        Event e = c_.make(d.kind == Decision::Kind::Skip ? EventKind::MatchSkipped
                                                         : EventKind::MatchConsidered);
        e.id = orderId(c_.s, order);
        e.reason = d.reason;
        if (c_.s.options.trace) {
            c_.emit(e);
        } else {
            // Beside the stream, not in it: numbered after the event it follows,
            // so that the stream's numbers and bytes stay those of an untraced run.
            e.seq = c_.s.seq;
            c_.s.traceSink->onEvent(e);
        }
    }
    if (d.kind == Decision::Kind::Serve) c_.serve(d.order, d.option, d.seats, d.chains);
    if (d.kind == Decision::Kind::Fail) c_.fail(d.order, d.passenger);
}

}  // namespace houbu
