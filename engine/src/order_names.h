#pragma once
// Who an order is for: the user who submitted it and its group's 1 to 5
// passenger names, as one piece of text in a TextArena (a count, then each
// name after its length). A record keeps one pointer: two views and a vector
// of strings took 56 bytes and a heap block an order.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "text_arena.h"

namespace houbu {

class OrderNames {
  public:
    // Packs `user` and `passengers` (in order) into `arena`.
    template <class Names>
    static OrderNames store(std::string_view user, const Names& passengers, TextArena& arena) {
        thread_local std::string bytes;
        bytes.clear();
        bytes += static_cast<char>(passengers.size());
        append(bytes, user);
        for (const auto& n : passengers)
            append(bytes, std::string_view(n));
        OrderNames out;
        out.bytes_ = arena.add(bytes).data();
        return out;
    }

    std::size_t size() const { return static_cast<unsigned char>(bytes_[0]); }
    std::string_view user() const { return TextArena::prefixed(bytes_ + 1); }
    // Calls f(std::string_view) for each passenger in order.
    template <class F>
    void forEach(F&& f) const {
        const std::size_t n = size();
        std::string_view name = user();
        for (std::size_t i = 0; i < n; ++i) {
            name = TextArena::prefixed(name.data() + name.size());
            f(name);
        }
    }
    std::vector<std::string> toVector() const {
        std::vector<std::string> out;
        out.reserve(size());
        forEach([&out](std::string_view n) { out.emplace_back(n); });
        return out;
    }

  private:
    static void append(std::string& bytes, std::string_view text) {
        char length[10];
        bytes.append(length, TextArena::putLength(text.size(), length));
        bytes.append(text);
    }

    const char* bytes_ = nullptr;
};

}  // namespace houbu
