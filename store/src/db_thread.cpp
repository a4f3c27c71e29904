#include "db_thread.h"

#include <pthread.h>

#include <exception>

namespace houbu {

DbThread::DbThread() : thread_([this] { loop(); }) {}

DbThread::~DbThread() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    changed_.notify_all();
    thread_.join();
}

void DbThread::post(std::function<void()> task) {
    {
        std::lock_guard lock(mutex_);
        tasks_.push_back(std::move(task));
    }
    changed_.notify_all();
}

void DbThread::run(const std::function<void()>& task) {
    if (isCurrent()) {
        task();
        return;
    }
    std::mutex doneMutex;
    std::condition_variable doneChanged;
    bool done = false;
    std::exception_ptr thrown;
    post([&] {
        try {
            task();
        } catch (...) {
            thrown = std::current_exception();
        }
        std::lock_guard lock(doneMutex);
        done = true;
        doneChanged.notify_all();
    });
    std::unique_lock lock(doneMutex);
    doneChanged.wait(lock, [&] { return done; });
    if (thrown) std::rethrow_exception(thrown);
}

void DbThread::loop() {
    // Named, so that top and perf tell the threads apart.
    pthread_setname_np(pthread_self(), "houbu-db");
    for (;;) {
        std::function<void()> task;
        {
            std::unique_lock lock(mutex_);
            changed_.wait(lock, [this] { return stopping_ || !tasks_.empty(); });
            if (tasks_.empty()) return;
            task = std::move(tasks_.front());
            tasks_.pop_front();
        }
        task();
    }
}

}  // namespace houbu
