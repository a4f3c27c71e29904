#pragma once
// An engine snapshot written by a forked child while the writer goes on.
//
// fork() hands the child the engine exactly as it is between two commands;
// the kernel then copies a page only when the writer changes it. The writer
// pauses for the fork itself (page tables, about a millisecond per 100 MB of
// state), not for encoding, compressing and writing the whole state, which
// on a peak day takes seconds. The child writes a file the store then takes
// into the database a part at a time (store.cpp); until it is registered
// there, a crash loses only the snapshot, never a command.
//
// The file: 32 bytes of SHA-256 over what follows, then the snapshot
// compressed as one zstd frame. The hash is written last, after the
// compressed bytes are on disk, so a file cut short by a crash never checks.

#include <sys/types.h>

#include <QString>
#include <memory>

namespace houbu {

class Engine;

class SnapshotProcess {
  public:
    enum class State { Running, Written, Failed };
    static constexpr qint64 kHashBytes = 32;

    // Forks a child writing `engine`'s snapshot (journal seq `seq`) to
    // `path`. nullptr with `error` set when the process cannot be started.
    static std::unique_ptr<SnapshotProcess> start(const Engine& engine, qint64 seq,
                                                  const QString& path, QString& error);
    // A child still running is killed; an unwritten file is removed.
    ~SnapshotProcess();
    SnapshotProcess(const SnapshotProcess&) = delete;
    SnapshotProcess& operator=(const SnapshotProcess&) = delete;

    State poll();  // without waiting
    State wait();  // until the child has ended
    qint64 seq() const { return seq_; }
    const QString& path() const { return path_; }
    // Why the child failed, when it did.
    const QString& failure() const { return failure_; }
    // How long the writer was paused by fork() itself.
    qint64 forkMicroseconds() const { return forkMicroseconds_; }

  private:
    SnapshotProcess(pid_t pid, int errorPipe, qint64 seq, QString path, qint64 forkMicroseconds);
    State ended(int status);

    pid_t pid_;
    int errorPipe_;  // the child's reason for failing, if it fails
    qint64 seq_;
    QString path_;
    qint64 forkMicroseconds_;
    State state_ = State::Running;
    QString failure_;
};

}  // namespace houbu
