// houbu-cli gen: a deterministic peak-day workload as a plain scenario.
//
// The day, in the scenario's clock (railway local time):
//   - the runs (date D) and, for reschedules, the same trains a day later (D+1);
//   - 07:30:00 the runs are sold out: every seat's segments are cut into tickets
//     of 1..maxPiece segments, each sold on that seat (explicit seat) and paid;
//   - 07:30-08:00 the tickets that will time out are sold and never paid: their
//     holds expire 30 minutes later, between 08:00 and 08:30;
//   - 08:00-08:30 the rush: waitlist orders (each submitted and prepaid at once)
//     and the releases of the seeds' sources (refund, hold timeout, reschedule
//     to the next day, added cars), in time order; an `advance` marks each second
//     in which holds expire, and a last `advance` closes the day at 08:30.
// The shares of the releases are counted in seat intervals released (one per
// refunded, expired or rescheduled ticket, one per seat of an added car).
//
// With --v2, version 2's traffic as well, drawn from a random stream of its own
// so that everything above stays as it is: 12306's 2024 limits; standing places
// of 15 % of each run's second-class seats (12306 sells 无座 at up to about
// 10-20 % of a second-class car's seats: the middle of that range), all sold
// at the sell-out as whole-run standing tickets and a fifth of them refunded in
// the rush; 30 % of second-class orders accepting standing; 20 % of orders
// accepting added runs (half of them the whole day, half a three-hour window);
// a run added every 25 runs, on a part of the line, released in the rush; 1 %
// of orders whose first passenger then buys a standing ticket on the order's
// first option (a conflict when it is sold); and a cap of 20 passengers on
// business class of every twentieth run.

#include <unistd.h>
#include <QFile>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

#include "tools.h"

namespace houbu::tools {
namespace {

constexpr int kCorridor = 64;  // stations of the line every run stops on a part of
constexpr const char* kRunDate = "2024-02-08";
constexpr const char* kNextDate = "2024-02-09";
constexpr const char* kStreamDay = "2024-01-25";
constexpr int kSellOutAt = 7 * 3600 + 30 * 60;  // 07:30:00, seconds after midnight
constexpr int kHoldSeconds = 30 * 60;           // the default hold of commands.md
constexpr int kRushSeconds = 30 * 60;           // the rush lasts 08:00-08:30

struct ClassSpec {
    const char* name;
    const char* layout;
    double fare;   // yuan per km
    double share;  // of waitlist orders
};
// China Railway EMU classes with their usual layouts and fares per km.
constexpr ClassSpec kClasses[] = {
    {"商务座", "ACF", 1.46, 0.03},
    {"一等座", "ACDF", 0.74, 0.12},
    {"二等座", "ABCDF", 0.46, 0.85},
};

struct Car {
    int number;
    int cls;  // index in kClasses
    int rows;
};

struct Run {
    std::string train;
    std::vector<int> stops;  // corridor indices, increasing
    std::vector<int> minutes;
    std::vector<Car> cars;
    int seats = 0;
    int nextCar = 1;
};

struct Piece {
    std::uint16_t run;
    std::uint16_t seat;  // index in the run's seat order
    std::uint8_t from;   // stop index on the run
    std::uint8_t to;
    std::uint8_t fate;  // 0 kept, 1 refund, 2 timeout, 3 reschedule
};

enum Fate : std::uint8_t { Kept, Refund, Timeout, Reschedule };

// One stream command: its time (seconds after midnight) and what it is.
struct Item {
    int time;
    std::uint8_t kind;  // 0 order, 1 refund, 2 advance, 3 reschedule, 4 add_car
    std::uint32_t index;
};

constexpr int kStandingPercent = 15;

std::string stationName(int i) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "S%02d", i + 1);
    return buf;
}

void appendTime(std::string& out, const char* day, int seconds) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%sT%02d:%02d:%02d", day, seconds / 3600, (seconds / 60) % 60,
                  seconds % 60);
    out += buf;
}

void appendInt(std::string& out, std::int64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(v));
    out += buf;
}

std::string hhmm(int minutes) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%02d:%02d", (minutes / 60) % 24, minutes % 60);
    return buf;
}

std::string seatLabel(const Run& run, int seat) {
    for (const Car& car : run.cars) {
        const int width = static_cast<int>(std::strlen(kClasses[car.cls].layout));
        const int n = car.rows * width;
        if (seat < n) {
            char buf[16];
            std::snprintf(buf, sizeof buf, "%02d-%02d%c", car.number, seat / width + 1,
                          kClasses[car.cls].layout[seat % width]);
            return buf;
        }
        seat -= n;
    }
    return {};
}

int seatClass(const Run& run, int seat) {
    for (const Car& car : run.cars) {
        const int n = car.rows * static_cast<int>(std::strlen(kClasses[car.cls].layout));
        if (seat < n) return car.cls;
        seat -= n;
    }
    return 0;
}

// Cars of an EMU near `target` seats: 8 to 16 cars, one or two business cars,
// one or two first-class cars, the rest second class.
void makeCars(Run& run, int target) {
    const int cars = std::clamp((target + 40) / 80, 8, 16);
    const int business = cars >= 16 ? 2 : 1;
    const int first = cars >= 12 ? 2 : 1;
    const int second = cars - business - first;
    const int businessRows = 8, firstRows = 13;
    const int rest = target - business * businessRows * 3 - first * firstRows * 4;
    const int rowsTotal = std::max(second, rest / 5);
    int number = 1;
    for (int i = 0; i < business; ++i)
        run.cars.push_back({number++, 0, businessRows});
    for (int i = 0; i < first; ++i)
        run.cars.push_back({number++, 1, firstRows});
    for (int i = 0; i < second; ++i) {
        const int rows = rowsTotal / second + (i < rowsTotal % second ? 1 : 0);
        run.cars.push_back({number++, 2, std::clamp(rows, 1, 99)});
    }
    run.seats = 0;
    for (const Car& c : run.cars)
        run.seats += c.rows * static_cast<int>(std::strlen(kClasses[c.cls].layout));
    run.nextCar = number;
}

// Standing places of a run: a share of its second-class seats (0 without --v2).
int standingOf(const Run& run, bool version2) {
    if (!version2) return 0;
    int second = 0;
    for (const Car& c : run.cars)
        if (c.cls == 2) second += c.rows * static_cast<int>(std::strlen(kClasses[2].layout));
    return second * kStandingPercent / 100;
}

void appendTrain(std::string& out, const Run& run, const std::vector<double>& km, const char* date,
                 int standing = 0, bool added = false) {
    out += R"({"op":"train","train":")";
    out += run.train;
    out += R"(","date":")";
    out += date;
    if (added)
        out += R"(","added":true)";
    else
        out += '"';
    out += R"(,"stops":[)";
    for (std::size_t i = 0; i < run.stops.size(); ++i) {
        if (i) out += ',';
        out += R"({"station":")";
        out += stationName(run.stops[i]);
        out += R"(","km":)";
        appendInt(out, static_cast<std::int64_t>(km[run.stops[i]]));
        const int m = run.minutes[i];
        if (i > 0) {
            out += R"(,"arr":")";
            out += hhmm(m);
            out += '"';
        }
        if (i + 1 < run.stops.size()) {
            out += R"(,"dep":")";
            out += hhmm(i == 0 ? m : m + 2);
            out += '"';
        }
        out += '}';
    }
    out += R"(],"cars":[)";
    for (std::size_t i = 0; i < run.cars.size(); ++i) {
        const Car& c = run.cars[i];
        if (i) out += ',';
        out += R"({"car":)";
        appendInt(out, c.number);
        out += R"(,"class":")";
        out += kClasses[c.cls].name;
        out += R"(","rows":)";
        appendInt(out, c.rows);
        out += R"(,"layout":")";
        out += kClasses[c.cls].layout;
        out += R"("})";
    }
    out += R"(],"fares":{)";
    for (std::size_t i = 0; i < std::size(kClasses); ++i) {
        if (i) out += ',';
        out += '"';
        out += kClasses[i].name;
        out += "\":";
        char buf[16];
        std::snprintf(buf, sizeof buf, "%.2f", kClasses[i].fare);
        out += buf;
    }
    out += '}';
    if (standing > 0) {
        out += R"(,"standing":{")";
        out += kClasses[2].name;
        out += "\":";
        appendInt(out, standing);
        out += '}';
    }
    out += "}\n";
}

// Zipf(s) over ranks 1..n: cumulative weights for sampling by binary search.
std::vector<double> zipfTable(std::size_t n, double s) {
    std::vector<double> cdf(n);
    double sum = 0;
    for (std::size_t k = 0; k < n; ++k) {
        sum += 1.0 / std::pow(static_cast<double>(k + 1), s);
        cdf[k] = sum;
    }
    for (double& c : cdf)
        c /= sum;
    return cdf;
}

std::size_t sample(const std::vector<double>& cdf, double u) {
    const auto it = std::lower_bound(cdf.begin(), cdf.end(), u);
    return std::min<std::size_t>(static_cast<std::size_t>(it - cdf.begin()), cdf.size() - 1);
}

}  // namespace

bool generate(const GenSpec& spec, const std::function<void(std::string_view)>& write,
              GenStats& stats, std::string& error) {
    stats = {};
    if (spec.runs < 1 || spec.runs > 10000) return error = "--runs must be 1..10000", false;
    if (spec.stopsMin < 2 || spec.stopsMax > kCorridor || spec.stopsMin > spec.stopsMax)
        return error = "--stops must lie within 2..64", false;
    if (spec.seatsMin < 100 || spec.seatsMax > 3000 || spec.seatsMin > spec.seatsMax)
        return error = "--seats must lie within 100..3000", false;
    if (spec.orders < 0 || spec.orders > 100000000)
        return error = "--orders must be 0..100000000", false;
    if (spec.maxPiece < 1 || spec.maxPiece > 63) return error = "--max-piece must be 1..63", false;
    if (!(spec.zipf >= 0 && spec.zipf <= 5)) return error = "--zipf must be 0..5", false;

    Rng rng(spec.seed * 0x9e3779b97f4a7c15ull + 0x5eed);
    std::string line;
    line.reserve(4096);
    auto flush = [&] {
        write(line);
        line.clear();
        ++stats.lines;
    };
    {
        char buf[256];
        std::snprintf(buf, sizeof buf,
                      "# houbu-cli gen --seed %llu --runs %d --stops %d-%d --seats %d-%d "
                      "--orders %lld --releases %lld --zipf %g --max-piece %d\n",
                      static_cast<unsigned long long>(spec.seed), spec.runs, spec.stopsMin,
                      spec.stopsMax, spec.seatsMin, spec.seatsMax,
                      static_cast<long long>(spec.orders), static_cast<long long>(spec.releases),
                      spec.zipf, spec.maxPiece);
        line = buf;
        if (spec.version2) line.insert(line.size() - 1, " --v2");
        if (spec.seatChangePercent > 0)
            line.insert(line.size() - 1,
                        " --seat-change " + std::to_string(spec.seatChangePercent));
        flush();
    }
    // Version 2's draws come from a stream of their own: without --v2 the day is
    // what it always was, and with it the version-1 part stays the same.
    Rng v2rng(spec.seed * 0xd1b54a32d192ed03ull + 0x2);
    // Seat changes too: a stream of their own, drawn only when asked for.
    Rng changeRng(spec.seed * 0x9e3779b97f4a7c15ull + 0x3);
    if (spec.version2) {
        line += R"({"op":"configure","limits":{"passengers":9,"dates":3,"options":60,)"
                R"("options_per_date":null,"open_orders_per_user":6}})"
                "\n";
        flush();
    }

    // ---- the line and its runs ----
    std::vector<double> km(kCorridor);
    for (int i = 1; i < kCorridor; ++i)
        km[i] = km[i - 1] + rng.between(25, 110);
    auto isHub = [](int i) { return i % 6 == 0 || i == kCorridor - 1; };

    std::vector<Run> runs(static_cast<std::size_t>(spec.runs));
    for (int r = 0; r < spec.runs; ++r) {
        Run& run = runs[r];
        char code[16];
        std::snprintf(code, sizeof code, "%c%d", r % 4 == 3 ? 'D' : 'G', 1001 + r);
        run.train = code;
        const int n = rng.between(spec.stopsMin, spec.stopsMax);
        const int window = rng.between(n, kCorridor);
        const int start = rng.below(kCorridor - window + 1);
        std::vector<char> chosen(kCorridor, 0);
        chosen[start] = chosen[start + window - 1] = 1;
        int count = (window > 1) ? 2 : 1;
        for (int i = start; i < start + window && count < n; ++i)
            if (isHub(i) && !chosen[i]) chosen[i] = 1, ++count;
        while (count < n) {
            const int i = start + rng.below(window);
            if (!chosen[i]) chosen[i] = 1, ++count;
        }
        int minute = 6 * 60 + rng.below(12 * 60);
        int prev = -1;
        for (int i = 0; i < kCorridor; ++i) {
            if (!chosen[i]) continue;
            if (prev >= 0) minute += 2 + static_cast<int>((km[i] - km[prev]) * 0.2) + 1;
            run.stops.push_back(i);
            run.minutes.push_back(minute);
            prev = i;
        }
        makeCars(run, rng.between(spec.seatsMin, spec.seatsMax));
        stats.seats += run.seats;
    }
    stats.runs = spec.runs;
    for (const Run& run : runs) {
        appendTrain(line, run, km, kRunDate, standingOf(run, spec.version2));
        flush();
        appendTrain(line, run, km, kNextDate, standingOf(run, spec.version2));
        flush();
        stats.standingPlaces += standingOf(run, spec.version2);
    }
    // Runs added to the timetable (加开): on a part of the line, later in the
    // day than the run they follow, defined in the rush.
    std::vector<Run> addedRuns;
    if (spec.version2) {
        for (int a = 0; a < std::max(1, spec.runs / 25); ++a) {
            Run run = runs[static_cast<std::size_t>(v2rng.below(spec.runs))];
            char code[16];
            std::snprintf(code, sizeof code, "G%d", 9001 + a);
            run.train = code;
            const int later = 15 + v2rng.below(90);
            for (int& m : run.minutes)
                m += later;
            addedRuns.push_back(std::move(run));
        }
        stats.addedRuns = static_cast<std::int64_t>(addedRuns.size());
    }

    // ---- sell-out pieces and their fates ----
    std::vector<Piece> pieces;
    for (int r = 0; r < spec.runs; ++r) {
        const int segments = static_cast<int>(runs[r].stops.size()) - 1;
        for (int s = 0; s < runs[r].seats; ++s) {
            for (int pos = 0; pos < segments;) {
                const int len = rng.between(1, std::min(spec.maxPiece, segments - pos));
                pieces.push_back({static_cast<std::uint16_t>(r), static_cast<std::uint16_t>(s),
                                  static_cast<std::uint8_t>(pos),
                                  static_cast<std::uint8_t>(pos + len), Kept});
                pos += len;
            }
        }
    }
    const std::int64_t releases = spec.releases >= 0 ? spec.releases : spec.orders / 5;
    // Added cars: 10 % of the released seat intervals, in second-class cars of up
    // to 20 rows; the tickets share the rest 40 : 35 : 15.
    std::int64_t carSeats = (releases + 5) / 10;
    int carsToAdd = 0, carRows = 0;
    if (carSeats >= 5) {
        carsToAdd = static_cast<int>(std::max<std::int64_t>(1, (carSeats + 50) / 100));
        carRows = static_cast<int>(std::clamp<std::int64_t>(carSeats / carsToAdd / 5, 1, 20));
        carSeats = std::int64_t{carsToAdd} * carRows * 5;
    } else {
        carSeats = 0;
    }
    const std::int64_t ticketReleases = std::max<std::int64_t>(0, releases - carSeats);
    std::int64_t nRefund = (ticketReleases * 40 + 45) / 90;
    std::int64_t nTimeout = (ticketReleases * 35 + 45) / 90;
    std::int64_t nResched = ticketReleases - nRefund - nTimeout;
    const auto available = static_cast<std::int64_t>(pieces.size()) * 9 / 10;
    if (ticketReleases > available) {
        error = "--releases is more than the sold-out runs have tickets for (at most " +
                std::to_string(available + carSeats) + ")";
        return false;
    }
    {
        // Partial Fisher-Yates: the first n indices of a random permutation.
        std::vector<std::uint32_t> idx(pieces.size());
        for (std::size_t i = 0; i < idx.size(); ++i)
            idx[i] = static_cast<std::uint32_t>(i);
        const std::int64_t n = nRefund + nTimeout + nResched;
        for (std::int64_t i = 0; i < n; ++i) {
            const auto j = static_cast<std::size_t>(i) +
                           static_cast<std::size_t>(rng.below(static_cast<int>(idx.size() - i)));
            std::swap(idx[static_cast<std::size_t>(i)], idx[j]);
            pieces[idx[static_cast<std::size_t>(i)]].fate =
                i < nRefund ? Refund : (i < nRefund + nTimeout ? Timeout : Reschedule);
        }
    }
    stats.refunds = nRefund;
    stats.timeouts = nTimeout;
    stats.reschedules = nResched;

    // The fields of a one-passenger sale of `p` on its own seat, after "id".
    auto saleFields = [&](std::int64_t id, const Run& run, const Piece& p) {
        line += R"("id":"s)";
        appendInt(line, id);
        line += R"(","train":")";
        line += run.train;
        line += R"(","date":")";
        line += kRunDate;
        line += R"(","from":")";
        line += stationName(run.stops[p.from]);
        line += R"(","to":")";
        line += stationName(run.stops[p.to]);
        line += R"(","class":")";
        line += kClasses[seatClass(run, p.seat)].name;
        line += R"(","passengers":["p)";
        appendInt(line, id);
        line += R"("],"seats":[")";
        line += seatLabel(run, p.seat);
        line += "\"]}\n";
    };

    // Paid sell-out at 07:30:00 (the first line carries the time, the rest run at it).
    std::vector<std::int64_t> saleOf(pieces.size());
    std::int64_t sale = 0;
    bool first = true;
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        const Piece& p = pieces[i];
        saleOf[i] = ++sale;
        if (p.fate == Timeout) continue;
        const Run& run = runs[p.run];
        line += R"({"op":"sell",)";
        if (first) {
            line += R"("at":")";
            appendTime(line, kStreamDay, kSellOutAt);
            line += R"(",)";
            first = false;
        }
        saleFields(sale, run, p);
        flush();
        line += R"({"op":"pay","id":"s)";
        appendInt(line, sale);
        line += "\"}\n";
        flush();
    }
    stats.sales = sale;

    // After {"op":"sell", (and its time): a paid standing sale of one passenger in
    // second class, from and to corridor stations, and its payment.
    auto standingSale = [&](char prefix, std::int64_t n, const Run& run, int from, int to,
                            const std::string& passenger) {
        line += R"("id":")";
        line += prefix;
        appendInt(line, n);
        line += R"(","train":")";
        line += run.train;
        line += R"(","date":")";
        line += kRunDate;
        line += R"(","from":")";
        line += stationName(from);
        line += R"(","to":")";
        line += stationName(to);
        line += R"(","class":")";
        line += kClasses[2].name;
        line += R"(","passengers":[")";
        line += passenger;
        line += R"("],"standing":true})";
        line += '\n';
        flush();
        line += R"({"op":"pay","id":")";
        line += prefix;
        appendInt(line, n);
        line += "\"}\n";
        flush();
    };

    // Standing tickets (--v2): each run's places sold whole-run at the sell-out;
    // a fifth of them come back in the rush.
    std::vector<std::int64_t> standingRefunds;  // sale numbers
    if (spec.version2) {
        std::int64_t n = 0;
        for (const Run& run : runs) {
            for (int k = 0; k < standingOf(run, true); ++k) {
                ++n;
                line += R"({"op":"sell",)";
                standingSale('t', n, run, run.stops.front(), run.stops.back(),
                             "t" + std::to_string(n));
                if (v2rng.percent(20)) standingRefunds.push_back(n);
            }
        }
        stats.standingSold = n;
        stats.standingRefunds = static_cast<std::int64_t>(standingRefunds.size());
    }

    // Tickets that will time out: sold 30 minutes before they expire in the rush.
    std::vector<std::pair<int, std::uint32_t>> timeouts;  // (expiry, piece)
    for (std::size_t i = 0; i < pieces.size(); ++i)
        if (pieces[i].fate == Timeout)
            timeouts.push_back({kSellOutAt + kHoldSeconds + rng.below(kRushSeconds),
                                static_cast<std::uint32_t>(i)});
    std::sort(timeouts.begin(), timeouts.end());
    int clock = kSellOutAt;
    auto at = [&](int t, bool force = false) {
        if (t != clock || first || force) {
            line += R"("at":")";
            appendTime(line, kStreamDay, t);
            line += R"(",)";
            clock = t;
            first = false;
        }
    };
    for (const auto& [expiry, i] : timeouts) {
        const Piece& p = pieces[i];
        const Run& run = runs[p.run];
        line += R"({"op":"sell",)";
        at(expiry - kHoldSeconds);
        saleFields(saleOf[i], run, p);
        flush();
    }

    // ---- the intervals orders ask for, ranked by popularity ----
    struct Interval {
        int from, to;  // corridor indices
        std::vector<std::uint16_t> runs;
        double score;
    };
    std::vector<Interval> intervals;
    {
        std::vector<std::vector<int>> stopIndex(runs.size(), std::vector<int>(kCorridor, -1));
        for (std::size_t r = 0; r < runs.size(); ++r)
            for (std::size_t k = 0; k < runs[r].stops.size(); ++k)
                stopIndex[r][runs[r].stops[k]] = static_cast<int>(k);
        for (int a = 0; a < kCorridor; ++a)
            for (int b = a + 1; b < kCorridor; ++b) {
                Interval iv{a, b, {}, 0};
                for (std::size_t r = 0; r < runs.size(); ++r)
                    if (stopIndex[r][a] >= 0 && stopIndex[r][b] >= 0)
                        iv.runs.push_back(static_cast<std::uint16_t>(r));
                if (iv.runs.empty()) continue;
                // Hub to hub first, then by how many runs serve it; random among equals.
                iv.score = (isHub(a) + isHub(b)) * 1000.0 + static_cast<double>(iv.runs.size()) +
                           rng.unit();
                intervals.push_back(std::move(iv));
            }
        std::sort(intervals.begin(), intervals.end(),
                  [](const Interval& x, const Interval& y) { return x.score > y.score; });
    }
    const std::vector<double> popularity = zipfTable(intervals.size(), spec.zipf);

    // ---- the rush ----
    std::vector<Item> items;
    items.reserve(static_cast<std::size_t>(spec.orders + releases) + timeouts.size() + 16);
    const int rushStart = kSellOutAt + kHoldSeconds;
    for (std::int64_t o = 0; o < spec.orders; ++o)
        items.push_back({rushStart + rng.below(kRushSeconds), 0, static_cast<std::uint32_t>(o)});
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        if (pieces[i].fate == Refund)
            items.push_back(
                {rushStart + rng.below(kRushSeconds), 1, static_cast<std::uint32_t>(i)});
        else if (pieces[i].fate == Reschedule)
            items.push_back(
                {rushStart + rng.below(kRushSeconds), 3, static_cast<std::uint32_t>(i)});
    }
    {
        int last = -1;
        for (const auto& [expiry, i] : timeouts)
            if (expiry != last) items.push_back({expiry, 2, 0}), last = expiry;
    }
    std::vector<std::pair<std::uint16_t, int>> addedCars;  // (run, car number)
    for (int c = 0; c < carsToAdd; ++c) {
        int r = rng.below(spec.runs);
        for (int tries = 0; runs[r].nextCar > 99 && tries < spec.runs; ++tries)
            r = (r + 1) % spec.runs;
        if (runs[r].nextCar > 99) break;
        addedCars.push_back({static_cast<std::uint16_t>(r), runs[r].nextCar++});
        items.push_back({rushStart + rng.below(kRushSeconds), 4,
                         static_cast<std::uint32_t>(addedCars.size() - 1)});
    }
    stats.addedCars = static_cast<std::int64_t>(addedCars.size());
    stats.addedSeats = stats.addedCars * carRows * 5;
    // --v2: standing refunds (kind 5), added runs (6), caps at the rush's start (7),
    // and overlapping tickets bought after waitlisting (8, index: the order item).
    std::vector<int> conflictAfter;  // per order item: seconds after it, or -1
    if (spec.version2) {
        for (std::size_t i = 0; i < standingRefunds.size(); ++i)
            items.push_back(
                {rushStart + v2rng.below(kRushSeconds), 5, static_cast<std::uint32_t>(i)});
        for (std::size_t a = 0; a < addedRuns.size(); ++a)
            items.push_back(
                {rushStart + v2rng.below(kRushSeconds), 6, static_cast<std::uint32_t>(a)});
        for (int r = 0; r < spec.runs; r += 20)
            items.push_back({rushStart, 7, static_cast<std::uint32_t>(r)});
        conflictAfter.assign(static_cast<std::size_t>(spec.orders), -1);
        for (std::int64_t o = 0; o < spec.orders; ++o) {
            if (!v2rng.percent(1)) continue;
            const int when =
                std::min(items[static_cast<std::size_t>(o)].time + 1 + v2rng.below(300),
                         rushStart + kRushSeconds - 1);
            conflictAfter[static_cast<std::size_t>(o)] = when;
            items.push_back({when, 8, static_cast<std::uint32_t>(o)});
        }
    }
    // Time order; within a second, the order of creation (stable).
    std::stable_sort(items.begin(), items.end(),
                     [](const Item& a, const Item& b) { return a.time < b.time; });

    std::vector<char> used(intervals.size(), 0);
    std::int64_t order = 0, resched = 0;
    // --v2: what a conflict needs of its order: number, interval, first option's run.
    struct Placed {
        std::int64_t number = 0;
        int from = 0, to = 0;
        std::uint16_t run = 0;
    };
    std::vector<Placed> placed(spec.version2 ? static_cast<std::size_t>(spec.orders) : 0);
    std::int64_t conflictSales = 0;
    for (const Item& item : items) {
        switch (item.kind) {
            case 0: {  // waitlist + prepay
                ++order;
                const std::size_t k = sample(popularity, rng.unit());
                const Interval& iv = intervals[k];
                if (!used[k]) used[k] = 1, ++stats.intervals;
                const double u = rng.unit();
                int cls = 2;
                if (u < kClasses[0].share)
                    cls = 0;
                else if (u < kClasses[0].share + kClasses[1].share)
                    cls = 1;
                const double g = rng.unit();
                const int group = g < 0.45 ? 1 : g < 0.70 ? 2 : g < 0.85 ? 3 : g < 0.95 ? 4 : 5;
                const int nOptions = std::min(rng.between(1, 5), static_cast<int>(iv.runs.size()));
                std::uint16_t chosen[5];
                for (int n = 0; n < nOptions;) {
                    const std::uint16_t r = iv.runs[static_cast<std::size_t>(
                        rng.below(static_cast<int>(iv.runs.size())))];
                    if (std::find(chosen, chosen + n, r) == chosen + n) chosen[n++] = r;
                }
                line += R"({"op":"waitlist",)";
                at(item.time);
                line += R"("id":"w)";
                appendInt(line, order);
                line += R"(","user":"u)";
                appendInt(line, order);
                line += R"(","passengers":[)";
                for (int p = 0; p < group; ++p) {
                    line += p ? ",\"w" : "\"w";
                    appendInt(line, order);
                    line += static_cast<char>('a' + p);
                    line += '"';
                }
                line += R"(],"from":")";
                line += stationName(iv.from);
                line += R"(","to":")";
                line += stationName(iv.to);
                line += R"(","options":[)";
                for (int n = 0; n < nOptions; ++n) {
                    line += n ? R"(,{"train":")" : R"({"train":")";
                    line += runs[chosen[n]].train;
                    line += R"(","date":")";
                    line += kRunDate;
                    line += R"(","class":")";
                    line += kClasses[cls].name;
                    line += R"("})";
                }
                line += ']';
                if (spec.seatChangePercent > 0 && changeRng.percent(spec.seatChangePercent)) {
                    const bool two = changeRng.below(3) == 0;
                    line += two ? R"(,"seat_change":2)" : R"(,"seat_change":1)";
                    ++(two ? stats.seatChangeTwo : stats.seatChangeOne);
                }
                if (spec.version2) {
                    if (cls == 2 && v2rng.percent(30)) {
                        line += R"(,"accept_standing":true)";
                        ++stats.acceptStanding;
                    }
                    if (v2rng.percent(20)) {
                        // The whole day, or three hours from a random hour.
                        const int start = v2rng.percent(50) ? 0 : v2rng.below(21) * 3600;
                        const int end = start == 0 ? 24 * 3600 - 60 : start + 3 * 3600;
                        line += R"(,"new_trains":{"from":")";
                        appendTime(line, kRunDate, start);
                        line += R"(","to":")";
                        appendTime(line, kRunDate, std::min(end, 24 * 3600 - 60));
                        line += R"("})";
                        ++stats.acceptNewTrains;
                    }
                    placed[item.index] = {order, iv.from, iv.to, chosen[0]};
                }
                line += "}\n";
                flush();
                line += R"({"op":"prepay","id":"w)";
                appendInt(line, order);
                line += "\"}\n";
                flush();
                stats.passengers += group;
                break;
            }
            case 1: {  // refund
                line += R"({"op":"refund",)";
                at(item.time);
                line += R"("ticket":"s)";
                appendInt(line, saleOf[item.index]);
                line += ".1\"}\n";
                flush();
                break;
            }
            case 2: {  // holds expire in this second
                line += R"({"op":"advance",)";
                at(item.time, true);
                line.pop_back();
                line += "}\n";
                flush();
                break;
            }
            case 3: {  // reschedule to the same train a day later
                const Piece& p = pieces[item.index];
                const Run& run = runs[p.run];
                line += R"({"op":"reschedule",)";
                at(item.time);
                line += R"("ticket":"s)";
                appendInt(line, saleOf[item.index]);
                line += R"(.1","id":"r)";
                appendInt(line, ++resched);
                line += R"(","train":")";
                line += run.train;
                line += R"(","date":")";
                line += kNextDate;
                line += R"(","from":")";
                line += stationName(run.stops[p.from]);
                line += R"(","to":")";
                line += stationName(run.stops[p.to]);
                line += R"(","class":")";
                line += kClasses[seatClass(run, p.seat)].name;
                line += "\"}\n";
                flush();
                break;
            }
            case 4: {  // an added second-class car
                const auto& [r, number] = addedCars[item.index];
                line += R"({"op":"add_car",)";
                at(item.time);
                line += R"("train":")";
                line += runs[r].train;
                line += R"(","date":")";
                line += kRunDate;
                line += R"(","car":)";
                appendInt(line, number);
                line += R"(,"class":")";
                line += kClasses[2].name;
                line += R"(","rows":)";
                appendInt(line, carRows);
                line += R"(,"layout":"ABCDF")";
                if (spec.version2) {
                    line += R"(,"standing":)";
                    appendInt(line, carRows * 5 * kStandingPercent / 100);
                }
                line += "}\n";
                flush();
                break;
            }
            case 5: {  // a standing ticket refunded
                line += R"({"op":"refund",)";
                at(item.time);
                line += R"("id":"t)";
                appendInt(line, standingRefunds[item.index]);
                line += "\"}\n";
                flush();
                break;
            }
            case 6: {  // a run added to the timetable
                const Run& run = addedRuns[item.index];
                line += R"({"op":"train",)";
                at(item.time);
                std::string train;
                appendTrain(train, run, km, kRunDate, standingOf(run, true), true);
                line.append(train, 14, std::string::npos);  // after {"op":"train",
                flush();
                break;
            }
            case 7: {  // a cap on business class
                line += R"({"op":"waitlist_cap",)";
                at(item.time);
                line += R"("train":")";
                line += runs[item.index].train;
                line += R"(","date":")";
                line += kRunDate;
                line += R"(","class":")";
                line += kClasses[0].name;
                line += R"(","cap":20})";
                line += '\n';
                flush();
                ++stats.caps;
                break;
            }
            case 8: {  // the order's first passenger buys an overlapping standing ticket
                const Placed& p = placed[item.index];
                if (p.number == 0) break;
                ++conflictSales;
                line += R"({"op":"sell",)";
                at(item.time);
                standingSale('c', conflictSales, runs[p.run], p.from, p.to,
                             "w" + std::to_string(p.number) + "a");
                break;
            }
        }
    }
    stats.conflicts = conflictSales;
    // Close the day: every hold has expired.
    line += R"({"op":"advance",)";
    at(rushStart + kRushSeconds, true);
    line.pop_back();
    line += "}\n";
    flush();
    stats.orders = order;
    return true;
}

// ---- command line -------------------------------------------------------------------

const char* const kGenUsage = R"(Usage: houbu-cli gen [options] > FILE.jsonl

Writes a deterministic peak-day workload (the same options and seed give the
same bytes) as a scenario for `houbu-cli run` or `houbu-cli bench`:
N runs on one line of 64 stations, sold out at 07:30; from 08:00 to 08:30
waitlist orders (groups of 1-5, 1-5 options, intervals drawn by Zipf
popularity) and releases in the seeds' source mix: refund 40 %, hold timeout
35 %, reschedule 15 %, added cars 10 % (shares of released seat intervals).

  --seed N          workload seed (default 1)
  --runs N          train runs (default 100)
  --stops A-B       stops per run, within 2..64 (default 10-40)
  --seats A-B|N     seats per run, EMU class mixes (default 600-1200)
  --orders N        waitlist orders (default 100000)
  --releases N      released seat intervals (default orders / 5)
  --zipf S          popularity exponent over intervals (default 1.0)
  --max-piece N     longest sell-out ticket in segments (default 8)
  --v2              version 2's traffic too (commands.md): 12306's 2024 limits,
                    standing places of 15 % of second-class seats, orders that
                    accept standing (30 % of second class) or added runs (20 %),
                    a run added per 25 runs, 1 % of orders whose passenger buys
                    an overlapping ticket, caps on business class
  --seat-change P   P % of waitlist orders accept seat changes (同车换座): two
                    in three of them one change, the rest two (default 0)
  -o FILE           write to FILE instead of standard output
  --quiet           no summary on standard error
)";

namespace {

bool parseRange(const char* text, int& lo, int& hi) {
    char* end = nullptr;
    const long a = std::strtol(text, &end, 10);
    if (end == text) return false;
    long b = a;
    if (*end == '-') {
        const char* rest = end + 1;
        b = std::strtol(rest, &end, 10);
        if (end == rest) return false;
    }
    if (*end || a < 0 || b < 0 || a > 1000000 || b > 1000000) return false;
    lo = static_cast<int>(a);
    hi = static_cast<int>(b);
    return true;
}

bool parseInt64(const char* text, std::int64_t& v) {
    char* end = nullptr;
    const long long x = std::strtoll(text, &end, 10);
    if (end == text || *end || x < 0) return false;
    v = x;
    return true;
}

int genUsageError(const std::string& message) {
    std::fprintf(stderr, "houbu-cli gen: %s\nTry 'houbu-cli gen --help'.\n", message.c_str());
    return 2;
}

}  // namespace

int genMain(int argc, char** argv) {
    GenSpec spec;
    const char* outPath = nullptr;
    bool quiet = false;
    for (int i = 2; i < argc; ++i) {
        const std::string arg = argv[i];
        const char* v = i + 1 < argc ? argv[i + 1] : nullptr;
        std::int64_t n = 0;
        if (arg == "--help" || arg == "-h") {
            std::fputs(kGenUsage, stdout);
            return 0;
        }
        if (arg == "--quiet") {
            quiet = true;
            continue;
        }
        if (arg == "--v2") {
            spec.version2 = true;
            continue;
        }
        if (!v) return genUsageError(arg + " needs a value");
        ++i;
        if (arg == "--seed") {
            if (!parseInt64(v, n)) return genUsageError("--seed needs a whole number");
            spec.seed = static_cast<std::uint64_t>(n);
        } else if (arg == "--runs") {
            if (!parseInt64(v, n) || n > 10000) return genUsageError("--runs needs 1..10000");
            spec.runs = static_cast<int>(n);
        } else if (arg == "--stops") {
            if (!parseRange(v, spec.stopsMin, spec.stopsMax))
                return genUsageError("--stops needs A-B");
        } else if (arg == "--seats") {
            if (!parseRange(v, spec.seatsMin, spec.seatsMax))
                return genUsageError("--seats needs A-B or N");
        } else if (arg == "--orders") {
            if (!parseInt64(v, spec.orders)) return genUsageError("--orders needs a number");
        } else if (arg == "--releases") {
            if (!parseInt64(v, spec.releases)) return genUsageError("--releases needs a number");
        } else if (arg == "--zipf") {
            char* end = nullptr;
            spec.zipf = std::strtod(v, &end);
            if (end == v || *end) return genUsageError("--zipf needs a number");
        } else if (arg == "--seat-change") {
            if (!parseInt64(v, n) || n > 100) return genUsageError("--seat-change needs 0..100");
            spec.seatChangePercent = static_cast<int>(n);
        } else if (arg == "--max-piece") {
            if (!parseInt64(v, n) || n > 63) return genUsageError("--max-piece needs 1..63");
            spec.maxPiece = static_cast<int>(n);
        } else if (arg == "-o" || arg == "--output") {
            outPath = v;
        } else {
            return genUsageError("unknown option '" + arg + "'");
        }
    }
    std::FILE* out = stdout;
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(nullptr, &std::fclose);
    if (outPath) {
        file.reset(std::fopen(outPath, "wb"));
        if (!file)
            return genUsageError(std::string("cannot write '") + outPath +
                                 "': " + std::strerror(errno));
        out = file.get();
    }
    std::string buffer;
    buffer.reserve(1 << 20);
    bool writeFailed = false;
    auto write = [&](std::string_view text) {
        buffer += text;
        if (buffer.size() >= (1u << 20)) {
            writeFailed |= std::fwrite(buffer.data(), 1, buffer.size(), out) != buffer.size();
            buffer.clear();
        }
    };
    GenStats stats;
    std::string error;
    if (!generate(spec, write, stats, error)) return genUsageError(error);
    writeFailed |= std::fwrite(buffer.data(), 1, buffer.size(), out) != buffer.size();
    writeFailed |= std::fflush(out) != 0;
    if (writeFailed) {
        std::fprintf(stderr, "houbu-cli gen: write failed: %s\n", std::strerror(errno));
        return 2;
    }
    if (!quiet)
        std::fprintf(
            stderr,
            "houbu-cli gen: %lld lines: %d runs, %lld seats, %lld sold-out tickets, "
            "%lld waitlist orders (%lld passengers, %lld intervals); releases: %lld "
            "refunds, %lld timeouts, %lld reschedules, %lld cars (%lld seats)\n",
            static_cast<long long>(stats.lines), stats.runs, static_cast<long long>(stats.seats),
            static_cast<long long>(stats.sales), static_cast<long long>(stats.orders),
            static_cast<long long>(stats.passengers), static_cast<long long>(stats.intervals),
            static_cast<long long>(stats.refunds), static_cast<long long>(stats.timeouts),
            static_cast<long long>(stats.reschedules), static_cast<long long>(stats.addedCars),
            static_cast<long long>(stats.addedSeats));
    if (!quiet && spec.seatChangePercent > 0)
        std::fprintf(stderr,
                     "houbu-cli gen: seat changes: %lld orders accept one, %lld accept two\n",
                     static_cast<long long>(stats.seatChangeOne),
                     static_cast<long long>(stats.seatChangeTwo));
    if (!quiet && spec.version2)
        std::fprintf(stderr,
                     "houbu-cli gen: version 2: %lld standing places (%lld sold, %lld refunded), "
                     "%lld orders accept standing, %lld accept added runs, %lld added runs, "
                     "%lld overlapping tickets, %lld caps\n",
                     static_cast<long long>(stats.standingPlaces),
                     static_cast<long long>(stats.standingSold),
                     static_cast<long long>(stats.standingRefunds),
                     static_cast<long long>(stats.acceptStanding),
                     static_cast<long long>(stats.acceptNewTrains),
                     static_cast<long long>(stats.addedRuns),
                     static_cast<long long>(stats.conflicts), static_cast<long long>(stats.caps));
    return 0;
}

}  // namespace houbu::tools
