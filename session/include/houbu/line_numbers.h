#pragma once
// The input line number of each command a session applied, rising: a day's
// millions of commands come from consecutive lines, so the numbers are kept
// as runs of consecutive ones (a few runs where comments or blank lines
// break them) rather than a number each.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace houbu {

class LineNumbers {
  public:
    // REQUIRES: `number` is above the last one appended.
    void append(int number);
    void clear() {
        runs_.clear();
        count_ = 0;
    }
    std::size_t size() const { return count_; }
    // The number of command `i`. REQUIRES: i < size().
    int at(std::size_t i) const;
    // Which command came from line `number`, if one did.
    std::optional<std::size_t> indexOf(int number) const;
    std::size_t memoryBytes() const { return runs_.capacity() * sizeof(Run); }

  private:
    struct Run {
        std::size_t first;  // the index of its first command
        int number;         // that command's line number
    };
    std::vector<Run> runs_;
    std::size_t count_ = 0;
};

}  // namespace houbu
