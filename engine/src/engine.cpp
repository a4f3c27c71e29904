#include "houbu/engine.h"

#include <algorithm>
#include <array>
#include <climits>
#include <cmath>
#include <cstdio>
#include <optional>
#include <set>
#include <utility>

#include "command_check.h"
#include "core.h"
#include "matcher.h"
#include "query_answers.h"
#include "seat_choice.h"
#include "undo_log.h"

namespace houbu {
namespace {

constexpr Time kPrepayWindow = 30 * kMinute;

std::string seatLabel(int car, int row, char letter) {
    // Digits by hand: this runs for every seat of every new car and label lookup.
    const char buf[6] = {
        static_cast<char>('0' + car % 100 / 10), static_cast<char>('0' + car % 10), '-',
        static_cast<char>('0' + row % 100 / 10), static_cast<char>('0' + row % 10), letter};
    return std::string(buf, 6);
}

std::string runName(const Run& run) {
    return run.train + " on " + run.date;
}

// One command's application: CommandCheck validates it (nothing is mutated
// until every check has passed), then the handler applies what it resolved.
class Apply {
  public:
    Apply(Core& core, const Command& cmd) : c(core), s(core.s), cmd(cmd) {}

    void run() {
        const Verdict v = CommandCheck(s, cmd, s.clock, s.runKey).run();
        if (v.outcome == Verdict::Outcome::Refuse)
            return c.error(v.code, v.message, v.waitlistHint);
        if (v.outcome == Verdict::Outcome::Duplicate) return duplicate(v.duplicateId);
        switch (cmd.op) {
            case Op::Train:
                return train();
            case Op::AddCar:
                return addCar(v);
            case Op::Sell:
                return sell(v);
            case Op::Pay:
                return pay(v);
            case Op::Refund:
                return refund(v);
            case Op::Reschedule:
                return reschedule(v);
            case Op::Block:
                return block(v);
            case Op::Release:
                return cmd.id.empty() ? release(v) : releaseBlock(v);
            case Op::Waitlist:
                return waitlist(v);
            case Op::Prepay:
                return prepay(v);
            case Op::Cancel:
                return cancel(v);
            case Op::Advance:
                return;
            case Op::Position:
                return position(v);
            case Op::Availability:
                return availability(v);
            case Op::Seatmap:
                return seatmap(v);
            case Op::Configure:
                return configure();
            case Op::WaitlistCap:
                return waitlistCap(v);
        }
    }

  private:
    Core& c;
    EngineState& s;
    const Command& cmd;

    void duplicate(const std::string& id) {
        Event e = c.make(EventKind::Duplicate);
        e.id = id;
        c.emit(e);
    }

    // ---- shared mutations --------------------------------------------------------

    std::uint32_t newSale(const std::string& id, std::uint32_t run, Time payBy) {
        const auto index = static_cast<std::uint32_t>(s.sales.size());
        Sale sale;
        sale.idEntry = s.ids.add(id, IdRecord{IdKind::Sale, index, cmd.fingerprint});
        sale.run = run;
        sale.payBy = payBy;
        s.sales.push_back(std::move(sale));
        return index;
    }

    void emitHeld(std::uint32_t ticket, Time payBy) {
        const Ticket& t = s.tickets[ticket];
        const Run& run = s.runs[t.run];
        Event e = c.make(EventKind::TicketHeld);
        e.ticket = ticketId(s, ticket);
        e.sale = saleId(s, s.sales[t.sale]);
        e.passenger = passengerOf(s, t);
        e.train = run.train;
        e.date = run.date;
        if (t.standing()) {
            e.standing = true;
            e.travelClass = run.classes[t.standingClass()].name;
        } else {
            const Seat& seat = run.seats[t.seat];
            e.travelClass = run.classes[seat.travelClass].name;
            e.seat = seat.label();
        }
        e.from = run.stops[t.from].station;
        e.to = run.stops[t.to].station;
        e.payBy = payBy;
        c.emit(e);
    }

    void emitTicket(EventKind kind, std::uint32_t ticket, const std::string& reason = {}) {
        Event e = c.make(kind);
        e.ticket = ticketId(s, ticket);
        e.reason = reason;
        c.emit(e);
    }

    // Refunds one live ticket: ticket_refunded, then seat_released.
    void refundTicket(std::uint32_t ticket, const char* reason) {
        emitTicket(EventKind::TicketRefunded, ticket, reason);
        c.endTicket(ticket, TicketStatus::Refunded);
        c.releasedTicket(ticket, reason);
    }

    std::uint32_t queueFor(std::uint32_t runIndex, std::uint16_t cls, int from, int to) {
        s.touchClass(runIndex, cls);
        ClassInfo& info = s.runs[runIndex].classes[cls];
        std::uint32_t& slot = info.queueAt.at(from, to);
        if (slot == kNone) {
            slot = static_cast<std::uint32_t>(s.queues.size());
            Queue q;
            q.run = runIndex;
            q.travelClass = cls;
            q.from = static_cast<std::uint8_t>(from);
            q.to = static_cast<std::uint8_t>(to);
            s.queues.push_back(std::move(q));
            s.queueTallies.push_back({runIndex, 0, 0});
        }
        return slot;
    }

    // Adds seats for one car and keeps the class's seat order.
    void buildCar(Run& run, const CarSpec& spec) {
        int cls = run.classIndex(spec.travelClass);
        if (cls < 0) {
            cls = static_cast<int>(run.classes.size());
            ClassInfo info;
            info.name = spec.travelClass;
            for (const auto& [name, rate] : run.fares)
                if (name == spec.travelClass) info.farePerKm = rate;
            info.queueAt.reset(static_cast<int>(run.stops.size()));
            info.standingLoad.assign(static_cast<std::size_t>(run.segments()), 0);
            run.classes.push_back(std::move(info));
        }
        const auto carIndex = static_cast<std::uint16_t>(run.cars.size());
        run.cars.push_back(Car{spec.car, static_cast<std::uint16_t>(cls), spec.rows, spec.layout,
                               static_cast<std::uint32_t>(run.seats.size())});
        for (int row = 1; row <= spec.rows; ++row) {
            for (std::size_t pos = 0; pos < spec.layout.size(); ++pos) {
                Seat seat;
                seat.travelClass = static_cast<std::uint16_t>(cls);
                seat.car = carIndex;
                seat.row = static_cast<std::uint8_t>(row);
                seat.letterPos = static_cast<std::uint8_t>(pos);
                seat.letter = spec.layout[pos];
                const std::string label = seatLabel(spec.car, row, seat.letter);
                std::copy(label.begin(), label.end(), seat.labelText);
                const auto index = static_cast<std::uint32_t>(run.seats.size());
                run.seats.push_back(std::move(seat));
                run.classes[cls].seats.push_back(index);
            }
        }
        auto& order = run.classes[cls].seats;
        std::sort(order.begin(), order.end(),
                  [&run](std::uint32_t a, std::uint32_t b) { return seatBefore(run, a, b); });
        rebuildFreeBits(run, static_cast<std::size_t>(cls));
    }

    // ---- commands (validated: each applies what its check resolved) ------------

    void train() {
        Run run;
        run.train = cmd.train;
        run.date = cmd.date;

        run.fares = cmd.fares;
        run.holdMinutes = cmd.holdMinutes.value_or(30);
        run.policy = cmd.policy.value_or(s.options.defaultPolicy);

        const Time day = *parseDate(cmd.date) * kDay;
        Time previous = -1;
        Time dayOffset = 0;
        auto absolute = [&](int minutes) {
            Time t = day + dayOffset + minutes * kMinute;
            while (t < previous) {
                dayOffset += kDay;
                t += kDay;
            }
            previous = t;
            return t;
        };
        for (const auto& spec : cmd.stops) {
            Stop stop;
            stop.station = spec.station;
            stop.km = spec.km;
            if (spec.arrival) stop.arrival = absolute(*spec.arrival);
            if (spec.departure) stop.departure = absolute(*spec.departure);
            run.stationIndex.emplace(stop.station, static_cast<std::uint8_t>(run.stops.size()));
            run.stops.push_back(std::move(stop));
        }
        for (const auto& car : cmd.cars)
            buildCar(run, car);
        for (const auto& [name, places] : cmd.standingPlaces)
            run.classes[run.classIndex(name)].standingPlaces = places;
        run.added = cmd.added;

        Event e = c.make(EventKind::TrainDefined);
        e.train = run.train;
        e.date = run.date;
        e.count = static_cast<std::int64_t>(run.seats.size());
        const auto index = static_cast<std::uint32_t>(s.runs.size());
        const std::string key = cmd.train + '\x1f' + cmd.date;
        s.runIndex.emplace(key, index);
        if (s.undo) s.undo->runAdded(key);
        s.runs.push_back(std::move(run));
        c.emit(e);
        if (cmd.added) offerAddedRun(index);
    }

    // 接受新增列车: the run becomes an extra option of every open order that
    // accepts it, in submission order, before any matching; then, as for an
    // added car, matching gives its seats to the waitlist first.
    void offerAddedRun(std::uint32_t runIndex) {
        const Run& run = s.runs[runIndex];
        s.touchNewTrainOrders();
        std::size_t kept = 0;
        for (std::size_t k = 0; k < s.newTrainOrders.size(); ++k) {
            NewTrainsOrder& entry = s.newTrainOrders[k];
            Order& order = s.orders[entry.order];
            const bool open =
                order.status == OrderStatus::AwaitingPrepay || order.status == OrderStatus::Queued;
            if (!open) continue;  // closed for good: dropped from the list
            if (kept != k) s.newTrainOrders[kept] = std::move(entry);
            NewTrainsOrder& e = s.newTrainOrders[kept++];
            const auto from = run.stationIndex.find(orderFrom(s, order));
            const auto to = run.stationIndex.find(orderTo(s, order));
            if (from == run.stationIndex.end() || to == run.stationIndex.end() ||
                from->second >= to->second)
                continue;
            const Time leaves = run.stops[from->second].leaves();
            if (leaves < e.from || leaves > e.to) continue;
            bool dateListed = false;
            for (const auto& opt : order.options())
                dateListed |= s.runs[opt.run].date == run.date;
            if (!dateListed) continue;
            std::vector<OrderOption> extra;
            for (const std::string& name : e.classes) {
                const int cls = run.classIndex(name);
                if (cls < 0 || order.options().size() + extra.size() >= kMaxOptions) continue;
                extra.push_back(OrderOption{runIndex, static_cast<std::uint16_t>(cls), from->second,
                                            to->second, kNone});
            }
            if (!extra.empty()) addOptions(entry.order, extra);
        }
        s.newTrainOrders.resize(kept);
        for (std::size_t cls = 0; cls < run.classes.size(); ++cls)
            c.addedCars.emplace_back(runIndex, static_cast<std::uint16_t>(cls));
    }

    void addOptions(std::uint32_t index, const std::vector<OrderOption>& extra) {
        Order& order = s.orders[index];
        std::vector<OrderOption> all(order.options().begin(), order.options().end());
        const Time expiryBefore = expiryOf(s, order);
        const std::size_t first = all.size();
        // The order's view lists its options: the queues it waits in show them.
        if (order.status == OrderStatus::Queued)
            for (const OrderOption& opt : all)
                s.changes.queue(opt.queue);
        all.insert(all.end(), extra.begin(), extra.end());
        order.setOptions(s.optionPool.add(all.data(), all.size()));
        for (std::size_t i = first; i < all.size(); ++i) {
            const OrderOption& opt = order.options()[i];
            const Run& run = s.runs[opt.run];
            Event e = c.make(EventKind::OptionAdded);
            e.id = std::string(orderId(s, order));
            e.train = run.train;
            e.date = run.date;
            e.travelClass = run.classes[opt.travelClass].name;
            c.emit(e);
        }
        if (order.status != OrderStatus::Queued) return;  // joins every queue when prepaid
        s.touchCounters(extra.front().run);
        for (std::size_t i = first; i < all.size(); ++i)
            s.touchClass(all[i].run, all[i].travelClass);
        Run& run = s.runs[extra.front().run];
        ++run.queuedOrders;
        run.queuedPassengers += order.groupSize();
        for (std::size_t i = first; i < all.size(); ++i) {
            OrderOption& opt = order.options()[i];
            run.classes[opt.travelClass].queuedPassengers += order.groupSize();
            joinQueue(index, opt);
        }
        // A later departure moves the order's expiry; the earlier timer then does nothing.
        const Time expiry = expiryOf(s, order);
        if (expiry != expiryBefore && expiry >= 0)
            c.setTimer(TimerKind::OrderExpiry, index, expiry);
    }

    // Puts a queued order into an option's queue at its place in queue order.
    void joinQueue(std::uint32_t index, OrderOption& opt) {
        const Order& order = s.orders[index];
        const int lane = order.groupSize() - 1;
        opt.queue = queueFor(opt.run, opt.travelClass, opt.from, opt.to);
        s.changes.queue(opt.queue);
        Queue& q = s.queues[opt.queue];
        auto& entries = q.lanes[lane].orders;
        // Effective times never decrease, so the place is at or near the back.
        auto pos = entries.end();
        while (pos != entries.begin() + q.lanes[lane].head &&
               queuedBefore(order, s.orders[*(pos - 1)]))
            --pos;
        entries.insert(pos, index);
        ++q.liveBySize[lane];
        s.touchTally(opt.queue);
        EngineState::QueueTally& tally = s.queueTallies[opt.queue];
        ++tally.orders;
        tally.passengers += static_cast<std::uint32_t>(lane + 1);
        if (order.flags & kAcceptsStanding) ++q.acceptingStanding;
    }

    void addCar(const Verdict& v) {
        const std::uint32_t r = v.run;
        s.touchWholeRun(r);
        Run& run = s.runs[r];
        const CarSpec& spec = cmd.cars.front();
        const std::size_t firstSeat = run.seats.size();
        s.changes.reshape(r);  // its seats change in number: a viewer reads it whole
        buildCar(run, spec);
        const auto cls = static_cast<std::uint16_t>(run.classIndex(spec.travelClass));

        run.classes[cls].standingPlaces += cmd.carStanding;

        Event e = c.make(EventKind::CarAdded);
        e.train = run.train;
        e.date = run.date;
        e.car = spec.car;
        e.travelClass = spec.travelClass;
        e.count = cmd.carStanding;
        for (std::size_t i = firstSeat; i < run.seats.size(); ++i)
            e.seatList.push_back(run.seats[i].label());
        c.emit(e);
        for (std::size_t i = firstSeat; i < run.seats.size(); ++i)
            c.released(r, static_cast<std::uint32_t>(i), 0, run.segments(), "extra_car");
        // The whole class is candidate for matching; the per-seat freed list adds nothing.
        c.freed.clear();
        c.addedCars.emplace_back(r, cls);
    }

    void sell(const Verdict& v) {
        const Run& run = s.runs[v.run];
        const Time payBy = s.clock + run.holdMinutes * kMinute;
        const std::uint32_t sale = newSale(cmd.id, v.run, payBy);
        for (std::size_t i = 0; i < cmd.passengers.size(); ++i) {
            const std::uint32_t seat =
                cmd.standing ? kStandingSeat | static_cast<std::uint32_t>(v.travelClass)
                             : v.seats[i];
            const std::uint32_t t = c.addTicket(sale, static_cast<int>(i) + 1, cmd.passengers[i],
                                                v.run, seat, v.from, v.to, TicketStatus::Held);
            emitHeld(t, payBy);
        }
        c.setTimer(TimerKind::HoldExpiry, sale, payBy);
    }

    void pay(const Verdict& v) {
        for (std::uint32_t t : v.tickets) {
            s.tickets[t].status = TicketStatus::Paid;
            s.tickets[t].paid = true;
            if (!s.tickets[t].standing()) s.changes.seat(s.tickets[t].run, s.tickets[t].seat);
            emitTicket(EventKind::TicketPaid, t);
        }
    }

    void refund(const Verdict& v) {
        for (std::uint32_t t : v.tickets)
            refundTicket(t, "refund");
    }

    void reschedule(const Verdict& v) {
        const Run& run = s.runs[v.run];
        const std::string passenger(passengerOf(s, s.tickets[v.index]));
        const Time payBy = s.clock + run.holdMinutes * kMinute;
        const std::uint32_t sale = newSale(cmd.id, v.run, payBy);
        const std::uint32_t t =
            c.addTicket(sale, 1, passenger, v.run, v.seats[0], v.from, v.to, TicketStatus::Paid);
        emitHeld(t, payBy);
        emitTicket(EventKind::TicketPaid, t);
        refundTicket(v.index, "reschedule");
    }

    void block(const Verdict& v) {
        const std::uint32_t r = v.run;
        const Run& run = s.runs[r];
        const int cls = v.travelClass, from = v.from, to = v.to;
        std::vector<std::uint32_t> seats = v.seats;
        s.touchBlocks();
        const auto index = static_cast<std::uint32_t>(s.blocks.size());
        Block b;
        b.id = s.ids.insert(cmd.id, IdRecord{IdKind::Block, index, cmd.fingerprint});
        b.run = r;
        b.travelClass = static_cast<std::uint16_t>(cls);
        b.from = static_cast<std::uint8_t>(from);
        b.to = static_cast<std::uint8_t>(to);
        s.blocks.push_back(b);
        if (seats.empty()) {
            for (int i = 0; i < *cmd.count; ++i) {
                const auto pick =
                    chooseSeats(run, cls, from, to, 1, std::string(), s.options.seatChoice);
                c.occupy(r, pick[0], from, to, HolderKind::Block, index);
                seats.push_back(pick[0]);
            }
            std::sort(seats.begin(), seats.end(), [&run](std::uint32_t a, std::uint32_t b) {
                return run.seats[a].label() < run.seats[b].label();
            });
        } else {
            for (std::uint32_t seat : seats)
                c.occupy(r, seat, from, to, HolderKind::Block, index);
        }
        s.blocks[index].seats = seats;

        Event e = c.make(EventKind::BlockCreated);
        e.id = cmd.id;
        e.train = run.train;
        e.date = run.date;
        e.travelClass = cmd.travelClass;
        e.from = run.stops[from].station;
        e.to = run.stops[to].station;
        for (std::uint32_t seat : seats)
            e.seatList.push_back(run.seats[seat].label());
        c.emit(e);
    }

    void release(const Verdict& v) {
        const std::uint32_t r = v.run, seat = v.index;
        const std::string reason = cmd.reason;
        for (const Occupant& o : v.freeing) {
            if (o.kind == HolderKind::Ticket) {
                refundTicket(o.ref, reason.c_str());
                continue;
            }
            s.touchBlocks();
            Block& b = s.blocks[o.ref];
            b.seats.erase(std::remove(b.seats.begin(), b.seats.end(), seat), b.seats.end());
            c.vacate(r, seat, HolderKind::Block, o.ref);
            c.released(r, seat, o.from, o.to, reason.c_str());
            if (b.seats.empty()) {
                b.released = true;
                Event e = c.make(EventKind::BlockReleased);
                e.id = b.id;
                c.emit(e);
            }
        }
    }

    void releaseBlock(const Verdict& v) {
        const std::uint32_t index = v.index;
        s.touchBlocks();
        Block& b = s.blocks[index];
        Event e = c.make(EventKind::BlockReleased);
        e.id = b.id;
        c.emit(e);
        const auto seats = std::move(b.seats);
        b.seats.clear();
        b.released = true;
        for (std::uint32_t seat : seats) {
            c.vacate(b.run, seat, HolderKind::Block, index);
            c.released(b.run, seat, b.from, b.to, "quota");
        }
    }

    void waitlist(const Verdict& v) {
        Order order;
        order.deadline = cmd.deadline.value_or(-1);
        order.setOptions(s.optionPool.add(v.options.data(), v.optionCount));
        order.names = OrderNames::store(cmd.user, cmd.passengers, s.text);
        order.passengerCount = static_cast<std::uint8_t>(cmd.passengers.size());
        order.prepayFen = v.dearestFen * static_cast<std::int64_t>(order.groupSize());
        order.payBy = s.clock + kPrepayWindow;
        order.submitSeq = ++s.submissions;
        if (cmd.acceptStanding) order.flags |= kAcceptsStanding;

        const auto index = static_cast<std::uint32_t>(s.orders.size());
        if (cmd.newTrains) {
            order.flags |= kAcceptsNewTrains;
            NewTrainsOrder entry{index, cmd.newTrains->from, cmd.newTrains->to,
                                 cmd.newTrains->classes};
            if (entry.classes.empty())
                for (const auto& opt : cmd.options)
                    if (std::find(entry.classes.begin(), entry.classes.end(), opt.travelClass) ==
                        entry.classes.end())
                        entry.classes.push_back(opt.travelClass);
            s.touchNewTrainOrders();
            s.newTrainOrders.push_back(std::move(entry));
        }
        order.idEntry = s.ids.add(cmd.id, IdRecord{IdKind::Order, index, cmd.fingerprint});
        Event e = c.make(EventKind::WaitlistSubmitted);
        e.id = cmd.id;
        e.prepayFen = order.prepayFen;
        e.payBy = order.payBy;
        c.setTimer(TimerKind::PrepayTimeout, index, order.payBy);
        s.orders.push_back(std::move(order));
        countOpen(s, s.orders[index], +1);
        c.emit(e);
    }

    void prepay(const Verdict& v) {
        const std::uint32_t index = v.index;
        Order& order = s.orders[index];
        order.status = OrderStatus::Queued;
        order.effectiveAt = s.clock;
        ++s.queuedOrders;
        countQueued(s, order, +1);
        for (auto& opt : order.options())
            joinQueue(index, opt);
        Event e = c.make(EventKind::WaitlistEffective);
        e.id = cmd.id;
        c.emit(e);

        const Time expiry = expiryOf(s, order);
        if (expiry >= 0) c.setTimer(TimerKind::OrderExpiry, index, expiry);
        c.newOrder = index;
    }

    void cancel(const Verdict& v) {
        Order& order = s.orders[v.index];
        if (order.status == OrderStatus::Queued) {
            c.leaveQueues(order, OrderStatus::Cancelled);
        } else {
            countOpen(s, order, -1);
            order.status = OrderStatus::Cancelled;  // awaiting its prepayment
        }
        order.cancelledByUser = true;
        Event e = c.make(EventKind::WaitlistCancelled);
        e.id = cmd.id;
        e.reason = "user";
        c.emit(e);
    }

    // The queries: answers built by QueryAnswers, the same for answerQuery.
    void position(const Verdict& v) {
        Event e = c.make(EventKind::Position);
        QueryAnswers(s).position(v, cmd.id, e);
        c.emit(e);
    }

    void availability(const Verdict& v) {
        Event e = c.make(EventKind::Availability);
        QueryAnswers(s).availability(v, e);
        c.emit(e);
    }

    void seatmap(const Verdict& v) {
        Event e = c.make(EventKind::Seatmap);
        QueryAnswers(s).seatmap(v, e);
        c.emit(e);
    }

    void configure() {
        const LimitsSpec& l = cmd.limits;
        auto set = [](const LimitChange& change, int& value) {
            if (change.given) value = change.value;
        };
        set(l.passengers, s.limits.passengers);
        set(l.dates, s.limits.dates);
        set(l.optionsPerDate, s.limits.optionsPerDate);
        set(l.options, s.limits.options);
        set(l.openOrdersPerUser, s.limits.openOrdersPerUser);
        countUsers(s.limits.openOrdersPerUser >= 0);
        Event e = c.make(EventKind::Configured);
        e.limits = s.limits;
        c.emit(e);
    }

    // Starts counting each user's open orders (one walk over the orders, when a
    // per-user limit is first configured) or stops.
    void countUsers(bool on) {
        if (on == (s.openOrdersByUser != nullptr)) return;
        if (s.undo) s.undo->replacingUsers();
        s.openOrdersByUser.reset(on ? new TextTable<std::uint32_t>() : nullptr);
        if (!on) return;
        // Read-only: an undo record keeps only the orders that may change.
        for (const Order& order : std::as_const(s.orders))
            if (order.status == OrderStatus::AwaitingPrepay || order.status == OrderStatus::Queued)
                countOpen(s, order, +1);
    }

    void waitlistCap(const Verdict& v) {
        s.touchClass(v.run, static_cast<std::uint16_t>(v.travelClass));
        Run& run = s.runs[v.run];
        run.classes[v.travelClass].cap = cmd.cap;
        Event e = c.make(EventKind::WaitlistCapped);
        e.train = run.train;
        e.date = run.date;
        e.travelClass = run.classes[v.travelClass].name;
        e.count = cmd.cap;
        c.emit(e);
    }
};

// True when the gathered triggers call for a matching pass; clears them when
// nobody waits (the usual case for plain sales and refunds).
bool matchingDue(Core& core) {
    if (core.freed.empty() && core.freedStanding.empty() && core.addedCars.empty() &&
        core.newOrder == kNone)
        return false;
    if (core.s.queuedOrders == 0) {
        core.freed.clear();
        core.freedStanding.clear();
        core.addedCars.clear();
        core.newOrder = kNone;
        return false;
    }
    return true;
}

void runMatching(Core& core) {
    if (!matchingDue(core)) return;
    Matcher matcher(core);
    matcher.begin();
    while (auto decision = matcher.next())
        matcher.apply(*decision);
}

// The effect of one due timer (the clock already moved to it), without matching.
void fireTimer(Core& core, const Timer& timer) {
    EngineState& s = core.s;
    switch (timer.kind) {
        case TimerKind::HoldExpiry: {
            const Sale& sale = s.sales[timer.ref];
            const TicketRange tickets = sale.tickets();
            for (std::uint32_t t : tickets) {
                if (s.tickets[t].status != TicketStatus::Held) continue;
                Event e = core.make(EventKind::HoldExpired);
                e.ticket = ticketId(s, t);
                core.emit(e);
                core.endTicket(t, TicketStatus::Expired);
                core.releasedTicket(t, "timeout");
            }
            break;
        }
        case TimerKind::PrepayTimeout: {
            Order& order = s.orders[timer.ref];
            if (order.status != OrderStatus::AwaitingPrepay) break;
            countOpen(s, order, -1);
            order.status = OrderStatus::Cancelled;
            Event e = core.make(EventKind::WaitlistCancelled);
            e.id = orderId(s, order);
            e.reason = "prepay_timeout";
            core.emit(e);
            break;
        }
        case TimerKind::OrderExpiry: {
            Order& order = s.orders[timer.ref];
            // An added run may have moved the expiry later: a later timer stands for it.
            if (order.status != OrderStatus::Queued || expiryOf(s, order) != timer.due) break;
            core.leaveQueues(order, OrderStatus::Expired);
            Event e = core.make(EventKind::WaitlistExpired);
            e.id = orderId(s, order);
            core.emit(e);
            break;
        }
    }
}

// Takes the earliest timer due at or before `until`; false when none is.
bool popDueTimer(EngineState& s, Time until, Timer& out) {
    if (s.timers.empty() || s.timers.top().due > until) return false;
    out = s.timers.top();
    s.timers.pop();
    s.clock = std::max(s.clock, out.due);
    return true;
}

// Fires every timer due at or before `until`, oldest first, matching after each.
void fireTimers(Core& core, Time until) {
    Timer timer;
    while (popDueTimer(core.s, until, timer)) {
        fireTimer(core, timer);
        runMatching(core);
    }
}

}  // namespace

// "3-1A", "03-01A", "03-12A" -> "03-01A", "03-01A", "03-12A"; empty when malformed.
std::string canonicalSeatLabel(std::string_view text) {
    const auto dash = text.find('-');
    if (dash == std::string::npos || dash == 0 || dash > 2 || text.size() < dash + 3) return {};
    const char letter = text.back();
    if (letter < 'A' || letter > 'Z') return {};
    int car = 0, row = 0;
    for (std::size_t i = 0; i < dash; ++i) {
        if (text[i] < '0' || text[i] > '9') return {};
        car = car * 10 + (text[i] - '0');
    }
    const std::size_t rowDigits = text.size() - dash - 2;
    if (rowDigits < 1 || rowDigits > 2) return {};
    for (std::size_t i = dash + 1; i + 1 < text.size(); ++i) {
        if (text[i] < '0' || text[i] > '9') return {};
        row = row * 10 + (text[i] - '0');
    }
    return seatLabel(car, row, letter);
}

// ---- step mode ----------------------------------------------------------------

// The steps of Engine::apply() as a resumable machine: the time check, each due
// timer followed by its matching pass, the command, its matching pass. It stops
// before every matching decision.
struct StepRun::Impl {
    Impl(Engine* owner, EngineState& state, const Command& cmd, int line, EventSink& sink)
        : engine(owner), s(state), core(state, sink, line), command(cmd) {}

    Engine* engine;  // nullptr once the engine is gone
    EngineState& s;
    Core core;
    Command command;
    Time at = 0;
    bool commandDone = false;
    bool done = false;
    std::unique_ptr<Matcher> matcher;
    std::optional<Decision> decision;
    StepDecision pending;
    StepPass pass;
    std::size_t applied = 0;

    void start() {
        at = command.at.value_or(s.clock);
        if (const auto refused = refuseUpFront(s, command)) {
            core.error(refused->code, refused->message);
            done = true;
            return;
        }
        advance();
    }

    void startMatching() {
        if (!matchingDue(core)) return;
        matcher = std::make_unique<Matcher>(core, /*describe=*/true);
        matcher->begin();
    }

    // Runs until a decision is pending or everything is applied.
    void advance() {
        while (!done) {
            if (matcher) {
                decision = matcher->next();
                if (decision) {
                    describe();
                    return;
                }
                matcher.reset();
                continue;
            }
            if (commandDone) {
                done = true;
                break;
            }
            Timer timer;
            if (popDueTimer(s, at, timer)) {
                fireTimer(core, timer);
                startMatching();
                continue;
            }
            s.clock = at;
            Apply(core, command).run();
            commandDone = true;
            startMatching();
        }
    }

    void step() {
        if (done || !decision) return;
        matcher->apply(*decision);
        decision.reset();
        ++applied;
        advance();
    }

    void describe() {
        const Decision& d = *decision;
        const Order& order = s.orders[d.order];
        pending = StepDecision{};
        pending.kind = d.kind == Decision::Kind::Serve  ? StepDecision::Kind::Serve
                       : d.kind == Decision::Kind::Fail ? StepDecision::Kind::Fail
                                                        : StepDecision::Kind::Skip;
        pending.order = orderId(s, order);
        pending.passengers = order.groupSize();
        pending.reason = d.reason;
        pending.freeSeats = d.freeSeats;
        pending.standing = d.standing;
        pending.passenger = d.passenger;
        auto place = [&](std::uint32_t runIndex, int cls, int from, int to) {
            const Run& run = s.runs[runIndex];
            pending.train = run.train;
            pending.date = run.date;
            pending.travelClass = run.classes[cls].name;
            pending.from = from;
            pending.to = to;
        };
        if (d.kind == Decision::Kind::Serve) {
            const OrderOption& opt = order.options()[d.option];
            place(opt.run, opt.travelClass, opt.from, opt.to);
            for (std::uint32_t seat : d.seats)
                pending.seats.push_back(s.runs[opt.run].seats[seat].label());
        } else if (d.queue != kNone) {
            const Queue& q = s.queues[d.queue];
            place(q.run, q.travelClass, q.from, q.to);
        }

        const Matcher::PhaseInfo* info = matcher->current();
        pass = StepPass{};
        if (!info) return;
        switch (info->cause) {
            case Matcher::Cause::Release:
                pass.cause = StepPass::Cause::Release;
                break;
            case Matcher::Cause::AddedCar:
                pass.cause = StepPass::Cause::AddedCar;
                break;
            case Matcher::Cause::NewOrder:
                pass.cause = StepPass::Cause::NewOrder;
                break;
        }
        if (info->run != kNone) {
            const Run& run = s.runs[info->run];
            pass.train = run.train;
            pass.date = run.date;
            if (info->travelClass >= 0) pass.travelClass = run.classes[info->travelClass].name;
            for (const FreedSpan& f : info->spans) {
                const Seat& seat = run.seats[f.seat];
                if (pass.travelClass.empty()) pass.travelClass = run.classes[seat.travelClass].name;
                pass.freed.push_back(StepFreed{seat.label(), f.from, f.to, f.runFrom, f.runTo});
            }
        }
        if (info->onlyOrder != kNone) pass.order = orderId(s, s.orders[info->onlyOrder]);
    }

    std::vector<StepCandidate> candidates(std::size_t limit) const {
        std::vector<StepCandidate> out;
        if (done || !matcher) return out;
        const Matcher::PhaseInfo* info = matcher->current();
        const std::vector<std::uint32_t>* queues = matcher->currentQueues();
        if (!info || !queues) return out;
        struct Entry {
            std::uint32_t order;
            std::uint32_t queue;
            int rank;
        };
        std::vector<Entry> entries;
        auto addQueue = [&](std::uint32_t qi) {
            const Queue& q = s.queues[qi];
            std::vector<std::uint32_t> orders;
            for (const auto& lane : q.lanes)
                for (std::size_t k = lane.head; k < lane.orders.size(); ++k)
                    if (s.orders[lane.orders[k]].status == OrderStatus::Queued)
                        orders.push_back(lane.orders[k]);
            std::sort(orders.begin(), orders.end(), [&](std::uint32_t a, std::uint32_t b) {
                return queuedBefore(s.orders[a], s.orders[b]);
            });
            for (std::size_t i = 0; i < orders.size(); ++i)
                entries.push_back(Entry{orders[i], qi, static_cast<int>(i) + 1});
        };
        if (info->onlyOrder != kNone) {
            const Order& order = s.orders[info->onlyOrder];
            if (order.status == OrderStatus::Queued)
                for (const OrderOption& opt : order.options())
                    entries.push_back(
                        Entry{info->onlyOrder, opt.queue,
                              static_cast<int>(rankIn(s, s.queues[opt.queue], order))});
        } else {
            for (std::uint32_t qi : *queues)
                addQueue(qi);
        }
        // Queue order; an order in several candidate queues is listed once, in its first.
        std::stable_sort(entries.begin(), entries.end(), [&](const Entry& a, const Entry& b) {
            return queuedBefore(s.orders[a.order], s.orders[b.order]);
        });
        for (std::size_t i = 0; i < entries.size() && out.size() < limit; ++i) {
            if (i > 0 && entries[i].order == entries[i - 1].order) continue;
            const Entry& e = entries[i];
            const Queue& q = s.queues[e.queue];
            const Run& run = s.runs[q.run];
            out.push_back(StepCandidate{std::string(orderId(s, s.orders[e.order])),
                                        s.orders[e.order].groupSize(),
                                        run.classes[q.travelClass].name, q.from, q.to, e.rank,
                                        s.orders[e.order].effectiveAt});
        }
        return out;
    }
};

StepRun::StepRun(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

StepRun::~StepRun() {
    if (!impl_->engine) return;
    while (!impl_->done)
        impl_->step();
    impl_->engine->stepping_ = nullptr;
}

bool StepRun::done() const {
    return impl_->done || !impl_->engine;
}
const StepDecision& StepRun::pending() const {
    return impl_->pending;
}
const StepPass& StepRun::pass() const {
    return impl_->pass;
}
std::vector<StepCandidate> StepRun::candidates(std::size_t limit) const {
    if (!impl_->engine) return {};
    return impl_->candidates(limit);
}
std::size_t StepRun::applied() const {
    return impl_->applied;
}
void StepRun::step() {
    if (impl_->engine) impl_->step();
}
void StepRun::finish() {
    while (!done())
        impl_->step();
}

std::unique_ptr<StepRun> Engine::applyStepwise(const Command& command, int line, EventSink& sink) {
    settle();
    std::unique_ptr<StepRun> run(
        new StepRun(std::make_unique<StepRun::Impl>(this, *state_, command, line, sink)));
    stepping_ = run.get();
    run->impl_->start();
    return run;
}

void Engine::settle() {
    if (!stepping_) return;
    stepping_->finish();
    // Finished: the StepRun no longer needs the engine (nor may it outlive it safely).
    stepping_->impl_->engine = nullptr;
    stepping_ = nullptr;
}

Engine::Engine(EngineOptions options) : state_(std::make_unique<EngineState>(options)) {}
Engine::~Engine() {
    // A StepRun that outlives its engine must not touch the state any more.
    if (stepping_) stepping_->impl_->engine = nullptr;
}

void Engine::apply(const Command& command, int line, EventSink& sink) {
    settle();
    EngineState& s = *state_;
    Core core(s, sink, line);
    if (const auto refused = refuseUpFront(s, command)) {
        core.error(refused->code, refused->message);
        return;
    }
    const Time at = command.at.value_or(s.clock);
    fireTimers(core, at);
    s.clock = at;
    Apply(core, command).run();
    runMatching(core);
}

void Engine::mark() {
    settle();
    if (!marks_.empty()) marks_.back()->attach(false);
    marks_.push_back(std::make_unique<UndoLog>(*state_));
    state_->undo = marks_.back().get();
}

bool Engine::undo() {
    if (marks_.empty()) return false;
    // A command paused between decisions goes back too: its StepRun stops here.
    if (stepping_) {
        stepping_->impl_->engine = nullptr;
        stepping_ = nullptr;
    }
    marks_.back()->restore();
    marks_.pop_back();
    state_->undo = marks_.empty() ? nullptr : marks_.back().get();
    if (state_->undo) state_->undo->attach(true);
    return true;
}

std::size_t Engine::marks() const {
    return marks_.size();
}

void Engine::dropMarks() {
    settle();
    if (marks_.empty()) return;
    marks_.back()->attach(false);
    marks_.clear();
    state_->undo = nullptr;
}

void Engine::dryRun(const Command& command, int line, EventSink& sink) {
    mark();
    apply(command, line, sink);
    undo();
}

void Engine::rejectMalformed(int line, const std::string& message, EventSink& sink) {
    settle();
    Core core(*state_, sink, line);
    core.error(ErrorCode::BadCommand, message);
}

void Engine::setTraceSink(EventSink* sink) {
    state_->traceSink = sink;
}

Time Engine::clock() const {
    return state_->clock;
}
std::uint64_t Engine::lastSeq() const {
    return state_->seq;
}
const EngineOptions& Engine::options() const {
    return state_->options;
}

const LimitValues& Engine::limits() const {
    return state_->limits;
}

EngineSummary Engine::summary() const {
    const EngineState& s = *state_;
    EngineSummary sum;
    sum.runs = static_cast<std::int64_t>(s.runs.size());
    for (const Run& r : s.runs)
        sum.seats += static_cast<std::int64_t>(r.seats.size());
    for (const Ticket& t : s.tickets) {
        switch (t.status) {
            case TicketStatus::Held:
                ++sum.ticketsHeld;
                break;
            case TicketStatus::Paid:
                ++sum.ticketsPaid;
                break;
            case TicketStatus::Refunded:
                ++sum.ticketsRefunded;
                break;
            case TicketStatus::Expired:
                ++sum.ticketsExpired;
                break;
        }
    }
    for (const Block& b : s.blocks)
        sum.blocksLive += !b.released;
    for (const Order& o : s.orders) {
        switch (o.status) {
            case OrderStatus::AwaitingPrepay:
                ++sum.ordersAwaitingPrepay;
                break;
            case OrderStatus::Queued:
                ++sum.ordersQueued;
                break;
            case OrderStatus::Fulfilled:
                ++sum.ordersFulfilled;
                break;
            case OrderStatus::Cancelled:
                ++sum.ordersCancelled;
                break;
            case OrderStatus::Expired:
                ++sum.ordersExpired;
                break;
            case OrderStatus::Failed:
                ++sum.ordersFailed;
                break;
        }
    }
    return sum;
}

std::vector<RecordStatus> Engine::records() const {
    std::vector<RecordStatus> out;
    out.reserve(state_->tickets.size() + state_->orders.size() + state_->blocks.size());
    forEachRecord([&](RecordStatus::Kind kind, std::string_view id, std::string_view status) {
        out.push_back({kind, std::string(id), std::string(status)});
    });
    return out;
}

void Engine::forEachRecord(const std::function<void(RecordStatus::Kind, std::string_view id,
                                                    std::string_view status)>& visit) const {
    const EngineState& s = *state_;
    for (std::uint32_t t = 0; t < s.tickets.size(); ++t)
        visit(RecordStatus::Kind::Ticket, ticketId(s, t), statusName(s.tickets[t].status));
    for (const Order& o : s.orders)
        visit(RecordStatus::Kind::Order, orderId(s, o), orderStatusName(o.status));
    for (const Block& b : s.blocks)
        visit(RecordStatus::Kind::Block, b.id, b.released ? "released" : "live");
}

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
                    if (t.from != o.from || t.to != o.to)
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
    if (s.queueTallies.size() != s.queues.size()) return "queue tallies missing";
    for (std::size_t q = 0; q < s.queues.size(); ++q) {
        const Queue& queue = s.queues[q];
        std::uint32_t passengers = 0;
        for (int lane = 0; lane < kMaxGroup; ++lane)
            passengers += queue.liveBySize[static_cast<std::size_t>(lane)] *
                          static_cast<std::uint32_t>(lane + 1);
        const EngineState::QueueTally& t = s.queueTallies[q];
        if (t.run != queue.run || t.orders != queue.live() || t.passengers != passengers)
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
    std::vector<std::uint32_t> accepting(s.queues.size(), 0);
    for (const Order& order : s.orders) {
        if (order.status != OrderStatus::Queued) continue;
        for (const auto& opt : order.options()) {
            classQueued[opt.run][opt.travelClass] += order.groupSize();
            if (order.flags & kAcceptsStanding) ++accepting[opt.queue];
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
        }
    }
    for (std::size_t q = 0; q < s.queues.size(); ++q)
        if (accepting[q] != s.queues[q].acceptingStanding)
            return "orders accepting standing in a queue disagree";
    return {};
}

const char* eventName(EventKind kind) {
    switch (kind) {
        case EventKind::TrainDefined:
            return "train_defined";
        case EventKind::CarAdded:
            return "car_added";
        case EventKind::TicketHeld:
            return "ticket_held";
        case EventKind::TicketPaid:
            return "ticket_paid";
        case EventKind::TicketRefunded:
            return "ticket_refunded";
        case EventKind::HoldExpired:
            return "hold_expired";
        case EventKind::SeatReleased:
            return "seat_released";
        case EventKind::BlockCreated:
            return "block_created";
        case EventKind::BlockReleased:
            return "block_released";
        case EventKind::WaitlistSubmitted:
            return "waitlist_submitted";
        case EventKind::WaitlistEffective:
            return "waitlist_effective";
        case EventKind::WaitlistFulfilled:
            return "waitlist_fulfilled";
        case EventKind::WaitlistCancelled:
            return "waitlist_cancelled";
        case EventKind::WaitlistExpired:
            return "waitlist_expired";
        case EventKind::Position:
            return "position";
        case EventKind::Availability:
            return "availability";
        case EventKind::Seatmap:
            return "seatmap";
        case EventKind::Duplicate:
            return "duplicate";
        case EventKind::Error:
            return "error";
        case EventKind::MatchConsidered:
            return "match_considered";
        case EventKind::MatchSkipped:
            return "match_skipped";
        case EventKind::OptionAdded:
            return "option_added";
        case EventKind::WaitlistFailed:
            return "waitlist_failed";
        case EventKind::Configured:
            return "configured";
        case EventKind::WaitlistCapped:
            return "waitlist_capped";
    }
    return "";
}

}  // namespace houbu
