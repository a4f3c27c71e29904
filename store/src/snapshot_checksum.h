#pragma once
// The checksum of a stored snapshot's bytes: a 128-bit XXH3, written as
// "xxh3:" and 32 hex digits in the snapshots table. Schemas before 4 used
// SHA-256 (64 hex digits), which still checks; XXH3 reads a whole day's
// gigabytes about thirty times as fast, and the checksum is there to find
// damage, not forgery (the journal's chain is the same kind of hash).

#define XXH_STATIC_LINKING_ONLY
#include <xxhash.h>

#include <array>
#include <cstdint>
#include <string_view>

namespace houbu {

class SnapshotChecksum {
  public:
    using Digest = std::array<std::uint8_t, 16>;
    static constexpr std::string_view kPrefix = "xxh3:";

    SnapshotChecksum() { XXH3_128bits_reset(&state_); }
    void add(std::string_view bytes) { XXH3_128bits_update(&state_, bytes.data(), bytes.size()); }
    Digest digest() const {
        XXH128_canonical_t canonical;
        XXH128_canonicalFromHash(&canonical, XXH3_128bits_digest(&state_));
        Digest d;
        for (std::size_t i = 0; i < d.size(); ++i)
            d[i] = canonical.digest[i];
        return d;
    }

  private:
    XXH3_state_t state_;
};

}  // namespace houbu
