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
#include <vector>

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
    // What an undo record keeps: each timer pushed or popped, in order.
    struct Change {
        Timer timer;
        bool pushed = false;
    };
    // Starts (a list) or stops (nullptr) recording pushes and pops.
    void record(std::vector<Change>* changes) { changes_ = changes; }
    // Takes back the recorded changes, latest first.
    void undo(const std::vector<Change>& changes) {
        for (auto c = changes.rbegin(); c != changes.rend(); ++c) {
            const Timer& t = c->timer;
            if (c->pushed) {
                auto at = byDue_.find(t.due);
                // Timers set while recording take increasing numbers: each is its deque's last.
                at->second.pop_back();
                if (at->second.empty()) byDue_.erase(at);
                --size_;
            } else {
                byDue_[t.due].push_front(Stored{t.seq, t.ref, t.kind});
                ++size_;
            }
        }
    }

    bool empty() const { return byDue_.empty(); }
    std::size_t size() const { return size_; }
    Timer top() const {
        const auto& [due, first] = *byDue_.begin();
        return widen(due, first.front());
    }

    void push(const Timer& t) {
        if (changes_) changes_->push_back({t, true});
        std::deque<Stored>& at = byDue_[t.due];
        const Stored s{t.seq, t.ref, t.kind};
        if (at.empty() || at.back().seq < t.seq) {
            at.push_back(s);
        } else {
            // Only a restored snapshot can bring timers out of order.
            at.insert(
                std::upper_bound(at.begin(), at.end(), s,
                                 [](const Stored& a, const Stored& b) { return a.seq < b.seq; }),
                s);
        }
        ++size_;
    }
    void pop() {
        if (changes_) changes_->push_back({top(), false});
        auto first = byDue_.begin();
        first->second.pop_front();
        if (first->second.empty()) byDue_.erase(first);
        --size_;
    }
    // Calls f(const Timer&) for every timer, in firing order.
    template <class F>
    void forEach(F&& f) const {
        for (const auto& [due, timers] : byDue_)
            for (const Stored& t : timers)
                f(widen(due, t));
    }

    // About the bytes it takes: a map node and a deque per due instant, and
    // the deques' 512-byte blocks.
    std::size_t bytes() const {
        constexpr std::size_t perInstant = 48 + sizeof(std::deque<Stored>) + 64;
        constexpr std::size_t perBlock = 512 / sizeof(Stored);
        std::size_t n = 0;
        for (const auto& [due, timers] : byDue_)
            n += perInstant + (timers.size() / perBlock + 1) * 512;
        return n;
    }

  private:
    // A timer without its due instant, which is its deque's key: 16 bytes, not 24.
    struct Stored {
        std::uint64_t seq;
        std::uint32_t ref;
        TimerKind kind;
    };
    static Timer widen(Time due, const Stored& s) { return Timer{due, s.seq, s.kind, s.ref}; }

    std::map<Time, std::deque<Stored>> byDue_;
    std::size_t size_ = 0;
    std::vector<Change>* changes_ = nullptr;
};

}  // namespace houbu
