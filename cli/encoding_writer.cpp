#include "encoding_writer.h"

#include <QByteArray>

#include "houbu/codec.h"

namespace houbu::cli {

EncodingWriter::EncodingWriter(std::FILE* out) : out_(out), thread_([this] { consume(); }) {}

EncodingWriter::~EncodingWriter() {
    flush();
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    changed_.notify_all();
    thread_.join();
}

bool EncodingWriter::flush() {
    std::unique_lock lock(mutex_);
    if (failed_) {
        batch_.clear();
        return false;
    }
    if (batch_.empty()) return true;
    changed_.wait(lock, [this] { return queued_.size() < kAhead || failed_; });
    queued_.push_back(std::move(batch_));
    batch_ = std::vector<Event>();
    if (!spare_.empty()) {
        batch_ = std::move(spare_.back());
        spare_.pop_back();
    }
    lock.unlock();
    changed_.notify_all();
    return true;
}

void EncodingWriter::consume() {
    QByteArray out;
    for (;;) {
        std::vector<Event> events;
        {
            std::unique_lock lock(mutex_);
            changed_.wait(lock, [this] { return stopping_ || !queued_.empty(); });
            if (queued_.empty()) return;
            events = std::move(queued_.front());
            queued_.pop_front();
        }
        changed_.notify_all();
        out.clear();
        for (const Event& e : events) {
            appendEvent(e, out);
            out += '\n';
        }
        const bool written = std::fwrite(out.constData(), 1, static_cast<std::size_t>(out.size()),
                                         out_) == static_cast<std::size_t>(out.size());
        // Freeing the events is this thread's work too.
        events.clear();
        std::lock_guard lock(mutex_);
        if (!written) failed_ = true;
        if (spare_.size() < kAhead) spare_.push_back(std::move(events));
    }
}

}  // namespace houbu::cli
