#pragma once
// Validation of one command against the state, apart from its effect: both
// Engine::apply (through the command handlers) and Engine::precheck run it,
// so that every rule that refuses a command is written once.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "houbu/command.h"
#include "state.h"

namespace houbu {

// What validating a command found: a refusal (the error apply answers), a
// duplicate (its effect happened already), or acceptance with what the handler
// needs, resolved once. A flat record: each command uses some of the fields.
struct Verdict {
    enum class Outcome : std::uint8_t { Accept, Duplicate, Refuse };
    Outcome outcome = Outcome::Accept;

    // Refuse
    ErrorCode code = ErrorCode::BadCommand;
    std::string message;
    bool waitlistHint = false;
    // Duplicate: the id (or ticket) the duplicate event names
    std::string duplicateId;

    // Accept
    std::uint32_t run = kNone;
    int from = 0;
    int to = 0;
    int travelClass = -1;
    // The sale (pay), the ticket (refund of one, reschedule's old one), the
    // block (release by id), the order (prepay, cancel, position) or the seat
    // (release by seat).
    std::uint32_t index = kNone;
    std::vector<std::uint32_t> seats;    // sell, block (named or none), reschedule (chosen)
    std::vector<std::uint32_t> tickets;  // pay (held), refund (live)
    std::vector<Occupant> freeing;       // release by seat
    std::array<OrderOption, kMaxListedOptions> options{};
    std::size_t optionCount = 0;
    std::int64_t dearestFen = 0;  // waitlist: the dearest option's fare per passenger
};

// The refusals checked before any timer fires, so that they are the same
// whatever is due: a waitlist over a stateless limit (bad_command, as the
// reader refused it before limits could be configured), then a command whose
// `at` is before the clock.
std::optional<Verdict> refuseUpFront(const EngineState& s, const Command& cmd);

// The latest instant any option's train leaves the order's `from` station;
// -1 when some option never departs (no time given).
Time lastDeparture(const EngineState& s, const Order& order);
// When a queued order expires: its deadline, or the last departure when that
// is earlier; -1 when never.
Time expiryOf(const EngineState& s, const Order& order);

class CommandCheck {
  public:
    // Checks `cmd` as if the clock read `now` (apply sets the clock to the
    // command's `at` first). `keyBuffer` is scratch for run lookups, kept by
    // the caller so that its capacity outlives one command.
    CommandCheck(const EngineState& state, const Command& cmd, Time now, std::string& keyBuffer)
        : s(state), cmd(cmd), now_(now), key_(keyBuffer) {}

    Verdict run();

  private:
    // Record the outcome; both return false so that a check can end with them.
    bool refuse(ErrorCode code, std::string message, bool waitlistHint = false);
    bool duplicate(const std::string& id);

    bool freshId();
    int runOf(const std::string& train, const std::string& date);
    int stationOf(const Run& run, const std::string& name, const char* field);
    bool intervalOf(const Run& run, const std::string& from, const std::string& to, int& f, int& t);
    int classOf(const Run& run, const std::string& name);
    int seatOf(const Run& run, const std::string& label);
    int saleOf(const std::string& id);
    int orderOf(const std::string& id);
    int ticketOf(const std::string& id);
    // Run, interval and class of `cmd` into the verdict.
    bool placeOf(const std::string& train, const std::string& date, const std::string& travelClass);
    // Named seats of the verdict's class, free over its interval; `holderNamed`
    // adds the holder to seat_taken's message (sell does, block does not).
    bool namedSeats(bool holderNamed);
    bool noPassengerConflict(const std::vector<std::string>& passengers, std::uint32_t run,
                             int from, int to, std::uint32_t ignoreTicket,
                             const PassengerTickets* const* lists = nullptr);
    bool stillBookable(const Order& order);
    // waitlist_full when the option's class cannot queue `passengers` more.
    bool withinCapOf(const OrderOption& option, int passengers, std::size_t index);

    bool train();
    bool addCar();
    bool sell();
    bool pay();
    bool refund();
    bool reschedule();
    bool block();
    bool release();
    bool releaseBlock();
    bool waitlist();
    bool prepay();
    bool cancel();
    // A queued order, and a horizon: `until` or its expiry.
    bool forecast();
    bool waitlistCap();

    const EngineState& s;
    const Command& cmd;
    Time now_;
    std::string& key_;
    Verdict v_;
};

}  // namespace houbu
