#pragma once
// One command's application: CommandCheck validates it (nothing is mutated
// until every check has passed), then the handler applies what it resolved.
// The handlers live by command group: apply.cpp (dispatch and what they
// share), apply_inventory.cpp, apply_sales.cpp, apply_waitlist.cpp,
// apply_queries.cpp.

#include <cstdint>
#include <string>
#include <vector>

#include "command_check.h"
#include "core.h"

namespace houbu {

// How long a waitlist order may wait for its prepayment.
inline constexpr Time kPrepayWindow = 30 * kMinute;

class Apply {
  public:
    Apply(Core& core, const Command& cmd) : c(core), s(core.s), cmd(cmd) {}

    void run();

  private:
    Core& c;
    EngineState& s;
    const Command& cmd;

    // apply.cpp: what the handlers share
    void duplicate(const std::string& id);
    std::uint32_t newSale(const std::string& id, std::uint32_t run, Time payBy);
    void emitHeld(std::uint32_t ticket, Time payBy);
    void emitTicket(EventKind kind, std::uint32_t ticket, const std::string& reason = {});
    // Refunds one live ticket: ticket_refunded, then seat_released.
    void refundTicket(std::uint32_t ticket, const char* reason);

    // apply_inventory.cpp
    // Adds seats for one car and keeps the class's seat order.
    void buildCar(Run& run, const CarSpec& spec);
    void train();
    // 接受新增列车: the run becomes an extra option of every open order that
    // accepts it, in submission order, before any matching; then, as for an
    // added car, matching gives its seats to the waitlist first.
    void offerAddedRun(std::uint32_t runIndex);
    void addCar(const Verdict& v);
    void block(const Verdict& v);
    void release(const Verdict& v);
    void releaseBlock(const Verdict& v);

    // apply_sales.cpp
    void sell(const Verdict& v);
    void pay(const Verdict& v);
    void refund(const Verdict& v);
    void reschedule(const Verdict& v);

    // apply_waitlist.cpp
    // The queue of (run, class, from, to), made the first time it is needed.
    std::uint32_t queueFor(std::uint32_t runIndex, std::uint16_t cls, int from, int to);
    // An open order gains the options of an added run (接受新增列车).
    void addOptions(std::uint32_t index, const std::vector<OrderOption>& extra);

    // Puts a queued order into an option's queue at its place in queue order.
    void joinQueue(std::uint32_t index, OrderOption& opt);

    void waitlist(const Verdict& v);
    void prepay(const Verdict& v);
    void cancel(const Verdict& v);
    void configure();

    // Starts counting each user's open orders (one walk over the orders, when a
    // per-user limit is first configured) or stops.
    void countUsers(bool on);
    void waitlistCap(const Verdict& v);

    // apply_queries.cpp
    // The queries: answers built by QueryAnswers, the same for answerQuery.
    void position(const Verdict& v);
    void availability(const Verdict& v);
    void seatmap(const Verdict& v);
    void forecast(const Verdict& v);
};

}  // namespace houbu
