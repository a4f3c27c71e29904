// Engine::checkInvariants: the state checked from scratch (engine.h, state.h).

#include <algorithm>
#include <bit>
#include <set>

#include "houbu/engine.h"
#include "state.h"

namespace houbu {

std::string Engine::checkInvariants() const {
    const EngineState& s = *state_;
    // Every id names one record, and each record its own id (the snapshot
    // writes the ids in the records' order).
    {
        std::size_t named = s.blocks.size() + s.orders.size();
        for (const Sale& sale : s.sales) {
            if (sale.fromWaitlist) {
                if (s.ids[sale.idEntry].record.kind != IdKind::Order)
                    return "a fulfilled order's sale does not share the order's id";
                continue;
            }
            ++named;
            const IdRecord& rec = s.ids[sale.idEntry].record;
            if (rec.kind != IdKind::Sale || &s.sales[rec.index] != &sale)
                return "sale " + std::string(saleId(s, sale)) + " is not what its id names";
        }
        for (const Order& order : s.orders) {
            const IdRecord& rec = s.ids[order.idEntry].record;
            if (rec.kind != IdKind::Order || &s.orders[rec.index] != &order)
                return "order " + std::string(orderId(s, order)) + " is not what its id names";
        }
        for (std::size_t k = 0; k < s.blocks.size(); ++k) {
            const IdRecord* rec = s.ids.find(s.blocks[k].id);
            if (!rec || rec->kind != IdKind::Block || rec->index != k)
                return "block " + std::string(s.blocks[k].id) + " is not what its id names";
        }
        if (named != s.ids.size())
            return "the ids name " + std::to_string(s.ids.size()) + " records, the tables hold " +
                   std::to_string(named);
    }
    for (const Run& run : s.runs) {
        for (const Seat& seat : run.seats) {
            SegmentMask mask = 0;
            for (const Occupant& o : seat.occupants) {
                const SegmentMask m = segmentMask(o.from, o.to);
                if (mask & m)
                    return "seat " + seat.label() + " of " + runName(run) +
                           ": two holders share a segment";
                mask |= m;
                if (o.ref >= (o.kind == HolderKind::Ticket ? s.tickets.size() : s.blocks.size()))
                    return "seat " + seat.label() + ": holder index out of range";
                if (o.kind == HolderKind::Ticket) {
                    const Ticket& t = s.tickets[o.ref];
                    if (!t.live())
                        return "seat " + seat.label() + ": ticket " + ticketId(s, o.ref) +
                               " is not live";
                    const auto self = static_cast<std::uint32_t>(&seat - run.seats.data());
                    const auto legs = legsOf(s, o.ref);
                    if (std::none_of(legs.begin(), legs.end(), [&](const TicketLeg& leg) {
                            return leg.seat == self && leg.from == o.from && leg.to == o.to;
                        }))
                        return "seat " + seat.label() + ": ticket interval mismatch";
                } else {
                    const Block& b = s.blocks[o.ref];
                    const auto self = static_cast<std::uint32_t>(&seat - run.seats.data());
                    if (std::find(b.seats.begin(), b.seats.end(), self) == b.seats.end())
                        return "seat " + seat.label() + ": block " + std::string(b.id) +
                               " does not list it";
                }
            }
            if (mask != seat.mask)
                return "seat " + seat.label() + " of " + runName(run) +
                       ": mask disagrees with holders";
            const ClassInfo& cls = run.classes[seat.travelClass];
            for (int g = 0; g < run.segments(); ++g) {
                const bool free =
                    (cls.freeBits[g * cls.words + seat.classPos / 64] >> (seat.classPos % 64)) & 1;
                if (free == bool((seat.mask >> g) & 1))
                    return "seat " + seat.label() + ": free-seat bitset disagrees with its mask";
            }
        }
    }
    // Legs (同车换座): in ticket order, consecutive, covering their ticket, each
    // live ticket's legs held on their seats.
    {
        std::size_t next = 0;
        for (std::uint32_t k = 0; k < s.tickets.size(); ++k) {
            const Ticket& t = s.tickets[k];
            if (t.legCount == 0) continue;
            if (t.legCount < 2 || next + t.legCount > s.legs.size())
                return "ticket " + ticketId(s, k) + ": legs missing";
            int at = t.from;
            for (std::size_t i = next; i < next + t.legCount; ++i) {
                const TicketLeg& leg = s.legs[i];
                if (leg.ticket != k || leg.from != at || leg.to <= leg.from)
                    return "ticket " + ticketId(s, k) + ": legs do not chain";
                at = leg.to;
                if (!t.live()) continue;
                const auto& holders = s.runs[t.run].seats[leg.seat].occupants;
                if (std::none_of(holders.begin(), holders.end(), [&](const Occupant& o) {
                        return o.kind == HolderKind::Ticket && o.ref == k && o.from == leg.from &&
                               o.to == leg.to;
                    }))
                    return "ticket " + ticketId(s, k) + ": a leg is not on its seat";
            }
            if (at != t.to || s.legs[next].seat != t.seat)
                return "ticket " + ticketId(s, k) + ": legs do not cover it";
            next += t.legCount;
        }
        if (next != s.legs.size()) return "legs belong to no ticket";
    }
    std::vector<std::array<std::uint32_t, kMaxGroup>> live(s.queues.size());
    std::size_t queued = 0;
    for (const Order& order : s.orders) {
        if (order.status != OrderStatus::Queued) continue;
        ++queued;
        for (const auto& opt : order.options()) {
            if (opt.queue >= live.size())
                return "order " + std::string(orderId(s, order)) + " is queued without a queue";
            ++live[opt.queue][order.groupSize() - 1];
        }
    }
    if (queued != s.queuedOrders) return "queued order count disagrees";
    // The runs' derived counters (state.h) against a count from scratch.
    std::vector<int> runOrders(s.runs.size(), 0), runPassengers(s.runs.size(), 0);
    for (const Order& order : s.orders) {
        if (order.status != OrderStatus::Queued) continue;
        std::vector<std::uint32_t> counted;
        for (const auto& opt : order.options()) {
            if (std::find(counted.begin(), counted.end(), opt.run) != counted.end()) continue;
            counted.push_back(opt.run);
            ++runOrders[opt.run];
            runPassengers[opt.run] += order.groupSize();
        }
    }
    for (std::size_t r = 0; r < s.runs.size(); ++r) {
        const Run& run = s.runs[r];
        std::int64_t held = 0;
        for (const Seat& seat : run.seats)
            held += std::popcount(seat.mask);
        if (held != run.heldSegments) return "held seat-segments of " + runName(run) + " disagree";
        if (runOrders[r] != run.queuedOrders || runPassengers[r] != run.queuedPassengers)
            return "queued orders or passengers of " + runName(run) + " disagree";
    }
    for (std::size_t q = 0; q < s.queues.size(); ++q)
        if (live[q] != s.queues[q].liveBySize) return "queue live counts disagree";
    // Each lane holds orders of its group size in queue order: the matcher
    // and every read of a queue's head (forEachQueuedInOrder) merge the
    // lanes on that premise.
    for (const Queue& q : s.queues)
        for (std::size_t lane = 0; lane < q.lanes.size(); ++lane) {
            const auto& orders = q.lanes[lane].orders;
            for (std::size_t k = q.lanes[lane].head; k < orders.size(); ++k) {
                const Order& o = s.orders[orders[k]];
                if (o.status == OrderStatus::Queued &&
                    static_cast<std::size_t>(o.groupSize()) != lane + 1)
                    return "order " + std::string(orderId(s, o)) + " is in another group's lane";
                if (k > q.lanes[lane].head && queuedBefore(o, s.orders[orders[k - 1]]))
                    return "a queue lane is out of queue order at order " +
                           std::string(orderId(s, o));
            }
        }
    // A queue's remembered front is its earliest live order.
    for (const Queue& q : s.queues) {
        if (q.front == kNone) continue;
        const Order& front = s.orders[q.front];
        if (front.status != OrderStatus::Queued) return "a queue's front has left it";
        const auto& lane = q.lanes[static_cast<std::size_t>(front.groupSize() - 1)];
        if (std::find(lane.orders.begin() + lane.head, lane.orders.end(), q.front) ==
            lane.orders.end())
            return "a queue's front is not in it";
        for (const Queue::Lane& l : q.lanes)
            for (std::size_t k = l.head; k < l.orders.size(); ++k) {
                const Order& o = s.orders[l.orders[k]];
                if (o.status == OrderStatus::Queued && queuedBefore(o, front))
                    return "an order is queued before its queue's front";
            }
    }
    if (s.queueTallies.size() != s.queues.size()) return "queue tallies missing";
    for (std::size_t q = 0; q < s.queues.size(); ++q) {
        const EngineState::QueueTally want = tallyOf(s.queues[q]);
        const EngineState::QueueTally& t = s.queueTallies[q];
        if (t.run != want.run || t.orders != want.orders || t.passengers != want.passengers)
            return "queue tallies disagree";
    }
    // Version 2: standing load from the live standing tickets, within places;
    // queued passengers per class; accepting orders per queue.
    std::vector<std::vector<std::vector<std::int32_t>>> load(s.runs.size());
    std::vector<std::vector<int>> classQueued(s.runs.size());
    for (std::size_t r = 0; r < s.runs.size(); ++r) {
        load[r].assign(
            s.runs[r].classes.size(),
            std::vector<std::int32_t>(static_cast<std::size_t>(s.runs[r].segments()), 0));
        classQueued[r].assign(s.runs[r].classes.size(), 0);
    }
    for (const Ticket& t : s.tickets)
        if (t.live() && t.standing())
            for (int g = t.from; g < t.to; ++g)
                ++load[t.run][t.standingClass()][g];
    std::vector<std::vector<std::uint32_t>> standingTickets(s.runs.size());
    for (std::uint32_t t = 0; t < s.tickets.size(); ++t)
        if (s.tickets[t].live() && s.tickets[t].standing())
            standingTickets[s.tickets[t].run].push_back(t);
    for (std::size_t r = 0; r < s.runs.size(); ++r)
        if (standingTickets[r] != s.runs[r].standingTickets)
            return "standing tickets of " + runName(s.runs[r]) + " disagree";
    std::vector<std::uint32_t> accepting(s.queues.size(), 0), changing(s.queues.size(), 0);
    std::vector<std::vector<int>> classChanging(s.runs.size());
    for (std::size_t r = 0; r < s.runs.size(); ++r)
        classChanging[r].assign(s.runs[r].classes.size(), 0);
    for (const Order& order : s.orders) {
        if (order.status != OrderStatus::Queued) continue;
        for (const auto& opt : order.options()) {
            classQueued[opt.run][opt.travelClass] += order.groupSize();
            if (order.flags & kAcceptsStanding) ++accepting[opt.queue];
            if (seatChangesOf(order) > 0) {
                ++changing[opt.queue];
                ++classChanging[opt.run][opt.travelClass];
            }
        }
    }
    for (std::size_t r = 0; r < s.runs.size(); ++r) {
        const Run& run = s.runs[r];
        for (std::size_t c = 0; c < run.classes.size(); ++c) {
            const ClassInfo& cls = run.classes[c];
            if (load[r][c] != cls.standingLoad)
                return "standing load of " + cls.name + " on " + runName(run) + " disagrees";
            for (int g = 0; g < run.segments(); ++g)
                if (cls.standingLoad[g] > cls.standingPlaces)
                    return "standing load of " + cls.name + " on " + runName(run) +
                           " exceeds its places";
            if (classQueued[r][c] != cls.queuedPassengers)
                return "queued passengers of " + cls.name + " on " + runName(run) + " disagree";
            if (classChanging[r][c] != cls.changingOrders)
                return "orders accepting seat changes on " + cls.name + " of " + runName(run) +
                       " disagree";
        }
    }
    for (std::size_t q = 0; q < s.queues.size(); ++q)
        if (accepting[q] != s.queues[q].acceptingStanding)
            return "orders accepting standing in a queue disagree";
    for (std::size_t q = 0; q < s.queues.size(); ++q)
        if (changing[q] != s.queues[q].acceptingChanges)
            return "orders accepting seat changes in a queue disagree";
    return {};
}

}  // namespace houbu
