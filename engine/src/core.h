#pragma once
// State changes shared by the command handlers and the matcher. Every method
// here mutates; callers validate first, so that a command is applied whole.

#include <string>
#include <vector>

#include "houbu/event.h"
#include "seat_chains.h"
#include "state.h"

namespace houbu {

class Core {
  public:
    Core(EngineState& state, EventSink& sink, int line) : s(state), sink_(sink), line_(line) {}

    EngineState& s;

    // A new event stamped with the next sequence number, the clock and the line.
    Event make(EventKind kind) const {
        Event e;
        e.kind = kind;
        e.at = s.clock;
        e.line = line_;
        return e;
    }
    void emit(Event& event) {
        event.seq = ++s.seq;
        sink_.onEvent(event);
    }
    void error(ErrorCode code, const std::string& message, bool waitlistHint = false);

    void occupy(std::uint32_t run, std::uint32_t seat, int from, int to, HolderKind kind,
                std::uint32_t ref);
    void vacate(std::uint32_t run, std::uint32_t seat, HolderKind kind, std::uint32_t ref);

    // Emits seat_released and records the freed interval for the matcher.
    void released(std::uint32_t run, std::uint32_t seat, int from, int to, const char* source);
    // Records a seat interval released for forecasts (ForecastLedger), as
    // the seat's free stretch around it.
    void seen(std::uint32_t run, std::uint32_t seat, int from, int to);
    // The same for a live ticket that just ended, seated or standing.
    void releasedTicket(std::uint32_t ticket, const char* source);

    // Creates a ticket on `seat` for `passenger` in sale `sale` (held) and indexes it.
    std::uint32_t addTicket(std::uint32_t sale, int number, const std::string& passenger,
                            std::uint32_t run, std::uint32_t seat, int from, int to,
                            TicketStatus status);
    // The same on several seats (同车换座): `legs` cover from..to in order.
    std::uint32_t addChainedTicket(std::uint32_t sale, int number, const std::string& passenger,
                                   std::uint32_t run, const Chain& legs, TicketStatus status);

    // Ends a live ticket (refunded or expired): frees its seat, emits nothing.
    void endTicket(std::uint32_t ticket, TicketStatus status);

    // Takes queued order `index` out of every queue it is in.
    void leaveQueues(std::uint32_t index, OrderStatus status);

    // Serves a queued order on option `option` with `seats` (one per passenger),
    // with `chains` (one per passenger, 同车换座) when given, or with standing
    // tickets when both are empty.
    void serve(std::uint32_t order, int option, const std::vector<std::uint32_t>& seats,
               const std::vector<Chain>& chains = {});
    // 兑现失败: the order leaves every queue, its prepayment refunded, because
    // `passenger` travels at an overlapping time on every option with seats.
    void fail(std::uint32_t order, const std::string& passenger);

    // Adds a ticket's standing passenger (+1) or takes it off (-1) its class's load.
    void loadStanding(std::uint32_t ticket, int sign);

    void setTimer(TimerKind kind, std::uint32_t ref, Time due);

    // Seat intervals freed since the last matching pass.
    std::vector<Freed> freed;
    // Standing places freed since then: (run, class in `seat`, from, to).
    std::vector<Freed> freedStanding;
    // (run, class) pairs whose added cars await matching.
    std::vector<std::pair<std::uint32_t, std::uint16_t>> addedCars;
    // An order that became effective and awaits matching.
    std::uint32_t newOrder = kNone;

    static std::string interval(const Run& run, int from, int to) {
        return run.stops[from].station + "\xe2\x86\x92" + run.stops[to].station;
    }

  private:
    EventSink& sink_;
    int line_;
};

}  // namespace houbu
