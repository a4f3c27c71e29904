#include "timed_effects.h"

#include <algorithm>

#include "command_check.h"
#include "matcher.h"

namespace houbu {

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
            core.leaveQueues(timer.ref, OrderStatus::Expired);
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

}  // namespace houbu
