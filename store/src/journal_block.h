#pragma once
// A journal block: the commands of one transaction, in one row. A row per
// command cost about 93 bytes and a B-tree insert each (schema 3); a block
// keeps what a replay needs column by column, so that zstd packs the whole
// transaction at once, and the table grows by a row per commit.
//
// The body, before it is packed (CommandPacker):
//   varint count
//   count × varint input line
//   count × varint clock: the first command's, then each one's step from
//           the one before (zig-zag: the clock never goes back, but a
//           damaged block must not read as a huge step)
//   count × varint event count
//   count × varint author id
//   count × (varint length, bytes) error code name, empty when none
//   count × 4 bytes locator: the first bytes of the command's chain link
//   count × varint command length
//   the commands' bytes, one after the other, exactly as received
//
// The block's row holds the full 128-bit chain link of its last command
// (journal_chain.h). A replay recomputes every command's link: the first
// whose locator differs names the row that changed; the block's link checks
// all of them together with the strength of the whole hash.

#include <QByteArray>
#include <QByteArrayView>
#include <QString>
#include <cstdint>
#include <vector>

namespace houbu {

struct JournalCommand {
    int line = 0;
    qint64 clock = 0;  // the engine's clock after it, seconds since 2000-01-01
    int eventCount = 0;
    qint64 author = 0;
    QByteArray errorCode;  // empty: none
    quint32 locator = 0;
    QByteArray command;  // as received
};

class JournalBlock {
  public:
    static constexpr qsizetype kLocatorBytes = 4;

    // The first bytes of a chain link, as a locator.
    static quint32 locatorOf(QByteArrayView link);

    static QByteArray encode(const std::vector<JournalCommand>& commands);
    // Reads a body back; false with `error` naming what is wrong when the
    // bytes are not one.
    static bool decode(QByteArrayView body, std::vector<JournalCommand>& out, QString& error);
};

}  // namespace houbu
