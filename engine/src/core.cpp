#include "core.h"

#include <algorithm>
#include <bit>
#include <cassert>

namespace houbu {

void Core::error(ErrorCode code, const std::string& message, bool waitlistHint) {
    Event e = make(EventKind::Error);
    e.code = code;
    e.message = message;
    e.waitlistHint = waitlistHint;
    emit(e);
}

void Core::occupy(std::uint32_t run, std::uint32_t seat, int from, int to, HolderKind kind,
                  std::uint32_t ref) {
    s.touchSeat(run, seat);
    s.touchCounters(run);
    Seat& st = s.runs[run].seats[seat];
    const SegmentMask m = segmentMask(from, to);
    assert((st.mask & m) == 0);
    st.mask |= m;
    s.runs[run].heldSegments += std::popcount(m);
    s.changes.seat(run, seat);
    markFree(s.runs[run], st, from, to, false);
    Occupant o{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to), kind, ref};
    auto pos =
        std::lower_bound(st.occupants.begin(), st.occupants.end(), o,
                         [](const Occupant& a, const Occupant& b) { return a.from < b.from; });
    st.occupants.insert(pos, o);
}

void Core::vacate(std::uint32_t run, std::uint32_t seat, HolderKind kind, std::uint32_t ref) {
    s.touchSeat(run, seat);
    s.touchCounters(run);
    Seat& st = s.runs[run].seats[seat];
    for (auto it = st.occupants.begin(); it != st.occupants.end(); ++it) {
        if (it->kind == kind && it->ref == ref) {
            st.mask &= ~segmentMask(it->from, it->to);
            s.runs[run].heldSegments -= it->to - it->from;
            s.changes.seat(run, seat);
            markFree(s.runs[run], st, it->from, it->to, true);
            st.occupants.erase(it);
            return;
        }
    }
    assert(false && "vacate: holder not on seat");
}

void Core::released(std::uint32_t run, std::uint32_t seat, int from, int to, const char* source) {
    seen(run, seat, from, to);
    const Run& r = s.runs[run];
    Event e = make(EventKind::SeatReleased);
    e.train = r.train;
    e.date = r.date;
    e.seat = r.seats[seat].label();
    e.from = r.stops[from].station;
    e.to = r.stops[to].station;
    e.reason = source;
    emit(e);
    freed.push_back(
        Freed{run, seat, static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)});
}

void Core::seen(std::uint32_t run, std::uint32_t seat, int from, int to) {
    s.touchCounters(run);
    Run& r = s.runs[run];
    const Seat& st = r.seats[seat];
    // The seat's free stretch around the interval: what matching now has to give.
    while (from > 0 && !((st.mask >> (from - 1)) & 1))
        --from;
    while (to < r.segments() && !((st.mask >> to) & 1))
        ++to;
    ForecastLedger& ledger = s.ledger;
    ReleaseSeen seen;
    seen.at = s.clock;
    seen.run = run;
    seen.previousOfRun = r.lastRelease;
    seen.batch = ledger.nextBatch(!freed.empty());
    seen.travelClass = st.travelClass;
    seen.from = static_cast<std::uint8_t>(from);
    seen.to = static_cast<std::uint8_t>(to);
    r.lastRelease = static_cast<std::uint32_t>(ledger.releases.size());
    ledger.add(seen);
}

void Core::releasedTicket(std::uint32_t ticket, const char* source) {
    const Ticket& t = s.tickets[ticket];
    if (t.legCount > 0) {
        for (const TicketLeg& leg : legsOf(s, ticket))
            released(t.run, leg.seat, leg.from, leg.to, source);
        return;
    }
    if (!t.standing()) return released(t.run, t.seat, t.from, t.to, source);
    const Run& r = s.runs[t.run];
    Event e = make(EventKind::SeatReleased);
    e.train = r.train;
    e.date = r.date;
    e.standing = true;
    e.travelClass = r.classes[t.standingClass()].name;
    e.from = r.stops[t.from].station;
    e.to = r.stops[t.to].station;
    e.reason = source;
    emit(e);
    freedStanding.push_back(Freed{t.run, t.standingClass(), t.from, t.to});
}

void Core::loadStanding(std::uint32_t index, int sign) {
    const Ticket& t = s.tickets[index];
    s.touchStandingList(t.run);
    s.touchClass(t.run, t.standingClass());
    Run& run = s.runs[t.run];
    if (sign > 0)
        run.standingTickets.push_back(index);
    else
        run.standingTickets.erase(
            std::find(run.standingTickets.begin(), run.standingTickets.end(), index));
    ClassInfo& cls = run.classes[t.standingClass()];
    for (int g = t.from; g < t.to; ++g)
        cls.standingLoad[g] += sign;
    assert(cls.standingFree(t.from, t.to) >= 0);
}

std::uint32_t Core::addTicket(std::uint32_t sale, int number, const std::string& passenger,
                              std::uint32_t run, std::uint32_t seat, int from, int to,
                              TicketStatus status) {
    const auto index = static_cast<std::uint32_t>(s.tickets.size());
    Sale& sl = s.sales[sale];
    // A sale's tickets are contiguous (TicketRange): nothing else is created between them.
    assert(sl.ticketCount == 0 || sl.firstTicket + sl.ticketCount == index);
    if (sl.ticketCount == 0) sl.firstTicket = index;
    ++sl.ticketCount;
    Ticket t;
    t.number = static_cast<std::uint8_t>(number);
    t.sale = sale;
    t.run = run;
    t.seat = seat;
    t.from = static_cast<std::uint8_t>(from);
    t.to = static_cast<std::uint8_t>(to);
    t.status = status;
    t.paid = status == TicketStatus::Paid;
    t.passenger = s.passengers.entryOf(passenger);
    s.tickets.push_back(std::move(t));
    linkToPassenger(s, index);
    if (seat == kNone) return index;  // on several seats: the caller occupies its legs
    if (s.tickets[index].standing())
        loadStanding(index, +1);
    else
        occupy(run, seat, from, to, HolderKind::Ticket, index);
    return index;
}

std::uint32_t Core::addChainedTicket(std::uint32_t sale, int number, const std::string& passenger,
                                     std::uint32_t run, const Chain& legs, TicketStatus status) {
    if (legs.size() == 1)
        return addTicket(sale, number, passenger, run, legs[0].seat, legs[0].from, legs[0].to,
                         status);
    // The legs first, so that the ticket's occupants find them; appended in
    // ticket order, as legsOf() expects.
    const auto index = static_cast<std::uint32_t>(s.tickets.size());
    for (const Leg& leg : legs)
        s.legs.push_back(TicketLeg{index, leg.seat, leg.from, leg.to});
    addTicket(sale, number, passenger, run, kNone, legs.front().from, legs.back().to, status);
    s.tickets[index].seat = legs.front().seat;
    s.tickets[index].legCount = static_cast<std::uint8_t>(legs.size());
    for (const Leg& leg : legs)
        occupy(run, leg.seat, leg.from, leg.to, HolderKind::Ticket, index);
    return index;
}

void Core::endTicket(std::uint32_t ticket, TicketStatus status) {
    Ticket& t = s.tickets[ticket];
    assert(t.live());
    if (t.legCount > 0) {
        for (const TicketLeg& leg : legsOf(s, ticket))
            vacate(t.run, leg.seat, HolderKind::Ticket, ticket);
    } else if (t.standing()) {
        loadStanding(ticket, -1);
    } else {
        vacate(t.run, t.seat, HolderKind::Ticket, ticket);
    }
    t.status = status;
    // The emptied entry stays: its key is the name its tickets point to.
    unlinkFromPassenger(s, ticket);
}

void Core::leaveQueues(std::uint32_t index, OrderStatus status) {
    Order& order = s.orders[index];
    assert(order.status == OrderStatus::Queued);
    order.status = status;
    ForecastLedger& ledger = s.ledger;
    ++ledger.left[status == OrderStatus::Fulfilled   ? ForecastLedger::Served
                  : status == OrderStatus::Cancelled ? ForecastLedger::Cancelled
                  : status == OrderStatus::Failed    ? ForecastLedger::Failed
                                                     : ForecastLedger::Expired];
    ledger.closedSeconds += s.clock - order.effectiveAt;
    ledger.queuedSince -= order.effectiveAt;
    --s.queuedOrders;
    countQueued(s, order, -1);
    countOpen(s, order, -1);
    const int lane = order.groupSize() - 1;
    for (const auto& opt : order.options()) {
        s.changes.queue(opt.queue);
        Queue& q = s.queues[opt.queue];
        --q.liveBySize[lane];
        if (q.front == index) q.front = kNone;
        EngineState::QueueTally& tally = s.queueTallies[opt.queue];
        --tally.orders;
        tally.passengers -= static_cast<std::uint32_t>(lane + 1);
        if (order.flags & kAcceptsStanding) --q.acceptingStanding;
        if (seatChangesOf(order) > 0) --q.acceptingChanges;
        ++q.dead;
        // Compact once dead entries outnumber live ones, keeping the work amortised O(1).
        if (q.dead > 64 && q.dead > q.live()) {
            for (auto& l : q.lanes) {
                std::vector<std::uint32_t> kept;
                kept.reserve(l.orders.size() - l.head);
                for (std::size_t i = l.head; i < l.orders.size(); ++i)
                    if (s.orders[l.orders[i]].status == OrderStatus::Queued)
                        kept.push_back(l.orders[i]);
                l.orders.swap(kept);
                l.head = 0;
            }
            q.dead = 0;
        }
    }
}

void Core::serve(std::uint32_t orderIndex, int option, const std::vector<std::uint32_t>& seats,
                 const std::vector<Chain>& chains) {
    Order& order = s.orders[orderIndex];
    const OrderOption& opt = order.options()[option];
    const Run& run = s.runs[opt.run];
    leaveQueues(orderIndex, OrderStatus::Fulfilled);

    // The order becomes a sale of paid tickets under its own id.
    const auto sale = static_cast<std::uint32_t>(s.sales.size());
    Sale sl;
    sl.idEntry = order.idEntry;
    sl.run = opt.run;
    sl.payBy = s.clock;
    sl.fromWaitlist = true;
    s.sales.push_back(std::move(sl));

    Event e = make(EventKind::WaitlistFulfilled);
    e.id = orderId(s, order);
    e.train = run.train;
    e.date = run.date;
    e.travelClass = run.classes[opt.travelClass].name;
    std::size_t i = 0;
    const bool standing = seats.empty() && chains.empty();
    order.names.forEach([&](std::string_view name) {
        const std::string passenger(name);
        std::uint32_t t = 0;
        if (!chains.empty()) {
            t = addChainedTicket(sale, static_cast<int>(i) + 1, passenger, opt.run, chains[i],
                                 TicketStatus::Paid);
        } else {
            const std::uint32_t seat = standing ? kStandingSeat | opt.travelClass : seats[i];
            t = addTicket(sale, static_cast<int>(i) + 1, passenger, opt.run, seat, opt.from, opt.to,
                          TicketStatus::Paid);
        }
        const Ticket& ticket = s.tickets[t];
        TicketLine line{ticketId(s, t),
                        passenger,
                        standing ? std::string() : run.seats[ticket.seat].label(),
                        run.stops[opt.from].station,
                        run.stops[opt.to].station,
                        standing,
                        {}};
        if (ticket.legCount > 0)
            for (const TicketLeg& leg : legsOf(s, t))
                line.legs.push_back(LegLine{run.seats[leg.seat].label(),
                                            run.stops[leg.from].station,
                                            run.stops[leg.to].station});
        e.tickets.push_back(std::move(line));
        ++i;
    });
    order.saleIndex = sale;
    emit(e);
}

void Core::fail(std::uint32_t orderIndex, const std::string& passenger) {
    Order& order = s.orders[orderIndex];
    leaveQueues(orderIndex, OrderStatus::Failed);
    Event e = make(EventKind::WaitlistFailed);
    e.id = orderId(s, order);
    e.reason = "passenger_conflict";
    e.passenger = passenger;
    emit(e);
}

void Core::setTimer(TimerKind kind, std::uint32_t ref, Time due) {
    s.timers.push(Timer{due, ++s.timerSeq, kind, ref});
}

}  // namespace houbu
