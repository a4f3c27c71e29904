#pragma once
// The waitlist design of the seeds' article (000, sections 2-4 and 6) on a real
// Redis server, as the baseline Houbu is compared with:
//
//  - seat occupancy: one Redis bitmap per seat, key train:{train}:{date}:{seat},
//    bit i = segment i (stop i to stop i+1) taken;
//  - a sale or an allocation takes its segments with a Lua check-and-set on the
//    seat's bitmap (atomic: check every bit, then set them);
//  - waitlist queues: one sorted set per interval, key
//    backup:{train}:{date}:{from}:{to}, member the order id, score the order
//    of prepayment; ZADD on prepay, ZRANGE 0 9 to read the head, ZREM on
//    service (from every option's queue);
//  - service is triggered by a release event only (refund, hold timeout,
//    reschedule, each seat of an added car): the released seat is offered to the
//    queues whose interval overlaps it (the exact interval first, then those
//    inside it, longest first, then the others), ten candidates of each; the
//    first candidate whose interval is free on that seat (and, for a group, who
//    finds the other seats by scanning the class's bitmaps) is allocated:
//    per-segment locks SET lock:{train}:{date}:{seat}:{from}:{to} NX PX 5000,
//    taken in sorted key order, the double check and take by the Lua
//    check-and-set, ZREM, then the locks released by a compare-and-delete Lua
//    script; one allocation per queue per release, as the article's loop does.
//
// The article's MySQL tables (orders, tickets) are kept in this process's
// memory (what a database would answer); its MySQL transaction, payment and
// notification steps are left out, which only makes the baseline faster.
// Choices where the article is silent are listed in docs/benchmarks.md.

#include <cstdint>
#include <map>
#include <queue>
#include <string>
#include <unordered_map>
#include <vector>

#include "houbu/command.h"
#include "resp.h"

namespace houbu::bench {

class SeedBaseline {
  public:
    explicit SeedBaseline(RespClient& redis);

    // Loads the Lua scripts and empties the database. False with `error`.
    bool prepare(std::string& error);

    // Applies one command of the scenario (the ops `houbu-cli gen` writes and
    // a few more); returns false when the command fails (sold out, unknown ...).
    bool apply(const Command& command);

    struct Stats {
        std::int64_t ordersServed = 0;
        std::int64_t passengersSeated = 0;
        std::int64_t releases = 0;
        std::int64_t candidatesTried = 0;
        std::int64_t lockFailures = 0;
        std::int64_t casFailures = 0;
        std::int64_t failedCommands = 0;
        std::int64_t seatScans = 0;
    };
    const Stats& stats() const { return stats_; }

    // Checks the allocation: no two live tickets on one seat share a segment
    // (checked at every allocation, from this process's records), and every
    // seat's bitmap in Redis equals the union of its live tickets. Returns the
    // problems found (empty when valid).
    std::vector<std::string> validate();
    std::int64_t overlapsSeen() const { return overlaps_; }

  private:
    struct Seat {
        std::string label;
        std::string key;
        int cls = 0;
        std::uint64_t live = 0;  // union of live tickets' segments (this process's records)
    };
    struct RunInfo {
        std::string train, date;
        std::vector<std::string> stations;
        std::map<std::string, int> stationIndex;
        std::vector<std::string> classes;
        std::vector<Seat> seats;
        std::vector<std::vector<int>> seatsOfClass;
        // Queues with members: (from, to) -> members count.
        std::map<std::pair<int, int>, std::int64_t> queues;
        Time holdSeconds = 30 * 60;
    };
    struct Ticket {
        int run = -1;
        int seat = -1;
        int from = 0, to = 0;
        enum class State : std::uint8_t { Held, Paid, Gone } state = State::Held;
        Time payBy = 0;
    };
    struct Option {
        int run = -1;
        int cls = -1;
    };
    struct Order {
        std::string from, to;
        int passengers = 0;
        std::vector<Option> options;
        enum class State : std::uint8_t { Submitted, Queued, Served } state = State::Submitted;
    };

    int runOf(const std::string& train, const std::string& date) const;
    int classOf(const RunInfo& run, const std::string& name) const;
    std::string queueKey(const RunInfo& run, int from, int to) const;
    void fireTimers(Time now);
    bool sell(const Command& c, int run, const std::vector<int>& seats, int from, int to,
              const std::string& saleId, bool paid);
    bool takeSeat(int run, int seat, int from, int to);  // Lua check-and-set
    void clearSeat(int run, int seat, int from, int to);
    void recordTicket(const std::string& id, int run, int seat, int from, int to, bool paid);
    void releaseTicket(const std::string& id, Ticket::State why);
    void onSeatReleased(int run, int seat, int from, int to);
    std::vector<int> scanFree(int run, int cls, int from, int to, int want, int except);
    bool allocate(const std::string& orderId, Order& order, int run, const std::vector<int>& seats,
                  int from, int to);

    RespClient& redis_;
    std::string casSha_, releaseSha_, unlockSha_;
    std::vector<RunInfo> runs_;
    std::map<std::pair<std::string, std::string>, int> runIndex_;
    std::unordered_map<std::string, Ticket> tickets_;
    std::unordered_map<std::string, std::vector<std::string>> sales_;
    std::unordered_map<std::string, Order> orders_;
    using Timer = std::pair<Time, std::string>;
    std::priority_queue<Timer, std::vector<Timer>, std::greater<>> timers_;
    Time clock_ = 0;
    std::int64_t score_ = 0;
    std::int64_t overlaps_ = 0;
    Stats stats_;
};

}  // namespace houbu::bench
