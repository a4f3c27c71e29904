#include "houbu/line_archive.h"

#include <zstd.h>
#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace houbu {

void LineArchive::append(QByteArrayView line) {
    openHasNewline_ = openHasNewline_ || line.contains('\n');
    open_.append(line.data(), line.size());
    open_.append('\n');
    openEnds_.push_back(static_cast<std::uint32_t>(open_.size()));
    ++count_;
    if (openEnds_.size() == kBlockLines) seal();
}

void LineArchive::seal() {
    Block b;
    b.unpackedSize = static_cast<std::uint32_t>(open_.size());
    b.packed.resize(static_cast<qsizetype>(ZSTD_compressBound(static_cast<size_t>(open_.size()))));
    const size_t n = ZSTD_compress(b.packed.data(), static_cast<size_t>(b.packed.size()),
                                   open_.constData(), static_cast<size_t>(open_.size()), 1);
    // Compressing into a buffer of ZSTD_compressBound bytes cannot fail but
    // for a lack of memory.
    if (ZSTD_isError(n)) throw std::bad_alloc();
    b.packed.truncate(static_cast<qsizetype>(n));
    b.packed.squeeze();
    if (openHasNewline_) {
        b.ends = openEnds_;
        b.ends.shrink_to_fit();
    }
    blocks_.push_back(std::move(b));
    open_.clear();
    openEnds_.clear();
    openHasNewline_ = false;
}

void LineArchive::clear() {
    blocks_.clear();
    open_.clear();
    openEnds_.clear();
    openHasNewline_ = false;
    count_ = 0;
    for (Cached& c : cache_)
        c = Cached{};
}

LineArchive::Lines LineArchive::linesOf(std::size_t b) const {
    if (b == blocks_.size()) return {open_, openEnds_};
    ++uses_;
    Cached* oldest = &cache_[0];
    for (Cached& c : cache_) {
        if (c.block == b) {
            c.used = uses_;
            return {c.bytes, c.ends};
        }
        if (c.used < oldest->used) oldest = &c;
    }
    const Block& block = blocks_[b];
    oldest->bytes.resize(static_cast<qsizetype>(block.unpackedSize));
    const size_t n =
        ZSTD_decompress(oldest->bytes.data(), block.unpackedSize, block.packed.constData(),
                        static_cast<size_t>(block.packed.size()));
    if (ZSTD_isError(n) || n != block.unpackedSize)
        throw std::logic_error("LineArchive: a block of its own does not unpack");
    if (!block.ends.empty()) {
        oldest->ends = block.ends;
    } else {
        oldest->ends.clear();
        const char* const first = oldest->bytes.constData();
        const char* const last = first + oldest->bytes.size();
        for (const char* at = first;
             (at = static_cast<const char*>(std::memchr(at, '\n', last - at))) != nullptr; ++at)
            oldest->ends.push_back(static_cast<std::uint32_t>(at + 1 - first));
    }
    oldest->block = b;
    oldest->used = uses_;
    return {oldest->bytes, oldest->ends};
}

QByteArray LineArchive::at(std::size_t i) const {
    return linesOf(i / kBlockLines).line(i % kBlockLines).toByteArray();
}

void LineArchive::scan(std::size_t first,
                       const std::function<bool(std::size_t, QByteArrayView)>& visit) const {
    for (std::size_t i = first; i < count_;) {
        const Lines lines = linesOf(i / kBlockLines);
        for (std::size_t k = i % kBlockLines; k < lines.ends.size(); ++k, ++i)
            if (!visit(i, lines.line(k))) return;
    }
}

std::size_t LineArchive::memoryBytes() const {
    std::size_t bytes = static_cast<std::size_t>(open_.capacity()) +
                        openEnds_.capacity() * sizeof(std::uint32_t) +
                        blocks_.capacity() * sizeof(Block);
    for (const Block& b : blocks_)
        bytes += static_cast<std::size_t>(b.packed.capacity()) +
                 b.ends.capacity() * sizeof(std::uint32_t);
    for (const Cached& c : cache_)
        bytes += static_cast<std::size_t>(c.bytes.capacity()) +
                 c.ends.capacity() * sizeof(std::uint32_t);
    return bytes;
}

}  // namespace houbu
