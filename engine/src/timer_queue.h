#pragma once
// Due timers in (due, seq) order. A binary heap on one std::vector relocated
// its millions of timers in the one command that crossed a power of two (a
// quarter-second stall of a waitlist command on a 1/25 day); here timers sit in
// one std::deque per due instant, and a deque never relocates what it holds.
// New timers take increasing sequence numbers, so they join the back of their
// instant's deque, and the front of the first deque is the next to fire.

#include <algorithm>
#include <cstdint>
#include <deque>
#include <map>

#include "houbu/time.h"

namespace houbu {

enum class TimerKind : std::uint8_t { HoldExpiry, PrepayTimeout, OrderExpiry };

struct Timer {
    Time due = 0;
    std::uint64_t seq = 0;  // set order, breaks ties between equal due times
    TimerKind kind = TimerKind::HoldExpiry;
    std::uint32_t ref = 0;  // sale or order index; a timer whose owner moved on does nothing
};

class TimerQueue {
  public:
    bool empty() const { return byDue_.empty(); }
    std::size_t size() const { return size_; }
    const Timer& top() const { return byDue_.begin()->second.front(); }

    void push(const Timer& t) {
        std::deque<Timer>& at = byDue_[t.due];
        if (at.empty() || at.back().seq < t.seq) {
            at.push_back(t);
        } else {
            // Only a restored snapshot can bring timers out of order.
            at.insert(
                std::upper_bound(at.begin(), at.end(), t,
                                 [](const Timer& a, const Timer& b) { return a.seq < b.seq; }),
                t);
        }
        ++size_;
    }
    void pop() {
        auto first = byDue_.begin();
        first->second.pop_front();
        if (first->second.empty()) byDue_.erase(first);
        --size_;
    }
    // Calls f(const Timer&) for every timer, in firing order.
    template <class F>
    void forEach(F&& f) const {
        for (const auto& [due, timers] : byDue_)
            for (const Timer& t : timers)
                f(t);
    }

  private:
    std::map<Time, std::deque<Timer>> byDue_;
    std::size_t size_ = 0;
};

}  // namespace houbu
