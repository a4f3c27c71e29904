#include "snapshot_process.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zstd.h>

#include <QCryptographicHash>
#include <QFile>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <new>

#include "houbu/engine.h"

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

// The child's work. It runs in a copy of a process with other threads, of
// which only this one exists in the copy: it takes no lock those threads may
// have held (glibc resets malloc's for the child) and ends with _exit, so
// nothing of the parent's (stdio buffers, database connections) is flushed
// or closed twice. Returns the exit code; on failure the reason goes to
// `errorFd`.
int writeSnapshotFile(const Engine& engine, const char* path, int errorFd) {
    const auto fail = [errorFd](const char* what, int error) {
        char text[256];
        const int n = std::snprintf(text, sizeof text, "%s: %s", what,
                                    error ? std::strerror(error) : "unknown error");
        if (n > 0) writeAll(errorFd, text, static_cast<std::size_t>(std::min(n, 255)));
        return 1;
    };
    const int fd = ::open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) return fail("cannot create the snapshot file", errno);
    const char noHashYet[SnapshotProcess::kHashBytes] = {};
    if (!writeAll(fd, noHashYet, sizeof noHashYet))
        return fail("cannot write the snapshot file", errno);

    ZSTD_CCtx* cctx = ZSTD_createCCtx();
    if (!cctx) return fail("cannot compress the snapshot", ENOMEM);
    // The fastest level: the state is gigabytes and the child's pages are
    // shared with a writer that changes them.
    ZSTD_CCtx_setParameter(cctx, ZSTD_c_compressionLevel, 1);
    QCryptographicHash hash(QCryptographicHash::Sha256);
    std::string out(ZSTD_CStreamOutSize(), '\0');
    bool ok = true;
    int error = 0;
    const auto compress = [&](std::string_view piece, ZSTD_EndDirective mode) {
        ZSTD_inBuffer in{piece.data(), piece.size(), 0};
        for (;;) {
            ZSTD_outBuffer o{out.data(), out.size(), 0};
            const size_t left = ZSTD_compressStream2(cctx, &o, &in, mode);
            if (ZSTD_isError(left)) {
                ok = false;
                return;
            }
            if (o.pos > 0) {
                if (!writeAll(fd, out.data(), o.pos)) {
                    error = errno;
                    ok = false;
                    return;
                }
                hash.addData(QByteArrayView(out.data(), static_cast<qsizetype>(o.pos)));
            }
            const bool done = mode == ZSTD_e_end ? left == 0 : in.pos == in.size;
            if (done) return;
        }
    };
    try {
        engine.snapshot([&](std::string_view piece) {
            if (ok) compress(piece, ZSTD_e_continue);
        });
        if (ok) compress({}, ZSTD_e_end);
    } catch (const std::bad_alloc&) {
        ZSTD_freeCCtx(cctx);
        return fail("out of memory writing the snapshot", ENOMEM);
    }
    ZSTD_freeCCtx(cctx);
    if (!ok) return fail("cannot write the snapshot file", error);
    // The hash last, once the snapshot itself is on disk.
    if (::fsync(fd) != 0) return fail("cannot write the snapshot file", errno);
    const QByteArray digest = hash.result();
    if (!writeAll(fd, digest.constData(), static_cast<std::size_t>(digest.size()), 0) ||
        ::fsync(fd) != 0 || ::close(fd) != 0)
        return fail("cannot write the snapshot file", errno);
    return 0;
}

}  // namespace

std::unique_ptr<SnapshotProcess> SnapshotProcess::start(const Engine& engine, qint64 seq,
                                                        const QString& path, QString& error) {
    int pipeEnds[2];
    if (::pipe2(pipeEnds, O_CLOEXEC) != 0) {
        error = QString::fromLocal8Bit(std::strerror(errno));
        return nullptr;
    }
    const QByteArray file = QFile::encodeName(path);
    const pid_t parent = ::getpid();
    const auto before = std::chrono::steady_clock::now();
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::close(pipeEnds[0]);
        // A child outliving its writer would only waste the machine.
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != parent) ::_exit(1);
        ::_exit(writeSnapshotFile(engine, file.constData(), pipeEnds[1]));
    }
    const auto paused = std::chrono::duration_cast<std::chrono::microseconds>(
                            std::chrono::steady_clock::now() - before)
                            .count();
    ::close(pipeEnds[1]);
    if (pid < 0) {
        error = QString::fromLocal8Bit(std::strerror(errno));
        ::close(pipeEnds[0]);
        return nullptr;
    }
    return std::unique_ptr<SnapshotProcess>(
        new SnapshotProcess(pid, pipeEnds[0], seq, path, paused));
}

SnapshotProcess::SnapshotProcess(pid_t pid, int errorPipe, qint64 seq, QString path,
                                 qint64 forkMicroseconds)
    : pid_(pid),
      errorPipe_(errorPipe),
      seq_(seq),
      path_(std::move(path)),
      forkMicroseconds_(forkMicroseconds) {}

SnapshotProcess::~SnapshotProcess() {
    if (state_ == State::Running) {
        ::kill(pid_, SIGKILL);
        int status = 0;
        while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
        }
    }
    ::close(errorPipe_);
    QFile::remove(path_);
}

SnapshotProcess::State SnapshotProcess::poll() {
    if (state_ != State::Running) return state_;
    int status = 0;
    const pid_t r = ::waitpid(pid_, &status, WNOHANG);
    if (r == 0) return state_;
    if (r < 0) {
        if (errno == EINTR) return state_;
        // Reaped elsewhere (SIGCHLD ignored): the file's hash decides.
        state_ = State::Written;
        return state_;
    }
    return ended(status);
}

SnapshotProcess::State SnapshotProcess::wait() {
    while (state_ == State::Running) {
        int status = 0;
        const pid_t r = ::waitpid(pid_, &status, 0);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) {
            state_ = State::Written;
            break;
        }
        ended(status);
    }
    return state_;
}

SnapshotProcess::State SnapshotProcess::ended(int status) {
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        state_ = State::Written;
        return state_;
    }
    state_ = State::Failed;
    char text[256];
    const ssize_t n = ::read(errorPipe_, text, sizeof text);
    if (n > 0)
        failure_ = QString::fromLocal8Bit(text, n);
    else if (WIFSIGNALED(status))
        failure_ =
            QStringLiteral("the snapshot process was killed by signal %1").arg(WTERMSIG(status));
    else
        failure_ = QStringLiteral("the snapshot process failed");
    return state_;
}

}  // namespace houbu
