#include "houbu/codec.h"

#include <QJsonDocument>
#include <QJsonParseError>
#include <cstdio>

#include "command_reader.h"
#include "qt_json_value.h"
#include "simd_json_value.h"

namespace houbu {
namespace {

using namespace Qt::StringLiterals;

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
        // Events of one command share their time, and a held ticket's pay_by
        // alternates with it: two formatted times are kept.
        thread_local Time cachedTime[2] = {-1, -1};
        thread_local std::string cachedText[2];
        thread_local int older = 0;
        for (int i = 0; i < 2; ++i)
            if (cachedTime[i] == t) return str(k, cachedText[i]);
        cachedTime[older] = t;
        cachedText[older] = formatTime(t);
        const int filled = older;
        older ^= 1;
        str(k, cachedText[filled]);
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
    // An array element that is a bare value (a number).
    void element(const QByteArray& v) {
        if (!first_) out_ += ',';
        first_ = false;
        out_ += v;
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

// A ticket's seat: its label, or null and "standing": true for standing (无座).
void seat(Writer& w, const std::string& label, bool standing) {
    if (!standing) return w.str("seat", label);
    w.raw("seat", "null");
    w.raw("standing", "true");
}

// A limit or cap: a number, or null for none (-1).
void orNull(Writer& w, const char* key, std::int64_t value) {
    if (value < 0)
        w.raw(key, "null");
    else
        w.num(key, value);
}

}  // namespace

namespace {

bool skipped(QByteArrayView trimmed) {
    return trimmed.isEmpty() || trimmed.front() == '#';
}

}  // namespace

ParsedLine parseCommandLineWithQt(QByteArrayView line) {
    ParsedLine result;
    const QByteArrayView trimmed = line.trimmed();
    if (skipped(trimmed)) {
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
        result.command = reader::readCommand(QtJsonValue(QJsonValue(doc.object())));
    } catch (const reader::BadField& bad) {
        result.error = bad.message;
    }
    return result;
}

ParsedLine parseCommandLine(QByteArrayView line) {
    const QByteArrayView trimmed = line.trimmed();
    if (skipped(trimmed)) {
        ParsedLine result;
        result.skip = true;
        return result;
    }
    thread_local SimdJsonDocument document;
    SimdJsonValue root;
    if (!document.parse(std::string_view(trimmed.data(), static_cast<std::size_t>(trimmed.size())),
                        root))
        return parseCommandLineWithQt(trimmed);
    ParsedLine result;
    try {
        result.command = reader::readCommand(root);
    } catch (const reader::BadField& bad) {
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

namespace {

// A probability in hundredths as written: 0.05, 0.37, 1.00.
QByteArray hundredths(int value) {
    const char text[4] = {static_cast<char>('0' + value / 100), '.',
                          static_cast<char>('0' + value / 10 % 10),
                          static_cast<char>('0' + value % 10)};
    return QByteArray(text, 4);
}

}  // namespace

QByteArray encodeEvent(const Event& e) {
    QByteArray out;
    out.reserve(256);
    appendEvent(e, out);
    return out;
}

void appendEvent(const Event& e, QByteArray& out) {
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
            if (e.count > 0) w.num("standing", e.count);
            break;
        case EventKind::TicketHeld:
            w.str("ticket", e.ticket);
            w.str("sale", e.sale);
            w.str("passenger", e.passenger);
            w.str("train", e.train);
            w.str("date", e.date);
            w.str("class", e.travelClass);
            seat(w, e.seat, e.standing);
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
            seat(w, e.seat, e.standing);
            if (e.standing) w.str("class", e.travelClass);
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
                seat(w, t.seat, t.standing);
                w.str("from", t.from);
                w.str("to", t.to);
                if (!t.legs.empty()) {
                    w.openArray("legs");
                    for (const LegLine& leg : t.legs) {
                        w.element();
                        w.begin();
                        w.str("seat", leg.seat);
                        w.str("from", leg.from);
                        w.str("to", leg.to);
                        w.end();
                    }
                    w.closeArray();
                }
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
                if (q.aheadPassengers >= 0) {
                    w.num("ahead_passengers", q.aheadPassengers);
                    w.str("level", q.level);
                }
                w.end();
            }
            w.closeArray();
            break;
        case EventKind::Availability:
            w.num("free", e.count);
            if (e.standingFree >= 0) w.num("standing", e.standingFree);
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
            if (!e.standingLoad.empty()) {
                w.openArray("standing");
                for (const auto& st : e.standingLoad) {
                    w.element();
                    w.begin();
                    w.str("class", st.travelClass);
                    w.num("places", st.places);
                    w.openArray("load");
                    for (std::size_t i = 0; i < st.load.size(); ++i)
                        w.element(QByteArray::number(static_cast<qlonglong>(st.load[i])));
                    w.closeArray();
                    w.end();
                }
                w.closeArray();
            }
            break;
        case EventKind::OptionAdded:
            w.str("id", e.id);
            w.str("train", e.train);
            w.str("date", e.date);
            w.str("class", e.travelClass);
            break;
        case EventKind::WaitlistFailed:
            w.str("id", e.id);
            w.str("reason", e.reason);
            w.str("passenger", e.passenger);
            break;
        case EventKind::Configured: {
            w.key("limits");
            w.begin();
            const std::pair<const char*, int> limits[] = {
                {"passengers", e.limits.passengers},
                {"dates", e.limits.dates},
                {"options_per_date", e.limits.optionsPerDate},
                {"options", e.limits.options},
                {"open_orders_per_user", e.limits.openOrdersPerUser},
            };
            for (const auto& [name, value] : limits)
                orNull(w, name, value);
            w.end();
            break;
        }
        case EventKind::WaitlistCapped:
            w.str("train", e.train);
            w.str("date", e.date);
            w.str("class", e.travelClass);
            orNull(w, "cap", e.count);
            break;
        case EventKind::Forecast:
            w.str("id", e.id);
            w.raw("probability", hundredths(e.forecast.probability));
            w.raw("low", hundredths(e.forecast.low));
            w.raw("high", hundredths(e.forecast.high));
            w.time("by", e.forecast.by);
            w.str("basis", e.forecast.basis);
            break;
        case EventKind::Error:
            w.str("code", errorCodeName(e.code));
            w.str("message", e.message);
            if (e.waitlistHint) w.raw("waitlist", "true");
            break;
    }
    if (e.dryRun) w.raw("dry_run", "true");
    w.end();
}

Runner::Runner(EngineOptions options) : engine_(options) {}

void Runner::processLine(QByteArrayView line, int lineNumber, QByteArray& out) {
    processParsed(parseCommandLine(line), lineNumber, out);
}

void Runner::processParsed(const ParsedLine& parsed, int lineNumber, QByteArray& out) {
    if (parsed.skip) return;
    out_ = &out;
    if (parsed.command)
        engine_.apply(*parsed.command, lineNumber, *this);
    else
        engine_.rejectMalformed(lineNumber, parsed.error.toStdString(), *this);
    out_ = nullptr;
}

void Runner::processParsed(const ParsedLine& parsed, int lineNumber, EventSink& sink) {
    if (parsed.skip) return;
    if (parsed.command)
        engine_.apply(*parsed.command, lineNumber, sink);
    else
        engine_.rejectMalformed(lineNumber, parsed.error.toStdString(), sink);
}

void Runner::onEvent(const Event& event) {
    appendEvent(event, *out_);
    *out_ += '\n';
}

}  // namespace houbu
