#include "encoding_writer.h"

#include <pthread.h>

#include <QByteArray>
#include <cerrno>

#include "houbu/codec.h"

namespace houbu::cli {

EncodingWriter::EncodingWriter(std::FILE* out) : out_(out), thread_([this] { consume(); }) {}

EncodingWriter::~EncodingWriter() {
    finish();
}

bool EncodingWriter::finish() {
    if (thread_.joinable()) {
        flush();
        queue_.close();
        thread_.join();
        if (std::fflush(out_) != 0 && !failed_) {
            writeError_ = errno;
            failed_ = true;
        }
    }
    return !failed_;
}

bool EncodingWriter::flush() {
    if (failed_) {
        batch_.clear();
        return false;
    }
    if (batch_.empty()) return true;
    const bool taken = queue_.push(batch_);
    batch_.clear();
    return taken && !failed_;
}

void EncodingWriter::consume() {
    pthread_setname_np(pthread_self(), "houbu-encode");
    QByteArray out;
    std::vector<Event> events;
    while (queue_.pop(events)) {
        out.clear();
        for (const Event& e : events) {
            appendEvent(e, out);
            out += '\n';
        }
        // Freeing the events is this thread's work too, before the batch goes back.
        events.clear();
        if (std::fwrite(out.constData(), 1, static_cast<std::size_t>(out.size()), out_) !=
            static_cast<std::size_t>(out.size())) {
            writeError_ = errno;
            failed_ = true;
            queue_.close();
            return;
        }
    }
}

}  // namespace houbu::cli
