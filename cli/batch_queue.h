#pragma once
// Hands batches from one thread to another in order, a bounded number ahead,
// and hands emptied batches back so that their storage is reused. The stages
// of `houbu-cli run FILE` (reading, applying, encoding) meet only here.

#include <condition_variable>
#include <deque>
#include <mutex>
#include <vector>

namespace houbu::cli {

template <class T>
class BatchQueue {
  public:
    explicit BatchQueue(std::size_t ahead) : ahead_(ahead) {}

    // Producer: hands `batch` over, waiting while `ahead` batches are queued,
    // and puts a batch given back (possibly still holding its old elements)
    // or an empty one in its place. False once the queue is closed.
    bool push(std::vector<T>& batch) {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [this] { return closed_ || queued_.size() < ahead_; });
        if (closed_) return false;
        queued_.push_back(std::move(batch));
        batch = std::vector<T>();
        if (!spare_.empty()) {
            batch = std::move(spare_.back());
            spare_.pop_back();
        }
        lock.unlock();
        changed_.notify_all();
        return true;
    }

    // Consumer: gives `batch` back to the producer as it is and takes the next
    // one in its place. False when the queue is closed and nothing is left.
    bool pop(std::vector<T>& batch) {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [this] { return closed_ || !queued_.empty(); });
        if (batch.capacity() > 0 && spare_.size() < ahead_) spare_.push_back(std::move(batch));
        batch.clear();
        if (queued_.empty()) return false;
        batch = std::move(queued_.front());
        queued_.pop_front();
        lock.unlock();
        changed_.notify_all();
        return true;
    }

    // Either side: no batch is taken any more (the consumer still gets those queued).
    void close() {
        {
            std::lock_guard lock(mutex_);
            closed_ = true;
        }
        changed_.notify_all();
    }

  private:
    const std::size_t ahead_;
    std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<std::vector<T>> queued_;
    std::vector<std::vector<T>> spare_;
    bool closed_ = false;
};

}  // namespace houbu::cli
