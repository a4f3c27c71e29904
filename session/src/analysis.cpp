#include "houbu/analysis.h"

#include <QCoreApplication>
#include <set>

#include "houbu/codec.h"

namespace houbu {

namespace {

constexpr qint64 kProgressEvery = 2000;

double kmBetween(const RunView& run, int from, int to) {
    return run.stops[static_cast<std::size_t>(to)].km -
           run.stops[static_cast<std::size_t>(from)].km;
}

int stopIndex(const RunView& run, const std::string& station) {
    for (std::size_t i = 0; i < run.stops.size(); ++i)
        if (run.stops[i].station == station) return static_cast<int>(i);
    return -1;
}

// Feeds journal lines to an engine; a hook sees each command before it is
// applied and every event it causes.
class Replay : private EventSink {
  public:
    using CommandHook = std::function<void(Command&)>;
    using EventHook = std::function<void(const Event&)>;

    Replay(const EngineOptions& options, CommandHook onCommand, EventHook onEvent)
        : engine_(options), onCommand_(std::move(onCommand)), onEvent_(std::move(onEvent)) {}

    // False when cancelled.
    bool run(const QList<QByteArray>& journal, const AnalysisProgress& progress, qint64 offset,
             qint64 total) {
        int line = 0;
        for (const QByteArray& text : journal) {
            ++line;
            if (progress && line % kProgressEvery == 0 && !progress(offset + line, total))
                return false;
            ParsedLine parsed = parseCommandLine(text);
            if (parsed.skip) continue;
            if (!parsed.command) {
                engine_.rejectMalformed(line, parsed.error.toStdString(), *this);
                continue;
            }
            if (parsed.command->dryRun) {
                // A preview changed nothing: no history of it, but its numbers are taken.
                struct Drop : EventSink {
                    void onEvent(const Event&) override {}
                } drop;
                engine_.apply(*parsed.command, line, drop);
                continue;
            }
            if (onCommand_) onCommand_(*parsed.command);
            engine_.apply(*parsed.command, line, *this);
        }
        return !progress || progress(offset + line, total);
    }

    const Engine& engine() const { return engine_; }

  private:
    void onEvent(const Event& event) override {
        if (onEvent_) onEvent_(event);
    }

    Engine engine_;
    CommandHook onCommand_;
    EventHook onEvent_;
};

bool sameRun(const Event& e, const std::string& train, const std::string& date) {
    return e.train == train && e.date == date;
}

// Tracks which queues of one run each waitlist order stands in.
class QueueTracker {
  public:
    QueueTracker(const std::string& train, const std::string& date) : train_(train), date_(date) {}

    void onCommand(const Command& cmd, const Engine& engine) {
        pendingId_.clear();
        if (cmd.op != Op::Waitlist) return;
        RunView run;
        if (!engine.run(train_, date_, run)) return;
        const int from = stopIndex(run, cmd.from), to = stopIndex(run, cmd.to);
        if (from < 0 || to <= from) return;
        std::set<QueueKey> keys;
        for (const OptionSpec& o : cmd.options)
            if (o.train == train_ && o.date == date_) keys.insert({o.travelClass, from, to});
        if (keys.empty()) return;
        pendingId_ = cmd.id;
        pendingKeys_.assign(keys.begin(), keys.end());
    }

    // Returns the queues whose length changed, with +1 or -1.
    template <typename Change>
    void onEvent(const Event& e, Change&& change) {
        switch (e.kind) {
            case EventKind::WaitlistSubmitted:
                if (e.id == pendingId_) submitted_[e.id] = pendingKeys_;
                break;
            case EventKind::WaitlistEffective:
                if (auto it = submitted_.find(e.id);
                    it != submitted_.end() && queued_.insert(e.id).second)
                    for (const QueueKey& k : it->second)
                        change(k, +1);
                break;
            case EventKind::WaitlistFulfilled:
            case EventKind::WaitlistCancelled:
            case EventKind::WaitlistExpired:
            case EventKind::WaitlistFailed:
                if (auto it = submitted_.find(e.id); it != submitted_.end()) {
                    if (queued_.erase(e.id))
                        for (const QueueKey& k : it->second)
                            change(k, -1);
                    submitted_.erase(it);
                }
                break;
            default:
                break;
        }
    }

  private:
    std::string train_, date_;
    std::string pendingId_;
    std::vector<QueueKey> pendingKeys_;
    std::map<std::string, std::vector<QueueKey>> submitted_;
    std::set<std::string> queued_;
};

enum class Outcome { Done, Cancelled, UnknownRun };

// Replays with the run under `policy`; `defined` receives the policy the
// journal's own `train` command gave the run.
Outcome outcomeOf(const QList<QByteArray>& journal, const EngineOptions& options,
                  const std::string& train, const std::string& date, Policy policy,
                  bool seatChanges, const AnalysisProgress& progress, qint64 offset, qint64 total,
                  PolicyOutcome& out, Policy& defined) {
    out = {};
    out.policy = policy;
    const Engine* engine = nullptr;
    Replay replay(
        options,
        [&](Command& cmd) {
            if (seatChanges && cmd.op == Op::Waitlist && cmd.seatChange == 0 &&
                std::any_of(cmd.options.begin(), cmd.options.end(), [&](const OptionSpec& o) {
                    return o.train == train && o.date == date;
                }))
                cmd.seatChange = 1;
            if (cmd.op != Op::Train || cmd.train != train || cmd.date != date) return;
            RunView existing;
            // The command that defines the run is the one while the run is still unknown.
            if (!engine->run(train, date, existing))
                defined = cmd.policy.value_or(options.defaultPolicy);
            cmd.policy = policy;
        },
        [&](const Event& e) {
            if (e.kind != EventKind::WaitlistFulfilled || !sameRun(e, train, date)) return;
            ++out.ordersServed;
            out.passengersServed += static_cast<int>(e.tickets.size());
            out.served.push_back(e.id);
        });
    engine = &replay.engine();
    if (!replay.run(journal, progress, offset, total)) return Outcome::Cancelled;

    RunView run;
    if (!engine->run(train, date, run)) return Outcome::UnknownRun;
    const RunUtilisation u = utilisationOf(run, engine->seats(train, date));
    out.ticketSeatKm = u.soldSeatKm + u.heldSeatKm;
    std::set<std::string> waiting;
    for (const QueueView& q : engine->queues(train, date))
        for (const OrderView& o : q.orders)
            waiting.insert(o.id);
    out.ordersWaiting = static_cast<int>(waiting.size());
    return Outcome::Done;
}

QString unknownRun(const std::string& train, const std::string& date) {
    return QCoreApplication::translate("houbu::Analysis",
                                       "The journal never defines the run %1 %2.")
        .arg(QString::fromStdString(train), QString::fromStdString(date));
}

QString cancelledMessage() {
    return QCoreApplication::translate("houbu::Analysis", "Cancelled.");
}

}  // namespace

RunUtilisation utilisationOf(const RunView& run, const std::vector<SeatView>& seats) {
    RunUtilisation u;
    u.train = run.train;
    u.date = run.date;
    if (run.stops.size() < 2) return u;
    const double route = kmBetween(run, 0, static_cast<int>(run.stops.size()) - 1);
    for (const SeatView& seat : seats) {
        u.offeredSeatKm += route;
        for (const HolderView& h : seat.holders) {
            const double km = kmBetween(run, h.from, h.to);
            switch (h.kind) {
                case HolderView::Kind::Paid:
                case HolderView::Kind::Served:
                    u.soldSeatKm += km;
                    break;
                case HolderView::Kind::Held:
                    u.heldSeatKm += km;
                    break;
                case HolderView::Kind::Block:
                    break;
            }
        }
    }
    return u;
}

std::unique_ptr<RunHistory> replayHistory(const QList<QByteArray>& journal,
                                          const EngineOptions& options, const std::string& train,
                                          const std::string& date, const AnalysisProgress& progress,
                                          QString& error) {
    auto history = std::make_unique<RunHistory>();
    history->train = train;
    history->date = date;
    QueueTracker tracker(train, date);
    std::map<QueueKey, int> lengths;
    std::map<std::string, int> releases;
    int fulfilled = 0;
    const Engine* engine = nullptr;

    Replay replay(
        options,
        [&](Command& cmd) {
            ++history->commands;
            tracker.onCommand(cmd, *engine);
        },
        [&](const Event& e) {
            tracker.onEvent(e, [&](const QueueKey& key, int delta) {
                history->queueLength[key].push_back({e.at, lengths[key] += delta});
            });
            if (!sameRun(e, train, date)) return;
            if (e.kind == EventKind::SeatReleased) {
                history->releases[e.reason].push_back({e.at, ++releases[e.reason]});
            } else if (e.kind == EventKind::WaitlistFulfilled) {
                history->fulfilments.push_back({e.at, ++fulfilled});
            }
        });
    engine = &replay.engine();
    if (!replay.run(journal, progress, 0, journal.size())) {
        error = cancelledMessage();
        return nullptr;
    }
    RunView shown;
    if (!engine->run(train, date, shown)) {
        error = unknownRun(train, date);
        return nullptr;
    }
    for (const RunSummary& r : engine->runSummaries()) {
        RunView view;
        if (engine->run(r.train, r.date, view))
            history->utilisation.push_back(utilisationOf(view, engine->seats(r.train, r.date)));
    }
    return history;
}

std::unique_ptr<PolicyComparison> comparePolicies(const QList<QByteArray>& journal,
                                                  const EngineOptions& options,
                                                  const std::string& train, const std::string& date,
                                                  const AnalysisProgress& progress,
                                                  QString& error) {
    auto result = std::make_unique<PolicyComparison>();
    result->train = train;
    result->date = date;
    const qint64 total = 4 * journal.size();
    struct Pass {
        Policy policy;
        bool seatChanges;
        PolicyOutcome* out;
    };
    const Pass passes[] = {{Policy::Complete, false, &result->complete},
                           {Policy::Exact, false, &result->exact},
                           {Policy::Complete, true, &result->completeWithChanges},
                           {Policy::Exact, true, &result->exactWithChanges}};
    Outcome outcome = Outcome::Done;
    qint64 offset = 0;
    for (const Pass& pass : passes) {
        if (outcome != Outcome::Done) break;
        outcome = outcomeOf(journal, options, train, date, pass.policy, pass.seatChanges, progress,
                            offset, total, *pass.out, result->journalPolicy);
        offset += journal.size();
    }
    if (outcome != Outcome::Done) {
        error = outcome == Outcome::Cancelled ? cancelledMessage() : unknownRun(train, date);
        return nullptr;
    }
    return result;
}

}  // namespace houbu
