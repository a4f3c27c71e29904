#pragma once
// Read-only views of the engine state for displays (the console's grid, queue
// and train views) and for the remote API. Plain values: they stay valid after
// the engine moves on.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "houbu/time.h"

namespace houbu {

struct StopView {
    std::string station;
    double km = 0;
    Time arrival = -1;    // -1 when not given
    Time departure = -1;  // -1 when not given
};

struct CarView {
    int number = 0;
    std::string travelClass;
    int rows = 0;
    std::string layout;
};

struct RunSummary {
    std::string train;
    std::string date;
    int stops = 0;
    int seats = 0;
    // Seat-segments held (tickets and blocks) over seat-segments offered.
    double loadFactor = 0;
    int queuedOrders = 0;      // orders with an option on this run
    int queuedPassengers = 0;  // their passengers
    // Seat-segments not held: over the segments, the seats free on an average one.
    std::int64_t freeSeatSegments = 0;
    // Orders in the run's longest queue; -1 when not ranked (Engine::rankQueues).
    int longestQueue = -1;
};

// One waitlist queue (run, class, interval) among the longest of the day.
struct HotQueue {
    std::string train;
    std::string date;
    std::string travelClass;
    int from = 0;  // stop indices on the run
    int to = 0;
    std::string fromStation;
    std::string toStation;
    int orders = 0;
    int passengers = 0;
    int freeSeats = 0;  // seats of the class free over the whole interval
};

// The queues of every run ranked by waiting passengers (then orders), and
// each run's longest queue, from one pass over the queues.
struct QueueRanking {
    std::vector<HotQueue> hottest;       // at most the limit asked for
    std::vector<int> longestQueueOfRun;  // orders; in runSummaries() order
};

// A class of a run beyond its seats (commands.md version 2): standing places
// and their load per segment, and the waitlist cap with the passengers it counts.
struct ClassView {
    std::string name;
    int standingPlaces = 0;
    std::vector<int> standingLoad;  // per segment
    int cap = -1;                   // -1: none
    int queuedPassengers = 0;
};

struct RunView {
    std::string train;
    std::string date;
    std::vector<StopView> stops;
    std::vector<CarView> cars;
    std::vector<std::string> classes;
    std::vector<ClassView> classDetails;  // in the order of `classes`
    int holdMinutes = 30;
    bool exactPolicy = false;
    bool added = false;  // 加开
};

// A live standing ticket (无座): it has no seat, so the seat views never show it.
struct StandingTicketView {
    std::string ticket;
    std::string passenger;
    std::string travelClass;
    std::string sale;  // or the waitlist order that was served
    int from = 0;
    int to = 0;
    bool held = false;    // awaiting payment (else paid)
    bool served = false;  // from the waitlist
};

// One leg of a ticket on several seats (同车换座).
struct LegView {
    std::string seat;  // "CC-RRL"
    int from = 0;      // stop index
    int to = 0;
    bool operator==(const LegView&) const = default;
};

// Who holds an interval of a seat.
struct HolderView {
    enum class Kind : std::uint8_t { Held, Paid, Served, Block };
    Kind kind = Kind::Held;
    int from = 0;           // stop index
    int to = 0;             // stop index
    std::string id;         // ticket or block id
    std::string passenger;  // tickets only
    std::string sale;       // sale, or the waitlist order that was served
    Time payBy = -1;        // held tickets
    // A ticket on several seats: all its legs in travel order, this one among
    // them; empty for a ticket on one seat and for blocks.
    std::vector<LegView> legs;
};

struct SeatView {
    std::string label;  // "CC-RRL"
    std::string travelClass;
    int car = 0;
    int row = 0;
    char letter = 'A';
    std::uint64_t mask = 0;           // bit i: segment stop i -> stop i+1 is held
    std::vector<HolderView> holders;  // ordered by `from`
};

struct OrderView {
    std::string id;
    std::string user;
    std::vector<std::string> passengers;
    std::string from;
    std::string to;
    Time submittedSeq = 0;
    Time effectiveAt = -1;
    Time deadline = -1;
    std::int64_t prepayFen = 0;
    struct Option {
        std::string train;
        std::string date;
        std::string travelClass;
    };
    std::vector<Option> options;
    std::string status;            // awaiting_prepay, queued, fulfilled, cancelled, expired, failed
    bool acceptsStanding = false;  // 接受无座
    bool acceptsNewTrains = false;  // 接受新增列车
    // In a QueueView: its rank, the passengers ahead of it and 12306's level.
    int rank = 0;
    int aheadPassengers = 0;
    std::string level;
};

struct QueueView {
    std::string travelClass;
    int from = 0;  // stop index on the run
    int to = 0;
    // Queued orders in rank order: all of them, or a window of them when
    // read through a QueueWindow (ranks first + 1 on); `length` and
    // `passengers` count the whole queue.
    std::vector<OrderView> orders;
    int length = 0;
    int passengers = 0;
    int first = 0;  // the orders ranked before orders[0]
};

// How much of each queue a view reads: its first `rows` orders in rank order
// (all by default), another window for the queues in `deeper`: further down
// from the head, or `rows` orders from rank `first` + 1 on. A queue of a
// million orders is read a window at a time: what a viewer reads after each
// command follows what it shows, not what waits.
struct QueueWindow {
    struct Deeper {
        std::string travelClass;
        int from = 0;
        int to = 0;
        std::size_t rows = 0;
        std::size_t first = 0;  // ranks skipped: 0 reads from the head
        bool operator==(const Deeper&) const = default;
    };
    // The ranks a queue lists: from `first` + 1, `rows` of them.
    struct Span {
        std::size_t first = 0;
        std::size_t rows = 0;
        bool operator==(const Span&) const = default;
    };
    std::size_t rows = static_cast<std::size_t>(-1);
    std::vector<Deeper> deeper;

    Span spanOf(const std::string& travelClass, int from, int to) const {
        for (const Deeper& d : deeper)
            if (d.from == from && d.to == to && d.travelClass == travelClass)
                return {d.first, d.first == 0 ? std::max(rows, d.rows) : d.rows};
        return {0, rows};
    }
    // Reads the queue from its head to at least `rows`; false when it
    // already was. Past `most` deeper queues, the one read deeper longest
    // ago is forgotten.
    bool deepen(const std::string& travelClass, int from, int to, std::size_t rows,
                std::size_t most = static_cast<std::size_t>(-1)) {
        const Span now = spanOf(travelClass, from, to);
        if (now.first == 0 && now.rows >= rows) return false;
        return show(travelClass, from, to, 0, rows, most);
    }
    // Reads `rows` orders of the queue from rank `first` + 1 on (from the
    // head, at least `rows` of every queue, when `first` is 0); false when
    // it already did.
    bool show(const std::string& travelClass, int from, int to, std::size_t first, std::size_t rows,
              std::size_t most = static_cast<std::size_t>(-1)) {
        const Span wanted = first == 0 ? Span{0, std::max(this->rows, rows)} : Span{first, rows};
        if (spanOf(travelClass, from, to) == wanted) return false;
        std::erase_if(deeper, [&](const Deeper& d) {
            return d.from == from && d.to == to && d.travelClass == travelClass;
        });
        if (first == 0 && rows <= this->rows) return true;  // back to the head
        if (most > 0 && deeper.size() >= most)
            deeper.erase(deeper.begin(),
                         deeper.begin() + static_cast<std::ptrdiff_t>(deeper.size() - most + 1));
        deeper.push_back({travelClass, from, to, rows, first});
        return true;
    }
    bool operator==(const QueueWindow&) const = default;

    // What a viewer opening a run reads (`tallies`: the run's queues in key
    // order, read with no orders): `rows` orders of every queue, queues to
    // come included, when that is at most `budget` lines (a queue's header
    // and its orders); else `rows` orders of the first queues, as far as
    // `budget` lines reach, and only the tallies of the others until it asks
    // (show). A run of a thousand short queues is read as far as a few
    // screens, not whole.
    static QueueWindow headOf(const std::vector<QueueView>& tallies, std::size_t rows,
                              std::size_t budget) {
        QueueWindow window;
        window.rows = rows;
        std::size_t lines = 0;
        for (const QueueView& q : tallies) {
            if (lines >= budget) {
                window.rows = 0;
                return window;
            }
            window.deeper.push_back({q.travelClass, q.from, q.to, rows, 0});
            lines += 1 + std::min(rows, static_cast<std::size_t>(q.length));
        }
        window.deeper.clear();  // all of them fit
        return window;
    }
};

// The order in which a run's queues are listed: by class, from, to.
inline bool queueKeyBefore(const QueueView& a, const QueueView& b) {
    if (a.travelClass != b.travelClass) return a.travelClass < b.travelClass;
    return a.from != b.from ? a.from < b.from : a.to < b.to;
}

// What changed on one run since a viewer last asked (Engine::takeChanges):
// enough to bring its seats() and queues() up to date without reading them
// whole. Views of what changed, read after the change.
struct RunChanges {
    // False when too much changed to list (or tracking was off): read the run whole.
    bool listed = false;
    // Seats whose holders changed: their positions in seats()' order, rising,
    // and their views.
    std::vector<std::size_t> seatRows;
    std::vector<SeatView> seats;
    // Every queue of the run whose orders changed, whole, by class, from, to;
    // a queue that emptied is here with no orders.
    std::vector<QueueView> queues;
};

// Why a queued order waits on one option: how many seats are free over its
// interval, and for each seat of the class what blocks it there.
struct WaitReason {
    std::string train;
    std::string date;
    std::string travelClass;
    int from = 0;
    int to = 0;
    int needed = 0;
    int free = 0;
    int rank = 0;  // the order's rank in this option's queue (0: not queued)
    bool departed = false;
    // Version 2: standing places free over the interval (when the order
    // accepts standing), the class's cap, and a passenger who travels at an
    // overlapping time meanwhile (兑现失败 when seats come).
    bool acceptsStanding = false;
    int standingFree = 0;
    int cap = -1;
    int queuedOnClass = 0;
    std::string conflictPassenger;
    std::string conflictTicket;
    // 同车换座: the changes the order accepts, and the fewest (1 or 2) that
    // would seat it now when no whole seats do (0: whole seats do, -1: not
    // even two); when not even two, the first segment short of seats (-1:
    // none, the changes are too few) and its free seats.
    int seatChanges = 0;
    int changesThatServe = 0;
    int scarceSegment = -1;
    int scarceFree = 0;
    struct Blocked {
        std::string seat;
        std::vector<HolderView> blockers;  // holders overlapping the interval
    };
    std::vector<Blocked> seats;  // every seat of the class not free over the interval
};

}  // namespace houbu
