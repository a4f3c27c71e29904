#include "fault_vfs.h"

#include <unistd.h>
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>

namespace houbu::sim {

namespace {

constexpr qint64 kSector = 512;
enum Kind { kWrite, kSync, kTruncate };

bool readWhole(const std::string& path, std::string& out) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    return true;
}

void writeAt(std::string& image, qint64 offset, const char* bytes, qint64 n) {
    const auto end = static_cast<std::size_t>(offset + n);
    if (image.size() < end) image.resize(end, '\0');
    std::memcpy(image.data() + offset, bytes, static_cast<std::size_t>(n));
}

}  // namespace

FaultCounts& FaultCounts::operator+=(const FaultCounts& o) {
    writeFull += o.writeFull;
    writeIoErr += o.writeIoErr;
    syncIoErr += o.syncIoErr;
    truncateIoErr += o.truncateIoErr;
    crashes += o.crashes;
    writesKept += o.writesKept;
    writesLost += o.writesLost;
    writesTorn += o.writesTorn;
    truncatesLost += o.truncatesLost;
    filesLost += o.filesLost;
    return *this;
}

// The file SQLite holds: ours first, the base VFS's right behind it.
struct FaultVfs::File {
    sqlite3_file base;
    FaultVfs* vfs;
    std::shared_ptr<Tracked> tracked;  // null: not tracked (temporary files)
    sqlite3_file* real() { return reinterpret_cast<sqlite3_file*>(this + 1); }
};

FaultVfs& FaultVfs::instance() {
    static FaultVfs* vfs = new FaultVfs;  // never destroyed: SQLite keeps the pointer
    return *vfs;
}

FaultVfs::FaultVfs() {
    base_ = sqlite3_vfs_find(nullptr);
    vfs_.iVersion = 2;
    vfs_.szOsFile = static_cast<int>(sizeof(File)) + base_->szOsFile;
    vfs_.mxPathname = base_->mxPathname;
    vfs_.zName = "houbu-fault";
    vfs_.pAppData = this;
    vfs_.xOpen = xOpen;
    vfs_.xDelete = xDelete;
    vfs_.xAccess = xAccess;
    vfs_.xFullPathname = xFullPathname;
    vfs_.xDlOpen = xDlOpen;
    vfs_.xDlError = xDlError;
    vfs_.xDlSym = xDlSym;
    vfs_.xDlClose = xDlClose;
    vfs_.xRandomness = xRandomness;
    vfs_.xSleep = xSleep;
    vfs_.xCurrentTime = xCurrentTime;
    vfs_.xGetLastError = xGetLastError;
    vfs_.xCurrentTimeInt64 = xCurrentTimeInt64;
    // Version 2: shared memory passes through; no xFetch, so SQLite never
    // maps the file and every byte it reads or writes comes by us.
    methods_.iVersion = 2;
    methods_.xClose = xClose;
    methods_.xRead = xRead;
    methods_.xWrite = xWrite;
    methods_.xTruncate = xTruncate;
    methods_.xSync = xSync;
    methods_.xFileSize = xFileSize;
    methods_.xLock = xLock;
    methods_.xUnlock = xUnlock;
    methods_.xCheckReservedLock = xCheckReservedLock;
    methods_.xFileControl = xFileControl;
    methods_.xSectorSize = xSectorSize;
    methods_.xDeviceCharacteristics = xDeviceCharacteristics;
    methods_.xShmMap = xShmMap;
    methods_.xShmLock = xShmLock;
    methods_.xShmBarrier = xShmBarrier;
    methods_.xShmUnmap = xShmUnmap;
    sqlite3_vfs_register(&vfs_, 1);
}

FaultVfs* FaultVfs::of(sqlite3_vfs* vfs) {
    return static_cast<FaultVfs*>(vfs->pAppData);
}

FaultVfs::File* FaultVfs::of(sqlite3_file* file) {
    return reinterpret_cast<File*>(file);
}

void FaultVfs::arm(std::uint64_t seed, const Plan& plan) {
    std::lock_guard lock(mutex_);
    rng_ = SplitMix64(seed);
    plan_ = plan;
    armed_ = true;
    diskFullLeft_ = 0;
    operations_ = 0;
}

void FaultVfs::disarm() {
    std::lock_guard lock(mutex_);
    armed_ = false;
    diskFullLeft_ = 0;
}

void FaultVfs::crash() {
    std::lock_guard lock(mutex_);
    crashed_ = true;
}

bool FaultVfs::crashed() const {
    std::lock_guard lock(mutex_);
    return crashed_;
}

FaultCounts FaultVfs::counts() const {
    std::lock_guard lock(mutex_);
    return counts_;
}

qint64 FaultVfs::operations() const {
    std::lock_guard lock(mutex_);
    return operations_;
}

void FaultVfs::reset() {
    std::lock_guard lock(mutex_);
    files_.clear();
    scripted_.clear();
    crashed_ = false;
    armed_ = false;
    counts_ = {};
}

void FaultVfs::failNext(Op op, const std::string& suffix, int code, int count) {
    std::lock_guard lock(mutex_);
    scripted_.push_back({op, suffix, code, count});
}

int FaultVfs::decide(int kind, const Tracked& file) {
    if (!crashed_) {
        for (auto it = scripted_.begin(); it != scripted_.end(); ++it) {
            const std::string& p = file.path;
            if (static_cast<int>(it->op) != kind || p.size() < it->suffix.size() ||
                p.compare(p.size() - it->suffix.size(), it->suffix.size(), it->suffix) != 0)
                continue;
            const int code = it->code;
            if (--it->count == 0) scripted_.erase(it);
            if (trace_) std::fprintf(stderr, "  vfs scripted: %d on %s\n", code, p.c_str());
            return code;
        }
    }
    const int code = decideCode(kind);
    if (trace_ && code != SQLITE_OK && !(crashed_ && code == SQLITE_IOERR && operations_ == 0))
        std::fprintf(stderr, "  vfs op %lld: %s on %s -> %d%s\n",
                     static_cast<long long>(operations_),
                     kind == kWrite  ? "write"
                     : kind == kSync ? "sync"
                                     : "truncate",
                     file.path.c_str(), code, crashed_ ? " (crashed)" : "");
    return code;
}

int FaultVfs::decideCode(int kind) {
    // Called with mutex_ held, for a tracked file.
    if (crashed_) return SQLITE_IOERR;
    if (!armed_) return SQLITE_OK;
    ++operations_;
    if (plan_.crashAtOp >= 0 && operations_ >= plan_.crashAtOp) {
        crashed_ = true;
        return SQLITE_IOERR;
    }
    if (kind == kWrite && diskFullLeft_ > 0) {
        --diskFullLeft_;
        ++counts_.writeFull;
        return SQLITE_FULL;
    }
    const double p = kind == kWrite  ? plan_.writeFault
                     : kind == kSync ? plan_.syncFault
                                     : plan_.truncateFault;
    if (p <= 0 || rng_.unit() >= p) return SQLITE_OK;
    switch (kind) {
        case kWrite:
            if (rng_.percent(50)) {
                diskFullLeft_ = std::max(0, plan_.diskFullOps - 1);
                ++counts_.writeFull;
                return SQLITE_FULL;
            }
            ++counts_.writeIoErr;
            return SQLITE_IOERR_WRITE;
        case kSync:
            ++counts_.syncIoErr;
            return SQLITE_IOERR_FSYNC;
        default:
            ++counts_.truncateIoErr;
            return SQLITE_IOERR_TRUNCATE;
    }
}

void FaultVfs::materializeCrash(std::uint64_t seed) {
    std::lock_guard lock(mutex_);
    SplitMix64 rng(seed);
    for (auto& [path, t] : files_) {
        if (!t->durableExists && rng.percent(50)) {
            std::remove(path.c_str());
            ++counts_.filesLost;
            t->durable.clear();
            t->pending.clear();
            continue;
        }
        std::string image = t->durable;
        for (const Pending& p : t->pending) {
            if (p.truncate) {
                if (rng.percent(50))
                    image.resize(static_cast<std::size_t>(p.offset), '\0');
                else
                    ++counts_.truncatesLost;
                continue;
            }
            const int roll = rng.below(3);
            if (roll == 0) {
                ++counts_.writesLost;
                continue;
            }
            const auto n = static_cast<qint64>(p.bytes.size());
            if (roll == 1 || n <= kSector) {
                writeAt(image, p.offset, p.bytes.data(), n);
                ++counts_.writesKept;
                continue;
            }
            // Torn: each sector of the write reached the disk or did not.
            ++counts_.writesTorn;
            for (qint64 at = 0; at < n; at += kSector)
                if (rng.percent(50))
                    writeAt(image, p.offset + at, p.bytes.data() + at, std::min(kSector, n - at));
        }
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out.write(image.data(), static_cast<std::streamsize>(image.size()));
        t->durable = std::move(image);
        t->durableExists = true;
        t->pending.clear();
    }
    // Entries of files that are gone are dropped; the -shm index is rebuilt
    // from the WAL by the next open.
    for (auto it = files_.begin(); it != files_.end();) {
        if (::access(it->first.c_str(), F_OK) != 0)
            it = files_.erase(it);
        else
            ++it;
    }
    for (const auto& [path, t] : files_)
        std::remove((path + "-shm").c_str());
    ++counts_.crashes;
    crashed_ = false;
    armed_ = false;
}

// ---- the VFS -------------------------------------------------------------------------

int FaultVfs::xOpen(sqlite3_vfs* v, const char* name, sqlite3_file* f, int flags, int* outFlags) {
    FaultVfs* self = of(v);
    File* file = of(f);
    file->base.pMethods = nullptr;
    file->vfs = self;
    new (&file->tracked) std::shared_ptr<Tracked>();
    const bool track =
        name && (flags & (SQLITE_OPEN_MAIN_DB | SQLITE_OPEN_WAL | SQLITE_OPEN_MAIN_JOURNAL));
    const bool existed = name && ::access(name, F_OK) == 0;
    const int rc = self->base_->xOpen(self->base_, name, file->real(), flags, outFlags);
    if (rc != SQLITE_OK) {
        file->tracked.~shared_ptr();
        return rc;
    }
    file->base.pMethods = &self->methods_;
    if (track) {
        std::lock_guard lock(self->mutex_);
        auto& t = self->files_[name];
        if (!t) {
            t = std::make_shared<Tracked>();
            t->path = name;
            // What is there when first seen is taken as synced: the
            // simulation starts in an empty folder or from a crash's image.
            readWhole(name, t->durable);
            t->durableExists = existed;
        }
        file->tracked = t;
    }
    return SQLITE_OK;
}

int FaultVfs::xDelete(sqlite3_vfs* v, const char* name, int syncDir) {
    FaultVfs* self = of(v);
    {
        std::lock_guard lock(self->mutex_);
        if (self->crashed_) return SQLITE_IOERR_DELETE;
        // A deletion is taken as durable at once (SQLite syncs the folder).
        self->files_.erase(name);
    }
    return self->base_->xDelete(self->base_, name, syncDir);
}

int FaultVfs::xAccess(sqlite3_vfs* v, const char* name, int flags, int* out) {
    return of(v)->base_->xAccess(of(v)->base_, name, flags, out);
}

int FaultVfs::xFullPathname(sqlite3_vfs* v, const char* name, int n, char* out) {
    return of(v)->base_->xFullPathname(of(v)->base_, name, n, out);
}

void* FaultVfs::xDlOpen(sqlite3_vfs* v, const char* name) {
    return of(v)->base_->xDlOpen(of(v)->base_, name);
}

void FaultVfs::xDlError(sqlite3_vfs* v, int n, char* msg) {
    of(v)->base_->xDlError(of(v)->base_, n, msg);
}

void (*FaultVfs::xDlSym(sqlite3_vfs* v, void* handle, const char* symbol))(void) {
    return of(v)->base_->xDlSym(of(v)->base_, handle, symbol);
}

void FaultVfs::xDlClose(sqlite3_vfs* v, void* handle) {
    of(v)->base_->xDlClose(of(v)->base_, handle);
}

int FaultVfs::xRandomness(sqlite3_vfs* v, int n, char* out) {
    return of(v)->base_->xRandomness(of(v)->base_, n, out);
}

int FaultVfs::xSleep(sqlite3_vfs* v, int microseconds) {
    return of(v)->base_->xSleep(of(v)->base_, microseconds);
}

int FaultVfs::xCurrentTime(sqlite3_vfs* v, double* out) {
    return of(v)->base_->xCurrentTime(of(v)->base_, out);
}

int FaultVfs::xGetLastError(sqlite3_vfs* v, int n, char* out) {
    return of(v)->base_->xGetLastError(of(v)->base_, n, out);
}

int FaultVfs::xCurrentTimeInt64(sqlite3_vfs* v, sqlite3_int64* out) {
    return of(v)->base_->xCurrentTimeInt64(of(v)->base_, out);
}

// ---- a file --------------------------------------------------------------------------

int FaultVfs::xClose(sqlite3_file* f) {
    File* file = of(f);
    const int rc = file->real()->pMethods->xClose(file->real());
    file->tracked.~shared_ptr();
    return rc;
}

int FaultVfs::xRead(sqlite3_file* f, void* buffer, int amount, sqlite3_int64 offset) {
    File* file = of(f);
    if (file->tracked && file->vfs->crashed()) return SQLITE_IOERR_READ;
    return file->real()->pMethods->xRead(file->real(), buffer, amount, offset);
}

int FaultVfs::xWrite(sqlite3_file* f, const void* buffer, int amount, sqlite3_int64 offset) {
    File* file = of(f);
    if (!file->tracked) return file->real()->pMethods->xWrite(file->real(), buffer, amount, offset);
    FaultVfs* self = file->vfs;
    std::lock_guard lock(self->mutex_);
    const int fault = self->decide(kWrite, *file->tracked);
    int written = amount;
    if (fault != SQLITE_OK) {
        if (self->crashed_) return SQLITE_IOERR_WRITE;
        // A failing write may have put some of its sectors down first.
        written = static_cast<int>(kSector) * self->rng_.below(amount / kSector + 1);
        written = std::min(written, amount);
    }
    if (written > 0) {
        const int rc = file->real()->pMethods->xWrite(file->real(), buffer, written, offset);
        if (rc != SQLITE_OK) return rc;
        file->tracked->pending.push_back(
            {false, offset, std::string(static_cast<const char*>(buffer), written)});
    }
    return fault;
}

int FaultVfs::xTruncate(sqlite3_file* f, sqlite3_int64 size) {
    File* file = of(f);
    if (!file->tracked) return file->real()->pMethods->xTruncate(file->real(), size);
    FaultVfs* self = file->vfs;
    std::lock_guard lock(self->mutex_);
    const int fault = self->decide(kTruncate, *file->tracked);
    if (fault != SQLITE_OK) return self->crashed_ ? SQLITE_IOERR_TRUNCATE : fault;
    const int rc = file->real()->pMethods->xTruncate(file->real(), size);
    if (rc == SQLITE_OK) file->tracked->pending.push_back({true, size, {}});
    return rc;
}

int FaultVfs::xSync(sqlite3_file* f, int flags) {
    File* file = of(f);
    if (!file->tracked) return file->real()->pMethods->xSync(file->real(), flags);
    FaultVfs* self = file->vfs;
    std::lock_guard lock(self->mutex_);
    // A failed fsync promises nothing: what it should have written stays
    // unsynced, for a crash to keep or lose.
    const int fault = self->decide(kSync, *file->tracked);
    if (fault != SQLITE_OK) return self->crashed_ ? SQLITE_IOERR_FSYNC : fault;
    // The disk's promise is simulated here, so the real fsync is left out:
    // it would only cost time.
    (void)flags;
    Tracked& t = *file->tracked;
    for (const Pending& p : t.pending) {
        if (p.truncate)
            t.durable.resize(static_cast<std::size_t>(p.offset), '\0');
        else
            writeAt(t.durable, p.offset, p.bytes.data(), static_cast<qint64>(p.bytes.size()));
    }
    t.pending.clear();
    t.durableExists = true;
    return SQLITE_OK;
}

int FaultVfs::xFileSize(sqlite3_file* f, sqlite3_int64* size) {
    File* file = of(f);
    return file->real()->pMethods->xFileSize(file->real(), size);
}

int FaultVfs::xLock(sqlite3_file* f, int level) {
    return of(f)->real()->pMethods->xLock(of(f)->real(), level);
}

int FaultVfs::xUnlock(sqlite3_file* f, int level) {
    return of(f)->real()->pMethods->xUnlock(of(f)->real(), level);
}

int FaultVfs::xCheckReservedLock(sqlite3_file* f, int* out) {
    return of(f)->real()->pMethods->xCheckReservedLock(of(f)->real(), out);
}

int FaultVfs::xFileControl(sqlite3_file* f, int op, void* arg) {
    // SQLite asks for the VFS's name through here, among others.
    return of(f)->real()->pMethods->xFileControl(of(f)->real(), op, arg);
}

int FaultVfs::xSectorSize(sqlite3_file* f) {
    return of(f)->real()->pMethods->xSectorSize(of(f)->real());
}

int FaultVfs::xDeviceCharacteristics(sqlite3_file* f) {
    return of(f)->real()->pMethods->xDeviceCharacteristics(of(f)->real());
}

int FaultVfs::xShmMap(sqlite3_file* f, int region, int size, int extend, void volatile** out) {
    return of(f)->real()->pMethods->xShmMap(of(f)->real(), region, size, extend, out);
}

int FaultVfs::xShmLock(sqlite3_file* f, int offset, int n, int flags) {
    return of(f)->real()->pMethods->xShmLock(of(f)->real(), offset, n, flags);
}

void FaultVfs::xShmBarrier(sqlite3_file* f) {
    of(f)->real()->pMethods->xShmBarrier(of(f)->real());
}

int FaultVfs::xShmUnmap(sqlite3_file* f, int deleteFlag) {
    return of(f)->real()->pMethods->xShmUnmap(of(f)->real(), deleteFlag);
}

}  // namespace houbu::sim
