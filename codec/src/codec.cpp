#include "houbu/codec.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QStringList>
#include <algorithm>
#include <cmath>
#include <cstdio>

namespace houbu {
namespace {

using namespace Qt::StringLiterals;

// ---- parsing ---------------------------------------------------------------------

struct BadField {
    QString message;
};

QString quoted(const QString& s) {
    return u'\'' + s + u'\'';
}

const char* typeName(const QJsonValue& v) {
    switch (v.type()) {
        case QJsonValue::Null:
            return "null";
        case QJsonValue::Bool:
            return "a boolean";
        case QJsonValue::Double:
            return "a number";
        case QJsonValue::String:
            return "a string";
        case QJsonValue::Array:
            return "an array";
        case QJsonValue::Object:
            return "an object";
        case QJsonValue::Undefined:
            return "missing";
    }
    return "?";
}

// Reads fields of one JSON object, throwing BadField with a message naming the field.
class Fields {
  public:
    Fields(const QJsonObject& object, QString prefix) : o_(object), prefix_(std::move(prefix)) {}

    bool has(const char* key) const { return o_.contains(QLatin1String(key)); }

    QString name(const char* key) const { return prefix_ + QLatin1String(key); }

    [[noreturn]] void fail(const char* key, const QString& what) const {
        throw BadField{u"field "_s + quoted(name(key)) + u' ' + what};
    }

    QJsonValue value(const char* key) const {
        const QJsonValue v = o_.value(QLatin1String(key));
        if (v.isUndefined()) throw BadField{u"missing required field "_s + quoted(name(key))};
        return v;
    }

    std::string str(const char* key) const {
        const QJsonValue v = value(key);
        if (!v.isString()) fail(key, u"must be a string, not "_s + QLatin1String(typeName(v)));
        const QString s = v.toString();
        if (s.trimmed().isEmpty()) fail(key, u"must not be empty"_s);
        // A lone surrogate (\ud800) would silently become '?': two different ids alike.
        if (!s.isValidUtf16()) fail(key, u"contains an invalid \\u escape (a lone surrogate)"_s);
        return s.toStdString();
    }
    std::string optStr(const char* key) const { return has(key) ? str(key) : std::string(); }

    double number(const char* key) const {
        const QJsonValue v = value(key);
        if (!v.isDouble()) fail(key, u"must be a number, not "_s + QLatin1String(typeName(v)));
        return v.toDouble();
    }

    int integer(const char* key, int lo, int hi) const {
        const QJsonValue v = value(key);
        if (!v.isDouble() || v.toDouble() != std::floor(v.toDouble()))
            fail(key, u"must be a whole number, not "_s + QLatin1String(typeName(v)));
        const double d = v.toDouble();
        if (d < lo || d > hi)
            fail(key, u"must be between %1 and %2, got %3"_s.arg(lo).arg(hi).arg(d));
        return static_cast<int>(d);
    }

    QJsonArray array(const char* key) const {
        const QJsonValue v = value(key);
        if (!v.isArray()) fail(key, u"must be an array, not "_s + QLatin1String(typeName(v)));
        return v.toArray();
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
        const QJsonArray a = array(key);
        if (a.size() < lo || a.size() > hi)
            fail(key, u"must list %1 to %2 names, got %3"_s.arg(lo).arg(hi).arg(a.size()));
        std::vector<std::string> out;
        for (qsizetype i = 0; i < a.size(); ++i) {
            if (!a[i].isString() || a[i].toString().trimmed().isEmpty())
                fail(key, u"item %1 must be a non-empty string"_s.arg(i + 1));
            out.push_back(a[i].toString().toStdString());
        }
        return out;
    }

    int carNumber(const char* key) const {
        const QJsonValue v = value(key);
        if (v.isString()) {
            bool ok = false;
            const int n = v.toString().toInt(&ok);
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
        const QJsonArray a = array(key);
        if (a.isEmpty()) fail(key, u"must list at least one seat"_s);
        std::vector<std::string> out;
        std::vector<std::string> canonical;  // "1-1A" and "01-01A" are one seat
        for (qsizetype i = 0; i < a.size(); ++i) {
            const std::string label = a[i].toString().toStdString();
            const std::string seat = canonicalSeatLabel(label);
            if (!a[i].isString() || seat.empty())
                fail(key, u"item %1 must be a seat label CC-RRL such as \"03-12A\""_s.arg(i + 1));
            if (std::find(canonical.begin(), canonical.end(), seat) != canonical.end())
                fail(key, u"names seat %1 twice"_s.arg(QString::fromStdString(seat)));
            canonical.push_back(seat);
            out.push_back(label);
        }
        return out;
    }

    const QJsonObject& object() const { return o_; }

  private:
    QJsonObject o_;
    QString prefix_;
};

const std::pair<const char*, Op> kOps[] = {
    {"train", Op::Train},       {"add_car", Op::AddCar},
    {"sell", Op::Sell},         {"pay", Op::Pay},
    {"refund", Op::Refund},     {"reschedule", Op::Reschedule},
    {"block", Op::Block},       {"release", Op::Release},
    {"waitlist", Op::Waitlist}, {"prepay", Op::Prepay},
    {"cancel", Op::Cancel},     {"advance", Op::Advance},
    {"position", Op::Position}, {"availability", Op::Availability},
    {"seatmap", Op::Seatmap},
};

// FNV-1a over a canonical walk of the JSON value: object keys come sorted, so
// two objects with the same content hash alike whatever their key order.
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
    void text(const QString& s) {
        const auto n = static_cast<std::uint64_t>(s.size());
        bytes(&n, sizeof n);
        bytes(s.constData(), static_cast<std::size_t>(s.size()) * sizeof(QChar));
    }
    void value(const QJsonValue& v) {
        switch (v.type()) {
            case QJsonValue::Null:
                tag('n');
                break;
            case QJsonValue::Bool:
                tag(v.toBool() ? 't' : 'f');
                break;
            case QJsonValue::Double: {
                tag('d');
                const double d = v.toDouble();
                bytes(&d, sizeof d);
                break;
            }
            case QJsonValue::String:
                tag('s');
                text(v.toString());
                break;
            case QJsonValue::Array: {
                tag('[');
                const QJsonArray a = v.toArray();
                for (const auto& item : a)
                    value(item);
                tag(']');
                break;
            }
            case QJsonValue::Object:
                object(v.toObject(), false);
                break;
            case QJsonValue::Undefined:
                break;
        }
    }
    void object(const QJsonObject& o, bool skipAt) {
        tag('{');
        for (auto it = o.begin(); it != o.end(); ++it) {
            if (skipAt && it.key() == u"at"_s) continue;
            text(it.key());
            value(it.value());
        }
        tag('}');
    }
    std::uint64_t result() const { return h_; }

  private:
    std::uint64_t h_ = 1469598103934665603ull;
};

std::uint64_t fingerprintOf(const QJsonObject& object) {
    Fingerprint f;
    f.object(object, true);
    return f.result();
}

void readInterval(const Fields& f, Command& c) {
    c.train = f.str("train");
    c.date = f.date("date");
    c.from = f.str("from");
    c.to = f.str("to");
}

CarSpec readCar(const Fields& f) {
    CarSpec car;
    car.car = f.carNumber("car");
    car.travelClass = f.str("class");
    car.rows = f.integer("rows", 1, 99);
    car.layout = f.layout("layout");
    return car;
}

void readTrain(const Fields& f, Command& c) {
    c.train = f.str("train");
    c.date = f.date("date");
    const QJsonArray stops = f.array("stops");
    if (stops.size() < 2 || stops.size() > 64)
        f.fail("stops", u"must list 2 to 64 stops, got %1"_s.arg(stops.size()));
    for (qsizetype i = 0; i < stops.size(); ++i) {
        const QString prefix = u"stops[%1]."_s.arg(i);
        if (!stops[i].isObject()) f.fail("stops", u"item %1 must be an object"_s.arg(i + 1));
        const Fields s(stops[i].toObject(), prefix);
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
    const QJsonArray cars = f.array("cars");
    for (qsizetype i = 0; i < cars.size(); ++i) {
        if (!cars[i].isObject()) f.fail("cars", u"item %1 must be an object"_s.arg(i + 1));
        CarSpec car = readCar(Fields(cars[i].toObject(), u"cars[%1]."_s.arg(i)));
        for (const auto& earlier : c.cars)
            if (earlier.car == car.car) f.fail("cars", u"lists car %1 twice"_s.arg(car.car));
        c.cars.push_back(std::move(car));
    }
    if (f.has("fares")) {
        const QJsonValue v = f.value("fares");
        if (!v.isObject()) f.fail("fares", u"must be an object {class: yuan per km}"_s);
        const QJsonObject fares = v.toObject();
        for (auto it = fares.begin(); it != fares.end(); ++it) {
            if (!it.value().isDouble() || it.value().toDouble() < 0 || it.value().toDouble() > 1000)
                f.fail("fares", u"entry %1 must be a number of yuan per km from 0 to 1000"_s.arg(
                                    quoted(it.key())));
            c.fares.emplace_back(it.key().toStdString(), it.value().toDouble());
        }
    }
    if (f.has("hold_minutes")) c.holdMinutes = f.integer("hold_minutes", 0, 7 * 24 * 60);
    if (f.has("policy"))
        c.policy =
            f.oneOf("policy", {"complete", "exact"}) == "exact" ? Policy::Exact : Policy::Complete;
}

void readWaitlist(const Fields& f, Command& c) {
    c.id = f.str("id");
    c.user = f.str("user");
    c.passengers = f.names("passengers", 1, 5);
    c.from = f.str("from");
    c.to = f.str("to");
    const QJsonArray options = f.array("options");
    if (options.isEmpty()) f.fail("options", u"must list at least one option"_s);
    QStringList dates;
    for (qsizetype i = 0; i < options.size(); ++i) {
        if (!options[i].isObject()) f.fail("options", u"item %1 must be an object"_s.arg(i + 1));
        const Fields o(options[i].toObject(), u"options[%1]."_s.arg(i));
        OptionSpec opt{o.str("train"), o.date("date"), o.str("class")};
        for (const auto& earlier : c.options)
            if (earlier.train == opt.train && earlier.date == opt.date &&
                earlier.travelClass == opt.travelClass)
                f.fail("options",
                       u"lists %1 %2 %3 twice"_s.arg(QString::fromStdString(opt.train),
                                                     QString::fromStdString(opt.date),
                                                     QString::fromStdString(opt.travelClass)));
        dates << QString::fromStdString(opt.date);
        c.options.push_back(std::move(opt));
    }
    QStringList distinct = dates;
    distinct.removeDuplicates();
    if (distinct.size() > 2)
        f.fail("options", u"spans %1 dates (%2); at most 2 dates are allowed"_s.arg(distinct.size())
                              .arg(distinct.join(u", "_s)));
    for (const QString& d : distinct)
        if (dates.count(d) > 5)
            f.fail("options",
                   u"has %1 options on %2; at most 5 per date are allowed"_s.arg(dates.count(d))
                       .arg(d));
    if (f.has("deadline")) c.deadline = f.time("deadline");
}

Command readCommand(const QJsonObject& object) {
    const Fields f(object, QString());
    const QJsonValue opValue = f.value("op");
    if (!opValue.isString())
        f.fail("op", u"must be a string, not "_s + QLatin1String(typeName(opValue)));
    const QString opName = opValue.toString();
    Command c;
    bool known = false;
    for (const auto& [name, op] : kOps) {
        if (opName == QLatin1String(name)) {
            c.op = op;
            known = true;
        }
    }
    if (!known) throw BadField{u"unknown op "_s + quoted(opName)};
    if (f.has("at")) c.at = f.time("at");

    switch (c.op) {
        case Op::Train:
            readTrain(f, c);
            break;
        case Op::AddCar:
            c.train = f.str("train");
            c.date = f.date("date");
            c.cars.push_back(readCar(f));
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
    }
    // Only commands that create something by id are compared by fingerprint.
    if (c.op == Op::Sell || c.op == Op::Reschedule || c.op == Op::Block || c.op == Op::Waitlist)
        c.fingerprint = fingerprintOf(object);
    return c;
}

// ---- encoding ----------------------------------------------------------------------

class Writer {
  public:
    explicit Writer(QByteArray& out) : out_(out) {}

    void begin() {
        out_ += '{';
        first_ = true;
    }
    void end() {
        out_ += '}';
        first_ = false;
    }
    void key(const char* k) {
        if (!first_) out_ += ',';
        first_ = false;
        out_ += '"';
        out_ += k;
        out_ += "\":";
    }
    void str(const char* k, const std::string& v) {
        key(k);
        quote(v);
    }
    void num(const char* k, std::int64_t v) {
        key(k);
        out_ += QByteArray::number(static_cast<qlonglong>(v));
    }
    void raw(const char* k, const QByteArray& v) {
        key(k);
        out_ += v;
    }
    void time(const char* k, Time t) {
        // Events of one command share their time: format it once.
        thread_local Time cachedTime = -1;
        thread_local std::string cachedText;
        if (t != cachedTime) {
            cachedTime = t;
            cachedText = formatTime(t);
        }
        str(k, cachedText);
    }
    void openArray(const char* k) {
        key(k);
        out_ += '[';
        first_ = true;
    }
    void closeArray() {
        out_ += ']';
        first_ = false;
    }
    void element() {
        if (!first_) out_ += ',';
        first_ = true;
    }  // before a nested object
    void quote(const std::string& v) {
        out_ += '"';
        for (unsigned char ch : v) {
            switch (ch) {
                case '"':
                    out_ += "\\\"";
                    break;
                case '\\':
                    out_ += "\\\\";
                    break;
                case '\n':
                    out_ += "\\n";
                    break;
                case '\r':
                    out_ += "\\r";
                    break;
                case '\t':
                    out_ += "\\t";
                    break;
                default:
                    if (ch < 0x20) {
                        char buf[8];
                        std::snprintf(buf, sizeof buf, "\\u%04x", ch);
                        out_ += buf;
                    } else {
                        out_ += static_cast<char>(ch);
                    }
            }
        }
        out_ += '"';
    }
    void strings(const char* k, const std::vector<std::string>& v) {
        openArray(k);
        for (std::size_t i = 0; i < v.size(); ++i) {
            if (i) out_ += ',';
            quote(v[i]);
        }
        out_ += ']';
        first_ = false;
    }

  private:
    QByteArray& out_;
    bool first_ = true;
};

}  // namespace

ParsedLine parseCommandLine(QByteArrayView line) {
    ParsedLine result;
    const QByteArrayView trimmed = line.trimmed();
    if (trimmed.isEmpty() || trimmed.front() == '#') {
        result.skip = true;
        return result;
    }
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(trimmed.toByteArray(), &error);
    if (error.error != QJsonParseError::NoError) {
        result.error = u"line is not valid JSON: %1 at character %2"_s.arg(error.errorString())
                           .arg(error.offset + 1);
        return result;
    }
    if (!doc.isObject()) {
        result.error = u"line must be one JSON object with an 'op' field"_s;
        return result;
    }
    try {
        result.command = readCommand(doc.object());
    } catch (const BadField& bad) {
        result.error = bad.message;
    }
    return result;
}

QByteArray formatYuan(std::int64_t fen) {
    QByteArray out = fen < 0 ? QByteArray("-") : QByteArray();
    if (fen < 0) fen = -fen;
    out += QByteArray::number(static_cast<qlonglong>(fen / 100));
    const std::int64_t cents = fen % 100;
    if (cents != 0) {
        out += '.';
        out += static_cast<char>('0' + cents / 10);
        if (cents % 10) out += static_cast<char>('0' + cents % 10);
    }
    return out;
}

QByteArray encodeEvent(const Event& e) {
    QByteArray out;
    out.reserve(256);
    Writer w(out);
    w.begin();
    w.num("seq", static_cast<std::int64_t>(e.seq));
    w.time("at", e.at);
    w.str("event", eventName(e.kind));
    w.num("line", e.line);
    switch (e.kind) {
        case EventKind::TrainDefined:
            w.str("train", e.train);
            w.str("date", e.date);
            w.num("seats", e.count);
            break;
        case EventKind::CarAdded:
            w.str("train", e.train);
            w.str("date", e.date);
            w.num("car", e.car);
            w.str("class", e.travelClass);
            w.strings("seats", e.seatList);
            break;
        case EventKind::TicketHeld:
            w.str("ticket", e.ticket);
            w.str("sale", e.sale);
            w.str("passenger", e.passenger);
            w.str("train", e.train);
            w.str("date", e.date);
            w.str("class", e.travelClass);
            w.str("seat", e.seat);
            w.str("from", e.from);
            w.str("to", e.to);
            w.time("pay_by", e.payBy);
            break;
        case EventKind::TicketPaid:
        case EventKind::HoldExpired:
            w.str("ticket", e.ticket);
            break;
        case EventKind::TicketRefunded:
            w.str("ticket", e.ticket);
            w.str("reason", e.reason);
            break;
        case EventKind::SeatReleased:
            w.str("train", e.train);
            w.str("date", e.date);
            w.str("seat", e.seat);
            w.str("from", e.from);
            w.str("to", e.to);
            w.str("source", e.reason);
            break;
        case EventKind::BlockCreated:
            w.str("id", e.id);
            w.str("train", e.train);
            w.str("date", e.date);
            w.str("class", e.travelClass);
            w.str("from", e.from);
            w.str("to", e.to);
            w.strings("seats", e.seatList);
            break;
        case EventKind::WaitlistSubmitted:
            w.str("id", e.id);
            w.raw("prepay", formatYuan(e.prepayFen));
            w.time("pay_by", e.payBy);
            break;
        case EventKind::BlockReleased:
        case EventKind::WaitlistEffective:
        case EventKind::WaitlistExpired:
        case EventKind::Duplicate:
            w.str("id", e.id);
            break;
        case EventKind::WaitlistFulfilled:
            w.str("id", e.id);
            w.str("train", e.train);
            w.str("date", e.date);
            w.str("class", e.travelClass);
            w.openArray("tickets");
            for (const auto& t : e.tickets) {
                w.element();
                w.begin();
                w.str("ticket", t.ticket);
                w.str("passenger", t.passenger);
                w.str("seat", t.seat);
                w.str("from", t.from);
                w.str("to", t.to);
                w.end();
            }
            w.closeArray();
            break;
        case EventKind::WaitlistCancelled:
        case EventKind::MatchConsidered:
        case EventKind::MatchSkipped:
            w.str("id", e.id);
            w.str("reason", e.reason);
            break;
        case EventKind::Position:
            w.str("id", e.id);
            w.openArray("queues");
            for (const auto& q : e.queues) {
                w.element();
                w.begin();
                w.str("train", q.train);
                w.str("date", q.date);
                w.str("class", q.travelClass);
                w.num("rank", q.rank);
                w.end();
            }
            w.closeArray();
            break;
        case EventKind::Availability:
            w.num("free", e.count);
            break;
        case EventKind::Seatmap:
            w.openArray("seats");
            for (const auto& s : e.seatmap) {
                w.element();
                w.begin();
                w.str("seat", s.seat);
                w.str("class", s.travelClass);
                w.openArray("occupied");
                for (const auto& o : s.occupied) {
                    w.element();
                    w.begin();
                    w.str("from", o.from);
                    w.str("to", o.to);
                    w.str("kind", o.kind);
                    w.str("holder", o.holder);
                    if (!o.passenger.empty()) w.str("passenger", o.passenger);
                    w.end();
                }
                w.closeArray();
                w.end();
            }
            w.closeArray();
            break;
        case EventKind::Error:
            w.str("code", e.code);
            w.str("message", e.message);
            if (e.waitlistHint) w.raw("waitlist", "true");
            break;
    }
    w.end();
    return out;
}

Runner::Runner(EngineOptions options) : engine_(options) {}

void Runner::processLine(QByteArrayView line, int lineNumber, QByteArray& out) {
    out_ = &out;
    const ParsedLine parsed = parseCommandLine(line);
    if (parsed.skip) return;
    if (parsed.command)
        engine_.apply(*parsed.command, lineNumber, *this);
    else
        engine_.rejectMalformed(lineNumber, parsed.error.toStdString(), *this);
    out_ = nullptr;
}

void Runner::onEvent(const Event& event) {
    *out_ += encodeEvent(event);
    *out_ += '\n';
}

}  // namespace houbu
