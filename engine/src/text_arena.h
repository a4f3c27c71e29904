#pragma once
// Write-once text (ids) in large chunks that never move: each string costs its
// bytes, not a heap block and a 32-byte std::string, and the views handed out
// stay valid for the arena's life.

#include <cstring>
#include <memory>
#include <string_view>
#include <vector>

namespace houbu {

class TextArena {
  public:
    std::string_view add(std::string_view text) {
        if (text.empty()) return {};
        if (text.size() > kChunk / 4) {
            // A long string gets a chunk of its own; the current one stays open.
            big_.push_back(std::make_unique<char[]>(text.size()));
            std::memcpy(big_.back().get(), text.data(), text.size());
            return {big_.back().get(), text.size()};
        }
        if (chunks_.empty() || used_ + text.size() > kChunk) {
            chunks_.push_back(std::make_unique<char[]>(kChunk));
            used_ = 0;
        }
        char* at = chunks_.back().get() + used_;
        std::memcpy(at, text.data(), text.size());
        used_ += text.size();
        return {at, text.size()};
    }

  private:
    static constexpr std::size_t kChunk = std::size_t{1} << 20;
    std::vector<std::unique_ptr<char[]>> chunks_;
    std::vector<std::unique_ptr<char[]>> big_;
    std::size_t used_ = 0;
};

}  // namespace houbu
