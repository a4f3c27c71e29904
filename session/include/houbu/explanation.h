#pragma once
// Why a past matching decision went as it did: the command that took it is
// applied again, decision by decision, on the engine as it was just before
// that command (a store rebuilds it from a snapshot and its journal, an
// in-memory session from its own commands). The engine is deterministic, so
// the decisions are the ones taken then, and the state between two of them
// is the state the decision saw.

#include <QByteArray>
#include <QString>
#include <memory>
#include <string>
#include <vector>

#include "houbu/engine.h"

namespace houbu {

struct EventExplanation {
    QString order;         // the waitlist order the explained event is about
    qint64 eventSeq = 0;   // the explained event
    int line = 0;          // the command's line, as the events carry it
    QByteArray command;    // the command, as journaled
    bool decided = false;  // the command took a decision about the order
    // The decision about the order (served, failed, or passed over) and the
    // pass it belongs to: what freed seats, and the candidates in queue order
    // (effective time, then submission) at that decision.
    StepDecision decision;
    StepPass pass;
    std::vector<StepCandidate> candidates;
    // The decisions the command took before it, in order.
    std::vector<StepDecision> earlier;
    // The decision's run just before it was applied.
    RunView run;
    std::vector<SeatView> seats;
};

// Applies `command` (line `line`) to `before`, the engine as it was just
// before the command, one decision at a time, and stops at the first decision
// about `order` that serves or fails it, else at the first that passes it
// over. `before` is left between two decisions. Null with `error` when the
// command does not parse.
std::shared_ptr<EventExplanation> explainDecision(Engine& before, const QByteArray& command,
                                                  int line, const std::string& order,
                                                  QString& error);

}  // namespace houbu
