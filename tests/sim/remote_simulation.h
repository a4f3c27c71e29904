#pragma once
// One seed of the fault simulation across the wire: houbud (Server) in this
// process on a store on the fault VFS (disk faults), a
// FlakyProxy in front of it, the console's RemoteSession and a command
// client behind the proxy. The client posts the workload in batches, each
// under an Idempotency-Key, sends a batch again with its key whenever no
// answer came (reset, stall past its timeout, 5xx), and now and then resends
// one that was answered, as a client that lost the answer. Checks:
//  - every answer (first or replayed) is the oracle's journal positions and
//    events for that batch: nothing lost, nothing applied twice;
//  - the session's log gets every event once, in order, with the oracle's
//    bytes, across stream resets (no gap, no repeat);
//  - once the network is calm, the session's last snapshot (runs, the
//    focused run's seats and queues, counters) equals a fresh engine's;
// Now and then houbud stops between batches, cleanly or by a power cut under
// its store (the fault VFS), and starts again on what the disk kept; the
// session must resume its stream with no gap and no repeat.
//  - after houbud stops, the store reopens with exactly the workload's
//    commands and `verify` passes.

#include <QString>
#include <cstdint>

#include "fault_vfs.h"
#include "flaky_proxy.h"

namespace houbu::sim {

struct RemoteStats {
    qint64 batches = 0;
    qint64 commands = 0;
    qint64 sendings = 0;    // POSTs, resends included
    qint64 unanswered = 0;  // POSTs with no HTTP answer (reset, timeout)
    qint64 cutShort = 0;    // ... whose answer came in part (status, then a reset)
    qint64 refused = 0;     // POSTs answered 5xx (storage failed) or 429
    qint64 replayed = 0;    // answers marked Idempotent-Replayed
    qint64 events = 0;      // events the session's log got
    qint64 restarts = 0;    // houbud stopped and started again between batches
    qint64 crashes = 0;     // ... of them after a power cut under its store
    RemoteStats& operator+=(const RemoteStats& o);
};

class RemoteSimulation {
  public:
    RemoteSimulation(std::uint64_t seed, QString dir, int lines);
    bool run();
    QString failure() const { return failure_; }
    const RemoteStats& stats() const { return stats_; }
    const FlakyProxy::Counts& network() const { return network_; }

  private:
    bool fail(const QString& why);

    std::uint64_t seed_;
    QString dir_;
    int lines_;
    RemoteStats stats_;
    FlakyProxy::Counts network_;
    QString failure_;
};

}  // namespace houbu::sim
