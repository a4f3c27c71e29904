#include "houbu/view_json.h"

#include <algorithm>

#include <QString>

namespace houbu {

using namespace Qt::StringLiterals;

namespace {

QString s(const std::string& text) {
    return QString::fromStdString(text);
}
std::string str(const QJsonObject& o, QLatin1StringView key) {
    return o.value(key).toString().toStdString();
}
int integer(const QJsonObject& o, QLatin1StringView key, int fallback = 0) {
    return o.value(key).toInt(fallback);
}
qint64 int64(const QJsonObject& o, QLatin1StringView key, qint64 fallback = 0) {
    return o.value(key).toInteger(fallback);
}

const char* kindName(HolderView::Kind k) {
    switch (k) {
        case HolderView::Kind::Held:
            return "held";
        case HolderView::Kind::Paid:
            return "paid";
        case HolderView::Kind::Served:
            return "served";
        case HolderView::Kind::Block:
            return "block";
    }
    return "held";
}

HolderView::Kind kindFrom(const QString& name) {
    if (name == "paid"_L1) return HolderView::Kind::Paid;
    if (name == "served"_L1) return HolderView::Kind::Served;
    if (name == "block"_L1) return HolderView::Kind::Block;
    return HolderView::Kind::Held;
}

QJsonObject holderJson(const HolderView& h) {
    QJsonObject o{{"kind"_L1, QLatin1StringView(kindName(h.kind))},
                  {"from"_L1, h.from},
                  {"to"_L1, h.to},
                  {"id"_L1, s(h.id)},
                  {"passenger"_L1, s(h.passenger)},
                  {"sale"_L1, s(h.sale)},
                  {"pay_by"_L1, static_cast<qint64>(h.payBy)}};
    if (!h.legs.empty()) {
        QJsonArray legs;
        for (const LegView& leg : h.legs)
            legs.append(
                QJsonObject{{"seat"_L1, s(leg.seat)}, {"from"_L1, leg.from}, {"to"_L1, leg.to}});
        o.insert("legs"_L1, legs);
    }
    return o;
}

HolderView holderFrom(const QJsonObject& o) {
    HolderView h;
    h.kind = kindFrom(o.value("kind"_L1).toString());
    h.from = integer(o, "from"_L1);
    h.to = integer(o, "to"_L1);
    h.id = str(o, "id"_L1);
    h.passenger = str(o, "passenger"_L1);
    h.sale = str(o, "sale"_L1);
    h.payBy = int64(o, "pay_by"_L1, -1);
    for (const auto& x : o.value("legs"_L1).toArray()) {
        const QJsonObject leg = x.toObject();
        h.legs.push_back(
            LegView{str(leg, "seat"_L1), integer(leg, "from"_L1), integer(leg, "to"_L1)});
    }
    return h;
}

QJsonArray holdersJson(const std::vector<HolderView>& holders) {
    QJsonArray a;
    for (const auto& h : holders)
        a.append(holderJson(h));
    return a;
}

std::vector<HolderView> holdersFrom(const QJsonArray& a) {
    std::vector<HolderView> out;
    for (const auto& h : a)
        out.push_back(holderFrom(h.toObject()));
    return out;
}

QJsonArray strings(const std::vector<std::string>& list) {
    QJsonArray a;
    for (const auto& x : list)
        a.append(s(x));
    return a;
}

std::vector<std::string> stringsFrom(const QJsonArray& a) {
    std::vector<std::string> out;
    for (const auto& x : a)
        out.push_back(x.toString().toStdString());
    return out;
}

}  // namespace

QJsonObject toJson(const RunSummary& v) {
    return {{"train"_L1, s(v.train)},
            {"date"_L1, s(v.date)},
            {"stops"_L1, v.stops},
            {"seats"_L1, v.seats},
            {"load_factor"_L1, v.loadFactor},
            {"queued_orders"_L1, v.queuedOrders},
            {"queued_passengers"_L1, v.queuedPassengers},
            {"free_seat_segments"_L1, static_cast<qint64>(v.freeSeatSegments)},
            {"longest_queue"_L1, v.longestQueue}};
}

bool fromJson(const QJsonObject& o, RunSummary& v) {
    v.train = str(o, "train"_L1);
    v.date = str(o, "date"_L1);
    v.stops = integer(o, "stops"_L1);
    v.seats = integer(o, "seats"_L1);
    v.loadFactor = o.value("load_factor"_L1).toDouble();
    v.queuedOrders = integer(o, "queued_orders"_L1);
    v.queuedPassengers = integer(o, "queued_passengers"_L1);
    v.freeSeatSegments = o.value("free_seat_segments"_L1).toInteger();
    v.longestQueue = o.value("longest_queue"_L1).toInt(-1);
    return !v.train.empty();
}

QJsonObject toJson(const HotQueue& v) {
    return {{"train"_L1, s(v.train)},
            {"date"_L1, s(v.date)},
            {"class"_L1, s(v.travelClass)},
            {"from"_L1, v.from},
            {"to"_L1, v.to},
            {"from_station"_L1, s(v.fromStation)},
            {"to_station"_L1, s(v.toStation)},
            {"orders"_L1, v.orders},
            {"passengers"_L1, v.passengers},
            {"free_seats"_L1, v.freeSeats}};
}

bool fromJson(const QJsonObject& o, HotQueue& v) {
    v.train = str(o, "train"_L1);
    v.date = str(o, "date"_L1);
    v.travelClass = str(o, "class"_L1);
    v.from = integer(o, "from"_L1);
    v.to = integer(o, "to"_L1);
    v.fromStation = str(o, "from_station"_L1);
    v.toStation = str(o, "to_station"_L1);
    v.orders = integer(o, "orders"_L1);
    v.passengers = integer(o, "passengers"_L1);
    v.freeSeats = integer(o, "free_seats"_L1);
    return !v.train.empty();
}

QJsonObject toJson(const RunView& v) {
    QJsonArray stops;
    for (const auto& st : v.stops)
        stops.append(QJsonObject{{"station"_L1, s(st.station)},
                                 {"km"_L1, st.km},
                                 {"arr"_L1, static_cast<qint64>(st.arrival)},
                                 {"dep"_L1, static_cast<qint64>(st.departure)}});
    QJsonArray cars;
    for (const auto& c : v.cars)
        cars.append(QJsonObject{{"car"_L1, c.number},
                                {"class"_L1, s(c.travelClass)},
                                {"rows"_L1, c.rows},
                                {"layout"_L1, s(c.layout)}});
    QJsonArray details;
    for (const auto& c : v.classDetails) {
        QJsonArray load;
        for (int n : c.standingLoad)
            load.append(n);
        details.append(QJsonObject{{"class"_L1, s(c.name)},
                                   {"standing"_L1, c.standingPlaces},
                                   {"load"_L1, load},
                                   {"cap"_L1, c.cap},
                                   {"queued_passengers"_L1, c.queuedPassengers}});
    }
    return {{"train"_L1, s(v.train)},
            {"date"_L1, s(v.date)},
            {"stops"_L1, stops},
            {"cars"_L1, cars},
            {"classes"_L1, strings(v.classes)},
            {"class_details"_L1, details},
            {"hold_minutes"_L1, v.holdMinutes},
            {"policy"_L1, v.exactPolicy ? "exact"_L1 : "complete"_L1},
            {"added"_L1, v.added}};
}

bool fromJson(const QJsonObject& o, RunView& v) {
    v = RunView{};
    v.train = str(o, "train"_L1);
    v.date = str(o, "date"_L1);
    for (const auto& x : o.value("stops"_L1).toArray()) {
        const QJsonObject st = x.toObject();
        v.stops.push_back({str(st, "station"_L1), st.value("km"_L1).toDouble(),
                           int64(st, "arr"_L1, -1), int64(st, "dep"_L1, -1)});
    }
    for (const auto& x : o.value("cars"_L1).toArray()) {
        const QJsonObject c = x.toObject();
        v.cars.push_back(
            {integer(c, "car"_L1), str(c, "class"_L1), integer(c, "rows"_L1), str(c, "layout"_L1)});
    }
    v.classes = stringsFrom(o.value("classes"_L1).toArray());
    v.holdMinutes = integer(o, "hold_minutes"_L1, 30);
    v.exactPolicy = o.value("policy"_L1).toString() == "exact"_L1;
    v.added = o.value("added"_L1).toBool();
    for (const auto& x : o.value("class_details"_L1).toArray()) {
        const QJsonObject c = x.toObject();
        ClassView d;
        d.name = str(c, "class"_L1);
        d.standingPlaces = integer(c, "standing"_L1);
        for (const auto& n : c.value("load"_L1).toArray())
            d.standingLoad.push_back(n.toInt());
        d.cap = integer(c, "cap"_L1, -1);
        d.queuedPassengers = integer(c, "queued_passengers"_L1);
        v.classDetails.push_back(std::move(d));
    }
    return !v.train.empty();
}

QJsonObject toJson(const SeatView& v) {
    // The mask as a string: a JSON number cannot carry 64 bits exactly.
    return {{"label"_L1, s(v.label)},
            {"class"_L1, s(v.travelClass)},
            {"car"_L1, v.car},
            {"row"_L1, v.row},
            {"letter"_L1, QString(QLatin1Char(v.letter))},
            {"mask"_L1, QString::number(v.mask)},
            {"holders"_L1, holdersJson(v.holders)}};
}

bool fromJson(const QJsonObject& o, SeatView& v) {
    v.label = str(o, "label"_L1);
    v.travelClass = str(o, "class"_L1);
    v.car = integer(o, "car"_L1);
    v.row = integer(o, "row"_L1);
    const QString letter = o.value("letter"_L1).toString();
    v.letter = letter.isEmpty() ? 'A' : static_cast<char>(letter.at(0).toLatin1());
    v.mask = o.value("mask"_L1).toString().toULongLong();
    v.holders = holdersFrom(o.value("holders"_L1).toArray());
    return !v.label.empty();
}

QJsonObject toJson(const QueueView& v) {
    QJsonArray orders;
    for (const auto& ord : v.orders) {
        QJsonArray options;
        for (const auto& opt : ord.options)
            options.append(QJsonObject{{"train"_L1, s(opt.train)},
                                       {"date"_L1, s(opt.date)},
                                       {"class"_L1, s(opt.travelClass)}});
        orders.append(QJsonObject{{"id"_L1, s(ord.id)},
                                  {"user"_L1, s(ord.user)},
                                  {"passengers"_L1, strings(ord.passengers)},
                                  {"from"_L1, s(ord.from)},
                                  {"to"_L1, s(ord.to)},
                                  {"submitted_seq"_L1, static_cast<qint64>(ord.submittedSeq)},
                                  {"effective_at"_L1, static_cast<qint64>(ord.effectiveAt)},
                                  {"deadline"_L1, static_cast<qint64>(ord.deadline)},
                                  {"prepay_fen"_L1, static_cast<qint64>(ord.prepayFen)},
                                  {"options"_L1, options},
                                  {"status"_L1, s(ord.status)},
                                  {"accepts_standing"_L1, ord.acceptsStanding},
                                  {"accepts_new_trains"_L1, ord.acceptsNewTrains},
                                  {"rank"_L1, ord.rank},
                                  {"ahead_passengers"_L1, ord.aheadPassengers},
                                  {"level"_L1, s(ord.level)}});
    }
    QJsonObject out{{"class"_L1, s(v.travelClass)},
                    {"from"_L1, v.from},
                    {"to"_L1, v.to},
                    {"length"_L1, v.length},
                    {"passengers"_L1, v.passengers},
                    {"orders"_L1, orders}};
    // Only a window below the head says where it starts: a read from the
    // head keeps the bytes it always had.
    if (v.first > 0) out.insert("first"_L1, v.first);
    return out;
}

bool fromJson(const QJsonObject& o, QueueView& v) {
    v.travelClass = str(o, "class"_L1);
    v.from = integer(o, "from"_L1);
    v.to = integer(o, "to"_L1);
    v.orders.clear();
    for (const auto& x : o.value("orders"_L1).toArray()) {
        const QJsonObject j = x.toObject();
        OrderView ord;
        ord.id = str(j, "id"_L1);
        ord.user = str(j, "user"_L1);
        ord.passengers = stringsFrom(j.value("passengers"_L1).toArray());
        ord.from = str(j, "from"_L1);
        ord.to = str(j, "to"_L1);
        ord.submittedSeq = int64(j, "submitted_seq"_L1);
        ord.effectiveAt = int64(j, "effective_at"_L1, -1);
        ord.deadline = int64(j, "deadline"_L1, -1);
        ord.prepayFen = int64(j, "prepay_fen"_L1);
        for (const auto& y : j.value("options"_L1).toArray()) {
            const QJsonObject opt = y.toObject();
            ord.options.push_back(
                {str(opt, "train"_L1), str(opt, "date"_L1), str(opt, "class"_L1)});
        }
        ord.status = str(j, "status"_L1);
        ord.acceptsStanding = j.value("accepts_standing"_L1).toBool();
        ord.acceptsNewTrains = j.value("accepts_new_trains"_L1).toBool();
        ord.rank = integer(j, "rank"_L1);
        ord.aheadPassengers = integer(j, "ahead_passengers"_L1);
        ord.level = str(j, "level"_L1);
        v.orders.push_back(std::move(ord));
    }
    // A server older than windows lists whole queues and does not count them.
    int passengers = 0;
    for (const OrderView& ord : v.orders)
        passengers += static_cast<int>(ord.passengers.size());
    v.length = integer(o, "length"_L1, static_cast<int>(v.orders.size()));
    v.passengers = integer(o, "passengers"_L1, passengers);
    v.first = std::max(0, integer(o, "first"_L1, 0));
    return true;
}

QJsonObject toJson(const WaitReason& v) {
    QJsonArray seats;
    for (const auto& b : v.seats)
        seats.append(QJsonObject{{"seat"_L1, s(b.seat)}, {"blockers"_L1, holdersJson(b.blockers)}});
    return {{"train"_L1, s(v.train)},
            {"date"_L1, s(v.date)},
            {"class"_L1, s(v.travelClass)},
            {"from"_L1, v.from},
            {"to"_L1, v.to},
            {"needed"_L1, v.needed},
            {"free"_L1, v.free},
            {"rank"_L1, v.rank},
            {"departed"_L1, v.departed},
            {"accepts_standing"_L1, v.acceptsStanding},
            {"standing_free"_L1, v.standingFree},
            {"cap"_L1, v.cap},
            {"queued_on_class"_L1, v.queuedOnClass},
            {"conflict_passenger"_L1, s(v.conflictPassenger)},
            {"conflict_ticket"_L1, s(v.conflictTicket)},
            {"seat_changes"_L1, v.seatChanges},
            {"changes_that_serve"_L1, v.changesThatServe},
            {"scarce_segment"_L1, v.scarceSegment},
            {"scarce_free"_L1, v.scarceFree},
            {"seats"_L1, seats}};
}

bool fromJson(const QJsonObject& o, WaitReason& v) {
    v.train = str(o, "train"_L1);
    v.date = str(o, "date"_L1);
    v.travelClass = str(o, "class"_L1);
    v.from = integer(o, "from"_L1);
    v.to = integer(o, "to"_L1);
    v.needed = integer(o, "needed"_L1);
    v.free = integer(o, "free"_L1);
    v.rank = integer(o, "rank"_L1);
    v.departed = o.value("departed"_L1).toBool();
    v.acceptsStanding = o.value("accepts_standing"_L1).toBool();
    v.standingFree = integer(o, "standing_free"_L1);
    v.cap = integer(o, "cap"_L1, -1);
    v.queuedOnClass = integer(o, "queued_on_class"_L1);
    v.conflictPassenger = str(o, "conflict_passenger"_L1);
    v.conflictTicket = str(o, "conflict_ticket"_L1);
    v.seatChanges = integer(o, "seat_changes"_L1);
    v.changesThatServe = integer(o, "changes_that_serve"_L1);
    v.scarceSegment = integer(o, "scarce_segment"_L1, -1);
    v.scarceFree = integer(o, "scarce_free"_L1);
    v.seats.clear();
    for (const auto& x : o.value("seats"_L1).toArray()) {
        const QJsonObject b = x.toObject();
        v.seats.push_back({str(b, "seat"_L1), holdersFrom(b.value("blockers"_L1).toArray())});
    }
    return !v.train.empty();
}

QJsonObject toJson(const StandingTicketView& v) {
    return {{"ticket"_L1, s(v.ticket)},
            {"passenger"_L1, s(v.passenger)},
            {"class"_L1, s(v.travelClass)},
            {"sale"_L1, s(v.sale)},
            {"from"_L1, v.from},
            {"to"_L1, v.to},
            {"held"_L1, v.held},
            {"served"_L1, v.served}};
}

bool fromJson(const QJsonObject& o, StandingTicketView& v) {
    v.ticket = str(o, "ticket"_L1);
    v.passenger = str(o, "passenger"_L1);
    v.travelClass = str(o, "class"_L1);
    v.sale = str(o, "sale"_L1);
    v.from = integer(o, "from"_L1);
    v.to = integer(o, "to"_L1);
    v.held = o.value("held"_L1).toBool();
    v.served = o.value("served"_L1).toBool();
    return !v.ticket.empty();
}

QJsonObject toJson(const LimitValues& v) {
    auto limit = [](int n) { return n < 0 ? QJsonValue(QJsonValue::Null) : QJsonValue(n); };
    return {{"passengers"_L1, limit(v.passengers)},
            {"dates"_L1, limit(v.dates)},
            {"options_per_date"_L1, limit(v.optionsPerDate)},
            {"options"_L1, limit(v.options)},
            {"open_orders_per_user"_L1, limit(v.openOrdersPerUser)}};
}

bool fromJson(const QJsonObject& o, LimitValues& v) {
    // A missing key keeps its default; null is no limit.
    auto read = [&o](QLatin1StringView key, int& out) {
        const auto it = o.constFind(key);
        if (it != o.constEnd()) out = it->isNull() ? -1 : it->toInt();
    };
    read("passengers"_L1, v.passengers);
    read("dates"_L1, v.dates);
    read("options_per_date"_L1, v.optionsPerDate);
    read("options"_L1, v.options);
    read("open_orders_per_user"_L1, v.openOrdersPerUser);
    return true;
}

}  // namespace houbu
