#pragma once
// An append-only list of byte lines (events or commands as JSON) kept
// compressed, with random access: a real day's console log holds millions of
// lines, a few hundred bytes each, of which a screen shows forty. Lines are
// gathered into blocks of kBlockLines and each full block is packed with zstd
// at its fastest level (about a tenth of the bytes for JSON); reading a line
// unpacks its block, and the last few unpacked blocks are kept, so that
// scrolling and scanning in order unpack each block once. Each line is packed
// with a '\n' after it, and a block's line ends are found again by that mark
// when it is unpacked: a packed block keeps its own ends (4 bytes a line) only
// when one of its lines holds a '\n' itself.
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
        QByteArray packed;  // zstd frame of the block's lines, each followed by '\n'
        // Where each line's '\n' ends, in the unpacked bytes: empty unless a
        // line holds a '\n' of its own (else found again on unpacking).
        std::vector<std::uint32_t> ends;
        std::uint32_t unpackedSize = 0;
    };
    // A block's bytes and line ends: the open block's own, or unpacked (cached).
    struct Lines {
        const QByteArray& bytes;
        const std::vector<std::uint32_t>& ends;
        QByteArrayView line(std::size_t k) const {
            const std::uint32_t start = k == 0 ? 0 : ends[k - 1];
            return {bytes.constData() + start, ends[k] - start - 1};
        }
    };
    Lines linesOf(std::size_t b) const;
    void seal();

    std::vector<Block> blocks_;  // full blocks, packed
    QByteArray open_;            // the lines of the block being filled
    std::vector<std::uint32_t> openEnds_;
    bool openHasNewline_ = false;  // a line of the open block holds a '\n'
    std::size_t count_ = 0;

    struct Cached {
        std::size_t block = SIZE_MAX;
        QByteArray bytes;
        std::vector<std::uint32_t> ends;  // the block's own, or found by its '\n's
        std::uint64_t used = 0;
    };
    mutable std::array<Cached, 4> cache_;
    mutable std::uint64_t uses_ = 0;
};

}  // namespace houbu
