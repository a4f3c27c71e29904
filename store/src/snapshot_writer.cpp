#include "snapshot_writer.h"

#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>
#include <zstd.h>

#include <QFile>
#include <cerrno>
#include <chrono>
#include <cstring>

#include "houbu/engine.h"
#include "snapshot_checksum.h"

namespace houbu {

namespace {

bool writeAll(int fd, const char* data, std::size_t size, off_t at = -1) {
    while (size > 0) {
        const ssize_t n = at < 0 ? ::write(fd, data, size) : ::pwrite(fd, data, size, at);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        data += n;
        size -= static_cast<std::size_t>(n);
        if (at >= 0) at += n;
    }
    return true;
}

// Pieces of serialized state handed to the writing thread.
constexpr std::size_t kPieceBytes = std::size_t{1} << 20;

}  // namespace

std::unique_ptr<SnapshotWriter> SnapshotWriter::start(const Engine& engine, qint64 seq,
                                                      const QString& path, QString& error) {
    const int fd =
        ::open(QFile::encodeName(path).constData(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) {
        error = QString::fromLocal8Bit(std::strerror(errno));
        return nullptr;
    }
    std::unique_ptr<SnapshotWriter> w(new SnapshotWriter(fd, seq, path));
    w->thread_ = std::thread([raw = w.get()] { raw->write(); });
    const auto before = std::chrono::steady_clock::now();
    engine.snapshot([&](std::string_view piece) { w->give(piece); }, kPieceBytes);
    w->finishGiving();
    w->pauseMicroseconds_ = std::chrono::duration_cast<std::chrono::microseconds>(
                                std::chrono::steady_clock::now() - before)
                                .count();
    return w;
}

SnapshotWriter::SnapshotWriter(int fd, qint64 seq, QString path)
    : fd_(fd), seq_(seq), path_(std::move(path)) {}

SnapshotWriter::~SnapshotWriter() {
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
    }
    changed_.notify_all();
    if (thread_.joinable()) thread_.join();
    if (fd_ >= 0) ::close(fd_);
    QFile::remove(path_);
}

void SnapshotWriter::give(std::string_view piece) {
    std::unique_lock lock(mutex_);
    std::string copy;
    if (!spare_.empty()) {
        copy = std::move(spare_.back());
        spare_.pop_back();
    }
    lock.unlock();
    copy.assign(piece);
    lock.lock();
    pieces_.push_back(std::move(copy));
    lock.unlock();
    changed_.notify_all();
}

void SnapshotWriter::finishGiving() {
    {
        std::lock_guard lock(mutex_);
        given_ = true;
    }
    changed_.notify_all();
}

void SnapshotWriter::write() {
    pthread_setname_np(pthread_self(), "houbu-snapshot");
    QString why;
    auto fail = [&](const char* what, int error) {
        why = QString::fromLatin1(what) + QStringLiteral(": ") +
              QString::fromLocal8Bit(error ? std::strerror(error) : "unknown error");
        return false;
    };
    ZSTD_CCtx* cctx = ZSTD_createCCtx();
    // The fastest level: a whole day's state is gigabytes.
    ZSTD_CCtx_setParameter(cctx, ZSTD_c_compressionLevel, 1);
    SnapshotChecksum checksum;
    std::string out(ZSTD_CStreamOutSize(), '\0');
    const auto compress = [&](std::string_view piece, ZSTD_EndDirective mode) {
        ZSTD_inBuffer in{piece.data(), piece.size(), 0};
        for (;;) {
            ZSTD_outBuffer o{out.data(), out.size(), 0};
            const size_t left = ZSTD_compressStream2(cctx, &o, &in, mode);
            if (ZSTD_isError(left)) return fail("cannot compress the snapshot", 0);
            if (o.pos > 0) {
                if (!writeAll(fd_, out.data(), o.pos))
                    return fail("cannot write the snapshot file", errno);
                checksum.add(std::string_view(out.data(), o.pos));
            }
            if (mode == ZSTD_e_end ? left == 0 : in.pos == in.size) return true;
        }
    };
    bool ok = fd_ >= 0 && (writeAll(fd_, std::string(kHashBytes, '\0').data(), kHashBytes) ||
                           fail("cannot write the snapshot file", errno));
    for (;;) {
        std::string piece;
        {
            std::unique_lock lock(mutex_);
            changed_.wait(lock, [&] { return stop_ || given_ || !pieces_.empty(); });
            if (stop_) {
                ok = ok && fail("the snapshot was abandoned", 0);
                break;
            }
            if (pieces_.empty()) break;  // all given, all written
            piece = std::move(pieces_.front());
            pieces_.pop_front();
        }
        if (ok) ok = compress(piece, ZSTD_e_continue);
        std::lock_guard lock(mutex_);
        spare_.push_back(std::move(piece));
    }
    if (ok) ok = compress({}, ZSTD_e_end);
    ZSTD_freeCCtx(cctx);
    // The checksum last, once the snapshot itself is on disk.
    if (ok && ::fsync(fd_) != 0) ok = fail("cannot write the snapshot file", errno);
    if (ok) {
        const SnapshotChecksum::Digest digest = checksum.digest();
        if (!writeAll(fd_, reinterpret_cast<const char*>(digest.data()), digest.size(), 0) ||
            ::fsync(fd_) != 0)
            ok = fail("cannot write the snapshot file", errno);
    }
    std::lock_guard lock(mutex_);
    spare_.clear();
    state_ = ok ? State::Written : State::Failed;
    failure_ = why;
    changed_.notify_all();
}

SnapshotWriter::State SnapshotWriter::poll() {
    std::lock_guard lock(mutex_);
    return state_;
}

SnapshotWriter::State SnapshotWriter::wait() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return state_ != State::Running; });
    return state_;
}

QString SnapshotWriter::failure() const {
    std::lock_guard lock(mutex_);
    return failure_;
}

}  // namespace houbu
