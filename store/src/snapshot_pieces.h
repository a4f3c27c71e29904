#pragma once
// A stored snapshot's own bytes, decompressed a piece at a time as they are
// asked for (Engine::restore, verify's digest), from the stored pieces `next`
// gives in order: the snapshot is never held whole. Check the pieces'
// checksum first: these bytes are trusted as they come.

#include <QByteArray>
#include <QString>
#include <functional>
#include <string>
#include <string_view>

#include <zstd.h>

namespace houbu {

class SnapshotPieces {
  public:
    SnapshotPieces(std::function<bool(QByteArray&)> next, int packing)
        : next_(std::move(next)), packing_(packing), buffer_(ZSTD_DStreamOutSize(), '\0') {}
    ~SnapshotPieces() { ZSTD_freeDStream(z_); }
    SnapshotPieces(const SnapshotPieces&) = delete;
    SnapshotPieces& operator=(const SnapshotPieces&) = delete;

    // The next piece; empty at the end, or when the bytes are damaged.
    std::string_view operator()() {
        if (!damage_.isEmpty()) return {};
        for (;;) {
            if (packing_ != 0 && (in_.pos < in_.size || heldBack_)) {
                ZSTD_outBuffer o{buffer_.data(), buffer_.size(), 0};
                left_ = ZSTD_decompressStream(z_, &o, &in_);
                if (ZSTD_isError(left_)) {
                    damage_ = QStringLiteral("cannot be decompressed: ") +
                              QString::fromLatin1(ZSTD_getErrorName(left_));
                    return {};
                }
                // A full buffer: the decoder may hold more back.
                heldBack_ = o.pos == o.size;
                if (o.pos > 0) return {buffer_.data(), o.pos};
                if (in_.pos < in_.size) continue;
            }
            if (!next_(piece_)) {
                if (packing_ != 0 && left_ != 0) damage_ = QStringLiteral("cut short");
                return {};
            }
            if (packing_ == 0) {
                if (piece_.isEmpty()) continue;
                return {piece_.constData(), static_cast<std::size_t>(piece_.size())};
            }
            in_ = ZSTD_inBuffer{piece_.constData(), static_cast<size_t>(piece_.size()), 0};
        }
    }
    // What was wrong with the bytes (empty when nothing was).
    const QString& damage() const { return damage_; }

  private:
    std::function<bool(QByteArray&)> next_;
    int packing_;
    ZSTD_DStream* z_ = ZSTD_createDStream();
    std::string buffer_;
    QByteArray piece_;
    ZSTD_inBuffer in_{nullptr, 0, 0};
    size_t left_ = 1;  // a frame not yet ended
    bool heldBack_ = false;
    QString damage_;
};

}  // namespace houbu
