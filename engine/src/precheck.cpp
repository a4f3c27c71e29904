#include "command_check.h"
#include "houbu/engine.h"

namespace houbu {

Precheck Engine::precheck(const Command& command) const {
    const EngineState& s = *state_;
    Precheck answer;
    std::optional<Verdict> refused = refuseUpFront(s, command);
    // A buffer of its own: the state's run-key scratch belongs to apply.
    std::string key;
    const Verdict v = refused ? std::move(*refused)
                              : CommandCheck(s, command, command.at.value_or(s.clock), key).run();
    switch (v.outcome) {
        case Verdict::Outcome::Accept:
            break;
        case Verdict::Outcome::Duplicate:
            answer.duplicate = true;
            break;
        case Verdict::Outcome::Refuse:
            answer.error = v.code;
            answer.message = v.message;
            answer.waitlistHint = v.waitlistHint;
            break;
    }
    return answer;
}

}  // namespace houbu
