#pragma once
// Write-once text (ids, names) in large chunks that never move: each string
// costs its bytes, not a heap block and a 32-byte std::string, and what is
// handed out stays valid for the arena's life. A string added with
// addPrefixed() carries its length before its bytes, so a record can keep one
// 8-byte pointer instead of a 16-byte view.

#include <cstring>
#include <memory>
#include <string_view>
#include <vector>

namespace houbu {

class TextArena {
  public:
    std::string_view add(std::string_view text) {
        if (text.empty()) return {};
        char* at = reserve(text.size());
        std::memcpy(at, text.data(), text.size());
        return {at, text.size()};
    }

    // Stores text after its length (a varint): read it back with prefixed().
    const char* addPrefixed(std::string_view text) {
        char length[10];
        const std::size_t n = putLength(text.size(), length);
        char* at = reserve(n + text.size());
        std::memcpy(at, length, n);
        std::memcpy(at + n, text.data(), text.size());
        return at;
    }
    // The text addPrefixed() stored at `at`.
    static std::string_view prefixed(const char* at) {
        std::size_t length = 0;
        const char* p = readLength(at, length);
        return {p, length};
    }

    // A varint length: 7 bits a byte, low first, the high bit set on all but the last.
    static std::size_t putLength(std::size_t length, char* out) {
        std::size_t n = 0;
        while (length >= 0x80) {
            out[n++] = static_cast<char>((length & 0x7f) | 0x80);
            length >>= 7;
        }
        out[n++] = static_cast<char>(length);
        return n;
    }
    static const char* readLength(const char* at, std::size_t& length) {
        length = 0;
        for (int shift = 0;; shift += 7) {
            const auto b = static_cast<unsigned char>(*at++);
            length |= static_cast<std::size_t>(b & 0x7f) << shift;
            if (!(b & 0x80)) return at;
        }
    }

    // Where the arena stands: rewind() forgets everything added after it.
    struct Mark {
        std::size_t chunks = 0;
        std::size_t used = 0;
        std::size_t big = 0;
        std::size_t bigBytes = 0;
    };
    Mark mark() const { return {chunks_.size(), used_, big_.size(), bigBytes_}; }
    void rewind(const Mark& m) {
        chunks_.resize(m.chunks);
        used_ = m.used;
        big_.resize(m.big);
        bigBytes_ = m.bigBytes;
    }

    // The bytes its text takes (the untouched end of the open chunk not counted).
    std::size_t bytes() const {
        return (chunks_.empty() ? 0 : (chunks_.size() - 1) * kChunk + used_) + bigBytes_;
    }

  private:
    // Room for n bytes that never moves.
    char* reserve(std::size_t n) {
        if (n > kChunk / 4) {
            // A long string gets a chunk of its own; the current one stays open.
            big_.push_back(std::make_unique<char[]>(n));
            bigBytes_ += n;
            return big_.back().get();
        }
        if (chunks_.empty() || used_ + n > kChunk) {
            chunks_.push_back(std::make_unique<char[]>(kChunk));
            used_ = 0;
        }
        char* at = chunks_.back().get() + used_;
        used_ += n;
        return at;
    }

    static constexpr std::size_t kChunk = std::size_t{1} << 20;
    std::vector<std::unique_ptr<char[]>> chunks_;
    std::vector<std::unique_ptr<char[]>> big_;
    std::size_t used_ = 0;
    std::size_t bigBytes_ = 0;
};

}  // namespace houbu
