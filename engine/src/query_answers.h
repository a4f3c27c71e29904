#pragma once
// The answers of the three queries (position, availability, seatmap), built
// from a const state: apply() emits them stamped with the next seq, and
// Engine::answerQuery (a server whose store is down) without one.

#include "command_check.h"
#include "houbu/event.h"
#include "state.h"

namespace houbu {

class QueryAnswers {
  public:
    explicit QueryAnswers(const EngineState& state) : s(state) {}

    // Each fills `e` (kind, clock and line set already) from an accepted verdict.
    void position(const Verdict& v, const std::string& id, Event& e) const;
    void availability(const Verdict& v, Event& e) const;
    void seatmap(const Verdict& v, Event& e) const;
    void forecast(const Verdict& v, const Command& cmd, Event& e) const;

  private:
    const EngineState& s;
};

}  // namespace houbu
