#include "houbu/waitlist_caps.h"

#include "houbu/display_names.h"

namespace houbu {

QString WaitlistCaps::status(const ClassView& c) {
    const QString name = DisplayNames::travelClass(c.name);
    if (!capped(c))
        return tr("%1: %n passenger(s) queued, no cap", nullptr, c.queuedPassengers).arg(name);
    if (c.cap == 0)
        return tr("%1: closed to the waitlist (cap 0), %n passenger(s) still queued — 候补人数已满",
                  nullptr, c.queuedPassengers)
            .arg(name);
    if (full(c))
        return tr("%1: %n passenger(s) queued, cap %2 — 候补人数已满", nullptr, c.queuedPassengers)
            .arg(name)
            .arg(c.cap);
    return tr("%1: %n passenger(s) queued, cap %2", nullptr, c.queuedPassengers)
        .arg(name)
        .arg(c.cap);
}

}  // namespace houbu
