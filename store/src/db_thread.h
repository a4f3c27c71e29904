#pragma once
// The thread that owns the store's database connection. Qt Sql and a
// PostgreSQL connection belong to the thread that opened them, so every
// statement runs here: reads and the store's own bookkeeping as tasks the
// caller waits for, and the writes of committed groups as tasks posted
// behind them while the caller's engine goes on with the next group. Tasks
// run one at a time, in the order they were given.

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

namespace houbu {

class DbThread {
  public:
    DbThread();
    // Runs what is queued, then stops.
    ~DbThread();
    DbThread(const DbThread&) = delete;
    DbThread& operator=(const DbThread&) = delete;

    // Queues `task` behind the others and returns at once.
    void post(std::function<void()> task);
    // Runs `task` behind the others and waits for it; an exception it throws
    // is thrown again here. Called on the thread itself, it runs at once.
    void run(const std::function<void()>& task);
    bool isCurrent() const { return std::this_thread::get_id() == thread_.get_id(); }

  private:
    void loop();

    std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<std::function<void()>> tasks_;
    bool stopping_ = false;
    std::thread thread_;  // last: started once the rest is ready
};

}  // namespace houbu
