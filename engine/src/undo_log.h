#pragma once
// An undo record (Engine::mark / Engine::undo): what the commands applied
// since a mark changed, kept as the first value of each thing they touched,
// so that taking them back costs what they touched and never a copy of the
// whole state.
//
// Records (orders, tickets, sales, queues, table entries) are watched: their
// containers report every mutable access (StableVector::watch). A run is
// saved by parts where the engine changes them (EngineState::touchSeat,
// touchClass, touchCounters, touchStandingList; touchWholeRun before its cars
// change), as are blocks and the added-run list: a sale keeps one seat, not
// a run of a thousand. Queue tallies and the run index are derived again
// from what went back. Everything created after the mark is cut off again;
// timers are taken back push by pop.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "state.h"

namespace houbu {

// The first value of every element a watched container hands out mutably,
// for the elements that existed at the mark (later ones are cut off).
template <class T>
class FirstValues : public ElementWatch<T> {
  public:
    explicit FirstValues(std::size_t existing) : existing_(existing) {}
    void before(std::size_t index, const T& value) override {
        if (index >= existing_ || !seen_.insert(index).second) return;
        saved_.emplace_back(index, value);
        kept(value);
    }
    std::size_t existing() const { return existing_; }
    const std::vector<std::pair<std::size_t, T>>& saved() const { return saved_; }

  protected:
    // A value just saved (a subclass keeps what it points to).
    virtual void kept(const T&) {}

  private:
    std::size_t existing_;
    std::unordered_set<std::size_t> seen_;
    std::vector<std::pair<std::size_t, T>> saved_;
};

// Orders point into the option pool, and their options change in place (the
// queue an option joined): each saved order keeps its options' values too.
class FirstOrders : public FirstValues<Order> {
  public:
    using FirstValues::FirstValues;
    // Puts back the options' values of every saved order, in save order.
    void restoreOptions() const;

  protected:
    void kept(const Order& order) override;

  private:
    std::vector<OrderOption> options_;
};

// The first values of the parts of one run that changed.
struct RunFirstValues {
    struct ClassValues {
        QueueSlots queueAt;
        std::vector<std::int32_t> standingLoad;
        int queuedPassengers = 0;
        int cap = -1;
        int changingOrders = 0;
    };
    // The whole run (a car was added), the parts below folded in.
    std::optional<Run> whole;
    bool counters = false;
    std::int64_t heldSegments = 0;
    int queuedOrders = 0;
    int queuedPassengers = 0;
    std::uint32_t lastRelease = 0;
    Time waitlistSince = -1;
    std::optional<std::vector<std::uint32_t>> standingTickets;
    std::vector<std::pair<std::uint16_t, ClassValues>> classes;
    std::unordered_set<std::uint32_t> seatSeen;
    std::vector<std::pair<std::uint32_t, Seat>> seats;

    // Puts the parts back into `run` (seats with their free bits).
    void putBack(Run& run) const;
};

class UndoLog {
  public:
    // Starts recording on `s` (whose `undo` must then point here).
    explicit UndoLog(EngineState& s);
    UndoLog(const UndoLog&) = delete;
    UndoLog& operator=(const UndoLog&) = delete;

    // Stops recording (a later mark records instead), or starts again.
    void attach(bool on);
    // Puts `s` back as it was at the mark. Recording has stopped.
    void restore();

    void seat(std::uint32_t run, std::uint32_t seat);
    void counters(std::uint32_t run);
    void travelClass(std::uint32_t run, std::uint16_t travelClass);
    void standingList(std::uint32_t run);
    void wholeRun(std::uint32_t run);
    void blocks();
    void newTrainOrders();
    // The per-user counts are about to be replaced (a limit turned on or off).
    void replacingUsers();

  private:
    EngineState& s_;

    Time clock_;
    std::uint64_t seq_, submissions_, timerSeq_;
    std::size_t queuedOrders_;
    LimitValues limits_;

    // The first values of a run's parts; null when it is saved whole or
    // came after the mark.
    RunFirstValues* partsOf(std::uint32_t run);

    std::size_t runCount_;
    std::unordered_map<std::uint32_t, RunFirstValues> runs_;
    std::optional<std::vector<Block>> blocks_;
    // The added-run list: its length at the mark (new orders are appended),
    // and the whole list once an added run rewrites it.
    std::size_t newTrainCount_;
    std::size_t legCount_;  // the ticket legs at the mark (new ones are appended)
    // The forecasts' ledger: releases are appended; the rest is small.
    std::size_t releasesSeen_, largeSeen_;
    std::array<std::uint64_t, 4> left_;
    std::int64_t closedSeconds_, queuedSince_;
    std::optional<std::vector<NewTrainsOrder>> newTrainOrders_;
    bool usersReplaced_ = false;
    std::unique_ptr<TextTable<std::uint32_t>> usersBefore_;

    FirstOrders orders_;
    FirstValues<Ticket> tickets_;
    FirstValues<Sale> sales_;
    FirstValues<Queue> queues_;
    FirstValues<TextTable<IdRecord>::Entry> ids_;
    FirstValues<TextTable<PassengerTickets>::Entry> passengers_;
    TextTable<IdRecord>::Mark idsMark_;
    TextTable<PassengerTickets>::Mark passengersMark_;
    // The per-user counts as they were at the mark (null: not counting).
    TextTable<std::uint32_t>* users_;
    std::optional<FirstValues<TextTable<std::uint32_t>::Entry>> userEntries_;
    TextTable<std::uint32_t>::Mark usersMark_;
    TextArena::Mark textMark_;
    SpanPool<OrderOption>::Mark optionMark_;
    std::vector<TimerQueue::Change> timers_;
};

}  // namespace houbu
