#include "line_source.h"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace houbu::cli {
namespace {

bool readable(int fd) {
    pollfd p{fd, POLLIN, 0};
    return ::poll(&p, 1, 0) > 0;
}

}  // namespace

LineSource::~LineSource() {
    if (fd_ > 0) ::close(fd_);
}

bool LineSource::openFile(const char* path, std::string& error) {
    fd_ = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) {
        error = std::string("cannot read '") + path + "': " + std::strerror(errno);
        return false;
    }
    return true;
}

void LineSource::openStdin() {
    fd_ = 0;
    stdin_ = true;
}

bool LineSource::readMore() {
    if (pos_ > (1 << 16)) {
        buffer_.remove(0, pos_);
        pos_ = 0;
    }
    char chunk[1 << 16];
    for (;;) {
        const ssize_t n = ::read(fd_, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            eof_ = true;
            return false;
        }
        buffer_.append(chunk, n);
        return true;
    }
}

bool LineSource::next(QList<InputLine>& batch, int max) {
    batch.clear();
    while (static_cast<int>(batch.size()) < max) {
        const qsizetype nl = buffer_.indexOf('\n', pos_);
        if (nl >= 0) {
            batch.append({buffer_.mid(pos_, nl - pos_), ++number_});
            pos_ = nl + 1;
            continue;
        }
        if (eof_) {
            if (pos_ < buffer_.size()) {
                batch.append({buffer_.mid(pos_), ++number_});
                pos_ = buffer_.size();
            }
            break;
        }
        // Standard input: block only while the batch is empty.
        if (stdin_ && !batch.isEmpty() && !readable(fd_)) break;
        readMore();
    }
    return !batch.isEmpty();
}

}  // namespace houbu::cli
