#pragma once
// Step mode: one command applied one matching decision at a time.
//
// Engine::applyStepwise() runs the command's timed effects and the command
// itself up to the first decision the matcher would take, and stops there. The
// StepRun describes that decision (served on these seats, or skipped and why),
// the pass it belongs to (the freed seat intervals or added car that started
// it) and the candidate orders in queue order. step() applies the decision and
// runs on to the next one. The decisions are exactly those apply() takes: both
// drive the same matcher, and a decision depends on the engine state alone.
//
// Skip decisions exist only with EngineOptions::trace (they are the
// match_skipped events); without it only serves are stepped.

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "houbu/time.h"

namespace houbu {

class Engine;
class EventSink;
struct Command;

struct StepDecision {
    // Fail: 兑现失败, the order leaves the waitlist (commands.md version 2).
    enum class Kind { Serve, Skip, Fail } kind = Kind::Skip;
    std::string order;  // waitlist order id
    int passengers = 0;
    // The reason the match_considered / match_skipped event carries (tracing only).
    std::string reason;
    // Serve: the option it is served on. Skip: the queue it was looked at in;
    // empty train and from = to = -1 for a new order that fits on no option.
    std::string train;
    std::string date;
    std::string travelClass;
    int from = -1;  // stop index
    int to = -1;
    int freeSeats = -1;              // seats free there (-1 when not computed)
    std::vector<std::string> seats;  // Serve: one seat label per passenger; empty standing
    bool standing = false;           // Serve: standing tickets (无座)
    // Serve with seat changes (同车换座): per passenger, the seat labels of its
    // legs in travel order and the stops (indices) where it changes; empty
    // when every passenger has one seat.
    struct Chain {
        std::vector<std::string> seats;
        std::vector<int> changesAt;
    };
    std::vector<Chain> chains;
    std::string passenger;  // Fail: the first passenger who travels meanwhile
};

// A seat interval freed by the command (or by a timed effect) and the free run
// of that seat around it when the pass began: the candidates fit inside the run.
struct StepFreed {
    std::string seat;
    int from = 0;
    int to = 0;
    int runFrom = 0;
    int runTo = 0;
};

// What started the matching pass the pending decision belongs to.
struct StepPass {
    enum class Cause { Release, AddedCar, NewOrder } cause = Cause::Release;
    std::string train;
    std::string date;
    std::string travelClass;       // AddedCar: the new car's class; Release: the first freed seat's
    std::vector<StepFreed> freed;  // Release
    std::string order;             // NewOrder: the order that became effective
};

// A queued order the pass looks at, in queue order (effective time, then submission).
struct StepCandidate {
    std::string order;
    int passengers = 0;
    std::string travelClass;  // the candidate queue it is in
    int from = 0;
    int to = 0;
    int rank = 0;  // 1-based rank in that queue
    // When it became effective (prepaid): with the submission order, what
    // ranks it against the others, in its queue and across the pass's queues.
    Time effectiveAt = -1;
};

class StepRun {
  public:
    // Finishes the pass: the engine always ends as apply() would leave it.
    ~StepRun();
    StepRun(const StepRun&) = delete;
    StepRun& operator=(const StepRun&) = delete;

    // True once the command and every decision have been applied.
    bool done() const;
    // The next decision and its pass (valid while !done()).
    const StepDecision& pending() const;
    const StepPass& pass() const;
    // The pass's queued candidates in queue order, at most `limit` of them.
    std::vector<StepCandidate> candidates(std::size_t limit = 200) const;
    // Decisions applied so far.
    std::size_t applied() const;

    // Applies the pending decision and runs to the next one (or to the end).
    void step();
    // Applies every remaining decision.
    void finish();

  private:
    friend class Engine;
    struct Impl;
    explicit StepRun(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

}  // namespace houbu
