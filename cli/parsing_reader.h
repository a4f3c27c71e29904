#pragma once
// The first stage of `houbu-cli run`: a thread of its own reads and parses the
// input while the engine applies what came before, as LMAX unmarshals ahead of
// its business logic. Batches come out in input order; the engine stays a
// single writer that never waits on a lock while it works.

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

#include "houbu/codec.h"
#include "line_source.h"

namespace houbu::cli {

struct ParsedInput {
    ParsedLine parsed;
    int number = 0;
    QByteArray text;  // the line as read (a store journals it)
};

class ParsingReader {
  public:
    // Starts reading `source` in batches of up to `batchSize` lines.
    ParsingReader(LineSource& source, int batchSize);
    ParsingReader(const ParsingReader&) = delete;
    ParsingReader& operator=(const ParsingReader&) = delete;
    ~ParsingReader();

    // The next batch in input order (reuses `batch`'s storage); false at the end.
    bool next(std::vector<ParsedInput>& batch);

  private:
    void produce();

    LineSource& source_;
    const int batchSize_;
    // A few batches ahead at most, so memory stays bounded on a huge input.
    static constexpr std::size_t kAhead = 8;
    std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<std::vector<ParsedInput>> ready_;
    std::vector<std::vector<ParsedInput>> spare_;
    bool done_ = false;
    bool stopping_ = false;
    std::thread thread_;
};

}  // namespace houbu::cli
