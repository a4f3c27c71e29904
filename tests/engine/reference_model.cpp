#include "reference_model.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonValue>
#include <algorithm>
#include <cmath>
#include <functional>
#include <tuple>

namespace houbu::reftest {

namespace {

// When true, the model also checks the seat-choice rules of engine-rules.md
// (best-fit, prefer, group adjacency tiers) instead of accepting any free seat.
constexpr bool kCheckSeatChoice = true;

QString L(const char* s) {
    return QString::fromLatin1(s);
}
QJsonValue jv(const QJsonObject& o, const char* key) {
    return o.value(QLatin1String(key));
}
QString js(const QJsonObject& o, const char* key) {
    return o.value(QLatin1String(key)).toString();
}
bool has(const QJsonObject& o, const char* key) {
    return o.contains(QLatin1String(key));
}
QString compact(const QJsonObject& o) {
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}
QString codes(const QSet<QString>& set) {
    QStringList list(set.begin(), set.end());
    list.sort();
    return list.join(QLatin1Char(','));
}

std::int64_t daysFromCivil(std::int64_t y, unsigned m, unsigned d) {
    y -= m <= 2 ? 1 : 0;
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const auto yoe = unsigned(y - era * 400);
    const unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + std::int64_t(doe) - 719468;
}

void civilFromDays(std::int64_t z, std::int64_t& y, unsigned& m, unsigned& d) {
    z += 719468;
    const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const auto doe = unsigned(z - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    y = std::int64_t(yoe) + era * 400;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    d = doy - (153 * mp + 2) / 5 + 1;
    m = mp < 10 ? mp + 3 : mp - 9;
    y += m <= 2 ? 1 : 0;
}

const std::int64_t kDay2000 = daysFromCivil(2000, 1, 1);

int digits(const QString& s, int pos, int n) {
    int v = 0;
    for (int i = pos; i < pos + n; ++i) {
        if (i >= s.size() || !s.at(i).isDigit() || s.at(i).unicode() > '9') return -1;
        v = v * 10 + (s.at(i).unicode() - '0');
    }
    return v;
}

bool matchesPrefer(QChar letter, const QString& prefer) {
    if (prefer.isEmpty()) return false;
    if (prefer == QLatin1String("window"))
        return letter == QLatin1Char('A') || letter == QLatin1Char('F');
    if (prefer == QLatin1String("aisle"))
        return letter == QLatin1Char('C') || letter == QLatin1Char('D');
    return prefer.size() == 1 && prefer.at(0) == letter;
}

QString seatLabel(int car, int row, QChar letter) {
    return QStringLiteral("%1-%2%3")
        .arg(car, 2, 10, QLatin1Char('0'))
        .arg(row, 2, 10, QLatin1Char('0'))
        .arg(letter);
}

// Input seat labels may omit the row's leading zero: "03-1A" == "03-01A".
QString normalizeSeat(const QString& text) {
    const int dash = text.indexOf(QLatin1Char('-'));
    if (dash != 2 || text.size() < 5 || text.size() > 6) return text;
    const int car = digits(text, 0, 2);
    const int rowLen = text.size() - 4;
    const int row = digits(text, 3, rowLen);
    const QChar letter = text.at(text.size() - 1);
    if (car < 0 || row < 0 || letter < QLatin1Char('A') || letter > QLatin1Char('Z')) return text;
    return seatLabel(car, row, letter);
}

const char* ticketStatusName(TicketStatus s) {
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
    return "?";
}

const char* orderStatusName(OrderStatus s) {
    switch (s) {
        case OrderStatus::Awaiting:
            return "awaiting prepayment";
        case OrderStatus::Queued:
            return "queued";
        case OrderStatus::Served:
            return "served";
        case OrderStatus::CancelledUser:
            return "cancelled by user";
        case OrderStatus::PrepayTimeout:
            return "prepayment timed out";
        case OrderStatus::Expired:
            return "expired";
        case OrderStatus::Failed:
            return "failed";
    }
    return "?";
}

}  // namespace

// ---------------------------------------------------------------- time

std::optional<std::int64_t> refParseDate(const QString& text) {
    if (text.size() != 10 || text.at(4) != QLatin1Char('-') || text.at(7) != QLatin1Char('-'))
        return std::nullopt;
    const int y = digits(text, 0, 4), m = digits(text, 5, 2), d = digits(text, 8, 2);
    if (y < 0 || m < 1 || m > 12 || d < 1) return std::nullopt;
    static const int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    int dim = kDays[m - 1];
    if (m == 2 && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0)) dim = 29;
    if (d > dim) return std::nullopt;
    return daysFromCivil(y, unsigned(m), unsigned(d)) - kDay2000;
}

std::optional<int> refParseClock(const QString& text) {
    if (text.size() != 5 || text.at(2) != QLatin1Char(':')) return std::nullopt;
    const int h = digits(text, 0, 2), m = digits(text, 3, 2);
    if (h < 0 || h > 23 || m < 0 || m > 59) return std::nullopt;
    return h * 60 + m;
}

std::optional<RefTime> refParseTime(const QString& text) {
    if (text.size() != 16 && text.size() != 19) return std::nullopt;
    if (text.at(10) != QLatin1Char('T')) return std::nullopt;
    const auto day = refParseDate(text.left(10));
    const auto hm = refParseClock(text.mid(11, 5));
    if (!day || !hm) return std::nullopt;
    int sec = 0;
    if (text.size() == 19) {
        if (text.at(16) != QLatin1Char(':')) return std::nullopt;
        sec = digits(text, 17, 2);
        if (sec < 0 || sec > 59) return std::nullopt;
    }
    return *day * 86400 + RefTime(*hm) * 60 + sec;
}

QString refFormatDate(std::int64_t day) {
    std::int64_t y = 0;
    unsigned m = 0, d = 0;
    civilFromDays(day + kDay2000, y, m, d);
    return QStringLiteral("%1-%2-%3")
        .arg(int(y), 4, 10, QLatin1Char('0'))
        .arg(int(m), 2, 10, QLatin1Char('0'))
        .arg(int(d), 2, 10, QLatin1Char('0'));
}

QString refFormatTime(RefTime t) {
    std::int64_t day = t / 86400;
    std::int64_t rest = t % 86400;
    if (rest < 0) {
        rest += 86400;
        --day;
    }
    QString s = refFormatDate(day) + QLatin1Char('T') +
                QStringLiteral("%1:%2")
                    .arg(int(rest / 3600), 2, 10, QLatin1Char('0'))
                    .arg(int(rest / 60 % 60), 2, 10, QLatin1Char('0'));
    if (rest % 60 != 0) s += QStringLiteral(":%1").arg(int(rest % 60), 2, 10, QLatin1Char('0'));
    return s;
}

// ---------------------------------------------------------------- runs

int RefRun::stationIndex(const QString& station) const {
    for (int i = 0; i < int(stops.size()); ++i)
        if (stops[size_t(i)].station == station) return i;
    return -1;
}

int RefRun::seatIndex(const QString& label) const {
    for (int i = 0; i < int(seats.size()); ++i)
        if (seats[size_t(i)].label == label) return i;
    return -1;
}

bool RefRun::hasClass(const QString& cls) const {
    return std::any_of(seats.begin(), seats.end(), [&](const RefSeat& s) { return s.cls == cls; });
}

QStringList RefRun::classes() const {
    QStringList out;
    for (const auto& s : seats)
        if (!out.contains(s.cls)) out << s.cls;
    return out;
}

int RefRun::standingFree(const QString& cls, int from, int to) const {
    const auto p = standingPlaces.find(cls);
    if (p == standingPlaces.end()) return 0;
    const auto l = standingLoad.find(cls);
    int free = p->second;
    for (int i = from; i < to; ++i)
        free = std::min(free, p->second - (l == standingLoad.end() ? 0 : l->second[size_t(i)]));
    return free;
}

bool RefRun::hasStanding() const {
    return std::any_of(standingPlaces.begin(), standingPlaces.end(),
                       [](const auto& p) { return p.second > 0; });
}

QString ReferenceModel::runKey(const QString& train, const QString& date) {
    return train + QLatin1Char('|') + date;
}

std::uint64_t ReferenceModel::intervalMask(int from, int to) {
    std::uint64_t m = 0;
    for (int i = from; i < to; ++i)
        m |= std::uint64_t(1) << i;
    return m;
}

bool ReferenceModel::seatFree(const RefSeat& seat, int from, int to) {
    return (seat.mask & intervalMask(from, to)) == 0;
}

int ReferenceModel::freeCount(const RefRun& run, const QString& cls, int from, int to) const {
    int n = 0;
    for (const auto& s : run.seats)
        if (s.cls == cls && seatFree(s, from, to)) ++n;
    return n;
}

std::optional<RefTime> ReferenceModel::optionDeparture(const RefOrder& order,
                                                       const RefOption& option) const {
    auto it = runs_.find(option.run);
    if (it == runs_.end()) return std::nullopt;
    const int f = it->second.stationIndex(order.from);
    if (f < 0) return std::nullopt;
    return it->second.stops[size_t(f)].departure();
}

std::optional<RefTime> ReferenceModel::orderCutoff(const RefOrder& order) const {
    std::optional<RefTime> cut;
    for (const auto& opt : order.options) {
        const auto d = optionDeparture(order, opt);
        if (!d) return std::nullopt;
        if (!cut || *d > *cut) cut = d;
    }
    return cut;
}

bool ReferenceModel::optionDeparted(const RefOrder& order, const RefOption& option,
                                    RefTime now) const {
    const auto d = optionDeparture(order, option);
    return d && *d <= now;
}

std::vector<std::pair<RefTime, QString>> ReferenceModel::liveTimers() const {
    std::vector<std::pair<RefTime, QString>> out;
    for (const auto& [id, t] : tickets_)
        if (t.status == TicketStatus::Held)
            out.emplace_back(t.payBy, QStringLiteral("hold of ticket %1").arg(id));
    for (const auto& [id, o] : orders_) {
        if (o.status == OrderStatus::Awaiting) {
            out.emplace_back(o.payBy, QStringLiteral("prepayment timeout of order %1").arg(id));
        } else if (o.status == OrderStatus::Queued) {
            std::optional<RefTime> due = o.deadline;
            const auto cut = orderCutoff(o);
            if (cut && (!due || *cut < *due)) due = cut;
            if (due) out.emplace_back(*due, QStringLiteral("expiry of order %1").arg(id));
        }
    }
    return out;
}

bool ReferenceModel::hasRoom(const RefOrder& order, const RefOption& option) const {
    auto it = runs_.find(option.run);
    if (it == runs_.end()) return false;
    const int f = it->second.stationIndex(order.from), t = it->second.stationIndex(order.to);
    if (f < 0 || t < 0 || f >= t) return false;
    const int n = int(order.passengers.size());
    if (freeCount(it->second, option.cls, f, t) >= n) return true;
    if (order.seatChange > 0 &&
        fewestChanges(it->second, option.cls, f, t, n, order.seatChange) >= 0)
        return true;
    return order.acceptStanding && it->second.standingFree(option.cls, f, t) >= n;
}

namespace {

// Seats passengers one after another, each on every chain the free masks allow
// (a leg may end at any stop its seat stays free up to), within `budget`
// changes in all. States already seen to fail are remembered.
class ChainTrial {
  public:
    ChainTrial(std::vector<std::uint64_t> masks, int from, int to, int changes)
        : masks_(std::move(masks)), from_(from), to_(to), changes_(changes) {}

    bool seat(int n, int budget) {
        if (n == 0) return true;
        std::vector<std::uint64_t> key;
        for (std::uint64_t m : masks_)
            key.push_back(m & ReferenceModel::intervalMask(from_, to_));
        std::sort(key.begin(), key.end());
        key.push_back(std::uint64_t(n) << 32 | std::uint64_t(budget));
        if (failed_.count(key)) return false;
        if (leg(from_, 0, n, budget)) return true;
        failed_.insert(key);
        return false;
    }

  private:
    bool leg(int at, int used, int n, int budget) {
        for (std::size_t i = 0; i < masks_.size(); ++i) {
            for (int end = at + 1; end <= to_; ++end) {
                const std::uint64_t m = ReferenceModel::intervalMask(at, end);
                if (masks_[i] & m) break;
                masks_[i] |= m;
                const bool ok =
                    end == to_ ? seat(n - 1, budget - used)
                               : used < changes_ && used < budget && leg(end, used + 1, n, budget);
                masks_[i] &= ~m;
                if (ok) return true;
            }
        }
        return false;
    }

    std::vector<std::uint64_t> masks_;
    int from_, to_, changes_;
    std::set<std::vector<std::uint64_t>> failed_;
};

}  // namespace

int refFewestChanges(const std::vector<std::uint64_t>& held, int from, int to, int n, int changes) {
    for (int budget = 0; budget <= n * changes; ++budget)
        if (ChainTrial(held, from, to, changes).seat(n, budget)) return budget;
    return -1;
}

int refSeatCost(std::uint64_t held, int from, int to, int segments, int seatChanges) {
    int l = from;
    while (l > 0 && !(held & (std::uint64_t(1) << (l - 1))))
        --l;
    int r = to;
    while (r < segments && !(held & (std::uint64_t(1) << r)))
        ++r;
    const int before = from - l, after = r - to;
    if (seatChanges == 0) return before + after;
    // Pieces weigh more than any length, also summed over a group (at most 9
    // seats of at most 63 segments); then longer is better.
    return 1000 * (int(before > 0) + int(after > 0)) - before - after;
}

int refCheapestChain(const std::vector<std::uint64_t>& held, int from, int to, int legs,
                     int segments, int seatChanges) {
    constexpr int kNone = 1 << 20;
    auto cheapest = [&](int a, int b) {
        const std::uint64_t span = ((std::uint64_t(1) << b) - 1) ^ ((std::uint64_t(1) << a) - 1);
        int best = kNone;
        for (std::uint64_t m : held)
            if (!(m & span)) best = std::min(best, refSeatCost(m, a, b, segments, seatChanges));
        return best;
    };
    int best = kNone;
    // Every way to cut [from, to) into `legs` legs.
    std::vector<int> cuts(size_t(legs) + 1, from);
    cuts.back() = to;
    std::function<void(int)> place = [&](int k) {
        if (k == legs) {
            int total = 0;
            for (int i = 0; i < legs && total < kNone; ++i)
                total += cheapest(cuts[size_t(i)], cuts[size_t(i) + 1]);
            best = std::min(best, total);
            return;
        }
        for (int c = cuts[size_t(k) - 1] + 1; c <= to - (legs - k); ++c) {
            cuts[size_t(k)] = c;
            place(k + 1);
        }
    };
    place(1);
    return best < kNone ? best : -1;
}

int ReferenceModel::fewestChanges(const RefRun& run, const QString& cls, int from, int to, int n,
                                  int changes) const {
    std::vector<std::uint64_t> masks;
    for (const RefSeat& seat : run.seats)
        if (seat.cls == cls) masks.push_back(seat.mask);
    return refFewestChanges(masks, from, to, n, changes);
}

// One passenger's chain costs the least of any with as many legs.
bool ReferenceModel::chainIsCheapest(const RefRun& run, const QString& cls,
                                     const std::vector<RefLeg>& legs, int seatChanges) const {
    if (options_.firstFit) return true;
    std::vector<std::uint64_t> held;
    for (const RefSeat& seat : run.seats)
        if (seat.cls == cls) held.push_back(seat.mask);
    int chosen = 0;
    for (const RefLeg& leg : legs)
        chosen += seatCost(run, run.seats[size_t(run.seatIndex(leg.seat))], leg.from, leg.to,
                           seatChanges);
    return chosen <= refCheapestChain(held, legs.front().from, legs.back().to, int(legs.size()),
                                      run.segments(), seatChanges);
}

int ReferenceModel::orderConflict(const RefOrder& order, const RefOption& option,
                                  QString* first) const {
    auto it = runs_.find(option.run);
    if (it == runs_.end()) return 0;
    const int f = it->second.stationIndex(order.from), t = it->second.stationIndex(order.to);
    if (f < 0 || t < 0 || f >= t) return 0;
    int worst = 0;
    for (const QString& name : order.passengers) {
        const int c = passengerConflict(name, it->second, f, t, QString());
        if (c > 0 && first && first->isEmpty()) *first = name;
        worst = std::max(worst, c);
    }
    return worst;
}

// Version 2: room, and no passenger travelling at an overlapping time (兑现失败).
bool ReferenceModel::servable(const RefOrder& order, const RefOption& option) const {
    return hasRoom(order, option) && orderConflict(order, option) == 0;
}

int ReferenceModel::queuedPassengers(const QString& run, const QString& cls) const {
    int n = 0;
    for (const auto& [id, o] : orders_) {
        if (o.status != OrderStatus::Queued) continue;
        if (std::any_of(o.options.begin(), o.options.end(),
                        [&](const RefOption& p) { return p.run == run && p.cls == cls; }))
            n += int(o.passengers.size());
    }
    return n;
}

bool ReferenceModel::queuedBefore(const RefOrder& a, const RefOrder& b) const {
    if (a.effective != b.effective) return a.effective < b.effective;
    return a.submitIndex < b.submitIndex;
}

int ReferenceModel::seatCost(const RefRun& run, const RefSeat& seat, int from, int to,
                             int seatChanges) const {
    if (options_.firstFit) return 0;  // first-fit: every seat costs the same, seat order decides
    return refSeatCost(seat.mask, from, to, run.segments(), seatChanges);
}

bool ReferenceModel::occupy(RefRun& run, const QString& seat, int from, int to, const QString& kind,
                            const QString& holder, const QString& passenger) {
    const int i = run.seatIndex(seat);
    if (i < 0)
        return fail(
            L("unknown_seat_in_event"),
            QStringLiteral("seat %1 is not on run %2").arg(seat, runKey(run.train, run.date)));
    RefSeat& s = run.seats[size_t(i)];
    const std::uint64_t m = intervalMask(from, to);
    if (s.mask & m) {
        QStringList holders;
        for (const auto& o : s.occ)
            if (intervalMask(o.from, o.to) & m)
                holders << QStringLiteral("%1 %2 %3->%4")
                               .arg(o.kind, o.holder, run.stops[size_t(o.from)].station,
                                    run.stops[size_t(o.to)].station);
        return fail(
            L("double_occupancy"),
            QStringLiteral("%1 takes seat %2 %3->%4 on %5, which is already held by %6")
                .arg(holder, seat, run.stops[size_t(from)].station, run.stops[size_t(to)].station,
                     runKey(run.train, run.date), holders.join(QLatin1String("; "))));
    }
    s.occ.push_back(RefOcc{from, to, kind, holder, passenger});
    s.mask |= m;
    return true;
}

bool ReferenceModel::vacate(RefRun& run, const QString& seat, const QString& holder, int from,
                            int to) {
    const int i = run.seatIndex(seat);
    if (i < 0) return fail(L("model"), QStringLiteral("vacate: no seat %1").arg(seat));
    RefSeat& s = run.seats[size_t(i)];
    // A ticket on several seats may hold one seat twice: the leg of that interval goes.
    auto it = std::find_if(s.occ.begin(), s.occ.end(), [&](const RefOcc& o) {
        return o.holder == holder && (from < 0 || (o.from == from && o.to == to));
    });
    if (it == s.occ.end())
        return fail(L("model"), QStringLiteral("vacate: %1 does not hold %2").arg(holder, seat));
    s.occ.erase(it);
    s.mask = 0;
    for (const auto& o : s.occ)
        s.mask |= intervalMask(o.from, o.to);
    return true;
}

int ReferenceModel::passengerConflict(const QString& name, const RefRun& run, int from, int to,
                                      const QString& exceptTicket) const {
    int worst = 0;
    const auto s1 = run.stops[size_t(from)].departure();
    const auto e1 = run.stops[size_t(to)].arrival();
    for (const auto& [id, t] : tickets_) {
        if (t.passenger != name || id == exceptTicket) continue;
        if (t.status != TicketStatus::Held && t.status != TicketStatus::Paid) continue;
        const RefRun& r2 = runs_.at(t.run);
        const auto s2 = r2.stops[size_t(t.from)].departure();
        const auto e2 = r2.stops[size_t(t.to)].arrival();
        if (!s1 || !e1 || !s2 || !e2) {
            if (t.run == runKey(run.train, run.date) && t.from < to && from < t.to) worst = 2;
            continue;
        }
        if (*s1 < *e2 && *s2 < *e1)
            worst = 2;
        else if (*s1 <= *e2 && *s2 <= *e1)
            worst = std::max(worst, 1);
    }
    return worst;
}

// ---------------------------------------------------------------- framework

void ReferenceModel::note(const QString& what) {
    ++notes_[what];
}

bool ReferenceModel::fail(const QString& tag, const QString& message) {
    if (tolerated_.contains(tag)) {
        ++toleratedCounts_[tag];
        return true;
    }
    if (!failure_) failure_ = Failure{tag, message};
    return false;
}

const QJsonObject* ReferenceModel::peek() const {
    return pos_ < ev_.size() ? &ev_[pos_] : nullptr;
}

QString ReferenceModel::peekKind() const {
    const QJsonObject* e = peek();
    return e ? js(*e, "event") : QString();
}

RefTime ReferenceModel::evAt(const QJsonObject& e) const {
    return refParseTime(js(e, "at")).value_or(-1);
}

std::optional<ReferenceModel::Failure> ReferenceModel::checkPreview(
    const QJsonObject& command, int lineNumber, const QList<QJsonObject>& events) {
    const QJsonValue flag = command.value(L("dry_run"));
    const QString op = command.value(L("op")).toString();
    const bool query =
        op == L("position") || op == L("availability") || op == L("seatmap") || op == L("forecast");
    QJsonObject plain = command;
    plain.remove(L("dry_run"));
    const QByteArray plainLine = QJsonDocument(plain).toJson(QJsonDocument::Compact);
    if (flag.isBool() && !flag.toBool()) return check(plainLine, lineNumber, events);
    if (!flag.isBool() || query) {
        // Refused by the parser, naming the field: one bad_command, nothing else.
        const bool named = events.size() == 1 && js(events[0], "event") == L("error") &&
                           js(events[0], "code") == L("bad_command") &&
                           js(events[0], "message").contains(L("dry_run")) &&
                           jv(events[0], "seq").toInteger() == lastSeq_ + 1;
        if (!named)
            return Failure{L("dry_run_refused"),
                           QStringLiteral("line %1: a bad `dry_run` must be one bad_command naming "
                                          "it, got %2 events")
                               .arg(lineNumber)
                               .arg(events.size())};
        lastSeq_ = jv(events[0], "seq").toInteger();
        return std::nullopt;
    }
    // A line that is not a valid command is bad_command, unmarked: nothing was previewed.
    if (events.size() == 1 && js(events[0], "code") == L("bad_command") &&
        !events[0].contains(L("dry_run"))) {
        ReferenceModel scratch = *this;
        if (auto f = scratch.check(plainLine, lineNumber, events))
            return Failure{L("dry_run/") + f->tag, L("malformed preview: ") + f->message};
        lastSeq_ = scratch.lastSeq_;
        return std::nullopt;
    }
    QList<QJsonObject> asApplied;
    for (const QJsonObject& e : events) {
        if (jv(e, "dry_run") != QJsonValue(true))
            return Failure{L("dry_run_mark"),
                           QStringLiteral("line %1: preview event %2 is not marked dry_run")
                               .arg(lineNumber)
                               .arg(compact(e))};
        QJsonObject bare = e;
        bare.remove(L("dry_run"));
        asApplied << bare;
    }
    ReferenceModel scratch = *this;
    if (auto f = scratch.check(plainLine, lineNumber, asApplied))
        return Failure{L("dry_run/") + f->tag, L("preview: ") + f->message};
    lastSeq_ = scratch.lastSeq_;  // a preview's events are numbered; nothing else remains
    return std::nullopt;
}

std::optional<ReferenceModel::Failure> ReferenceModel::check(const QByteArray& line, int lineNumber,
                                                             const QList<QJsonObject>& events) {
    {
        const QJsonDocument doc = QJsonDocument::fromJson(line);
        if (doc.isObject() && doc.object().contains(L("dry_run")))
            return checkPreview(doc.object(), lineNumber, events);
    }
    failure_.reset();
    ev_ = events;
    pos_ = 0;
    lineNo_ = lineNumber;
    pending_.clear();
    released_.clear();
    carAddedRuns_.clear();
    madeEffective_.clear();
    prepayOnly_.clear();
    addedNow_.clear();
    noteCtx_.clear();
    effectReleased_.clear();
    effectCars_.clear();
    effectOrder_.clear();
    commandFailed_ = false;
    for (const auto& e : ev_) {
        const QJsonValue seq = jv(e, "seq");
        if (!seq.isDouble() || seq.toInteger() != lastSeq_ + 1)
            fail(L("seq"),
                 QStringLiteral("event %1: seq should be %2").arg(compact(e)).arg(lastSeq_ + 1));
        lastSeq_ = seq.toInteger();
        if (!jv(e, "line").isDouble() || jv(e, "line").toInteger() != lineNumber)
            fail(L("line"),
                 QStringLiteral("event %1: line should be %2").arg(compact(e)).arg(lineNumber));
        const auto at = refParseTime(js(e, "at"));
        if (!at) {
            fail(L("at"), QStringLiteral("event %1: bad `at`").arg(compact(e)));
        } else {
            if (*at < lastAt_)
                fail(L("at_order"), QStringLiteral("event %1: `at` goes back from %2")
                                        .arg(compact(e), refFormatTime(lastAt_)));
            lastAt_ = *at;
        }
        if (!jv(e, "event").isString())
            fail(L("event"), QStringLiteral("event %1 has no `event` name").arg(compact(e)));
    }
    if (!failure_) processLine(line);
    if (!failure_ && pos_ < ev_.size())
        fail(L("unexpected_event"), QStringLiteral("unexpected event %1").arg(compact(ev_[pos_])));
    // Standing load never exceeds the places (nor goes below zero) on any segment.
    for (const auto& [key, run] : runs_) {
        if (failure_) break;
        for (const auto& [cls, load] : run.standingLoad) {
            const auto p = run.standingPlaces.find(cls);
            const int places = p == run.standingPlaces.end() ? 0 : p->second;
            for (size_t i = 0; i < load.size(); ++i)
                if (load[i] < 0 || load[i] > places) {
                    fail(L("standing_load"),
                         QStringLiteral("%1 %2: %3 standing on segment %4, %5 places")
                             .arg(key, cls)
                             .arg(load[i])
                             .arg(i)
                             .arg(places));
                    break;
                }
        }
    }
    return failure_;
}

void ReferenceModel::expectSingleError(const QString& code, const QString& field, RefTime at) {
    pos_ = int(ev_.size());
    if (ev_.size() != 1 || js(ev_[0], "event") != QLatin1String("error")) {
        fail(L("expected_") + code,
             QStringLiteral("expected exactly one error event with code %1").arg(code));
        return;
    }
    const QJsonObject& e = ev_[0];
    if (js(e, "code") != code) {
        fail(L("expected_") + code,
             QStringLiteral("expected error code %1, got %2").arg(code, js(e, "code")));
        return;
    }
    if (evAt(e) != at)
        fail(L("event_time"),
             QStringLiteral("error event `at` should be the clock %1").arg(refFormatTime(at)));
    if (!field.isEmpty() && !js(e, "message").contains(field))
        fail(L("message"),
             QStringLiteral("bad_command message should name the field `%1`").arg(field));
}

std::optional<QString> ReferenceModel::validate(const QJsonObject& o) const {
    auto isStr = [&](const char* k) { return jv(o, k).isString(); };
    auto isInt = [&](const char* k) {
        const QJsonValue v = jv(o, k);
        return v.isDouble() && v.toDouble() == std::floor(v.toDouble());
    };
    auto req = [&](std::initializer_list<const char*> keys) -> std::optional<QString> {
        for (const char* k : keys)
            if (!isStr(k)) return L(k);
        return std::nullopt;
    };
    auto passengers = [&](int most) -> std::optional<QString> {
        const QJsonValue v = jv(o, "passengers");
        if (!v.isArray()) return L("passengers");
        const QJsonArray a = v.toArray();
        if (a.isEmpty() || a.size() > most) return L("passengers");
        for (const auto& x : a)
            if (!x.isString()) return L("passengers");
        return std::nullopt;
    };
    auto prefer = [&]() -> std::optional<QString> {
        if (!has(o, "prefer")) return std::nullopt;
        if (!isStr("prefer")) return L("prefer");
        const QString p = js(o, "prefer");
        if (p == QLatin1String("window") || p == QLatin1String("aisle")) return std::nullopt;
        if (p.size() == 1 && p.at(0) >= QLatin1Char('A') && p.at(0) <= QLatin1Char('Z'))
            return std::nullopt;
        return L("prefer");
    };
    auto layoutOk = [](const QString& layout) {
        if (layout.isEmpty() || layout.size() > 26) return false;
        for (int i = 0; i < layout.size(); ++i) {
            if (layout.at(i) < QLatin1Char('A') || layout.at(i) > QLatin1Char('Z')) return false;
            if (layout.indexOf(layout.at(i)) != i) return false;
        }
        return true;
    };
    auto carOk = [](const QJsonValue& v) {
        if (v.isDouble())
            return v.toDouble() >= 1 && v.toDouble() <= 99 &&
                   v.toDouble() == std::floor(v.toDouble());
        if (!v.isString()) return false;
        bool ok = false;
        const int n = v.toString().toInt(&ok);
        return ok && n >= 1 && n <= 99;
    };
    auto rowsOk = [](const QJsonValue& v) {
        return v.isDouble() && v.toDouble() >= 1 && v.toDouble() <= 99 &&
               v.toDouble() == std::floor(v.toDouble());
    };
    auto wholeAtLeast = [](const QJsonValue& v, double lo) {
        return v.isDouble() && v.toDouble() >= lo && v.toDouble() == std::floor(v.toDouble());
    };
    auto flagOk = [&](const char* k) { return !has(o, k) || jv(o, k).isBool(); };

    if (!isStr("op")) return L("op");
    if (has(o, "at") && (!isStr("at") || !refParseTime(js(o, "at")))) return L("at");
    if (has(o, "id") && !isStr("id")) return L("id");
    const QString op = js(o, "op");
    if (op == QLatin1String("train")) {
        if (auto r = req({"train", "date"})) return r;
        if (!jv(o, "stops").isArray()) return L("stops");
        const QJsonArray stops = jv(o, "stops").toArray();
        if (stops.size() < 2 || stops.size() > 64) return L("stops");
        double lastKm = 0;
        for (int i = 0; i < stops.size(); ++i) {
            if (!stops[i].isObject()) return L("stops");
            const QJsonObject s = stops[i].toObject();
            if (!jv(s, "station").isString()) return L("station");
            if (!jv(s, "km").isDouble()) return L("km");
            if (i > 0 && jv(s, "km").toDouble() <= lastKm) return L("km");
            lastKm = jv(s, "km").toDouble();
            for (const char* k : {"arr", "dep"})
                if (has(s, k) && (!jv(s, k).isString() || !refParseClock(js(s, k)))) return L(k);
        }
        if (!jv(o, "cars").isArray() || jv(o, "cars").toArray().isEmpty()) return L("cars");
        for (const auto& c : jv(o, "cars").toArray()) {
            if (!c.isObject()) return L("cars");
            const QJsonObject co = c.toObject();
            if (!carOk(jv(co, "car"))) return L("car");
            if (!jv(co, "class").isString()) return L("class");
            if (!rowsOk(jv(co, "rows"))) return L("rows");
            if (!jv(co, "layout").isString() || !layoutOk(js(co, "layout"))) return L("layout");
        }
        if (has(o, "fares")) {
            if (!jv(o, "fares").isObject()) return L("fares");
            for (const auto& v : jv(o, "fares").toObject())
                if (!v.isDouble()) return L("fares");
        }
        if (has(o, "hold_minutes") && !isInt("hold_minutes")) return L("hold_minutes");
        if (has(o, "policy") && js(o, "policy") != QLatin1String("complete") &&
            js(o, "policy") != QLatin1String("exact"))
            return L("policy");
        if (has(o, "standing")) {
            // {class: N}: each a class with a car on the run, N a whole number >= 0.
            if (!jv(o, "standing").isObject()) return L("standing");
            const QJsonObject st = jv(o, "standing").toObject();
            for (auto it = st.begin(); it != st.end(); ++it) {
                bool known = false;
                for (const auto& c : jv(o, "cars").toArray())
                    known = known || js(c.toObject(), "class") == it.key();
                if (!known || !wholeAtLeast(it.value(), 0)) return L("standing");
            }
        }
        if (!flagOk("added")) return L("added");
        return std::nullopt;
    }
    if (op == QLatin1String("add_car")) {
        if (auto r = req({"train", "date", "class"})) return r;
        if (!carOk(jv(o, "car"))) return L("car");
        if (!rowsOk(jv(o, "rows"))) return L("rows");
        if (!isStr("layout") || !layoutOk(js(o, "layout"))) return L("layout");
        if (has(o, "standing") && !wholeAtLeast(jv(o, "standing"), 0)) return L("standing");
        return std::nullopt;
    }
    if (op == QLatin1String("sell")) {
        if (auto r = req({"id", "train", "date", "from", "to", "class"})) return r;
        if (auto r = passengers(5)) return r;
        if (auto r = prefer()) return r;
        if (!flagOk("standing")) return L("standing");
        if (jv(o, "standing").toBool()) {  // a standing ticket has no seat to name or prefer
            if (has(o, "seats")) return L("seats");
            if (has(o, "prefer")) return L("prefer");
        }
        if (has(o, "seats")) {
            if (!jv(o, "seats").isArray()) return L("seats");
            const QJsonArray a = jv(o, "seats").toArray();
            if (a.size() != jv(o, "passengers").toArray().size()) return L("seats");
            for (const auto& x : a)
                if (!x.isString()) return L("seats");
        }
        return std::nullopt;
    }
    if (op == QLatin1String("pay") || op == QLatin1String("prepay") ||
        op == QLatin1String("cancel") || op == QLatin1String("position"))
        return req({"id"});
    if (op == QLatin1String("refund")) {
        if (has(o, "ticket"))
            return isStr("ticket") ? std::nullopt : std::optional<QString>(L("ticket"));
        if (has(o, "id")) return std::nullopt;
        return L("ticket");
    }
    if (op == QLatin1String("reschedule")) {
        if (auto r = req({"ticket", "id", "train", "date", "from", "to", "class"})) return r;
        return prefer();
    }
    if (op == QLatin1String("block")) {
        if (auto r = req({"id", "train", "date", "from", "to", "class"})) return r;
        if (has(o, "count")) {
            if (!isInt("count") || jv(o, "count").toDouble() < 1) return L("count");
            return std::nullopt;
        }
        if (has(o, "seats")) {
            if (!jv(o, "seats").isArray() || jv(o, "seats").toArray().isEmpty()) return L("seats");
            for (const auto& x : jv(o, "seats").toArray())
                if (!x.isString()) return L("seats");
            return std::nullopt;
        }
        return L("count");
    }
    if (op == QLatin1String("release")) {
        if (has(o, "id")) return std::nullopt;
        if (auto r = req({"train", "date", "seat", "from", "to", "reason"})) return r;
        static const char* kReasons[] = {"refund", "timeout", "reschedule", "quota"};
        for (const char* r : kReasons)
            if (js(o, "reason") == QLatin1String(r)) return std::nullopt;
        return L("reason");
    }
    if (op == QLatin1String("waitlist")) {
        if (auto r = req({"id", "user", "from", "to"})) return r;
        if (auto r = passengers(9)) return r;
        if (!jv(o, "options").isArray() || jv(o, "options").toArray().isEmpty())
            return L("options");
        std::map<QString, int> perDate;
        for (const auto& x : jv(o, "options").toArray()) {
            if (!x.isObject()) return L("options");
            const QJsonObject opt = x.toObject();
            for (const char* k : {"train", "date", "class"})
                if (!jv(opt, k).isString()) return L(k);
            ++perDate[js(opt, "date")];
        }
        if (has(o, "deadline") && (!isStr("deadline") || !refParseTime(js(o, "deadline"))))
            return L("deadline");
        if (!flagOk("accept_standing")) return L("accept_standing");
        if (has(o, "seat_change")) {
            const QJsonValue v = jv(o, "seat_change");
            if (!v.isDouble() || v.toDouble() != std::floor(v.toDouble()) || v.toDouble() < 0 ||
                v.toDouble() > 2)
                return L("seat_change");
        }
        if (has(o, "new_trains")) {
            if (!jv(o, "new_trains").isObject()) return L("new_trains");
            const QJsonObject w = jv(o, "new_trains").toObject();
            const auto from = refParseTime(js(w, "from")), to = refParseTime(js(w, "to"));
            if (!from) return L("from");
            if (!to || *to < *from) return L("to");
            if (has(w, "classes")) {
                if (!jv(w, "classes").isArray() || jv(w, "classes").toArray().isEmpty())
                    return L("classes");
                QStringList seen;
                for (const auto& c : jv(w, "classes").toArray()) {
                    if (!c.isString() || seen.contains(c.toString())) return L("classes");
                    seen << c.toString();
                }
            }
        }
        // The limits of `configure` (version 1's by default): bad_command, naming them.
        // Not for the same command again: that is a no-op answered `duplicate`, and a limit
        // lowered later does not touch existing orders.
        if (has(o, "id")) {
            const auto same = ids_.find(js(o, "id"));
            QJsonObject body = o;
            body.remove(QLatin1String("at"));
            if (same != ids_.end() && same->second == body) {
                limitRetry_ = true;
                return std::nullopt;
            }
        }
        const RefLimits& lim = limits_;
        if (lim.passengers && jv(o, "passengers").toArray().size() > *lim.passengers)
            return L("passengers");
        if (lim.dates && int(perDate.size()) > *lim.dates) return L("options");
        for (const auto& [d, n] : perDate)
            if (lim.optionsPerDate && n > *lim.optionsPerDate) return L("options");
        if (lim.options && jv(o, "options").toArray().size() > *lim.options) return L("options");
        return std::nullopt;
    }
    if (op == QLatin1String("configure")) {
        if (!jv(o, "limits").isObject()) return L("limits");
        const QJsonObject lim = jv(o, "limits").toObject();
        static const char* kKeys[] = {"passengers", "dates", "options_per_date", "options",
                                      "open_orders_per_user"};
        for (auto it = lim.begin(); it != lim.end(); ++it) {
            if (std::none_of(std::begin(kKeys), std::end(kKeys),
                             [&](const char* k) { return it.key() == QLatin1String(k); }))
                return it.key();
            if (!it.value().isNull() && !wholeAtLeast(it.value(), 1)) return it.key();
        }
        return std::nullopt;
    }
    if (op == QLatin1String("waitlist_cap")) {
        if (auto r = req({"train", "date", "class"})) return r;
        if (!has(o, "cap") || (!jv(o, "cap").isNull() && !wholeAtLeast(jv(o, "cap"), 0)))
            return L("cap");
        return std::nullopt;
    }
    if (op == QLatin1String("advance"))
        return has(o, "at") ? std::nullopt : std::optional<QString>(L("at"));
    if (op == QLatin1String("availability")) return req({"train", "date", "from", "to", "class"});
    if (op == QLatin1String("seatmap")) return req({"train", "date"});
    if (op == QLatin1String("forecast")) {
        if (auto r = req({"id"})) return r;
        if (has(o, "until") && (!isStr("until") || !refParseTime(js(o, "until"))))
            return L("until");
        if (has(o, "seed") && !wholeAtLeast(jv(o, "seed"), 0)) return L("seed");
        return std::nullopt;
    }
    return L("op");
}

void ReferenceModel::processLine(const QByteArray& line) {
    const QByteArray trimmed = line.trimmed();
    if (trimmed.isEmpty() || trimmed.startsWith('#')) {
        if (!ev_.isEmpty()) fail(L("skip"), L("a blank or comment line must give no event"));
        pos_ = int(ev_.size());
        return;
    }
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(line, &err);
    if (err.error != QJsonParseError::NoError || !doc.isObject()) {
        expectSingleError(L("bad_command"), QString(), clock_);
        return;
    }
    const QJsonObject o = doc.object();
    limitRetry_ = false;
    if (const auto field = validate(o)) {
        expectSingleError(L("bad_command"), *field, clock_);
        return;
    }
    if (limitRetry_ && ev_.size() == 1 && js(ev_[0], "event") == QLatin1String("error") &&
        js(ev_[0], "code") == QLatin1String("bad_command")) {
        // A retry of an order submitted under looser limits, refused as over today's.
        if (fail(L("limit_before_duplicate"),
                 L("the same waitlist command again is a no-op answered duplicate, whatever the "
                   "limits now: the engine refuses it as over a limit")))
            expectSingleError(L("bad_command"), QString(), clock_);
        return;
    }
    const QString op = js(o, "op");
    const RefTime T = has(o, "at") ? *refParseTime(js(o, "at")) : clock_;
    if (T < clock_) {
        expectSingleError(L("time_went_back"), QString(), clock_);
        return;
    }
    for (const auto& e : ev_)
        if (evAt(e) > T)
            fail(L("event_time"), QStringLiteral("event %1 is later than the command's time %2")
                                      .arg(compact(e), refFormatTime(T)));
    if (failure_) return;

    now_ = clock_;
    timerPhase(T);
    if (failure_) return;
    clock_ = T;
    now_ = T;
    checkNoTimersDue(T, true, L("before the command ran"));
    checkNoServable(T, L("after the timed effects"));
    if (failure_) return;

    if (op == QLatin1String("train"))
        cmdTrain(o, T);
    else if (op == QLatin1String("add_car"))
        cmdAddCar(o, T);
    else if (op == QLatin1String("sell"))
        cmdSell(o, T);
    else if (op == QLatin1String("pay"))
        cmdPay(o, T);
    else if (op == QLatin1String("refund"))
        cmdRefund(o, T);
    else if (op == QLatin1String("reschedule"))
        cmdReschedule(o, T);
    else if (op == QLatin1String("block"))
        cmdBlock(o, T);
    else if (op == QLatin1String("release"))
        cmdRelease(o, T);
    else if (op == QLatin1String("waitlist"))
        cmdWaitlist(o, T);
    else if (op == QLatin1String("prepay"))
        cmdPrepay(o, T);
    else if (op == QLatin1String("cancel"))
        cmdCancel(o, T);
    else if (op == QLatin1String("position"))
        cmdPosition(o, T);
    else if (op == QLatin1String("availability"))
        cmdAvailability(o, T);
    else if (op == QLatin1String("seatmap"))
        cmdSeatmap(o, T);
    else if (op == QLatin1String("configure"))
        cmdConfigure(o, T);
    else if (op == QLatin1String("waitlist_cap"))
        cmdWaitlistCap(o, T);
    else if (op == QLatin1String("forecast"))
        cmdForecast(o, T);
    // advance: nothing of its own.
    if (failure_) return;
    if (!pending_.empty())
        fail(L("release_missing"), QStringLiteral("no seat_released for %1 on %2")
                                       .arg(pending_.front().holder, pending_.front().seat));
    if (!commandFailed_) matchingPhase(T);
    if (failure_) return;
    checkNoServable(T, L("after the command"));
    checkExactLiveness(T, L("after the command"));
}

void ReferenceModel::timerPhase(RefTime T) {
    RefTime prev = clock_;
    bool anyRoot = false;
    std::int64_t prevTimerSeq = 0;  // timers due together fire in the order they were set
    auto tieOrder = [&](RefTime at, std::int64_t setSeq, const QString& what) {
        if (at == prev && setSeq < prevTimerSeq)
            return fail(L("timer_tie_order"),
                        QStringLiteral("%1 fired after a timer due at the same time but set later")
                            .arg(what));
        prevTimerSeq = setSeq;
        return true;
    };
    // One timer is one timed effect: a sale's expired holds, or one order's timeout or
    // expiry; matching runs after each.
    QString effect;
    auto endEffect = [&] {
        if (effect.isEmpty()) return;
        checkExactLiveness(
            prev,
            QStringLiteral("after the timed effect of %1 at %2").arg(effect, refFormatTime(prev)));
        effect.clear();
    };
    while (!failure_) {
        const QJsonObject* e = peek();
        if (!e) break;
        const QString kind = js(*e, "event");
        const RefTime at = evAt(*e);
        const bool prepayTimeout = kind == QLatin1String("waitlist_cancelled") &&
                                   js(*e, "reason") == QLatin1String("prepay_timeout");
        if (kind == QLatin1String("hold_expired") || prepayTimeout ||
            kind == QLatin1String("waitlist_expired")) {
            QString timer = QStringLiteral("order ") + js(*e, "id");
            if (kind == QLatin1String("hold_expired")) {
                const auto t = tickets_.find(js(*e, "ticket"));
                timer = QStringLiteral("sale ") +
                        (t == tickets_.end() ? js(*e, "ticket") : t->second.sale);
            }
            if (timer != effect || at > prev) {
                if (!pending_.empty()) {
                    fail(L("release_missing"),
                         QStringLiteral("no seat_released for %1 before the next timed effect")
                             .arg(pending_.front().holder));
                    return;
                }
                endEffect();
                if (failure_) return;
            }
            if (at > prev) {
                if (anyRoot)
                    checkNoServable(prev, L("after the timed effects at ") + refFormatTime(prev));
            }
            if (!checkNoTimersDue(at, false, QStringLiteral("before %1").arg(compact(*e)))) return;
            if (at > prev) prevTimerSeq = 0;
            if (kind == QLatin1String("hold_expired")) {
                const QString id = js(*e, "ticket");
                auto it = tickets_.find(id);
                if (it == tickets_.end() || it->second.status != TicketStatus::Held) {
                    fail(L("timer_wrong"),
                         QStringLiteral("hold_expired for %1, which is not a held ticket").arg(id));
                    return;
                }
                RefTicket& t = it->second;
                if (t.payBy != at) {
                    fail(L("timer_wrong"), QStringLiteral("hold of %1 expired at %2, pay_by is %3")
                                               .arg(id, refFormatTime(at), refFormatTime(t.payBy)));
                    return;
                }
                if (!tieOrder(at, t.timerSeq, QStringLiteral("hold_expired %1").arg(id))) return;
                t.status = TicketStatus::Expired;
                expectReleases(t, L("timeout"));
            } else {
                const QString id = js(*e, "id");
                auto it = orders_.find(id);
                if (it == orders_.end()) {
                    fail(L("timer_wrong"), QStringLiteral("%1 names no order").arg(compact(*e)));
                    return;
                }
                RefOrder& o = it->second;
                if (prepayTimeout) {
                    if (o.status != OrderStatus::Awaiting || o.payBy != at) {
                        fail(L("timer_wrong"),
                             QStringLiteral("prepay_timeout of %1 (%2, pay_by %3) at %4")
                                 .arg(id, L(orderStatusName(o.status)), refFormatTime(o.payBy),
                                      refFormatTime(at)));
                        return;
                    }
                    if (!tieOrder(at, o.timerSeq, QStringLiteral("prepay_timeout of %1").arg(id)))
                        return;
                    o.status = OrderStatus::PrepayTimeout;
                } else {
                    const auto cut = orderCutoff(o);
                    bool ok = false;
                    if (o.status == OrderStatus::Queued) {
                        std::optional<RefTime> due = o.deadline;
                        if (cut && (!due || *cut < *due)) due = cut;
                        ok = due && *due == at;
                        // An added option may move the expiry: when its timer counts as set
                        // is not fixed, so ties with it are not checked.
                        if (ok && o.extended) {
                            prevTimerSeq = 0;
                            note(L("an order's expiry moved by an added run fired"));
                        } else if (ok &&
                                   !tieOrder(at, o.expirySeq,
                                             QStringLiteral("waitlist_expired of %1").arg(id)))
                            return;
                    } else if (o.status == OrderStatus::Awaiting) {
                        // Not covered by the rules (only queued orders expire): tolerated at
                        // its deadline or cut-off, as long as that is before its pay_by.
                        ok = at <= o.payBy &&
                             ((o.deadline && *o.deadline == at) || (cut && *cut == at));
                        note(L("an unprepaid order expired at its deadline or cut-off"));
                    }
                    if (!ok) {
                        fail(L("timer_wrong"),
                             QStringLiteral(
                                 "waitlist_expired of %1 (%2, deadline %3, cut-off %4) at %5")
                                 .arg(id, L(orderStatusName(o.status)),
                                      o.deadline ? refFormatTime(*o.deadline) : L("none"),
                                      cut ? refFormatTime(*cut) : L("none"), refFormatTime(at)));
                        return;
                    }
                    o.status = OrderStatus::Expired;
                }
            }
            anyRoot = true;
            effect = timer;
            prev = at;
            now_ = at;
            ++pos_;
            continue;
        }
        if (options_.trace && anyRoot &&
            (kind == QLatin1String("match_considered") || kind == QLatin1String("match_skipped"))) {
            if (!pending_.empty()) {
                fail(L("release_missing"), QStringLiteral("no seat_released for %1 before matching")
                                               .arg(pending_.front().holder));
                return;
            }
            if (!consumeTrace(prev)) return;
            continue;
        }
        if (kind == QLatin1String("seat_released") && !pending_.empty()) {
            if (!consumeRelease(*e, false)) break;
            if (at != prev) {
                fail(L("event_time"), QStringLiteral("%1 should carry the effect's time %2")
                                          .arg(compact(*e), refFormatTime(prev)));
                return;
            }
            ++pos_;
            continue;
        }
        if (kind == QLatin1String("waitlist_fulfilled") ||
            kind == QLatin1String("waitlist_failed")) {
            if (!pending_.empty()) {
                fail(L("release_missing"), QStringLiteral("no seat_released for %1 before matching")
                                               .arg(pending_.front().holder));
                return;
            }
            if (anyRoot && at != prev) {
                fail(L("event_time"), QStringLiteral("%1 should carry the effect's time %2")
                                          .arg(compact(*e), refFormatTime(prev)));
                return;
            }
            if (!matchEvent(*e, at)) return;
            ++pos_;
            continue;
        }
        break;
    }
    if (!failure_ && !pending_.empty())
        fail(L("release_missing"),
             QStringLiteral("no seat_released for %1 (timeout)").arg(pending_.front().holder));
    if (!failure_) endEffect();
    (void)T;
}

bool ReferenceModel::checkNoTimersDue(RefTime bound, bool inclusive, const QString& when) {
    for (const auto& [due, what] : liveTimers()) {
        if (due < bound || (inclusive && due == bound))
            return fail(L("timer_late"), QStringLiteral("%1, due at %2, has not fired %3")
                                             .arg(what, refFormatTime(due), when));
    }
    return true;
}

bool ReferenceModel::checkNoServable(RefTime now, const QString& when) {
    if (failure_) return false;
    for (const auto& [id, o] : orders_) {
        if (o.status != OrderStatus::Queued) continue;
        for (const auto& opt : o.options) {
            const RefRun& run = runs_.at(opt.run);
            if (run.exact || optionDeparted(o, opt, now)) continue;
            // Room on an option means the order is served, or fails when every option with
            // room has a passenger conflict: either way it does not stay queued.
            if (hasRoom(o, opt)) {
                const int f = run.stationIndex(o.from), t = run.stationIndex(o.to);
                return fail(L("servable_left"),
                            QStringLiteral("queued order %1 (%2 passengers, %3->%4%9) has room on "
                                           "%5 %6 (%7 free, %10 standing) %8")
                                .arg(id)
                                .arg(o.passengers.size())
                                .arg(o.from, o.to, opt.run, opt.cls)
                                .arg(freeCount(run, opt.cls, f, t))
                                .arg(when, o.acceptStanding ? L(", accepts standing") : QString())
                                .arg(run.standingFree(opt.cls, f, t)));
            }
        }
    }
    return true;
}

// commands.md rule 5 and engine-rules.md, for runs under `exact`: a released seat
// interval serves the queue of exactly that interval (run, class, from, to), an
// added car the run's queues of its class, a newly effective order its own
// options. Each serves "earliest first" while it can, so once its matching is over
// none of the orders it reaches is servable (rule 2: one free seat per passenger
// over the whole interval, in the option's class) on an option whose train has
// not left the order's station. Orders it does not reach may stay servable.
bool ReferenceModel::checkExactLiveness(RefTime now, const QString& when) {
    const std::vector<Released> released = std::move(effectReleased_);
    const std::set<std::pair<QString, QString>> cars = std::move(effectCars_);
    const QString effective = std::move(effectOrder_);
    effectReleased_.clear();
    effectCars_.clear();
    effectOrder_.clear();
    if (failure_) return false;
    if (released.empty() && cars.empty() && effective.isEmpty()) return true;
    for (const auto& [id, o] : orders_) {
        if (o.status != OrderStatus::Queued) continue;
        for (const auto& opt : o.options) {
            const RefRun& run = runs_.at(opt.run);
            if (!run.exact || optionDeparted(o, opt, now) || !servable(o, opt)) continue;
            const int f = run.stationIndex(o.from), t = run.stationIndex(o.to);
            QString trigger;
            if (id == effective) {
                trigger = L("its own prepayment");
            } else if (cars.count({opt.run, opt.cls})) {
                trigger = QStringLiteral("the %1 car added to %2").arg(opt.cls, opt.run);
            } else if (std::any_of(released.begin(), released.end(), [&](const Released& r) {
                           return r.run == opt.run && r.cls == opt.cls && r.from == f && r.to == t;
                       })) {
                trigger = QStringLiteral("the release of %1->%2").arg(o.from, o.to);
            } else {
                continue;
            }
            return fail(L("exact_servable_left"),
                        QStringLiteral("queued order %1 (%2 passengers, %3->%4) is servable on "
                                       "exact run %5 %6 (%7 free) %8, and %9 should have served it")
                            .arg(id)
                            .arg(o.passengers.size())
                            .arg(o.from, o.to, opt.run, opt.cls)
                            .arg(freeCount(run, opt.cls, f, t))
                            .arg(when, trigger));
        }
    }
    return true;
}

// What a trace event can be checked for: it names a queued order, and the order a
// match_considered announces is the one served right after it.
bool ReferenceModel::consumeTrace(RefTime at) {
    const QJsonObject& e = ev_[pos_];
    const QString id = js(e, "id");
    if (evAt(e) != at)
        return fail(
            L("event_time"),
            QStringLiteral("%1 should carry the time %2").arg(compact(e), refFormatTime(at)));
    const auto it = orders_.find(id);
    if (it == orders_.end() || it->second.status != OrderStatus::Queued)
        return fail(L("trace"), QStringLiteral("%1 names no queued order").arg(compact(e)));
    if (!jv(e, "reason").isString() || js(e, "reason").isEmpty())
        return fail(L("trace"), QStringLiteral("%1 gives no reason").arg(compact(e)));
    if (js(e, "event") == QLatin1String("match_considered")) {
        const QJsonObject* next = pos_ + 1 < ev_.size() ? &ev_[pos_ + 1] : nullptr;
        if (!next ||
            (js(*next, "event") != QLatin1String("waitlist_fulfilled") &&
             js(*next, "event") != QLatin1String("waitlist_failed")) ||
            js(*next, "id") != id)
            return fail(
                L("trace"),
                QStringLiteral("%1 is not followed by the service of that order").arg(compact(e)));
    }
    ++pos_;
    return true;
}

bool ReferenceModel::exactQueueAcceptsStanding(const QString& run, const QString& cls, int from,
                                               int to) const {
    const RefRun& r = runs_.at(run);
    for (const auto& [id, o] : orders_) {
        if (o.status != OrderStatus::Queued || !o.acceptStanding) continue;
        if (r.stationIndex(o.from) != from || r.stationIndex(o.to) != to) continue;
        for (const auto& opt : o.options)
            if (opt.run == run && opt.cls == cls) return true;
    }
    return false;
}

bool ReferenceModel::consumeRelease(const QJsonObject& e, bool require) {
    const QString run = runKey(js(e, "train"), js(e, "date"));
    auto rit = runs_.find(run);
    const QString seat = js(e, "seat");
    const QString source = js(e, "source");
    int f = -1, t = -1;
    if (rit != runs_.end()) {
        f = rit->second.stationIndex(js(e, "from"));
        t = rit->second.stationIndex(js(e, "to"));
    }
    const bool standing = jv(e, "standing").toBool();
    if (standing && !jv(e, "seat").isNull())
        return fail(L("release_wrong"),
                    QStringLiteral("%1: a standing place has \"seat\": null").arg(compact(e)));
    auto it = std::find_if(pending_.begin(), pending_.end(), [&](const Pending& p) {
        if (p.standing != standing) return false;
        if (standing && p.cls != js(e, "class")) return false;
        return p.run == run && (standing || p.seat == seat) && p.from == f && p.to == t &&
               p.source == source;
    });
    if (it == pending_.end()) {
        if (!require) return false;
        QStringList want;
        for (const auto& p : pending_)
            want << QStringLiteral("%1 %2 [%3,%4) %5")
                        .arg(p.run, p.seat)
                        .arg(p.from)
                        .arg(p.to)
                        .arg(p.source);
        return fail(L("release_wrong"),
                    QStringLiteral("%1 matches no expected release (expected: %2)")
                        .arg(compact(e), want.join(QLatin1String("; "))));
    }
    RefRun& r = rit->second;
    if (standing) {
        auto& load = r.standingLoad[it->cls];
        for (int i = f; i < t; ++i)
            --load[size_t(i)];
        // engine-rules: under `exact`, freed standing places are the business of
        // the queue of exactly their interval, when it holds an order accepting
        // standing; that queue is then matched as after a seat release of it.
        const QString cls = it->cls;
        released_.push_back(Released{run, cls, f, t});
        if (r.exact && exactQueueAcceptsStanding(run, cls, f, t))
            effectReleased_.push_back(Released{run, cls, f, t});
        pending_.erase(it);
        return true;
    }
    const QString cls = r.seats[size_t(r.seatIndex(seat))].cls;
    if (!vacate(r, seat, it->holder, f, t)) return false;
    released_.push_back(Released{run, cls, f, t});
    effectReleased_.push_back(Released{run, cls, f, t});
    pending_.erase(it);
    return true;
}

bool ReferenceModel::outcome(const Expect& x, const QString& op, bool& success) {
    success = false;
    commandFailed_ = true;
    const QJsonObject* e = peek();
    QString expected = codes(x.strict);
    if (!x.maybe.isEmpty())
        expected += QLatin1String(" (or maybe ") + codes(x.maybe) + QLatin1Char(')');
    if (x.anyError) expected += QLatin1String(" (or any error)");
    if (x.duplicate) expected = QLatin1String("duplicate");
    if (!e)
        return fail(L("missing_event"), QStringLiteral("`%1` gave no event of its own").arg(op));
    const QString kind = js(*e, "event");
    if (evAt(*e) != now_)
        return fail(L("event_time"), QStringLiteral("%1 should carry the command's time %2")
                                         .arg(compact(*e), refFormatTime(now_)));
    if (kind == QLatin1String("error")) {
        const QString code = js(*e, "code");
        if (x.duplicate)
            return fail(L("expected_duplicate"),
                        QStringLiteral("error %1, expected duplicate").arg(code));
        if (!x.strict.contains(code) && !x.maybe.contains(code) && !x.anyError &&
            !fail(L("error_code"), QStringLiteral("`%1` failed with %2 (%3); expected %4")
                                       .arg(op, code, js(*e, "message"),
                                            expected.isEmpty() ? L("success") : expected)))
            return false;
        if (!x.strict.contains(code))
            note(QStringLiteral("%1%4 -> %2 (open: %3)").arg(op, code, expected, noteCtx_));
        if (code == QLatin1String("sold_out")) {
            const bool flag = jv(*e, "waitlist").toBool();
            if (op == QLatin1String("sell") && !flag)
                return fail(L("sold_out_flag"), L("sell's sold_out must carry \"waitlist\": true"));
            if (op == QLatin1String("block") && flag)
                return fail(L("sold_out_flag"),
                            L("block's sold_out must not carry the waitlist flag"));
        }
        ++pos_;
        if (pos_ != ev_.size())
            return fail(L("error_changed_something"),
                        QStringLiteral("event %1 after an error").arg(compact(ev_[pos_])));
        return true;
    }
    if (kind == QLatin1String("duplicate")) {
        if (!x.duplicate && !x.maybeDuplicate &&
            !fail(L("unexpected_duplicate"),
                  QStringLiteral("`%1` answered duplicate; expected %2")
                      .arg(op, expected.isEmpty() ? L("success") : expected)))
            return false;
        if (!x.duplicate)
            note(QStringLiteral("%1%3 -> duplicate (open: %2)").arg(op, expected, noteCtx_));
        if (js(*e, "id") != (x.duplicateId.isEmpty() ? js(*e, "id") : x.duplicateId))
            return fail(L("duplicate_id"),
                        QStringLiteral("duplicate should name %1").arg(x.duplicateId));
        ++pos_;
        if (pos_ != ev_.size())
            return fail(L("error_changed_something"),
                        QStringLiteral("event %1 after duplicate").arg(compact(ev_[pos_])));
        return true;
    }
    if (x.duplicate || !x.strict.isEmpty() || x.mustFail)
        return fail(
            L("expected_error"),
            QStringLiteral("`%1` succeeded (%2); expected %3").arg(op, compact(*e), expected));
    if (x.anyError || !x.maybe.isEmpty())
        note(QStringLiteral("%1%3 -> success (open: %2)").arg(op, expected, noteCtx_));
    success = true;
    commandFailed_ = false;
    return true;
}

void ReferenceModel::matchingPhase(RefTime T) {
    while (!failure_) {
        const QJsonObject* e = peek();
        if (e && options_.trace &&
            (js(*e, "event") == QLatin1String("match_considered") ||
             js(*e, "event") == QLatin1String("match_skipped"))) {
            consumeTrace(T);
            continue;
        }
        if (!e || (js(*e, "event") != QLatin1String("waitlist_fulfilled") &&
                   js(*e, "event") != QLatin1String("waitlist_failed")))
            break;
        if (evAt(*e) != T) {
            fail(L("event_time"),
                 QStringLiteral("%1 should carry the command's time").arg(compact(*e)));
            return;
        }
        if (!matchEvent(*e, T)) return;
        ++pos_;
    }
}

void ReferenceModel::expectReleases(const RefTicket& t, const QString& source) {
    if (!t.legs.empty()) {
        for (const RefLeg& leg : t.legs)
            pending_.push_back(
                Pending{t.run, leg.seat, leg.from, leg.to, source, t.id, false, t.cls});
        return;
    }
    Pending p{t.run, t.seat, t.from, t.to, source, t.id, false, QString()};
    p.standing = t.standing;
    p.cls = t.cls;
    pending_.push_back(p);
}

bool ReferenceModel::matchEvent(const QJsonObject& e, RefTime now) {
    if (js(e, "event") == QLatin1String("waitlist_failed")) return failOrder(e, now);
    return fulfill(e, now);
}

bool ReferenceModel::earlierWithRoom(const RefOrder& order, RefTime now, const QString& what) {
    for (const auto& [id2, o2] : orders_) {
        if (id2 == order.id || o2.status != OrderStatus::Queued || !queuedBefore(o2, order))
            continue;
        for (const auto& opt2 : o2.options) {
            if (runs_.at(opt2.run).exact || optionDeparted(o2, opt2, now)) continue;
            // Its own tag when the room is on a run added by this line, which the engine's
            // known disagreement there needs (served the later order on another class).
            if (hasRoom(o2, opt2))
                return !fail(
                    opt2.run == addedNow_ ? L("added_run_queue_order") : L("served_out_of_order"),
                    QStringLiteral("%1 while the earlier order %2 (effective "
                                   "%3, %4 passengers %5->%6) has room on %7 %8")
                        .arg(what, id2, refFormatTime(o2.effective))
                        .arg(o2.passengers.size())
                        .arg(o2.from, o2.to, opt2.run, opt2.cls));
        }
    }
    return false;
}

// 兑现失败: the order would be served (it comes first in queue order with room) but every
// option with room has a passenger travelling at an overlapping time.
bool ReferenceModel::failOrder(const QJsonObject& e, RefTime now) {
    const QString id = js(e, "id");
    auto oit = orders_.find(id);
    if (oit == orders_.end() || oit->second.status != OrderStatus::Queued)
        return fail(L("fail_not_queued"),
                    QStringLiteral("order %1 failed but it is %2")
                        .arg(id, oit == orders_.end() ? L("unknown")
                                                      : L(orderStatusName(oit->second.status))));
    RefOrder& order = oit->second;
    if (options_.trace &&
        (pos_ == 0 || js(ev_[pos_ - 1], "event") != QLatin1String("match_considered") ||
         js(ev_[pos_ - 1], "id") != id))
        return fail(L("trace"), QStringLiteral("the failure of %1 is not announced by "
                                               "match_considered")
                                    .arg(id));
    if (js(e, "reason") != QLatin1String("passenger_conflict"))
        return fail(L("failed_reason"),
                    QStringLiteral("%1: reason should be passenger_conflict").arg(compact(e)));
    bool room = false;
    QStringList firsts;  // the first conflicting passenger on each option with room
    QString firstAny;
    for (const auto& opt : order.options) {
        if (optionDeparted(order, opt, now) || !hasRoom(order, opt)) continue;
        room = true;
        QString first;
        const int c = orderConflict(order, opt, &first);
        if (c == 0)
            return fail(L("failed_servable"),
                        QStringLiteral("order %1 failed, but it is servable on %2 %3 without a "
                                       "passenger conflict")
                            .arg(id, opt.run, opt.cls));
        if (c == 1) note(L("an order failed on a conflict of equal instants"));
        firsts << first;
    }
    if (!room)
        return fail(L("failed_without_room"),
                    QStringLiteral("order %1 failed, but no option has room for it").arg(id));
    for (const QString& name : order.passengers)
        if (firsts.contains(name)) {
            firstAny = name;
            break;
        }
    // "the first conflicting passenger in the order's list", over the options with room.
    const QString named = js(e, "passenger");
    if (named != firstAny)
        return fail(L("failed_passenger"),
                    QStringLiteral("order %1 failed naming %2; the first conflicting passenger "
                                   "is %3")
                        .arg(id, named, firstAny));
    if (!prepayOnly_.isEmpty() && id != prepayOnly_)
        return fail(
            L("prepay_served_other"),
            QStringLiteral("the prepayment of %1 failed another order, %2").arg(prepayOnly_, id));
    if (earlierWithRoom(order, now, QStringLiteral("order %1 failed").arg(id))) return false;
    order.status = OrderStatus::Failed;
    return true;
}

bool ReferenceModel::fulfill(const QJsonObject& e, RefTime now) {
    const QString id = js(e, "id");
    auto oit = orders_.find(id);
    if (oit == orders_.end() || oit->second.status != OrderStatus::Queued)
        return fail(L("fulfill_not_queued"),
                    QStringLiteral("order %1 fulfilled but it is %2")
                        .arg(id, oit == orders_.end() ? L("unknown")
                                                      : L(orderStatusName(oit->second.status))));
    RefOrder& order = oit->second;
    if (options_.trace &&
        (pos_ == 0 || js(ev_[pos_ - 1], "event") != QLatin1String("match_considered") ||
         js(ev_[pos_ - 1], "id") != id))
        return fail(
            L("trace"),
            QStringLiteral("the service of %1 is not announced by match_considered").arg(id));
    const QString train = js(e, "train"), date = js(e, "date"), cls = js(e, "class");
    int k = -1;
    for (int i = 0; i < int(order.options.size()); ++i) {
        const auto& opt = order.options[size_t(i)];
        if (opt.train == train && opt.date == date && opt.cls == cls) {
            k = i;
            break;
        }
    }
    if (k < 0)
        return fail(L("fulfill_option"),
                    QStringLiteral("order %1 served on %2 %3 %4, not one of its options")
                        .arg(id, train, date, cls));
    const RefOption& option = order.options[size_t(k)];
    RefRun& run = runs_.at(option.run);
    const int f = run.stationIndex(order.from), t = run.stationIndex(order.to);
    const QJsonArray tickets = jv(e, "tickets").toArray();
    // Whom and how, before which seats: a conflicting passenger is never served (兑现失败),
    // and standing only serves an order that accepts it.
    {
        QString who;
        const int c = orderConflict(order, option, &who);
        if (c == 2)
            return fail(L("served_conflict"),
                        QStringLiteral("order %1 served on %2 %3, but %4 travels at an "
                                       "overlapping time (兑现失败)")
                            .arg(id, option.run, cls, who));
        if (c == 1) note(L("an order was served on a conflict of equal instants"));
    }
    if (!order.acceptStanding &&
        std::any_of(tickets.begin(), tickets.end(), [](const QJsonValue& v) {
            return v.toObject().value(QLatin1String("standing")).toBool();
        }))
        return fail(L("standing_not_accepted"),
                    QStringLiteral("order %1 served standing on %2 %3 but does not accept "
                                   "standing")
                        .arg(id, option.run, cls));
    if (tickets.size() != order.passengers.size())
        return fail(L("fulfill_tickets"),
                    QStringLiteral("order %1 has %2 passengers, served with %3 tickets")
                        .arg(id)
                        .arg(order.passengers.size())
                        .arg(tickets.size()));
    QStringList seats;
    int standingTickets = 0;
    // 同车换座: each ticket's legs (none on one seat), and every seat-segment the
    // order takes, which its passengers must not share.
    std::vector<std::vector<RefLeg>> legsOf(size_t(tickets.size()));
    std::map<QString, std::uint64_t> taken;
    int changesInAll = 0;
    for (int i = 0; i < tickets.size(); ++i) {
        const QJsonObject tk = tickets[i].toObject();
        const QString want = QStringLiteral("%1.%2").arg(id).arg(i + 1);
        if (js(tk, "ticket") != want || js(tk, "passenger") != order.passengers[i] ||
            js(tk, "from") != order.from || js(tk, "to") != order.to)
            return fail(L("fulfill_tickets"),
                        QStringLiteral("ticket %1 of order %2 should be %3 for %4 %5->%6")
                            .arg(compact(tk), id, want, order.passengers[i], order.from, order.to));
        if (jv(tk, "standing").toBool()) {
            if (!jv(tk, "seat").isNull())
                return fail(L("fulfill_tickets"),
                            QStringLiteral("standing ticket %1 has a seat").arg(compact(tk)));
            ++standingTickets;
            seats << QString();
            continue;
        }
        const QString seat = js(tk, "seat");
        std::vector<RefLeg> legs;
        if (has(tk, "legs")) {
            const QJsonArray array = jv(tk, "legs").toArray();
            int at = f;
            for (const QJsonValue& v : array) {
                const QJsonObject leg = v.toObject();
                const int lf = run.stationIndex(js(leg, "from")),
                          lt = run.stationIndex(js(leg, "to"));
                if (lf != at || lt <= lf || (!legs.empty() && legs.back().seat == js(leg, "seat")))
                    return fail(L("legs_wrong"),
                                QStringLiteral("order %1: the legs of %2 do not chain")
                                    .arg(id, compact(tk)));
                legs.push_back(RefLeg{js(leg, "seat"), lf, lt});
                at = lt;
            }
            if (at != t || legs.size() < 2 || legs.front().seat != seat)
                return fail(L("legs_wrong"),
                            QStringLiteral("order %1: the legs of %2 do not cover its interval "
                                           "from its seat")
                                .arg(id, compact(tk)));
            if (int(legs.size()) > order.seatChange + 1)
                return fail(L("legs_over_changes"),
                            QStringLiteral("order %1 accepts %2 seat changes, served with %3 legs")
                                .arg(id)
                                .arg(order.seatChange)
                                .arg(legs.size()));
            changesInAll += int(legs.size()) - 1;
        }
        const std::vector<RefLeg> parts = legs.empty() ? std::vector<RefLeg>{{seat, f, t}} : legs;
        for (const RefLeg& part : parts) {
            const int si = run.seatIndex(part.seat);
            if (si < 0 || run.seats[size_t(si)].cls != cls)
                return fail(
                    L("fulfill_tickets"),
                    QStringLiteral("order %1: seat %2 is not a %3 seat").arg(id, part.seat, cls));
            const std::uint64_t m = intervalMask(part.from, part.to);
            if (!seatFree(run.seats[size_t(si)], part.from, part.to) || (taken[part.seat] & m))
                return fail(L("double_occupancy"),
                            QStringLiteral("order %1 served on seat %2 over %3->%4, not free")
                                .arg(id, part.seat, run.stops[size_t(part.from)].station,
                                     run.stops[size_t(part.to)].station));
            taken[part.seat] |= m;
        }
        legsOf[size_t(i)] = legs;
        seats << seat;
    }
    if (changesInAll > 0) {
        const int n = int(order.passengers.size());
        // One whole seat always comes first, then the fewest changes in all.
        if (freeCount(run, cls, f, t) >= n)
            return fail(L("changes_over_whole"),
                        QStringLiteral("order %1 served with seat changes, but %2 seats are free "
                                       "over %3->%4")
                            .arg(id)
                            .arg(freeCount(run, cls, f, t))
                            .arg(order.from, order.to));
        const int fewest = fewestChanges(run, cls, f, t, n, order.seatChange);
        if (fewest != changesInAll)
            return fail(L("changes_not_fewest"),
                        QStringLiteral("order %1 served with %2 seat changes, the fewest is %3")
                            .arg(id)
                            .arg(changesInAll)
                            .arg(fewest));
        if (n == 1 && !chainIsCheapest(run, cls, legsOf[0], order.seatChange))
            return fail(L("chain_cost"),
                        QStringLiteral("order %1: another chain of %2 legs costs less than %3")
                            .arg(id)
                            .arg(legsOf[0].size())
                            .arg(compact(tickets[0].toObject())));
    }
    const int n = int(order.passengers.size());
    if (standingTickets > 0) {
        // All or none: a group is served together, seated or standing (无座).
        if (standingTickets != n)
            return fail(L("fulfill_tickets"),
                        QStringLiteral("order %1 served partly standing").arg(id));
        if (run.standingFree(cls, f, t) < n)
            return fail(L("standing_over_places"),
                        QStringLiteral("order %1 served standing on %2 %3 %4->%5: %6 standing "
                                       "places free")
                            .arg(id, option.run, cls, order.from, order.to)
                            .arg(run.standingFree(cls, f, t)));
        if (freeCount(run, cls, f, t) >= n ||
            (order.seatChange > 0 && fewestChanges(run, cls, f, t, n, order.seatChange) >= 0))
            return fail(L("standing_over_seat"),
                        QStringLiteral("order %1 served standing on %2 %3, which has %4 free seats")
                            .arg(id, option.run, cls)
                            .arg(freeCount(run, cls, f, t)));
    }
    if (!run.exact) {
        for (int j = 0; j < k; ++j) {
            const auto& oj = order.options[size_t(j)];
            if (runs_.at(oj.run).exact || optionDeparted(order, oj, now)) continue;
            if (servable(order, oj))
                if (!fail(L("served_on_later_option"),
                          QStringLiteral("order %1 served on option %2 (%3 %4) but its earlier "
                                         "option %5 (%6 %7) is servable")
                              .arg(id)
                              .arg(k + 1)
                              .arg(option.run, option.cls)
                              .arg(j + 1)
                              .arg(oj.run, oj.cls)))
                    return false;
        }
        if (earlierWithRoom(order, now, QStringLiteral("order %1 served").arg(id))) return false;
    } else {
        const bool effectiveNow = madeEffective_.count(id) != 0;
        const bool carAdded = carAddedRuns_.count(option.run) != 0;
        const bool exactRelease =
            std::any_of(released_.begin(), released_.end(), [&](const Released& r) {
                return r.run == option.run && r.cls == cls && r.from == f && r.to == t;
            });
        if (!effectiveNow && !carAdded && !exactRelease)
            if (!fail(L("exact_untriggered"),
                      QStringLiteral("order %1 served on exact run %2 without a release of exactly "
                                     "%3->%4 %5, a new car or its own prepayment")
                          .arg(id, option.run, order.from, order.to, cls)))
                return false;
        if (carAdded && !effectiveNow && !exactRelease) {
            // "an added car serves the run's orders in queue order"
            for (const auto& [id2, o2] : orders_) {
                if (id2 == id || o2.status != OrderStatus::Queued || !queuedBefore(o2, order))
                    continue;
                for (const auto& opt2 : o2.options)
                    if (opt2.run == option.run && opt2.cls == cls &&
                        !optionDeparted(o2, opt2, now) && servable(o2, opt2) &&
                        !fail(L("exact_out_of_order"),
                              QStringLiteral("order %1 served after add_car while the earlier "
                                             "order %2 is servable on that class")
                                  .arg(id, id2)))
                        return false;
            }
        }
        if (effectiveNow) {
            // Served at once "on the first such option".
            for (int j = 0; j < k; ++j) {
                const auto& oj = order.options[size_t(j)];
                if (!optionDeparted(order, oj, now) && servable(order, oj) &&
                    !fail(L("served_on_later_option"),
                          QStringLiteral("newly effective order %1 served on option %2 but its "
                                         "earlier option %3 (%4 %5) is servable")
                              .arg(id)
                              .arg(k + 1)
                              .arg(j + 1)
                              .arg(oj.run, oj.cls)))
                    return false;
            }
        }
        if (!effectiveNow && !carAdded) {
            for (const auto& [id2, o2] : orders_) {
                if (id2 == id || o2.status != OrderStatus::Queued || !queuedBefore(o2, order))
                    continue;
                if (o2.from != order.from || o2.to != order.to) continue;
                for (const auto& opt2 : o2.options)
                    if (opt2.run == option.run && opt2.cls == cls && servable(o2, opt2))
                        if (!fail(L("exact_out_of_order"),
                                  QStringLiteral("order %1 served from the exact queue while the "
                                                 "earlier order %2 is servable")
                                      .arg(id, id2)))
                            return false;
            }
        }
    }
    // engine-rules: an option whose train has left the order's from station no longer serves.
    if (optionDeparted(order, option, now) &&
        !fail(L("served_departed_option"),
              QStringLiteral("order %1 served on %2, which has left %3 at %4")
                  .arg(id, option.run, order.from,
                       refFormatTime(optionDeparture(order, option).value_or(0)))))
        return false;
    if (!prepayOnly_.isEmpty() && id != prepayOnly_ &&
        !fail(L("prepay_served_other"),
              QStringLiteral("the prepayment of %1 served another order, %2").arg(prepayOnly_, id)))
        return false;
    if (standingTickets > 0 || changesInAll > 0) {
        // Standing: no seat to choose. Seat changes: any assignment of the
        // fewest (a lone passenger's chain was checked for its cost above).
    } else if (seats.size() == 1) {
        if (!checkSingleChoice(run, cls, f, t, QString(), seats[0],
                               QStringLiteral("order %1").arg(id), order.seatChange))
            return false;
    } else if (!checkGroupChoice(run, cls, f, t, seats, QString(),
                                 QStringLiteral("order %1").arg(id), order.seatChange)) {
        return false;
    }
    RefSale sale;
    sale.id = id;
    for (int i = 0; i < seats.size(); ++i) {
        RefTicket tk;
        tk.id = QStringLiteral("%1.%2").arg(id).arg(i + 1);
        tk.sale = id;
        tk.passenger = order.passengers[i];
        tk.run = option.run;
        tk.cls = cls;
        tk.seat = seats[i];
        tk.from = f;
        tk.to = t;
        tk.status = TicketStatus::Paid;
        tk.everPaid = true;
        tk.standing = standingTickets > 0;
        tk.legs = legsOf[size_t(i)];
        if (!tk.legs.empty()) {
            for (const RefLeg& leg : tk.legs)
                if (!occupy(run, leg.seat, leg.from, leg.to, L("paid"), tk.id, tk.passenger))
                    return false;
        } else if (tk.standing) {
            auto& load = run.standingLoad[cls];
            for (int s2 = f; s2 < t; ++s2)
                ++load[size_t(s2)];
        } else if (!occupy(run, seats[i], f, t, L("paid"), tk.id, tk.passenger)) {
            return false;
        }
        sale.tickets.push_back(tk.id);
        tickets_[tk.id] = tk;
        ticketOrder_.push_back(tk.id);
    }
    sales_[id] = sale;
    order.status = OrderStatus::Served;
    return true;
}

bool ReferenceModel::checkSingleChoice(const RefRun& run, const QString& cls, int from, int to,
                                       const QString& prefer, const QString& chosen,
                                       const QString& what, int seatChanges) {
    if (!kCheckSeatChoice) return true;
    std::vector<const RefSeat*> cands;
    for (const auto& s : run.seats)
        if (s.cls == cls && seatFree(s, from, to)) cands.push_back(&s);
    if (!prefer.isEmpty()) {
        std::vector<const RefSeat*> pref;
        for (const RefSeat* s : cands)
            if (matchesPrefer(s->letter, prefer)) pref.push_back(s);
        if (!pref.empty()) cands = pref;
    }
    const RefSeat* best = nullptr;
    int bestCost = 1 << 30;
    for (const RefSeat* s : cands) {
        const int w = seatCost(run, *s, from, to, seatChanges);
        if (w < bestCost) {
            bestCost = w;
            best = s;
        }
    }
    if (!best) return true;  // nothing free: the occupancy check reports it
    if (best->label == chosen) return true;
    const int ci = run.seatIndex(chosen);
    const bool inCands = std::any_of(cands.begin(), cands.end(),
                                     [&](const RefSeat* s) { return s->label == chosen; });
    if (!inCands && !prefer.isEmpty())
        return fail(L("prefer_ignored"),
                    QStringLiteral("%1: prefer %2 not honoured (seat %3; %4 free)")
                        .arg(what, prefer, chosen, best->label));
    return fail(
        L("seat_choice"),
        QStringLiteral("%1: %2 picks %3 (cost %4), the engine chose %5 (cost %6)")
            .arg(what, options_.firstFit ? L("first-fit") : L("best-fit"), best->label)
            .arg(bestCost)
            .arg(chosen)
            .arg(ci >= 0 ? seatCost(run, run.seats[size_t(ci)], from, to, seatChanges) : -1));
}

bool ReferenceModel::checkGroupChoice(const RefRun& run, const QString& cls, int from, int to,
                                      const QStringList& chosen, const QString& prefer,
                                      const QString& what, int seatChanges) {
    if (!kCheckSeatChoice) return true;
    const int n = int(chosen.size());
    // Blocks of n free seats adjacent in one row (consecutive in the layout).
    struct Block {
        int firstIndex;
        int cost;
        bool preferred;
        QStringList labels;
    };
    std::vector<Block> blocks;
    std::map<int, int> freePerCar;
    for (int i = 0; i < int(run.seats.size()); ++i) {
        const RefSeat& s = run.seats[size_t(i)];
        if (s.cls != cls) continue;
        if (seatFree(s, from, to)) ++freePerCar[s.car];
        Block b{i, 0, false, {}};
        bool ok = true;
        for (int j = 0; j < n && ok; ++j) {
            const int idx = i + j;
            if (idx >= int(run.seats.size())) {
                ok = false;
                break;
            }
            const RefSeat& sj = run.seats[size_t(idx)];
            if (sj.car != s.car || sj.row != s.row || sj.letterPos != s.letterPos + j ||
                !seatFree(sj, from, to)) {
                ok = false;
                break;
            }
            b.cost += seatCost(run, sj, from, to, seatChanges);
            b.preferred = b.preferred || matchesPrefer(sj.letter, prefer);
            b.labels << sj.label;
        }
        if (ok) blocks.push_back(b);
    }
    int bestTier = 3;
    if (!blocks.empty())
        bestTier = 1;
    else if (std::any_of(freePerCar.begin(), freePerCar.end(),
                         [&](const auto& p) { return p.second >= n; }))
        bestTier = 2;
    std::vector<const RefSeat*> cs;
    for (const QString& c : chosen) {
        const int i = run.seatIndex(c);
        if (i < 0) return true;  // reported elsewhere
        cs.push_back(&run.seats[size_t(i)]);
    }
    std::sort(cs.begin(), cs.end(),
              [](const RefSeat* a, const RefSeat* b) { return a->letterPos < b->letterPos; });
    bool sameCar = true, sameRow = true, consecutive = true;
    for (size_t i = 1; i < cs.size(); ++i) {
        sameCar = sameCar && cs[i]->car == cs[0]->car;
        sameRow = sameRow && cs[i]->row == cs[0]->row;
        consecutive = consecutive && cs[i]->letterPos == cs[i - 1]->letterPos + 1;
    }
    const int tier = (sameCar && sameRow && consecutive) ? 1 : sameCar ? 2 : 3;
    if (tier != bestTier)
        return fail(L("group_seats"),
                    QStringLiteral("%1: group of %2 seated %3 (%4), but %5 was possible")
                        .arg(what)
                        .arg(n)
                        .arg(chosen.join(QLatin1Char(' ')))
                        .arg(tier == 1   ? L("adjacent")
                             : tier == 2 ? L("one car")
                                         : L("spread"))
                        .arg(bestTier == 1 ? L("adjacent in one row") : L("one car")));
    if (tier == 1) {
        std::vector<Block> pool = blocks;
        if (!prefer.isEmpty() &&
            std::any_of(pool.begin(), pool.end(), [](const Block& b) { return b.preferred; }))
            pool.erase(std::remove_if(pool.begin(), pool.end(),
                                      [](const Block& b) { return !b.preferred; }),
                       pool.end());
        const Block* best = nullptr;
        for (const Block& b : pool)
            if (!best || b.cost < best->cost) best = &b;
        QStringList sortedChosen = chosen;
        std::sort(sortedChosen.begin(), sortedChosen.end());
        QStringList sortedBest = best->labels;
        std::sort(sortedBest.begin(), sortedBest.end());
        if (sortedChosen != sortedBest) {
            int chosenCost = 0;
            for (const RefSeat* s : cs)
                chosenCost += seatCost(run, *s, from, to, seatChanges);
            return fail(L("seat_choice"),
                        QStringLiteral("%1: best adjacent group is %2 (cost %3), the engine chose "
                                       "%4 (cost %5)")
                            .arg(what, best->labels.join(QLatin1Char(' ')))
                            .arg(best->cost)
                            .arg(chosen.join(QLatin1Char(' ')))
                            .arg(chosenCost));
        }
    }
    return true;
}

// ---------------------------------------------------------------- commands

QSet<QString> ReferenceModel::resolve(const QString& train, const QString& date,
                                      const QString& from, const QString& to, const QString& cls,
                                      RefRun*& run, int& fromIdx, int& toIdx) {
    QSet<QString> errs;
    run = nullptr;
    auto it = runs_.find(runKey(train, date));
    if (it == runs_.end()) return {L("unknown_train")};
    run = &it->second;
    fromIdx = run->stationIndex(from);
    toIdx = run->stationIndex(to);
    if (fromIdx < 0 || toIdx < 0)
        errs << L("unknown_station");
    else if (fromIdx >= toIdx)
        errs << L("bad_interval");
    if (!run->hasClass(cls)) errs << L("unknown_class");
    return errs;
}

bool ReferenceModel::idempotency(const QJsonObject& o, Expect& x) const {
    const QString id = js(o, "id");
    auto it = ids_.find(id);
    if (it == ids_.end()) return false;
    QJsonObject body = o;
    body.remove(QLatin1String("at"));
    if (body == it->second) {
        x.duplicate = true;
        x.duplicateId = id;
    } else {
        x.strict << L("id_conflict");
    }
    return true;
}

void ReferenceModel::registerId(const QJsonObject& o) {
    QJsonObject body = o;
    body.remove(QLatin1String("at"));
    ids_[js(o, "id")] = body;
}

void ReferenceModel::cmdTrain(const QJsonObject& o, RefTime) {
    const QString train = js(o, "train"), date = js(o, "date");
    const QString key = runKey(train, date);
    Expect x;
    if (runs_.count(key)) x.strict << L("train_exists");
    bool ok = false;
    if (!outcome(x, L("train"), ok) || !ok) return;
    const auto day = refParseDate(date);
    if (!day) {
        fail(L("model"), L("the generator wrote an invalid date"));
        return;
    }
    RefRun run;
    run.train = train;
    run.date = date;
    int dayOff = 0;
    std::optional<int> prevWritten;
    for (const auto& sv : jv(o, "stops").toArray()) {
        const QJsonObject s = sv.toObject();
        RefStop stop;
        stop.station = js(s, "station");
        stop.kmHalf = std::llround(jv(s, "km").toDouble() * 2);
        for (const char* k : {"arr", "dep"}) {
            if (!has(s, k)) continue;
            const int m = *refParseClock(js(s, k));
            if (prevWritten && m < *prevWritten) ++dayOff;
            prevWritten = m;
            const RefTime inst = (*day + dayOff) * 86400 + RefTime(m) * 60;
            (k[0] == 'a' ? stop.arr : stop.dep) = inst;
        }
        run.stops.push_back(stop);
    }
    auto addCar = [&run](int car, const QString& cls, int rows, const QString& layout) {
        run.cars.insert(car);
        run.carLayout[car] = layout;
        for (int r = 1; r <= rows; ++r)
            for (int p = 0; p < layout.size(); ++p) {
                RefSeat s;
                s.label = seatLabel(car, r, layout.at(p));
                s.cls = cls;
                s.car = car;
                s.row = r;
                s.letterPos = p;
                s.letter = layout.at(p);
                run.seats.push_back(s);
            }
    };
    for (const auto& cv : jv(o, "cars").toArray()) {
        const QJsonObject c = cv.toObject();
        const QJsonValue carV = jv(c, "car");
        const int car = carV.isString() ? carV.toString().toInt() : carV.toInt();
        addCar(car, js(c, "class"), jv(c, "rows").toInt(), js(c, "layout"));
    }
    std::sort(run.seats.begin(), run.seats.end(), [](const RefSeat& a, const RefSeat& b) {
        return std::tie(a.car, a.row, a.letterPos) < std::tie(b.car, b.row, b.letterPos);
    });
    const QJsonObject fares = jv(o, "fares").toObject();
    for (auto it = fares.begin(); it != fares.end(); ++it)
        run.fareFen[it.key()] = std::llround(it.value().toDouble() * 100);
    if (has(o, "hold_minutes")) run.holdMinutes = jv(o, "hold_minutes").toInt();
    run.exact =
        has(o, "policy") ? js(o, "policy") == QLatin1String("exact") : options_.defaultExact;
    run.added = jv(o, "added").toBool();
    const QJsonObject standing = jv(o, "standing").toObject();
    for (auto it = standing.begin(); it != standing.end(); ++it) {
        run.standingPlaces[it.key()] = it.value().toInt();
        run.standingLoad[it.key()].assign(size_t(run.segments()), 0);
    }

    const QJsonObject* e = peek();
    if (!e || js(*e, "event") != QLatin1String("train_defined") || js(*e, "train") != train ||
        js(*e, "date") != date || jv(*e, "seats").toInteger() != qint64(run.seats.size())) {
        fail(L("train_defined"), QStringLiteral("expected train_defined %1 %2 with %3 seats")
                                     .arg(train, date)
                                     .arg(run.seats.size()));
        return;
    }
    ++pos_;
    runs_[key] = run;
    runOrder_.push_back(key);
    if (run.added) {
        addedNow_ = key;
        offerAddedRun(runs_.at(key));
        // engine-rules: the new run's classes are matched as an added car's class
        // is, which under `exact` serves the run's queues of each class in queue
        // order, and leaves none of their orders servable.
        carAddedRuns_.insert(key);
        for (const QString& cls : runs_.at(key).classes())
            effectCars_.insert({key, cls});
    }
}

// 接受新增列车: each open order that accepts added runs gains the new run's classes it
// accepts as options, with an option_added per order (in submission order) and class,
// before any matching.
void ReferenceModel::offerAddedRun(const RefRun& run) {
    const QString key = runKey(run.train, run.date);
    std::vector<RefOrder*> accepting;
    for (auto& [id, ord] : orders_) {
        if (!ord.newTrains) continue;
        if (ord.status != OrderStatus::Awaiting && ord.status != OrderStatus::Queued) continue;
        const int f = run.stationIndex(ord.from), t = run.stationIndex(ord.to);
        if (f < 0 || t < 0 || f >= t) continue;
        const auto dep = run.stops[size_t(f)].departure();
        if (!dep || *dep < ord.windowFrom || *dep > ord.windowTo) continue;
        bool date = false;
        for (int i = 0; i < ord.listed; ++i)
            date = date || ord.options[size_t(i)].date == run.date;
        if (!date) continue;
        accepting.push_back(&ord);
    }
    std::sort(accepting.begin(), accepting.end(),
              [](const RefOrder* a, const RefOrder* b) { return a->submitIndex < b->submitIndex; });
    for (RefOrder* ord : accepting) {
        QStringList classes = ord->windowClasses;
        if (classes.isEmpty())
            for (int i = 0; i < ord->listed; ++i)
                if (!classes.contains(ord->options[size_t(i)].cls))
                    classes << ord->options[size_t(i)].cls;
        QStringList want;
        for (const QString& c : classes)
            if (run.hasClass(c)) want << c;
        // The order of classes within one order is not fixed: read from the events.
        while (!want.isEmpty()) {
            const QJsonObject* e = peek();
            if (!e || js(*e, "event") != QLatin1String("option_added") || js(*e, "id") != ord->id ||
                js(*e, "train") != run.train || js(*e, "date") != run.date ||
                !want.contains(js(*e, "class"))) {
                fail(L("option_added"),
                     QStringLiteral("expected option_added for order %1 on %2 %3, class %4%5")
                         .arg(ord->id, run.train, run.date, want.join(QLatin1String(" or ")),
                              e ? QStringLiteral(" (got %1)").arg(compact(*e)) : QString()));
                return;
            }
            want.removeOne(js(*e, "class"));
            ord->options.push_back(RefOption{run.train, run.date, js(*e, "class"), key});
            ord->extended = true;
            ++pos_;
        }
    }
    const QJsonObject* e = peek();
    if (e && js(*e, "event") == QLatin1String("option_added"))
        fail(L("option_added"), QStringLiteral("unexpected %1 (no such order accepts the run, or "
                                               "not in submission order)")
                                    .arg(compact(*e)));
}

void ReferenceModel::cmdAddCar(const QJsonObject& o, RefTime) {
    const QString key = runKey(js(o, "train"), js(o, "date"));
    const QJsonValue carV = jv(o, "car");
    const int car = carV.isString() ? carV.toString().toInt() : carV.toInt();
    const QString cls = js(o, "class"), layout = js(o, "layout");
    const int rows = jv(o, "rows").toInt();
    Expect x;
    auto it = runs_.find(key);
    if (it == runs_.end())
        x.strict << L("unknown_train");
    else if (it->second.cars.count(car))
        x.strict << L("car_exists");
    bool ok = false;
    if (!outcome(x, L("add_car"), ok) || !ok) return;
    RefRun& run = it->second;
    QStringList labels;
    for (int r = 1; r <= rows; ++r)
        for (int p = 0; p < layout.size(); ++p) {
            RefSeat s;
            s.label = seatLabel(car, r, layout.at(p));
            s.cls = cls;
            s.car = car;
            s.row = r;
            s.letterPos = p;
            s.letter = layout.at(p);
            run.seats.push_back(s);
            labels << s.label;
        }
    run.cars.insert(car);
    run.carLayout[car] = layout;
    std::sort(run.seats.begin(), run.seats.end(), [](const RefSeat& a, const RefSeat& b) {
        return std::tie(a.car, a.row, a.letterPos) < std::tie(b.car, b.row, b.letterPos);
    });
    const QJsonObject* e = peek();
    QStringList got;
    if (e)
        for (const auto& v : jv(*e, "seats").toArray())
            got << v.toString();
    // Version 2: the car's standing places join its class; car_added carries them.
    const int standing = jv(o, "standing").toInt();
    if (standing > 0) {
        run.standingPlaces[cls] += standing;
        if (run.standingLoad[cls].empty()) run.standingLoad[cls].assign(size_t(run.segments()), 0);
    }
    if (!e || js(*e, "event") != QLatin1String("car_added") || jv(*e, "car").toInt() != car ||
        js(*e, "class") != cls || js(*e, "train") != run.train || js(*e, "date") != run.date ||
        got != labels || jv(*e, "standing").toInt() != standing ||
        (standing > 0 && !jv(*e, "standing").isDouble())) {
        fail(L("car_added"),
             QStringLiteral("expected car_added car %1 class %2 seats %3%4")
                 .arg(car)
                 .arg(cls, labels.join(QLatin1Char(' ')),
                      standing > 0 ? QStringLiteral(" standing %1").arg(standing) : QString()));
        return;
    }
    ++pos_;
    QStringList left = labels;
    const QString first = run.stops.front().station, last = run.stops.back().station;
    while (!left.isEmpty()) {
        e = peek();
        if (!e || js(*e, "event") != QLatin1String("seat_released") ||
            js(*e, "source") != QLatin1String("extra_car") || js(*e, "from") != first ||
            js(*e, "to") != last || !left.contains(js(*e, "seat"))) {
            fail(L("car_added"), QStringLiteral("expected seat_released (extra_car) %1->%2 for %3")
                                     .arg(first, last, left.join(QLatin1Char(' '))));
            return;
        }
        left.removeOne(js(*e, "seat"));
        released_.push_back(Released{key, cls, 0, run.segments()});
        ++pos_;
    }
    carAddedRuns_.insert(key);
    effectCars_.insert({key, cls});
}

void ReferenceModel::cmdSell(const QJsonObject& o, RefTime T) {
    const QString id = js(o, "id");
    Expect x;
    bool ok = false;
    if (idempotency(o, x)) {
        outcome(x, L("sell"), ok);
        return;
    }
    const QString cls = js(o, "class"), prefer = js(o, "prefer");
    RefRun* run = nullptr;
    int f = -1, t = -1;
    QSet<QString> errs =
        resolve(js(o, "train"), js(o, "date"), js(o, "from"), js(o, "to"), cls, run, f, t);
    QStringList names;
    for (const auto& v : jv(o, "passengers").toArray())
        names << v.toString();
    QStringList explicitSeats;
    for (const auto& v : jv(o, "seats").toArray())
        explicitSeats << normalizeSeat(v.toString());
    if (run) {
        for (const QString& s : explicitSeats) {
            const int i = run->seatIndex(s);
            if (i < 0)
                errs << L("unknown_seat");
            else if (run->seats[size_t(i)].cls != cls)
                errs << L("wrong_class");
        }
    }
    if (!errs.isEmpty()) {
        x.strict = errs;
        outcome(x, L("sell"), ok);
        return;
    }
    const bool standing = jv(o, "standing").toBool();
    if (standing) {
        // 无座: standing load + passengers <= places on every segment; never seats instead.
        if (run->standingFree(cls, f, t) < names.size()) x.strict << L("sold_out");
    } else if (!explicitSeats.isEmpty()) {
        for (int i = 0; i < explicitSeats.size(); ++i) {
            if (!seatFree(run->seats[size_t(run->seatIndex(explicitSeats[i]))], f, t))
                x.strict << L("seat_taken");
            if (explicitSeats.indexOf(explicitSeats[i]) != i) x.strict << L("seat_taken");
        }
    } else if (freeCount(*run, cls, f, t) < names.size()) {
        x.strict << L("sold_out");
    }
    for (int i = 0; i < names.size(); ++i) {
        if (names.indexOf(names[i]) != i) x.strict << L("passenger_conflict");
        const int c = passengerConflict(names[i], *run, f, t, QString());
        if (c == 2) x.strict << L("passenger_conflict");
        if (c == 1) x.maybe << L("passenger_conflict");
    }
    if (!outcome(x, L("sell"), ok) || !ok) return;

    QStringList chosen;
    std::vector<std::int64_t> seqs;
    for (int i = 0; i < names.size(); ++i) {
        const QJsonObject* e = peek();
        const QString want = QStringLiteral("%1.%2").arg(id).arg(i + 1);
        if (!e || js(*e, "event") != QLatin1String("ticket_held") || js(*e, "ticket") != want ||
            js(*e, "sale") != id || js(*e, "passenger") != names[i] ||
            js(*e, "train") != run->train || js(*e, "date") != run->date ||
            js(*e, "class") != cls || js(*e, "from") != js(o, "from") ||
            js(*e, "to") != js(o, "to")) {
            fail(L("ticket_held"), QStringLiteral("expected ticket_held %1 for %2 (%3 %4 %5->%6)")
                                       .arg(want, names[i], runKey(run->train, run->date), cls,
                                            js(o, "from"), js(o, "to")));
            return;
        }
        const auto payBy = refParseTime(js(*e, "pay_by"));
        if (!payBy || *payBy != T + RefTime(run->holdMinutes) * 60) {
            fail(L("pay_by"), QStringLiteral("ticket %1: pay_by should be %2")
                                  .arg(want, refFormatTime(T + RefTime(run->holdMinutes) * 60)));
            return;
        }
        if (standing || jv(*e, "standing").toBool()) {
            if (!standing || !jv(*e, "seat").isNull() || !jv(*e, "standing").toBool()) {
                fail(L("ticket_held"),
                     QStringLiteral("ticket %1: a standing sale's tickets, and only they, have "
                                    "\"seat\": null, \"standing\": true")
                         .arg(want));
                return;
            }
            chosen << QString();
            seqs.push_back(jv(*e, "seq").toInteger());
            ++pos_;
            continue;
        }
        const QString seat = js(*e, "seat");
        const int si = run->seatIndex(seat);
        if (si < 0 || run->seats[size_t(si)].cls != cls || chosen.contains(seat)) {
            fail(L("ticket_held"), QStringLiteral("ticket %1: seat %2 is not a distinct %3 seat")
                                       .arg(want, seat, cls));
            return;
        }
        if (!explicitSeats.isEmpty() && seat != explicitSeats[i]) {
            fail(L("explicit_seat"), QStringLiteral("ticket %1 got seat %2, %3 was asked for")
                                         .arg(want, seat, explicitSeats[i]));
            return;
        }
        chosen << seat;
        seqs.push_back(jv(*e, "seq").toInteger());
        ++pos_;
    }
    for (const QString& seat : chosen)
        if (!standing && !seatFree(run->seats[size_t(run->seatIndex(seat))], f, t)) {
            fail(L("double_occupancy"),
                 QStringLiteral("sale %1 took seat %2, which is not free over "
                                "the interval")
                     .arg(id, seat));
            return;
        }
    if (explicitSeats.isEmpty() && !standing) {
        if (chosen.size() == 1) {
            if (!checkSingleChoice(*run, cls, f, t, prefer, chosen[0],
                                   QStringLiteral("sale %1").arg(id)))
                return;
        } else if (!checkGroupChoice(*run, cls, f, t, chosen, prefer,
                                     QStringLiteral("sale %1").arg(id))) {
            return;
        }
    }
    RefSale sale;
    sale.id = id;
    for (int i = 0; i < chosen.size(); ++i) {
        RefTicket tk;
        tk.id = QStringLiteral("%1.%2").arg(id).arg(i + 1);
        tk.sale = id;
        tk.passenger = names[i];
        tk.run = runKey(run->train, run->date);
        tk.cls = cls;
        tk.seat = chosen[i];
        tk.from = f;
        tk.to = t;
        tk.status = TicketStatus::Held;
        tk.payBy = T + RefTime(run->holdMinutes) * 60;
        tk.timerSeq = seqs[size_t(i)];
        tk.standing = standing;
        if (standing) {
            auto& load = run->standingLoad[cls];
            for (int s2 = f; s2 < t; ++s2)
                ++load[size_t(s2)];
        } else if (!occupy(*run, tk.seat, f, t, L("held"), tk.id, tk.passenger)) {
            return;
        }
        sale.tickets.push_back(tk.id);
        tickets_[tk.id] = tk;
        ticketOrder_.push_back(tk.id);
    }
    sales_[id] = sale;
    registerId(o);
}

void ReferenceModel::cmdPay(const QJsonObject& o, RefTime) {
    const QString id = js(o, "id");
    Expect x;
    std::vector<RefTicket*> held;
    auto it = sales_.find(id);
    if (it == sales_.end()) {
        x.strict << L("unknown_sale");
    } else {
        bool paid = false, everPaid = false, refundedHeld = false, expiredHeld = false;
        for (const QString& tid : it->second.tickets) {
            RefTicket& t = tickets_.at(tid);
            if (t.status == TicketStatus::Held) held.push_back(&t);
            if (t.status == TicketStatus::Paid) paid = true;
            if (t.everPaid) everPaid = true;
            if (t.status == TicketStatus::Refunded && !t.everPaid) refundedHeld = true;
            if (t.status == TicketStatus::Expired) expiredHeld = true;
        }
        if (held.empty()) {
            if (paid) {
                x.duplicate = true;
                x.duplicateId = id;
            } else if (everPaid) {
                // Paid once, refunded since: "at least one ticket paid" may mean either.
                x.anyError = x.mustFail = x.maybeDuplicate = true;
                x.duplicateId = id;
            } else {
                // No ticket was ever paid: not a duplicate (engine-rules: holds that expired
                // give sale_expired, holds refunded before payment not_payable).
                if (refundedHeld) x.strict << L("not_payable");
                if (!refundedHeld || expiredHeld) x.strict << L("sale_expired");
            }
        }
    }
    bool ok = false;
    if (!outcome(x, L("pay"), ok) || !ok) return;
    for (RefTicket* t : held) {
        const QJsonObject* e = peek();
        if (!e || js(*e, "event") != QLatin1String("ticket_paid") || js(*e, "ticket") != t->id) {
            fail(L("ticket_paid"), QStringLiteral("expected ticket_paid %1").arg(t->id));
            return;
        }
        t->status = TicketStatus::Paid;
        t->everPaid = true;
        if (!t->standing) {
            RefRun& run = runs_.at(t->run);
            RefSeat& seat = run.seats[size_t(run.seatIndex(t->seat))];
            for (auto& occ : seat.occ)
                if (occ.holder == t->id) occ.kind = L("paid");
        }
        ++pos_;
    }
}

void ReferenceModel::cmdRefund(const QJsonObject& o, RefTime) {
    Expect x;
    std::set<QString> required, allowed;
    auto classify = [&](RefTicket& t) {
        switch (t.status) {
            case TicketStatus::Paid:
                required.insert(t.id);
                allowed.insert(t.id);
                break;
            case TicketStatus::Held:
                // Whether an unpaid hold can be refunded is not fixed by the rules.
                allowed.insert(t.id);
                x.anyError = true;
                break;
            default:
                break;
        }
    };
    if (has(o, "ticket")) {
        const QString tid = js(o, "ticket");
        auto it = tickets_.find(tid);
        if (it == tickets_.end()) {
            x.strict << L("unknown_ticket");
        } else {
            RefTicket& t = it->second;
            noteCtx_ = QStringLiteral(" of a %1 ticket").arg(L(ticketStatusName(t.status)));
            classify(t);
            if (t.status == TicketStatus::Held) {
                required.insert(t.id);
            } else if (t.status == TicketStatus::Refunded) {
                x.duplicateId = tid;
                if (t.refundReason == QLatin1String("refund"))
                    x.duplicate = true;
                else
                    x.maybeDuplicate = x.anyError = x.mustFail = true;
            } else if (t.status == TicketStatus::Expired) {
                x.strict << L("not_refundable") << L("sale_expired");
            }
        }
    } else {
        const QString id = js(o, "id");
        auto it = sales_.find(id);
        if (it == sales_.end()) {
            x.strict << L("unknown_sale");
            if (orders_.count(id)) x.strict << L("not_refundable") << L("order_closed");
        } else {
            bool anyRefunded = false, allRefundReason = true;
            for (const QString& tid : it->second.tickets) {
                RefTicket& t = tickets_.at(tid);
                classify(t);
                if (t.status == TicketStatus::Refunded) {
                    anyRefunded = true;
                    if (t.refundReason != QLatin1String("refund")) allRefundReason = false;
                }
            }
            if (allowed.empty()) {
                x.duplicateId = id;
                if (anyRefunded && allRefundReason)
                    x.duplicate = true;
                else if (anyRefunded)
                    x.maybeDuplicate = x.anyError = x.mustFail = true;
                else
                    x.strict << L("not_refundable") << L("sale_expired");
            } else if (required.empty()) {
                required = allowed;  // only holds: all of them, if it succeeds
            }
        }
    }
    bool ok = false;
    if (!outcome(x, L("refund"), ok) || !ok) return;
    std::set<QString> done;
    while (!failure_) {
        const QJsonObject* e = peek();
        if (!e || js(*e, "event") != QLatin1String("ticket_refunded")) break;
        const QString tid = js(*e, "ticket");
        if (!allowed.count(tid) || done.count(tid) || js(*e, "reason") != QLatin1String("refund")) {
            fail(L("refund_wrong"), QStringLiteral("unexpected %1").arg(compact(*e)));
            return;
        }
        RefTicket& t = tickets_.at(tid);
        t.status = TicketStatus::Refunded;
        t.refundReason = L("refund");
        done.insert(tid);
        expectReleases(t, L("refund"));
        ++pos_;
        for (std::size_t leg = 0; leg < std::max<std::size_t>(1, t.legs.size()); ++leg) {
            e = peek();
            if (!e || js(*e, "event") != QLatin1String("seat_released")) {
                fail(L("release_missing"),
                     QStringLiteral("ticket_refunded %1 not followed by seat_released").arg(tid));
                return;
            }
            if (!consumeRelease(*e, true)) return;
            ++pos_;
        }
    }
    for (const QString& r : required)
        if (!done.count(r)) {
            fail(L("refund_missing"), QStringLiteral("ticket %1 was not refunded").arg(r));
            return;
        }
    if (done.empty()) fail(L("refund_missing"), L("refund succeeded without refunding anything"));
}

void ReferenceModel::cmdReschedule(const QJsonObject& o, RefTime) {
    const QString id = js(o, "id");
    Expect x;
    bool ok = false;
    if (idempotency(o, x)) {
        outcome(x, L("reschedule"), ok);
        return;
    }
    const QString tid = js(o, "ticket"), cls = js(o, "class"), prefer = js(o, "prefer");
    RefTicket* old = nullptr;
    auto tit = tickets_.find(tid);
    QSet<QString> oldErrs;
    if (tit == tickets_.end()) {
        oldErrs << L("unknown_ticket");
    } else {
        old = &tit->second;
        if (old->status == TicketStatus::Held) {
            oldErrs << L("not_paid");  // only a paid ticket is rescheduled (engine-rules.md)
        } else if (old->status != TicketStatus::Paid) {
            x.anyError = x.mustFail = true;
        }
        noteCtx_ = QStringLiteral(" of a %1 ticket").arg(L(ticketStatusName(old->status)));
    }
    RefRun* run = nullptr;
    int f = -1, t = -1;
    QSet<QString> errs =
        resolve(js(o, "train"), js(o, "date"), js(o, "from"), js(o, "to"), cls, run, f, t);
    if (!errs.isEmpty() || !oldErrs.isEmpty()) {
        x.strict = errs + oldErrs;
        outcome(x, L("reschedule"), ok);
        return;
    }
    if (freeCount(*run, cls, f, t) < 1) x.strict << L("sold_out");
    const int c = passengerConflict(old->passenger, *run, f, t, old->id);
    if (c == 2) x.strict << L("passenger_conflict");
    if (c == 1) x.maybe << L("passenger_conflict");
    if (!outcome(x, L("reschedule"), ok) || !ok) return;

    const QString newId = id + QLatin1String(".1");
    const QJsonObject* e = peek();
    if (!e || js(*e, "event") != QLatin1String("ticket_held") || js(*e, "ticket") != newId ||
        js(*e, "sale") != id || js(*e, "passenger") != old->passenger ||
        js(*e, "train") != run->train || js(*e, "date") != run->date || js(*e, "class") != cls ||
        js(*e, "from") != js(o, "from") || js(*e, "to") != js(o, "to")) {
        fail(L("reschedule_events"),
             QStringLiteral("expected ticket_held %1 for %2").arg(newId, old->passenger));
        return;
    }
    const QString seat = js(*e, "seat");
    const int si = run->seatIndex(seat);
    if (si < 0 || run->seats[size_t(si)].cls != cls) {
        fail(L("reschedule_events"),
             QStringLiteral("%1: seat %2 is not a %3 seat").arg(newId, seat, cls));
        return;
    }
    if (!seatFree(run->seats[size_t(si)], f, t)) {
        fail(L("double_occupancy"), QStringLiteral("reschedule %1 took seat %2, not free (the old "
                                                   "ticket still occupies its seat)")
                                        .arg(id, seat));
        return;
    }
    if (!checkSingleChoice(*run, cls, f, t, prefer, seat, QStringLiteral("reschedule %1").arg(id)))
        return;
    ++pos_;
    RefTicket tk;
    tk.id = newId;
    tk.sale = id;
    tk.passenger = old->passenger;
    tk.run = runKey(run->train, run->date);
    tk.cls = cls;
    tk.seat = seat;
    tk.from = f;
    tk.to = t;
    tk.status = TicketStatus::Paid;
    tk.everPaid = true;
    if (!occupy(*run, seat, f, t, L("paid"), newId, tk.passenger)) return;
    tickets_[newId] = tk;
    ticketOrder_.push_back(newId);
    sales_[id] = RefSale{id, {newId}};
    registerId(o);
    e = peek();
    if (!e || js(*e, "event") != QLatin1String("ticket_paid") || js(*e, "ticket") != newId) {
        fail(L("reschedule_events"), QStringLiteral("expected ticket_paid %1").arg(newId));
        return;
    }
    ++pos_;
    e = peek();
    if (!e || js(*e, "event") != QLatin1String("ticket_refunded") || js(*e, "ticket") != tid ||
        js(*e, "reason") != QLatin1String("reschedule")) {
        fail(L("reschedule_events"),
             QStringLiteral("expected ticket_refunded %1 (reschedule)").arg(tid));
        return;
    }
    ++pos_;
    old->status = TicketStatus::Refunded;
    old->refundReason = L("reschedule");
    expectReleases(*old, L("reschedule"));
    for (std::size_t leg = 0; leg < std::max<std::size_t>(1, old->legs.size()); ++leg) {
        e = peek();
        if (!e || js(*e, "event") != QLatin1String("seat_released")) {
            fail(L("release_missing"), QStringLiteral("expected seat_released for %1").arg(tid));
            return;
        }
        if (!consumeRelease(*e, true)) return;
        ++pos_;
    }
}

void ReferenceModel::cmdBlock(const QJsonObject& o, RefTime) {
    const QString id = js(o, "id");
    Expect x;
    bool ok = false;
    if (idempotency(o, x)) {
        outcome(x, L("block"), ok);
        return;
    }
    const QString cls = js(o, "class");
    RefRun* run = nullptr;
    int f = -1, t = -1;
    QSet<QString> errs =
        resolve(js(o, "train"), js(o, "date"), js(o, "from"), js(o, "to"), cls, run, f, t);
    QStringList explicitSeats;
    for (const auto& v : jv(o, "seats").toArray())
        explicitSeats << normalizeSeat(v.toString());
    const int count = has(o, "count") ? jv(o, "count").toInt() : 0;
    if (run) {
        for (const QString& s : explicitSeats) {
            const int i = run->seatIndex(s);
            if (i < 0)
                errs << L("unknown_seat");
            else if (run->seats[size_t(i)].cls != cls)
                errs << L("wrong_class");
        }
    }
    if (!errs.isEmpty()) {
        x.strict = errs;
        outcome(x, L("block"), ok);
        return;
    }
    if (!explicitSeats.isEmpty()) {
        for (int i = 0; i < explicitSeats.size(); ++i) {
            if (!seatFree(run->seats[size_t(run->seatIndex(explicitSeats[i]))], f, t))
                x.strict << L("seat_taken");
            if (explicitSeats.indexOf(explicitSeats[i]) != i) x.strict << L("seat_taken");
        }
    } else if (freeCount(*run, cls, f, t) < count) {
        x.strict << L("sold_out");
    }
    if (!outcome(x, L("block"), ok) || !ok) return;
    const QJsonObject* e = peek();
    QStringList got;
    if (e)
        for (const auto& v : jv(*e, "seats").toArray())
            got << v.toString();
    if (!e || js(*e, "event") != QLatin1String("block_created") || js(*e, "id") != id ||
        js(*e, "train") != run->train || js(*e, "date") != run->date || js(*e, "class") != cls ||
        js(*e, "from") != js(o, "from") || js(*e, "to") != js(o, "to")) {
        fail(L("block_created"), QStringLiteral("expected block_created %1").arg(id));
        return;
    }
    QStringList sortedGot = got;
    sortedGot.sort();
    sortedGot.removeDuplicates();
    if (!explicitSeats.isEmpty()) {
        QStringList want = explicitSeats;
        want.sort();
        if (sortedGot != want || got.size() != want.size()) {
            fail(L("block_created"),
                 QStringLiteral("block %1 has seats %2, asked for %3")
                     .arg(id, got.join(QLatin1Char(' ')), explicitSeats.join(QLatin1Char(' '))));
            return;
        }
    } else {
        if (got.size() != count || sortedGot.size() != count) {
            fail(L("block_created"), QStringLiteral("block %1 has seats %2, asked for %3")
                                         .arg(id, got.join(QLatin1Char(' ')))
                                         .arg(count));
            return;
        }
        for (const QString& s : got) {
            const int i = run->seatIndex(s);
            if (i < 0 || run->seats[size_t(i)].cls != cls) {
                fail(L("block_created"),
                     QStringLiteral("block %1: %2 is not a %3 seat").arg(id, s, cls));
                return;
            }
        }
        if (kCheckSeatChoice) {
            // One by one with best-fit: the `count` free seats of least waste, seat order on ties.
            std::vector<std::pair<int, int>> ranked;  // waste, index
            for (int i = 0; i < int(run->seats.size()); ++i) {
                const RefSeat& s = run->seats[size_t(i)];
                if (s.cls == cls && seatFree(s, f, t))
                    ranked.emplace_back(seatCost(*run, s, f, t), i);
            }
            std::sort(ranked.begin(), ranked.end());
            QStringList want;
            for (int i = 0; i < count && i < int(ranked.size()); ++i)
                want << run->seats[size_t(ranked[size_t(i)].second)].label;
            want.sort();
            if (want != sortedGot &&
                !fail(L("seat_choice"),
                      QStringLiteral("block %1: %2 picks %3, the engine chose %4")
                          .arg(id, options_.firstFit ? L("first-fit") : L("best-fit"),
                               want.join(QLatin1Char(' ')), got.join(QLatin1Char(' ')))))
                return;
        }
    }
    ++pos_;
    RefBlock b;
    b.id = id;
    b.run = runKey(run->train, run->date);
    b.cls = cls;
    b.from = f;
    b.to = t;
    for (const QString& s : got) {
        if (!occupy(*run, s, f, t, L("block"), id, QString())) return;
        b.seats.push_back(s);
    }
    blocks_[id] = b;
    blockOrder_.push_back(id);
    registerId(o);
}

void ReferenceModel::cmdRelease(const QJsonObject& o, RefTime) {
    Expect x;
    bool ok = false;
    if (has(o, "id")) {
        const QString id = js(o, "id");
        auto it = blocks_.find(id);
        if (it == blocks_.end()) {
            x.strict << L("unknown_block");
        } else if (it->second.released) {
            x.duplicate = true;
            x.duplicateId = id;
        }
        if (!outcome(x, L("release"), ok) || !ok) return;
        RefBlock& b = it->second;
        const QJsonObject* e = peek();
        if (!e || js(*e, "event") != QLatin1String("block_released") || js(*e, "id") != id) {
            fail(L("block_released"), QStringLiteral("expected block_released %1").arg(id));
            return;
        }
        ++pos_;
        b.released = true;
        for (const QString& s : b.seats)
            pending_.push_back(Pending{b.run, s, b.from, b.to, L("quota"), id, false, QString()});
        b.seats.clear();
        while (!pending_.empty()) {
            e = peek();
            if (!e || js(*e, "event") != QLatin1String("seat_released")) {
                fail(L("release_missing"), QStringLiteral("block %1: no seat_released for %2")
                                               .arg(id, pending_.front().seat));
                return;
            }
            if (!consumeRelease(*e, true)) return;
            ++pos_;
        }
        return;
    }
    const QString key = runKey(js(o, "train"), js(o, "date"));
    const QString reason = js(o, "reason");
    auto rit = runs_.find(key);
    RefRun* run = rit == runs_.end() ? nullptr : &rit->second;
    const QString seat = normalizeSeat(js(o, "seat"));
    int f = -1, t = -1, si = -1;
    if (!run) {
        x.strict << L("unknown_train");
    } else {
        si = run->seatIndex(seat);
        f = run->stationIndex(js(o, "from"));
        t = run->stationIndex(js(o, "to"));
        if (si < 0) x.strict << L("unknown_seat");
        if (f < 0 || t < 0)
            x.strict << L("unknown_station");
        else if (f >= t)
            x.strict << L("bad_interval");
    }
    std::vector<RefOcc> inside;
    if (x.strict.isEmpty()) {
        for (const auto& occ : run->seats[size_t(si)].occ) {
            if (!(occ.from < t && f < occ.to)) continue;
            const bool leg =
                occ.kind != QLatin1String("block") && !tickets_.at(occ.holder).legs.empty();
            if (occ.from >= f && occ.to <= t && !leg)
                inside.push_back(occ);
            else
                x.strict << (occ.kind == QLatin1String("block") ? L("partial_block")
                                                                : L("partial_ticket"));
        }
        if (x.strict.isEmpty() && inside.empty()) x.strict << L("nothing_to_release");
    }
    if (!outcome(x, L("release"), ok) || !ok) return;
    std::set<QString> wantTickets, wantBlocks, doneTickets, doneBlocks;
    for (const auto& occ : inside) {
        pending_.push_back(
            Pending{key, seat, occ.from, occ.to, reason, occ.holder, false, QString()});
        if (occ.kind == QLatin1String("block")) {
            RefBlock& b = blocks_.at(occ.holder);
            b.seats.erase(std::remove(b.seats.begin(), b.seats.end(), seat), b.seats.end());
            if (b.seats.empty()) wantBlocks.insert(b.id);
        } else {
            wantTickets.insert(occ.holder);
        }
    }
    while (!failure_) {
        const QJsonObject* e = peek();
        if (!e) break;
        const QString kind = js(*e, "event");
        if (kind == QLatin1String("ticket_refunded")) {
            const QString tid = js(*e, "ticket");
            if (!wantTickets.count(tid) || doneTickets.count(tid) || js(*e, "reason") != reason) {
                fail(L("release_wrong"), QStringLiteral("unexpected %1").arg(compact(*e)));
                return;
            }
            RefTicket& tk = tickets_.at(tid);
            tk.status = TicketStatus::Refunded;
            tk.refundReason = reason;
            doneTickets.insert(tid);
        } else if (kind == QLatin1String("block_released")) {
            const QString bid = js(*e, "id");
            if (!wantBlocks.count(bid) || doneBlocks.count(bid)) {
                fail(L("release_wrong"), QStringLiteral("unexpected %1").arg(compact(*e)));
                return;
            }
            blocks_.at(bid).released = true;
            doneBlocks.insert(bid);
        } else if (kind == QLatin1String("seat_released")) {
            if (!consumeRelease(*e, true)) return;
        } else {
            break;
        }
        ++pos_;
    }
    if (failure_) return;
    if (doneTickets != wantTickets || doneBlocks != wantBlocks || !pending_.empty())
        fail(L("release_missing"),
             QStringLiteral(
                 "release of %1 on %2: expected refunds of {%3} and releases of blocks {%4}")
                 .arg(seat, key,
                      QStringList(wantTickets.begin(), wantTickets.end()).join(QLatin1Char(',')),
                      QStringList(wantBlocks.begin(), wantBlocks.end()).join(QLatin1Char(','))));
}

void ReferenceModel::cmdWaitlist(const QJsonObject& o, RefTime T) {
    const QString id = js(o, "id");
    Expect x;
    bool ok = false;
    if (idempotency(o, x)) {
        outcome(x, L("waitlist"), ok);
        return;
    }
    RefOrder order;
    order.id = id;
    order.user = js(o, "user");
    for (const auto& v : jv(o, "passengers").toArray())
        order.passengers << v.toString();
    order.from = js(o, "from");
    order.to = js(o, "to");
    if (has(o, "deadline")) order.deadline = refParseTime(js(o, "deadline"));
    QSet<QString> errs, conflicts;
    std::int64_t prepay = 0;
    for (const auto& v : jv(o, "options").toArray()) {
        const QJsonObject opt = v.toObject();
        RefOption ro{js(opt, "train"), js(opt, "date"), js(opt, "class"),
                     runKey(js(opt, "train"), js(opt, "date"))};
        RefRun* run = nullptr;
        int f = -1, t = -1;
        const QSet<QString> e = resolve(ro.train, ro.date, order.from, order.to, ro.cls, run, f, t);
        errs += e;
        if (e.isEmpty()) {
            auto fit = run->fareFen.find(ro.cls);
            const std::int64_t fare = fit == run->fareFen.end() ? 0 : fit->second;
            const std::int64_t halfFen =
                fare * (run->stops[size_t(t)].kmHalf - run->stops[size_t(f)].kmHalf);
            const std::int64_t perPassenger = (halfFen + 99) / 100 * 50;  // up to 0.5 yuan
            prepay = std::max(prepay, perPassenger * std::int64_t(order.passengers.size()));
            for (const QString& name : order.passengers) {
                const int c = passengerConflict(name, *run, f, t, QString());
                if (c == 2) conflicts << L("passenger_conflict");
                if (c == 1) x.maybe << L("passenger_conflict");
            }
        }
        order.options.push_back(ro);
    }
    for (int i = 0; i < order.passengers.size(); ++i)
        if (order.passengers.indexOf(order.passengers[i]) != i)
            conflicts << L("passenger_conflict");
    if (!errs.isEmpty()) {
        x.strict = errs;
        outcome(x, L("waitlist"), ok);
        return;
    }
    x.strict += conflicts;
    order.listed = int(order.options.size());
    order.acceptStanding = jv(o, "accept_standing").toBool();
    order.seatChange = jv(o, "seat_change").toInt();
    if (has(o, "new_trains")) {
        const QJsonObject w = jv(o, "new_trains").toObject();
        order.newTrains = true;
        order.windowFrom = *refParseTime(js(w, "from"));
        order.windowTo = *refParseTime(js(w, "to"));
        for (const auto& c : jv(w, "classes").toArray())
            order.windowClasses << c.toString();
    }
    // too_many_orders: the user's orders submitted or queued, against open_orders_per_user.
    if (limits_.openOrdersPerUser) {
        int open = 0;
        for (const auto& [id2, o2] : orders_)
            open += o2.user == order.user &&
                    (o2.status == OrderStatus::Awaiting || o2.status == OrderStatus::Queued);
        if (open >= *limits_.openOrdersPerUser) x.strict << L("too_many_orders");
    }
    // waitlist_full: an option whose class would go over its cap.
    for (const auto& opt : order.options) {
        const auto cap = caps_.find({opt.run, opt.cls});
        if (cap != caps_.end() &&
            queuedPassengers(opt.run, opt.cls) + order.passengers.size() > cap->second)
            x.strict << L("waitlist_full");
    }
    if (order.deadline && *order.deadline <= T) x.strict << L("deadline_passed");
    const auto cut = orderCutoff(order);
    if (cut && *cut <= T) x.strict << L("departed");
    if (!outcome(x, L("waitlist"), ok) || !ok) return;
    const QJsonObject* e = peek();
    if (!e || js(*e, "event") != QLatin1String("waitlist_submitted") || js(*e, "id") != id) {
        fail(L("waitlist_submitted"), QStringLiteral("expected waitlist_submitted %1").arg(id));
        return;
    }
    const std::int64_t gotFen = std::llround(jv(*e, "prepay").toDouble() * 100);
    if (!jv(*e, "prepay").isDouble() || gotFen != prepay) {
        fail(L("prepay_amount"), QStringLiteral("order %1: prepay %2, expected %3 yuan")
                                     .arg(id, jv(*e, "prepay").toVariant().toString())
                                     .arg(double(prepay) / 100));
        return;
    }
    const auto payBy = refParseTime(js(*e, "pay_by"));
    if (!payBy || *payBy != T + 30 * 60) {
        fail(L("pay_by"),
             QStringLiteral("order %1: pay_by should be %2").arg(id, refFormatTime(T + 1800)));
        return;
    }
    ++pos_;
    order.status = OrderStatus::Awaiting;
    order.submitIndex = ++submitCounter_;
    order.timerSeq = jv(*e, "seq").toInteger();
    order.payBy = T + 1800;
    order.prepayFen = prepay;
    orders_[id] = order;
    orderOrder_.push_back(id);
    registerId(o);
}

void ReferenceModel::cmdPrepay(const QJsonObject& o, RefTime T) {
    const QString id = js(o, "id");
    Expect x;
    auto it = orders_.find(id);
    if (it == orders_.end()) {
        x.strict << L("unknown_order");
    } else {
        const RefOrder& order = it->second;
        const auto cut = orderCutoff(order);
        switch (order.status) {
            case OrderStatus::Awaiting:
                if (order.deadline && *order.deadline <= T) x.strict << L("deadline_passed");
                if (cut && *cut <= T) x.strict << L("departed");
                for (int i = 0; i < int(order.options.size()); ++i) {
                    const RefOption& opt = order.options[size_t(i)];
                    const auto cap = caps_.find({opt.run, opt.cls});
                    if (cap == caps_.end() ||
                        queuedPassengers(opt.run, opt.cls) + order.passengers.size() <= cap->second)
                        continue;
                    // An added option's cap: commands.md names options of the order, and
                    // added options count toward no limit; either reading is accepted.
                    if (i < order.listed)
                        x.strict << L("waitlist_full");
                    else
                        x.maybe << L("waitlist_full");
                }
                break;
            case OrderStatus::Queued:
            case OrderStatus::Served:
                x.duplicate = true;
                x.duplicateId = id;
                break;
            case OrderStatus::CancelledUser:
            case OrderStatus::Expired:
            case OrderStatus::Failed:
                x.strict << L("order_closed");
                if (order.everPrepaid) {
                    x.maybeDuplicate = true;
                    x.duplicateId = id;
                } else if (order.status == OrderStatus::Expired) {
                    x.maybe << L("deadline_passed") << L("departed");
                }
                break;
            case OrderStatus::PrepayTimeout:
                x.strict << L("order_closed");
                break;
        }
    }
    bool ok = false;
    if (!outcome(x, L("prepay"), ok) || !ok) return;
    const QJsonObject* e = peek();
    if (!e || js(*e, "event") != QLatin1String("waitlist_effective") || js(*e, "id") != id) {
        fail(L("waitlist_effective"), QStringLiteral("expected waitlist_effective %1").arg(id));
        return;
    }
    RefOrder& order = it->second;
    order.expirySeq = jv(*e, "seq").toInteger();
    ++pos_;
    order.status = OrderStatus::Queued;
    order.effective = T;
    order.everPrepaid = true;
    madeEffective_.insert(id);
    prepayOnly_ = id;
    effectOrder_ = id;
}

void ReferenceModel::cmdCancel(const QJsonObject& o, RefTime) {
    const QString id = js(o, "id");
    Expect x;
    auto it = orders_.find(id);
    if (it == orders_.end()) {
        x.strict << L("unknown_order");
    } else {
        switch (it->second.status) {
            case OrderStatus::Awaiting:
            case OrderStatus::Queued:
                break;
            case OrderStatus::CancelledUser:
                x.duplicate = true;
                x.duplicateId = id;
                break;
            default:
                x.strict << L("order_closed");
        }
    }
    bool ok = false;
    if (!outcome(x, L("cancel"), ok) || !ok) return;
    const QJsonObject* e = peek();
    if (!e || js(*e, "event") != QLatin1String("waitlist_cancelled") || js(*e, "id") != id ||
        js(*e, "reason") != QLatin1String("user")) {
        fail(L("waitlist_cancelled"),
             QStringLiteral("expected waitlist_cancelled %1 (user)").arg(id));
        return;
    }
    ++pos_;
    it->second.status = OrderStatus::CancelledUser;
}

// forecast: a query. The model does not compute the probability (a
// simulation); it checks the outcome and what the rules fix about the
// answer: probabilities of two decimals in 0..1 with low <= probability <=
// high, `by` the time asked for (or earlier, the order's expiry), nothing
// left to forecast once `by` has passed, and a basis to read.
void ReferenceModel::cmdForecast(const QJsonObject& o, RefTime T) {
    const QString id = js(o, "id");
    Expect x;
    auto it = orders_.find(id);
    if (it == orders_.end())
        x.strict << L("unknown_order");
    else if (it->second.status != OrderStatus::Queued)
        x.strict << L("order_closed");
    else if (!has(o, "until"))
        x.maybe << L("bad_command");  // an order that never expires needs `until`
    bool ok = false;
    if (!outcome(x, L("forecast"), ok) || !ok) return;
    const QJsonObject* e = peek();
    auto hundredths = [&e](const char* key) {
        const QJsonValue v = jv(*e, key);
        const double scaled = v.toDouble(-1) * 100;
        return v.isDouble() && scaled >= 0 && scaled <= 100 &&
                       std::abs(scaled - std::round(scaled)) < 1e-6
                   ? static_cast<int>(std::lround(scaled))
                   : -1;
    };
    if (!e || js(*e, "event") != QLatin1String("forecast") || js(*e, "id") != id) {
        fail(L("forecast"), QStringLiteral("expected a forecast of order %1").arg(id));
        return;
    }
    const int p = hundredths("probability"), low = hundredths("low"), high = hundredths("high");
    const auto by = refParseTime(js(*e, "by"));
    const auto until = has(o, "until") ? refParseTime(js(o, "until")) : std::nullopt;
    QString problem;
    if (p < 0 || low < 0 || high < 0 || low > p || p > high)
        problem = L("probabilities must be 0..1 in hundredths with low <= probability <= high");
    else if (!by || (until && *by > *until))
        problem = L("`by` must be a time no later than `until`");
    else if (*by <= T && (p != 0 || high != 0))
        problem = L("an order cannot be served by a time already past");
    else if (js(*e, "basis").isEmpty())
        problem = L("a forecast names its basis");
    if (!problem.isEmpty()) {
        fail(L("forecast"), QStringLiteral("order %1: %2").arg(id, problem));
        return;
    }
    ++pos_;
}

void ReferenceModel::cmdPosition(const QJsonObject& o, RefTime) {
    const QString id = js(o, "id");
    Expect x;
    auto it = orders_.find(id);
    if (it == orders_.end()) x.strict << L("unknown_order");
    bool ok = false;
    if (!outcome(x, L("position"), ok) || !ok) return;
    const RefOrder& order = it->second;
    QJsonArray want;
    if (order.status == OrderStatus::Queued) {
        for (const auto& opt : order.options) {
            int rank = 1, ahead = 0;
            for (const auto& [id2, o2] : orders_) {
                if (id2 == id || o2.status != OrderStatus::Queued || o2.from != order.from ||
                    o2.to != order.to || !queuedBefore(o2, order))
                    continue;
                if (std::any_of(o2.options.begin(), o2.options.end(), [&](const RefOption& p) {
                        return p.run == opt.run && p.cls == opt.cls;
                    })) {
                    ++rank;
                    ahead += static_cast<int>(o2.passengers.size());
                }
            }
            QJsonObject q;
            q.insert(QLatin1String("train"), opt.train);
            q.insert(QLatin1String("date"), opt.date);
            q.insert(QLatin1String("class"), opt.cls);
            q.insert(QLatin1String("rank"), rank);
            // Version 2: passengers ahead, and 12306's three words (few <= 50 < medium <= 500).
            q.insert(QLatin1String("ahead_passengers"), ahead);
            q.insert(QLatin1String("level"), rank <= 50    ? QLatin1String("few")
                                             : rank <= 500 ? QLatin1String("medium")
                                                           : QLatin1String("many"));
            want.append(q);
        }
    }
    const QJsonObject* e = peek();
    if (!e || js(*e, "event") != QLatin1String("position") || js(*e, "id") != id ||
        jv(*e, "queues").toArray() != want) {
        fail(L("position"),
             QStringLiteral("order %1 (%2): expected queues %3")
                 .arg(id, L(orderStatusName(order.status)),
                      QString::fromUtf8(QJsonDocument(want).toJson(QJsonDocument::Compact))));
        return;
    }
    ++pos_;
}

void ReferenceModel::cmdAvailability(const QJsonObject& o, RefTime) {
    Expect x;
    RefRun* run = nullptr;
    int f = -1, t = -1;
    x.strict = resolve(js(o, "train"), js(o, "date"), js(o, "from"), js(o, "to"), js(o, "class"),
                       run, f, t);
    bool ok = false;
    if (!outcome(x, L("availability"), ok) || !ok) return;
    const int want = freeCount(*run, js(o, "class"), f, t);
    const int standing = run->standingFree(js(o, "class"), f, t);
    const QJsonObject* e = peek();
    // Version 2 (rule 8): standing places free over the interval, 0 on runs without.
    if (!e || js(*e, "event") != QLatin1String("availability") || !jv(*e, "free").isDouble() ||
        jv(*e, "free").toInt() != want || !jv(*e, "standing").isDouble() ||
        jv(*e, "standing").toInt() != standing) {
        fail(L("availability"),
             QStringLiteral("expected availability free %1 standing %2").arg(want).arg(standing));
        return;
    }
    ++pos_;
}

void ReferenceModel::cmdSeatmap(const QJsonObject& o, RefTime) {
    Expect x;
    const QString key = runKey(js(o, "train"), js(o, "date"));
    auto it = runs_.find(key);
    if (it == runs_.end()) x.strict << L("unknown_train");
    bool ok = false;
    if (!outcome(x, L("seatmap"), ok) || !ok) return;
    const RefRun& run = it->second;
    const QJsonObject* e = peek();
    if (!e || js(*e, "event") != QLatin1String("seatmap")) {
        fail(L("seatmap"), L("expected a seatmap event"));
        return;
    }
    const QJsonArray seats = jv(*e, "seats").toArray();
    if (seats.size() != qsizetype(run.seats.size())) {
        fail(L("seatmap"), QStringLiteral("seatmap lists %1 seats, the run has %2")
                               .arg(seats.size())
                               .arg(run.seats.size()));
        return;
    }
    auto occKey = [](const QString& from, const QString& to, const QString& kind,
                     const QString& holder, const QString& passenger) {
        return QStringList{from, to, kind, holder, passenger}.join(QLatin1Char('/'));
    };
    for (int i = 0; i < seats.size(); ++i) {
        const QJsonObject s = seats[i].toObject();
        const RefSeat& ms = run.seats[size_t(i)];
        QStringList got, want;
        for (const auto& v : jv(s, "occupied").toArray()) {
            const QJsonObject oc = v.toObject();
            got << occKey(js(oc, "from"), js(oc, "to"), js(oc, "kind"), js(oc, "holder"),
                          js(oc, "passenger"));
        }
        for (const auto& oc : ms.occ)
            want << occKey(run.stops[size_t(oc.from)].station, run.stops[size_t(oc.to)].station,
                           oc.kind, oc.holder, oc.passenger);
        got.sort();
        want.sort();
        if (js(s, "seat") != ms.label || js(s, "class") != ms.cls || got != want) {
            fail(L("seatmap"),
                 QStringLiteral("seatmap entry %1; expected seat %2 class %3 occupied {%4}")
                     .arg(compact(s), ms.label, ms.cls, want.join(QLatin1String("; "))));
            return;
        }
    }
    // Version 2: `standing` [{class, places, load}] only on runs with standing places.
    // Every class with places is listed; in which order, and whether a class with none
    // is, is not fixed.
    if (!run.hasStanding()) {
        if (has(*e, "standing")) {
            fail(L("seatmap"), L("seatmap lists standing on a run without standing places"));
            return;
        }
    } else {
        std::set<QString> listed;
        for (const auto& v : jv(*e, "standing").toArray()) {
            const QJsonObject st = v.toObject();
            const QString cls = js(st, "class");
            const auto p = run.standingPlaces.find(cls);
            const int places = p == run.standingPlaces.end() ? 0 : p->second;
            QJsonArray load;
            for (int i = 0; i < run.segments(); ++i)
                load.append(places == 0 ? 0 : run.standingLoad.at(cls)[size_t(i)]);
            if (listed.count(cls) || jv(st, "places").toInt() != places ||
                !jv(st, "places").isDouble() || jv(st, "load").toArray() != load) {
                fail(L("seatmap"),
                     QStringLiteral("seatmap standing entry %1; expected places %2 load %3")
                         .arg(compact(st))
                         .arg(places)
                         .arg(QString::fromUtf8(
                             QJsonDocument(load).toJson(QJsonDocument::Compact))));
                return;
            }
            listed.insert(cls);
        }
        for (const auto& [cls, places] : run.standingPlaces)
            if (places > 0 && !listed.count(cls)) {
                fail(L("seatmap"), QStringLiteral("seatmap does not list standing of %1").arg(cls));
                return;
            }
    }
    ++pos_;
}

void ReferenceModel::cmdConfigure(const QJsonObject& o, RefTime) {
    Expect x;
    bool ok = false;
    if (!outcome(x, L("configure"), ok) || !ok) return;
    const QJsonObject in = jv(o, "limits").toObject();
    auto set = [&](const char* key, std::optional<int>& limit) {
        if (!has(in, key)) return;
        if (jv(in, key).isNull())
            limit.reset();
        else
            limit = jv(in, key).toInt();
    };
    set("passengers", limits_.passengers);
    set("dates", limits_.dates);
    set("options_per_date", limits_.optionsPerDate);
    set("options", limits_.options);
    set("open_orders_per_user", limits_.openOrdersPerUser);
    QJsonObject want;
    auto put = [&](const char* key, const std::optional<int>& limit) {
        want.insert(QLatin1String(key), limit ? QJsonValue(*limit) : QJsonValue());
    };
    put("passengers", limits_.passengers);
    put("dates", limits_.dates);
    put("options_per_date", limits_.optionsPerDate);
    put("options", limits_.options);
    put("open_orders_per_user", limits_.openOrdersPerUser);
    const QJsonObject* e = peek();
    if (!e || js(*e, "event") != QLatin1String("configured") ||
        jv(*e, "limits").toObject() != want ||
        jv(*e, "limits").toObject().keys().size() != want.keys().size()) {
        fail(L("configured"), QStringLiteral("expected configured %1").arg(compact(want)));
        return;
    }
    ++pos_;
}

void ReferenceModel::cmdWaitlistCap(const QJsonObject& o, RefTime) {
    Expect x;
    const QString key = runKey(js(o, "train"), js(o, "date")), cls = js(o, "class");
    auto it = runs_.find(key);
    if (it == runs_.end())
        x.strict << L("unknown_train");
    else if (!it->second.hasClass(cls))
        x.strict << L("unknown_class");
    bool ok = false;
    if (!outcome(x, L("waitlist_cap"), ok) || !ok) return;
    const QJsonObject* e = peek();
    if (!e || js(*e, "event") != QLatin1String("waitlist_capped") ||
        js(*e, "train") != js(o, "train") || js(*e, "date") != js(o, "date") ||
        js(*e, "class") != cls || jv(*e, "cap") != jv(o, "cap")) {
        fail(L("waitlist_capped"),
             QStringLiteral("expected waitlist_capped with cap %1")
                 .arg(jv(o, "cap").isNull() ? L("null") : QString::number(jv(o, "cap").toInt())));
        return;
    }
    ++pos_;
    // Orders already queued stay, even over a lowered cap.
    if (jv(o, "cap").isNull())
        caps_.erase({key, cls});
    else
        caps_[{key, cls}] = jv(o, "cap").toInt();
}

}  // namespace houbu::reftest
