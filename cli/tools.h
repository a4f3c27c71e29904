#pragma once
// houbu-cli gen / bench: peak-day workloads, measurements and allocation quality.
//
// gen writes a plain scenario (JSON Lines, commands.md) that any Houbu front end
// can run; bench replays such a file in memory or on a store and measures it.

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "houbu/command.h"
#include "houbu/splitmix.h"

namespace houbu::tools {

using Rng = SplitMix64;

// ---- gen ------------------------------------------------------------------------------

struct GenSpec {
    std::uint64_t seed = 1;
    int runs = 100;
    int stopsMin = 10;
    int stopsMax = 40;
    int seatsMin = 600;
    int seatsMax = 1200;
    std::int64_t orders = 100000;  // waitlist orders over all runs
    std::int64_t releases = -1;    // released seat intervals; -1: orders / 5
    double zipf = 1.0;             // exponent of interval popularity
    int maxPiece = 8;              // longest ticket (segments) of the sell-out
    // Version 2's traffic too (commands.md): standing places, orders that
    // accept standing or added runs, added runs, passengers who buy an
    // overlapping ticket after waitlisting, 12306's 2024 limits and caps.
    bool version2 = false;
    // Percent of waitlist orders accepting seat changes (同车换座), two in three
    // of them one change and the rest two; 0 leaves the day as it was.
    int seatChangePercent = 0;
};

struct GenStats {
    std::int64_t lines = 0;
    int runs = 0;
    std::int64_t seats = 0;
    std::int64_t sales = 0;  // sell-out tickets
    std::int64_t orders = 0;
    std::int64_t passengers = 0;
    std::int64_t refunds = 0;
    std::int64_t timeouts = 0;
    std::int64_t reschedules = 0;
    std::int64_t addedCars = 0;
    std::int64_t addedSeats = 0;
    std::int64_t intervals = 0;  // distinct (from, to) pairs orders ask for
    // --v2
    std::int64_t standingPlaces = 0;   // second-class places over the runs (date D)
    std::int64_t standingSold = 0;     // standing tickets of the sell-out
    std::int64_t standingRefunds = 0;  // of them, refunded in the rush
    std::int64_t acceptStanding = 0;   // orders accepting standing
    std::int64_t acceptNewTrains = 0;  // orders accepting added runs
    std::int64_t addedRuns = 0;
    std::int64_t conflicts = 0;  // overlapping tickets bought after waitlisting
    std::int64_t caps = 0;
    // --seat-change
    std::int64_t seatChangeOne = 0;  // orders accepting one change
    std::int64_t seatChangeTwo = 0;  // orders accepting two
};

// Writes the scenario, line by line (each ends with '\n'), to `write`.
// Returns false with `error` when the spec is out of range.
bool generate(const GenSpec& spec, const std::function<void(std::string_view)>& write,
              GenStats& stats, std::string& error);

// ---- allocation quality ---------------------------------------------------------------

struct QualityRequest {
    int from = 0;  // stop index
    int to = 0;
};

struct QualityResult {
    int requests = 0;
    int accepted = 0;
    // Refused although every segment of the interval had a free seat: the free
    // capacity was there, cut into pieces on different seats.
    int fragmented = 0;
    double load = 0;  // requested seat-segments / (seats x segments)
};

// Sells each request (one passenger, no seat named) in order on a fresh run of
// `seats` seats and `stops` stops with the given seat choice. With
// `seatChanges` >= 0 each request is instead a waitlist order accepting that
// many seat changes (同车换座), prepaid at once: accepted when it is served then.
QualityResult runQuality(int seats, int stops, const std::vector<QualityRequest>& requests,
                         SeatChoice choice, int seatChanges = -1);

// The most requests an offline assignment seats, exactly: taken by earliest
// end, each while every segment of it has a seat left. Interval graphs are
// perfect, so a set of load <= seats on every segment is seatable without
// changes, and greedy by end is optimal for the maximum k-colourable
// subgraph of an interval graph (Carlisle & Lloyd, "On the k-coloring of
// intervals", Discrete Applied Mathematics 1995). Seat changes do not raise it.
int offlineOptimum(int seats, int stops, std::vector<QualityRequest> requests);

// A stream that an offline assignment seats completely: every seat's segments
// are cut into pieces (gaps with probability 1 - fill), all pieces are requests,
// shuffled into a random arrival order. Load <= seats on every segment.
std::vector<QualityRequest> feasibleStream(int seats, int stops, double fill, int maxPiece,
                                           Rng& rng);

// ---- measurements ---------------------------------------------------------------------

// Peak resident set (VmHWM) and current resident set (VmRSS) of this process,
// in bytes; 0 when /proc is not readable.
std::int64_t peakRss();
std::int64_t currentRss();
// Resets the peak to the current resident set (Linux clear_refs); false when refused.
bool resetPeakRss();
// User + system CPU time of this process, in seconds.
double cpuSeconds();

// Latencies in a log-linear histogram: 16 sub-buckets per power of two
// (resolution about 6 %), a few kilobytes whatever the number of samples.
class LatencyHistogram {
  public:
    // `line`: the input line of the sample, remembered for the slowest one.
    void add(std::uint64_t ns, std::int64_t line = 0);
    std::uint64_t count() const { return count_; }
    std::int64_t maxLine() const { return maxLine_; }
    std::uint64_t totalNs() const { return total_; }
    std::uint64_t maxNs() const { return max_; }
    // The smallest recorded bucket bound with at least q of the samples below it.
    double quantileNs(double q) const;
    void merge(const LatencyHistogram& other);

  private:
    static constexpr int kSub = 16;
    std::vector<std::uint64_t> buckets_ = std::vector<std::uint64_t>(64 * kSub, 0);
    std::uint64_t count_ = 0;
    std::uint64_t total_ = 0;
    std::uint64_t max_ = 0;
    std::int64_t maxLine_ = 0;
};

// ---- subcommands ----------------------------------------------------------------------

int genMain(int argc, char** argv);
// bench --forecast: the calibration of `forecast` on a day (forecast_bench.cpp).
int forecastBench(const char* path, std::uint64_t seed, int sample, bool wholeRun, bool json);
int benchMain(int argc, char** argv);
extern const char* const kGenUsage;
extern const char* const kBenchUsage;

}  // namespace houbu::tools
