#pragma once
// A class's waitlist queues on one run, by interval: the queue index of each
// (from, to), kNone where no order has asked for it yet. Sized by the run's own
// stops (a 40-stop run needs 1,600 slots, not the 4,096 of the longest run
// possible): over the 15,000 classes of a whole day that is the difference
// between 250 MB and about 60 MB.

#include <cstdint>
#include <vector>

namespace houbu {

class QueueSlots {
  public:
    static constexpr std::uint32_t kEmpty = 0xffffffffu;

    void reset(int stops) {
        stops_ = stops;
        slots_.assign(static_cast<std::size_t>(stops) * static_cast<std::size_t>(stops), kEmpty);
    }
    int stops() const { return stops_; }
    std::uint32_t& at(int from, int to) { return slots_[index(from, to)]; }
    std::uint32_t at(int from, int to) const { return slots_[index(from, to)]; }

    // Calls f(from, to, queue) for every interval with a queue, from-major.
    template <class F>
    void forEach(F&& f) const {
        for (std::size_t k = 0; k < slots_.size(); ++k)
            if (slots_[k] != kEmpty)
                f(static_cast<int>(k) / stops_, static_cast<int>(k) % stops_, slots_[k]);
    }

  private:
    std::size_t index(int from, int to) const {
        return static_cast<std::size_t>(from) * static_cast<std::size_t>(stops_) +
               static_cast<std::size_t>(to);
    }
    int stops_ = 0;
    std::vector<std::uint32_t> slots_;
};

}  // namespace houbu
