#include "houbu/engine.h"

#include <algorithm>
#include <array>
#include <climits>
#include <cmath>
#include <cstdio>
#include <optional>
#include <set>

#include "core.h"
#include "matcher.h"
#include "seat_choice.h"

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

// Fare of one passenger in fen: yuan per km x km, rounded up to the next 0.5 yuan
// (the railway's fare rounding). The small tolerance absorbs binary fractions.
std::int64_t fareFen(double yuanPerKm, double km) {
    const double halfYuans = std::ceil(yuanPerKm * km * 2.0 - 1e-9);
    return static_cast<std::int64_t>(std::max(0.0, halfYuans)) * 50;
}

// One command's application. Validation methods return false after emitting
// the error; nothing is mutated until every check has passed.
class Apply {
  public:
    Apply(Core& core, const Command& cmd) : c(core), s(core.s), cmd(cmd) {}

    void run() {
        switch (cmd.op) {
            case Op::Train:
                return train();
            case Op::AddCar:
                return addCar();
            case Op::Sell:
                return sell();
            case Op::Pay:
                return pay();
            case Op::Refund:
                return refund();
            case Op::Reschedule:
                return reschedule();
            case Op::Block:
                return block();
            case Op::Release:
                return release();
            case Op::Waitlist:
                return waitlist();
            case Op::Prepay:
                return prepay();
            case Op::Cancel:
                return cancel();
            case Op::Advance:
                return;
            case Op::Position:
                return position();
            case Op::Availability:
                return availability();
            case Op::Seatmap:
                return seatmap();
        }
    }

  private:
    Core& c;
    EngineState& s;
    const Command& cmd;

    // ---- lookups -------------------------------------------------------------

    // True when the id is fresh. Otherwise answers duplicate or id_conflict.
    bool freshId() {
        const IdRecord* rec = s.ids.find(cmd.id);
        if (!rec) return true;
        if (rec->fingerprint == cmd.fingerprint) {
            duplicate(cmd.id);
        } else {
            c.error("id_conflict", "id '" + cmd.id +
                                       "' is already used by a different command; choose a new "
                                       "id or resend the original command unchanged");
        }
        return false;
    }

    void duplicate(const std::string& id) {
        Event e = c.make(EventKind::Duplicate);
        e.id = id;
        c.emit(e);
    }

    int runOf(const std::string& train, const std::string& date) {
        // The key is built in a buffer kept across commands: "G1234\x1f2024-02-08" is
        // one byte too long for the short-string buffer, and this runs per option.
        std::string& key = s.runKey;
        key.assign(train).append(1, '\x1f').append(date);
        auto it = s.runIndex.find(key);
        if (it == s.runIndex.end()) {
            c.error("unknown_train", "unknown train run " + train + " on " + date);
            return -1;
        }
        return static_cast<int>(it->second);
    }

    int stationOf(const Run& run, const std::string& name, const char* field) {
        auto it = run.stationIndex.find(name);
        if (it == run.stationIndex.end()) {
            c.error("unknown_station", std::string(field) + ": station '" + name +
                                           "' is not a stop of " + runName(run));
            return -1;
        }
        return it->second;
    }

    // Resolves from/to into stop indices with from before to.
    bool intervalOf(const Run& run, const std::string& from, const std::string& to, int& f,
                    int& t) {
        f = stationOf(run, from, "from");
        if (f < 0) return false;
        t = stationOf(run, to, "to");
        if (t < 0) return false;
        if (f == t) {
            c.error("bad_interval", "from and to are the same station '" + from + "'");
            return false;
        }
        if (f > t) {
            c.error("bad_interval", "interval " + from + "\xe2\x86\x92" + to + " is reversed: " +
                                        to + " comes before " + from + " on " + runName(run));
            return false;
        }
        return true;
    }

    int classOf(const Run& run, const std::string& name) {
        const int k = run.classIndex(name);
        if (k < 0) c.error("unknown_class", "class '" + name + "' has no car on " + runName(run));
        return k;
    }

    int seatOf(const Run& run, const std::string& label) {
        const std::uint32_t seat = findSeat(run, canonicalSeatLabel(label));
        if (seat == kNone) {
            c.error("unknown_seat", "seat '" + label + "' does not exist on " + runName(run));
            return -1;
        }
        return static_cast<int>(seat);
    }

    // The sale an id names: a sale, or a fulfilled waitlist order's tickets.
    int saleOf(const std::string& id) {
        if (const IdRecord* rec = s.ids.find(id)) {
            if (rec->kind == IdKind::Sale) return static_cast<int>(rec->index);
            if (rec->kind == IdKind::Order && s.orders[rec->index].saleIndex != kNone)
                return static_cast<int>(s.orders[rec->index].saleIndex);
        }
        c.error("unknown_sale", "no sale with id '" + id + "'");
        return -1;
    }

    int orderOf(const std::string& id) {
        const IdRecord* rec = s.ids.find(id);
        if (!rec || rec->kind != IdKind::Order) {
            c.error("unknown_order", "no waitlist order with id '" + id + "'");
            return -1;
        }
        return static_cast<int>(rec->index);
    }

    int ticketOf(const std::string& id) {
        const std::uint32_t index = findTicket(s, id);
        if (index == kNone) {
            c.error("unknown_ticket", "no ticket with id '" + id + "'");
            return -1;
        }
        return static_cast<int>(index);
    }

    // ---- passenger conflicts ---------------------------------------------------

    static bool travelOverlaps(const EngineState& s, std::uint32_t runA, int fromA, int toA,
                               std::uint32_t runB, int fromB, int toB) {
        if (runA == runB) return (segmentMask(fromA, toA) & segmentMask(fromB, toB)) != 0;
        const Run& a = s.runs[runA];
        const Run& b = s.runs[runB];
        const Time a0 = a.stops[fromA].leaves(), a1 = a.stops[toA].reaches();
        const Time b0 = b.stops[fromB].leaves(), b1 = b.stops[toB].reaches();
        if (a0 < 0 || a1 < 0 || b0 < 0 || b1 < 0) return false;
        return a0 < b1 && b0 < a1;
    }

    // Checks that none of `passengers` holds a live ticket overlapping the trip
    // (ignoring `ignoreTicket`), and that no name appears twice. `lists`, when
    // given, holds each passenger's entry of EngineState::passengers (nullptr when
    // absent), looked up once for all of an order's options.
    using TicketList = PassengerTickets;
    bool noPassengerConflict(const std::vector<std::string>& passengers, std::uint32_t run,
                             int from, int to, std::uint32_t ignoreTicket,
                             const TicketList* const* lists = nullptr) {
        for (std::size_t i = 0; i < passengers.size(); ++i) {
            for (std::size_t j = 0; j < i; ++j) {
                if (passengers[i] == passengers[j]) {
                    c.error("passenger_conflict",
                            "passenger '" + passengers[i] + "' is named twice in one sale");
                    return false;
                }
            }
            const TicketList* mine = lists ? lists[i] : s.passengers.find(passengers[i]);
            if (!mine) continue;
            for (std::uint32_t t = mine->first; t != kNone; t = s.tickets[t].nextOfPassenger) {
                const Ticket& other = s.tickets[t];
                if (t == ignoreTicket || !other.live()) continue;
                if (travelOverlaps(s, run, from, to, other.run, other.from, other.to)) {
                    const Run& r = s.runs[other.run];
                    c.error("passenger_conflict",
                            "passenger '" + passengers[i] + "' already travels on " + r.train +
                                " " + r.date + " " + c.interval(r, other.from, other.to) +
                                " (ticket " + ticketId(s, t) + ") at an overlapping time");
                    return false;
                }
            }
        }
        return true;
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
        const Seat& seat = run.seats[t.seat];
        Event e = c.make(EventKind::TicketHeld);
        e.ticket = ticketId(s, ticket);
        e.sale = saleId(s, s.sales[t.sale]);
        e.passenger = passengerOf(s, t);
        e.train = run.train;
        e.date = run.date;
        e.travelClass = run.classes[seat.travelClass].name;
        e.seat = seat.label();
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
        const Ticket& t = s.tickets[ticket];
        const std::uint32_t run = t.run, seat = t.seat;
        const int from = t.from, to = t.to;
        c.endTicket(ticket, TicketStatus::Refunded);
        c.released(run, seat, from, to, reason);
    }

    std::uint32_t queueFor(std::uint32_t runIndex, std::uint16_t cls, int from, int to) {
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

    // The latest instant any option's train leaves the order's `from` station;
    // -1 when some option never departs (no time given).
    Time lastDeparture(const Order& order) const {
        Time latest = -1;
        for (const auto& opt : order.options()) {
            const Time t = s.runs[opt.run].stops[opt.from].leaves();
            if (t < 0) return -1;
            latest = std::max(latest, t);
        }
        return latest;
    }

    bool stillBookable(const Order& order) {
        if (order.deadline >= 0 && order.deadline <= s.clock) {
            c.error("deadline_passed", "deadline " + formatTime(order.deadline) +
                                           " is not after the clock " + formatTime(s.clock));
            return false;
        }
        const Time leaves = lastDeparture(order);
        if (leaves >= 0 && leaves <= s.clock) {
            c.error("departed", "every option's train has already left " + orderFrom(s, order) +
                                    " (last at " + formatTime(leaves) + ")");
            return false;
        }
        return true;
    }

    // ---- commands ---------------------------------------------------------------

    void train() {
        const std::string key = cmd.train + '\x1f' + cmd.date;
        if (s.runIndex.count(key)) {
            c.error("train_exists",
                    "train run " + cmd.train + " on " + cmd.date + " is already defined");
            return;
        }
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

        Event e = c.make(EventKind::TrainDefined);
        e.train = run.train;
        e.date = run.date;
        e.count = static_cast<std::int64_t>(run.seats.size());
        s.runIndex.emplace(key, static_cast<std::uint32_t>(s.runs.size()));
        s.runs.push_back(std::move(run));
        c.emit(e);
    }

    void addCar() {
        const int r = runOf(cmd.train, cmd.date);
        if (r < 0) return;
        Run& run = s.runs[r];
        const CarSpec& spec = cmd.cars.front();
        for (const auto& car : run.cars) {
            if (car.number == spec.car) {
                c.error("car_exists",
                        "car " + std::to_string(spec.car) + " already runs on " + runName(run));
                return;
            }
        }
        const std::size_t firstSeat = run.seats.size();
        buildCar(run, spec);
        const auto cls = static_cast<std::uint16_t>(run.classIndex(spec.travelClass));

        Event e = c.make(EventKind::CarAdded);
        e.train = run.train;
        e.date = run.date;
        e.car = spec.car;
        e.travelClass = spec.travelClass;
        for (std::size_t i = firstSeat; i < run.seats.size(); ++i)
            e.seatList.push_back(run.seats[i].label());
        c.emit(e);
        for (std::size_t i = firstSeat; i < run.seats.size(); ++i)
            c.released(static_cast<std::uint32_t>(r), static_cast<std::uint32_t>(i), 0,
                       run.segments(), "extra_car");
        // The whole class is candidate for matching; the per-seat freed list adds nothing.
        c.freed.clear();
        c.addedCars.emplace_back(static_cast<std::uint32_t>(r), cls);
    }

    void sell() {
        if (!freshId()) return;
        const int r = runOf(cmd.train, cmd.date);
        if (r < 0) return;
        const Run& run = s.runs[r];
        int from = 0, to = 0;
        if (!intervalOf(run, cmd.from, cmd.to, from, to)) return;
        const int cls = classOf(run, cmd.travelClass);
        if (cls < 0) return;
        const int n = static_cast<int>(cmd.passengers.size());

        std::vector<std::uint32_t> seats;
        if (!cmd.seats.empty()) {
            const SegmentMask want = segmentMask(from, to);
            for (const auto& label : cmd.seats) {
                const int seat = seatOf(run, label);
                if (seat < 0) return;
                const Seat& st = run.seats[seat];
                if (st.travelClass != cls) {
                    c.error("wrong_class", "seat " + st.label() + " is " +
                                               run.classes[st.travelClass].name + ", not " +
                                               cmd.travelClass);
                    return;
                }
                if (std::find(seats.begin(), seats.end(), static_cast<std::uint32_t>(seat)) !=
                    seats.end()) {
                    c.error("bad_command", "seats: names seat " + st.label() + " twice");
                    return;
                }
                if (st.mask & want) {
                    std::string holder;
                    for (const auto& o : st.occupants)
                        if (segmentMask(o.from, o.to) & want)
                            holder = o.kind == HolderKind::Ticket
                                         ? "ticket " + ticketId(s, o.ref)
                                         : "block " + std::string(s.blocks[o.ref].id);
                    c.error("seat_taken", "seat " + st.label() + " is taken on " +
                                              c.interval(run, from, to) + " (" + holder + ")");
                    return;
                }
                seats.push_back(static_cast<std::uint32_t>(seat));
            }
        }
        if (!noPassengerConflict(cmd.passengers, r, from, to, kNone)) return;
        if (seats.empty()) {
            seats = chooseSeats(run, cls, from, to, n, cmd.prefer, s.options.seatChoice);
            if (seats.empty()) {
                const int free = countFree(run, cls, from, to, INT_MAX);
                c.error("sold_out",
                        "sold out: " + std::to_string(n) + (n == 1 ? " seat" : " seats") +
                            " wanted in " + cmd.travelClass + " on " + c.interval(run, from, to) +
                            ", " + std::to_string(free) +
                            " free; a waitlist order can wait for one",
                        true);
                return;
            }
        }

        const Time payBy = s.clock + run.holdMinutes * kMinute;
        const std::uint32_t sale = newSale(cmd.id, r, payBy);
        for (int i = 0; i < n; ++i) {
            const std::uint32_t t = c.addTicket(sale, i + 1, cmd.passengers[i], r, seats[i], from,
                                                to, TicketStatus::Held);
            emitHeld(t, payBy);
        }
        c.setTimer(TimerKind::HoldExpiry, sale, payBy);
    }

    void pay() {
        const int sale = saleOf(cmd.id);
        if (sale < 0) return;
        std::vector<std::uint32_t> held;
        bool anyExpired = false, anyPaid = false;
        for (std::uint32_t t : s.sales[sale].tickets()) {
            if (s.tickets[t].status == TicketStatus::Held) held.push_back(t);
            anyExpired |= s.tickets[t].status == TicketStatus::Expired;
            // A refunded ticket of a sale that was paid still counts as paid.
            anyPaid |= s.tickets[t].status == TicketStatus::Paid || s.tickets[t].paid;
        }
        if (held.empty()) {
            if (anyPaid) return duplicate(cmd.id);
            if (anyExpired) {
                c.error("sale_expired", "sale '" + cmd.id + "' was not paid by " +
                                            formatTime(s.sales[sale].payBy) +
                                            " and its hold expired");
            } else {
                c.error(
                    "not_payable",
                    "sale '" + cmd.id + "' has no ticket awaiting payment: it was refunded unpaid");
            }
            return;
        }
        for (std::uint32_t t : held) {
            s.tickets[t].status = TicketStatus::Paid;
            s.tickets[t].paid = true;
            emitTicket(EventKind::TicketPaid, t);
        }
    }

    void refund() {
        if (!cmd.ticket.empty()) {
            const int t = ticketOf(cmd.ticket);
            if (t < 0) return;
            const Ticket& ticket = s.tickets[t];
            if (ticket.status == TicketStatus::Refunded) return duplicate(cmd.ticket);
            if (!ticket.live()) {
                c.error("not_refundable", "ticket " + ticketId(s, static_cast<std::uint32_t>(t)) +
                                              " is " + statusName(ticket.status) +
                                              ", nothing to refund");
                return;
            }
            refundTicket(static_cast<std::uint32_t>(t), "refund");
            return;
        }
        const int sale = saleOf(cmd.id);
        if (sale < 0) return;
        std::vector<std::uint32_t> live;
        bool anyRefunded = false;
        for (std::uint32_t t : s.sales[sale].tickets()) {
            if (s.tickets[t].live()) live.push_back(t);
            anyRefunded |= s.tickets[t].status == TicketStatus::Refunded;
        }
        if (live.empty()) {
            if (anyRefunded) return duplicate(cmd.id);
            c.error("not_refundable",
                    "sale '" + cmd.id + "' has no live ticket (its hold expired)");
            return;
        }
        for (std::uint32_t t : live)
            refundTicket(t, "refund");
    }

    void reschedule() {
        if (!freshId()) return;
        const int old = ticketOf(cmd.ticket);
        if (old < 0) return;
        if (!s.tickets[old].live()) {
            c.error("not_refundable", "ticket " + ticketId(s, static_cast<std::uint32_t>(old)) +
                                          " is " + statusName(s.tickets[old].status) +
                                          " and cannot be rescheduled");
            return;
        }
        if (s.tickets[old].status != TicketStatus::Paid) {
            // 改签 exchanges a paid ticket; a held one is paid or cancelled first.
            c.error("not_paid", "ticket " + ticketId(s, static_cast<std::uint32_t>(old)) +
                                    " is held, not paid: pay it before rescheduling, or refund it");
            return;
        }
        const int r = runOf(cmd.train, cmd.date);
        if (r < 0) return;
        const Run& run = s.runs[r];
        int from = 0, to = 0;
        if (!intervalOf(run, cmd.from, cmd.to, from, to)) return;
        const int cls = classOf(run, cmd.travelClass);
        if (cls < 0) return;
        const std::string passenger(passengerOf(s, s.tickets[old]));
        if (!noPassengerConflict({passenger}, r, from, to, static_cast<std::uint32_t>(old))) return;
        const auto seats = chooseSeats(run, cls, from, to, 1, cmd.prefer, s.options.seatChoice);
        if (seats.empty()) {
            c.error("sold_out",
                    "sold out: no seat in " + cmd.travelClass + " on " + c.interval(run, from, to) +
                        " for the reschedule; ticket " +
                        ticketId(s, static_cast<std::uint32_t>(old)) + " is unchanged",
                    true);
            return;
        }
        const Time payBy = s.clock + run.holdMinutes * kMinute;
        const std::uint32_t sale = newSale(cmd.id, r, payBy);
        const std::uint32_t t =
            c.addTicket(sale, 1, passenger, r, seats[0], from, to, TicketStatus::Paid);
        emitHeld(t, payBy);
        emitTicket(EventKind::TicketPaid, t);
        refundTicket(static_cast<std::uint32_t>(old), "reschedule");
    }

    void block() {
        if (!freshId()) return;
        const int r = runOf(cmd.train, cmd.date);
        if (r < 0) return;
        const Run& run = s.runs[r];
        int from = 0, to = 0;
        if (!intervalOf(run, cmd.from, cmd.to, from, to)) return;
        const int cls = classOf(run, cmd.travelClass);
        if (cls < 0) return;
        const SegmentMask want = segmentMask(from, to);
        std::vector<std::uint32_t> seats;
        if (!cmd.seats.empty()) {
            for (const auto& label : cmd.seats) {
                const int seat = seatOf(run, label);
                if (seat < 0) return;
                const Seat& st = run.seats[seat];
                if (st.travelClass != cls) {
                    c.error("wrong_class", "seat " + st.label() + " is " +
                                               run.classes[st.travelClass].name + ", not " +
                                               cmd.travelClass);
                    return;
                }
                if (std::find(seats.begin(), seats.end(), static_cast<std::uint32_t>(seat)) !=
                    seats.end()) {
                    c.error("bad_command", "seats: names seat " + st.label() + " twice");
                    return;
                }
                if (st.mask & want) {
                    c.error("seat_taken",
                            "seat " + st.label() + " is taken on " + c.interval(run, from, to));
                    return;
                }
                seats.push_back(static_cast<std::uint32_t>(seat));
            }
        } else {
            const int free = countFree(run, cls, from, to, *cmd.count);
            if (free < *cmd.count) {
                c.error("sold_out", "cannot block " + std::to_string(*cmd.count) + " seats in " +
                                        cmd.travelClass + " on " + c.interval(run, from, to) +
                                        ": only " + std::to_string(free) + " free");
                return;
            }
        }

        const auto index = static_cast<std::uint32_t>(s.blocks.size());
        Block b;
        b.id = s.ids.insert(cmd.id, IdRecord{IdKind::Block, index, cmd.fingerprint});
        b.run = static_cast<std::uint32_t>(r);
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

    void release() {
        if (!cmd.id.empty()) return releaseBlock();
        const int r = runOf(cmd.train, cmd.date);
        if (r < 0) return;
        const Run& run = s.runs[r];
        const int seat = seatOf(run, cmd.seat);
        if (seat < 0) return;
        int from = 0, to = 0;
        if (!intervalOf(run, cmd.from, cmd.to, from, to)) return;
        const SegmentMask range = segmentMask(from, to);
        std::vector<Occupant> freeing;
        for (const Occupant& o : run.seats[seat].occupants) {
            const SegmentMask held = segmentMask(o.from, o.to);
            if (!(held & range)) continue;
            if (held & ~range) {
                const bool ticket = o.kind == HolderKind::Ticket;
                c.error(ticket ? "partial_ticket" : "partial_block",
                        std::string(ticket ? "ticket " + ticketId(s, o.ref)
                                           : "block " + std::string(s.blocks[o.ref].id)) +
                            " on seat " + run.seats[seat].label() + " covers " +
                            c.interval(run, o.from, o.to) + ", reaching outside " +
                            c.interval(run, from, to) + "; release its whole interval instead");
                return;
            }
            freeing.push_back(o);
        }
        if (freeing.empty()) {
            c.error("nothing_to_release", "seat " + run.seats[seat].label() +
                                              " has no ticket or block on " +
                                              c.interval(run, from, to));
            return;
        }
        const std::string reason = cmd.reason;
        for (const Occupant& o : freeing) {
            if (o.kind == HolderKind::Ticket) {
                refundTicket(o.ref, reason.c_str());
                continue;
            }
            Block& b = s.blocks[o.ref];
            b.seats.erase(
                std::remove(b.seats.begin(), b.seats.end(), static_cast<std::uint32_t>(seat)),
                b.seats.end());
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

    void releaseBlock() {
        const IdRecord* rec = s.ids.find(cmd.id);
        if (!rec || rec->kind != IdKind::Block) {
            c.error("unknown_block", "no quota block with id '" + cmd.id + "'");
            return;
        }
        const std::uint32_t index = rec->index;
        Block& b = s.blocks[index];
        if (b.released) return duplicate(cmd.id);
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

    void waitlist() {
        if (!freshId()) return;
        Order order;
        order.deadline = cmd.deadline.value_or(-1);
        std::int64_t dearest = 0;
        // Options are gathered here and kept in the pool only once the order is accepted.
        std::array<OrderOption, 16> options;
        std::size_t optionCount = 0;
        if (cmd.options.size() > options.size()) {
            c.error("bad_command",
                    "options: at most " + std::to_string(options.size()) + " options are allowed");
            return;
        }
        for (const auto& spec : cmd.options) {
            const int r = runOf(spec.train, spec.date);
            if (r < 0) return;
            const Run& run = s.runs[r];
            int from = 0, to = 0;
            if (!intervalOf(run, cmd.from, cmd.to, from, to)) return;
            const int cls = classOf(run, spec.travelClass);
            if (cls < 0) return;
            options[optionCount++] =
                OrderOption{static_cast<std::uint32_t>(r), static_cast<std::uint16_t>(cls),
                            static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to), kNone};
            dearest = std::max(dearest, fareFen(run.classes[cls].farePerKm,
                                                run.stops[to].km - run.stops[from].km));
        }
        order.setOptions(Span<OrderOption>(options.data(), optionCount));
        if (!stillBookable(order)) return;
        // The passengers may not already travel at an overlapping time on any option.
        std::array<const TicketList*, kMaxGroup> lists{};
        const bool listed = cmd.passengers.size() <= lists.size();
        if (listed)
            for (std::size_t i = 0; i < cmd.passengers.size(); ++i)
                lists[i] = s.passengers.find(cmd.passengers[i]);
        for (const auto& opt : order.options())
            if (!noPassengerConflict(cmd.passengers, opt.run, opt.from, opt.to, kNone,
                                     listed ? lists.data() : nullptr))
                return;
        order.setOptions(s.optionPool.add(options.data(), optionCount));
        order.names = OrderNames::store(cmd.user, cmd.passengers, s.text);
        order.passengerCount = static_cast<std::uint8_t>(cmd.passengers.size());
        order.prepayFen = dearest * static_cast<std::int64_t>(order.groupSize());
        order.payBy = s.clock + kPrepayWindow;
        order.submitSeq = ++s.submissions;

        const auto index = static_cast<std::uint32_t>(s.orders.size());
        order.idEntry = s.ids.add(cmd.id, IdRecord{IdKind::Order, index, cmd.fingerprint});
        Event e = c.make(EventKind::WaitlistSubmitted);
        e.id = cmd.id;
        e.prepayFen = order.prepayFen;
        e.payBy = order.payBy;
        c.setTimer(TimerKind::PrepayTimeout, index, order.payBy);
        s.orders.push_back(std::move(order));
        c.emit(e);
    }

    void prepay() {
        const int index = orderOf(cmd.id);
        if (index < 0) return;
        Order& order = s.orders[index];
        if (order.status == OrderStatus::Cancelled) {
            c.error("order_closed", "order '" + cmd.id + "' was cancelled" +
                                        (order.cancelledByUser ? "" : " (not prepaid in time)"));
            return;
        }
        if (order.status != OrderStatus::AwaitingPrepay) return duplicate(cmd.id);
        if (!stillBookable(order)) return;

        order.status = OrderStatus::Queued;
        order.effectiveAt = s.clock;
        ++s.queuedOrders;
        const int lane = order.groupSize() - 1;
        for (auto& opt : order.options()) {
            opt.queue = queueFor(opt.run, opt.travelClass, opt.from, opt.to);
            Queue& q = s.queues[opt.queue];
            auto& entries = q.lanes[lane].orders;
            // Effective times never decrease, so the place is at or near the back.
            auto pos = entries.end();
            while (pos != entries.begin() + q.lanes[lane].head &&
                   queuedBefore(order, s.orders[*(pos - 1)]))
                --pos;
            entries.insert(pos, static_cast<std::uint32_t>(index));
            ++q.liveBySize[lane];
        }
        Event e = c.make(EventKind::WaitlistEffective);
        e.id = cmd.id;
        c.emit(e);

        Time expiry = lastDeparture(order);
        if (order.deadline >= 0)
            expiry = expiry < 0 ? order.deadline : std::min(expiry, order.deadline);
        if (expiry >= 0)
            c.setTimer(TimerKind::OrderExpiry, static_cast<std::uint32_t>(index), expiry);
        c.newOrder = static_cast<std::uint32_t>(index);
    }

    void cancel() {
        const int index = orderOf(cmd.id);
        if (index < 0) return;
        Order& order = s.orders[index];
        switch (order.status) {
            case OrderStatus::AwaitingPrepay:
                order.status = OrderStatus::Cancelled;
                break;
            case OrderStatus::Queued:
                c.leaveQueues(order, OrderStatus::Cancelled);
                break;
            case OrderStatus::Cancelled:
                if (order.cancelledByUser) return duplicate(cmd.id);
                c.error("order_closed",
                        "order '" + cmd.id + "' was already cancelled: not prepaid in time");
                return;
            case OrderStatus::Fulfilled:
                c.error("order_closed",
                        "order '" + cmd.id + "' was already fulfilled; refund its tickets instead");
                return;
            case OrderStatus::Expired:
                c.error("order_closed", "order '" + cmd.id + "' has already expired");
                return;
        }
        order.cancelledByUser = true;
        Event e = c.make(EventKind::WaitlistCancelled);
        e.id = cmd.id;
        e.reason = "user";
        c.emit(e);
    }

    void position() {
        const int index = orderOf(cmd.id);
        if (index < 0) return;
        const Order& order = s.orders[index];
        Event e = c.make(EventKind::Position);
        e.id = cmd.id;
        if (order.status == OrderStatus::Queued) {
            for (const auto& opt : order.options()) {
                const Run& run = s.runs[opt.run];
                e.queues.push_back(QueueRank{run.train, run.date, run.classes[opt.travelClass].name,
                                             rankIn(s, s.queues[opt.queue], order)});
            }
        }
        c.emit(e);
    }

    void availability() {
        const int r = runOf(cmd.train, cmd.date);
        if (r < 0) return;
        const Run& run = s.runs[r];
        int from = 0, to = 0;
        if (!intervalOf(run, cmd.from, cmd.to, from, to)) return;
        const int cls = classOf(run, cmd.travelClass);
        if (cls < 0) return;
        Event e = c.make(EventKind::Availability);
        e.count = countFree(run, cls, from, to, INT_MAX);
        c.emit(e);
    }

    void seatmap() {
        const int r = runOf(cmd.train, cmd.date);
        if (r < 0) return;
        const Run& run = s.runs[r];
        Event e = c.make(EventKind::Seatmap);
        for (std::uint32_t i : seatsInOrder(run)) {
            const Seat& seat = run.seats[i];
            SeatState st;
            st.seat = seat.label();
            st.travelClass = run.classes[seat.travelClass].name;
            for (const Occupant& o : seat.occupants) {
                Occupancy oc;
                oc.from = run.stops[o.from].station;
                oc.to = run.stops[o.to].station;
                if (o.kind == HolderKind::Ticket) {
                    const Ticket& t = s.tickets[o.ref];
                    oc.kind = statusName(t.status);
                    oc.holder = ticketId(s, o.ref);
                    oc.passenger = passengerOf(s, t);
                } else {
                    oc.kind = "block";
                    oc.holder = s.blocks[o.ref].id;
                }
                st.occupied.push_back(std::move(oc));
            }
            e.seatmap.push_back(std::move(st));
        }
        c.emit(e);
    }
};

// True when the gathered triggers call for a matching pass; clears them when
// nobody waits (the usual case for plain sales and refunds).
bool matchingDue(Core& core) {
    if (core.freed.empty() && core.addedCars.empty() && core.newOrder == kNone) return false;
    if (core.s.queuedOrders == 0) {
        core.freed.clear();
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
                const Ticket& ticket = s.tickets[t];
                const std::uint32_t run = ticket.run, seat = ticket.seat;
                const int from = ticket.from, to = ticket.to;
                core.endTicket(t, TicketStatus::Expired);
                core.released(run, seat, from, to, "timeout");
            }
            break;
        }
        case TimerKind::PrepayTimeout: {
            Order& order = s.orders[timer.ref];
            if (order.status != OrderStatus::AwaitingPrepay) break;
            order.status = OrderStatus::Cancelled;
            Event e = core.make(EventKind::WaitlistCancelled);
            e.id = orderId(s, order);
            e.reason = "prepay_timeout";
            core.emit(e);
            break;
        }
        case TimerKind::OrderExpiry: {
            Order& order = s.orders[timer.ref];
            if (order.status != OrderStatus::Queued) break;
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
        if (at < s.clock) {
            core.error("time_went_back", "at " + formatTime(at) + " is before the clock " +
                                             formatTime(s.clock) +
                                             "; the clock only moves forward");
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
        pending.kind =
            d.kind == Decision::Kind::Serve ? StepDecision::Kind::Serve : StepDecision::Kind::Skip;
        pending.order = orderId(s, order);
        pending.passengers = order.groupSize();
        pending.reason = d.reason;
        pending.freeSeats = d.freeSeats;
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
                                        run.classes[q.travelClass].name, q.from, q.to, e.rank});
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
    const Time at = command.at.value_or(s.clock);
    if (at < s.clock) {
        core.error("time_went_back", "at " + formatTime(at) + " is before the clock " +
                                         formatTime(s.clock) + "; the clock only moves forward");
        return;
    }
    fireTimers(core, at);
    s.clock = at;
    Apply(core, command).run();
    runMatching(core);
}

void Engine::rejectMalformed(int line, const std::string& message, EventSink& sink) {
    settle();
    Core core(*state_, sink, line);
    core.error("bad_command", message);
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
        }
    }
    return sum;
}

std::vector<RecordStatus> Engine::records() const {
    const EngineState& s = *state_;
    std::vector<RecordStatus> out;
    out.reserve(s.tickets.size() + s.orders.size() + s.blocks.size());
    for (std::uint32_t t = 0; t < s.tickets.size(); ++t)
        out.push_back(
            {RecordStatus::Kind::Ticket, ticketId(s, t), statusName(s.tickets[t].status)});
    for (const Order& o : s.orders)
        out.push_back(
            {RecordStatus::Kind::Order, std::string(orderId(s, o)), orderStatusName(o.status)});
    for (const Block& b : s.blocks)
        out.push_back(
            {RecordStatus::Kind::Block, std::string(b.id), b.released ? "released" : "live"});
    return out;
}

std::string Engine::checkInvariants() const {
    const EngineState& s = *state_;
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
    for (std::size_t q = 0; q < s.queues.size(); ++q)
        if (live[q] != s.queues[q].liveBySize) return "queue live counts disagree";
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
    }
    return "";
}

}  // namespace houbu
