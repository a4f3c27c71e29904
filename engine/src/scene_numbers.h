#pragma once
// A forecast scene's own numbers for the orders it holds, 0, 1, 2, … in the
// order they are first met. A scene meets tens of thousands of orders ahead
// on a busy day; an open-addressing table keeps that to a probe or two each,
// without the heap node per order of a std::unordered_map.

#include <cstdint>
#include <vector>

namespace houbu {

class SceneNumbers {
  public:
    SceneNumbers() : slots_(kFirstCapacity, 0) {}

    // The number of `order`: its own when met before, the next one otherwise.
    std::uint32_t number(std::uint32_t order) {
        if (2 * (orders_.size() + 1) > slots_.size()) grow();
        std::size_t i = slotOf(order);
        for (; slots_[i] != 0; i = (i + 1) & (slots_.size() - 1))
            if (orders_[slots_[i] - 1] == order) return slots_[i] - 1;
        orders_.push_back(order);
        slots_[i] = static_cast<std::uint32_t>(orders_.size());
        return slots_[i] - 1;
    }
    std::size_t size() const { return orders_.size(); }
    // Each number's order.
    const std::vector<std::uint32_t>& orders() const { return orders_; }

  private:
    static constexpr std::size_t kFirstCapacity = 1024;  // a power of two

    std::size_t slotOf(std::uint32_t order) const {
        // Fibonacci hashing: order numbers come in runs, which it spreads.
        const std::uint64_t h = order * 0x9e3779b97f4a7c15ull;
        return static_cast<std::size_t>(h >> 32) & (slots_.size() - 1);
    }
    void grow() {
        slots_.assign(slots_.size() * 2, 0);
        for (std::uint32_t n = 0; n < orders_.size(); ++n) {
            std::size_t i = slotOf(orders_[n]);
            while (slots_[i] != 0)
                i = (i + 1) & (slots_.size() - 1);
            slots_[i] = n + 1;
        }
    }

    std::vector<std::uint32_t> slots_;  // a number + 1, 0 when empty
    std::vector<std::uint32_t> orders_;
};

}  // namespace houbu
