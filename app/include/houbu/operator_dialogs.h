#pragma once
// The operator's dialogs: each one offers only choices the shown state allows,
// checks the input as it is typed (a message names the first problem, Send is
// disabled until there is none) and sends exactly one command (commands.md).
// A dialog itself only asks for what is missing; whether the engine would take
// the command is the engine's answer to Session::precheck, named in words by
// errorSentence.
// The dialog stays open while the command is in flight; an engine error is
// shown in it with the input intact, and it closes once the command applied.

#include "houbu/dialogs/add_car_dialog.h"
#include "houbu/dialogs/advance_clock_dialog.h"
#include "houbu/dialogs/block_dialog.h"
#include "houbu/dialogs/cancel_order_dialog.h"
#include "houbu/dialogs/interval_picker.h"
#include "houbu/dialogs/operator_context.h"
#include "houbu/dialogs/operator_dialog.h"
#include "houbu/dialogs/order_command_dialog.h"
#include "houbu/dialogs/prepay_dialog.h"
#include "houbu/dialogs/release_dialog.h"
#include "houbu/dialogs/seat_counting_dialog.h"
#include "houbu/dialogs/seat_map_preview.h"
#include "houbu/dialogs/sell_dialog.h"
#include "houbu/dialogs/waitlist_dialog.h"
