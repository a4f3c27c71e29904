#pragma once
// The benchmark workload, built deterministically from a fixed seed through
// houbu::Engine::apply with Command structs (no JSON), so that setup is fast:
//
//  1. one run, G1 on 2024-01-20, 20 stops x 1,000 seats (10 cars of second
//     class, 20 rows of "ABCDF"), sold out: every seat's 19 segments are cut into
//     random pieces of 1..6 segments and each piece is sold on that seat
//     (explicit seat) and paid;
//  2. 200,000 waitlist orders, groups of 1..4, one option each, over intervals
//     drawn uniformly from the 190 (from, to) pairs, each submitted and prepaid;
//     on the sold-out run they all stay queued;
//  3. 100,000 operator releases (reason refund), each of one live ticket's exact
//     seat interval, the ticket drawn at random among the live ones (the sold
//     tickets and the tickets of served orders). The releases depend on the
//     engine's matching, so they are found once by a dry run and then replayed.
//
// Passenger names are short ASCII ("n123456", at most 7 bytes) and fit the
// std::string small-string buffer (15 bytes in libstdc++): they take no heap.

#include <charconv>
#include <cstdint>

#include <functional>
#include <string>
#include <vector>
#include "houbu/splitmix.h"

#include "houbu/command.h"
#include "houbu/engine.h"
#include "houbu/event.h"
#include "houbu/splitmix.h"

namespace houbu::bench {

inline constexpr int kMaxGroupInWorkload = 4;  // waitlist groups are 1..4 passengers

struct WorkloadSpec {
    int cars = 10;
    int rows = 20;
    std::string layout = "ABCDF";
    int maxPiece = 6;  // longest interval sold while selling out
    int orders = 200000;
    int releases = 100000;
    std::uint64_t seed = 20240120;
};

// The spec every benchmark uses; main() may shrink it (--houbu_orders=, --houbu_releases=).
WorkloadSpec& globalSpec();

using Rng = SplitMix64;

// out = prefix followed by n in decimal ("w123"), without a temporary string.
inline void setName(std::string& out, char prefix, std::uint64_t n) {
    char buf[24];
    buf[0] = prefix;
    const auto end = std::to_chars(buf + 1, buf + sizeof buf, n).ptr;
    out.assign(buf, static_cast<std::size_t>(end - buf));
}

// One seat interval: seat index in seat order, stop indices.
struct SeatInterval {
    std::uint16_t seat = 0;
    std::uint8_t from = 0;
    std::uint8_t to = 0;
};

// Counts events and discards them.
class CountingSink : public EventSink {
  public:
    void onEvent(const Event& event) override {
        ++events;
        if (event.kind == EventKind::Error) ++errors;
        if (event.kind == EventKind::WaitlistFulfilled) ++fulfilled;
    }
    std::uint64_t events = 0;
    std::uint64_t errors = 0;
    std::uint64_t fulfilled = 0;
};

using CommandFn = std::function<void(const Command&)>;

class Workload {
  public:
    explicit Workload(WorkloadSpec spec);

    const WorkloadSpec& spec() const { return spec_; }
    int stopCount() const { return static_cast<int>(stations_.size()); }
    int seatCount() const {
        return spec_.cars * spec_.rows * static_cast<int>(spec_.layout.size());
    }
    const std::string& station(int stop) const { return stations_[stop]; }
    std::string seatLabel(int seat) const;
    // Inverse of seatLabel / station; -1 when unknown.
    int seatIndex(const std::string& label) const;
    int stopIndex(const std::string& station) const;

    static const char* train() { return "G1"; }
    static const char* date() { return "2024-01-20"; }
    static const char* travelClass() { return "二等座"; }

    // The `train` command.
    Command trainCommand() const;
    // Phase 1: `train`, then sell+pay pieces until every seat segment is taken.
    // Returns the number of commands.
    std::size_t soldOut(const CommandFn& fn) const;
    // Phase 2: `waitlist` + `prepay` for each order. Returns the number of commands.
    std::size_t waitlist(const CommandFn& fn) const;
    // Phase 3: the release commands (found by a dry run on first use, then cached).
    const std::vector<SeatInterval>& releases() const;
    // Fills `cmd` (made by releaseTemplate) as the release of `interval`.
    Command releaseTemplate() const;
    void fillRelease(Command& cmd, SeatInterval interval) const;

    // Passenger-name bytes on the heap over all waitlist orders (0: they fit SSO),
    // and the number of passengers.
    std::uint64_t nameHeapBytes() const;
    std::uint64_t passengerCount() const;

    // Writes the whole workload (phases 1-3) as JSON Lines (commands.md).
    // Returns the number of lines; sets the line count of each phase when asked.
    std::size_t writeJsonl(std::string& out, std::size_t* phaseLines = nullptr) const;

  private:
    std::vector<SeatInterval> dryRun() const;

    WorkloadSpec spec_;
    std::vector<std::string> stations_;
    std::vector<double> km_;
    std::vector<int> arrival_;    // minutes after midnight, -1 for none
    std::vector<int> departure_;  // minutes after midnight, -1 for none
    mutable std::vector<SeatInterval> releases_;
    mutable bool releasesReady_ = false;
};

// The workload of globalSpec(), built once.
const Workload& globalWorkload();

// Command -> one JSON object of commands.md (the ops the workload uses).
std::string toJson(const Command& cmd);

}  // namespace houbu::bench
