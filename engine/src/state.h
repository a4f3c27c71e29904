#pragma once
// Engine state: runs, seats, holders, sales, blocks, waitlist orders, queues, timers.
//
// Invariants (checked by Engine::checkInvariants):
//  1. Seat::mask == OR of segmentMask(o.from, o.to) over Seat::occupants.
//  2. Occupants of one seat never share a segment.
//  3. An occupant of kind Ticket names a ticket that is Held or Paid; of kind
//     Block, a block that still lists that seat.
//  4. Queue::liveBySize[s] == number of Queued orders of s+1 passengers that have
//     an option on this queue.

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <new>
#include <string>
#include <unordered_map>
#include <vector>

#include "change_marks.h"
#include "forecast_ledger.h"
#include "houbu/command.h"
#include "houbu/engine.h"
#include "houbu/time.h"
#include "order_names.h"
#include "queue_slots.h"
#include "span_pool.h"
#include "text_arena.h"
#include "text_table.h"
#include "timer_queue.h"

namespace houbu {

inline constexpr int kMaxStops = 64;
// The largest waitlist group (12306's 2024 limit, the most `configure` allows;
// a sale still takes at most 5 passengers) and the most options an order lists.
inline constexpr int kMaxGroup = 9;
inline constexpr int kMaxListedOptions = 64;
// An order's options in all, the runs added later (接受新增列车) included.
inline constexpr int kMaxOptions = 255;
inline constexpr std::uint32_t kNone = 0xffffffffu;

using SegmentMask = std::uint64_t;

// Bits from..to-1: the segments between stop `from` and stop `to`.
inline SegmentMask segmentMask(int from, int to) {
    return ((SegmentMask{1} << to) - 1) ^ ((SegmentMask{1} << from) - 1);
}

struct Stop {
    std::string station;
    double km = 0;
    Time arrival = -1;    // absolute, -1 when not given
    Time departure = -1;  // absolute, -1 when not given
    // The instant the train leaves this stop (departure, else arrival), -1 if unknown.
    Time leaves() const { return departure >= 0 ? departure : arrival; }
    // The instant the train reaches this stop (arrival, else departure), -1 if unknown.
    Time reaches() const { return arrival >= 0 ? arrival : departure; }
};

struct Car {
    int number = 0;
    std::uint16_t travelClass = 0;
    int rows = 0;
    std::string layout;
    // Its seats are firstSeat + (row - 1) * layout.size() + letter position.
    std::uint32_t firstSeat = 0;
};

enum class HolderKind : std::uint8_t { Ticket, Block };

struct Occupant {
    std::uint8_t from = 0;
    std::uint8_t to = 0;
    HolderKind kind = HolderKind::Ticket;
    std::uint32_t ref = 0;  // ticket or block index
};

struct Seat {
    SegmentMask mask = 0;
    std::uint16_t travelClass = 0;
    std::uint16_t car = 0;  // index into Run::cars
    std::uint8_t row = 0;
    std::uint8_t letterPos = 0;
    char letter = 'A';
    std::uint32_t classPos = 0;  // position in the class's seat order (its free-bitset bit)
    char labelText[6] = {};      // "CC-RRL"
    std::string label() const { return std::string(labelText, sizeof labelText); }
    std::vector<Occupant> occupants;
};

// One waitlist queue: (run, class, from, to). Orders are kept per group size,
// each list sorted by (effective time, submission sequence); removal is lazy
// (an entry is live while its order is Queued).
struct Queue {
    std::uint32_t run = 0;
    std::uint16_t travelClass = 0;
    std::uint8_t from = 0;
    std::uint8_t to = 0;
    struct Lane {
        std::vector<std::uint32_t> orders;
        std::uint32_t head = 0;  // entries before head are gone
    };
    std::array<Lane, kMaxGroup> lanes;
    std::array<std::uint32_t, kMaxGroup> liveBySize{};
    std::uint32_t dead = 0;  // dead entries at or after the heads
    // Live orders that accept standing (接受无座): when none, standing is never
    // looked at for this queue.
    std::uint32_t acceptingStanding = 0;
    // Live orders that accept seat changes (同车换座): when none, chains are
    // never searched for this queue.
    std::uint32_t acceptingChanges = 0;
    // The earliest live order of any size, kNone when not known: found by the
    // matcher, forgotten when that order leaves, replaced by an earlier one
    // joining. A release looks at the fronts of every queue over it; this
    // spares reading each lane's head and its order again. Never saved.
    std::uint32_t front = kNone;
    std::uint32_t live() const {
        std::uint32_t n = 0;
        for (auto c : liveBySize)
            n += c;
        return n;
    }
};

struct ClassInfo {
    std::string name;
    double farePerKm = 0;
    std::vector<std::uint32_t> seats;  // seat indices in seat order
    // Queue index by interval, kNone when none exists yet.
    QueueSlots queueAt;
    // Per segment, a bitset over seat-order positions, set where the seat is free:
    // counting and finding free seats over an interval is an AND of its segments.
    std::vector<std::uint64_t> freeBits;
    std::uint32_t words = 0;
    // Version 2. Standing places (无座) on any one segment, and the standing
    // passengers per segment: a counter, never a scan of tickets.
    int standingPlaces = 0;
    std::vector<std::int32_t> standingLoad;
    // The waitlist cap (-1: none) and the passengers queued on this class over
    // all its intervals (derived, like Run's counters).
    int cap = -1;
    int queuedPassengers = 0;
    // Queued orders with an option on this class that accept seat changes: a
    // release looks for their queues only when there are any.
    int changingOrders = 0;
    // Standing places free over from..to: the least over its segments.
    int standingFree(int from, int to) const {
        if (standingPlaces == 0) return 0;
        int least = standingPlaces;
        for (int g = from; g < to; ++g)
            least = std::min(least, standingPlaces - standingLoad[g]);
        return least;
    }
};

struct Run {
    std::string train;
    std::string date;

    std::vector<Stop> stops;
    std::unordered_map<std::string, std::uint8_t> stationIndex;
    std::vector<Car> cars;
    std::vector<Seat> seats;
    std::vector<ClassInfo> classes;
    std::vector<std::pair<std::string, double>> fares;  // class -> yuan per km
    int holdMinutes = 30;
    Policy policy = Policy::Complete;
    bool added = false;  // 加开: a run added to the timetable (version 2)
    // Its live standing tickets in creation order (derived, like the counters).
    std::vector<std::uint32_t> standingTickets;
    // Derived counters, kept as seats and queues change (never stored in a
    // snapshot; rebuilt on restore; checked by checkInvariants), so that a
    // summary of every run costs nothing per order or seat: seat-segments
    // held, and the queued orders with an option on this run and their
    // passengers.
    std::int64_t heldSegments = 0;
    int queuedOrders = 0;
    int queuedPassengers = 0;
    // For forecasts: the latest release seen on the run (in
    // EngineState::ledger, kNone before any), and when an order first joined
    // one of its queues (-1: none yet), where its release rates are counted from.
    std::uint32_t lastRelease = 0xffffffffu;
    Time waitlistSince = -1;

    int segments() const { return static_cast<int>(stops.size()) - 1; }
    int classIndex(const std::string& name) const {
        for (std::size_t i = 0; i < classes.size(); ++i)
            if (classes[i].name == name) return static_cast<int>(i);
        return -1;
    }
};

// A seat's canonical label, "CC-RRL" (car, row, letter).
inline std::string seatLabel(int car, int row, char letter) {
    // Digits by hand: this runs for every seat of every new car and label lookup.
    const char buf[6] = {
        static_cast<char>('0' + car % 100 / 10), static_cast<char>('0' + car % 10), '-',
        static_cast<char>('0' + row % 100 / 10), static_cast<char>('0' + row % 10), letter};
    return std::string(buf, 6);
}

// "G1 on 2024-03-20": how errors and invariant reports name a run.
inline std::string runName(const Run& run) {
    return run.train + " on " + run.date;
}

// The seat a canonical label ("03-12A") names on `run`, or kNone.
inline std::uint32_t findSeat(const Run& run, std::string_view canonical) {
    if (canonical.size() != 6) return kNone;
    const int car = (canonical[0] - '0') * 10 + (canonical[1] - '0');
    const int row = (canonical[3] - '0') * 10 + (canonical[4] - '0');
    for (const Car& c : run.cars) {
        if (c.number != car) continue;
        const std::size_t pos = c.layout.find(canonical[5]);
        if (row < 1 || row > c.rows || pos == std::string::npos) return kNone;
        return c.firstSeat + static_cast<std::uint32_t>((row - 1) * c.layout.size() + pos);
    }
    return kNone;
}

// Seat order: car number, row, position in the layout.
inline bool seatBefore(const Run& run, std::uint32_t a, std::uint32_t b) {
    const Seat& x = run.seats[a];
    const Seat& y = run.seats[b];
    const int cx = run.cars[x.car].number, cy = run.cars[y.car].number;
    if (cx != cy) return cx < cy;
    if (x.row != y.row) return x.row < y.row;
    return x.letterPos < y.letterPos;
}

// Every seat of the run, in seat order.
inline std::vector<std::uint32_t> seatsInOrder(const Run& run) {
    std::vector<std::uint32_t> order(run.seats.size());
    for (std::uint32_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(),
              [&run](std::uint32_t a, std::uint32_t b) { return seatBefore(run, a, b); });
    return order;
}

// Rebuilds a class's free bitsets from the seat masks (a new car, a restored snapshot).
inline void rebuildFreeBits(Run& run, std::size_t c) {
    ClassInfo& cls = run.classes[c];
    const int segs = run.segments();
    cls.words = static_cast<std::uint32_t>((cls.seats.size() + 63) / 64);
    cls.freeBits.assign(static_cast<std::size_t>(segs) * cls.words, 0);
    for (std::uint32_t p = 0; p < cls.seats.size(); ++p) {
        Seat& seat = run.seats[cls.seats[p]];
        seat.classPos = p;
        for (int g = 0; g < segs; ++g)
            if (!((seat.mask >> g) & 1)) cls.freeBits[g * cls.words + p / 64] |= 1ull << (p % 64);
    }
}
// Sets a seat's free bits on every segment from its mask (a seat put back).
inline void refreshFreeBits(Run& run, std::uint32_t index) {
    const Seat& seat = run.seats[index];
    ClassInfo& cls = run.classes[seat.travelClass];
    const std::uint64_t bit = 1ull << (seat.classPos % 64);
    for (int g = 0; g < run.segments(); ++g) {
        std::uint64_t& w = cls.freeBits[g * cls.words + seat.classPos / 64];
        w = ((seat.mask >> g) & 1) ? (w & ~bit) : (w | bit);
    }
}
inline void markFree(Run& run, const Seat& seat, int from, int to, bool isFree) {
    ClassInfo& cls = run.classes[seat.travelClass];
    const std::uint64_t bit = 1ull << (seat.classPos % 64);
    for (int g = from; g < to; ++g) {
        std::uint64_t& w = cls.freeBits[g * cls.words + seat.classPos / 64];
        w = isFree ? (w | bit) : (w & ~bit);
    }
}

enum class TicketStatus : std::uint8_t { Held, Paid, Refunded, Expired };

// A standing ticket (无座) has no seat: its `seat` is this flag and its class.
inline constexpr std::uint32_t kStandingSeat = 0x80000000u;

// A ticket's id is its sale's id, '.', and its number in the sale ("S1.2"):
// derived, never stored. Its passenger's name is the key of the passenger's
// entry in EngineState::passengers, which is never erased.
struct Ticket {
    std::uint32_t passenger = 0;  // entry in EngineState::passengers: the name and live tickets
    std::uint32_t sale = 0;
    std::uint32_t run = 0;
    std::uint32_t seat = 0;
    std::uint32_t nextOfPassenger = kNone;  // the passenger's next live ticket
    std::uint8_t from = 0;
    std::uint8_t to = 0;
    std::uint8_t number = 1;  // 1-based, within its sale
    TicketStatus status = TicketStatus::Held;
    bool paid = false;  // was paid at some point (stays true once refunded)
    // 0 for a ticket on one seat; else its legs (同车换座), in EngineState::legs,
    // and `seat` is its first leg's.
    std::uint8_t legCount = 0;
    bool live() const { return status == TicketStatus::Held || status == TicketStatus::Paid; }
    bool standing() const { return (seat & kStandingSeat) != 0; }
    std::uint16_t standingClass() const { return static_cast<std::uint16_t>(seat & 0xffff); }
};

// The indices firstTicket .. firstTicket + count - 1: a sale's tickets are
// created together, so they are contiguous.
struct TicketRange {
    std::uint32_t first = 0;
    std::uint32_t count = 0;
    struct Iter {
        std::uint32_t i;
        std::uint32_t operator*() const { return i; }
        Iter& operator++() {
            ++i;
            return *this;
        }
        bool operator!=(const Iter& o) const { return i != o.i; }
    };
    Iter begin() const { return {first}; }
    Iter end() const { return {first + count}; }
    std::size_t size() const { return count; }
};

struct Sale {
    Time payBy = 0;
    std::uint32_t idEntry = 0;  // its id's entry in EngineState::ids (a served order's own)
    std::uint32_t run = 0;
    std::uint32_t firstTicket = 0;
    std::uint8_t ticketCount = 0;
    bool fromWaitlist = false;  // the tickets of a served waitlist order
    TicketRange tickets() const { return {firstTicket, ticketCount}; }
};

enum class IdKind : std::uint8_t { Sale, Block, Order };

// What a sale, block or order id names, and the fingerprint of the command that made it.
struct IdRecord {
    IdKind kind = IdKind::Sale;
    std::uint32_t index = 0;
    std::uint64_t fingerprint = 0;
};

// A passenger's live tickets, a list through Ticket::nextOfPassenger in the
// order they were created (the first conflict found is the one an error names).
struct PassengerTickets {
    std::uint32_t first = kNone;
    std::uint32_t last = kNone;
};

struct Block {
    std::string_view id;  // in EngineState::ids
    std::uint32_t run = 0;
    std::uint16_t travelClass = 0;
    std::uint8_t from = 0;
    std::uint8_t to = 0;
    std::vector<std::uint32_t> seats;  // seats still withheld
    bool released = false;
};

enum class OrderStatus : std::uint8_t {
    AwaitingPrepay,
    Queued,
    Fulfilled,
    Cancelled,
    Expired,
    Failed
};

// Status names as events, views and the store's tables spell them.
inline const char* statusName(TicketStatus s) {
    switch (s) {
        case TicketStatus::Held:
            return "held";
        case TicketStatus::Paid:
            return "paid";
        case TicketStatus::Refunded:
            return "refunded";
        case TicketStatus::Expired:
            return "expired";
    }
    return "";
}

inline const char* orderStatusName(OrderStatus s) {
    switch (s) {
        case OrderStatus::AwaitingPrepay:
            return "awaiting_prepay";
        case OrderStatus::Queued:
            return "queued";
        case OrderStatus::Fulfilled:
            return "fulfilled";
        case OrderStatus::Cancelled:
            return "cancelled";
        case OrderStatus::Expired:
            return "expired";
        case OrderStatus::Failed:
            return "failed";
    }
    return "";
}

struct OrderOption {
    std::uint32_t run = 0;
    std::uint16_t travelClass = 0;
    std::uint8_t from = 0;
    std::uint8_t to = 0;
    std::uint32_t queue = kNone;  // set when the order joins the queue
};

struct Order {
    Time payBy = 0;
    Time effectiveAt = 0;
    Time deadline = -1;
    std::uint64_t submitSeq = 0;
    std::int64_t prepayFen = 0;
    OrderNames names;  // its user and passengers, in EngineState::text
    // Every option has the order's interval (the names as submitted are its
    // stations on the first option's run: see orderFrom / orderTo).
    OrderOption* optionData = nullptr;  // in EngineState::optionPool
    std::uint32_t idEntry = 0;          // its id's entry in EngineState::ids
    std::uint32_t saleIndex = kNone;    // the sale its tickets form once fulfilled
    std::uint8_t optionCount = 0;
    std::uint8_t passengerCount = 0;
    bool cancelledByUser = false;
    OrderStatus status = OrderStatus::AwaitingPrepay;
    std::uint8_t flags = 0;  // kAcceptsStanding, kAcceptsNewTrains

    Span<OrderOption> options() const { return {optionData, optionCount}; }
    void setOptions(Span<OrderOption> o) {
        optionData = o.begin();
        optionCount = static_cast<std::uint8_t>(o.size());
    }
    std::uint8_t groupSize() const { return passengerCount; }
};
// 20 M of them on a peak day: every byte here is 20 MB.
static_assert(sizeof(Order) <= 72);

inline constexpr std::uint8_t kAcceptsStanding = 1;  // 接受无座
inline constexpr std::uint8_t kAcceptsNewTrains =
    2;  // 接受新增列车: in EngineState::newTrainOrders
// Bits 2 and 3: the seat changes an order accepts (同车换座), 0 to 2.
inline constexpr int kSeatChangeShift = 2;
inline constexpr std::uint8_t kSeatChangeBits = 3 << kSeatChangeShift;
inline int seatChangesOf(const Order& order) {
    return (order.flags & kSeatChangeBits) >> kSeatChangeShift;
}

// An order that accepts added runs, and what it accepts (commands.md version 2).
struct NewTrainsOrder {
    std::uint32_t order = 0;
    Time from = 0;
    Time to = 0;
    std::vector<std::string> classes;  // as given, or its options' classes in order
};

// Queue order: (effective time, submission sequence); submission numbers
// are unique, so the order is total. Also on keys copied out of the orders.
inline bool queuedBefore(Time aEffective, std::uint64_t aSubmit, Time bEffective,
                         std::uint64_t bSubmit) {
    return aEffective != bEffective ? aEffective < bEffective : aSubmit < bSubmit;
}
inline bool queuedBefore(const Order& a, const Order& b) {
    return queuedBefore(a.effectiveAt, a.submitSeq, b.effectiveAt, b.submitSeq);
}

// One leg of a ticket on several seats; a ticket's legs are consecutive
// entries, in travel order, and tickets' legs are in ticket order.
struct TicketLeg {
    std::uint32_t ticket = 0;
    std::uint32_t seat = 0;
    std::uint8_t from = 0;
    std::uint8_t to = 0;
};

// A seat interval freed by the current command or timed effect; the matcher's input.
struct Freed {
    std::uint32_t run = 0;
    std::uint32_t seat = 0;
    std::uint8_t from = 0;
    std::uint8_t to = 0;
};

class UndoLog;

class EngineState {
  public:
    explicit EngineState(EngineOptions o) : options(o) {}

    EngineOptions options;
    // Engine::setTraceSink: receives the match trace when options.trace is off.
    EventSink* traceSink = nullptr;
    bool tracing() const { return options.trace || traceSink != nullptr; }
    Time clock = kEpoch;
    std::uint64_t seq = 0;
    std::uint64_t submissions = 0;
    std::uint64_t timerSeq = 0;

    std::vector<Run> runs;
    std::unordered_map<std::string, std::uint32_t> runIndex;
    StableVector<Ticket> tickets;
    // The legs of tickets on several seats, appended as they are made and
    // never changed: an undo record cuts the list back.
    std::vector<TicketLeg> legs;
    StableVector<Sale> sales;
    std::vector<Block> blocks;
    StableVector<Order> orders;
    StableVector<Queue> queues;  // never relocates: a day has hundreds of thousands
    // Per queue, its run and live orders and passengers, side by side (derived
    // from Queue::liveBySize): ranking a day's queues reads 12 bytes a queue
    // instead of a whole Queue, whose counters sit a cache miss away.
    struct QueueTally {
        std::uint32_t run = 0;
        std::uint32_t orders = 0;
        std::uint32_t passengers = 0;
    };
    std::vector<QueueTally> queueTallies;
    TextTable<IdRecord> ids;
    TextTable<PassengerTickets> passengers;
    TextArena text;                    // users and passengers of orders
    SpanPool<OrderOption> optionPool;  // orders' options
    TimerQueue timers;
    std::size_t queuedOrders = 0;
    // The queues and seats changed since a viewer last took them
    // (change_marks.h): a viewer's record, not the engine's state, so a const
    // engine keeps it too.
    mutable ChangeMarks changes;
    // Version 2: the waitlist limits in force; the orders accepting added runs,
    // in submission order (closed ones dropped as they are met); each user's
    // open orders (submitted or queued), counted only while a per-user limit
    // is in force (built when one is configured).
    LimitValues limits;
    std::vector<NewTrainsOrder> newTrainOrders;
    // What forecasts read: releases seen and how queued orders left.
    ForecastLedger ledger;
    std::unique_ptr<TextTable<std::uint32_t>> openOrdersByUser;  // null: not counting
    std::string runKey;  // scratch for runIndex lookups (keeps its capacity)

    const Run* findRun(const std::string& train, const std::string& date) const {
        auto it = runIndex.find(train + '\x1f' + date);
        return it == runIndex.end() ? nullptr : &runs[it->second];
    }

    // The undo record changes go to (Engine::mark), or null. Records are
    // watched by their containers; the rest is saved by these calls, made
    // before the part of a run they name, the blocks or the added-run list
    // change (undo_log.h). Queue tallies follow from the queues.
    UndoLog* undo = nullptr;
    // A seat's holders and mask (its free bits follow from them).
    void touchSeat(std::uint32_t run, std::uint32_t seat) {
        if (undo) [[unlikely]]
            keepSeat(run, seat);
    }
    // A run's counters: held segments, queued orders and passengers, its
    // latest release seen and when its waitlist began.
    void touchCounters(std::uint32_t run) {
        if (undo) [[unlikely]]
            keepCounters(run);
    }
    // A class's queue slots, standing load, cap and queued passengers.
    void touchClass(std::uint32_t run, std::uint16_t travelClass) {
        if (undo) [[unlikely]]
            keepClass(run, travelClass);
    }
    // A run's list of live standing tickets.
    void touchStandingList(std::uint32_t run) {
        if (undo) [[unlikely]]
            keepStandingList(run);
    }
    // The whole run, before its cars change (加挂).
    void touchWholeRun(std::uint32_t run) {
        if (undo) [[unlikely]]
            keepWholeRun(run);
    }
    void touchBlocks() {
        if (undo) [[unlikely]]
            keepBlocks();
    }
    // The list of orders accepting added runs, before an added run rewrites
    // it (appending needs no call: the record cuts the list back).
    void touchNewTrainOrders() {
        if (undo) [[unlikely]]
            keepNewTrainOrders();
    }

  private:
    void keepSeat(std::uint32_t run, std::uint32_t seat);
    void keepCounters(std::uint32_t run);
    void keepClass(std::uint32_t run, std::uint16_t travelClass);
    void keepStandingList(std::uint32_t run);
    void keepWholeRun(std::uint32_t run);
    void keepBlocks();
    void keepNewTrainOrders();
};

// A queue's tally, from its live counts: rebuilt on restore and on undo,
// checked by the invariants.
inline EngineState::QueueTally tallyOf(const Queue& q) {
    EngineState::QueueTally tally{q.run, 0, 0};
    for (std::size_t size = 0; size < q.liveBySize.size(); ++size) {
        tally.orders += q.liveBySize[size];
        tally.passengers += q.liveBySize[size] * static_cast<std::uint32_t>(size + 1);
    }
    return tally;
}

// A ticket's legs in travel order: its own seat and interval for a ticket on one seat.
inline std::vector<TicketLeg> legsOf(const EngineState& s, std::uint32_t ticket) {
    const Ticket& t = s.tickets[ticket];
    if (t.legCount == 0) return {TicketLeg{ticket, t.seat, t.from, t.to}};
    const auto first =
        std::lower_bound(s.legs.begin(), s.legs.end(), ticket,
                         [](const TicketLeg& leg, std::uint32_t k) { return leg.ticket < k; });
    return {first, first + t.legCount};
}

inline std::string_view passengerOf(const EngineState& s, const Ticket& t) {
    return s.passengers[t.passenger].key();
}

// Appends a live ticket to its passenger's list.
inline void linkToPassenger(EngineState& s, std::uint32_t ticket) {
    PassengerTickets& list = s.passengers[s.tickets[ticket].passenger].record;
    if (list.last == kNone)
        list.first = ticket;
    else
        s.tickets[list.last].nextOfPassenger = ticket;
    list.last = ticket;
    s.tickets[ticket].nextOfPassenger = kNone;
}

// Takes an ended ticket out of its passenger's list (a passenger has few live tickets).
inline void unlinkFromPassenger(EngineState& s, std::uint32_t ticket) {
    PassengerTickets& list = s.passengers[s.tickets[ticket].passenger].record;
    std::uint32_t previous = kNone;
    for (std::uint32_t t = list.first; t != kNone; t = s.tickets[t].nextOfPassenger) {
        if (t != ticket) {
            previous = t;
            continue;
        }
        const std::uint32_t next = s.tickets[t].nextOfPassenger;
        if (previous == kNone)
            list.first = next;
        else
            s.tickets[previous].nextOfPassenger = next;
        if (list.last == ticket) list.last = previous;
        s.tickets[ticket].nextOfPassenger = kNone;
        return;
    }
}

// The stations an order was submitted for: by name, the same on every option's run.
inline const std::string& orderFrom(const EngineState& s, const Order& o) {
    return s.runs[o.optionData[0].run].stops[o.optionData[0].from].station;
}
inline const std::string& orderTo(const EngineState& s, const Order& o) {
    return s.runs[o.optionData[0].run].stops[o.optionData[0].to].station;
}

inline std::string_view orderId(const EngineState& s, const Order& order) {
    return s.ids[order.idEntry].key();
}

inline std::string_view saleId(const EngineState& s, const Sale& sale) {
    return s.ids[sale.idEntry].key();
}

// "S1.2": the sale's id and the ticket's number in it.
inline std::string ticketId(const EngineState& s, std::uint32_t ticket) {
    const Ticket& t = s.tickets[ticket];
    const std::string_view sale = saleId(s, s.sales[t.sale]);
    std::string id;
    id.reserve(sale.size() + 4);
    id.append(sale);
    id += '.';
    // A number of 1 to 255, without a temporary string.
    if (t.number >= 100) id += static_cast<char>('0' + t.number / 100);
    if (t.number >= 10) id += static_cast<char>('0' + t.number / 10 % 10);
    id += static_cast<char>('0' + t.number % 10);
    return id;
}

// The ticket an id names, or kNone: the sale (or fulfilled order) before the
// last '.', and a canonical number after it that the sale has.
inline std::uint32_t findTicket(const EngineState& s, const std::string& id) {
    const std::size_t dot = id.rfind('.');
    if (dot == std::string::npos || dot + 1 >= id.size() || id.size() - dot > 4 ||
        id[dot + 1] == '0')
        return kNone;
    std::uint32_t number = 0;
    for (std::size_t i = dot + 1; i < id.size(); ++i) {
        if (id[i] < '0' || id[i] > '9') return kNone;
        number = number * 10 + static_cast<std::uint32_t>(id[i] - '0');
    }
    const IdRecord* rec = s.ids.find(std::string_view(id).substr(0, dot));
    if (!rec) return kNone;
    std::uint32_t sale = kNone;
    if (rec->kind == IdKind::Sale) sale = rec->index;
    if (rec->kind == IdKind::Order) sale = s.orders[rec->index].saleIndex;
    if (sale == kNone || number > s.sales[sale].ticketCount) return kNone;
    return s.sales[sale].firstTicket + number - 1;
}

// Visits a queue's queued orders in rank order until `visit` returns false.
// Each lane (one per group size) is kept in queue order, so merging the
// lanes' heads reads the head of a long queue without reading the rest.
template <class Visit>
void forEachQueuedInOrder(const EngineState& s, const Queue& q, Visit&& visit) {
    constexpr std::size_t kLanes = kMaxGroup;
    std::array<std::size_t, kLanes> at{};
    for (std::size_t lane = 0; lane < kLanes; ++lane)
        at[lane] = q.lanes[lane].head;
    // The lane's next queued order, past the ones that left.
    const auto next = [&](std::size_t lane) -> const Order* {
        const auto& orders = q.lanes[lane].orders;
        while (at[lane] < orders.size() && s.orders[orders[at[lane]]].status != OrderStatus::Queued)
            ++at[lane];
        return at[lane] < orders.size() ? &s.orders[orders[at[lane]]] : nullptr;
    };
    for (;;) {
        const Order* first = nullptr;
        std::size_t from = 0;
        for (std::size_t lane = 0; lane < kLanes; ++lane)
            if (const Order* o = next(lane); o && (!first || queuedBefore(*o, *first))) {
                first = o;
                from = lane;
            }
        if (!first) return;
        const std::uint32_t index = q.lanes[from].orders[at[from]++];
        if (!visit(index)) return;
    }
}

// An order's rank in a queue it is in: 1 + the queued orders ahead of it.
// With `ahead`, also the passengers of those orders.
inline std::int64_t rankIn(const EngineState& s, const Queue& q, const Order& order,
                           std::int64_t* ahead = nullptr) {
    std::int64_t rank = 1, passengers = 0;
    for (const auto& lane : q.lanes)
        for (std::size_t i = lane.head; i < lane.orders.size(); ++i) {
            const Order& other = s.orders[lane.orders[i]];
            if (other.status == OrderStatus::Queued && queuedBefore(other, order)) {
                ++rank;
                passengers += other.groupSize();
            }
        }
    if (ahead) *ahead = passengers;
    return rank;
}

// Whether two trips overlap in time (on one run: in segments).
inline bool travelOverlaps(const EngineState& s, std::uint32_t runA, int fromA, int toA,
                           std::uint32_t runB, int fromB, int toB) {
    if (runA == runB) return (segmentMask(fromA, toA) & segmentMask(fromB, toB)) != 0;
    const Run& a = s.runs[runA];
    const Run& b = s.runs[runB];
    const Time a0 = a.stops[fromA].leaves(), a1 = a.stops[toA].reaches();
    const Time b0 = b.stops[fromB].leaves(), b1 = b.stops[toB].reaches();
    if (a0 < 0 || a1 < 0 || b0 < 0 || b1 < 0) return false;
    return a0 < b1 && b0 < a1;
}

// The level 12306 shows for a rank (commands.md version 2).
inline const char* levelOfRank(std::int64_t rank) {
    return rank <= 50 ? "few" : rank <= 500 ? "medium" : "many";
}

// The first of the order's passengers (its index in the list) holding a live
// ticket whose travel overlaps the order's on `option` (兑现失败), and that
// ticket; ticket kNone when none does.
struct PassengerConflict {
    std::string passenger;
    int passengerIndex = 0;
    std::uint32_t ticket = kNone;
};
inline PassengerConflict conflictOf(const EngineState& s, const Order& order,
                                    const OrderOption& option) {
    PassengerConflict found;
    int index = -1;
    order.names.forEach([&](std::string_view name) {
        ++index;
        if (found.ticket != kNone) return;
        const PassengerTickets* mine = s.passengers.find(name);
        if (!mine) return;
        for (std::uint32_t t = mine->first; t != kNone; t = s.tickets[t].nextOfPassenger) {
            const Ticket& other = s.tickets[t];
            if (other.live() && travelOverlaps(s, option.run, option.from, option.to, other.run,
                                               other.from, other.to)) {
                found = {std::string(name), index, t};
                return;
            }
        }
    });
    return found;
}

// Adds (sign +1) or removes (-1) a queued order in the counters of the runs
// its options are on, each run once however many options it has there, and
// in the queued passengers of each option's class (an order lists a run's
// class once).
inline void countQueued(EngineState& s, const Order& order, int sign) {
    std::uint32_t counted[kMaxOptions];
    std::size_t n = 0;
    for (const auto& opt : order.options()) {
        s.touchCounters(opt.run);
        s.touchClass(opt.run, opt.travelClass);
        Run& run = s.runs[opt.run];
        run.classes[opt.travelClass].queuedPassengers += sign * order.groupSize();
        if (seatChangesOf(order) > 0) run.classes[opt.travelClass].changingOrders += sign;
        if (std::find(counted, counted + n, opt.run) != counted + n) continue;
        counted[n++] = opt.run;
        run.queuedOrders += sign;
        run.queuedPassengers += sign * order.groupSize();
    }
}

// Adds (+1) or removes (-1) an open order (submitted or queued) from its
// user's count, while a per-user limit is in force.
inline void countOpen(EngineState& s, const Order& order, int sign) {
    if (!s.openOrdersByUser) return;
    TextTable<std::uint32_t>& users = *s.openOrdersByUser;
    users[users.entryOf(order.names.user())].record += sign;
}

// The run's class an option serves, and the order's passengers within its cap.
inline bool withinCap(const ClassInfo& cls, int passengers) {
    return cls.cap < 0 || cls.queuedPassengers + passengers <= cls.cap;
}

}  // namespace houbu
