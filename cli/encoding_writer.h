#pragma once
// The last stage of `houbu-cli run FILE`: the engine's thread hands each
// batch's events over as they are, and a thread of its own encodes them to
// JSON Lines and writes them, in order. With the reading stage in front the
// engine's thread does nothing but apply.

#include <atomic>
#include <cstdio>
#include <thread>
#include <vector>

#include "batch_queue.h"
#include "houbu/engine.h"

namespace houbu::cli {

class EncodingWriter : public EventSink {
  public:
    explicit EncodingWriter(std::FILE* out);
    EncodingWriter(const EncodingWriter&) = delete;
    EncodingWriter& operator=(const EncodingWriter&) = delete;
    // Encodes and writes what was handed over, then stops.
    ~EncodingWriter() override;
    // The same, saying whether everything was written (flushed included).
    bool finish();
    // Why a write failed (an errno value).
    int writeError() const { return writeError_; }

    // Collects an event of the current batch.
    void onEvent(const Event& event) override { batch_.push_back(event); }
    // Hands the current batch over; waits while a few are queued already.
    // False once a write has failed (nothing more is written).
    bool flush();

  private:
    void consume();

    std::FILE* out_;
    std::vector<Event> batch_;
    BatchQueue<Event> queue_{4};
    std::atomic<bool> failed_{false};
    std::atomic<int> writeError_{0};
    std::thread thread_;  // last: started once the rest is ready
};

}  // namespace houbu::cli
