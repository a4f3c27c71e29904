#pragma once
// Item models over the session's snapshots and events. Models never change
// engine data: every edit is a command sent through the session.
//
// Update discipline: a snapshot is applied as row insertions/removals and
// contiguous dataChanged ranges naming the roles that changed; beginResetModel
// only when the shown run changes (connect, load, focus).

#include "houbu/event_filter_model.h"
#include "houbu/event_log_model.h"
#include "houbu/log_window_model.h"
#include "houbu/queue_model.h"
#include "houbu/run_list_model.h"
#include "houbu/seat_grid_model.h"
#include "houbu/snapshot_throttle.h"
