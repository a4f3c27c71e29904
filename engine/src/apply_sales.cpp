// Apply: the sales commands: sell, pay, refund, reschedule (改签).

#include "apply.h"

namespace houbu {

void Apply::sell(const Verdict& v) {
    const Run& run = s.runs[v.run];
    const Time payBy = s.clock + run.holdMinutes * kMinute;
    const std::uint32_t sale = newSale(cmd.id, v.run, payBy);
    for (std::size_t i = 0; i < cmd.passengers.size(); ++i) {
        const std::uint32_t seat =
            cmd.standing ? kStandingSeat | static_cast<std::uint32_t>(v.travelClass) : v.seats[i];
        const std::uint32_t t = c.addTicket(sale, static_cast<int>(i) + 1, cmd.passengers[i], v.run,
                                            seat, v.from, v.to, TicketStatus::Held);
        emitHeld(t, payBy);
    }
    c.setTimer(TimerKind::HoldExpiry, sale, payBy);
}

void Apply::pay(const Verdict& v) {
    for (std::uint32_t t : v.tickets) {
        s.tickets[t].status = TicketStatus::Paid;
        s.tickets[t].paid = true;
        if (!s.tickets[t].standing()) s.changes.seat(s.tickets[t].run, s.tickets[t].seat);
        emitTicket(EventKind::TicketPaid, t);
    }
}

void Apply::refund(const Verdict& v) {
    for (std::uint32_t t : v.tickets)
        refundTicket(t, "refund");
}

void Apply::reschedule(const Verdict& v) {
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

}  // namespace houbu
