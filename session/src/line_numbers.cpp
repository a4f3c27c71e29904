#include "houbu/line_numbers.h"

#include <algorithm>
#include <iterator>

namespace houbu {

void LineNumbers::append(int number) {
    const bool extends =
        !runs_.empty() &&
        runs_.back().number + static_cast<int>(count_ - runs_.back().first) == number;
    if (!extends) runs_.push_back(Run{count_, number});
    ++count_;
}

int LineNumbers::at(std::size_t i) const {
    const auto run = std::prev(std::upper_bound(
        runs_.begin(), runs_.end(), i, [](std::size_t k, const Run& r) { return k < r.first; }));
    return run->number + static_cast<int>(i - run->first);
}

std::optional<std::size_t> LineNumbers::indexOf(int number) const {
    const auto after = std::upper_bound(runs_.begin(), runs_.end(), number,
                                        [](int n, const Run& r) { return n < r.number; });
    if (after == runs_.begin()) return std::nullopt;
    const Run& run = *std::prev(after);
    const std::size_t end = after == runs_.end() ? count_ : after->first;
    const std::size_t i = run.first + static_cast<std::size_t>(number - run.number);
    if (i >= end) return std::nullopt;
    return i;
}

}  // namespace houbu
