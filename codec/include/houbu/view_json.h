#pragma once
// The engine's read views (views.h) as JSON, for the remote API: houbud
// encodes, the console's remote session decodes. Times are the engine's own
// integers (seconds since 2000-01-01T00:00), so a round trip is exact.

#include <QJsonArray>
#include <QJsonObject>
#include <vector>

#include "houbu/event.h"
#include "houbu/views.h"

namespace houbu {

QJsonObject toJson(const RunSummary& v);
QJsonObject toJson(const RunView& v);
QJsonObject toJson(const SeatView& v);
QJsonObject toJson(const QueueView& v);
QJsonObject toJson(const WaitReason& v);
QJsonObject toJson(const HotQueue& v);
QJsonObject toJson(const StandingTicketView& v);
// The limits as `configured` prints them (null: no limit).
QJsonObject toJson(const LimitValues& v);

template <typename T>
QJsonArray toJsonArray(const std::vector<T>& items) {
    QJsonArray a;
    for (const T& item : items)
        a.append(toJson(item));
    return a;
}

// Decoders accept what the encoders write; a missing field keeps its default.
bool fromJson(const QJsonObject& o, RunSummary& v);
bool fromJson(const QJsonObject& o, RunView& v);
bool fromJson(const QJsonObject& o, SeatView& v);
bool fromJson(const QJsonObject& o, QueueView& v);
bool fromJson(const QJsonObject& o, WaitReason& v);
bool fromJson(const QJsonObject& o, HotQueue& v);
bool fromJson(const QJsonObject& o, StandingTicketView& v);
bool fromJson(const QJsonObject& o, LimitValues& v);

template <typename T>
std::vector<T> fromJsonArray(const QJsonArray& a) {
    std::vector<T> out;
    out.reserve(static_cast<std::size_t>(a.size()));
    for (const auto& item : a) {
        T v;
        fromJson(item.toObject(), v);
        out.push_back(std::move(v));
    }
    return out;
}

}  // namespace houbu
