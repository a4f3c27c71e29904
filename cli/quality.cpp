// Allocation quality of the online seat choices on streams an offline
// assignment seats completely (cf. Boyar & Larsen, "The Seat Reservation
// Problem", Algorithmica 1999).

#include <algorithm>
#include <cstdio>
#include <string>

#include "houbu/engine.h"
#include "tools.h"

namespace houbu::tools {
namespace {

class Outcome : public EventSink {
  public:
    void onEvent(const Event& event) override {
        if (event.kind == EventKind::TicketHeld || event.kind == EventKind::WaitlistFulfilled)
            held = true;
        if (event.kind == EventKind::Error) code = errorCodeName(event.code);
    }
    bool held = false;
    std::string code;
};

// prefix + number, without the false -Wrestrict of operator+ on g++ 12.
std::string name(char prefix, int n) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%c%d", prefix, n);
    return buf;
}

std::string station(int i) {
    return name('Q', i);
}

}  // namespace

QualityResult runQuality(int seats, int stops, const std::vector<QualityRequest>& requests,
                         SeatChoice choice, int seatChanges) {
    EngineOptions options;
    options.seatChoice = choice;
    Engine engine(options);
    QualityResult result;
    result.requests = static_cast<int>(requests.size());

    // One car per 100 seats ("ABCDF" x 20 rows), the last one shorter; a run
    // smaller than a row is one row of that many letters.
    Command train;
    train.op = Op::Train;
    train.train = "Q1";
    train.date = "2024-02-08";
    for (int i = 0; i < stops; ++i)
        train.stops.push_back({station(i), 10.0 * i, {}, {}});
    for (int left = seats, car = 1; left > 0; ++car) {
        CarSpec spec;
        spec.car = car;
        spec.travelClass = "二等座";
        if (left < 5) {
            spec.rows = 1;
            spec.layout = std::string("ABCDF").substr(0, static_cast<std::size_t>(left));
            left = 0;
        } else {
            spec.rows = std::min(20, left / 5);
            spec.layout = "ABCDF";
            left -= spec.rows * 5;
        }
        train.cars.push_back(spec);
    }
    Outcome sink;
    engine.apply(train, 1, sink);
    if (!sink.code.empty()) return result;

    const int segments = stops - 1;
    std::vector<int> load(static_cast<std::size_t>(segments), 0);
    long long asked = 0;
    Command sell;
    sell.op = Op::Sell;
    sell.train = train.train;
    sell.date = train.date;
    sell.travelClass = "二等座";
    // With seat changes: a waitlist order, then its prepayment, which serves it
    // at once or leaves it queued for good (nothing is released here).
    Command order;
    order.op = Op::Waitlist;
    order.user = "quality";
    order.options = {OptionSpec{train.train, train.date, "二等座"}};
    order.seatChange = std::max(seatChanges, 0);
    Command prepay;
    prepay.op = Op::Prepay;
    int line = 2;
    for (const QualityRequest& r : requests) {
        sink = Outcome();
        if (seatChanges < 0) {
            sell.id = name('q', line);
            sell.passengers = {name('p', line)};
            sell.from = station(r.from);
            sell.to = station(r.to);
            sell.fingerprint = static_cast<std::uint64_t>(line);
            engine.apply(sell, line++, sink);
        } else {
            order.id = name('w', line);
            order.passengers = {name('p', line)};
            order.from = station(r.from);
            order.to = station(r.to);
            order.fingerprint = static_cast<std::uint64_t>(line);
            engine.apply(order, line++, sink);
            prepay.id = order.id;
            engine.apply(prepay, line++, sink);
        }
        asked += r.to - r.from;
        if (sink.held) {
            ++result.accepted;
            for (int g = r.from; g < r.to; ++g)
                ++load[static_cast<std::size_t>(g)];
        } else {
            bool roomOnEverySegment = true;
            for (int g = r.from; g < r.to; ++g)
                roomOnEverySegment &= load[static_cast<std::size_t>(g)] < seats;
            if (roomOnEverySegment) ++result.fragmented;
        }
    }
    result.load = static_cast<double>(asked) / (static_cast<double>(seats) * segments);
    return result;
}

int offlineOptimum(int seats, int stops, std::vector<QualityRequest> requests) {
    std::stable_sort(requests.begin(), requests.end(),
                     [](const QualityRequest& a, const QualityRequest& b) { return a.to < b.to; });
    std::vector<int> load(static_cast<std::size_t>(std::max(stops - 1, 0)), 0);
    int taken = 0;
    for (const QualityRequest& r : requests) {
        bool fits = true;
        for (int g = r.from; g < r.to && fits; ++g)
            fits = load[static_cast<std::size_t>(g)] < seats;
        if (!fits) continue;
        for (int g = r.from; g < r.to; ++g)
            ++load[static_cast<std::size_t>(g)];
        ++taken;
    }
    return taken;
}

std::vector<QualityRequest> feasibleStream(int seats, int stops, double fill, int maxPiece,
                                           Rng& rng) {
    std::vector<QualityRequest> out;
    const int segments = stops - 1;
    for (int s = 0; s < seats; ++s) {
        for (int pos = 0; pos < segments;) {
            const int len = rng.between(1, std::min(maxPiece, segments - pos));
            if (rng.unit() < fill) out.push_back({pos, pos + len});
            pos += len;
        }
    }
    for (std::size_t i = out.size(); i > 1; --i)
        std::swap(out[i - 1], out[static_cast<std::size_t>(rng.below(static_cast<int>(i)))]);
    return out;
}

}  // namespace houbu::tools
