#pragma once
// One seed of the fault simulation at the store: a client sends a generated
// workload (tests/store/workload.h) to a SQLite store in batches, each under
// a request key, through the fault VFS (fault_vfs.h). A batch that fails is
// sent again; before sending, the client asks whether the key was journaled
// (as houbud does with a resend), and now and then it asks again after an
// acknowledgement, as a client that lost the answer. Power cuts come at a
// random VFS operation or between batches; the store is then reopened from
// what the disk kept.
//
// The oracle is the same workload run on a fresh engine with no store: the
// store's history must be a prefix of it, batch by batch, with nothing
// applied twice. After every reopen and at the end:
//  - the journal holds exactly the commands of the batches acknowledged, or
//    of those and the one in flight (whole, never in part), in order, each
//    once, and every acknowledged key names its rows;
//  - the engine's invariants hold;
//  - the engine equals a fresh replay of the journal (snapshot bytes);
//  - `verify` reports no problem.
// Every acknowledgement's events equal the oracle's, byte for byte, and a
// resent key's answer equals the acknowledgement's.

#include <QByteArray>
#include <QList>
#include <QString>
#include <cstdint>
#include <memory>
#include <vector>

#include "fault_vfs.h"
#include "houbu/splitmix.h"
#include "houbu/store.h"

namespace houbu::sim {

// What a seed did, beside the VFS's fault counts.
struct SimStats {
    qint64 batches = 0;
    qint64 commands = 0;
    qint64 failedApplies = 0;       // apply() answered false (no crash)
    qint64 failedOpens = 0;         // Store::open failed (no crash)
    qint64 inFlightApplied = 0;     // a batch in flight at a crash was found journaled
    qint64 inFlightLost = 0;        // ... was not
    qint64 plannedCrashes = 0;      // power cuts between batches
    qint64 resends = 0;             // acknowledged keys asked again
    qint64 reopens = 0;             // reopens checked
    qint64 pgRestarts = 0;          // PostgreSQL stopped as by a power cut, between batches
    qint64 pgRestartsMidApply = 0;  // ... while a batch was being applied
    SimStats& operator+=(const SimStats& o);
};

class StoreSimulation {
  public:
    // `dir` must be empty; the store is made there. With `postgresFixture`
    // (the folder of tests/store/pg-fixture.sh's server), the store is a new
    // database on that server instead, and the faults are the server's
    // restarts after an immediate stop (a crash): between batches, with the
    // store left open to find its way back, and while a batch is applied,
    // after which the store is reopened and checked.
    StoreSimulation(std::uint64_t seed, QString dir, int lines, QString postgresFixture = {});
    ~StoreSimulation();

    // Runs the seed; false with failure() when a check failed.
    bool run();
    QString failure() const { return failure_; }
    const SimStats& stats() const { return stats_; }
    FaultCounts faults() const { return faults_; }

  private:
    struct Batch {
        QList<InputLine> lines;
        qint64 firstCommand = 0;  // journal seq of its first command, if it had any
        qint64 commandsEnd = 0;   // commands in it and every batch before
        QByteArray events;        // the oracle's answer
    };

    void buildWorkload(int lines);
    FaultVfs::Plan drawPlan();
    bool openStore();
    bool crashAndRecover();
    bool checkReopened();
    bool checkJournal(qint64 length);
    bool sendBatch(std::size_t b);
    bool postgres() const { return !pgFixture_.isEmpty(); }
    bool createDatabase();
    void dropDatabase();
    bool pgFixture(const char* action);
    qint64 postmasterPid() const;
    bool fail(const QString& why);

    std::uint64_t seed_;
    QString dir_;
    QString location_;
    QString pgFixture_;
    QString pgDatabase_;
    bool restartDuringNext_ = false;
    SplitMix64 rng_;
    std::vector<Batch> batches_;
    std::vector<QByteArray> commandText_;  // per journal seq - 1: the line as journaled
    std::vector<int> commandLine_;
    std::unique_ptr<Store> store_;
    std::size_t acked_ = 0;  // batches acknowledged, in order
    bool inFlight_ = false;  // batch acked_ was sent and not acknowledged
    FaultVfs::Plan plan_;
    SimStats stats_;
    FaultCounts faults_;
    QString failure_;
};

}  // namespace houbu::sim
