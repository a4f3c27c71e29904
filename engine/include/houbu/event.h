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
};

struct TicketLine {
    std::string ticket;
    std::string passenger;
    std::string seat;
    std::string from;
    std::string to;
};

struct QueueRank {
    std::string train;
    std::string date;
    std::string travelClass;
    std::int64_t rank = 0;
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

    std::vector<std::string> seatList;
    std::vector<TicketLine> tickets;
    std::vector<QueueRank> queues;
    std::vector<SeatState> seatmap;
};

const char* eventName(EventKind kind);

}  // namespace houbu
