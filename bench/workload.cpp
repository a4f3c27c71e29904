#include "workload.h"

#include <cstdio>
#include <stdexcept>
#include <utility>

namespace houbu::bench {
namespace {

// The Beijing-Shanghai line, 20 stops (names fit the std::string SSO buffer).
constexpr std::pair<const char*, double> kStops[] = {
    {"北京南", 0},    {"廊坊", 60},     {"天津南", 122},  {"沧州西", 210},  {"德州东", 314},
    {"济南西", 406},  {"泰安", 465},    {"曲阜东", 535},  {"滕州东", 591},  {"枣庄", 627},
    {"徐州东", 688},  {"宿州东", 767},  {"蚌埠南", 844},  {"定远", 897},    {"滁州", 959},
    {"南京南", 1018}, {"镇江南", 1087}, {"常州北", 1153}, {"无锡东", 1210}, {"上海虹桥", 1318},
};

constexpr double kFarePerKm = 0.46;  // yuan per km, second class

std::uint64_t fingerprint(std::uint64_t kind, std::uint64_t n) {
    Rng r(kind * 0x100000001b3ull + n);
    return r.next();
}

std::string hhmm(int minutes) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "%02d:%02d", (minutes / 60) % 24, minutes % 60);
    return buf;
}

// A tiny JSON object writer for the commands the workload uses.
class Json {
  public:
    explicit Json(std::string& out) : out_(out) {}
    void open() {
        comma();
        out_ += '{';
        first_ = true;
    }
    void close() {
        out_ += '}';
        first_ = false;
    }
    void openArray(const char* key) {
        name(key);
        out_ += '[';
        first_ = true;
    }
    void closeArray() {
        out_ += ']';
        first_ = false;
    }
    void openObject(const char* key) {
        name(key);
        out_ += '{';
        first_ = true;
    }
    void str(const char* key, const std::string& value) {
        name(key);
        quote(value);
    }
    void item(const std::string& value) {
        comma();
        quote(value);
    }
    void num(const char* key, double value) {
        name(key);
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.15g", value);
        out_ += buf;
    }
    void name(const char* key) { name(std::string(key)); }
    void name(const std::string& key) {
        comma();
        quote(key);
        out_ += ':';
    }

  private:
    void comma() {
        if (!first_) out_ += ',';
        first_ = false;
    }
    void quote(const std::string& v) {
        out_ += '"';
        for (char ch : v) {
            if (ch == '"' || ch == '\\') {
                out_ += '\\';
                out_ += ch;
            } else if (static_cast<unsigned char>(ch) < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned char>(ch));
                out_ += buf;
            } else {
                out_ += ch;
            }
        }
        out_ += '"';
    }

    std::string& out_;
    bool first_ = true;
};

// Records the seat interval of every ticket created (held by a sale, or of a
// served waitlist order), for the dry run that picks the releases.
class RecordingSink : public CountingSink {
  public:
    explicit RecordingSink(const Workload& w) : w_(w) {}
    void onEvent(const Event& event) override {
        CountingSink::onEvent(event);
        if (event.kind == EventKind::TicketHeld) {
            add(event.seat, event.from, event.to);
        } else if (event.kind == EventKind::WaitlistFulfilled) {
            for (const TicketLine& t : event.tickets)
                add(t.seat, t.from, t.to);
        }
    }
    std::vector<SeatInterval> fresh;

  private:
    void add(const std::string& seat, const std::string& from, const std::string& to) {
        const int s = w_.seatIndex(seat), f = w_.stopIndex(from), t = w_.stopIndex(to);
        if (s < 0 || f < 0 || t < 0) throw std::runtime_error("dry run: unknown seat or station");
        fresh.push_back(SeatInterval{static_cast<std::uint16_t>(s), static_cast<std::uint8_t>(f),
                                     static_cast<std::uint8_t>(t)});
    }
    const Workload& w_;
};

}  // namespace

WorkloadSpec& globalSpec() {
    static WorkloadSpec spec;
    return spec;
}

const Workload& globalWorkload() {
    static const Workload workload(globalSpec());
    return workload;
}

Workload::Workload(WorkloadSpec spec) : spec_(std::move(spec)) {
    int clock = 7 * 60;  // leaves the first stop at 07:00
    for (std::size_t i = 0; i < std::size(kStops); ++i) {
        stations_.emplace_back(kStops[i].first);
        km_.push_back(kStops[i].second);
        if (i == 0) {
            arrival_.push_back(-1);
            departure_.push_back(clock);
            continue;
        }
        clock += static_cast<int>((kStops[i].second - kStops[i - 1].second) / 4.5 + 0.5);
        arrival_.push_back(clock);
        if (i + 1 < std::size(kStops)) {
            clock += 2;
            departure_.push_back(clock);
        } else {
            departure_.push_back(-1);
        }
    }
}

std::string Workload::seatLabel(int seat) const {
    const int perRow = static_cast<int>(spec_.layout.size());
    const int perCar = spec_.rows * perRow;
    char buf[48];
    std::snprintf(buf, sizeof buf, "%02d-%02d%c", seat / perCar + 1, seat % perCar / perRow + 1,
                  spec_.layout[seat % perRow]);
    return buf;
}

int Workload::seatIndex(const std::string& label) const {
    // "CC-RRL"
    if (label.size() != 6 || label[2] != '-') return -1;
    const int car = (label[0] - '0') * 10 + (label[1] - '0');
    const int row = (label[3] - '0') * 10 + (label[4] - '0');
    const auto pos = spec_.layout.find(label[5]);
    if (car < 1 || car > spec_.cars || row < 1 || row > spec_.rows || pos == std::string::npos)
        return -1;
    const int perRow = static_cast<int>(spec_.layout.size());
    return (car - 1) * spec_.rows * perRow + (row - 1) * perRow + static_cast<int>(pos);
}

int Workload::stopIndex(const std::string& station) const {
    for (std::size_t i = 0; i < stations_.size(); ++i)
        if (stations_[i] == station) return static_cast<int>(i);
    return -1;
}

Command Workload::trainCommand() const {
    Command c;
    c.op = Op::Train;
    c.train = train();
    c.date = date();
    for (int i = 0; i < stopCount(); ++i) {
        StopSpec s;
        s.station = stations_[i];
        s.km = km_[i];
        if (arrival_[i] >= 0) s.arrival = arrival_[i] % (24 * 60);
        if (departure_[i] >= 0) s.departure = departure_[i] % (24 * 60);
        c.stops.push_back(std::move(s));
    }
    for (int car = 1; car <= spec_.cars; ++car)
        c.cars.push_back(CarSpec{car, travelClass(), spec_.rows, spec_.layout});
    c.fares.emplace_back(travelClass(), kFarePerKm);
    c.fingerprint = fingerprint(1, 0);
    return c;
}

std::size_t Workload::soldOut(const CommandFn& fn) const {
    std::size_t n = 0;
    fn(trainCommand());
    ++n;

    Rng rng(spec_.seed ^ 0x5e11ull);
    Command sell;
    sell.op = Op::Sell;
    sell.train = train();
    sell.date = date();
    sell.travelClass = travelClass();
    sell.passengers.resize(1);
    sell.seats.resize(1);
    Command pay;
    pay.op = Op::Pay;

    const int segments = stopCount() - 1;
    std::uint64_t sale = 0;
    for (int seat = 0; seat < seatCount(); ++seat) {
        sell.seats[0] = seatLabel(seat);
        for (int from = 0; from < segments;) {
            const int to = std::min(segments, from + 1 + rng.below(spec_.maxPiece));
            ++sale;
            setName(sell.id, 's', static_cast<std::uint64_t>(sale));
            sell.from = stations_[from];
            sell.to = stations_[to];
            setName(sell.passengers[0], 'q', static_cast<std::uint64_t>(sale));
            sell.fingerprint = fingerprint(2, sale);
            fn(sell);
            pay.id = sell.id;
            pay.fingerprint = fingerprint(3, sale);
            fn(pay);
            n += 2;
            from = to;
        }
    }
    return n;
}

std::size_t Workload::waitlist(const CommandFn& fn) const {
    Rng rng(spec_.seed ^ 0x3a171157ull);
    Command order;
    order.op = Op::Waitlist;
    order.passengers.reserve(kMaxGroupInWorkload);
    order.options.push_back(OptionSpec{train(), date(), travelClass()});
    Command prepay;
    prepay.op = Op::Prepay;

    const int stops = stopCount();
    for (int i = 1; i <= spec_.orders; ++i) {
        const int group = 1 + rng.below(kMaxGroupInWorkload);
        int a = rng.below(stops);
        int b = rng.below(stops - 1);
        if (b >= a) ++b;
        setName(order.id, 'w', static_cast<std::uint64_t>(i));
        setName(order.user, 'u', static_cast<std::uint64_t>(i % 50000));
        order.passengers.resize(static_cast<std::size_t>(group));
        for (int k = 0; k < group; ++k)
            setName(order.passengers[k], 'n',
                    static_cast<std::uint64_t>(i * kMaxGroupInWorkload + k));
        order.from = stations_[std::min(a, b)];
        order.to = stations_[std::max(a, b)];
        order.fingerprint = fingerprint(4, static_cast<std::uint64_t>(i));
        fn(order);
        prepay.id = order.id;
        prepay.fingerprint = fingerprint(5, static_cast<std::uint64_t>(i));
        fn(prepay);
    }
    return 2 * static_cast<std::size_t>(spec_.orders);
}

Command Workload::releaseTemplate() const {
    Command c;
    c.op = Op::Release;
    c.train = train();
    c.date = date();
    c.reason = "refund";
    return c;
}

void Workload::fillRelease(Command& cmd, SeatInterval interval) const {
    cmd.seat = seatLabel(interval.seat);
    cmd.from = stations_[interval.from];
    cmd.to = stations_[interval.to];
    cmd.fingerprint = fingerprint(6, interval.seat * 4096u + interval.from * 64u + interval.to);
}

const std::vector<SeatInterval>& Workload::releases() const {
    if (!releasesReady_) {
        releases_ = dryRun();
        releasesReady_ = true;
    }
    return releases_;
}

std::vector<SeatInterval> Workload::dryRun() const {
    Engine engine;
    RecordingSink sink(*this);
    std::vector<SeatInterval> live;
    int line = 0;
    auto apply = [&](const Command& c) {
        engine.apply(c, ++line, sink);
        live.insert(live.end(), sink.fresh.begin(), sink.fresh.end());
        sink.fresh.clear();
    };
    soldOut(apply);
    waitlist(apply);
    if (sink.errors != 0) throw std::runtime_error("dry run: setup produced error events");

    Rng rng(spec_.seed ^ 0x7e1ea5eull);
    std::vector<SeatInterval> out;
    out.reserve(static_cast<std::size_t>(spec_.releases));
    Command release = releaseTemplate();
    for (int i = 0; i < spec_.releases && !live.empty(); ++i) {
        const auto pick = static_cast<std::size_t>(rng.below(static_cast<int>(live.size())));
        const SeatInterval iv = live[pick];
        live[pick] = live.back();
        live.pop_back();
        fillRelease(release, iv);
        apply(release);
        out.push_back(iv);
    }
    if (sink.errors != 0) throw std::runtime_error("dry run: a release produced an error event");
    return out;
}

std::uint64_t Workload::nameHeapBytes() const {
    const std::size_t sso = std::string().capacity();
    std::uint64_t bytes = 0;
    waitlist([&](const Command& c) {
        for (const auto& name : c.passengers)
            if (name.size() > sso) bytes += name.size() + 1;
    });
    return bytes;
}

std::uint64_t Workload::passengerCount() const {
    std::uint64_t n = 0;
    waitlist([&](const Command& c) { n += c.passengers.size(); });
    return n;
}

std::size_t Workload::writeJsonl(std::string& out, std::size_t* phaseLines) const {
    std::size_t lines = 0;
    auto write = [&](const Command& c) {
        out += toJson(c);
        out += '\n';
        ++lines;
    };
    if (phaseLines)
        phaseLines[0] = soldOut(write);
    else
        soldOut(write);
    const std::size_t before = lines;
    waitlist(write);
    if (phaseLines) phaseLines[1] = lines - before;
    Command release = releaseTemplate();
    for (const SeatInterval& iv : releases()) {
        fillRelease(release, iv);
        write(release);
    }
    if (phaseLines) phaseLines[2] = releases().size();
    return lines;
}

std::string toJson(const Command& c) {
    std::string out;
    out.reserve(256);
    Json j(out);
    j.open();
    switch (c.op) {
        case Op::Train:
            j.str("op", "train");
            j.str("train", c.train);
            j.str("date", c.date);
            j.openArray("stops");
            for (const StopSpec& s : c.stops) {
                j.open();
                j.str("station", s.station);
                j.num("km", s.km);
                if (s.arrival) j.str("arr", hhmm(*s.arrival));
                if (s.departure) j.str("dep", hhmm(*s.departure));
                j.close();
            }
            j.closeArray();
            j.openArray("cars");
            for (const CarSpec& car : c.cars) {
                j.open();
                j.num("car", car.car);
                j.str("class", car.travelClass);
                j.num("rows", car.rows);
                j.str("layout", car.layout);
                j.close();
            }
            j.closeArray();
            j.openObject("fares");
            for (const auto& [cls, rate] : c.fares)
                j.num(cls.c_str(), rate);
            j.close();
            break;
        case Op::Sell:
            j.str("op", "sell");
            j.str("id", c.id);
            j.str("train", c.train);
            j.str("date", c.date);
            j.str("from", c.from);
            j.str("to", c.to);
            j.str("class", c.travelClass);
            j.openArray("passengers");
            for (const auto& p : c.passengers)
                j.item(p);
            j.closeArray();
            if (!c.seats.empty()) {
                j.openArray("seats");
                for (const auto& s : c.seats)
                    j.item(s);
                j.closeArray();
            }
            break;
        case Op::Pay:
            j.str("op", "pay");
            j.str("id", c.id);
            break;
        case Op::Prepay:
            j.str("op", "prepay");
            j.str("id", c.id);
            break;
        case Op::Waitlist:
            j.str("op", "waitlist");
            j.str("id", c.id);
            j.str("user", c.user);
            j.openArray("passengers");
            for (const auto& p : c.passengers)
                j.item(p);
            j.closeArray();
            j.str("from", c.from);
            j.str("to", c.to);
            j.openArray("options");
            for (const OptionSpec& o : c.options) {
                j.open();
                j.str("train", o.train);
                j.str("date", o.date);
                j.str("class", o.travelClass);
                j.close();
            }
            j.closeArray();
            break;
        case Op::Release:
            j.str("op", "release");
            j.str("train", c.train);
            j.str("date", c.date);
            j.str("seat", c.seat);
            j.str("from", c.from);
            j.str("to", c.to);
            j.str("reason", c.reason);
            break;
        case Op::Refund:
            j.str("op", "refund");
            if (c.ticket.empty())
                j.str("id", c.id);
            else
                j.str("ticket", c.ticket);
            break;
        default:
            throw std::logic_error("toJson: op not used by the workload");
    }
    j.close();
    return out;
}

}  // namespace houbu::bench
