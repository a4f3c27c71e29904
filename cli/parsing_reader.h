#pragma once
// The first stage of `houbu-cli run`: a thread of its own reads and parses the
// input while the engine applies what came before, as LMAX unmarshals ahead of
// its business logic. Batches come out in input order; the engine stays a
// single writer that never waits on a lock while it works.

#include <thread>
#include <vector>

#include "batch_queue.h"
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
    BatchQueue<ParsedInput> queue_{8};
    std::thread thread_;  // last: started once the rest is ready
};

}  // namespace houbu::cli
