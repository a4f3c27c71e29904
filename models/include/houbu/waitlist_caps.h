#pragma once
// How a run's class stands toward the waitlist (commands.md version 2): its
// cap (waitlist_cap) and the passengers queued on it, in words for the queue
// view. The engine's `waitlist_full` refuses an order once the queued
// passengers plus the order's would exceed the cap; "full" here means that not
// even one more passenger fits, which is what 12306 shows as 候补人数已满.

#include <QCoreApplication>
#include <QString>

#include "houbu/views.h"

namespace houbu {

class WaitlistCaps {
    Q_DECLARE_TR_FUNCTIONS(houbu::WaitlistCaps)

  public:
    static bool capped(const ClassView& c) { return c.cap >= 0; }
    static bool full(const ClassView& c) { return c.cap >= 0 && c.queuedPassengers >= c.cap; }
    // "Second class: 3 of 6 passengers queued (cap)", "... 候补人数已满", "no cap".
    static QString status(const ClassView& c);
};

}  // namespace houbu
