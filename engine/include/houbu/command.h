#pragma once
// The engine's view of one command of the Houbu command format (commands.md).
// The codec fills it from JSON and has already checked every field's presence
// and type; the engine checks everything that depends on state.

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>

#include <utility>
#include <vector>

#include "houbu/time.h"

namespace houbu {

enum class Op : std::uint8_t {
    Train,
    AddCar,
    Sell,
    Pay,
    Refund,
    Reschedule,
    Block,
    Release,
    Waitlist,
    Prepay,
    Cancel,
    Advance,
    Position,
    Availability,
    Seatmap,
    Configure,    // version 2: waitlist limits
    WaitlistCap,  // version 2: a cap on a run's class
    Forecast,     // version 2: how likely a queued order is to be served
};

// The command's name in the format ("add_car").
const char* opName(Op op);
// position, availability, seatmap, forecast: answered, changing nothing.
inline bool isQuery(Op op) {
    return op == Op::Position || op == Op::Availability || op == Op::Seatmap || op == Op::Forecast;
}

// The `code` of an `error` event: why the engine refused a command. Each has
// one name on the wire (errorCodeName). Event bytes are part of every store's
// hash chain, so a released name never changes.
enum class ErrorCode : std::uint8_t {
    BadCommand,         // bad_command: not a valid command (format, a field, a limit)
    TimeWentBack,       // time_went_back: `at` is before the clock
    IdConflict,         // id_conflict: the id names a different command
    UnknownTrain,       // unknown_train
    UnknownStation,     // unknown_station
    UnknownClass,       // unknown_class
    UnknownSeat,        // unknown_seat
    UnknownSale,        // unknown_sale
    UnknownTicket,      // unknown_ticket
    UnknownOrder,       // unknown_order
    UnknownBlock,       // unknown_block
    BadInterval,        // bad_interval: from equals or follows to
    TrainExists,        // train_exists
    CarExists,          // car_exists
    WrongClass,         // wrong_class: a named seat is of another class
    SeatTaken,          // seat_taken: a named seat is occupied on the interval
    SoldOut,            // sold_out: not enough free seats
    PassengerConflict,  // passenger_conflict: named twice, or already travelling then
    SaleExpired,        // sale_expired: paid too late
    NotPayable,         // not_payable: refunded before payment
    NotRefundable,      // not_refundable: nothing live to refund or reschedule
    NotPaid,            // not_paid: only a paid ticket is rescheduled
    PartialTicket,      // partial_ticket: a ticket reaches outside the released interval
    PartialBlock,       // partial_block: a block reaches outside the released interval
    NothingToRelease,   // nothing_to_release
    DeadlinePassed,     // deadline_passed
    Departed,           // departed: every option's train has left
    OrderClosed,        // order_closed: cancelled, fulfilled or expired
    TooManyOrders,      // too_many_orders: the user has as many open orders as allowed (v2)
    WaitlistFull,       // waitlist_full: a class's waitlist cap is reached (候补人数已满, v2)
};

// Every ErrorCode, in declaration order.
inline constexpr ErrorCode kErrorCodes[] = {
    ErrorCode::BadCommand,       ErrorCode::TimeWentBack,   ErrorCode::IdConflict,
    ErrorCode::UnknownTrain,     ErrorCode::UnknownStation, ErrorCode::UnknownClass,
    ErrorCode::UnknownSeat,      ErrorCode::UnknownSale,    ErrorCode::UnknownTicket,
    ErrorCode::UnknownOrder,     ErrorCode::UnknownBlock,   ErrorCode::BadInterval,
    ErrorCode::TrainExists,      ErrorCode::CarExists,      ErrorCode::WrongClass,
    ErrorCode::SeatTaken,        ErrorCode::SoldOut,        ErrorCode::PassengerConflict,
    ErrorCode::SaleExpired,      ErrorCode::NotPayable,     ErrorCode::NotRefundable,
    ErrorCode::NotPaid,          ErrorCode::PartialTicket,  ErrorCode::PartialBlock,
    ErrorCode::NothingToRelease, ErrorCode::DeadlinePassed, ErrorCode::Departed,
    ErrorCode::OrderClosed,      ErrorCode::TooManyOrders,  ErrorCode::WaitlistFull,
};
static_assert(std::size(kErrorCodes) == static_cast<std::size_t>(ErrorCode::WaitlistFull) + 1,
              "kErrorCodes lists every ErrorCode");

// The code's name on the wire ("sold_out").
const char* errorCodeName(ErrorCode code);
// The code a wire name stands for; none for a name the engine does not emit.
std::optional<ErrorCode> errorCodeFromName(std::string_view name);

enum class Policy : std::uint8_t { Complete, Exact };

enum class SeatChoice : std::uint8_t { BestFit, FirstFit, WorstFit };

// A seat label in canonical form "CC-RRL": "3-1A", "03-1A" and "03-01A" all give
// "03-01A". Empty when the text is not a seat label (car 1-2 digits, '-', row
// 1-2 digits, a letter A-Z).
std::string canonicalSeatLabel(std::string_view text);

struct StopSpec {
    std::string station;
    double km = 0;
    std::optional<int> arrival;    // minutes after midnight, as written
    std::optional<int> departure;  // minutes after midnight, as written
    bool operator==(const StopSpec&) const = default;
};

struct CarSpec {
    int car = 0;  // 1..99
    std::string travelClass;
    int rows = 0;        // 1..99
    std::string layout;  // distinct letters A..Z, e.g. "ABCDF"
    bool operator==(const CarSpec&) const = default;
};

struct OptionSpec {
    std::string train;
    std::string date;
    std::string travelClass;
    bool operator==(const OptionSpec&) const = default;
};

// A waitlist order's acceptance of runs added to the timetable (接受新增列车).
struct NewTrainsSpec {
    Time from = 0;  // departure from the order's `from` station: from..to
    Time to = 0;
    std::vector<std::string> classes;  // empty: the classes of the order's own options
    bool operator==(const NewTrainsSpec&) const = default;
};

// One waitlist limit of a `configure` command: absent, a number, or null (no limit).
struct LimitChange {
    bool given = false;
    int value = -1;  // -1: no limit
    bool operator==(const LimitChange&) const = default;
};

struct LimitsSpec {
    LimitChange passengers;
    LimitChange dates;
    LimitChange optionsPerDate;
    LimitChange options;
    LimitChange openOrdersPerUser;
    bool operator==(const LimitsSpec&) const = default;
};

struct Command {
    Op op = Op::Advance;
    std::optional<Time> at;
    std::string id;
    // Fingerprint of the command without `at`; two commands with the same id
    // and the same fingerprint are the same command (idempotent retry).
    std::uint64_t fingerprint = 0;

    std::string train;
    std::string date;
    std::string from;
    std::string to;
    std::string travelClass;
    std::string seat;
    std::string ticket;
    std::string reason;  // release: refund | timeout | reschedule | quota
    std::string prefer;  // "", "window", "aisle" or one seat letter
    std::string user;

    std::vector<StopSpec> stops;                        // train
    std::vector<CarSpec> cars;                          // train; add_car carries exactly one
    std::vector<std::pair<std::string, double>> fares;  // class -> yuan per km
    std::optional<int> holdMinutes;
    std::optional<Policy> policy;

    std::vector<std::string> passengers;
    std::vector<std::string> seats;
    std::optional<int> count;
    std::vector<OptionSpec> options;
    std::optional<Time> deadline;
    // forecast: served at or before `until`, the paths drawn from `seed`.
    std::optional<Time> until;
    std::optional<std::uint64_t> seed;

    // Version 2 (commands.md): standing, added trains, limits and caps.
    std::vector<std::pair<std::string, int>> standingPlaces;  // train: class -> places
    int carStanding = 0;                                      // add_car: places it brings
    bool standing = false;                                    // sell: standing tickets
    bool acceptStanding = false;                              // waitlist: 接受无座
    int seatChange = 0;  // waitlist: seat changes accepted (同车换座), 0 to 2
    bool added = false;  // train: 加开
    // dry_run: a preview. The command's events, each marked, and nothing of it
    // kept (commands.md, "Forecasts and previews"). Not part of its identity.
    bool dryRun = false;
    std::optional<NewTrainsSpec> newTrains;  // waitlist: 接受新增列车
    LimitsSpec limits;                       // configure
    int cap = -1;                            // waitlist_cap: -1 is null

    // Field by field, fingerprint included (the parsers are compared with it).
    bool operator==(const Command&) const = default;
};

}  // namespace houbu
