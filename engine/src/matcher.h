#pragma once
// The matcher as an explicit step machine: one decision per call to next().
// Running to the end and stepping give the same decisions, because a decision
// is computed from the state alone and only a Serve changes it.
//
// Policy complete: after seats are freed, the candidates are the queues whose
// interval lies inside the free run around a freed interval and overlaps it
// (never a scan of all queues or all seats). Each round serves the earliest
// servable order in queue order across the candidates, on its first servable
// option; the pass ends when none is servable.
// Policy exact: a freed interval serves only its exact queue, on that option;
// an added car serves the run's queues of its class in queue order.

#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "core.h"

namespace houbu {

struct Decision {
    // Fail: 兑现失败, every option with seats has a passenger conflict.
    enum class Kind { Skip, Serve, Fail } kind = Kind::Skip;
    std::uint32_t order = kNone;
    std::string reason;
    int option = -1;                   // Serve: index into the order's options
    std::vector<std::uint32_t> seats;  // Serve: one per passenger; empty when standing
    bool standing = false;             // Serve: standing tickets (无座)
    // Serve with seat changes (同车换座): one chain per passenger; `seats` then
    // holds each chain's first seat.
    std::vector<Chain> chains;
    std::string passenger;  // Fail: the first conflicting passenger
    // For displays (step mode): the queue the order was looked at in (kNone for
    // a newly effective order that fits nowhere) and the seats free there.
    std::uint32_t queue = kNone;
    int freeSeats = -1;
};

// A freed seat interval and the free run of that seat around it, as the pass began.
struct FreedSpan {
    std::uint32_t seat = 0;
    int from = 0;
    int to = 0;
    int runFrom = 0;
    int runTo = 0;
};

class Matcher {
  public:
    // With `describe`, phases also record the freed spans for displays (step
    // mode); plain matching skips that work.
    explicit Matcher(Core& core, bool describe = false) : c_(core), describe_(describe) {}

    // Takes the triggers gathered in `core` (freed seats, added cars, a new order)
    // and prepares a pass. Clears them from core.
    void begin();

    // The next decision, or nullopt when the pass is over. Skip decisions are
    // produced only with tracing on.
    std::optional<Decision> next();

    // Applies a decision (serves for Serve; emits the trace event when tracing).
    void apply(const Decision& decision);

    // What started the phase a decision comes from (for displays).
    enum class Cause { Release, AddedCar, NewOrder };
    struct PhaseInfo {
        Cause cause = Cause::Release;
        std::uint32_t run = kNone;
        int travelClass = -1;             // AddedCar: the class of the new car
        std::vector<FreedSpan> spans;     // Release: the freed intervals (only when describing)
        std::uint32_t onlyOrder = kNone;  // NewOrder
    };
    // The phase of the decision next() returned last (nullptr once the pass is over)
    // and its candidate queues.
    const PhaseInfo* current() const {
        return phase_ < phases_.size() ? &phases_[phase_].info : nullptr;
    }
    const std::vector<std::uint32_t>* currentQueues() const {
        return phase_ < phases_.size() ? &phases_[phase_].queues : nullptr;
    }

  private:
    struct Phase {
        PhaseInfo info;
        std::vector<std::uint32_t> queues;  // candidate queues
        bool forcedOption = false;          // serve on the candidate queue's own option
        bool useBound = false;              // complete-policy bound on free seats applies
        std::vector<Freed> freed;           // freed seats this phase may use (for the bound)
        std::uint32_t onlyOrder = kNone;    // a newly effective order: it alone is considered
        bool completeOnly = false;          // serve only on options of complete-policy runs
        bool done = false;
    };
    struct Pick {
        std::uint32_t order = kNone;
        std::uint32_t queue = kNone;
        int freeSeats = 0;
    };

    std::optional<Pick> earliestServable(const Phase& phase, std::uint32_t queue, int* exactFree);
    std::uint32_t earliestLive(Queue& q, int maxSize);
    // Asks for what earliestLive will read of queues[i + a few] (read only).
    void prefetchFronts(const std::vector<std::uint32_t>& queues, std::size_t i) const;
    // The earliest queued order of minSize..maxSize passengers that accepts standing.
    std::uint32_t earliestAccepting(Queue& q, int minSize, int maxSize);
    // The earliest queued order of at least minSize passengers that accepts
    // seat changes and can be chained on the queue's interval.
    std::uint32_t earliestChained(std::uint32_t queue, int minSize);
    // Why a passenger group finds no chain on an option (for traces).
    std::string noChainReason(const Order& order, const OrderOption& opt) const;
    // Seats (or standing) for the order on `opt` into `d`; false when not servable there.
    bool servableOn(const Order& order, const OrderOption& opt, Decision& d) const;
    // The order's first servable option without a passenger conflict (only
    // `forced` when given; departed options and, for `completeOnly`, exact
    // runs skipped) as a Serve; a Fail when every servable option has a
    // conflict; nullopt when none is servable.
    std::optional<Decision> chooseOption(std::uint32_t order, int forced, bool completeOnly);
    // A count of free seats as traces show it (version 1 counted up to 5).
    int shown(int freeSeats) const;
    int optionOnQueue(const Order& order, std::uint32_t queue) const;
    // True once the option's train has left the order's `from` station: such an
    // option no longer serves (the order expires when every option has left).
    bool departed(std::uint32_t run, int from) const;
    std::optional<Decision> newOrderDecision(Phase& phase);
    void describeServe(Decision& d, const Order& order, std::uint32_t queue, int freeSeats) const;
    std::string queueName(const Queue& q) const;

    Core& c_;
    bool describe_ = false;
    std::vector<Phase> phases_;
    std::size_t phase_ = 0;
    std::vector<Decision> pending_;
    std::unordered_set<std::uint32_t> reported_;  // orders already reported as skipped
    // (queue, group size, changes) that no chain seats, found this pass: a
    // pass only takes seats, so they stay unseatable until it ends.
    std::unordered_set<std::uint64_t> unchained_;
};

}  // namespace houbu
