#pragma once
// An append-only list of byte lines (events or commands as JSON) kept
// compressed, with random access: a real day's console log holds millions of
// lines, a few hundred bytes each, of which a screen shows forty. Lines are
// gathered into blocks of kBlockLines and each full block is packed with zstd
// at its fastest level (about a tenth of the bytes for JSON); reading a line
// unpacks its block, and the last few unpacked blocks are kept, so that
// scrolling and scanning in order unpack each block once.
//
// Not thread-safe: one thread appends and reads (the unpacked-block cache
// changes on reads).

#include <QByteArray>
#include <QByteArrayView>
#include <array>
#include <cstdint>
#include <functional>
#include <vector>

namespace houbu {

class LineArchive {
  public:
    static constexpr std::size_t kBlockLines = 1024;

    void append(QByteArrayView line);
    void clear();
    std::size_t size() const { return count_; }
    bool empty() const { return count_ == 0; }
    // Line `i` (0-based), without its end of line. REQUIRES: i < size().
    QByteArray at(std::size_t i) const;
    // Calls `visit(i, line)` for lines first..size()-1 in order; stops when it returns false.
    void scan(std::size_t first,
              const std::function<bool(std::size_t, QByteArrayView)>& visit) const;
    // Bytes held: packed blocks, the open block and the index.
    std::size_t memoryBytes() const;

  private:
    struct Block {
        QByteArray packed;                // zstd frame of the block's lines, back to back
        std::vector<std::uint32_t> ends;  // end offset of each line in the unpacked bytes
        std::uint32_t unpackedSize = 0;
    };
    // The unpacked bytes of block `b` (the open block's own, or from the cache).
    const QByteArray& unpacked(std::size_t b) const;
    void seal();

    std::vector<Block> blocks_;  // full blocks, packed
    QByteArray open_;            // the lines of the block being filled
    std::vector<std::uint32_t> openEnds_;
    std::size_t count_ = 0;

    struct Cached {
        std::size_t block = SIZE_MAX;
        QByteArray bytes;
        std::uint64_t used = 0;
    };
    mutable std::array<Cached, 4> cache_;
    mutable std::uint64_t uses_ = 0;
};

}  // namespace houbu
