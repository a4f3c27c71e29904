#pragma once
// One event of the Houbu event format (commands.md). A flat record: each kind
// uses the fields listed beside it and leaves the others empty.

#include <cstdint>
#include <string>
#include <vector>

#include "houbu/command.h"
#include "houbu/time.h"

namespace houbu {

enum class EventKind : std::uint8_t {
    TrainDefined,       // train, date, count (seats)
    CarAdded,           // train, date, car, travelClass, seatList
    TicketHeld,         // ticket, sale, passenger, train, date, travelClass, seat, from, to, payBy
    TicketPaid,         // ticket
    TicketRefunded,     // ticket, reason
    HoldExpired,        // ticket
    SeatReleased,       // train, date, seat, from, to, source
    BlockCreated,       // id, train, date, travelClass, from, to, seatList
    BlockReleased,      // id
    WaitlistSubmitted,  // id, prepayFen, payBy
    WaitlistEffective,  // id
    WaitlistFulfilled,  // id, train, date, travelClass, tickets
    WaitlistCancelled,  // id, reason (user | prepay_timeout)
    WaitlistExpired,    // id
    Position,           // id, queues
    Availability,       // count (free seats)
    Seatmap,            // seatmap
    Duplicate,          // id
    Error,              // code, message, waitlistHint
    MatchConsidered,    // id, reason
    MatchSkipped,       // id, reason
    // Version 2 (commands.md)
    OptionAdded,     // id, train, date, travelClass: an added run joins an accepting order
    WaitlistFailed,  // id, reason (passenger_conflict), passenger: 兑现失败
    Configured,      // limits: every waitlist limit in force
    WaitlistCapped,  // train, date, travelClass, count (the cap; -1 for null)
    Forecast,        // id, forecast
};
inline constexpr EventKind kLastEventKind = EventKind::Forecast;

// One leg of a ticket on several seats (同车换座).
struct LegLine {
    std::string seat;
    std::string from;
    std::string to;
    bool operator==(const LegLine&) const = default;
};

struct TicketLine {
    std::string ticket;
    std::string passenger;
    std::string seat;  // empty for a standing ticket; the first leg's on several seats
    std::string from;
    std::string to;
    bool standing = false;
    std::vector<LegLine> legs;  // empty for a ticket on one seat
};

struct QueueRank {
    std::string train;
    std::string date;
    std::string travelClass;
    std::int64_t rank = 0;
    // Version 2: passengers of the orders before it, and 12306's level
    // (few, medium, many); absent under version-1 rules.
    std::int64_t aheadPassengers = -1;
    std::string level;
};

// A class's standing places and load per segment (seatmap, version 2).
struct StandingState {
    std::string travelClass;
    std::int64_t places = 0;
    std::vector<std::int64_t> load;
};

// The waitlist limits in force (-1: no limit).
struct LimitValues {
    int passengers = 5;
    int dates = 2;
    int optionsPerDate = 5;
    int options = -1;
    int openOrdersPerUser = -1;
    bool operator==(const LimitValues&) const = default;
};

// A forecast's answer: probabilities in hundredths (printed 0.00 to 1.00).
struct ForecastValue {
    int probability = 0;
    int low = 0;   // a 90 % interval: the probability with release rates at
    int high = 0;  // the 5th and 95th percentiles of what was seen
    Time by = kEpoch;
    std::string basis;  // what it rests on, for a person
    bool operator==(const ForecastValue&) const = default;
};

struct Occupancy {
    std::string from;
    std::string to;
    std::string kind;    // held | paid | block
    std::string holder;  // ticket id or block id
    std::string passenger;
};

struct SeatState {
    std::string seat;
    std::string travelClass;
    std::vector<Occupancy> occupied;
};

struct Event {
    std::uint64_t seq = 0;
    Time at = kEpoch;
    int line = 0;
    EventKind kind = EventKind::Error;

    std::string id;
    std::string train;
    std::string date;
    std::string travelClass;
    std::string seat;
    std::string from;
    std::string to;
    std::string ticket;
    std::string sale;
    std::string passenger;
    std::string reason;  // also the `source` of seat_released
    std::string message;
    ErrorCode code = ErrorCode::BadCommand;  // error events only
    int car = 0;
    std::int64_t count = 0;
    std::int64_t prepayFen = 0;
    Time payBy = kEpoch;
    bool waitlistHint = false;
    // Version 2: a standing ticket (ticket_held, seat_released: seat empty);
    // availability's standing places free (-1: not printed, version-1 rules).
    bool standing = false;
    std::int64_t standingFree = -1;
    LimitValues limits;  // configured
    ForecastValue forecast;
    // Emitted by a preview (a command with dry_run): it happened to a scratch
    // state only.
    bool dryRun = false;

    std::vector<std::string> seatList;
    std::vector<TicketLine> tickets;
    std::vector<QueueRank> queues;
    std::vector<SeatState> seatmap;
    std::vector<StandingState> standingLoad;  // seatmap: runs with standing places only
};

const char* eventName(EventKind kind);

}  // namespace houbu
