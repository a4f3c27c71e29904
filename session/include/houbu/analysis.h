#pragma once
// Analyses that need history rather than the current state: they replay the
// journal (the commands applied so far) in scratch engines. Used by the
// console's charts and its policy comparison; pure functions of the command
// lines, so the same journal always gives the same figures.

#include <QByteArray>
#include <QList>
#include <QString>
#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <vector>

#include "houbu/engine.h"

namespace houbu {

// A value that changed at a logical instant (seconds since 2000-01-01, see time.h).
struct TimePoint {
    Time at = 0;
    int value = 0;
};

// One waitlist queue of a run: class and interval (stop indices).
struct QueueKey {
    std::string travelClass;
    int from = 0;
    int to = 0;
    auto operator<=>(const QueueKey&) const = default;
};

// Seat-km of one run: what is offered (every seat over the whole route) and
// what tickets hold now.
struct RunUtilisation {
    std::string train;
    std::string date;
    double offeredSeatKm = 0;
    double soldSeatKm = 0;  // paid tickets, including waitlist orders served
    double heldSeatKm = 0;  // tickets held, not yet paid
};

// The history of one run replayed from the journal.
struct RunHistory {
    std::string train;
    std::string date;
    // Queued orders per interval after every change (an order counts in every
    // queue of its options on this run from waitlist_effective until it leaves).
    std::map<QueueKey, std::vector<TimePoint>> queueLength;
    // Running totals per release source (refund, timeout, reschedule, quota,
    // extra_car) and of orders fulfilled on this run.
    std::map<std::string, std::vector<TimePoint>> releases;
    std::vector<TimePoint> fulfilments;
    // Seat utilisation of every run at the end of the journal.
    std::vector<RunUtilisation> utilisation;
    qint64 commands = 0;
};

// What a policy did with the run's releases.
struct PolicyOutcome {
    Policy policy = Policy::Complete;
    int ordersServed = 0;  // waitlist orders fulfilled on this run
    int passengersServed = 0;
    double ticketSeatKm = 0;          // seat-km of the run's live tickets at the end
    int ordersWaiting = 0;            // orders still queued with an option on this run
    std::vector<std::string> served;  // ids of the orders served, in order
};

struct PolicyComparison {
    std::string train;
    std::string date;
    Policy journalPolicy = Policy::Complete;  // what the run was defined with
    PolicyOutcome complete;
    PolicyOutcome exact;
    // The same, with every waitlist order that has an option on the run
    // accepting one seat change (同车换座) where it accepted none.
    PolicyOutcome completeWithChanges;
    PolicyOutcome exactWithChanges;
};

// Progress for long replays: (commands done, total). Returning false cancels.
using AnalysisProgress = std::function<bool(qint64 done, qint64 total)>;

// Replays `journal` (JSON Lines commands, as exported) and records the run's
// history. Returns nullptr when cancelled or when the run is never defined
// (`error` says which).
std::unique_ptr<RunHistory> replayHistory(const QList<QByteArray>& journal,
                                          const EngineOptions& options, const std::string& train,
                                          const std::string& date, const AnalysisProgress& progress,
                                          QString& error);

// Replays `journal` four times: with the run's policy set to `complete` and
// then to `exact`, and both again with the run's waitlist orders accepting
// one seat change; every other run keeps its own policy.
std::unique_ptr<PolicyComparison> comparePolicies(const QList<QByteArray>& journal,
                                                  const EngineOptions& options,
                                                  const std::string& train, const std::string& date,
                                                  const AnalysisProgress& progress, QString& error);

// Seat-km of `seats` of a run with `stops`: offered, sold (paid) and held.
RunUtilisation utilisationOf(const RunView& run, const std::vector<SeatView>& seats);

}  // namespace houbu
