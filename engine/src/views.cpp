// Read-only views of the engine state (views.h).

#include <algorithm>
#include <bit>
#include <tuple>

#include "houbu/engine.h"
#include "seat_chains.h"
#include "seat_choice.h"
#include "state.h"

namespace houbu {
namespace {

HolderView holderOf(const EngineState& s, const Occupant& o) {
    HolderView h;
    h.from = o.from;
    h.to = o.to;
    if (o.kind == HolderKind::Block) {
        h.kind = HolderView::Kind::Block;
        h.id = s.blocks[o.ref].id;
        return h;
    }
    const Ticket& t = s.tickets[o.ref];
    const Sale& sale = s.sales[t.sale];
    h.id = ticketId(s, o.ref);
    h.passenger = passengerOf(s, t);
    h.sale = saleId(s, sale);
    if (t.legCount > 0)
        for (const TicketLeg& leg : legsOf(s, o.ref))
            h.legs.push_back(LegView{s.runs[t.run].seats[leg.seat].label(), leg.from, leg.to});
    if (t.status == TicketStatus::Held) {
        h.kind = HolderView::Kind::Held;
        h.payBy = sale.payBy;
    } else {
        h.kind = sale.fromWaitlist ? HolderView::Kind::Served : HolderView::Kind::Paid;
    }
    return h;
}

OrderView orderView(const EngineState& s, const Order& o) {
    OrderView v;
    v.id = orderId(s, o);
    v.user = o.names.user();
    v.passengers = o.names.toVector();
    v.from = orderFrom(s, o);
    v.to = orderTo(s, o);
    v.submittedSeq = static_cast<Time>(o.submitSeq);
    v.effectiveAt = o.status == OrderStatus::AwaitingPrepay ? -1 : o.effectiveAt;
    v.deadline = o.deadline;
    v.prepayFen = o.prepayFen;
    for (const auto& opt : o.options()) {
        const Run& run = s.runs[opt.run];
        v.options.push_back({run.train, run.date, run.classes[opt.travelClass].name});
    }
    v.status = orderStatusName(o.status);
    v.acceptsStanding = (o.flags & kAcceptsStanding) != 0;
    v.acceptsNewTrains = (o.flags & kAcceptsNewTrains) != 0;
    return v;
}

// One queue in rank order, with each order's rank and the passengers ahead:
// the window of it that `window` asks (the last orders when the queue has
// shrunk below the window's start).
QueueView queueView(const EngineState& s, const ClassInfo& cls, std::uint32_t qi,
                    const QueueWindow& window) {
    const Queue& q = s.queues[qi];
    QueueView v;
    v.travelClass = cls.name;
    v.from = q.from;
    v.to = q.to;
    v.length = static_cast<int>(q.live());
    v.passengers = static_cast<int>(s.queueTallies[qi].passengers);
    const auto length = static_cast<std::size_t>(v.length);
    const QueueWindow::Span span = window.spanOf(cls.name, q.from, q.to);
    const std::size_t rows = std::min(span.rows, length);
    const std::size_t first = std::min(span.first, length - rows);
    v.first = static_cast<int>(first);
    int ahead = 0;
    std::size_t skipped = 0;
    v.orders.reserve(rows);
    forEachQueuedInOrder(s, q, [&](std::uint32_t index) {
        const Order& o = s.orders[index];
        if (skipped < first) {
            ++skipped;
            ahead += o.groupSize();
            return true;
        }
        if (v.orders.size() >= rows) return false;
        OrderView ov = orderView(s, o);
        ov.rank = static_cast<int>(first + v.orders.size()) + 1;
        ov.aheadPassengers = ahead;
        ov.level = levelOfRank(ov.rank);
        ahead += o.groupSize();
        v.orders.push_back(std::move(ov));
        return true;
    });
    return v;
}

SeatView seatView(const EngineState& s, const Run& r, const Seat& seat) {
    SeatView v;
    v.label = seat.label();
    v.travelClass = r.classes[seat.travelClass].name;
    v.car = r.cars[seat.car].number;
    v.row = seat.row;
    v.letter = seat.letter;
    v.mask = seat.mask;
    for (const Occupant& o : seat.occupants)
        v.holders.push_back(holderOf(s, o));
    return v;
}

}  // namespace

bool Engine::tracksChanges() const {
    return state_->changes.on;
}

void Engine::trackChanges(bool on) const {
    state_->changes.on = on;
    state_->changes.clear();
}

RunChanges Engine::takeChanges(const std::string& train, const std::string& date,
                               const QueueWindow& window) const {
    const EngineState& s = *state_;
    RunChanges out;
    const Run* r = s.findRun(train, date);
    const auto run = r ? static_cast<std::uint32_t>(r - &s.runs[0]) : 0;
    out.listed = s.changes.on && !s.changes.overflowed && r != nullptr &&
                 std::find(s.changes.reshaped.begin(), s.changes.reshaped.end(), run) ==
                     s.changes.reshaped.end();
    if (out.listed) {
        std::vector<std::uint32_t> seats;
        for (const std::uint64_t mark : s.changes.seats)
            if (static_cast<std::uint32_t>(mark >> 32) == run)
                seats.push_back(static_cast<std::uint32_t>(mark));
        if (!seats.empty()) {
            std::sort(seats.begin(), seats.end());
            seats.erase(std::unique(seats.begin(), seats.end()), seats.end());
            // Positions in seat order: one pass over the run's order, not a search per seat.
            const std::vector<std::uint32_t> order = seatsInOrder(*r);
            for (std::size_t row = 0; row < order.size(); ++row)
                if (std::binary_search(seats.begin(), seats.end(), order[row])) {
                    out.seatRows.push_back(row);
                    out.seats.push_back(seatView(s, *r, r->seats[order[row]]));
                }
        }
        std::vector<std::uint32_t> queues;
        for (const std::uint32_t qi : s.changes.queues)
            if (s.queues[qi].run == run) queues.push_back(qi);
        std::sort(queues.begin(), queues.end());
        queues.erase(std::unique(queues.begin(), queues.end()), queues.end());
        for (const std::uint32_t qi : queues) {
            out.queues.push_back(queueView(s, r->classes[s.queues[qi].travelClass], qi, window));
        }
        std::sort(out.queues.begin(), out.queues.end(), queueKeyBefore);
    }
    s.changes.clear();
    return out;
}

std::vector<RunSummary> Engine::runSummaries() const {
    // From the runs' counters (state.h): nothing here walks orders or seats,
    // so the console can ask after every batch on a day of millions.
    const EngineState& s = *state_;
    std::vector<RunSummary> out;
    out.reserve(s.runs.size());
    for (const Run& r : s.runs) {
        RunSummary sum;
        sum.train = r.train;
        sum.date = r.date;
        sum.stops = static_cast<int>(r.stops.size());
        sum.seats = static_cast<int>(r.seats.size());
        const long long offered = static_cast<long long>(r.seats.size()) * r.segments();
        sum.loadFactor =
            offered ? static_cast<double>(r.heldSegments) / static_cast<double>(offered) : 0.0;
        sum.queuedOrders = r.queuedOrders;
        sum.queuedPassengers = r.queuedPassengers;
        sum.freeSeatSegments = offered - r.heldSegments;
        out.push_back(std::move(sum));
    }
    return out;
}

QueueRanking Engine::rankQueues(std::size_t limit) const {
    const EngineState& s = *state_;
    QueueRanking out;
    out.longestQueueOfRun.assign(s.runs.size(), 0);
    struct Ranked {
        int passengers;
        int orders;
        std::uint32_t queue;
    };
    std::vector<Ranked> ranked;
    for (std::uint32_t qi = 0; qi < s.queueTallies.size(); ++qi) {
        const EngineState::QueueTally& t = s.queueTallies[qi];
        if (t.orders == 0) continue;
        const int orders = static_cast<int>(t.orders);
        int& longest = out.longestQueueOfRun[t.run];
        longest = std::max(longest, orders);
        ranked.push_back({static_cast<int>(t.passengers), orders, qi});
    }
    // Most passengers first; ties by orders, then in the queues' creation
    // order, so that the ranking is the same on every replay.
    const auto before = [](const Ranked& a, const Ranked& b) {
        return std::tie(b.passengers, b.orders, a.queue) <
               std::tie(a.passengers, a.orders, b.queue);
    };
    const std::size_t n = std::min(limit, ranked.size());
    std::partial_sort(ranked.begin(), ranked.begin() + static_cast<std::ptrdiff_t>(n), ranked.end(),
                      before);
    out.hottest.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        const Queue& q = s.queues[ranked[i].queue];
        const Run& run = s.runs[q.run];
        HotQueue h;
        h.train = run.train;
        h.date = run.date;
        h.travelClass = run.classes[q.travelClass].name;
        h.from = q.from;
        h.to = q.to;
        h.fromStation = run.stops[q.from].station;
        h.toStation = run.stops[q.to].station;
        h.orders = ranked[i].orders;
        h.passengers = ranked[i].passengers;
        h.freeSeats = countFree(run, q.travelClass, q.from, q.to,
                                static_cast<int>(run.classes[q.travelClass].seats.size()));
        out.hottest.push_back(std::move(h));
    }
    return out;
}

int Engine::longestQueue(const std::string& train, const std::string& date) const {
    const EngineState& s = *state_;
    const Run* r = s.findRun(train, date);
    if (!r) return -1;
    std::uint32_t longest = 0;
    for (const ClassInfo& cls : r->classes)
        cls.queueAt.forEach([&](int, int, std::uint32_t q) {
            longest = std::max(longest, s.queueTallies[q].orders);
        });
    return static_cast<int>(longest);
}

bool Engine::run(const std::string& train, const std::string& date, RunView& out) const {
    const Run* r = state_->findRun(train, date);
    if (!r) return false;
    out = RunView{};
    out.train = r->train;
    out.date = r->date;
    for (const Stop& stop : r->stops)
        out.stops.push_back({stop.station, stop.km, stop.arrival, stop.departure});
    for (const Car& car : r->cars)
        out.cars.push_back({car.number, r->classes[car.travelClass].name, car.rows, car.layout});
    std::sort(out.cars.begin(), out.cars.end(),
              [](const CarView& a, const CarView& b) { return a.number < b.number; });
    for (const ClassInfo& c : r->classes)
        out.classes.push_back(c.name);
    out.holdMinutes = r->holdMinutes;
    out.exactPolicy = r->policy == Policy::Exact;
    out.added = r->added;
    for (const ClassInfo& c : r->classes)
        out.classDetails.push_back({c.name, c.standingPlaces,
                                    std::vector<int>(c.standingLoad.begin(), c.standingLoad.end()),
                                    c.cap, c.queuedPassengers});
    return true;
}

std::vector<StandingTicketView> Engine::standingTickets(const std::string& train,
                                                        const std::string& date) const {
    const EngineState& s = *state_;
    std::vector<StandingTicketView> out;
    const Run* r = s.findRun(train, date);
    if (!r) return out;
    for (std::uint32_t t : r->standingTickets) {
        const Ticket& ticket = s.tickets[t];
        const Sale& sale = s.sales[ticket.sale];
        out.push_back({ticketId(s, t), std::string(passengerOf(s, ticket)),
                       r->classes[ticket.standingClass()].name, std::string(saleId(s, sale)),
                       ticket.from, ticket.to, ticket.status == TicketStatus::Held,
                       sale.fromWaitlist});
    }
    return out;
}

std::vector<SeatView> Engine::seats(const std::string& train, const std::string& date) const {
    const EngineState& s = *state_;
    const Run* r = s.findRun(train, date);
    std::vector<SeatView> out;
    if (!r) return out;
    out.reserve(r->seats.size());
    for (std::uint32_t i : seatsInOrder(*r))
        out.push_back(seatView(s, *r, r->seats[i]));
    return out;
}

std::vector<QueueView> Engine::queues(const std::string& train, const std::string& date,
                                      const QueueWindow& window) const {
    const EngineState& s = *state_;
    const Run* r = s.findRun(train, date);
    std::vector<QueueView> out;
    if (!r) return out;
    for (const ClassInfo& cls : r->classes) {
        cls.queueAt.forEach([&](int, int, std::uint32_t qi) {
            if (s.queues[qi].live() != 0) out.push_back(queueView(s, cls, qi, window));
        });
    }
    std::sort(out.begin(), out.end(), queueKeyBefore);
    return out;
}

bool Engine::order(const std::string& id, OrderView& out) const {
    const EngineState& s = *state_;
    const IdRecord* rec = s.ids.find(id);
    if (!rec || rec->kind != IdKind::Order) return false;
    out = orderView(s, s.orders[rec->index]);
    return true;
}

std::vector<WaitReason> Engine::whyWaiting(const std::string& id) const {
    const EngineState& s = *state_;
    std::vector<WaitReason> out;
    const IdRecord* rec = s.ids.find(id);
    if (!rec || rec->kind != IdKind::Order) return out;
    const Order& o = s.orders[rec->index];
    for (const auto& opt : o.options()) {
        const Run& run = s.runs[opt.run];
        WaitReason w;
        w.train = run.train;
        w.date = run.date;
        w.travelClass = run.classes[opt.travelClass].name;
        w.from = opt.from;
        w.to = opt.to;
        w.needed = o.groupSize();
        if (o.status == OrderStatus::Queued && opt.queue != kNone)
            w.rank = static_cast<int>(rankIn(s, s.queues[opt.queue], o));
        const Time leaves = run.stops[opt.from].leaves();
        w.departed = leaves >= 0 && leaves <= s.clock;
        const ClassInfo& cls = run.classes[opt.travelClass];
        w.acceptsStanding = (o.flags & kAcceptsStanding) != 0;
        w.standingFree = cls.standingFree(opt.from, opt.to);
        w.cap = cls.cap;
        w.queuedOnClass = cls.queuedPassengers;
        if (s.options.rules >= 2) {
            const PassengerConflict conflict = conflictOf(s, o, opt);
            if (conflict.ticket != kNone) {
                w.conflictPassenger = conflict.passenger;
                w.conflictTicket = ticketId(s, conflict.ticket);
            }
        }
        w.seatChanges = seatChangesOf(o);
        if (countFree(run, opt.travelClass, opt.from, opt.to, o.groupSize()) < o.groupSize()) {
            w.changesThatServe = -1;
            for (int changes = 1; changes <= 2 && w.changesThatServe < 0; ++changes)
                if (chainsExist(run, opt.travelClass, opt.from, opt.to, o.groupSize(), changes))
                    w.changesThatServe = changes;
            const ScarceSegment scarce =
                scarcestSegment(run, opt.travelClass, opt.from, opt.to, o.groupSize());
            w.scarceSegment = scarce.segment;
            w.scarceFree = scarce.free;
        }
        const SegmentMask want = segmentMask(opt.from, opt.to);
        for (std::uint32_t seatIndex : run.classes[opt.travelClass].seats) {
            const Seat& seat = run.seats[seatIndex];
            if (!(seat.mask & want)) {
                ++w.free;
                continue;
            }
            WaitReason::Blocked b;
            b.seat = seat.label();
            for (const Occupant& oc : seat.occupants)
                if (segmentMask(oc.from, oc.to) & want) b.blockers.push_back(holderOf(s, oc));
            w.seats.push_back(std::move(b));
        }
        out.push_back(std::move(w));
    }
    return out;
}

bool Engine::eventConcernsRun(const Event& e, const std::string& train,
                              const std::string& date) const {
    if (!e.train.empty()) return e.train == train && e.date == date;
    const EngineState& s = *state_;
    const Run* run = s.findRun(train, date);
    if (!run) return false;
    const auto runIndex = static_cast<std::uint32_t>(run - &s.runs[0]);
    const auto onRun = [&](const Order& order) {
        for (const auto& opt : order.options())
            if (opt.run == runIndex) return true;
        return false;
    };
    if (!e.ticket.empty()) {
        const std::uint32_t t = findTicket(s, e.ticket);
        return t != kNone && s.tickets[t].run == runIndex;
    }
    if (e.id.empty()) return false;
    const IdRecord* rec = s.ids.find(e.id);
    if (!rec) return false;
    switch (rec->kind) {
        case IdKind::Sale:
            return s.sales[rec->index].run == runIndex;
        case IdKind::Block:
            return s.blocks[rec->index].run == runIndex;
        case IdKind::Order:
            return onRun(s.orders[rec->index]);
    }
    return false;
}

bool Engine::eventConcernsOrder(const Event& e, std::string_view id) const {
    if (e.id == id || e.sale == id) return true;
    // A served order's tickets are "ID.1", "ID.2", ...
    return e.ticket.size() > id.size() + 1 && e.ticket.compare(0, id.size(), id) == 0 &&
           e.ticket[id.size()] == '.' && e.ticket.find('.', id.size() + 1) == std::string::npos;
}

}  // namespace houbu
