#pragma once
// One seed of the fault simulation at the console's embedded session: the
// workload's commands, one at a time as the console's dialogs send them
// (EmbeddedSession::submit), to a store on the fault VFS (disk faults and
// power cuts). A command answered with a failure is sent again; at a power
// cut the session is closed, the disk written as the cut left it, and a new
// session opened on it, as the console would be started again. Checks:
//  - every answer's events are the oracle's, byte for byte;
//  - the session's log (the history a store opened shows, then each
//    command's events) is the oracle's events up to the journal's end, each
//    once, in order;
//  - its snapshot (counters, runs, the shown run's seats and queues) equals
//    a fresh engine's after the commands journaled;
//  - the journal holds the acknowledged commands and at most the one in
//    flight.

#include <QString>
#include <cstdint>

namespace houbu::sim {

struct EmbeddedStats {
    qint64 commands = 0;
    qint64 failedAnswers = 0;  // submit answered with a storage failure (no crash)
    qint64 sessions = 0;       // sessions opened (one more per power cut)
    qint64 crashes = 0;
    EmbeddedStats& operator+=(const EmbeddedStats& o);
};

class EmbeddedSimulation {
  public:
    EmbeddedSimulation(std::uint64_t seed, QString dir, int lines);
    bool run();
    QString failure() const { return failure_; }
    const EmbeddedStats& stats() const { return stats_; }

  private:
    bool fail(const QString& why);

    std::uint64_t seed_;
    QString dir_;
    int lines_;
    EmbeddedStats stats_;
    QString failure_;
};

}  // namespace houbu::sim
