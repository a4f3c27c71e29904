#include "houbu/command_encoder.h"

#include <QJsonArray>
#include <QJsonDocument>

#include "command_reader.h"
#include "qt_json_value.h"

namespace houbu {
namespace {

using namespace Qt::StringLiterals;

QString text(const std::string& s) {
    return QString::fromStdString(s);
}

QJsonArray texts(const std::vector<std::string>& items) {
    QJsonArray out;
    for (const std::string& s : items)
        out.append(text(s));
    return out;
}

QString clock(int minutes) {
    return u"%1:%2"_s.arg(minutes / 60, 2, 10, QLatin1Char('0'))
        .arg(minutes % 60, 2, 10, QLatin1Char('0'));
}

void putInterval(const Command& c, QJsonObject& o) {
    o.insert(u"train"_s, text(c.train));
    o.insert(u"date"_s, text(c.date));
    o.insert(u"from"_s, text(c.from));
    o.insert(u"to"_s, text(c.to));
}

void putRun(const Command& c, QJsonObject& o) {
    o.insert(u"train"_s, text(c.train));
    o.insert(u"date"_s, text(c.date));
}

void putCar(const CarSpec& car, QJsonObject& o) {
    o.insert(u"car"_s, car.car);
    o.insert(u"class"_s, text(car.travelClass));
    o.insert(u"rows"_s, car.rows);
    o.insert(u"layout"_s, text(car.layout));
}

void putPrefer(const Command& c, QJsonObject& o) {
    if (!c.prefer.empty()) o.insert(u"prefer"_s, text(c.prefer));
}

void putTrain(const Command& c, QJsonObject& o) {
    putRun(c, o);
    QJsonArray stops;
    for (const StopSpec& s : c.stops) {
        QJsonObject stop{{u"station"_s, text(s.station)}, {u"km"_s, s.km}};
        if (s.arrival) stop.insert(u"arr"_s, clock(*s.arrival));
        if (s.departure) stop.insert(u"dep"_s, clock(*s.departure));
        stops.append(stop);
    }
    o.insert(u"stops"_s, stops);
    QJsonArray cars;
    for (const CarSpec& car : c.cars) {
        QJsonObject one;
        putCar(car, one);
        cars.append(one);
    }
    o.insert(u"cars"_s, cars);
    if (!c.fares.empty()) {
        QJsonObject fares;
        for (const auto& [travelClass, rate] : c.fares)
            fares.insert(text(travelClass), rate);
        o.insert(u"fares"_s, fares);
    }
    if (c.holdMinutes) o.insert(u"hold_minutes"_s, *c.holdMinutes);
    if (!c.standingPlaces.empty()) {
        QJsonObject standing;
        for (const auto& [travelClass, places] : c.standingPlaces)
            standing.insert(text(travelClass), places);
        o.insert(u"standing"_s, standing);
    }
    if (c.added) o.insert(u"added"_s, true);
    if (c.policy) o.insert(u"policy"_s, *c.policy == Policy::Exact ? u"exact"_s : u"complete"_s);
}

void putWaitlist(const Command& c, QJsonObject& o) {
    o.insert(u"id"_s, text(c.id));
    o.insert(u"user"_s, text(c.user));
    o.insert(u"passengers"_s, texts(c.passengers));
    o.insert(u"from"_s, text(c.from));
    o.insert(u"to"_s, text(c.to));
    QJsonArray options;
    for (const OptionSpec& opt : c.options)
        options.append(QJsonObject{{u"train"_s, text(opt.train)},
                                   {u"date"_s, text(opt.date)},
                                   {u"class"_s, text(opt.travelClass)}});
    o.insert(u"options"_s, options);
    if (c.deadline) o.insert(u"deadline"_s, text(formatTime(*c.deadline)));
    if (c.acceptStanding) o.insert(u"accept_standing"_s, true);
    if (c.seatChange != 0) o.insert(u"seat_change"_s, c.seatChange);
    if (c.newTrains) {
        QJsonObject window{{u"from"_s, text(formatTime(c.newTrains->from))},
                           {u"to"_s, text(formatTime(c.newTrains->to))}};
        if (!c.newTrains->classes.empty()) window.insert(u"classes"_s, texts(c.newTrains->classes));
        o.insert(u"new_trains"_s, window);
    }
}

QJsonValue numberOrNull(int value) {
    return value < 0 ? QJsonValue(QJsonValue::Null) : QJsonValue(value);
}

void putLimits(const LimitsSpec& limits, QJsonObject& o) {
    QJsonObject out;
    auto put = [&out](const char* name, const LimitChange& change) {
        if (change.given) out.insert(QLatin1String(name), numberOrNull(change.value));
    };
    put("passengers", limits.passengers);
    put("dates", limits.dates);
    put("options_per_date", limits.optionsPerDate);
    put("options", limits.options);
    put("open_orders_per_user", limits.openOrdersPerUser);
    o.insert(u"limits"_s, out);
}

// What the journal's reader reads from `object`: the command, or its message.
ParsedLine readObject(const QJsonObject& object) {
    ParsedLine out;
    try {
        out.command = reader::readCommand(QtJsonValue(QJsonValue(object)));
    } catch (const reader::BadField& bad) {
        out.error = bad.message;
    }
    return out;
}

}  // namespace

QJsonObject commandObject(const Command& c) {
    QJsonObject o{{u"op"_s, QLatin1String(opName(c.op))}};
    if (c.at) o.insert(u"at"_s, text(formatTime(*c.at)));
    if (c.dryRun) o.insert(u"dry_run"_s, true);
    switch (c.op) {
        case Op::Train:
            putTrain(c, o);
            break;
        case Op::AddCar:
            putRun(c, o);
            if (!c.cars.empty()) putCar(c.cars.front(), o);
            if (c.carStanding != 0) o.insert(u"standing"_s, c.carStanding);
            break;
        case Op::Sell:
            o.insert(u"id"_s, text(c.id));
            putInterval(c, o);
            o.insert(u"class"_s, text(c.travelClass));
            o.insert(u"passengers"_s, texts(c.passengers));
            putPrefer(c, o);
            if (!c.seats.empty()) o.insert(u"seats"_s, texts(c.seats));
            if (c.standing) o.insert(u"standing"_s, true);
            break;
        case Op::Pay:
        case Op::Prepay:
        case Op::Cancel:
        case Op::Position:
            o.insert(u"id"_s, text(c.id));
            break;
        case Op::Refund:
            // Exactly one of the two: with neither (or both) the reader says so.
            if (!c.ticket.empty()) o.insert(u"ticket"_s, text(c.ticket));
            if (!c.id.empty()) o.insert(u"id"_s, text(c.id));
            break;
        case Op::Reschedule:
            o.insert(u"ticket"_s, text(c.ticket));
            o.insert(u"id"_s, text(c.id));
            putInterval(c, o);
            o.insert(u"class"_s, text(c.travelClass));
            putPrefer(c, o);
            break;
        case Op::Block:
            o.insert(u"id"_s, text(c.id));
            putInterval(c, o);
            o.insert(u"class"_s, text(c.travelClass));
            if (c.count)
                o.insert(u"count"_s, *c.count);
            else
                o.insert(u"seats"_s, texts(c.seats));
            break;
        case Op::Release:
            if (!c.id.empty()) {
                o.insert(u"id"_s, text(c.id));
            } else {
                putInterval(c, o);
                o.insert(u"seat"_s, text(c.seat));
                o.insert(u"reason"_s, text(c.reason));
            }
            break;
        case Op::Waitlist:
            putWaitlist(c, o);
            break;
        case Op::Advance:
            break;
        case Op::Availability:
            putInterval(c, o);
            o.insert(u"class"_s, text(c.travelClass));
            break;
        case Op::Seatmap:
            putRun(c, o);
            break;
        case Op::Configure:
            putLimits(c.limits, o);
            break;
        case Op::WaitlistCap:
            putRun(c, o);
            o.insert(u"class"_s, text(c.travelClass));
            o.insert(u"cap"_s, numberOrNull(c.cap));
            break;
        case Op::Forecast:
            o.insert(u"id"_s, text(c.id));
            if (c.until) o.insert(u"until"_s, text(formatTime(*c.until)));
            if (c.seed) o.insert(u"seed"_s, static_cast<qint64>(*c.seed));
            break;
    }
    return o;
}

QByteArray encodeCommand(const Command& command) {
    return QJsonDocument(commandObject(command)).toJson(QJsonDocument::Compact);
}

JournalCommand prepareCommand(const Command& command) {
    const QJsonObject object = commandObject(command);
    return {QJsonDocument(object).toJson(QJsonDocument::Compact), readObject(object)};
}

ParsedLine readAsJournaled(const Command& command) {
    return readObject(commandObject(command));
}

}  // namespace houbu
