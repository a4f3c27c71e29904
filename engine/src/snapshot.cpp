// Canonical binary snapshot of the engine state.
//
// Layout: magic "HOUBUSN1", then each part in a fixed order. Integers are
// little-endian varints (zig-zag for signed), doubles their 8 IEEE bytes,
// strings a varint length and the bytes. Indexes (stations, seats, tickets by
// id, passengers) are rebuilt on restore rather than stored.

#include <algorithm>
#include <bit>
#include <cstring>
#include <functional>
#include <stdexcept>

#include "command_check.h"
#include "houbu/engine.h"
#include "state.h"

namespace houbu {
namespace {

// The format version is the last character; a store falls back to replaying its
// journal when its snapshots are of a version this build does not read.
// Version 3 adds commands.md version 2's state (standing places and tickets,
// caps, limits, added runs, orders accepting standing or added runs); a
// version 2 snapshot reads as that state without any of it. Version 4 writes
// the ids in the order of the records they name instead of by key (the same
// state still gives the same bytes; sorting millions of keys took a fifth of
// a snapshot's time); the layout is version 3's, so both read alike.
// Version 5 adds what forecasts read (ForecastLedger, and when each run's
// waitlist began). Older snapshots are not read: a forecast must be the same
// after a reopen as after replaying the journal, so the store replays it.
// Version 6 adds tickets on several seats (同车换座): each ticket's leg count,
// the legs after the tickets, and orders' accepted seat changes in their flags.
constexpr char kMagic[] = "HOUBUSN6";
constexpr int kOldestReadable = 5;
// Version 2 kept five lanes a queue (groups of 1 to 5).
constexpr int kLanesOfVersion2 = 5;

class Out {
  public:
    // When set, pieces of at least `piece` bytes go here as they are made, so
    // that a whole day's state is never held twice.
    const std::function<void(std::string_view)>* sink = nullptr;
    std::size_t piece = 0;

    void flushIfFull() {
        if (sink && used_ >= piece) flush();
    }
    void flush() {
        if (!sink || used_ == 0) return;
        (*sink)(std::string_view(buffer_.data(), used_));
        used_ = 0;
    }
    // The bytes written (without a sink).
    std::string take() {
        buffer_.resize(used_);
        used_ = 0;
        return std::move(buffer_);
    }

    // Written through a pointer into room made ahead: a state of hundreds of
    // megabytes is mostly varints, and appending them a byte at a time to a
    // string costs most of the time a snapshot takes.
    void u(std::uint64_t v) {
        char* p = room(10);
        while (v >= 0x80) {
            *p++ = static_cast<char>((v & 0x7f) | 0x80);
            v >>= 7;
        }
        *p++ = static_cast<char>(v);
        used_ = static_cast<std::size_t>(p - buffer_.data());
    }
    void i(std::int64_t v) {
        u((static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63));
    }
    void d(double v) {
        const auto bits = std::bit_cast<std::uint64_t>(v);
        char* p = room(8);
        for (int k = 0; k < 8; ++k)
            p[k] = static_cast<char>(bits >> (8 * k));
        used_ += 8;
    }
    void s(std::string_view v) {
        u(v.size());
        raw(v);
    }
    void raw(std::string_view v) {
        char* p = room(v.size());
        std::memcpy(p, v.data(), v.size());
        used_ += v.size();
    }

  private:
    // Room for `n` more bytes at the end of what is written.
    char* room(std::size_t n) {
        if (used_ + n > buffer_.size())
            buffer_.resize(std::max({buffer_.size() * 2, used_ + n, std::size_t{1} << 16}));
        return buffer_.data() + used_;
    }

    std::string buffer_;
    std::size_t used_ = 0;
};

struct Truncated : std::runtime_error {
    Truncated() : std::runtime_error("snapshot is truncated or corrupt") {}
};

// Reads a snapshot from one buffer, or from a source that hands it out in
// pieces: a whole day's snapshot is gigabytes, and restoring it from a
// store's parts must not hold it whole beside the engine being built.
class In {
  public:
    // The next piece, valid until the next call; empty at the end.
    using Source = std::function<std::string_view()>;

    explicit In(std::string_view b) : b_(b) {}
    explicit In(Source source) : source_(std::move(source)) {}

    std::uint64_t u() {
        std::uint64_t v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            const auto byte = static_cast<unsigned char>(next());
            v |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
            if (!(byte & 0x80)) return v;
        }
        throw Truncated();
    }
    std::int64_t i() {
        const std::uint64_t v = u();
        return static_cast<std::int64_t>(v >> 1) ^ -static_cast<std::int64_t>(v & 1);
    }
    double d() {
        std::uint64_t bits = 0;
        for (int k = 0; k < 8; ++k)
            bits |= static_cast<std::uint64_t>(static_cast<unsigned char>(next())) << (8 * k);
        return std::bit_cast<double>(bits);
    }
    std::string s() { return raw(u()); }
    // `n` bytes as they are.
    std::string raw(std::uint64_t n) {
        if (n > left()) throw Truncated();
        std::string v;
        while (v.size() < n) {
            if (pos_ == b_.size() && !refill()) throw Truncated();
            const std::size_t take = std::min<std::size_t>(n - v.size(), b_.size() - pos_);
            v.append(b_.substr(pos_, take));
            pos_ += take;
        }
        return v;
    }
    // A count of items that each take at least one byte: bounds allocations on corrupt input.
    std::size_t count() {
        const std::uint64_t n = u();
        if (n > left()) throw Truncated();
        return static_cast<std::size_t>(n);
    }
    bool done() { return pos_ == b_.size() && !refill(); }

  private:
    char next() {
        if (pos_ == b_.size() && !refill()) throw Truncated();
        return b_[pos_++];
    }
    // Moves to the source's next piece; false at its end.
    bool refill() {
        while (source_) {
            b_ = source_();
            pos_ = 0;
            if (b_.empty())
                source_ = nullptr;
            else
                return true;
        }
        return false;
    }
    // At most what is left: exact for one buffer. A source's length is not
    // known ahead; its bytes were checked against their checksum before they
    // are read, and no count or string may pass 32 bits (indexes are).
    std::uint64_t left() const { return source_ ? std::uint64_t{1} << 32 : b_.size() - pos_; }

    std::string_view b_;
    std::size_t pos_ = 0;
    Source source_;
};

bool timerStillMatters(const EngineState& s, const Timer& t) {
    switch (t.kind) {
        case TimerKind::HoldExpiry:
            for (std::uint32_t k : s.sales[t.ref].tickets())
                if (s.tickets[k].status == TicketStatus::Held) return true;
            return false;
        case TimerKind::PrepayTimeout:
            return s.orders[t.ref].status == OrderStatus::AwaitingPrepay;
        case TimerKind::OrderExpiry:
            // An added run moves an expiry later; the earlier timer then does nothing.
            return s.orders[t.ref].status == OrderStatus::Queued &&
                   expiryOf(s, s.orders[t.ref]) == t.due;
    }
    return false;
}

// What ticketId() gives, written without making the string: a day has
// tens of millions of tickets.
void putTicketId(Out& o, const EngineState& st, const Ticket& t) {
    const std::string_view sale = saleId(st, st.sales[t.sale]);
    char digits[4] = {'.'};
    std::size_t n = 1;
    if (t.number >= 100) digits[n++] = static_cast<char>('0' + t.number / 100);
    if (t.number >= 10) digits[n++] = static_cast<char>('0' + t.number / 10 % 10);
    digits[n++] = static_cast<char>('0' + t.number % 10);
    o.u(sale.size() + n);
    o.raw(sale);
    o.raw(std::string_view(digits, n));
}

// The forecasts' ledger; each run's chain of releases is derived on reading.
void writeLedger(const ForecastLedger& ledger, Out& o) {
    for (std::uint64_t n : ledger.left)
        o.u(n);
    o.i(ledger.closedSeconds);
    o.u(ledger.releases.size());
    for (const ReleaseSeen& r : ledger.releases) {
        o.i(r.at);
        o.u(r.run);
        o.u(r.batch);
        o.u(r.travelClass);
        o.u(r.from);
        o.u(r.to);
        o.flushIfFull();
    }
}

void writeState(const EngineState& st, Out& o) {
    o.raw(std::string_view(kMagic, 8));
    o.i(st.clock);
    o.u(st.seq);
    o.u(st.submissions);
    o.u(st.timerSeq);
    for (int limit : {st.limits.passengers, st.limits.dates, st.limits.optionsPerDate,
                      st.limits.options, st.limits.openOrdersPerUser})
        o.i(limit);

    o.u(st.runs.size());
    for (const Run& r : st.runs) {
        o.s(r.train);
        o.s(r.date);
        o.u(r.stops.size());
        for (const Stop& p : r.stops) {
            o.s(p.station);
            o.d(p.km);
            o.i(p.arrival);
            o.i(p.departure);
        }
        o.u(r.fares.size());
        for (const auto& [name, rate] : r.fares) {
            o.s(name);
            o.d(rate);
        }
        o.u(r.classes.size());
        for (const ClassInfo& c : r.classes) {
            o.s(c.name);
            o.d(c.farePerKm);
            o.u(c.seats.size());
            for (auto seat : c.seats)
                o.u(seat);
            // Keyed from * kMaxStops + to, as since the first snapshot format.
            std::size_t used = 0;
            c.queueAt.forEach([&used](int, int, std::uint32_t) { ++used; });
            o.u(used);
            c.queueAt.forEach([&o](int from, int to, std::uint32_t q) {
                o.u(static_cast<std::uint64_t>(from) * kMaxStops + static_cast<std::uint64_t>(to));
                o.u(q);
            });
            o.u(static_cast<std::uint64_t>(c.standingPlaces));
            o.i(c.cap);
        }
        o.u(r.cars.size());
        for (const Car& c : r.cars) {
            o.u(static_cast<std::uint64_t>(c.number));
            o.u(c.travelClass);
            o.u(static_cast<std::uint64_t>(c.rows));
            o.s(c.layout);
        }
        o.u(r.seats.size());
        for (const Seat& seat : r.seats) {
            o.u(seat.travelClass);
            o.u(seat.car);
            o.u(seat.row);
            o.u(seat.letterPos);
            o.u(static_cast<unsigned char>(seat.letter));
            o.s(seat.label());
            o.u(seat.occupants.size());
            for (const Occupant& oc : seat.occupants) {
                o.u(oc.from);
                o.u(oc.to);
                o.u(static_cast<std::uint64_t>(oc.kind));
                o.u(oc.ref);
            }
        }
        o.u(static_cast<std::uint64_t>(r.holdMinutes));
        o.u(static_cast<std::uint64_t>(r.policy));
        o.u(r.added);
        o.i(r.waitlistSince);
        o.flushIfFull();
    }

    o.u(st.tickets.size());
    for (std::uint32_t k = 0; k < st.tickets.size(); ++k) {
        const Ticket& t = st.tickets[k];
        putTicketId(o, st, t);
        o.s(passengerOf(st, t));
        o.u(t.sale);
        o.u(t.run);
        o.u(t.seat);
        o.u(t.from);
        o.u(t.to);
        o.u(static_cast<std::uint64_t>(t.status));
        o.u(t.paid);
        o.u(t.legCount);
        o.flushIfFull();
    }
    o.u(st.legs.size());
    for (const TicketLeg& leg : st.legs) {
        o.u(leg.ticket);
        o.u(leg.seat);
        o.u(leg.from);
        o.u(leg.to);
    }
    o.u(st.sales.size());
    for (const Sale& sale : st.sales) {
        o.s(saleId(st, sale));
        o.u(sale.run);
        o.i(sale.payBy);
        o.u(sale.fromWaitlist);
        o.u(sale.ticketCount);
        for (auto t : sale.tickets())
            o.u(t);
        o.flushIfFull();
    }
    o.u(st.blocks.size());
    for (const Block& b : st.blocks) {
        o.s(b.id);
        o.u(b.run);
        o.u(b.travelClass);
        o.u(b.from);
        o.u(b.to);
        o.u(b.released);
        o.u(b.seats.size());
        for (auto seat : b.seats)
            o.u(seat);
    }
    o.u(st.orders.size());
    for (const Order& ord : st.orders) {
        o.s(orderId(st, ord));
        o.s(ord.names.user());
        o.s(orderFrom(st, ord));
        o.s(orderTo(st, ord));
        o.u(ord.names.size());
        ord.names.forEach([&o](std::string_view p) { o.s(p); });
        o.u(ord.options().size());
        for (const auto& opt : ord.options()) {
            o.u(opt.run);
            o.u(opt.travelClass);
            o.u(opt.from);
            o.u(opt.to);
            o.u(opt.queue == kNone ? 0 : std::uint64_t{opt.queue} + 1);
        }
        o.i(ord.payBy);
        o.i(ord.effectiveAt);
        o.i(ord.deadline);
        o.u(ord.submitSeq);
        o.i(ord.prepayFen);
        o.u(ord.saleIndex == kNone ? 0 : std::uint64_t{ord.saleIndex} + 1);
        o.u(ord.cancelledByUser);
        o.u(static_cast<std::uint64_t>(ord.status));
        o.u(ord.flags);
        o.flushIfFull();
    }
    // Orders accepting added runs: the open ones (closed ones leave the list lazily).
    std::size_t accepting = 0;
    auto open = [&st](const NewTrainsOrder& e) {
        const OrderStatus status = st.orders[e.order].status;
        return status == OrderStatus::AwaitingPrepay || status == OrderStatus::Queued;
    };
    for (const NewTrainsOrder& e : st.newTrainOrders)
        accepting += open(e);
    o.u(accepting);
    for (const NewTrainsOrder& e : st.newTrainOrders) {
        if (!open(e)) continue;
        o.u(e.order);
        o.i(e.from);
        o.i(e.to);
        o.u(e.classes.size());
        for (const std::string& name : e.classes)
            o.s(name);
    }
    o.u(st.queues.size());
    std::vector<std::uint32_t> live;
    for (const Queue& q : st.queues) {
        o.u(q.run);
        o.u(q.travelClass);
        o.u(q.from);
        o.u(q.to);
        for (const auto& lane : q.lanes) {
            // Each entry's order looked up once: the lookups miss the cache.
            live.clear();
            for (std::size_t k = lane.head; k < lane.orders.size(); ++k)
                if (st.orders[lane.orders[k]].status == OrderStatus::Queued)
                    live.push_back(lane.orders[k]);
            o.u(live.size());
            for (std::uint32_t order : live)
                o.u(order);
        }
        o.flushIfFull();
    }

    // Ids in the order of the records they name: sales (but those of a
    // fulfilled order, which share the order's id), blocks, orders. The
    // tables' order is part of the state, so this is as canonical as a sort
    // by key, without sorting millions of keys (checkInvariants checks that
    // these records name every id once).
    o.u(st.ids.size());
    auto putId = [&o, &st](std::uint32_t entry) {
        const auto& e = st.ids[entry];
        o.s(e.key());
        o.u(static_cast<std::uint64_t>(e.record.kind));
        o.u(e.record.index);
        o.u(e.record.fingerprint);
        o.flushIfFull();
    };
    for (const Sale& sale : st.sales)
        if (!sale.fromWaitlist) putId(sale.idEntry);
    for (const Block& b : st.blocks)
        putId(st.ids.indexOf(b.id));
    for (const Order& ord : st.orders)
        putId(ord.idEntry);

    std::vector<Timer> timers;
    st.timers.forEach([&](const Timer& t) {
        if (timerStillMatters(st, t)) timers.push_back(t);
    });
    o.u(timers.size());
    for (const Timer& t : timers) {
        o.i(t.due);
        o.u(t.seq);
        o.u(static_cast<std::uint64_t>(t.kind));
        o.u(t.ref);
        o.flushIfFull();
    }
    writeLedger(st.ledger, o);
    o.flush();
}

// Whether `id` is what ticketId() gives for `t`, without making that string.
bool isTicketId(const EngineState& st, const Ticket& t, std::string_view id) {
    const std::string_view sale = saleId(st, st.sales[t.sale]);
    if (id.size() <= sale.size() + 1 || id.substr(0, sale.size()) != sale || id[sale.size()] != '.')
        return false;
    const std::string_view number = id.substr(sale.size() + 1);
    if (number.size() > 3 || number[0] == '0') return false;
    unsigned n = 0;
    for (char c : number) {
        if (c < '0' || c > '9') return false;
        n = n * 10 + static_cast<unsigned>(c - '0');
    }
    return n == t.number;
}

template <typename T>
T checked(std::uint64_t v, std::uint64_t limit) {
    if (v >= limit) throw Truncated();
    return static_cast<T>(v);
}

// Legs must be what their tickets say: in ticket order, as many as each
// ticket's count, consecutive and covering its interval, on its run's seats.
void readLegs(EngineState& st, In& in) {
    st.legs.resize(in.count());
    std::size_t next = 0;
    for (std::uint32_t k = 0; k < st.tickets.size(); ++k) {
        const Ticket& t = st.tickets[k];
        if (t.legCount == 0) continue;
        if (t.legCount == 1 || t.standing() || next + t.legCount > st.legs.size())
            throw Truncated();
        int at = t.from;
        for (std::size_t i = next; i < next + t.legCount; ++i) {
            TicketLeg& leg = st.legs[i];
            leg.ticket = checked<std::uint32_t>(in.u(), st.tickets.size());
            leg.seat = checked<std::uint32_t>(in.u(), st.runs[t.run].seats.size());
            leg.from = checked<std::uint8_t>(in.u(), kMaxStops);
            leg.to = checked<std::uint8_t>(in.u(), kMaxStops);
            if (leg.ticket != k || leg.from != at || leg.to <= leg.from) throw Truncated();
            at = leg.to;
        }
        if (at != t.to || st.legs[next].seat != t.seat) throw Truncated();
        next += t.legCount;
    }
    if (next != st.legs.size()) throw Truncated();
}

void readLedger(EngineState& st, In& in) {
    ForecastLedger& ledger = st.ledger;
    for (std::uint64_t& n : ledger.left)
        n = in.u();
    ledger.closedSeconds = in.i();
    const std::size_t count = in.count();
    ledger.releases.reserve(count);
    std::uint32_t batch = 0;
    for (std::size_t k = 0; k < count; ++k) {
        ReleaseSeen r;
        r.at = in.i();
        r.run = checked<std::uint32_t>(in.u(), st.runs.size());
        r.batch = static_cast<std::uint32_t>(in.u());
        Run& run = st.runs[r.run];
        r.travelClass = checked<std::uint16_t>(in.u(), run.classes.size());
        r.from = static_cast<std::uint8_t>(in.u());
        r.to = static_cast<std::uint8_t>(in.u());
        if (r.from >= r.to || r.to > run.segments() || r.batch < batch || r.batch > batch + 1)
            throw Truncated();
        batch = r.batch;
        r.previousOfRun = run.lastRelease;
        run.lastRelease = static_cast<std::uint32_t>(k);
        ledger.add(r);
    }
}

void readState(EngineState& st, In& in, int version) {
    st.clock = in.i();
    st.seq = in.u();
    st.submissions = in.u();
    st.timerSeq = in.u();
    if (version >= 3) {
        auto limit = [&in](int lo, int hi) {
            const std::int64_t v = in.i();
            if (v != -1 && (v < lo || v > hi)) throw Truncated();
            return static_cast<int>(v);
        };
        st.limits.passengers = limit(1, kMaxGroup);
        st.limits.dates = limit(1, kMaxListedOptions);
        st.limits.optionsPerDate = limit(1, kMaxListedOptions);
        st.limits.options = limit(1, kMaxListedOptions);
        st.limits.openOrdersPerUser = limit(1, 1000000);
    }

    st.runs.resize(in.count());
    for (std::size_t ri = 0; ri < st.runs.size(); ++ri) {
        Run& r = st.runs[ri];
        r.train = in.s();
        r.date = in.s();

        r.stops.resize(in.count());
        if (r.stops.size() > kMaxStops) throw Truncated();
        for (std::size_t k = 0; k < r.stops.size(); ++k) {
            Stop& p = r.stops[k];
            p.station = in.s();
            p.km = in.d();
            p.arrival = in.i();
            p.departure = in.i();
            r.stationIndex.emplace(p.station, static_cast<std::uint8_t>(k));
        }
        r.fares.resize(in.count());
        for (auto& [name, rate] : r.fares) {
            name = in.s();
            rate = in.d();
        }
        r.classes.resize(in.count());
        for (ClassInfo& c : r.classes) {
            c.name = in.s();
            c.farePerKm = in.d();
            c.seats.resize(in.count());
            for (auto& seat : c.seats)
                seat = static_cast<std::uint32_t>(in.u());
            c.queueAt.reset(static_cast<int>(r.stops.size()));
            const std::size_t used = in.count();
            for (std::size_t k = 0; k < used; ++k) {
                const auto at = checked<std::size_t>(in.u(), kMaxStops * kMaxStops);
                const int from = static_cast<int>(at / kMaxStops),
                          to = static_cast<int>(at % kMaxStops);
                if (from >= to || to >= c.queueAt.stops()) throw Truncated();
                c.queueAt.at(from, to) = static_cast<std::uint32_t>(in.u());
            }
            c.standingLoad.assign(r.stops.size() - 1, 0);
            if (version >= 3) {
                c.standingPlaces = checked<int>(in.u(), 1u << 30);
                const std::int64_t cap = in.i();
                if (cap < -1 || cap > 1000000) throw Truncated();
                c.cap = static_cast<int>(cap);
            }
        }
        r.cars.resize(in.count());
        for (Car& c : r.cars) {
            c.number = static_cast<int>(in.u());
            c.travelClass = checked<std::uint16_t>(in.u(), r.classes.size());
            c.rows = static_cast<int>(in.u());
            c.layout = in.s();
        }
        r.seats.resize(in.count());
        for (std::size_t k = 0; k < r.seats.size(); ++k) {
            Seat& seat = r.seats[k];
            seat.travelClass = checked<std::uint16_t>(in.u(), r.classes.size());
            seat.car = checked<std::uint16_t>(in.u(), r.cars.size());
            seat.row = static_cast<std::uint8_t>(in.u());
            seat.letterPos = static_cast<std::uint8_t>(in.u());
            seat.letter = static_cast<char>(in.u());
            const std::string label = in.s();
            if (label.size() != sizeof seat.labelText) throw Truncated();
            std::copy(label.begin(), label.end(), seat.labelText);
            seat.occupants.resize(in.count());
            for (Occupant& oc : seat.occupants) {
                oc.from = checked<std::uint8_t>(in.u(), r.stops.size());
                oc.to = checked<std::uint8_t>(in.u(), r.stops.size());
                if (oc.from >= oc.to) throw Truncated();
                oc.kind = static_cast<HolderKind>(checked<std::uint8_t>(in.u(), 2));
                oc.ref = static_cast<std::uint32_t>(in.u());
                seat.mask |= segmentMask(oc.from, oc.to);
            }
            r.heldSegments += std::popcount(seat.mask);
        }
        // Seats are found by arithmetic on their car: every one must sit where it says.
        std::vector<bool> placed(r.cars.size(), false);
        for (std::uint32_t k = 0; k < r.seats.size(); ++k) {
            const Seat& seat = r.seats[k];
            Car& car = r.cars[seat.car];
            const std::uint32_t offset =
                static_cast<std::uint32_t>((seat.row - 1) * car.layout.size() + seat.letterPos);
            if (seat.row < 1 || seat.row > car.rows || seat.letterPos >= car.layout.size() ||
                offset > k)
                throw Truncated();
            if (!placed[seat.car]) car.firstSeat = k - offset;
            placed[seat.car] = true;
            if (car.firstSeat + offset != k || findSeat(r, seat.label()) != k) throw Truncated();
        }
        for (const ClassInfo& c : r.classes)
            for (auto seat : c.seats)
                if (seat >= r.seats.size()) throw Truncated();
        for (std::size_t c = 0; c < r.classes.size(); ++c)
            rebuildFreeBits(r, c);
        r.holdMinutes = static_cast<int>(in.u());
        r.policy = static_cast<Policy>(checked<std::uint8_t>(in.u(), 2));
        if (version >= 3) r.added = in.u() != 0;
        r.waitlistSince = in.i();
        st.runIndex.emplace(r.train + '\x1f' + r.date, static_cast<std::uint32_t>(ri));
    }

    st.tickets.resize(in.count());
    std::vector<std::string> storedIds(st.tickets.size());
    for (std::size_t k = 0; k < st.tickets.size(); ++k) {
        Ticket& t = st.tickets[k];
        storedIds[k] = in.s();
        t.passenger = st.passengers.entryOf(in.s());
        t.sale = static_cast<std::uint32_t>(in.u());
        t.run = checked<std::uint32_t>(in.u(), st.runs.size());
        const std::uint64_t seat = in.u();
        t.seat = (seat & kStandingSeat)
                     ? kStandingSeat | checked<std::uint32_t>(seat & ~std::uint64_t{kStandingSeat},
                                                              st.runs[t.run].classes.size())
                     : checked<std::uint32_t>(seat, st.runs[t.run].seats.size());
        t.from = static_cast<std::uint8_t>(in.u());
        t.to = static_cast<std::uint8_t>(in.u());
        t.status = static_cast<TicketStatus>(checked<std::uint8_t>(in.u(), 4));
        t.paid = in.u() != 0;
        if (version >= 6) t.legCount = checked<std::uint8_t>(in.u(), 4);
    }
    if (version >= 6) readLegs(st, in);
    st.sales.resize(in.count());
    std::vector<std::string> saleIds;
    saleIds.reserve(st.sales.size());
    for (Sale& sale : st.sales) {
        saleIds.push_back(in.s());
        sale.run = checked<std::uint32_t>(in.u(), st.runs.size());
        sale.payBy = in.i();
        sale.fromWaitlist = in.u() != 0;
        // A sale's tickets are contiguous and numbered from 1.
        const std::size_t count = in.count();
        if (count > kMaxGroup) throw Truncated();
        sale.ticketCount = static_cast<std::uint8_t>(count);
        for (std::uint32_t i = 0; i < sale.ticketCount; ++i) {
            const auto t = checked<std::uint32_t>(in.u(), st.tickets.size());
            if (i == 0) sale.firstTicket = t;
            if (t != sale.firstTicket + i) throw Truncated();
            st.tickets[t].number = checked<std::uint8_t>(i + 1, 256);
        }
    }
    for (const Ticket& t : st.tickets)
        if (t.sale >= st.sales.size()) throw Truncated();
    st.blocks.resize(in.count());
    std::vector<std::string> blockIds;
    for (Block& b : st.blocks) {
        blockIds.push_back(in.s());
        b.run = checked<std::uint32_t>(in.u(), st.runs.size());
        b.travelClass = static_cast<std::uint16_t>(in.u());
        b.from = static_cast<std::uint8_t>(in.u());
        b.to = static_cast<std::uint8_t>(in.u());
        b.released = in.u() != 0;
        b.seats.resize(in.count());
        for (auto& seat : b.seats)
            seat = checked<std::uint32_t>(in.u(), st.runs[b.run].seats.size());
    }
    st.orders.resize(in.count());
    std::vector<std::string> orderIds;
    orderIds.reserve(st.orders.size());
    for (Order& ord : st.orders) {
        orderIds.push_back(in.s());
        const std::string user = in.s();
        const std::string from = in.s(), to = in.s();
        const std::size_t group = in.count();
        if (group == 0 || group > kMaxGroup) throw Truncated();
        std::vector<std::string> names(group);
        for (auto& name : names)
            name = in.s();
        ord.names = OrderNames::store(user, names, st.text);
        ord.passengerCount = static_cast<std::uint8_t>(group);
        std::vector<OrderOption> options(in.count());
        if (options.empty() || options.size() > 255) throw Truncated();
        for (auto& opt : options) {
            opt.run = checked<std::uint32_t>(in.u(), st.runs.size());
            opt.travelClass = static_cast<std::uint16_t>(in.u());
            opt.from = static_cast<std::uint8_t>(in.u());
            opt.to = static_cast<std::uint8_t>(in.u());
            const std::uint64_t q = in.u();
            opt.queue = q == 0 ? kNone : static_cast<std::uint32_t>(q - 1);
        }
        ord.setOptions(st.optionPool.add(options.data(), options.size()));
        ord.payBy = in.i();
        ord.effectiveAt = in.i();
        ord.deadline = in.i();
        ord.submitSeq = in.u();
        ord.prepayFen = in.i();
        const std::uint64_t sale = in.u();
        ord.saleIndex = sale == 0 ? kNone : checked<std::uint32_t>(sale - 1, st.sales.size());
        ord.cancelledByUser = in.u() != 0;
        ord.status = static_cast<OrderStatus>(checked<std::uint8_t>(in.u(), 6));
        if (version >= 3) ord.flags = checked<std::uint8_t>(in.u(), version >= 6 ? 1u << 4 : 4);
        if (seatChangesOf(ord) > 2) throw Truncated();
        // The interval's names are derived now: they must be the first option's stations.
        for (const auto& opt : ord.options())
            if (opt.from >= opt.to || opt.to >= st.runs[opt.run].stops.size()) throw Truncated();
        if (orderFrom(st, ord) != from || orderTo(st, ord) != to) throw Truncated();
        if (ord.status == OrderStatus::Queued) {
            ++st.queuedOrders;
            countQueued(st, ord, +1);
            st.ledger.queuedSince += ord.effectiveAt;
        }
    }
    if (version >= 3) {
        st.newTrainOrders.resize(in.count());
        for (NewTrainsOrder& e : st.newTrainOrders) {
            e.order = checked<std::uint32_t>(in.u(), st.orders.size());
            e.from = in.i();
            e.to = in.i();
            e.classes.resize(in.count());
            for (std::string& name : e.classes)
                name = in.s();
            if (!(st.orders[e.order].flags & kAcceptsNewTrains)) throw Truncated();
        }
    }
    st.queues.resize(in.count());
    st.queueTallies.reserve(st.queues.size());
    const int lanes = version >= 3 ? kMaxGroup : kLanesOfVersion2;
    for (Queue& q : st.queues) {
        q.run = checked<std::uint32_t>(in.u(), st.runs.size());
        q.travelClass = static_cast<std::uint16_t>(in.u());
        q.from = static_cast<std::uint8_t>(in.u());
        q.to = static_cast<std::uint8_t>(in.u());
        for (int lane = 0; lane < lanes; ++lane) {
            auto& entries = q.lanes[lane].orders;
            entries.resize(in.count());
            for (auto& e : entries) {
                e = checked<std::uint32_t>(in.u(), st.orders.size());
                q.acceptingStanding += (st.orders[e].flags & kAcceptsStanding) != 0;
                q.acceptingChanges += seatChangesOf(st.orders[e]) > 0;
            }
            q.liveBySize[lane] = static_cast<std::uint32_t>(entries.size());
        }
        st.queueTallies.push_back(tallyOf(q));
    }
    // Each id gives its entry to the record it names (a fulfilled order's
    // sale shares the order's), and each record's own stored id must be its
    // entry's key: no id is looked up.
    const std::size_t idCount = in.count();
    constexpr std::uint32_t kUnset = TextTable<IdRecord>::kAbsent;
    std::vector<std::uint32_t> blockEntries(st.blocks.size(), kUnset);
    for (Sale& sale : st.sales)
        sale.idEntry = kUnset;
    for (Order& ord : st.orders)
        ord.idEntry = kUnset;
    for (std::size_t k = 0; k < idCount; ++k) {
        const std::string id = in.s();
        IdRecord rec;
        rec.kind = static_cast<IdKind>(checked<std::uint8_t>(in.u(), 3));
        rec.index = static_cast<std::uint32_t>(in.u());
        rec.fingerprint = in.u();
        std::uint32_t* owner = nullptr;
        if (rec.kind == IdKind::Sale && rec.index < st.sales.size())
            owner = &st.sales[rec.index].idEntry;
        else if (rec.kind == IdKind::Order && rec.index < st.orders.size())
            owner = &st.orders[rec.index].idEntry;
        else if (rec.kind == IdKind::Block && rec.index < st.blocks.size())
            owner = &blockEntries[rec.index];
        if (!owner || *owner != kUnset) throw Truncated();
        *owner = st.ids.add(id, rec);
    }
    for (const Order& ord : st.orders) {
        if (ord.saleIndex == kNone) continue;
        Sale& sale = st.sales[ord.saleIndex];
        if (!sale.fromWaitlist || sale.idEntry != kUnset) throw Truncated();
        sale.idEntry = ord.idEntry;
    }
    auto owns = [&st](std::uint32_t entry, const std::string& id) {
        return entry != kUnset && st.ids[entry].key() == id;
    };
    for (std::size_t k = 0; k < st.sales.size(); ++k)
        if (!owns(st.sales[k].idEntry, saleIds[k])) throw Truncated();
    for (std::size_t k = 0; k < st.blocks.size(); ++k) {
        if (!owns(blockEntries[k], blockIds[k])) throw Truncated();
        st.blocks[k].id = st.ids[blockEntries[k]].key();
    }
    for (std::size_t k = 0; k < st.orders.size(); ++k)
        if (!owns(st.orders[k].idEntry, orderIds[k])) throw Truncated();
    if (st.ids.size() != idCount) throw Truncated();
    // Ticket ids are derived now: each stored one must be what derivation gives.
    for (std::uint32_t k = 0; k < st.tickets.size(); ++k) {
        if (st.tickets[k].sale >= st.sales.size() || !isTicketId(st, st.tickets[k], storedIds[k]))
            throw Truncated();
        if (!st.tickets[k].live()) continue;
        linkToPassenger(st, k);
        const Ticket& t = st.tickets[k];
        if (!t.standing()) continue;
        if (t.from >= t.to || t.to >= st.runs[t.run].stops.size()) throw Truncated();
        ClassInfo& cls = st.runs[t.run].classes[t.standingClass()];
        for (int g = t.from; g < t.to; ++g)
            ++cls.standingLoad[g];
        st.runs[t.run].standingTickets.push_back(k);
    }
    if (st.limits.openOrdersPerUser >= 0) {
        st.openOrdersByUser = std::make_unique<TextTable<std::uint32_t>>();
        for (const Order& order : st.orders)
            if (order.status == OrderStatus::AwaitingPrepay || order.status == OrderStatus::Queued)
                countOpen(st, order, +1);
    }
    const std::size_t timerCount = in.count();
    for (std::size_t k = 0; k < timerCount; ++k) {
        Timer t;
        t.due = in.i();
        t.seq = in.u();
        t.kind = static_cast<TimerKind>(checked<std::uint8_t>(in.u(), 3));
        t.ref = static_cast<std::uint32_t>(in.u());
        const std::size_t limit =
            t.kind == TimerKind::HoldExpiry ? st.sales.size() : st.orders.size();
        if (t.ref >= limit) throw Truncated();
        st.timers.push(t);
    }
    readLedger(st, in);
    if (!in.done()) throw Truncated();
}

}  // namespace

std::string Engine::snapshot() const {
    Out out;
    writeState(*state_, out);
    return out.take();
}

void Engine::snapshot(const std::function<void(std::string_view)>& write,
                      std::size_t pieceBytes) const {
    Out out;
    out.sink = &write;
    out.piece = pieceBytes;
    writeState(*state_, out);
}

namespace {

// The engine a snapshot's bytes after its magic describe, checked.
std::unique_ptr<Engine> restoreFrom(In& in, int version, std::unique_ptr<Engine> engine,
                                    EngineState& state, std::string& error) {
    try {
        readState(state, in, version);
    } catch (const std::exception& e) {  // Truncated, or no memory for a corrupt count
        error = e.what();
        return nullptr;
    }
    const std::string problem = engine->checkInvariants();
    if (!problem.empty()) {
        error = "snapshot breaks an invariant: " + problem;
        return nullptr;
    }
    return engine;
}

// The format version `magic` names when this build reads it; else 0 and why not.
int checkMagic(std::string_view magic, std::string& error) {
    if (magic.size() < 8 || std::memcmp(magic.data(), kMagic, 7) != 0) {
        error = "not a Houbu engine snapshot";
        return 0;
    }
    const int version = magic[7] - '0';
    if (version < kOldestReadable || version > kMagic[7] - '0') {
        error = std::string("engine snapshot of another format version (") + magic[7] +
                "; this build reads " + std::to_string(kOldestReadable) + " to " + kMagic[7] + ")";
        return 0;
    }
    error.clear();
    return version;
}

}  // namespace

std::unique_ptr<Engine> Engine::restore(std::string_view bytes, EngineOptions options,
                                        std::string& error) {
    const int version = checkMagic(bytes.substr(0, std::min<std::size_t>(bytes.size(), 8)), error);
    if (version == 0) return nullptr;
    auto engine = std::make_unique<Engine>(options);
    In in(bytes.substr(8));
    EngineState& state = *engine->state_;
    return restoreFrom(in, version, std::move(engine), state, error);
}

std::unique_ptr<Engine> Engine::restore(const std::function<std::string_view()>& pieces,
                                        EngineOptions options, std::string& error) {
    In in{In::Source(pieces)};
    std::string magic;
    try {
        magic = in.raw(8);
    } catch (const Truncated&) {
    }
    const int version = checkMagic(magic, error);
    if (version == 0) return nullptr;
    auto engine = std::make_unique<Engine>(options);
    EngineState& state = *engine->state_;
    return restoreFrom(in, version, std::move(engine), state, error);
}

}  // namespace houbu
