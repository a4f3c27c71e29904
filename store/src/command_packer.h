#pragma once
// Packs journaled commands with zstd and dictionaries trained on the store's
// own commands. A command line is ~120 bytes of JSON whose keys and values
// repeat across the day: alone, zstd saves little on so short a text; with a
// dictionary trained on earlier commands it packs about 4:1. Training runs on
// a thread of its own (it takes a fraction of a second) and is repeated as
// the store grows, since a day starts with trains and sales and goes on with
// waitlist orders. Rows keep the number of the dictionary they were packed
// with (0: stored as received), so every row stays readable for good.

#include <QByteArray>
#include <QByteArrayView>
#include <deque>
#include <future>
#include <map>
#include <memory>
#include <optional>

struct ZSTD_CCtx_s;
struct ZSTD_DCtx_s;
struct ZSTD_CDict_s;
struct ZSTD_DDict_s;

namespace houbu {

class CommandPacker {
  public:
    CommandPacker();
    ~CommandPacker();
    CommandPacker(const CommandPacker&) = delete;
    CommandPacker& operator=(const CommandPacker&) = delete;

    // A dictionary read from the store (or trained), usable from now on.
    void addDictionary(int id, const QByteArray& bytes);
    // Packs a command with the newest dictionary; `packing` tells which (0: as is).
    QByteArray pack(QByteArrayView command, int& packing);
    // The command as it was received; nullopt when the bytes are damaged or
    // name a dictionary the store does not hold.
    std::optional<QByteArray> unpack(const QByteArray& stored, int packing);

    // Keeps a command as a training sample; starts a training when the
    // journal reaches the next size at which a dictionary is trained.
    void sample(QByteArrayView command, qint64 journalLength);
    // A dictionary whose training has finished, to be stored and added; once.
    // With `wait`, a training under way is waited for.
    std::optional<QByteArray> takeTrained(bool wait = false);
    int newestId() const { return newest_; }

  private:
    struct Dictionary;
    std::map<int, std::unique_ptr<Dictionary>> dictionaries_;
    int newest_ = 0;
    ZSTD_CCtx_s* cctx_ = nullptr;
    ZSTD_DCtx_s* dctx_ = nullptr;
    std::deque<QByteArray> samples_;
    qint64 nextTraining_ = 0;
    std::future<QByteArray> training_;
};

}  // namespace houbu
