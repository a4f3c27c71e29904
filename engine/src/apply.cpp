// Apply: the dispatch of a checked command to its handler, and what the
// handlers share (a new sale, the ticket events, a refund).

#include "apply.h"

namespace houbu {

void Apply::run() {
    const Verdict v = CommandCheck(s, cmd, s.clock, s.runKey).run();
    if (v.outcome == Verdict::Outcome::Refuse) return c.error(v.code, v.message, v.waitlistHint);
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
        case Op::Forecast:
            return forecast(v);
    }
}

void Apply::duplicate(const std::string& id) {
    Event e = c.make(EventKind::Duplicate);
    e.id = id;
    c.emit(e);
}

std::uint32_t Apply::newSale(const std::string& id, std::uint32_t run, Time payBy) {
    const auto index = static_cast<std::uint32_t>(s.sales.size());
    Sale sale;
    sale.idEntry = s.ids.add(id, IdRecord{IdKind::Sale, index, cmd.fingerprint});
    sale.run = run;
    sale.payBy = payBy;
    s.sales.push_back(std::move(sale));
    return index;
}

void Apply::emitHeld(std::uint32_t ticket, Time payBy) {
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

void Apply::emitTicket(EventKind kind, std::uint32_t ticket, const std::string& reason) {
    Event e = c.make(kind);
    e.ticket = ticketId(s, ticket);
    e.reason = reason;
    c.emit(e);
}

// Refunds one live ticket: ticket_refunded, then seat_released.
void Apply::refundTicket(std::uint32_t ticket, const char* reason) {
    emitTicket(EventKind::TicketRefunded, ticket, reason);
    c.endTicket(ticket, TicketStatus::Refunded);
    c.releasedTicket(ticket, reason);
}

}  // namespace houbu
