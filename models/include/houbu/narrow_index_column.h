#pragma once
// A column of small indexes (into a list of names), two bytes a row while
// every index fits in them and four from the first that does not: a day's
// log has millions of rows and a few thousand trains.

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace houbu {

class NarrowIndexColumn {
  public:
    void push_back(std::uint32_t index) {
        if (wide_.empty() && index > std::numeric_limits<std::uint16_t>::max() && !narrow_.empty())
            widen();
        if (!wide_.empty() || index > std::numeric_limits<std::uint16_t>::max())
            wide_.push_back(index);
        else
            narrow_.push_back(static_cast<std::uint16_t>(index));
    }
    std::uint32_t operator[](std::size_t row) const {
        return wide_.empty() ? narrow_[row] : wide_[row];
    }
    // Gives the rows' memory back, not only the rows.
    void clear() {
        std::vector<std::uint16_t>().swap(narrow_);
        std::vector<std::uint32_t>().swap(wide_);
    }
    std::size_t memoryBytes() const {
        return narrow_.capacity() * sizeof(std::uint16_t) +
               wide_.capacity() * sizeof(std::uint32_t);
    }

  private:
    void widen() {
        wide_.assign(narrow_.begin(), narrow_.end());
        std::vector<std::uint16_t>().swap(narrow_);
    }
    std::vector<std::uint16_t> narrow_;  // while no index needs more
    std::vector<std::uint32_t> wide_;    // once one does: every row
};

}  // namespace houbu
