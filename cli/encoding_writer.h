#pragma once
// The last stage of `houbu-cli run FILE`: the engine's thread hands each
// batch's events over as they are, and a thread of its own encodes them to
// JSON Lines and writes them, in order. With the reading stage in front the
// engine's thread does nothing but apply.

#include <condition_variable>
#include <cstdio>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

#include "houbu/engine.h"

namespace houbu::cli {

class EncodingWriter : public EventSink {
  public:
    explicit EncodingWriter(std::FILE* out);
    EncodingWriter(const EncodingWriter&) = delete;
    EncodingWriter& operator=(const EncodingWriter&) = delete;
    // Encodes and writes what was handed over, then stops.
    ~EncodingWriter() override;

    // Collects an event of the current batch.
    void onEvent(const Event& event) override { batch_.push_back(event); }
    // Hands the current batch over; waits while a few are queued already.
    // False once a write has failed (nothing more is written).
    bool flush();

  private:
    void consume();

    std::FILE* out_;
    std::vector<Event> batch_;
    std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<std::vector<Event>> queued_;
    std::vector<std::vector<Event>> spare_;  // emptied batches, their storage kept
    bool stopping_ = false;
    bool failed_ = false;
    static constexpr std::size_t kAhead = 4;
    std::thread thread_;  // last: started once the rest is ready
};

}  // namespace houbu::cli
