// JSON event line -> typed Event: the inverse of appendEvent, for the places
// where events arrive as text (a remote engine, a store's history). Decoding
// then encoding a line gives the same bytes (tst_parse eventsRoundTrip).

#include <simdjson.h>

#include <cmath>
#include <string>
#include <string_view>
#include <unordered_map>

#include "houbu/codec.h"

namespace houbu {

namespace {

using simdjson::dom::element;
using simdjson::dom::object;

struct Failure {
    std::string what;
};

[[noreturn]] void fail(std::string what) {
    throw Failure{std::move(what)};
}

std::optional<EventKind> kindFromName(std::string_view name) {
    static const std::unordered_map<std::string_view, EventKind> kinds = [] {
        std::unordered_map<std::string_view, EventKind> m;
        for (int k = 0; k <= static_cast<int>(kLastEventKind); ++k)
            m.emplace(eventName(static_cast<EventKind>(k)), static_cast<EventKind>(k));
        return m;
    }();
    const auto it = kinds.find(name);
    if (it == kinds.end()) return std::nullopt;
    return it->second;
}

// A member of `o`, or nothing when absent.
std::optional<element> member(const object& o, const char* key) {
    element e;
    if (o.at_key(key).get(e)) return std::nullopt;
    return e;
}

std::string text(const object& o, const char* key) {
    const auto e = member(o, key);
    if (!e) return {};
    std::string_view v;
    if (e->get_string().get(v)) fail(std::string(key) + " is not a string");
    return std::string(v);
}

std::int64_t integer(const object& o, const char* key, std::int64_t absent = 0) {
    const auto e = member(o, key);
    if (!e || e->is_null()) return absent;
    std::int64_t v = 0;
    if (e->get_int64().get(v)) fail(std::string(key) + " is not an integer");
    return v;
}

bool flag(const object& o, const char* key) {
    const auto e = member(o, key);
    bool v = false;
    return e && !e->get_bool().get(v) && v;
}

// A probability written with two decimals, in hundredths.
int hundredths(const object& o, const char* key) {
    const auto e = member(o, key);
    double v = 0;
    if (!e || e->get_double().get(v) || v < 0 || v > 1)
        fail(std::string(key) + " is not a probability");
    return static_cast<int>(std::lround(v * 100));
}

Time time(const object& o, const char* key) {
    const std::string t = text(o, key);
    if (t.empty()) return kEpoch;
    const auto parsed = parseTime(t);
    if (!parsed) fail(std::string(key) + " is not a time");
    return *parsed;
}

simdjson::dom::array array(const object& o, const char* key) {
    const auto e = member(o, key);
    simdjson::dom::array a;
    if (!e || e->get_array().get(a)) fail(std::string(key) + " is not an array");
    return a;
}

object asObject(element e, const char* what) {
    object o;
    if (e.get_object().get(o)) fail(std::string(what) + " holds something other than objects");
    return o;
}

// seat_released, ticket_held and fulfilled tickets: a seat label, or null and
// standing: true for a standing ticket.
void readSeat(const object& o, std::string& seat, bool& standing) {
    const auto e = member(o, "seat");
    standing = e && e->is_null() && flag(o, "standing");
    if (!standing) seat = text(o, "seat");
}

std::vector<std::string> strings(const object& o, const char* key) {
    std::vector<std::string> out;
    for (element item : array(o, key)) {
        std::string_view v;
        if (item.get_string().get(v)) fail(std::string(key) + " holds something other than text");
        out.emplace_back(v);
    }
    return out;
}

void readFields(const object& o, Event& e) {
    switch (e.kind) {
        case EventKind::TrainDefined:
            e.train = text(o, "train");
            e.date = text(o, "date");
            e.count = integer(o, "seats");
            break;
        case EventKind::CarAdded:
            e.train = text(o, "train");
            e.date = text(o, "date");
            e.car = static_cast<int>(integer(o, "car"));
            e.travelClass = text(o, "class");
            e.seatList = strings(o, "seats");
            e.count = integer(o, "standing");
            break;
        case EventKind::TicketHeld:
            e.ticket = text(o, "ticket");
            e.sale = text(o, "sale");
            e.passenger = text(o, "passenger");
            e.train = text(o, "train");
            e.date = text(o, "date");
            e.travelClass = text(o, "class");
            readSeat(o, e.seat, e.standing);
            e.from = text(o, "from");
            e.to = text(o, "to");
            e.payBy = time(o, "pay_by");
            break;
        case EventKind::TicketPaid:
        case EventKind::HoldExpired:
            e.ticket = text(o, "ticket");
            break;
        case EventKind::TicketRefunded:
            e.ticket = text(o, "ticket");
            e.reason = text(o, "reason");
            break;
        case EventKind::SeatReleased:
            e.train = text(o, "train");
            e.date = text(o, "date");
            readSeat(o, e.seat, e.standing);
            if (e.standing) e.travelClass = text(o, "class");
            e.from = text(o, "from");
            e.to = text(o, "to");
            e.reason = text(o, "source");
            break;
        case EventKind::BlockCreated:
            e.id = text(o, "id");
            e.train = text(o, "train");
            e.date = text(o, "date");
            e.travelClass = text(o, "class");
            e.from = text(o, "from");
            e.to = text(o, "to");
            e.seatList = strings(o, "seats");
            break;
        case EventKind::WaitlistSubmitted: {
            e.id = text(o, "id");
            double yuan = 0;
            const auto prepay = member(o, "prepay");
            if (!prepay || prepay->get_double().get(yuan)) fail("prepay is not a number");
            e.prepayFen = std::llround(yuan * 100);
            e.payBy = time(o, "pay_by");
            break;
        }
        case EventKind::BlockReleased:
        case EventKind::WaitlistEffective:
        case EventKind::WaitlistExpired:
        case EventKind::Duplicate:
            e.id = text(o, "id");
            break;
        case EventKind::WaitlistFulfilled:
            e.id = text(o, "id");
            e.train = text(o, "train");
            e.date = text(o, "date");
            e.travelClass = text(o, "class");
            for (element item : array(o, "tickets")) {
                const object t = asObject(item, "tickets");
                TicketLine line;
                line.ticket = text(t, "ticket");
                line.passenger = text(t, "passenger");
                readSeat(t, line.seat, line.standing);
                line.from = text(t, "from");
                line.to = text(t, "to");
                if (member(t, "legs"))
                    for (element legItem : array(t, "legs")) {
                        const object leg = asObject(legItem, "legs");
                        line.legs.push_back(
                            LegLine{text(leg, "seat"), text(leg, "from"), text(leg, "to")});
                    }
                e.tickets.push_back(std::move(line));
            }
            break;
        case EventKind::WaitlistCancelled:
        case EventKind::MatchConsidered:
        case EventKind::MatchSkipped:
            e.id = text(o, "id");
            e.reason = text(o, "reason");
            break;
        case EventKind::Position:
            e.id = text(o, "id");
            for (element item : array(o, "queues")) {
                const object q = asObject(item, "queues");
                QueueRank rank;
                rank.train = text(q, "train");
                rank.date = text(q, "date");
                rank.travelClass = text(q, "class");
                rank.rank = integer(q, "rank");
                rank.aheadPassengers = integer(q, "ahead_passengers", -1);
                rank.level = text(q, "level");
                e.queues.push_back(std::move(rank));
            }
            break;
        case EventKind::Availability:
            e.count = integer(o, "free");
            e.standingFree = integer(o, "standing", -1);
            break;
        case EventKind::Seatmap:
            for (element item : array(o, "seats")) {
                const object s = asObject(item, "seats");
                SeatState seat;
                seat.seat = text(s, "seat");
                seat.travelClass = text(s, "class");
                for (element span : array(s, "occupied")) {
                    const object p = asObject(span, "occupied");
                    seat.occupied.push_back({text(p, "from"), text(p, "to"), text(p, "kind"),
                                             text(p, "holder"), text(p, "passenger")});
                }
                e.seatmap.push_back(std::move(seat));
            }
            if (member(o, "standing")) {
                for (element item : array(o, "standing")) {
                    const object s = asObject(item, "standing");
                    StandingState st;
                    st.travelClass = text(s, "class");
                    st.places = integer(s, "places");
                    for (element load : array(s, "load")) {
                        std::int64_t v = 0;
                        if (load.get_int64().get(v)) fail("standing load is not an integer");
                        st.load.push_back(v);
                    }
                    e.standingLoad.push_back(std::move(st));
                }
            }
            break;
        case EventKind::Forecast:
            e.id = text(o, "id");
            e.forecast.probability = hundredths(o, "probability");
            e.forecast.low = hundredths(o, "low");
            e.forecast.high = hundredths(o, "high");
            e.forecast.by = time(o, "by");
            e.forecast.basis = text(o, "basis");
            break;
        case EventKind::OptionAdded:
            e.id = text(o, "id");
            e.train = text(o, "train");
            e.date = text(o, "date");
            e.travelClass = text(o, "class");
            break;
        case EventKind::WaitlistFailed:
            e.id = text(o, "id");
            e.reason = text(o, "reason");
            e.passenger = text(o, "passenger");
            break;
        case EventKind::Configured: {
            const auto limits = member(o, "limits");
            if (!limits) fail("limits is missing");
            const object l = asObject(*limits, "limits");
            e.limits.passengers = static_cast<int>(integer(l, "passengers", -1));
            e.limits.dates = static_cast<int>(integer(l, "dates", -1));
            e.limits.optionsPerDate = static_cast<int>(integer(l, "options_per_date", -1));
            e.limits.options = static_cast<int>(integer(l, "options", -1));
            e.limits.openOrdersPerUser = static_cast<int>(integer(l, "open_orders_per_user", -1));
            break;
        }
        case EventKind::WaitlistCapped:
            e.train = text(o, "train");
            e.date = text(o, "date");
            e.travelClass = text(o, "class");
            e.count = integer(o, "cap", -1);
            break;
        case EventKind::Error: {
            const std::string code = text(o, "code");
            const auto known = errorCodeFromName(code);
            if (!known) fail("unknown error code " + code);
            e.code = *known;
            e.message = text(o, "message");
            e.waitlistHint = flag(o, "waitlist");
            break;
        }
    }
}

}  // namespace

bool decodeEvent(QByteArrayView line, Event& out, QString* error) {
    thread_local simdjson::dom::parser parser;
    thread_local std::string padded;
    padded.assign(line.data(), static_cast<std::size_t>(line.size()));
    padded.resize(padded.size() + simdjson::SIMDJSON_PADDING);
    auto report = [&](const std::string& what) {
        if (error) *error = QString::fromStdString(what);
        return false;
    };
    element root;
    if (const auto code =
            parser.parse(padded.data(), static_cast<std::size_t>(line.size()), false).get(root))
        return report(std::string("not JSON: ") + simdjson::error_message(code));
    object o;
    if (root.get_object().get(o)) return report("not a JSON object");
    out = Event{};
    try {
        const auto kind = kindFromName(text(o, "event"));
        if (!kind) return report("unknown event " + text(o, "event"));
        out.kind = *kind;
        out.seq = static_cast<std::uint64_t>(integer(o, "seq"));
        out.at = time(o, "at");
        out.line = static_cast<int>(integer(o, "line"));
        readFields(o, out);
        out.dryRun = flag(o, "dry_run");
    } catch (const Failure& f) {
        return report(f.what);
    }
    return true;
}

}  // namespace houbu
