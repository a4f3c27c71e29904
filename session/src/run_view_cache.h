#pragma once
// The shown run's seats and queues as the session last published them, kept
// up to date from the engine's changes (Engine::takeChanges): after a batch
// only the seats and queues that changed are read, and every queue that did
// not change is shared with the snapshot before. Whole reads happen on a
// change of run or engine or window, when a run gains cars, or when the
// engine lost count of what changed. Queues are read through a QueueWindow:
// their first orders only, however many wait.

#include <string>
#include <vector>

#include "houbu/session_types.h"

namespace houbu {

class Engine;

class RunViewCache {
  public:
    // Fills snap.seats and snap.queues for the run, its queues through `window`.
    void read(const Engine& engine, const std::string& train, const std::string& date,
              const QueueWindow& window, ConsoleSnapshot& snap);
    // Forgets the run: the next read is whole (another engine may sit at the same address).
    void forget();

  private:
    void readWhole(const Engine& engine, const std::string& train, const std::string& date,
                   const QueueWindow& window);
    void patchQueues(std::vector<QueueView>&& changed);

    const Engine* engine_ = nullptr;
    std::string train_, date_;
    QueueWindow window_;
    std::vector<SeatView> seats_;
    std::vector<QueuePtr> queues_;  // by class, from, to
};

}  // namespace houbu
