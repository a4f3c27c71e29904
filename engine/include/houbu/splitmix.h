#pragma once
// A small, fast, portable PRNG (splitmix64): the same stream on every platform
// and compiler, so that a seed names one workload or one test case everywhere
// (std::uniform_int_distribution does not promise that).

#include <cstdint>

namespace houbu {

class SplitMix64 {
  public:
    explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    // Uniform in [0, n), n >= 1 (the modulo bias is below 2^-40 for n < 2^24).
    int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
    // Uniform in [lo, hi].
    int between(int lo, int hi) { return lo + below(hi - lo + 1); }
    // Uniform in [0, 1).
    double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
    bool percent(int p) { return below(100) < p; }

  private:
    std::uint64_t state_;
};

}  // namespace houbu
