#pragma once
// Small helpers the models share: text of engine values and holder comparisons.

#include <QString>
#include <string>

#include "houbu/time.h"
#include "houbu/views.h"

namespace houbu::model_text {

using namespace Qt::StringLiterals;

inline QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

inline QString arrow(const QString& from, const QString& to) {
    return from + u"\u2192"_s + to;
}

inline bool sameHolder(const HolderView& a, const HolderView& b) {
    return a.kind == b.kind && a.from == b.from && a.to == b.to && a.id == b.id &&
           a.passenger == b.passenger && a.sale == b.sale;
}

inline bool sameHolders(const SeatView& a, const SeatView& b) {
    if (a.holders.size() != b.holders.size()) return false;
    for (std::size_t i = 0; i < a.holders.size(); ++i)
        if (!sameHolder(a.holders[i], b.holders[i])) return false;
    return true;
}

inline const HolderView* holderOn(const SeatView& seat, int segment) {
    for (const HolderView& h : seat.holders)
        if (h.from <= segment && segment < h.to) return &h;
    return nullptr;
}

inline QString timeText(Time t) {
    if (t < 0) return {};
    return qs(formatTime(t)).replace(u'T', u' ');
}

}  // namespace houbu::model_text
