// Apply: the inventory commands: trains (加开 included), added cars (加挂),
// quota blocks and operator releases.

#include "apply.h"

#include <algorithm>

#include "seat_choice.h"
#include "undo_log.h"

namespace houbu {

// Adds seats for one car and keeps the class's seat order.
void Apply::buildCar(Run& run, const CarSpec& spec) {
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

void Apply::train() {
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
    s.runIndex.emplace(cmd.train + '\x1f' + cmd.date, index);
    s.runs.push_back(std::move(run));
    c.emit(e);
    if (cmd.added) offerAddedRun(index);
}

// 接受新增列车: the run becomes an extra option of every open order that
// accepts it, in submission order, before any matching; then, as for an
// added car, matching gives its seats to the waitlist first.
void Apply::offerAddedRun(std::uint32_t runIndex) {
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

void Apply::addCar(const Verdict& v) {
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

void Apply::block(const Verdict& v) {
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

void Apply::release(const Verdict& v) {
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

void Apply::releaseBlock(const Verdict& v) {
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

}  // namespace houbu
