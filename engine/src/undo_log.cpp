#include "undo_log.h"

#include <algorithm>

namespace houbu {

void FirstOrders::kept(const Order& order) {
    options_.insert(options_.end(), order.options().begin(), order.options().end());
}

void FirstOrders::restoreOptions() const {
    std::size_t at = 0;
    for (const auto& [index, order] : saved()) {
        std::copy_n(options_.begin() + static_cast<std::ptrdiff_t>(at), order.optionCount,
                    order.optionData);
        at += order.optionCount;
    }
}

UndoLog::UndoLog(EngineState& s)
    : s_(s),
      clock_(s.clock),
      seq_(s.seq),
      submissions_(s.submissions),
      timerSeq_(s.timerSeq),
      queuedOrders_(s.queuedOrders),
      limits_(s.limits),
      runCount_(s.runs.size()),
      newTrainCount_(s.newTrainOrders.size()),
      legCount_(s.legs.size()),
      releasesSeen_(s.ledger.releases.size()),
      largeSeen_(s.ledger.large.size()),
      left_(s.ledger.left),
      closedSeconds_(s.ledger.closedSeconds),
      queuedSince_(s.ledger.queuedSince),
      orders_(s.orders.size()),
      tickets_(s.tickets.size()),
      sales_(s.sales.size()),
      queues_(s.queues.size()),
      ids_(s.ids.size()),
      passengers_(s.passengers.size()),
      idsMark_(s.ids.mark()),
      passengersMark_(s.passengers.mark()),
      users_(s.openOrdersByUser.get()),
      textMark_(s.text.mark()),
      optionMark_(s.optionPool.mark()) {
    if (users_) {
        userEntries_.emplace(users_->size());
        usersMark_ = users_->mark();
    }
    attach(true);
}

void UndoLog::attach(bool on) {
    s_.orders.watch(on ? &orders_ : nullptr);
    s_.tickets.watch(on ? &tickets_ : nullptr);
    s_.sales.watch(on ? &sales_ : nullptr);
    s_.queues.watch(on ? &queues_ : nullptr);
    s_.ids.watch(on ? &ids_ : nullptr);
    s_.passengers.watch(on ? &passengers_ : nullptr);
    if (users_) users_->watch(on ? &*userEntries_ : nullptr);
    s_.timers.record(on ? &timers_ : nullptr);
}

namespace {

// Puts back the first values of a watched container.
template <class Container, class T>
void putBack(Container& items, const FirstValues<T>& first) {
    for (const auto& [index, value] : first.saved())
        items[index] = value;
}

}  // namespace

void UndoLog::restore() {
    EngineState& s = s_;
    attach(false);
    s.timers.undo(timers_);

    putBack(s.orders, orders_);
    orders_.restoreOptions();
    s.orders.resize(orders_.existing());
    putBack(s.tickets, tickets_);
    s.tickets.resize(tickets_.existing());
    s.legs.resize(legCount_);
    putBack(s.sales, sales_);
    s.sales.resize(sales_.existing());
    putBack(s.queues, queues_);
    // A viewer that saw a queue made since the mark reads its run whole.
    const StableVector<Queue>& queues = s.queues;
    for (std::size_t q = queues_.existing(); q < queues.size(); ++q)
        s.changes.reshape(queues[q].run);
    s.queues.resize(queues_.existing());
    s.queueTallies.resize(queues_.existing());
    // A queue's tally follows from its counts; a viewer reads the queue again.
    for (const auto& [index, queue] : queues_.saved()) {
        s.queueTallies[index] = tallyOf(queue);
        s.changes.queue(static_cast<std::uint32_t>(index));
    }

    putBack(s.ids, ids_);
    s.ids.rollback(idsMark_);
    putBack(s.passengers, passengers_);
    s.passengers.rollback(passengersMark_);
    if (usersReplaced_) s.openOrdersByUser = std::move(usersBefore_);
    if (users_) {
        putBack(*users_, *userEntries_);
        users_->rollback(usersMark_);
    }

    // Runs defined since the mark: out of the index, and a viewer forgets them.
    for (std::uint32_t r = static_cast<std::uint32_t>(runCount_); r < s.runs.size(); ++r) {
        s.runIndex.erase(s.runs[r].train + '\x1f' + s.runs[r].date);
        s.changes.reshape(r);
    }
    s.runs.resize(runCount_);
    for (auto& [index, values] : runs_) {
        if (values.whole) {
            s.runs[index] = std::move(*values.whole);
            s.changes.reshape(index);
            continue;
        }
        values.putBack(s.runs[index]);
        for (const auto& [seat, first] : values.seats)
            s.changes.seat(index, seat);
    }
    if (blocks_) s.blocks = std::move(*blocks_);
    if (newTrainOrders_)
        s.newTrainOrders = std::move(*newTrainOrders_);
    else
        s.newTrainOrders.resize(newTrainCount_);

    s.ledger.releases.resize(releasesSeen_);
    s.ledger.large.resize(largeSeen_);
    s.ledger.left = left_;
    s.ledger.closedSeconds = closedSeconds_;
    s.ledger.queuedSince = queuedSince_;

    s.text.rewind(textMark_);
    s.optionPool.rewind(optionMark_);
    s.clock = clock_;
    s.seq = seq_;
    s.submissions = submissions_;
    s.timerSeq = timerSeq_;
    s.queuedOrders = queuedOrders_;
    s.limits = limits_;
}

void RunFirstValues::putBack(Run& run) const {
    if (counters) {
        run.heldSegments = heldSegments;
        run.queuedOrders = queuedOrders;
        run.queuedPassengers = queuedPassengers;
        run.lastRelease = lastRelease;
        run.waitlistSince = waitlistSince;
    }
    if (standingTickets) run.standingTickets = *standingTickets;
    for (const auto& [index, values] : classes) {
        ClassInfo& cls = run.classes[index];
        cls.queueAt = values.queueAt;
        cls.standingLoad = values.standingLoad;
        cls.queuedPassengers = values.queuedPassengers;
        cls.cap = values.cap;
        cls.changingOrders = values.changingOrders;
    }
    for (const auto& [index, seat] : seats) {
        run.seats[index] = seat;
        refreshFreeBits(run, index);
    }
}

RunFirstValues* UndoLog::partsOf(std::uint32_t run) {
    if (run >= runCount_) return nullptr;
    RunFirstValues& values = runs_[run];
    return values.whole ? nullptr : &values;
}

void UndoLog::seat(std::uint32_t run, std::uint32_t seat) {
    RunFirstValues* values = partsOf(run);
    if (!values || !values->seatSeen.insert(seat).second) return;
    values->seats.emplace_back(seat, s_.runs[run].seats[seat]);
}

void UndoLog::counters(std::uint32_t run) {
    RunFirstValues* values = partsOf(run);
    if (!values || values->counters) return;
    const Run& r = s_.runs[run];
    values->counters = true;
    values->heldSegments = r.heldSegments;
    values->queuedOrders = r.queuedOrders;
    values->queuedPassengers = r.queuedPassengers;
    values->lastRelease = r.lastRelease;
    values->waitlistSince = r.waitlistSince;
}

void UndoLog::travelClass(std::uint32_t run, std::uint16_t travelClass) {
    RunFirstValues* values = partsOf(run);
    if (!values) return;
    for (const auto& [index, saved] : values->classes)
        if (index == travelClass) return;
    const ClassInfo& cls = s_.runs[run].classes[travelClass];
    values->classes.emplace_back(
        travelClass,
        RunFirstValues::ClassValues{cls.queueAt, cls.standingLoad, cls.queuedPassengers, cls.cap,
                                    cls.changingOrders});
}

void UndoLog::standingList(std::uint32_t run) {
    RunFirstValues* values = partsOf(run);
    if (values && !values->standingTickets) values->standingTickets = s_.runs[run].standingTickets;
}

void UndoLog::wholeRun(std::uint32_t run) {
    RunFirstValues* values = partsOf(run);
    if (!values) return;
    // The run as it was at the mark: as it is, with the parts changed since put back.
    Run copy = s_.runs[run];
    values->putBack(copy);
    *values = RunFirstValues{};
    values->whole = std::move(copy);
}

void UndoLog::blocks() {
    if (!blocks_) blocks_ = s_.blocks;
}

void UndoLog::newTrainOrders() {
    if (!newTrainOrders_) newTrainOrders_ = s_.newTrainOrders;
}

void UndoLog::replacingUsers() {
    if (usersReplaced_) return;
    usersReplaced_ = true;
    usersBefore_ = std::move(s_.openOrdersByUser);
}

void EngineState::keepSeat(std::uint32_t run, std::uint32_t seat) {
    undo->seat(run, seat);
}
void EngineState::keepCounters(std::uint32_t run) {
    undo->counters(run);
}
void EngineState::keepClass(std::uint32_t run, std::uint16_t travelClass) {
    undo->travelClass(run, travelClass);
}
void EngineState::keepStandingList(std::uint32_t run) {
    undo->standingList(run);
}
void EngineState::keepWholeRun(std::uint32_t run) {
    undo->wholeRun(run);
}
void EngineState::keepBlocks() {
    undo->blocks();
}
void EngineState::keepNewTrainOrders() {
    undo->newTrainOrders();
}

}  // namespace houbu
