#pragma once
// A 128-bit XXH3 digest of an engine's canonical state (the bytes of
// Engine::snapshot), taken as they stream out, so that two states are compared
// without either being held twice: a whole day's state is gigabytes. Like the
// journal's chain (journal_chain.h) it finds a difference, not a forger.

#define XXH_STATIC_LINKING_ONLY
#include <xxhash.h>

#include <QByteArray>
#include <string_view>

#include "houbu/engine.h"

namespace houbu {

class StateDigest {
  public:
    StateDigest() { XXH3_128bits_reset(&state_); }

    void add(std::string_view bytes) { XXH3_128bits_update(&state_, bytes.data(), bytes.size()); }

    QByteArray result() const {
        XXH128_canonical_t canonical;
        XXH128_canonicalFromHash(&canonical, XXH3_128bits_digest(&state_));
        return QByteArray(reinterpret_cast<const char*>(canonical.digest), sizeof canonical.digest);
    }

    static QByteArray of(const Engine& engine) {
        StateDigest digest;
        engine.snapshot([&](std::string_view piece) { digest.add(piece); });
        return digest.result();
    }

  private:
    XXH3_state_t state_;
};

}  // namespace houbu
