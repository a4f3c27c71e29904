#pragma once
// The journal's hash chain. Row n's link is a 128-bit XXH3 of row n-1's link,
// the row's sequence number and input line, its command's bytes and the events
// the engine produced for it. Replaying the journal must reproduce every link:
// a changed event, a changed, missing or reordered row breaks the chain at
// that row and every row after it. XXH3 is not a keyed MAC: the chain finds
// damage and edits by hand, not a forger who recomputes it.

// The state type lives on the stack: no allocation per row.
#define XXH_STATIC_LINKING_ONLY
#include <xxhash.h>

#include <QByteArray>
#include <QByteArrayView>
#include <QtEndian>
#include <cstring>

namespace houbu {

class JournalChain {
  public:
    static constexpr qsizetype kLinkSize = 16;

    // The link before the first row.
    static QByteArray origin() { return QByteArray(kLinkSize, '\0'); }

    static QByteArray next(QByteArrayView previous, qint64 seq, int line, QByteArrayView command,
                           QByteArrayView events) {
        QByteArray link(kLinkSize, Qt::Uninitialized);
        advance(previous, seq, line, command, events, link.data());
        return link;
    }

    // The same into `link` (kLinkSize bytes), which may hold `previous`: a
    // replay moves one link on for every command without allocating.
    static void advance(QByteArrayView previous, qint64 seq, int line, QByteArrayView command,
                        QByteArrayView events, char* link) {
        XXH3_state_t state;
        XXH3_128bits_reset(&state);
        XXH3_128bits_update(&state, previous.data(), static_cast<size_t>(previous.size()));
        unsigned char head[20];
        qToLittleEndian<qint64>(seq, head);
        qToLittleEndian<qint32>(line, head + 8);
        qToLittleEndian<qint64>(command.size(), head + 12);
        XXH3_128bits_update(&state, head, sizeof head);
        XXH3_128bits_update(&state, command.data(), static_cast<size_t>(command.size()));
        XXH3_128bits_update(&state, events.data(), static_cast<size_t>(events.size()));
        XXH128_canonical_t canonical;
        XXH128_canonicalFromHash(&canonical, XXH3_128bits_digest(&state));
        std::memcpy(link, canonical.digest, kLinkSize);
    }
};

}  // namespace houbu
