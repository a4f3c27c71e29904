#pragma once

#include <bit>
#include <cstddef>
#include <new>
#include <utility>
#include <vector>

namespace houbu {

// Told of an element just before a caller may change it (an undo record
// keeps its first value).
template <class T>
class ElementWatch {
  public:
    virtual ~ElementWatch() = default;
    virtual void before(std::size_t index, const T& value) = 0;
};

// A vector whose elements never move: storage grows by chunks that double in
// size (the first holds kFirst elements), so memory stays within twice the
// contents as with std::vector, but growing never relocates what is there. A
// std::vector of a million orders relocates hundreds of megabytes (and faults
// in as many fresh pages) in the one command that crosses a power of two.
template <class T>
class StableVector {
  public:
    StableVector() = default;
    StableVector(const StableVector&) = delete;
    StableVector& operator=(const StableVector&) = delete;
    ~StableVector() {
        resize(0);
        for (std::size_t c = 0; c < chunks_.size(); ++c)
            ::operator delete (chunks_[c], std::align_val_t{alignof(T)});
    }

    std::size_t size() const { return size_; }
    // The bytes its elements take (the untouched end of the last chunk is
    // never faulted in, so it is not counted), with the chunk table.
    std::size_t bytes() const { return size_ * sizeof(T) + chunks_.capacity() * sizeof(T*); }
    bool empty() const { return size_ == 0; }
    // Every mutable access goes through here, so a watch sees each element
    // before it can change (one predictable branch when nobody watches).
    T& operator[](std::size_t i) {
        T* p = slot(i);
        if (watch_) [[unlikely]]
            watch_->before(i, *p);
        return *p;
    }
    const T& operator[](std::size_t i) const { return *slot(i); }
    void watch(ElementWatch<T>* w) { watch_ = w; }
    T& back() { return (*this)[size_ - 1]; }
    const T& back() const { return (*this)[size_ - 1]; }

    void push_back(T&& value) {
        T* p = grow();
        new (p) T(std::move(value));
        ++size_;
    }
    void push_back(const T& value) {
        T* p = grow();
        new (p) T(value);
        ++size_;
    }
    void resize(std::size_t n) {
        while (size_ > n)
            slot(--size_)->~T();
        while (size_ < n) {
            T* p = grow();
            new (p) T();
            ++size_;
        }
    }

    template <class Owner, class Ref>
    class Iter {
      public:
        Iter(Owner* v, std::size_t i) : v_(v), i_(i) {}
        Ref operator*() const { return (*v_)[i_]; }
        Iter& operator++() {
            ++i_;
            return *this;
        }
        bool operator!=(const Iter& other) const { return i_ != other.i_; }
        bool operator==(const Iter& other) const { return i_ == other.i_; }

      private:
        Owner* v_;
        std::size_t i_;
    };
    using iterator = Iter<StableVector, T&>;
    using const_iterator = Iter<const StableVector, const T&>;
    iterator begin() { return {this, 0}; }
    iterator end() { return {this, size_}; }
    const_iterator begin() const { return {this, 0}; }
    const_iterator end() const { return {this, size_}; }

  private:
    static constexpr std::size_t kFirstBits = 6;
    static constexpr std::size_t kFirst = std::size_t{1} << kFirstBits;

    // Element i lives in chunk c = bit_width(i + kFirst) - 1 - kFirstBits, which
    // holds kFirst << c elements starting at index (kFirst << c) - kFirst.
    T* slot(std::size_t i) const {
        const std::size_t j = i + kFirst;
        const std::size_t c = static_cast<std::size_t>(std::bit_width(j)) - 1 - kFirstBits;
        return chunks_[c] + (j - (kFirst << c));
    }
    T* grow() {
        if (size_ == (kFirst << chunks_.size()) - kFirst) {
            const std::size_t n = kFirst << chunks_.size();
            chunks_.push_back(
                static_cast<T*>(::operator new (n * sizeof(T), std::align_val_t{alignof(T)})));
        }
        return slot(size_);
    }

    std::vector<T*> chunks_;
    std::size_t size_ = 0;
    ElementWatch<T>* watch_ = nullptr;
};

}  // namespace houbu
