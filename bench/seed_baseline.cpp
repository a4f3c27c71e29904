#include "seed_baseline.h"

#include <algorithm>
#include <cstdio>
#include <tuple>

namespace houbu::bench {
namespace {

// Check every bit of the interval, then set them all: the article's atomic
// check-and-set. Lua 5.1 in Redis has no & and | operators and its bit library
// works on 32 bits, so the script works on the bitmap itself rather than on the
// article's integer-with-mask (a run of 40 stops has 39 segments).
constexpr const char* kCasScript = R"lua(
local f = tonumber(ARGV[1])
local t = tonumber(ARGV[2])
if redis.call('BITCOUNT', KEYS[1], f, t, 'BIT') > 0 then return 0 end
for i = f, t do redis.call('SETBIT', KEYS[1], i, 1) end
return 1
)lua";

constexpr const char* kReleaseScript = R"lua(
for i = tonumber(ARGV[1]), tonumber(ARGV[2]) do redis.call('SETBIT', KEYS[1], i, 0) end
return 1
)lua";

// Release a lock only when this holder still has it (the article's Step 6).
constexpr const char* kUnlockScript = R"lua(
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
else
  return 0
end
)lua";

std::uint64_t maskOf(int from, int to) {
    return (to >= 64 ? ~std::uint64_t{0} : ((std::uint64_t{1} << to) - 1)) &
           ~((std::uint64_t{1} << from) - 1);
}

std::string num(std::int64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(v));
    return buf;
}

std::string ticketId(const std::string& sale, int k) {
    char buf[16];
    std::snprintf(buf, sizeof buf, ".%d", k);
    return sale + buf;
}

std::string seatLabel(int car, int row, char letter) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%02d-%02d%c", car, row, letter);
    return buf;
}

bool bitSet(const std::string& bytes, int i) {
    const auto byte = static_cast<std::size_t>(i / 8);
    if (byte >= bytes.size()) return false;
    return (static_cast<unsigned char>(bytes[byte]) >> (7 - i % 8)) & 1;
}

}  // namespace

SeedBaseline::SeedBaseline(RespClient& redis) : redis_(redis) {}

bool SeedBaseline::prepare(std::string& error) {
    const Reply flush = redis_.call({"FLUSHALL"});
    if (flush.type == Reply::Type::Error) return error = flush.text, false;
    const std::pair<const char*, std::string*> scripts[] = {
        {kCasScript, &casSha_}, {kReleaseScript, &releaseSha_}, {kUnlockScript, &unlockSha_}};
    for (const auto& [text, sha] : scripts) {
        const Reply r = redis_.call({"SCRIPT", "LOAD", text});
        if (r.type != Reply::Type::Bulk) return error = "SCRIPT LOAD failed: " + r.text, false;
        *sha = r.text;
    }
    return true;
}

int SeedBaseline::runOf(const std::string& train, const std::string& date) const {
    const auto it = runIndex_.find({train, date});
    return it == runIndex_.end() ? -1 : it->second;
}

int SeedBaseline::classOf(const RunInfo& run, const std::string& name) const {
    for (std::size_t i = 0; i < run.classes.size(); ++i)
        if (run.classes[i] == name) return static_cast<int>(i);
    return -1;
}

std::string SeedBaseline::queueKey(const RunInfo& run, int from, int to) const {
    return "backup:" + run.train + ":" + run.date + ":" +
           run.stations[static_cast<std::size_t>(from)] + ":" +
           run.stations[static_cast<std::size_t>(to)];
}

bool SeedBaseline::takeSeat(int run, int seat, int from, int to) {
    Seat& s = runs_[static_cast<std::size_t>(run)].seats[static_cast<std::size_t>(seat)];
    const Reply r = redis_.call({"EVALSHA", casSha_, "1", s.key, num(from), num(to - 1)});
    if (r.type != Reply::Type::Integer || r.integer != 1) return false;
    const std::uint64_t m = maskOf(from, to);
    if (s.live & m) ++overlaps_;  // Redis said free, but a live ticket holds a segment
    s.live |= m;
    return true;
}

void SeedBaseline::clearSeat(int run, int seat, int from, int to) {
    Seat& s = runs_[static_cast<std::size_t>(run)].seats[static_cast<std::size_t>(seat)];
    redis_.call({"EVALSHA", releaseSha_, "1", s.key, num(from), num(to - 1)});
    s.live &= ~maskOf(from, to);
}

void SeedBaseline::recordTicket(const std::string& id, int run, int seat, int from, int to,
                                bool paid) {
    Ticket t;
    t.run = run;
    t.seat = seat;
    t.from = from;
    t.to = to;
    t.state = paid ? Ticket::State::Paid : Ticket::State::Held;
    if (!paid) {
        t.payBy = clock_ + runs_[static_cast<std::size_t>(run)].holdSeconds;
        timers_.push({t.payBy, id});
    }
    tickets_[id] = t;
}

bool SeedBaseline::sell(const Command& c, int run, const std::vector<int>& seats, int from, int to,
                        const std::string& saleId, bool paid) {
    (void)c;
    std::vector<int> taken;
    for (const int seat : seats) {
        if (!takeSeat(run, seat, from, to)) {
            for (const int s : taken)
                clearSeat(run, s, from, to);
            return false;
        }
        taken.push_back(seat);
    }
    std::vector<std::string>& ids = sales_[saleId];
    for (std::size_t k = 0; k < seats.size(); ++k) {
        ids.push_back(ticketId(saleId, static_cast<int>(k) + 1));
        recordTicket(ids.back(), run, seats[k], from, to, paid);
    }
    return true;
}

void SeedBaseline::releaseTicket(const std::string& id, Ticket::State why) {
    const auto it = tickets_.find(id);
    if (it == tickets_.end() || it->second.state == Ticket::State::Gone) return;
    Ticket& t = it->second;
    t.state = why;
    clearSeat(t.run, t.seat, t.from, t.to);
    ++stats_.releases;
    onSeatReleased(t.run, t.seat, t.from, t.to);
}

void SeedBaseline::fireTimers(Time now) {
    while (!timers_.empty() && timers_.top().first <= now) {
        const std::string id = timers_.top().second;
        const Time due = timers_.top().first;
        timers_.pop();
        const auto it = tickets_.find(id);
        if (it == tickets_.end() || it->second.state != Ticket::State::Held) continue;
        clock_ = std::max(clock_, due);
        releaseTicket(id, Ticket::State::Gone);
    }
}

std::vector<int> SeedBaseline::scanFree(int run, int cls, int from, int to, int want, int except) {
    ++stats_.seatScans;
    const RunInfo& r = runs_[static_cast<std::size_t>(run)];
    const std::vector<int>& seats = r.seatsOfClass[static_cast<std::size_t>(cls)];
    const std::string f = num(from), t = num(to - 1);
    for (const int s : seats)
        redis_.queue({"BITCOUNT", r.seats[static_cast<std::size_t>(s)].key, f, t, "BIT"});
    const std::vector<Reply> replies = redis_.read();
    std::vector<int> out;
    for (std::size_t i = 0; i < seats.size() && static_cast<int>(out.size()) < want; ++i)
        if (seats[i] != except && replies[i].type == Reply::Type::Integer &&
            replies[i].integer == 0)
            out.push_back(seats[i]);
    return out;
}

bool SeedBaseline::allocate(const std::string& orderId, Order& order, int run,
                            const std::vector<int>& seats, int from, int to) {
    RunInfo& r = runs_[static_cast<std::size_t>(run)];
    // Step 2: a lock per atomic segment of every seat, in sorted key order.
    std::vector<std::string> locks;
    for (const int s : seats)
        for (int g = from; g < to; ++g)
            locks.push_back("lock:" + r.train + ":" + r.date + ":" +
                            r.seats[static_cast<std::size_t>(s)].label + ":" +
                            r.stations[static_cast<std::size_t>(g)] + ":" +
                            r.stations[static_cast<std::size_t>(g) + 1]);
    std::sort(locks.begin(), locks.end());
    for (const std::string& k : locks)
        redis_.queue({"SET", k, orderId, "NX", "PX", "5000"});
    const std::vector<Reply> got = redis_.read();
    std::vector<std::string> held;
    bool all = true;
    for (std::size_t i = 0; i < locks.size(); ++i) {
        if (got[i].type == Reply::Type::Status)
            held.push_back(locks[i]);
        else
            all = false;
    }
    auto unlock = [&] {
        for (const std::string& k : held)
            redis_.queue({"EVALSHA", unlockSha_, "1", k, orderId});
        redis_.read();
    };
    if (!all) {
        ++stats_.lockFailures;
        unlock();
        return false;
    }
    // Steps 3-4: the double check and the take, atomic per seat.
    std::vector<int> taken;
    for (const int s : seats) {
        if (!takeSeat(run, s, from, to)) {
            ++stats_.casFailures;
            for (const int t : taken)
                clearSeat(run, t, from, to);
            unlock();
            return false;
        }
        taken.push_back(s);
    }
    // The order's tickets (the article's MySQL rows), paid by the prepayment.
    std::vector<std::string>& ids = sales_[orderId];
    for (std::size_t k = 0; k < seats.size(); ++k) {
        ids.push_back(ticketId(orderId, static_cast<int>(k) + 1));
        recordTicket(ids.back(), run, seats[k], from, to, true);
    }
    // Step 5: leave every queue the order joined, then release the locks.
    for (const Option& o : order.options) {
        RunInfo& orun = runs_[static_cast<std::size_t>(o.run)];
        const int f = orun.stationIndex.at(order.from), t = orun.stationIndex.at(order.to);
        redis_.queue({"ZREM", queueKey(orun, f, t), orderId});
        const auto q = orun.queues.find({f, t});
        if (q != orun.queues.end() && --q->second <= 0) orun.queues.erase(q);
    }
    for (const std::string& k : held)
        redis_.queue({"EVALSHA", unlockSha_, "1", k, orderId});
    redis_.read();
    order.state = Order::State::Served;
    ++stats_.ordersServed;
    stats_.passengersSeated += static_cast<std::int64_t>(seats.size());
    return true;
}

void SeedBaseline::onSeatReleased(int run, int seat, int from, int to) {
    RunInfo& r = runs_[static_cast<std::size_t>(run)];
    struct Related {
        int rank, negLength, from, to;
    };
    std::vector<Related> related;
    for (const auto& [iv, count] : r.queues) {
        if (count <= 0 || iv.first >= to || iv.second <= from) continue;
        const int rank = (iv.first == from && iv.second == to)   ? 0
                         : (iv.first >= from && iv.second <= to) ? 1
                                                                 : 2;
        related.push_back({rank, rank == 1 ? iv.first - iv.second : 0, iv.first, iv.second});
    }
    if (related.empty()) return;
    std::sort(related.begin(), related.end(), [](const Related& a, const Related& b) {
        return std::tie(a.rank, a.negLength, a.from, a.to) <
               std::tie(b.rank, b.negLength, b.from, b.to);
    });
    // Step 1: the head of each related queue, and the seat's bitmap.
    for (const Related& q : related)
        redis_.queue({"ZRANGE", queueKey(r, q.from, q.to), "0", "9"});
    const Seat& s = r.seats[static_cast<std::size_t>(seat)];
    redis_.queue({"GET", s.key});
    std::vector<Reply> heads = redis_.read();
    std::string bits = heads.back().text;
    for (std::size_t qi = 0; qi < related.size(); ++qi) {
        for (const Reply& member : heads[qi].elements) {
            ++stats_.candidatesTried;
            const auto it = orders_.find(member.text);
            if (it == orders_.end() || it->second.state != Order::State::Queued) continue;
            Order& order = it->second;
            const Option* option = nullptr;
            for (const Option& o : order.options)
                if (o.run == run && o.cls == s.cls) option = &o;
            if (!option) continue;  // the queue key has no class: another class's order
            const int f = r.stationIndex.at(order.from), t = r.stationIndex.at(order.to);
            bool free = true;
            for (int g = f; g < t && free; ++g)
                free = !bitSet(bits, g);
            if (!free) continue;
            std::vector<int> seats{seat};
            if (order.passengers > 1) {
                const std::vector<int> more =
                    scanFree(run, s.cls, f, t, order.passengers - 1, seat);
                if (static_cast<int>(more.size()) < order.passengers - 1) continue;
                seats.insert(seats.end(), more.begin(), more.end());
            }
            if (allocate(member.text, order, run, seats, f, t)) {
                bits = redis_.call({"GET", s.key}).text;
                break;  // one allocation per queue, as in the article's loop
            }
        }
    }
}

bool SeedBaseline::apply(const Command& c) {
    if (c.at && *c.at > clock_) {
        fireTimers(*c.at);
        clock_ = *c.at;
    }
    auto fail = [&] {
        ++stats_.failedCommands;
        return false;
    };
    switch (c.op) {
        case Op::Train: {
            if (runOf(c.train, c.date) >= 0) return fail();
            RunInfo r;
            r.train = c.train;
            r.date = c.date;
            for (const StopSpec& s : c.stops) {
                r.stationIndex[s.station] = static_cast<int>(r.stations.size());
                r.stations.push_back(s.station);
            }
            if (c.holdMinutes) r.holdSeconds = *c.holdMinutes * 60;
            runs_.push_back(std::move(r));
            runIndex_[{c.train, c.date}] = static_cast<int>(runs_.size()) - 1;
            [[fallthrough]];
        }
        case Op::AddCar: {
            const int run = runOf(c.train, c.date);
            if (run < 0) return fail();
            RunInfo& r = runs_[static_cast<std::size_t>(run)];
            std::vector<CarSpec> cars = c.cars;
            std::sort(cars.begin(), cars.end(),
                      [](const CarSpec& a, const CarSpec& b) { return a.car < b.car; });
            std::vector<int> added;
            for (const CarSpec& car : cars) {
                int cls = classOf(r, car.travelClass);
                if (cls < 0) {
                    cls = static_cast<int>(r.classes.size());
                    r.classes.push_back(car.travelClass);
                    r.seatsOfClass.emplace_back();
                }
                for (int row = 1; row <= car.rows; ++row)
                    for (const char letter : car.layout) {
                        Seat s;
                        s.label = seatLabel(car.car, row, letter);
                        s.key = "train:" + r.train + ":" + r.date + ":" + s.label;
                        s.cls = cls;
                        added.push_back(static_cast<int>(r.seats.size()));
                        r.seatsOfClass[static_cast<std::size_t>(cls)].push_back(added.back());
                        r.seats.push_back(std::move(s));
                    }
            }
            if (c.op == Op::AddCar) {
                const int segments = static_cast<int>(r.stations.size()) - 1;
                for (const int seat : added) {
                    ++stats_.releases;
                    onSeatReleased(run, seat, 0, segments);
                }
            }
            return true;
        }
        case Op::Sell: {
            const int run = runOf(c.train, c.date);
            if (run < 0) return fail();
            RunInfo& r = runs_[static_cast<std::size_t>(run)];
            const auto f = r.stationIndex.find(c.from), t = r.stationIndex.find(c.to);
            const int cls = classOf(r, c.travelClass);
            if (f == r.stationIndex.end() || t == r.stationIndex.end() || cls < 0) return fail();
            std::vector<int> seats;
            for (const std::string& label : c.seats) {
                const std::string canonical = canonicalSeatLabel(label);
                int found = -1;
                for (std::size_t i = 0; i < r.seats.size() && found < 0; ++i)
                    if (r.seats[i].label == canonical) found = static_cast<int>(i);
                if (found < 0) return fail();
                seats.push_back(found);
            }
            if (seats.empty())
                seats = scanFree(run, cls, f->second, t->second,
                                 static_cast<int>(c.passengers.size()), -1);
            if (seats.size() != c.passengers.size()) return fail();
            if (!sell(c, run, seats, f->second, t->second, c.id, false)) return fail();
            return true;
        }
        case Op::Pay: {
            const auto it = sales_.find(c.id);
            if (it == sales_.end()) return fail();
            for (const std::string& id : it->second) {
                Ticket& t = tickets_[id];
                if (t.state == Ticket::State::Held) t.state = Ticket::State::Paid;
            }
            return true;
        }
        case Op::Refund: {
            if (!c.ticket.empty()) {
                const auto it = tickets_.find(c.ticket);
                if (it == tickets_.end() || it->second.state == Ticket::State::Gone) return fail();
                releaseTicket(c.ticket, Ticket::State::Gone);
                return true;
            }
            const auto it = sales_.find(c.id);
            if (it == sales_.end()) return fail();
            for (const std::string& id : it->second)
                releaseTicket(id, Ticket::State::Gone);
            return true;
        }
        case Op::Reschedule: {
            const auto old = tickets_.find(c.ticket);
            if (old == tickets_.end() || old->second.state != Ticket::State::Paid) return fail();
            const int run = runOf(c.train, c.date);
            if (run < 0) return fail();
            RunInfo& r = runs_[static_cast<std::size_t>(run)];
            const auto f = r.stationIndex.find(c.from), t = r.stationIndex.find(c.to);
            const int cls = classOf(r, c.travelClass);
            if (f == r.stationIndex.end() || t == r.stationIndex.end() || cls < 0) return fail();
            const std::vector<int> seats = scanFree(run, cls, f->second, t->second, 1, -1);
            if (seats.empty() || !sell(c, run, seats, f->second, t->second, c.id, true))
                return fail();
            releaseTicket(c.ticket, Ticket::State::Gone);
            return true;
        }
        case Op::Waitlist: {
            if (orders_.count(c.id)) return fail();
            Order o;
            o.from = c.from;
            o.to = c.to;
            o.passengers = static_cast<int>(c.passengers.size());
            for (const OptionSpec& spec : c.options) {
                const int run = runOf(spec.train, spec.date);
                if (run < 0) return fail();
                const RunInfo& r = runs_[static_cast<std::size_t>(run)];
                if (!r.stationIndex.count(c.from) || !r.stationIndex.count(c.to)) return fail();
                o.options.push_back({run, classOf(r, spec.travelClass)});
            }
            orders_[c.id] = std::move(o);
            return true;
        }
        case Op::Prepay: {
            const auto it = orders_.find(c.id);
            if (it == orders_.end() || it->second.state != Order::State::Submitted) return fail();
            Order& o = it->second;
            const std::string score = num(++score_);
            for (const Option& opt : o.options) {
                RunInfo& r = runs_[static_cast<std::size_t>(opt.run)];
                const int f = r.stationIndex.at(o.from), t = r.stationIndex.at(o.to);
                redis_.queue({"ZADD", queueKey(r, f, t), score, c.id});
                ++r.queues[{f, t}];
            }
            redis_.read();
            o.state = Order::State::Queued;
            return true;
        }
        case Op::Cancel: {
            const auto it = orders_.find(c.id);
            if (it == orders_.end() || it->second.state == Order::State::Served) return fail();
            Order& o = it->second;
            if (o.state == Order::State::Queued) {
                for (const Option& opt : o.options) {
                    RunInfo& r = runs_[static_cast<std::size_t>(opt.run)];
                    const int f = r.stationIndex.at(o.from), t = r.stationIndex.at(o.to);
                    redis_.queue({"ZREM", queueKey(r, f, t), c.id});
                    const auto q = r.queues.find({f, t});
                    if (q != r.queues.end() && --q->second <= 0) r.queues.erase(q);
                }
                redis_.read();
            }
            o.state = Order::State::Served;
            return true;
        }
        case Op::Release: {
            const int run = runOf(c.train, c.date);
            if (run < 0) return fail();
            const RunInfo& r = runs_[static_cast<std::size_t>(run)];
            const auto f = r.stationIndex.find(c.from), t = r.stationIndex.find(c.to);
            if (f == r.stationIndex.end() || t == r.stationIndex.end()) return fail();
            const std::string canonical = canonicalSeatLabel(c.seat);
            std::vector<std::string> inside;
            for (const auto& [id, tk] : tickets_)
                if (tk.run == run && tk.state != Ticket::State::Gone &&
                    r.seats[static_cast<std::size_t>(tk.seat)].label == canonical &&
                    tk.from >= f->second && tk.to <= t->second)
                    inside.push_back(id);
            if (inside.empty()) return fail();
            std::sort(inside.begin(), inside.end());
            for (const std::string& id : inside)
                releaseTicket(id, Ticket::State::Gone);
            return true;
        }
        case Op::Advance:
        case Op::Block:
        case Op::Position:
        case Op::Availability:
        case Op::Seatmap:
        // Limits, caps and forecasts are not part of the article's design.
        case Op::Configure:
        case Op::WaitlistCap:
        case Op::Forecast:
            return true;
    }
    return true;
}

std::vector<std::string> SeedBaseline::validate() {
    std::vector<std::string> problems;
    if (overlaps_ > 0)
        problems.push_back(num(overlaps_) + " allocations took a segment a live ticket held");
    // Every seat's bitmap equals the union of its live tickets.
    std::vector<std::vector<std::uint64_t>> live(runs_.size());
    for (std::size_t r = 0; r < runs_.size(); ++r)
        live[r].assign(runs_[r].seats.size(), 0);
    for (const auto& [id, t] : tickets_) {
        if (t.state == Ticket::State::Gone) continue;
        std::uint64_t& m = live[static_cast<std::size_t>(t.run)][static_cast<std::size_t>(t.seat)];
        if (m & maskOf(t.from, t.to)) problems.push_back("tickets overlap on a seat: " + id);
        m |= maskOf(t.from, t.to);
    }
    for (std::size_t r = 0; r < runs_.size() && problems.size() < 20; ++r) {
        const RunInfo& run = runs_[r];
        for (const Seat& s : run.seats)
            redis_.queue({"GET", s.key});
        const std::vector<Reply> maps = redis_.read();
        const int segments = static_cast<int>(run.stations.size()) - 1;
        for (std::size_t i = 0; i < run.seats.size() && problems.size() < 20; ++i) {
            std::uint64_t redisMask = 0;
            for (int g = 0; g < segments; ++g)
                if (bitSet(maps[i].text, g)) redisMask |= std::uint64_t{1} << g;
            if (redisMask != live[r][i])
                problems.push_back("bitmap of " + run.seats[i].key +
                                   " differs from its live tickets");
        }
    }
    return problems;
}

}  // namespace houbu::bench
