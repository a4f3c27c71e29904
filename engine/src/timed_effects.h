#pragma once
// The timed effects of apply(): holds that expire, prepayments that time out,
// orders that expire, each followed by its matching pass; and the matching
// pass itself. Shared by Engine::apply and step mode (step_run.cpp).

#include "core.h"
#include "timer_queue.h"

namespace houbu {

// True when the gathered triggers call for a matching pass; clears them when
// nobody waits.
bool matchingDue(Core& core);
// One whole matching pass over the gathered triggers, if due.
void runMatching(Core& core);
// The effect of one due timer (the clock already moved to it), without matching.
void fireTimer(Core& core, const Timer& timer);
// Takes the earliest timer due at or before `until`; false when none is.
bool popDueTimer(EngineState& s, Time until, Timer& out);
// Fires every timer due at or before `until`, oldest first, matching after each.
void fireTimers(Core& core, Time until);

}  // namespace houbu
