#pragma once
// houbud's writer thread: owns the store and answers, in order, every command
// and every read of engine state the server posts to it.

#include <QByteArray>
#include <QJsonObject>
#include <QObject>
#include <QTimer>
#include <deque>
#include <memory>
#include <utility>

#include "houbu/store.h"
#include "houbu/view_json.h"
#include "server_wire.h"

namespace houbu {

using namespace Qt::StringLiterals;

// Owns the store; every command and every read of engine state runs here, in
// the order the server posted them.
class Writer : public QObject {
  public:
    std::unique_ptr<Store> store;
    // The newest committed events (seq, line), contiguous: the stream and
    // GET /events read here first and go to the journal only for older ones.
    std::deque<std::pair<qint64, QByteArray>> tail;
    static constexpr std::size_t kTail = 200000;
    // For the log line at the end: groups committed, their commands, time in apply().
    qint64 groups = 0;
    qint64 commands = 0;
    qint64 applyNs = 0;
    // A follower's: when it last asked who leads, the answer, and why
    // following failed the last time (empty: it worked).
    qint64 leaderLookedUpMs = 0;
    QString leader;
    QString followError;
    bool promoted = false;  // a follower that became the writer
    // The follower's poll and the writer's heartbeat (one each, whatever
    // the server becomes in turn).
    QTimer* followTimer = nullptr;
    QTimer* heartbeatTimer = nullptr;

    void remember(const QByteArray& out) {
        qsizetype at = 0;
        while (at < out.size()) {
            qsizetype end = out.indexOf('\n', at);
            if (end < 0) end = out.size();
            if (end > at) {
                QByteArray line = out.mid(at, end - at);
                tail.emplace_back(seqOf(line), std::move(line));
            }
            at = end + 1;
        }
        while (tail.size() > kTail)
            tail.pop_front();
    }

    // Events after `after` (JSON Lines), at most `limit`.
    bool events(qint64 after, int limit, QByteArray& out, QString& error) {
        if (!tail.empty() && after + 1 >= tail.front().first) {
            const auto skip = static_cast<std::size_t>(after + 1 - tail.front().first);
            for (std::size_t i = skip; i < tail.size() && limit > 0; ++i, --limit) {
                out += tail[i].second;
                out += '\n';
            }
            return true;
        }
        return store->readEvents(after, limit, out, error);
    }

    qint64 lastSeq() const { return static_cast<qint64>(store->engine().lastSeq()); }

    // The longest queues a /snapshot lists (the console's hot-queues view).
    static constexpr std::size_t kHotQueues = 200;

    // The run's queues are read through `window` (whole by default).
    QByteArray snapshot(const std::string& focusTrain, const std::string& focusDate,
                        const QueueWindow& window = {}) {
        const Engine& e = store->engine();
        QJsonObject o{{"last_seq"_L1, lastSeq()},
                      {"clock"_L1, QString::fromStdString(formatTime(e.clock()))},
                      {"journal_length"_L1, store->journalLength()}};
        auto runs = e.runSummaries();
        // A pass over every queue: a /snapshot is asked for at the reader's
        // pace (the console's refresh is throttled), not per command.
        QueueRanking ranking = e.rankQueues(kHotQueues);
        for (std::size_t i = 0; i < runs.size() && i < ranking.longestQueueOfRun.size(); ++i)
            runs[i].longestQueue = ranking.longestQueueOfRun[i];
        o.insert("runs"_L1, toJsonArray(runs));
        o.insert("hot_queues"_L1, toJsonArray(ranking.hottest));
        o.insert("limits"_L1, toJson(e.limits()));
        std::string train = focusTrain, date = focusDate;
        RunView view;
        if (!e.run(train, date, view) && !runs.empty()) {
            train = runs.front().train;
            date = runs.front().date;
            e.run(train, date, view);
        }
        if (!view.train.empty()) {
            o.insert("run"_L1, toJson(view));
            o.insert("seats"_L1, toJsonArray(e.seats(train, date)));
            o.insert("queues"_L1, toJsonArray(e.queues(train, date, window)));
            o.insert("standing_tickets"_L1, toJsonArray(e.standingTickets(train, date)));
        }
        return compact(o);
    }
};

}  // namespace houbu
