#pragma once
// The names of a group (1 to 5 passengers) in one string: each a varint length
// and its bytes. A group of short names fits the string's own buffer, where a
// vector of strings took a heap block and 32 bytes a name.

#include <string>
#include <string_view>
#include <vector>

namespace houbu {

class PackedNames {
  public:
    void assign(const std::vector<std::string>& names) {
        bytes_.clear();
        count_ = 0;
        for (const std::string& n : names)
            append(n);
    }
    void append(std::string_view name) {
        std::size_t len = name.size();
        while (len >= 0x80) {
            bytes_ += static_cast<char>((len & 0x7f) | 0x80);
            len >>= 7;
        }
        bytes_ += static_cast<char>(len);
        bytes_.append(name);
        ++count_;
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
            f(std::string_view(bytes_).substr(pos, len));
            pos += len;
        }
    }
    std::string_view operator[](std::size_t index) const {
        std::string_view out;
        std::size_t i = 0;
        forEach([&](std::string_view n) {
            if (i++ == index) out = n;
        });
        return out;
    }
    std::vector<std::string> toVector() const {
        std::vector<std::string> out;
        out.reserve(count_);
        forEach([&out](std::string_view n) { out.emplace_back(n); });
        return out;
    }

  private:
    std::string bytes_;
    std::uint8_t count_ = 0;
};

}  // namespace houbu
