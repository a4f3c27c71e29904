#include "parsing_reader.h"

namespace houbu::cli {

ParsingReader::ParsingReader(LineSource& source, int batchSize)
    : source_(source), batchSize_(batchSize), thread_([this] { produce(); }) {}

ParsingReader::~ParsingReader() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    changed_.notify_all();
    thread_.join();
}

void ParsingReader::produce() {
    QList<InputLine> lines;
    std::vector<ParsedInput> batch;
    while (source_.next(lines, batchSize_)) {
        batch.clear();
        for (const InputLine& line : lines) {
            ParsedLine parsed = parseCommandLine(line.text);
            if (!parsed.skip) batch.push_back({std::move(parsed), line.number, line.text});
        }
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [this] { return stopping_ || ready_.size() < kAhead; });
        if (stopping_) return;
        ready_.push_back(std::move(batch));
        batch = std::vector<ParsedInput>();
        if (!spare_.empty()) {
            batch = std::move(spare_.back());
            spare_.pop_back();
        }
        lock.unlock();
        changed_.notify_all();
    }
    {
        std::lock_guard lock(mutex_);
        done_ = true;
    }
    changed_.notify_all();
}

bool ParsingReader::next(std::vector<ParsedInput>& batch) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [this] { return done_ || !ready_.empty(); });
    if (ready_.empty()) return false;
    // The used batch goes back to the reading thread, which clears it: freeing
    // its commands is work the engine's thread need not do.
    if (batch.capacity() > 0 && spare_.size() < kAhead) spare_.push_back(std::move(batch));
    batch = std::move(ready_.front());
    ready_.pop_front();
    lock.unlock();
    changed_.notify_all();
    return true;
}

}  // namespace houbu::cli
