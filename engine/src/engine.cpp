#include "houbu/engine.h"

#include <algorithm>
#include <utility>

#include "apply.h"
#include "command_check.h"
#include "state.h"
#include "timed_effects.h"
#include "undo_log.h"

namespace houbu {
namespace {

// The events of a command taken back, to be handed out afterwards.
struct KeepEvents : EventSink {
    std::vector<Event> events;
    void onEvent(const Event& e) override { events.push_back(e); }
};

}  // namespace

// "3-1A", "03-01A", "03-12A" -> "03-01A", "03-01A", "03-12A"; empty when malformed.
std::string canonicalSeatLabel(std::string_view text) {
    const auto dash = text.find('-');
    if (dash == std::string::npos || dash == 0 || dash > 2 || text.size() < dash + 3) return {};
    const char letter = text.back();
    if (letter < 'A' || letter > 'Z') return {};
    int car = 0, row = 0;
    for (std::size_t i = 0; i < dash; ++i) {
        if (text[i] < '0' || text[i] > '9') return {};
        car = car * 10 + (text[i] - '0');
    }
    const std::size_t rowDigits = text.size() - dash - 2;
    if (rowDigits < 1 || rowDigits > 2) return {};
    for (std::size_t i = dash + 1; i + 1 < text.size(); ++i) {
        if (text[i] < '0' || text[i] > '9') return {};
        row = row * 10 + (text[i] - '0');
    }
    return seatLabel(car, row, letter);
}

Engine::Engine(EngineOptions options) : state_(std::make_unique<EngineState>(options)) {}
Engine::~Engine() {
    // A StepRun that outlives its engine must not touch the state any more.
    abandonStep();
}

void Engine::apply(const Command& command, int line, EventSink& sink) {
    if (command.dryRun) return applyDryRun(command, line, sink);
    settle();
    EngineState& s = *state_;
    Core core(s, sink, line);
    if (const auto refused = refuseUpFront(s, command)) {
        core.error(refused->code, refused->message);
        return;
    }
    const Time at = command.at.value_or(s.clock);
    fireTimers(core, at);
    s.clock = at;
    Apply(core, command).run();
    runMatching(core);
}

void Engine::mark() {
    settle();
    if (!marks_.empty()) marks_.back()->attach(false);
    marks_.push_back(std::make_unique<UndoLog>(*state_));
    state_->undo = marks_.back().get();
}

bool Engine::undo() {
    if (marks_.empty()) return false;
    // A command paused between decisions goes back too: its StepRun stops here.
    abandonStep();
    marks_.back()->restore();
    marks_.pop_back();
    state_->undo = marks_.empty() ? nullptr : marks_.back().get();
    if (state_->undo) state_->undo->attach(true);
    return true;
}

std::size_t Engine::marks() const {
    return marks_.size();
}

void Engine::dropMarks() {
    settle();
    if (marks_.empty()) return;
    marks_.back()->attach(false);
    marks_.clear();
    state_->undo = nullptr;
}

void Engine::dryRun(const Command& command, int line, EventSink& sink) {
    mark();
    apply(command, line, sink);
    undo();
}

CommandPreview Engine::previewCommand(const Command& command, int line) {
    KeepEvents kept;
    CommandPreview out;
    EventSink* trace = state_->traceSink;
    state_->traceSink = nullptr;
    out.longestBefore = longestQueue(command.train, command.date);
    mark();
    apply(command, line, kept);
    out.longestAfter = longestQueue(command.train, command.date);
    undo();
    state_->traceSink = trace;
    out.events = std::move(kept.events);
    return out;
}

void Engine::applyDryRun(const Command& command, int line, EventSink& sink) {
    KeepEvents kept;
    Command real = command;
    real.dryRun = false;
    // The match trace of a preview is marked too. Its events keep the numbers
    // they had under the mark, which are the ones they take below.
    struct Marked : EventSink {
        EventSink* to = nullptr;
        void onEvent(const Event& e) override {
            Event marked = e;
            marked.dryRun = true;
            to->onEvent(marked);
        }
    } marked;
    marked.to = state_->traceSink;
    if (marked.to) state_->traceSink = &marked;
    dryRun(real, line, kept);
    state_->traceSink = marked.to;
    Core core(*state_, sink, line);
    for (Event& e : kept.events) {
        e.dryRun = true;
        core.emit(e);
    }
}

void Engine::rejectMalformed(int line, const std::string& message, EventSink& sink) {
    settle();
    Core core(*state_, sink, line);
    core.error(ErrorCode::BadCommand, message);
}

void Engine::setTraceSink(EventSink* sink) {
    state_->traceSink = sink;
}

Time Engine::clock() const {
    return state_->clock;
}
std::uint64_t Engine::lastSeq() const {
    return state_->seq;
}
const EngineOptions& Engine::options() const {
    return state_->options;
}

const LimitValues& Engine::limits() const {
    return state_->limits;
}

EngineSummary Engine::summary() const {
    const EngineState& s = *state_;
    EngineSummary sum;
    sum.runs = static_cast<std::int64_t>(s.runs.size());
    for (const Run& r : s.runs)
        sum.seats += static_cast<std::int64_t>(r.seats.size());
    for (const Ticket& t : s.tickets) {
        switch (t.status) {
            case TicketStatus::Held:
                ++sum.ticketsHeld;
                break;
            case TicketStatus::Paid:
                ++sum.ticketsPaid;
                break;
            case TicketStatus::Refunded:
                ++sum.ticketsRefunded;
                break;
            case TicketStatus::Expired:
                ++sum.ticketsExpired;
                break;
        }
    }
    for (const Block& b : s.blocks)
        sum.blocksLive += !b.released;
    for (const Order& o : s.orders) {
        switch (o.status) {
            case OrderStatus::AwaitingPrepay:
                ++sum.ordersAwaitingPrepay;
                break;
            case OrderStatus::Queued:
                ++sum.ordersQueued;
                break;
            case OrderStatus::Fulfilled:
                ++sum.ordersFulfilled;
                break;
            case OrderStatus::Cancelled:
                ++sum.ordersCancelled;
                break;
            case OrderStatus::Expired:
                ++sum.ordersExpired;
                break;
            case OrderStatus::Failed:
                ++sum.ordersFailed;
                break;
        }
    }
    return sum;
}

std::vector<RecordStatus> Engine::records() const {
    std::vector<RecordStatus> out;
    out.reserve(state_->tickets.size() + state_->orders.size() + state_->blocks.size());
    forEachRecord([&](RecordStatus::Kind kind, std::string_view id, std::string_view status) {
        out.push_back({kind, std::string(id), std::string(status)});
    });
    return out;
}

void Engine::forEachRecord(const std::function<void(RecordStatus::Kind, std::string_view id,
                                                    std::string_view status)>& visit) const {
    const EngineState& s = *state_;
    for (std::uint32_t t = 0; t < s.tickets.size(); ++t)
        visit(RecordStatus::Kind::Ticket, ticketId(s, t), statusName(s.tickets[t].status));
    for (const Order& o : s.orders)
        visit(RecordStatus::Kind::Order, orderId(s, o), orderStatusName(o.status));
    for (const Block& b : s.blocks)
        visit(RecordStatus::Kind::Block, b.id, b.released ? "released" : "live");
}

}  // namespace houbu
