#pragma once
// What Engine::apply would answer a command, asked without applying it
// (Engine::precheck): the console checks an operator's input with the
// engine's own rules instead of a copy of them.

#include <optional>
#include <string>

#include "houbu/command.h"

namespace houbu {

struct Precheck {
    // The error apply would emit; none when it would accept the command or
    // answer `duplicate`.
    std::optional<ErrorCode> error;
    std::string message;        // the error's message, as the event would carry it
    bool waitlistHint = false;  // the error's `waitlist` flag
    bool duplicate = false;     // apply would answer `duplicate`: nothing would change

    bool accepted() const { return !error && !duplicate; }
};

}  // namespace houbu
