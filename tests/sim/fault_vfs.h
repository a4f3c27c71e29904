#pragma once
// A SQLite VFS over the default one ("unix") for the fault simulation
// (tests/sim): driven by a seeded generator it fails writes (disk full, EIO),
// syncs and truncates, and it remembers every byte written since a file's
// last successful sync, so that a simulated power cut can lose or tear
// exactly what the disk had not promised to keep.
//
// Registered as the process's default VFS: the store opens its database
// through Qt's SQLite driver, which takes the default, so the store needs no
// seam. Only the database, its WAL and a rollback journal are tracked; the
// -shm file is rebuilt from the WAL after a crash, so a crash removes it.
//
// A crash (planned at the n-th tracked operation, or asked for) makes every
// later operation fail without touching the disk, so that the store's close
// changes nothing; once every connection is closed, materializeCrash() writes
// each file as the disk would hold it: the last synced image, then each
// unsynced write kept, lost or torn (a random subset of its 512-byte
// sectors), in order.

#include <sqlite3.h>

#include <QString>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "houbu/splitmix.h"

namespace houbu::sim {

// Faults by kind, for the harness's report.
struct FaultCounts {
    qint64 writeFull = 0;      // SQLITE_FULL on a write (a disk-full window counts each)
    qint64 writeIoErr = 0;     // SQLITE_IOERR_WRITE
    qint64 syncIoErr = 0;      // SQLITE_IOERR_FSYNC
    qint64 truncateIoErr = 0;  // SQLITE_IOERR_TRUNCATE
    qint64 crashes = 0;        // power cuts materialized
    qint64 writesKept = 0;     // unsynced writes that reached the disk at a crash
    qint64 writesLost = 0;     // ... that did not
    qint64 writesTorn = 0;     // ... that reached it in part
    qint64 truncatesLost = 0;  // unsynced truncations undone
    qint64 filesLost = 0;      // files never synced, gone
    FaultCounts& operator+=(const FaultCounts& o);
};

class FaultVfs {
  public:
    // Probabilities per tracked operation, and a power cut at an operation.
    struct Plan {
        double writeFault = 0;     // a write fails (half disk full, half EIO)
        double syncFault = 0;      // a sync fails
        double truncateFault = 0;  // a truncate fails
        int diskFullOps = 1;       // writes a disk-full episode lasts
        qint64 crashAtOp = -1;     // tracked operations from arm() to the crash; -1: none
    };

    // The one instance, registered as the default VFS on first use.
    static FaultVfs& instance();

    enum class Op { Write, Sync, Truncate };
    // Fails the next `count` operations `op` on files whose path ends with
    // `suffix` (with `code`), whatever the plan: a test's exact fault.
    void failNext(Op op, const std::string& suffix, int code, int count = 1);

    // Faults from now on follow `plan`, drawn from `seed`.
    void arm(std::uint64_t seed, const Plan& plan);
    // No more faults (tracking goes on).
    void disarm();
    // Cut the power now: every later operation fails.
    void crash();
    bool crashed() const;
    // After every connection closed: writes each tracked file as a power cut
    // left it, drawn from `seed`, and clears the crash.
    void materializeCrash(std::uint64_t seed);
    // Forgets every tracked file (a new simulation in a new folder).
    void reset();
    FaultCounts counts() const;
    qint64 operations() const;
    // Prints every fault and crash to stderr (HOUBU_SIM_TRACE), to follow a seed.
    void setTrace(bool on) { trace_ = on; }

  private:
    struct Pending {
        bool truncate = false;
        qint64 offset = 0;  // a write's offset, a truncation's size
        std::string bytes;
    };
    struct Tracked {
        std::string path;
        std::string durable;        // the file as of its last successful sync
        bool durableExists = true;  // false: created and never synced
        std::vector<Pending> pending;
    };
    struct File;
    struct Scripted {
        Op op;
        std::string suffix;
        int code;
        int count;
    };

    FaultVfs();
    static FaultVfs* of(sqlite3_vfs* vfs);
    static File* of(sqlite3_file* file);
    // Decides on a fault for one tracked operation; returns the SQLite code or SQLITE_OK.
    int decide(int kind, const Tracked& file);
    int decideCode(int kind);

    static int xOpen(sqlite3_vfs*, const char* name, sqlite3_file*, int flags, int* outFlags);
    static int xDelete(sqlite3_vfs*, const char* name, int syncDir);
    static int xAccess(sqlite3_vfs*, const char* name, int flags, int* out);
    static int xFullPathname(sqlite3_vfs*, const char* name, int n, char* out);
    static void* xDlOpen(sqlite3_vfs*, const char* name);
    static void xDlError(sqlite3_vfs*, int n, char* msg);
    static void (*xDlSym(sqlite3_vfs*, void* handle, const char* symbol))(void);
    static void xDlClose(sqlite3_vfs*, void* handle);
    static int xRandomness(sqlite3_vfs*, int n, char* out);
    static int xSleep(sqlite3_vfs*, int microseconds);
    static int xCurrentTime(sqlite3_vfs*, double* out);
    static int xGetLastError(sqlite3_vfs*, int n, char* out);
    static int xCurrentTimeInt64(sqlite3_vfs*, sqlite3_int64* out);

    static int xClose(sqlite3_file*);
    static int xRead(sqlite3_file*, void* buffer, int amount, sqlite3_int64 offset);
    static int xWrite(sqlite3_file*, const void* buffer, int amount, sqlite3_int64 offset);
    static int xTruncate(sqlite3_file*, sqlite3_int64 size);
    static int xSync(sqlite3_file*, int flags);
    static int xFileSize(sqlite3_file*, sqlite3_int64* size);
    static int xLock(sqlite3_file*, int level);
    static int xUnlock(sqlite3_file*, int level);
    static int xCheckReservedLock(sqlite3_file*, int* out);
    static int xFileControl(sqlite3_file*, int op, void* arg);
    static int xSectorSize(sqlite3_file*);
    static int xDeviceCharacteristics(sqlite3_file*);
    static int xShmMap(sqlite3_file*, int region, int size, int extend, void volatile** out);
    static int xShmLock(sqlite3_file*, int offset, int n, int flags);
    static void xShmBarrier(sqlite3_file*);
    static int xShmUnmap(sqlite3_file*, int deleteFlag);

    sqlite3_vfs vfs_{};
    sqlite3_vfs* base_ = nullptr;
    sqlite3_io_methods methods_{};
    mutable std::mutex mutex_;
    std::map<std::string, std::shared_ptr<Tracked>> files_;
    SplitMix64 rng_{1};
    Plan plan_;
    bool armed_ = false;
    bool crashed_ = false;
    bool trace_ = false;
    int diskFullLeft_ = 0;
    std::vector<Scripted> scripted_;
    qint64 operations_ = 0;  // tracked writes, syncs and truncates since arm()
    FaultCounts counts_;
};

}  // namespace houbu::sim
