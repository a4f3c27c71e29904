// Step mode: Engine::applyStepwise and the StepRun it hands out (step.h).

#include <algorithm>
#include <optional>

#include "apply.h"
#include "command_check.h"
#include "houbu/engine.h"
#include "houbu/step.h"
#include "matcher.h"
#include "timed_effects.h"

namespace houbu {

// The steps of Engine::apply() as a resumable machine: the time check, each due
// timer followed by its matching pass, the command, its matching pass. It stops
// before every matching decision.
struct StepRun::Impl {
    Impl(Engine* owner, EngineState& state, const Command& cmd, int line, EventSink& sink)
        : engine(owner), s(state), core(state, sink, line), command(cmd) {}

    Engine* engine;  // nullptr once the engine is gone
    EngineState& s;
    Core core;
    Command command;
    Time at = 0;
    bool commandDone = false;
    bool done = false;
    std::unique_ptr<Matcher> matcher;
    std::optional<Decision> decision;
    StepDecision pending;
    StepPass pass;
    std::size_t applied = 0;

    void start() {
        at = command.at.value_or(s.clock);
        if (const auto refused = refuseUpFront(s, command)) {
            core.error(refused->code, refused->message);
            done = true;
            return;
        }
        advance();
    }

    void startMatching() {
        if (!matchingDue(core)) return;
        matcher = std::make_unique<Matcher>(core, /*describe=*/true);
        matcher->begin();
    }

    // Runs until a decision is pending or everything is applied.
    void advance() {
        while (!done) {
            if (matcher) {
                decision = matcher->next();
                if (decision) {
                    describe();
                    return;
                }
                matcher.reset();
                continue;
            }
            if (commandDone) {
                done = true;
                break;
            }
            Timer timer;
            if (popDueTimer(s, at, timer)) {
                fireTimer(core, timer);
                startMatching();
                continue;
            }
            s.clock = at;
            Apply(core, command).run();
            commandDone = true;
            startMatching();
        }
    }

    void step() {
        if (done || !decision) return;
        matcher->apply(*decision);
        decision.reset();
        ++applied;
        advance();
    }

    void describe() {
        const Decision& d = *decision;
        const Order& order = s.orders[d.order];
        pending = StepDecision{};
        pending.kind = d.kind == Decision::Kind::Serve  ? StepDecision::Kind::Serve
                       : d.kind == Decision::Kind::Fail ? StepDecision::Kind::Fail
                                                        : StepDecision::Kind::Skip;
        pending.order = orderId(s, order);
        pending.passengers = order.groupSize();
        pending.reason = d.reason;
        pending.freeSeats = d.freeSeats;
        pending.standing = d.standing;
        pending.passenger = d.passenger;
        auto place = [&](std::uint32_t runIndex, int cls, int from, int to) {
            const Run& run = s.runs[runIndex];
            pending.train = run.train;
            pending.date = run.date;
            pending.travelClass = run.classes[cls].name;
            pending.from = from;
            pending.to = to;
        };
        if (d.kind == Decision::Kind::Serve) {
            const OrderOption& opt = order.options()[d.option];
            place(opt.run, opt.travelClass, opt.from, opt.to);
            for (std::uint32_t seat : d.seats)
                pending.seats.push_back(s.runs[opt.run].seats[seat].label());
            for (const Chain& chain : d.chains) {
                StepDecision::Chain shown;
                for (const Leg& leg : chain) {
                    shown.seats.push_back(s.runs[opt.run].seats[leg.seat].label());
                    if (leg.from != opt.from) shown.changesAt.push_back(leg.from);
                }
                pending.chains.push_back(std::move(shown));
            }
        } else if (d.queue != kNone) {
            const Queue& q = s.queues[d.queue];
            place(q.run, q.travelClass, q.from, q.to);
        }

        const Matcher::PhaseInfo* info = matcher->current();
        pass = StepPass{};
        if (!info) return;
        switch (info->cause) {
            case Matcher::Cause::Release:
                pass.cause = StepPass::Cause::Release;
                break;
            case Matcher::Cause::AddedCar:
                pass.cause = StepPass::Cause::AddedCar;
                break;
            case Matcher::Cause::NewOrder:
                pass.cause = StepPass::Cause::NewOrder;
                break;
        }
        if (info->run != kNone) {
            const Run& run = s.runs[info->run];
            pass.train = run.train;
            pass.date = run.date;
            if (info->travelClass >= 0) pass.travelClass = run.classes[info->travelClass].name;
            for (const FreedSpan& f : info->spans) {
                const Seat& seat = run.seats[f.seat];
                if (pass.travelClass.empty()) pass.travelClass = run.classes[seat.travelClass].name;
                pass.freed.push_back(StepFreed{seat.label(), f.from, f.to, f.runFrom, f.runTo});
            }
        }
        if (info->onlyOrder != kNone) pass.order = orderId(s, s.orders[info->onlyOrder]);
    }

    std::vector<StepCandidate> candidates(std::size_t limit) const {
        std::vector<StepCandidate> out;
        if (done || !matcher) return out;
        const Matcher::PhaseInfo* info = matcher->current();
        const std::vector<std::uint32_t>* queues = matcher->currentQueues();
        if (!info || !queues) return out;
        struct Entry {
            std::uint32_t order;
            std::uint32_t queue;
            int rank;
        };
        std::vector<Entry> entries;
        // Each queue's first `limit` orders: the first `limit` over the
        // queues (an order listed once) are among them.
        auto addQueue = [&](std::uint32_t qi) {
            int rank = 0;
            forEachQueuedInOrder(s, s.queues[qi], [&](std::uint32_t order) {
                if (static_cast<std::size_t>(rank) >= limit) return false;
                entries.push_back(Entry{order, qi, ++rank});
                return true;
            });
        };
        if (info->onlyOrder != kNone) {
            const Order& order = s.orders[info->onlyOrder];
            if (order.status == OrderStatus::Queued)
                for (const OrderOption& opt : order.options())
                    entries.push_back(
                        Entry{info->onlyOrder, opt.queue,
                              static_cast<int>(rankIn(s, s.queues[opt.queue], order))});
        } else {
            for (std::uint32_t qi : *queues)
                addQueue(qi);
        }
        // Queue order; an order in several candidate queues is listed once, in its first.
        std::stable_sort(entries.begin(), entries.end(), [&](const Entry& a, const Entry& b) {
            return queuedBefore(s.orders[a.order], s.orders[b.order]);
        });
        for (std::size_t i = 0; i < entries.size() && out.size() < limit; ++i) {
            if (i > 0 && entries[i].order == entries[i - 1].order) continue;
            const Entry& e = entries[i];
            const Queue& q = s.queues[e.queue];
            const Run& run = s.runs[q.run];
            out.push_back(StepCandidate{std::string(orderId(s, s.orders[e.order])),
                                        s.orders[e.order].groupSize(),
                                        run.classes[q.travelClass].name, q.from, q.to, e.rank,
                                        s.orders[e.order].effectiveAt});
        }
        return out;
    }
};

StepRun::StepRun(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

StepRun::~StepRun() {
    if (!impl_->engine) return;
    while (!impl_->done)
        impl_->step();
    impl_->engine->stepping_ = nullptr;
}

bool StepRun::done() const {
    return impl_->done || !impl_->engine;
}
const StepDecision& StepRun::pending() const {
    return impl_->pending;
}
const StepPass& StepRun::pass() const {
    return impl_->pass;
}
std::vector<StepCandidate> StepRun::candidates(std::size_t limit) const {
    if (!impl_->engine) return {};
    return impl_->candidates(limit);
}
std::size_t StepRun::applied() const {
    return impl_->applied;
}
void StepRun::step() {
    if (impl_->engine) impl_->step();
}
void StepRun::finish() {
    while (!done())
        impl_->step();
}

std::unique_ptr<StepRun> Engine::applyStepwise(const Command& command, int line, EventSink& sink) {
    settle();
    if (command.dryRun) {
        // A dry run decides nothing: it is answered whole, and its StepRun is done.
        apply(command, line, sink);
        std::unique_ptr<StepRun> run(
            new StepRun(std::make_unique<StepRun::Impl>(this, *state_, command, line, sink)));
        run->impl_->done = true;
        run->impl_->engine = nullptr;
        return run;
    }
    std::unique_ptr<StepRun> run(
        new StepRun(std::make_unique<StepRun::Impl>(this, *state_, command, line, sink)));
    stepping_ = run.get();
    run->impl_->start();
    return run;
}

void Engine::abandonStep() {
    if (!stepping_) return;
    stepping_->impl_->engine = nullptr;
    stepping_ = nullptr;
}

void Engine::settle() {
    if (!stepping_) return;
    stepping_->finish();
    // Finished: the StepRun no longer needs the engine (nor may it outlive it safely).
    stepping_->impl_->engine = nullptr;
    stepping_ = nullptr;
}

}  // namespace houbu
