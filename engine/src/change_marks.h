#pragma once
// Which queues and seats changed since a viewer last read them
// (Engine::trackChanges, Engine::takeChanges): the marks a viewer needs to
// re-read only what changed instead of a whole run after every command.
// Derived, never part of a snapshot; off unless a viewer asks for it.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace houbu {

struct ChangeMarks {
    // Past this many marks nobody has taken, the record stops and says it
    // overflowed (a file loaded in one go): the viewer then reads the run whole.
    static constexpr std::size_t kMostMarks = std::size_t{1} << 20;

    bool on = false;
    bool overflowed = false;
    std::vector<std::uint32_t> queues;    // queue indices; may repeat
    std::vector<std::uint64_t> seats;     // run << 32 | seat; may repeat
    std::vector<std::uint32_t> reshaped;  // runs that gained cars: read whole

    void queue(std::uint32_t index) {
        if (on && room()) queues.push_back(index);
    }
    void seat(std::uint32_t run, std::uint32_t seat) {
        if (on && room()) seats.push_back(std::uint64_t{run} << 32 | seat);
    }
    void reshape(std::uint32_t run) {
        if (on) reshaped.push_back(run);
    }
    void clear() {
        queues.clear();
        seats.clear();
        reshaped.clear();
        overflowed = false;
    }

  private:
    bool room() {
        if (queues.size() + seats.size() < kMostMarks) return true;
        overflowed = true;
        return false;
    }
};

}  // namespace houbu
