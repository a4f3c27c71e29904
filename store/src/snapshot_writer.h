#pragma once
// An engine snapshot taken on the engine's thread and written by a thread of
// its own.
//
// The engine's state is serialized where the engine lives, between two
// groups of commands, while nothing changes it: the writer pauses for that
// (Engine::snapshot, about 150 MB/s of state), not for compressing and
// writing, which a thread of its own does from the serialized pieces as they
// come. A forked child writing the state while the writer went on (schema 3)
// paused the writer only for fork(), but every page the writer then changed
// was copied on its first write: on a machine where a page fault costs tens
// of microseconds (virtual machines with shadow page tables), that cost more
// than the whole serialization, once for nearly every page of the state.
//
// The file: the 16 bytes of its checksum (snapshot_checksum.h) over what
// follows, then the snapshot compressed as one zstd frame. The checksum is
// written last, after the compressed bytes are on disk, so a file cut short
// by a crash never checks. Until the store registers it, a crash loses only
// the snapshot, never a command.

#include <QString>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace houbu {

class Engine;

class SnapshotWriter {
  public:
    enum class State { Running, Written, Failed };
    static constexpr qint64 kHashBytes = 16;

    // Serializes `engine` (journal seq `seq`) now, on the caller's thread, and
    // writes it to `path` on a thread of its own. nullptr with `error` set
    // when the file cannot be made.
    static std::unique_ptr<SnapshotWriter> start(const Engine& engine, qint64 seq,
                                                 const QString& path, QString& error);
    // A write still running is stopped; an unfinished file is removed.
    ~SnapshotWriter();
    SnapshotWriter(const SnapshotWriter&) = delete;
    SnapshotWriter& operator=(const SnapshotWriter&) = delete;

    State poll();  // without waiting
    State wait();  // until the file is written or failed
    qint64 seq() const { return seq_; }
    const QString& path() const { return path_; }
    // Why the write failed, when it did.
    QString failure() const;
    // How long the caller's thread was paused to serialize the state.
    qint64 pauseMicroseconds() const { return pauseMicroseconds_; }

  private:
    SnapshotWriter(int fd, qint64 seq, QString path);
    void give(std::string_view piece);
    void finishGiving();
    void write();

    int fd_;
    qint64 seq_;
    QString path_;
    qint64 pauseMicroseconds_ = 0;
    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<std::string> pieces_;  // serialized, waiting to be compressed
    std::vector<std::string> spare_;  // emptied pieces, for the next ones
    bool given_ = false;              // the last piece is in
    bool stop_ = false;
    State state_ = State::Running;
    QString failure_;
    std::thread thread_;
};

}  // namespace houbu
