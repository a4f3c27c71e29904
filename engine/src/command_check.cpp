#include "command_check.h"

#include <algorithm>
#include <climits>
#include <cmath>

#include "core.h"
#include "seat_choice.h"

namespace houbu {
namespace {

// Fare of one passenger in fen: yuan per km x km, rounded up to the next 0.5 yuan
// (the railway's fare rounding). The small tolerance absorbs binary fractions.
std::int64_t fareFen(double yuanPerKm, double km) {
    const double halfYuans = std::ceil(yuanPerKm * km * 2.0 - 1e-9);
    return static_cast<std::int64_t>(std::max(0.0, halfYuans)) * 50;
}

}  // namespace

namespace {

std::optional<Verdict> refused(ErrorCode code, std::string message) {
    Verdict v;
    v.outcome = Verdict::Outcome::Refuse;
    v.code = code;
    v.message = std::move(message);
    return v;
}

// The limits of `configure` that need no state but the limits themselves. The
// messages are those version 1's reader gave for its fixed limits.
std::optional<Verdict> refuseOverLimits(const LimitValues& limits, const Command& cmd) {
    const int passengers = limits.passengers < 0 ? kMaxGroup : limits.passengers;
    const auto n = static_cast<int>(cmd.passengers.size());
    if (n > passengers)
        return refused(ErrorCode::BadCommand, "field 'passengers' must list 1 to " +
                                                  std::to_string(passengers) + " names, got " +
                                                  std::to_string(n));
    // Dates counted in the order they first appear.
    std::vector<std::pair<std::string_view, int>> perDate;
    for (const auto& opt : cmd.options) {
        auto it = std::find_if(perDate.begin(), perDate.end(),
                               [&](const auto& d) { return d.first == opt.date; });
        if (it == perDate.end())
            perDate.emplace_back(opt.date, 1);
        else
            ++it->second;
    }
    if (limits.dates >= 0 && static_cast<int>(perDate.size()) > limits.dates) {
        std::string distinct;
        for (const auto& d : perDate)
            distinct.append(distinct.empty() ? "" : ", ").append(d.first);
        return refused(ErrorCode::BadCommand,
                       "field 'options' spans " + std::to_string(perDate.size()) + " dates (" +
                           distinct + "); at most " + std::to_string(limits.dates) +
                           (limits.dates == 1 ? " date is" : " dates are") + " allowed");
    }
    if (limits.optionsPerDate >= 0)
        for (const auto& [date, count] : perDate)
            if (count > limits.optionsPerDate)
                return refused(ErrorCode::BadCommand,
                               "field 'options' has " + std::to_string(count) + " options on " +
                                   std::string(date) + "; at most " +
                                   std::to_string(limits.optionsPerDate) + " per date are allowed");
    const int options = limits.options < 0 ? kMaxListedOptions : limits.options;
    if (static_cast<int>(cmd.options.size()) > options)
        return refused(ErrorCode::BadCommand,
                       "field 'options' lists " + std::to_string(cmd.options.size()) +
                           " options; at most " + std::to_string(options) + " are allowed");
    return std::nullopt;
}

}  // namespace

std::optional<Verdict> refuseUpFront(const EngineState& s, const Command& cmd) {
    // The same order again is a duplicate, whatever the limits are now: it was
    // within them when it was taken (a limit lowered later touches no order).
    const IdRecord* same = cmd.op == Op::Waitlist ? s.ids.find(cmd.id) : nullptr;
    const bool resent = same && same->kind == IdKind::Order && same->fingerprint == cmd.fingerprint;
    if (cmd.op == Op::Waitlist && !resent)
        if (auto v = refuseOverLimits(s.limits, cmd)) return v;
    const Time at = cmd.at.value_or(s.clock);
    if (at >= s.clock) return std::nullopt;
    return refused(ErrorCode::TimeWentBack, "at " + formatTime(at) + " is before the clock " +
                                                formatTime(s.clock) +
                                                "; the clock only moves forward");
}

Time lastDeparture(const EngineState& s, const Order& order) {
    Time latest = -1;
    for (const auto& opt : order.options()) {
        const Time t = s.runs[opt.run].stops[opt.from].leaves();
        if (t < 0) return -1;
        latest = std::max(latest, t);
    }
    return latest;
}

Time expiryOf(const EngineState& s, const Order& order) {
    const Time leaves = lastDeparture(s, order);
    if (order.deadline < 0) return leaves;
    return leaves < 0 ? order.deadline : std::min(leaves, order.deadline);
}

Verdict CommandCheck::run() {
    switch (cmd.op) {
        case Op::Train:
            train();
            break;
        case Op::AddCar:
            addCar();
            break;
        case Op::Sell:
            sell();
            break;
        case Op::Pay:
            pay();
            break;
        case Op::Refund:
            refund();
            break;
        case Op::Reschedule:
            reschedule();
            break;
        case Op::Block:
            block();
            break;
        case Op::Release:
            release();
            break;
        case Op::Waitlist:
            waitlist();
            break;
        case Op::Prepay:
            prepay();
            break;
        case Op::Cancel:
            cancel();
            break;
        case Op::Advance:
            break;
        case Op::Position:
            v_.index = static_cast<std::uint32_t>(orderOf(cmd.id));
            break;
        case Op::Availability:
            placeOf(cmd.train, cmd.date, cmd.travelClass);
            break;
        case Op::Seatmap:
            v_.run = static_cast<std::uint32_t>(runOf(cmd.train, cmd.date));
            break;
        case Op::Configure:
            break;
        case Op::WaitlistCap:
            waitlistCap();
            break;
        case Op::Forecast:
            forecast();
            break;
    }
    return std::move(v_);
}

bool CommandCheck::refuse(ErrorCode code, std::string message, bool waitlistHint) {
    v_.outcome = Verdict::Outcome::Refuse;
    v_.code = code;
    v_.message = std::move(message);
    v_.waitlistHint = waitlistHint;
    return false;
}

bool CommandCheck::duplicate(const std::string& id) {
    v_.outcome = Verdict::Outcome::Duplicate;
    v_.duplicateId = id;
    return false;
}

// ---- lookups -------------------------------------------------------------------

bool CommandCheck::freshId() {
    const IdRecord* rec = s.ids.find(cmd.id);
    if (!rec) return true;
    if (rec->fingerprint == cmd.fingerprint) return duplicate(cmd.id);
    return refuse(ErrorCode::IdConflict,
                  "id '" + cmd.id +
                      "' is already used by a different command; choose a new "
                      "id or resend the original command unchanged");
}

int CommandCheck::runOf(const std::string& train, const std::string& date) {
    // The key is built in a buffer kept across commands: "G1234\x1f2024-02-08" is
    // one byte too long for the short-string buffer, and this runs per option.
    key_.assign(train).append(1, '\x1f').append(date);
    auto it = s.runIndex.find(key_);
    if (it == s.runIndex.end()) {
        refuse(ErrorCode::UnknownTrain, "unknown train run " + train + " on " + date);
        return -1;
    }
    return static_cast<int>(it->second);
}

int CommandCheck::stationOf(const Run& run, const std::string& name, const char* field) {
    auto it = run.stationIndex.find(name);
    if (it == run.stationIndex.end()) {
        refuse(ErrorCode::UnknownStation,
               std::string(field) + ": station '" + name + "' is not a stop of " + runName(run));
        return -1;
    }
    return it->second;
}

// Resolves from/to into stop indices with from before to.
bool CommandCheck::intervalOf(const Run& run, const std::string& from, const std::string& to,
                              int& f, int& t) {
    f = stationOf(run, from, "from");
    if (f < 0) return false;
    t = stationOf(run, to, "to");
    if (t < 0) return false;
    if (f == t)
        return refuse(ErrorCode::BadInterval, "from and to are the same station '" + from + "'");
    if (f > t)
        return refuse(ErrorCode::BadInterval, "interval " + from + "\xe2\x86\x92" + to +
                                                  " is reversed: " + to + " comes before " + from +
                                                  " on " + runName(run));
    return true;
}

int CommandCheck::classOf(const Run& run, const std::string& name) {
    const int k = run.classIndex(name);
    if (k < 0)
        refuse(ErrorCode::UnknownClass, "class '" + name + "' has no car on " + runName(run));
    return k;
}

int CommandCheck::seatOf(const Run& run, const std::string& label) {
    const std::uint32_t seat = findSeat(run, canonicalSeatLabel(label));
    if (seat == kNone) {
        refuse(ErrorCode::UnknownSeat, "seat '" + label + "' does not exist on " + runName(run));
        return -1;
    }
    return static_cast<int>(seat);
}

// The sale an id names: a sale, or a fulfilled waitlist order's tickets.
int CommandCheck::saleOf(const std::string& id) {
    if (const IdRecord* rec = s.ids.find(id)) {
        if (rec->kind == IdKind::Sale) return static_cast<int>(rec->index);
        if (rec->kind == IdKind::Order && s.orders[rec->index].saleIndex != kNone)
            return static_cast<int>(s.orders[rec->index].saleIndex);
    }
    refuse(ErrorCode::UnknownSale, "no sale with id '" + id + "'");
    return -1;
}

int CommandCheck::orderOf(const std::string& id) {
    const IdRecord* rec = s.ids.find(id);
    if (!rec || rec->kind != IdKind::Order) {
        refuse(ErrorCode::UnknownOrder, "no waitlist order with id '" + id + "'");
        return -1;
    }
    return static_cast<int>(rec->index);
}

int CommandCheck::ticketOf(const std::string& id) {
    const std::uint32_t index = findTicket(s, id);
    if (index == kNone) {
        refuse(ErrorCode::UnknownTicket, "no ticket with id '" + id + "'");
        return -1;
    }
    return static_cast<int>(index);
}

bool CommandCheck::placeOf(const std::string& train, const std::string& date,
                           const std::string& travelClass) {
    const int r = runOf(train, date);
    if (r < 0) return false;
    const Run& run = s.runs[r];
    if (!intervalOf(run, cmd.from, cmd.to, v_.from, v_.to)) return false;
    v_.travelClass = classOf(run, travelClass);
    if (v_.travelClass < 0) return false;
    v_.run = static_cast<std::uint32_t>(r);
    return true;
}

bool CommandCheck::namedSeats(bool holderNamed) {
    const Run& run = s.runs[v_.run];
    const SegmentMask want = segmentMask(v_.from, v_.to);
    for (const auto& label : cmd.seats) {
        const int seat = seatOf(run, label);
        if (seat < 0) return false;
        const Seat& st = run.seats[seat];
        if (st.travelClass != v_.travelClass)
            return refuse(ErrorCode::WrongClass, "seat " + st.label() + " is " +
                                                     run.classes[st.travelClass].name + ", not " +
                                                     cmd.travelClass);
        if (std::find(v_.seats.begin(), v_.seats.end(), static_cast<std::uint32_t>(seat)) !=
            v_.seats.end())
            return refuse(ErrorCode::BadCommand, "seats: names seat " + st.label() + " twice");
        if (st.mask & want) {
            std::string holder;
            if (holderNamed) {
                for (const auto& o : st.occupants)
                    if (segmentMask(o.from, o.to) & want)
                        holder = o.kind == HolderKind::Ticket
                                     ? "ticket " + ticketId(s, o.ref)
                                     : "block " + std::string(s.blocks[o.ref].id);
                holder = " (" + holder + ")";
            }
            return refuse(ErrorCode::SeatTaken, "seat " + st.label() + " is taken on " +
                                                    Core::interval(run, v_.from, v_.to) + holder);
        }
        v_.seats.push_back(static_cast<std::uint32_t>(seat));
    }
    return true;
}

// Checks that none of `passengers` holds a live ticket overlapping the trip
// (ignoring `ignoreTicket`), and that no name appears twice. `lists`, when
// given, holds each passenger's entry of EngineState::passengers (nullptr when
// absent), looked up once for all of an order's options.
bool CommandCheck::noPassengerConflict(const std::vector<std::string>& passengers,
                                       std::uint32_t run, int from, int to,
                                       std::uint32_t ignoreTicket,
                                       const PassengerTickets* const* lists) {
    for (std::size_t i = 0; i < passengers.size(); ++i) {
        for (std::size_t j = 0; j < i; ++j)
            if (passengers[i] == passengers[j])
                return refuse(ErrorCode::PassengerConflict,
                              "passenger '" + passengers[i] + "' is named twice in one sale");
        const PassengerTickets* mine = lists ? lists[i] : s.passengers.find(passengers[i]);
        if (!mine) continue;
        for (std::uint32_t t = mine->first; t != kNone; t = s.tickets[t].nextOfPassenger) {
            const Ticket& other = s.tickets[t];
            if (t == ignoreTicket || !other.live()) continue;
            if (travelOverlaps(s, run, from, to, other.run, other.from, other.to)) {
                const Run& r = s.runs[other.run];
                return refuse(ErrorCode::PassengerConflict,
                              "passenger '" + passengers[i] + "' already travels on " + r.train +
                                  " " + r.date + " " + Core::interval(r, other.from, other.to) +
                                  " (ticket " + ticketId(s, t) + ") at an overlapping time");
            }
        }
    }
    return true;
}

bool CommandCheck::stillBookable(const Order& order) {
    if (order.deadline >= 0 && order.deadline <= now_)
        return refuse(ErrorCode::DeadlinePassed, "deadline " + formatTime(order.deadline) +
                                                     " is not after the clock " + formatTime(now_));
    const Time leaves = lastDeparture(s, order);
    if (leaves >= 0 && leaves <= now_)
        return refuse(ErrorCode::Departed, "every option's train has already left " +
                                               orderFrom(s, order) + " (last at " +
                                               formatTime(leaves) + ")");
    return true;
}

// ---- commands -------------------------------------------------------------------

bool CommandCheck::train() {
    if (s.runIndex.count(cmd.train + '\x1f' + cmd.date))
        return refuse(ErrorCode::TrainExists,
                      "train run " + cmd.train + " on " + cmd.date + " is already defined");
    return true;
}

bool CommandCheck::addCar() {
    const int r = runOf(cmd.train, cmd.date);
    if (r < 0) return false;
    const Run& run = s.runs[r];
    const CarSpec& spec = cmd.cars.front();
    for (const auto& car : run.cars)
        if (car.number == spec.car)
            return refuse(ErrorCode::CarExists,
                          "car " + std::to_string(spec.car) + " already runs on " + runName(run));
    v_.run = static_cast<std::uint32_t>(r);
    return true;
}

bool CommandCheck::sell() {
    if (!freshId()) return false;
    if (!placeOf(cmd.train, cmd.date, cmd.travelClass)) return false;
    if (!namedSeats(true)) return false;
    if (!noPassengerConflict(cmd.passengers, v_.run, v_.from, v_.to, kNone)) return false;
    if (!v_.seats.empty()) return true;
    const Run& run = s.runs[v_.run];
    const int n = static_cast<int>(cmd.passengers.size());
    if (cmd.standing) {
        // Standing (无座): places on every segment, never a fallback to seats.
        const int free = run.classes[v_.travelClass].standingFree(v_.from, v_.to);
        if (free >= n) return true;
        return refuse(ErrorCode::SoldOut,
                      "sold out: " + std::to_string(n) +
                          (n == 1 ? " standing place" : " standing places") + " wanted in " +
                          cmd.travelClass + " on " + Core::interval(run, v_.from, v_.to) + ", " +
                          std::to_string(free) + " free; a waitlist order can wait for one",
                      true);
    }
    v_.seats =
        chooseSeats(run, v_.travelClass, v_.from, v_.to, n, cmd.prefer, s.options.seatChoice);
    if (!v_.seats.empty()) return true;
    const int free = countFree(run, v_.travelClass, v_.from, v_.to, INT_MAX);
    return refuse(ErrorCode::SoldOut,
                  "sold out: " + std::to_string(n) + (n == 1 ? " seat" : " seats") + " wanted in " +
                      cmd.travelClass + " on " + Core::interval(run, v_.from, v_.to) + ", " +
                      std::to_string(free) + " free; a waitlist order can wait for one",
                  true);
}

bool CommandCheck::pay() {
    const int sale = saleOf(cmd.id);
    if (sale < 0) return false;
    bool anyExpired = false, anyPaid = false;
    for (std::uint32_t t : s.sales[sale].tickets()) {
        if (s.tickets[t].status == TicketStatus::Held) v_.tickets.push_back(t);
        anyExpired |= s.tickets[t].status == TicketStatus::Expired;
        // A refunded ticket of a sale that was paid still counts as paid.
        anyPaid |= s.tickets[t].status == TicketStatus::Paid || s.tickets[t].paid;
    }
    if (!v_.tickets.empty()) return true;
    if (anyPaid) return duplicate(cmd.id);
    if (anyExpired)
        return refuse(ErrorCode::SaleExpired, "sale '" + cmd.id + "' was not paid by " +
                                                  formatTime(s.sales[sale].payBy) +
                                                  " and its hold expired");
    return refuse(ErrorCode::NotPayable,
                  "sale '" + cmd.id + "' has no ticket awaiting payment: it was refunded unpaid");
}

bool CommandCheck::refund() {
    if (!cmd.ticket.empty()) {
        const int t = ticketOf(cmd.ticket);
        if (t < 0) return false;
        const Ticket& ticket = s.tickets[t];
        if (ticket.status == TicketStatus::Refunded) return duplicate(cmd.ticket);
        if (!ticket.live())
            return refuse(ErrorCode::NotRefundable,
                          "ticket " + ticketId(s, static_cast<std::uint32_t>(t)) + " is " +
                              statusName(ticket.status) + ", nothing to refund");
        v_.tickets.push_back(static_cast<std::uint32_t>(t));
        return true;
    }
    const int sale = saleOf(cmd.id);
    if (sale < 0) return false;
    bool anyRefunded = false;
    for (std::uint32_t t : s.sales[sale].tickets()) {
        if (s.tickets[t].live()) v_.tickets.push_back(t);
        anyRefunded |= s.tickets[t].status == TicketStatus::Refunded;
    }
    if (!v_.tickets.empty()) return true;
    if (anyRefunded) return duplicate(cmd.id);
    return refuse(ErrorCode::NotRefundable,
                  "sale '" + cmd.id + "' has no live ticket (its hold expired)");
}

bool CommandCheck::reschedule() {
    if (!freshId()) return false;
    const int old = ticketOf(cmd.ticket);
    if (old < 0) return false;
    const std::uint32_t oldTicket = static_cast<std::uint32_t>(old);
    if (!s.tickets[old].live())
        return refuse(ErrorCode::NotRefundable, "ticket " + ticketId(s, oldTicket) + " is " +
                                                    statusName(s.tickets[old].status) +
                                                    " and cannot be rescheduled");
    if (s.tickets[old].status != TicketStatus::Paid)
        // 改签 exchanges a paid ticket; a held one is paid or cancelled first.
        return refuse(ErrorCode::NotPaid,
                      "ticket " + ticketId(s, oldTicket) +
                          " is held, not paid: pay it before rescheduling, or refund it");
    if (!placeOf(cmd.train, cmd.date, cmd.travelClass)) return false;
    const std::string passenger(passengerOf(s, s.tickets[old]));
    if (!noPassengerConflict({passenger}, v_.run, v_.from, v_.to, oldTicket)) return false;
    const Run& run = s.runs[v_.run];
    v_.seats =
        chooseSeats(run, v_.travelClass, v_.from, v_.to, 1, cmd.prefer, s.options.seatChoice);
    if (v_.seats.empty())
        return refuse(ErrorCode::SoldOut,
                      "sold out: no seat in " + cmd.travelClass + " on " +
                          Core::interval(run, v_.from, v_.to) + " for the reschedule; ticket " +
                          ticketId(s, oldTicket) + " is unchanged",
                      true);
    v_.index = oldTicket;
    return true;
}

bool CommandCheck::block() {
    if (!freshId()) return false;
    if (!placeOf(cmd.train, cmd.date, cmd.travelClass)) return false;
    if (!cmd.seats.empty()) return namedSeats(false);
    const Run& run = s.runs[v_.run];
    const int free = countFree(run, v_.travelClass, v_.from, v_.to, *cmd.count);
    if (free < *cmd.count)
        return refuse(ErrorCode::SoldOut, "cannot block " + std::to_string(*cmd.count) +
                                              " seats in " + cmd.travelClass + " on " +
                                              Core::interval(run, v_.from, v_.to) + ": only " +
                                              std::to_string(free) + " free");
    return true;
}

bool CommandCheck::release() {
    if (!cmd.id.empty()) return releaseBlock();
    const int r = runOf(cmd.train, cmd.date);
    if (r < 0) return false;
    const Run& run = s.runs[r];
    const int seat = seatOf(run, cmd.seat);
    if (seat < 0) return false;
    int from = 0, to = 0;
    if (!intervalOf(run, cmd.from, cmd.to, from, to)) return false;
    const SegmentMask range = segmentMask(from, to);
    for (const Occupant& o : run.seats[seat].occupants) {
        const SegmentMask held = segmentMask(o.from, o.to);
        if (!(held & range)) continue;
        if (o.kind == HolderKind::Ticket && s.tickets[o.ref].legCount > 0) {
            // A ticket on several seats is released whole or not at all (同车换座).
            const Ticket& t = s.tickets[o.ref];
            return refuse(ErrorCode::PartialTicket,
                          "ticket " + ticketId(s, o.ref) + " holds seat " +
                              run.seats[seat].label() + " on " + Core::interval(run, o.from, o.to) +
                              " as one leg of its journey " + Core::interval(run, t.from, t.to) +
                              " with seat changes; refund the ticket instead");
        }
        if (held & ~range) {
            const bool ticket = o.kind == HolderKind::Ticket;
            return refuse(ticket ? ErrorCode::PartialTicket : ErrorCode::PartialBlock,
                          std::string(ticket ? "ticket " + ticketId(s, o.ref)
                                             : "block " + std::string(s.blocks[o.ref].id)) +
                              " on seat " + run.seats[seat].label() + " covers " +
                              Core::interval(run, o.from, o.to) + ", reaching outside " +
                              Core::interval(run, from, to) +
                              "; release its whole interval instead");
        }
        v_.freeing.push_back(o);
    }
    if (v_.freeing.empty())
        return refuse(ErrorCode::NothingToRelease, "seat " + run.seats[seat].label() +
                                                       " has no ticket or block on " +
                                                       Core::interval(run, from, to));
    v_.run = static_cast<std::uint32_t>(r);
    v_.index = static_cast<std::uint32_t>(seat);
    v_.from = from;
    v_.to = to;
    return true;
}

bool CommandCheck::releaseBlock() {
    const IdRecord* rec = s.ids.find(cmd.id);
    if (!rec || rec->kind != IdKind::Block)
        return refuse(ErrorCode::UnknownBlock, "no quota block with id '" + cmd.id + "'");
    if (s.blocks[rec->index].released) return duplicate(cmd.id);
    v_.index = rec->index;
    return true;
}

bool CommandCheck::waitlist() {
    if (!freshId()) return false;
    if (cmd.options.size() > v_.options.size())
        return refuse(
            ErrorCode::BadCommand,
            "options: at most " + std::to_string(v_.options.size()) + " options are allowed");
    for (const auto& spec : cmd.options) {
        const int r = runOf(spec.train, spec.date);
        if (r < 0) return false;
        const Run& run = s.runs[r];
        int from = 0, to = 0;
        if (!intervalOf(run, cmd.from, cmd.to, from, to)) return false;
        const int cls = classOf(run, spec.travelClass);
        if (cls < 0) return false;
        v_.options[v_.optionCount++] =
            OrderOption{static_cast<std::uint32_t>(r), static_cast<std::uint16_t>(cls),
                        static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to), kNone};
        v_.dearestFen = std::max(v_.dearestFen, fareFen(run.classes[cls].farePerKm,
                                                        run.stops[to].km - run.stops[from].km));
    }
    if (s.limits.openOrdersPerUser >= 0 && s.openOrdersByUser) {
        const std::uint32_t* open = s.openOrdersByUser->find(cmd.user);
        const int count = open ? static_cast<int>(*open) : 0;
        if (count >= s.limits.openOrdersPerUser)
            return refuse(ErrorCode::TooManyOrders,
                          "user '" + cmd.user + "' already has " + std::to_string(count) +
                              (count == 1 ? " open waitlist order" : " open waitlist orders") +
                              "; at most " + std::to_string(s.limits.openOrdersPerUser) +
                              (s.limits.openOrdersPerUser == 1 ? " is" : " are") + " allowed");
    }
    for (std::size_t i = 0; i < v_.optionCount; ++i)
        if (!withinCapOf(v_.options[i], static_cast<int>(cmd.passengers.size()), i)) return false;
    Order order;
    order.deadline = cmd.deadline.value_or(-1);
    order.setOptions(Span<OrderOption>(v_.options.data(), v_.optionCount));
    if (!stillBookable(order)) return false;
    // The passengers may not already travel at an overlapping time on any option.
    std::array<const PassengerTickets*, kMaxGroup> lists{};  // refuseUpFront bounds the group
    const bool listed = cmd.passengers.size() <= lists.size();
    if (listed)
        for (std::size_t i = 0; i < cmd.passengers.size(); ++i)
            lists[i] = s.passengers.find(cmd.passengers[i]);
    for (const auto& opt : order.options())
        if (!noPassengerConflict(cmd.passengers, opt.run, opt.from, opt.to, kNone,
                                 listed ? lists.data() : nullptr))
            return false;
    return true;
}

bool CommandCheck::prepay() {
    const int index = orderOf(cmd.id);
    if (index < 0) return false;
    const Order& order = s.orders[index];
    if (order.status == OrderStatus::Cancelled)
        return refuse(ErrorCode::OrderClosed,
                      "order '" + cmd.id + "' was cancelled" +
                          (order.cancelledByUser ? "" : " (not prepaid in time)"));
    if (order.status != OrderStatus::AwaitingPrepay) return duplicate(cmd.id);
    if (!stillBookable(order)) return false;
    for (std::size_t i = 0; i < order.options().size(); ++i)
        if (!withinCapOf(order.options()[i], order.groupSize(), i)) return false;
    v_.index = static_cast<std::uint32_t>(index);
    return true;
}

bool CommandCheck::withinCapOf(const OrderOption& option, int passengers, std::size_t index) {
    const Run& run = s.runs[option.run];
    const ClassInfo& cls = run.classes[option.travelClass];
    if (withinCap(cls, passengers)) return true;
    const std::string which = "option " + std::to_string(index + 1) + " (" + run.train + " " +
                              run.date + " " + cls.name + ")";
    if (cls.cap == 0)
        return refuse(ErrorCode::WaitlistFull,
                      which + " is closed to the waitlist (cap 0; 候补人数已满)");
    return refuse(ErrorCode::WaitlistFull,
                  which + " is full: " + std::to_string(cls.queuedPassengers) +
                      " passengers queued, cap " + std::to_string(cls.cap) + ", " +
                      std::to_string(passengers) + " more wanted (候补人数已满)");
}

bool CommandCheck::waitlistCap() {
    const int r = runOf(cmd.train, cmd.date);
    if (r < 0) return false;
    v_.travelClass = classOf(s.runs[r], cmd.travelClass);
    if (v_.travelClass < 0) return false;
    v_.run = static_cast<std::uint32_t>(r);
    return true;
}

bool CommandCheck::cancel() {
    const int index = orderOf(cmd.id);
    if (index < 0) return false;
    const Order& order = s.orders[index];
    switch (order.status) {
        case OrderStatus::AwaitingPrepay:
        case OrderStatus::Queued:
            break;
        case OrderStatus::Cancelled:
            if (order.cancelledByUser) return duplicate(cmd.id);
            return refuse(ErrorCode::OrderClosed,
                          "order '" + cmd.id + "' was already cancelled: not prepaid in time");
        case OrderStatus::Fulfilled:
            return refuse(ErrorCode::OrderClosed, "order '" + cmd.id +
                                                      "' was already fulfilled; refund its "
                                                      "tickets instead");
        case OrderStatus::Expired:
            return refuse(ErrorCode::OrderClosed, "order '" + cmd.id + "' has already expired");
        case OrderStatus::Failed:
            return refuse(ErrorCode::OrderClosed,
                          "order '" + cmd.id +
                              "' has already failed: a passenger travels at an overlapping time");
    }
    v_.index = static_cast<std::uint32_t>(index);
    return true;
}

bool CommandCheck::forecast() {
    const int index = orderOf(cmd.id);
    if (index < 0) return false;
    const Order& order = s.orders[index];
    if (order.status != OrderStatus::Queued)
        return refuse(ErrorCode::OrderClosed, "order '" + cmd.id + "' is not queued: it is " +
                                                  orderStatusName(order.status) +
                                                  ", so there is nothing to forecast");
    if (!cmd.until && expiryOf(s, order) < 0)
        return refuse(ErrorCode::BadCommand,
                      "forecast of order '" + cmd.id +
                          "' needs 'until': it has no deadline and its trains no departure times");
    v_.index = static_cast<std::uint32_t>(index);
    return true;
}

}  // namespace houbu
