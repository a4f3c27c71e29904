#pragma once
// Reads one command object of the format (commands.md) into a Command, checking
// every field's presence and type and naming the field in the message of a
// BadField. One reader for both parsers: V is SimdJsonValue (the fast path) or
// QtJsonValue (lines simdjson declines), so a line reads alike on either.

#include <QStringList>
#include <algorithm>
#include <cmath>
#include <string>

#include "houbu/command.h"
#include "houbu/time.h"
#include "json_type.h"

namespace houbu::reader {

using namespace Qt::StringLiterals;

struct BadField {
    QString message;
};

inline QString quoted(const QString& s) {
    return u'\'' + s + u'\'';
}

// Reads fields of one JSON object, throwing BadField with a message naming the field.
template <class V>
class Fields {
  public:
    Fields(const V& object, QString prefix) : o_(object), prefix_(std::move(prefix)) {}

    bool has(const char* key) const { return o_.has(key); }

    QString name(const char* key) const { return prefix_ + QLatin1String(key); }

    [[noreturn]] void fail(const char* key, const QString& what) const {
        throw BadField{u"field "_s + quoted(name(key)) + u' ' + what};
    }
    [[noreturn]] void wrongType(const char* key, const char* wanted, const V& v) const {
        fail(key, u"must be "_s + QLatin1String(wanted) + u", not "_s +
                      QLatin1String(jsonTypeName(v.type())));
    }

    V value(const char* key) const {
        V v = o_.get(key);
        if (v.type() == JsonType::Missing)
            throw BadField{u"missing required field "_s + quoted(name(key))};
        return v;
    }

    std::string str(const char* key) const {
        const V v = value(key);
        if (v.type() != JsonType::String) wrongType(key, "a string", v);
        if (v.blank()) fail(key, u"must not be empty"_s);
        // A lone surrogate (\ud800) would silently become '?': two different ids alike.
        if (!v.validUtf16()) fail(key, u"contains an invalid \\u escape (a lone surrogate)"_s);
        return v.utf8();
    }
    std::string optStr(const char* key) const { return has(key) ? str(key) : std::string(); }

    double number(const char* key) const {
        const V v = value(key);
        if (v.type() != JsonType::Number) wrongType(key, "a number", v);
        return v.number();
    }

    int integer(const char* key, int lo, int hi) const {
        const V v = value(key);
        if (v.type() != JsonType::Number || v.number() != std::floor(v.number()))
            wrongType(key, "a whole number", v);
        const double d = v.number();
        if (d < lo || d > hi)
            fail(key, u"must be between %1 and %2, got %3"_s.arg(lo).arg(hi).arg(d));
        return static_cast<int>(d);
    }

    V array(const char* key) const {
        const V v = value(key);
        if (v.type() != JsonType::Array) wrongType(key, "an array", v);
        return v;
    }

    Time time(const char* key) const {
        const std::string s = str(key);
        const auto t = parseTime(s);
        if (!t)
            fail(key, u"must be a time YYYY-MM-DDTHH:MM[:SS], got "_s +
                          quoted(QString::fromStdString(s)));
        return *t;
    }

    std::string date(const char* key) const {
        const std::string s = str(key);
        if (!parseDate(s))
            fail(key, u"must be a date YYYY-MM-DD, got "_s + quoted(QString::fromStdString(s)));
        return s;
    }

    std::optional<int> clock(const char* key) const {
        if (!has(key)) return std::nullopt;
        const std::string s = str(key);
        const auto m = parseClockTime(s);
        if (!m)
            fail(key, u"must be a time of day HH:MM, got "_s + quoted(QString::fromStdString(s)));
        return m;
    }

    std::string oneOf(const char* key, std::initializer_list<const char*> allowed) const {
        const std::string s = str(key);
        QStringList names;
        for (const char* a : allowed) {
            if (s == a) return s;
            names << QLatin1String(a);
        }
        fail(key, u"must be one of "_s + names.join(u", "_s) + u", got "_s +
                      quoted(QString::fromStdString(s)));
    }

    std::vector<std::string> names(const char* key, int lo, int hi) const {
        const V a = array(key);
        const qsizetype n = a.size();
        if (n < lo || n > hi)
            fail(key, u"must list %1 to %2 names, got %3"_s.arg(lo).arg(hi).arg(n));
        std::vector<std::string> out;
        out.reserve(static_cast<std::size_t>(n));
        for (qsizetype i = 0; i < n; ++i) {
            const V item = a.at(i);
            if (item.type() != JsonType::String || item.blank())
                fail(key, u"item %1 must be a non-empty string"_s.arg(i + 1));
            out.push_back(item.utf8());
        }
        return out;
    }

    int carNumber(const char* key) const {
        const V v = value(key);
        if (v.type() == JsonType::String) {
            bool ok = false;
            const int n = v.text().toInt(&ok);
            if (!ok || n < 1 || n > 99) fail(key, u"must be a car number 1 to 99"_s);
            return n;
        }
        return integer(key, 1, 99);
    }

    std::string layout(const char* key) const {
        const std::string s = str(key);
        if (s.size() > 26) fail(key, u"must list at most 26 seat letters"_s);
        for (std::size_t i = 0; i < s.size(); ++i) {
            if (s[i] < 'A' || s[i] > 'Z')
                fail(key, u"must be seat letters A to Z, e.g. \"ABCDF\""_s);
            if (s.find(s[i]) != i) fail(key, u"repeats the letter %1"_s.arg(QLatin1Char(s[i])));
        }
        return s;
    }

    std::string prefer(const char* key) const {
        if (!has(key)) return {};
        const std::string s = str(key);
        if (s == "window" || s == "aisle" || (s.size() == 1 && s[0] >= 'A' && s[0] <= 'Z'))
            return s;
        fail(key, u"must be \"window\", \"aisle\" or one seat letter, got "_s +
                      quoted(QString::fromStdString(s)));
    }

    std::vector<std::string> seatLabels(const char* key) const {
        const V a = array(key);
        const qsizetype n = a.size();
        if (n == 0) fail(key, u"must list at least one seat"_s);
        std::vector<std::string> out;
        std::vector<std::string> canonical;  // "1-1A" and "01-01A" are one seat
        for (qsizetype i = 0; i < n; ++i) {
            const V item = a.at(i);
            const std::string label = item.utf8();
            const std::string seat = canonicalSeatLabel(label);
            if (item.type() != JsonType::String || seat.empty())
                fail(key, u"item %1 must be a seat label CC-RRL such as \"03-12A\""_s.arg(i + 1));
            if (std::find(canonical.begin(), canonical.end(), seat) != canonical.end())
                fail(key, u"names seat %1 twice"_s.arg(QString::fromStdString(seat)));
            canonical.push_back(seat);
            out.push_back(label);
        }
        return out;
    }

    bool flag(const char* key) const {
        if (!has(key)) return false;
        const V v = value(key);
        if (v.type() != JsonType::Bool) wrongType(key, "true or false", v);
        return v.boolean();
    }

    // A whole number in lo..hi, or null (-1).
    int integerOrNull(const char* key, int lo, int hi) const {
        if (value(key).type() == JsonType::Null) return -1;
        return integer(key, lo, hi);
    }

    const V& object() const { return o_; }

  private:
    V o_;
    QString prefix_;
};

// FNV-1a over a canonical walk of the JSON value: object keys come sorted, so
// two objects with the same content hash alike whatever their key order.
// Strings are hashed as UTF-16 code units, so the value is the same on either
// parser and in snapshots written before the fast path existed.
class Fingerprint {
  public:
    void bytes(const void* p, std::size_t n) {
        const auto* c = static_cast<const unsigned char*>(p);
        for (std::size_t i = 0; i < n; ++i) {
            h_ ^= c[i];
            h_ *= 1099511628211ull;
        }
    }
    void tag(char t) { bytes(&t, 1); }
    template <class S>
    void text(const S& s) {
        s.utf16([this](const char16_t* units, std::size_t size) {
            const auto n = static_cast<std::uint64_t>(size);
            bytes(&n, sizeof n);
            bytes(units, size * sizeof(char16_t));
        });
    }
    template <class V>
    void value(const V& v) {
        switch (v.type()) {
            case JsonType::Null:
                tag('n');
                break;
            case JsonType::Bool:
                tag(v.boolean() ? 't' : 'f');
                break;
            case JsonType::Number: {
                tag('d');
                const double d = v.number();
                bytes(&d, sizeof d);
                break;
            }
            case JsonType::String:
                tag('s');
                text(v);
                break;
            case JsonType::Array: {
                tag('[');
                const qsizetype n = v.size();
                for (qsizetype i = 0; i < n; ++i)
                    value(v.at(i));
                tag(']');
                break;
            }
            case JsonType::Object:
                object(v, false);
                break;
            case JsonType::Missing:
                break;
        }
    }
    // With identityOnly, a command's identity: without its `at` and `dry_run`.
    template <class V>
    void object(const V& o, bool identityOnly) {
        tag('{');
        o.members([&](const auto& key, const V& member) {
            if (identityOnly && (key.utf8() == "at" || key.utf8() == "dry_run")) return;
            text(key);
            value(member);
        });
        tag('}');
    }
    std::uint64_t result() const { return h_; }

  private:
    std::uint64_t h_ = 1469598103934665603ull;
};

inline const std::pair<const char*, Op> kOps[] = {
    {"train", Op::Train},
    {"add_car", Op::AddCar},
    {"sell", Op::Sell},
    {"pay", Op::Pay},
    {"refund", Op::Refund},
    {"reschedule", Op::Reschedule},
    {"block", Op::Block},
    {"release", Op::Release},
    {"waitlist", Op::Waitlist},
    {"prepay", Op::Prepay},
    {"cancel", Op::Cancel},
    {"advance", Op::Advance},
    {"position", Op::Position},
    {"availability", Op::Availability},
    {"seatmap", Op::Seatmap},
    {"configure", Op::Configure},
    {"waitlist_cap", Op::WaitlistCap},
    {"forecast", Op::Forecast},
};

// The most places a class or a car may carry standing (无座).
inline constexpr int kMaxStandingPlaces = 100000;

template <class V>
void readInterval(const Fields<V>& f, Command& c) {
    c.train = f.str("train");
    c.date = f.date("date");
    c.from = f.str("from");
    c.to = f.str("to");
}

template <class V>
CarSpec readCar(const Fields<V>& f) {
    CarSpec car;
    car.car = f.carNumber("car");
    car.travelClass = f.str("class");
    car.rows = f.integer("rows", 1, 99);
    car.layout = f.layout("layout");
    return car;
}

template <class V>
void readTrain(const Fields<V>& f, Command& c) {
    c.train = f.str("train");
    c.date = f.date("date");
    const V stops = f.array("stops");
    const qsizetype stopCount = stops.size();
    if (stopCount < 2 || stopCount > 64)
        f.fail("stops", u"must list 2 to 64 stops, got %1"_s.arg(stopCount));
    for (qsizetype i = 0; i < stopCount; ++i) {
        const V item = stops.at(i);
        if (item.type() != JsonType::Object)
            f.fail("stops", u"item %1 must be an object"_s.arg(i + 1));
        const Fields<V> s(item, u"stops[%1]."_s.arg(i));
        StopSpec stop;
        stop.station = s.str("station");
        stop.km = s.number("km");
        // No line is longer than this; the bound keeps fares and prepayments exact.
        if (stop.km < 0 || stop.km > 100000)
            s.fail("km", u"must be between 0 and 100000, got %1"_s.arg(stop.km));
        stop.arrival = s.clock("arr");
        stop.departure = s.clock("dep");
        for (const auto& earlier : c.stops)
            if (earlier.station == stop.station)
                f.fail("stops",
                       u"names station %1 twice"_s.arg(QString::fromStdString(stop.station)));
        if (!c.stops.empty() && stop.km <= c.stops.back().km)
            s.fail("km", u"must be greater than the previous stop's (%1)"_s.arg(c.stops.back().km));
        c.stops.push_back(std::move(stop));
    }
    const V cars = f.array("cars");
    const qsizetype carCount = cars.size();
    for (qsizetype i = 0; i < carCount; ++i) {
        const V item = cars.at(i);
        if (item.type() != JsonType::Object)
            f.fail("cars", u"item %1 must be an object"_s.arg(i + 1));
        CarSpec car = readCar(Fields<V>(item, u"cars[%1]."_s.arg(i)));
        for (const auto& earlier : c.cars)
            if (earlier.car == car.car) f.fail("cars", u"lists car %1 twice"_s.arg(car.car));
        c.cars.push_back(std::move(car));
    }
    if (f.has("fares")) {
        const V fares = f.value("fares");
        if (fares.type() != JsonType::Object)
            f.fail("fares", u"must be an object {class: yuan per km}"_s);
        fares.members([&](const auto& key, const V& rate) {
            if (rate.type() != JsonType::Number || rate.number() < 0 || rate.number() > 1000)
                f.fail("fares", u"entry %1 must be a number of yuan per km from 0 to 1000"_s.arg(
                                    quoted(key.text())));
            c.fares.emplace_back(key.utf8(), rate.number());
        });
    }
    if (f.has("hold_minutes")) c.holdMinutes = f.integer("hold_minutes", 0, 7 * 24 * 60);
    if (f.has("standing")) {
        const V standing = f.value("standing");
        if (standing.type() != JsonType::Object)
            f.fail("standing", u"must be an object {class: standing places}"_s);
        standing.members([&](const auto& key, const V& places) {
            const std::string name = key.utf8();
            const bool hasCar = std::any_of(c.cars.begin(), c.cars.end(), [&](const CarSpec& car) {
                return car.travelClass == name;
            });
            if (!hasCar)
                f.fail("standing", u"names class %1, which has no car on this run"_s.arg(
                                       quoted(QString::fromStdString(name))));
            if (places.type() != JsonType::Number ||
                places.number() != std::floor(places.number()) || places.number() < 0 ||
                places.number() > kMaxStandingPlaces)
                f.fail("standing", u"entry %1 must be a whole number of places from 0 to %2"_s
                                       .arg(quoted(key.text()))
                                       .arg(kMaxStandingPlaces));
            c.standingPlaces.emplace_back(name, static_cast<int>(places.number()));
        });
    }
    c.added = f.flag("added");
    if (f.has("policy"))
        c.policy =
            f.oneOf("policy", {"complete", "exact"}) == "exact" ? Policy::Exact : Policy::Complete;
}

template <class V>
void readWaitlist(const Fields<V>& f, Command& c) {
    c.id = f.str("id");
    c.user = f.str("user");
    // How many passengers, dates and options an order may list is a limit of
    // the engine's (`configure`); the reader bounds only what a record holds.
    c.passengers = f.names("passengers", 1, 255);
    c.from = f.str("from");
    c.to = f.str("to");
    const V options = f.array("options");
    const qsizetype n = options.size();
    if (n == 0) f.fail("options", u"must list at least one option"_s);
    c.options.reserve(static_cast<std::size_t>(n));
    for (qsizetype i = 0; i < n; ++i) {
        const V item = options.at(i);
        if (item.type() != JsonType::Object)
            f.fail("options", u"item %1 must be an object"_s.arg(i + 1));
        const Fields<V> o(item, u"options[%1]."_s.arg(i));
        OptionSpec opt{o.str("train"), o.date("date"), o.str("class")};
        for (const auto& earlier : c.options)
            if (earlier.train == opt.train && earlier.date == opt.date &&
                earlier.travelClass == opt.travelClass)
                f.fail("options",
                       u"lists %1 %2 %3 twice"_s.arg(QString::fromStdString(opt.train),
                                                     QString::fromStdString(opt.date),
                                                     QString::fromStdString(opt.travelClass)));
        c.options.push_back(std::move(opt));
    }
    if (n > 255) f.fail("options", u"must list at most 255 options, got %1"_s.arg(n));
    if (f.has("deadline")) c.deadline = f.time("deadline");
    c.acceptStanding = f.flag("accept_standing");
    if (f.has("seat_change")) c.seatChange = f.integer("seat_change", 0, 2);
    if (f.has("new_trains")) {
        const V window = f.value("new_trains");
        if (window.type() != JsonType::Object)
            f.fail("new_trains", u"must be an object {from, to, classes?}"_s);
        const Fields<V> w(window, u"new_trains."_s);
        NewTrainsSpec spec;
        spec.from = w.time("from");
        spec.to = w.time("to");
        if (spec.to < spec.from) w.fail("to", u"must not be before 'new_trains.from'"_s);
        if (w.has("classes")) {
            spec.classes = w.names("classes", 1, 64);
            for (std::size_t i = 0; i < spec.classes.size(); ++i)
                for (std::size_t j = 0; j < i; ++j)
                    if (spec.classes[i] == spec.classes[j])
                        w.fail("classes", u"names class %1 twice"_s.arg(
                                              QString::fromStdString(spec.classes[i])));
        }
        c.newTrains = std::move(spec);
    }
}

template <class V>
void readConfigure(const Fields<V>& f, Command& c) {
    const V limits = f.value("limits");
    if (limits.type() != JsonType::Object)
        f.fail("limits",
               u"must be an object {passengers?, dates?, options_per_date?, "
               u"options?, open_orders_per_user?}"_s);
    const Fields<V> l(limits, u"limits."_s);
    struct Known {
        const char* key;
        LimitChange LimitsSpec::*field;
        int lo;
        int hi;
    };
    static constexpr Known kKnown[] = {
        {"passengers", &LimitsSpec::passengers, 1, 9},
        {"dates", &LimitsSpec::dates, 1, 64},
        {"options_per_date", &LimitsSpec::optionsPerDate, 1, 64},
        {"options", &LimitsSpec::options, 1, 64},
        {"open_orders_per_user", &LimitsSpec::openOrdersPerUser, 1, 1000000},
    };
    limits.members([&](const auto& key, const V&) {
        const std::string name = key.utf8();
        for (const Known& k : kKnown)
            if (name == k.key) return;
        l.fail(name.c_str(),
               u"is not a limit (passengers, dates, options_per_date, options, "
               u"open_orders_per_user)"_s);
    });
    for (const Known& k : kKnown) {
        if (!l.has(k.key)) continue;
        LimitChange& change = c.limits.*k.field;
        change.given = true;
        change.value = l.integerOrNull(k.key, k.lo, k.hi);
    }
}

template <class V>
Command readCommand(const V& object) {
    const Fields<V> f(object, QString());
    const V opValue = f.value("op");
    if (opValue.type() != JsonType::String) f.wrongType("op", "a string", opValue);
    const std::string opName = opValue.utf8();
    Command c;
    bool known = false;
    for (const auto& [name, op] : kOps) {
        if (opName == name) {
            c.op = op;
            known = true;
        }
    }
    if (!known) throw BadField{u"unknown op "_s + quoted(opValue.text())};
    if (f.has("at")) c.at = f.time("at");
    c.dryRun = f.flag("dry_run");
    if (c.dryRun && isQuery(c.op))
        f.fail("dry_run", u"previews a command that changes state; a query changes nothing"_s);

    switch (c.op) {
        case Op::Train:
            readTrain(f, c);
            break;
        case Op::AddCar:
            c.train = f.str("train");
            c.date = f.date("date");
            c.cars.push_back(readCar(f));
            if (f.has("standing")) c.carStanding = f.integer("standing", 0, kMaxStandingPlaces);
            break;
        case Op::Sell:
            c.id = f.str("id");
            readInterval(f, c);
            c.travelClass = f.str("class");
            c.passengers = f.names("passengers", 1, 5);
            c.prefer = f.prefer("prefer");
            if (f.has("seats")) {
                c.seats = f.seatLabels("seats");
                if (c.seats.size() != c.passengers.size())
                    f.fail("seats", u"must name one seat per passenger (%1 passengers, %2 seats)"_s
                                        .arg(c.passengers.size())
                                        .arg(c.seats.size()));
            }
            c.standing = f.flag("standing");
            if (c.standing && !c.seats.empty())
                f.fail("seats", u"must not be given for standing tickets, which have no seat"_s);
            if (c.standing && !c.prefer.empty())
                f.fail("prefer", u"must not be given for standing tickets, which have no seat"_s);
            break;
        case Op::Pay:
        case Op::Prepay:
        case Op::Cancel:
        case Op::Position:
            c.id = f.str("id");
            break;
        case Op::Refund:
            if (f.has("ticket") == f.has("id"))
                throw BadField{u"refund needs exactly one of the fields 'ticket' or 'id'"_s};
            if (f.has("ticket"))
                c.ticket = f.str("ticket");
            else
                c.id = f.str("id");
            break;
        case Op::Reschedule:
            c.ticket = f.str("ticket");
            c.id = f.str("id");
            readInterval(f, c);
            c.travelClass = f.str("class");
            c.prefer = f.prefer("prefer");
            break;
        case Op::Block:
            c.id = f.str("id");
            readInterval(f, c);
            c.travelClass = f.str("class");
            if (f.has("count") == f.has("seats"))
                throw BadField{u"block needs exactly one of the fields 'count' or 'seats'"_s};
            if (f.has("count"))
                c.count = f.integer("count", 1, 100000);
            else
                c.seats = f.seatLabels("seats");
            break;
        case Op::Release:
            if (f.has("id")) {
                c.id = f.str("id");
            } else {
                readInterval(f, c);
                c.seat = f.str("seat");
                if (canonicalSeatLabel(c.seat).empty())
                    f.fail("seat", u"must be a seat label CC-RRL such as \"03-12A\""_s);
                c.reason = f.oneOf("reason", {"refund", "timeout", "reschedule", "quota"});
            }
            break;
        case Op::Waitlist:
            readWaitlist(f, c);
            break;
        case Op::Advance:
            if (!c.at)
                throw BadField{u"missing required field 'at' (advance moves the clock to it)"_s};
            break;
        case Op::Availability:
            readInterval(f, c);
            c.travelClass = f.str("class");
            break;
        case Op::Seatmap:
            c.train = f.str("train");
            c.date = f.date("date");
            break;
        case Op::Configure:
            readConfigure(f, c);
            break;
        case Op::WaitlistCap:
            c.train = f.str("train");
            c.date = f.date("date");
            c.travelClass = f.str("class");
            c.cap = f.integerOrNull("cap", 0, 1000000);
            break;
        case Op::Forecast:
            c.id = f.str("id");
            if (f.has("until")) c.until = f.time("until");
            if (f.has("seed"))
                c.seed = static_cast<std::uint64_t>(f.integer("seed", 0, 2147483647));
            break;
    }
    // Only commands that create something by id are compared by fingerprint.
    if (c.op == Op::Sell || c.op == Op::Reschedule || c.op == Op::Block || c.op == Op::Waitlist) {
        Fingerprint fp;
        fp.object(object, true);
        c.fingerprint = fp.result();
    }
    return c;
}

}  // namespace houbu::reader
