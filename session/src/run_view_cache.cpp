#include "run_view_cache.h"

#include <algorithm>

#include "houbu/engine.h"

namespace houbu {

void RunViewCache::forget() {
    engine_ = nullptr;
    train_.clear();
    date_.clear();
    seats_.clear();
    queues_.clear();
}

void RunViewCache::read(const Engine& engine, const std::string& train, const std::string& date,
                        const QueueWindow& window, ConsoleSnapshot& snap) {
    const bool same = &engine == engine_ && engine.tracksChanges() && train == train_ &&
                      date == date_ && window == window_;
    // Taken even for a whole read: what changed before it is in the read.
    RunChanges changes = engine.takeChanges(train, date, window);
    const bool fits = std::all_of(changes.seatRows.begin(), changes.seatRows.end(),
                                  [&](std::size_t row) { return row < seats_.size(); });
    if (same && changes.listed && fits) {
        for (std::size_t k = 0; k < changes.seatRows.size(); ++k)
            seats_[changes.seatRows[k]] = std::move(changes.seats[k]);
        patchQueues(std::move(changes.queues));
    } else {
        readWhole(engine, train, date, window);
    }
    snap.seats = seats_;
    snap.queues = queues_;
}

void RunViewCache::readWhole(const Engine& engine, const std::string& train,
                             const std::string& date, const QueueWindow& window) {
    engine.trackChanges(true);
    engine_ = &engine;
    train_ = train;
    date_ = date;
    window_ = window;
    seats_ = engine.seats(train, date);
    queues_.clear();
    for (QueueView& q : engine.queues(train, date, window))
        queues_.push_back(std::make_shared<const QueueView>(std::move(q)));
}

void RunViewCache::patchQueues(std::vector<QueueView>&& changed) {
    for (QueueView& q : changed) {
        const auto at = std::lower_bound(queues_.begin(), queues_.end(), q,
                                         [](const QueuePtr& shown, const QueueView& key) {
                                             return queueKeyBefore(*shown, key);
                                         });
        const bool shown = at != queues_.end() && !queueKeyBefore(q, **at);
        if (q.length == 0) {
            if (shown) queues_.erase(at);  // emptied: only queues that hold orders are shown
        } else if (shown) {
            *at = std::make_shared<const QueueView>(std::move(q));
        } else {
            queues_.insert(at, std::make_shared<const QueueView>(std::move(q)));
        }
    }
}

}  // namespace houbu
