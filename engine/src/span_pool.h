#pragma once
// Short runs of values (an order's 1 to 10 options) stored contiguously in
// chunks that never move, so a record keeps a pointer and a count instead of a
// std::vector (24 bytes and a heap block each).

#include <cstdint>
#include <memory>
#include <vector>

namespace houbu {

// A run in a SpanPool: what a record holds.
template <class T>
class Span {
  public:
    Span() = default;
    Span(T* data, std::size_t count) : data_(data), count_(static_cast<std::uint8_t>(count)) {}
    T* begin() const { return data_; }
    T* end() const { return data_ + count_; }
    std::size_t size() const { return count_; }
    bool empty() const { return count_ == 0; }
    T& operator[](std::size_t i) const { return data_[i]; }
    T& front() const { return data_[0]; }

  private:
    T* data_ = nullptr;
    std::uint8_t count_ = 0;
};

template <class T>
class SpanPool {
  public:
    // Copies n values (n at most 255) into the pool; the span lives as long as the pool.
    Span<T> add(const T* values, std::size_t n) {
        if (chunks_.empty() || used_ + n > kChunk) {
            chunks_.push_back(std::make_unique<T[]>(kChunk));
            used_ = 0;
        }
        T* at = chunks_.back().get() + used_;
        for (std::size_t i = 0; i < n; ++i)
            at[i] = values[i];
        used_ += n;
        return Span<T>(at, n);
    }

    // Where the pool stands: rewind() forgets every span added after it.
    struct Mark {
        std::size_t chunks = 0;
        std::size_t used = 0;
    };
    Mark mark() const { return {chunks_.size(), used_}; }
    void rewind(const Mark& m) {
        chunks_.resize(m.chunks);
        used_ = m.used;
    }

    std::size_t bytes() const {
        return chunks_.empty() ? 0 : ((chunks_.size() - 1) * kChunk + used_) * sizeof(T);
    }

  private:
    static constexpr std::size_t kChunk = 16384;
    std::vector<std::unique_ptr<T[]>> chunks_;
    std::size_t used_ = 0;
};

}  // namespace houbu
