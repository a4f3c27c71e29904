// Apply: the waitlist commands: waitlist, prepay, cancel, the queues an
// order joins, the limits (configure) and caps.

#include "apply.h"

#include <algorithm>
#include <utility>

#include "undo_log.h"

namespace houbu {

std::uint32_t Apply::queueFor(std::uint32_t runIndex, std::uint16_t cls, int from, int to) {
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

void Apply::addOptions(std::uint32_t index, const std::vector<OrderOption>& extra) {
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
        if (seatChangesOf(order) > 0) ++run.classes[opt.travelClass].changingOrders;
        joinQueue(index, opt);
    }
    // A later departure moves the order's expiry; the earlier timer then does nothing.
    const Time expiry = expiryOf(s, order);
    if (expiry != expiryBefore && expiry >= 0) c.setTimer(TimerKind::OrderExpiry, index, expiry);
}

// Puts a queued order into an option's queue at its place in queue order.
void Apply::joinQueue(std::uint32_t index, OrderOption& opt) {
    const Order& order = s.orders[index];
    const int lane = order.groupSize() - 1;
    opt.queue = queueFor(opt.run, opt.travelClass, opt.from, opt.to);
    Run& run = s.runs[opt.run];
    if (run.waitlistSince < 0) {
        s.touchCounters(opt.run);
        run.waitlistSince = s.clock;
    }
    s.changes.queue(opt.queue);
    Queue& q = s.queues[opt.queue];
    auto& entries = q.lanes[lane].orders;
    // Effective times never decrease, so the place is at or near the back.
    auto pos = entries.end();
    while (pos != entries.begin() + q.lanes[lane].head && queuedBefore(order, s.orders[*(pos - 1)]))
        --pos;
    entries.insert(pos, index);
    ++q.liveBySize[lane];
    if (q.front != kNone && queuedBefore(order, std::as_const(s.orders)[q.front])) q.front = index;
    EngineState::QueueTally& tally = s.queueTallies[opt.queue];
    ++tally.orders;
    tally.passengers += static_cast<std::uint32_t>(lane + 1);
    if (order.flags & kAcceptsStanding) ++q.acceptingStanding;
    if (seatChangesOf(order) > 0) ++q.acceptingChanges;
}

void Apply::waitlist(const Verdict& v) {
    Order order;
    order.deadline = cmd.deadline.value_or(-1);
    order.setOptions(s.optionPool.add(v.options.data(), v.optionCount));
    order.names = OrderNames::store(cmd.user, cmd.passengers, s.text);
    order.passengerCount = static_cast<std::uint8_t>(cmd.passengers.size());
    order.prepayFen = v.dearestFen * static_cast<std::int64_t>(order.groupSize());
    order.payBy = s.clock + kPrepayWindow;
    order.submitSeq = ++s.submissions;
    if (cmd.acceptStanding) order.flags |= kAcceptsStanding;
    order.flags |= static_cast<std::uint8_t>(cmd.seatChange << kSeatChangeShift);

    const auto index = static_cast<std::uint32_t>(s.orders.size());
    if (cmd.newTrains) {
        order.flags |= kAcceptsNewTrains;
        NewTrainsOrder entry{index, cmd.newTrains->from, cmd.newTrains->to, cmd.newTrains->classes};
        if (entry.classes.empty())
            for (const auto& opt : cmd.options)
                if (std::find(entry.classes.begin(), entry.classes.end(), opt.travelClass) ==
                    entry.classes.end())
                    entry.classes.push_back(opt.travelClass);
        // Appended: an undo record cuts the list back to its length at the mark.
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

void Apply::prepay(const Verdict& v) {
    const std::uint32_t index = v.index;
    Order& order = s.orders[index];
    order.status = OrderStatus::Queued;
    order.effectiveAt = s.clock;
    ++s.queuedOrders;
    s.ledger.queuedSince += order.effectiveAt;
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

void Apply::cancel(const Verdict& v) {
    Order& order = s.orders[v.index];
    if (order.status == OrderStatus::Queued) {
        c.leaveQueues(v.index, OrderStatus::Cancelled);
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

void Apply::configure() {
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
void Apply::countUsers(bool on) {
    if (on == (s.openOrdersByUser != nullptr)) return;
    if (s.undo) s.undo->replacingUsers();
    s.openOrdersByUser.reset(on ? new TextTable<std::uint32_t>() : nullptr);
    if (!on) return;
    // Read-only: an undo record keeps only the orders that may change.
    for (const Order& order : std::as_const(s.orders))
        if (order.status == OrderStatus::AwaitingPrepay || order.status == OrderStatus::Queued)
            countOpen(s, order, +1);
}

void Apply::waitlistCap(const Verdict& v) {
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

}  // namespace houbu
