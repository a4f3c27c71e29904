#pragma once
// The names of a group (1 to 5 passengers) as one piece of text: each a varint
// length and its bytes, kept in a TextArena. A vector of strings took a heap
// block and 32 bytes a name; this takes the bytes and 17.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "text_arena.h"

namespace houbu {

class PackedNames {
  public:
    // Packs `names` (in order) into `arena`.
    template <class Names>
    static PackedNames store(const Names& names, TextArena& arena) {
        thread_local std::string bytes;
        bytes.clear();
        PackedNames out;
        for (const auto& n : names) {
            std::size_t len = std::string_view(n).size();
            while (len >= 0x80) {
                bytes += static_cast<char>((len & 0x7f) | 0x80);
                len >>= 7;
            }
            bytes += static_cast<char>(len);
            bytes.append(std::string_view(n));
            ++out.count_;
        }
        out.bytes_ = arena.add(bytes);
        return out;
    }

    std::size_t size() const { return count_; }
    bool empty() const { return count_ == 0; }

    // Calls f(std::string_view) for each name in order.
    template <class F>
    void forEach(F&& f) const {
        std::size_t pos = 0;
        for (std::size_t i = 0; i < count_; ++i) {
            std::size_t len = 0;
            for (int shift = 0;; shift += 7) {
                const auto b = static_cast<unsigned char>(bytes_[pos++]);
                len |= static_cast<std::size_t>(b & 0x7f) << shift;
                if (!(b & 0x80)) break;
            }
            f(bytes_.substr(pos, len));
            pos += len;
        }
    }
    std::vector<std::string> toVector() const {
        std::vector<std::string> out;
        out.reserve(count_);
        forEach([&out](std::string_view n) { out.emplace_back(n); });
        return out;
    }

  private:
    std::string_view bytes_;
    std::uint8_t count_ = 0;
};

}  // namespace houbu
