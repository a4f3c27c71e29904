#pragma once
// The engine's view of one command of the Houbu command format (commands.md).
// The codec fills it from JSON and has already checked every field's presence
// and type; the engine checks everything that depends on state.

#include <cstdint>
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
};

// The command's name in the format ("add_car").
const char* opName(Op op);

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

    // Field by field, fingerprint included (the parsers are compared with it).
    bool operator==(const Command&) const = default;
};

}  // namespace houbu
