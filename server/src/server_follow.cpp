// A follower: the writer's journal applied as it grows, reads served here,
// commands sent on to the writer (docs/remote-api.md, "Followers").

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMetaObject>
#include <QTimer>
#include <QUrl>

#include "houbu/server.h"
#include "server_wire.h"
#include "stream_client.h"
#include "writer.h"

namespace houbu {

using namespace Qt::StringLiterals;

namespace {

// Who leads is looked up this often (a join of two catalog views).
constexpr qint64 kLeaderLookupMs = 1000;
// Reads waiting for their `after` at once; beyond, refused at once.
constexpr std::size_t kMostWaitingReads = 1000;

bool isAddress(const QString& s) {
    const QUrl url(s);
    return url.isValid() && (url.scheme() == "http"_L1 || url.scheme() == "https"_L1) &&
           !url.host().isEmpty();
}

}  // namespace

void Server::announceAddress() {
    if (!options_.store.location.startsWith("postgres"_L1)) return;
    QString address = options_.advertise;
    if (address.isEmpty()) {
        const QHostAddress a = options_.address;
        const QString host = a.protocol() == QAbstractSocket::IPv6Protocol
                                 ? u'[' + a.toString() + u']'
                                 : a.toString();
        address = u"%1://%2:%3"_s.arg(tls_ ? u"https"_s : u"http"_s, host).arg(port_);
    }
    QMetaObject::invokeMethod(
        writer_, [w = writer_, address] { w->store->announce(address); },
        Qt::BlockingQueuedConnection);
}

// On the writer thread, every followPollMs.
void Server::followWriter(Writer* w) {
    if (!w->store || w->promoted) return;
    QByteArray out;
    QString why;
    const bool ok = w->store->catchUp(out, why);
    if (!out.isEmpty()) w->remember(out);
    bool leaderChanged = false;
    QByteArray caughtUp;
    if (lookUpWriter(w, leaderChanged, caughtUp)) {
        // Promoted: the events of the rows caught up under the lock first,
        // then commands.
        if (!caughtUp.isEmpty()) w->remember(caughtUp);
        out += caughtUp;
        QMetaObject::invokeMethod(this, [this, out = std::move(out), last = w->lastSeq(),
                                         length = w->store->journalLength()] {
            if (!out.isEmpty()) onBatchDone({}, true, {}, out, {}, 0, last, length);
            becomeWriter(length);
        });
        return;
    }
    if (!ok) why = why.isEmpty() ? u"unknown failure"_s : why;
    const bool errorChanged = (ok ? QString() : why) != w->followError;
    w->followError = ok ? QString() : why;
    if (out.isEmpty() && !leaderChanged && !errorChanged) return;
    QMetaObject::invokeMethod(
        this, [this, ok, why, leaderChanged, found = w->leader, out = std::move(out),
               last = w->lastSeq(), length = w->store->journalLength()] {
            if (leaderChanged) {
                qInfo("houbud: the store's writer is %s",
                      found.isEmpty() ? "gone (no writer holds the store)" : qPrintable(found));
                leader_ = found;
            }
            if (ok != followError_.isEmpty()) {
                if (ok)
                    qInfo("houbud: following the writer again");
                else
                    qWarning("houbud: cannot follow the writer: %s", qPrintable(why));
            }
            followError_ = ok ? QString() : why;
            if (!out.isEmpty()) onBatchDone({}, true, {}, out, {}, 0, last, length);
            releaseWaitingReads();
        });
}

bool Server::lookUpWriter(Writer* w, bool& changed, QByteArray& caughtUp) {
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    // A follower that may take over looks as often as a writer's heartbeat.
    const qint64 every = options_.failover ? Store::kHeartbeatMs : kLeaderLookupMs;
    if (now - w->leaderLookedUpMs < every) return false;
    w->leaderLookedUpMs = now;
    QString error;
    std::optional<Store::LockHolder> holder = w->store->lockHolder(error);
    if (!error.isEmpty()) return false;
    // A writer that stopped answering gets no more redirects.
    const bool stale = holder && isAddress(holder->name) && holder->idleMs > options_.staleWriterMs;
    const QString name = holder && !stale ? holder->name : QString();
    if (name != w->leader) {
        w->leader = name;
        changed = true;
    }
    if (!options_.failover) return false;
    // Only a houbud beats (it announced an address); a console or houbu-cli
    // holding the store idle is waited for, never deposed.
    if (stale) {
        qWarning(
            "houbud: the store's writer %s (server process %lld) has not answered for "
            "%lld ms: ending its session",
            qPrintable(holder->name), static_cast<long long>(holder->pid),
            static_cast<long long>(holder->idleMs));
        if (!w->store->depose(holder->pid, error)) return false;
        holder.reset();
    }
    if (holder) return false;
    if (!w->store->promote(caughtUp, error)) {
        if (!error.isEmpty()) qWarning("houbud: cannot take over: %s", qPrintable(error));
        return false;
    }
    w->promoted = true;
    return true;
}

void Server::becomeWriter(qint64 journalLength) {
    options_.follow = false;
    journalLength_ = journalLength;
    followError_.clear();
    qInfo("houbud: took over as the store's writer at journal seq %lld",
          static_cast<long long>(journalLength));
    storeCheck_->start();
    // Its address was announced when it started: the lock holder's name is it.
    QMetaObject::invokeMethod(writer_, [this] { startHeartbeat(); });
    releaseWaitingReads();
}

void Server::startFollowing() {
    Writer* w = writer_;
    w->promoted = false;
    if (w->heartbeatTimer) w->heartbeatTimer->stop();
    if (!w->followTimer) {
        w->followTimer = new QTimer(w);
        connect(w->followTimer, &QTimer::timeout, w, [this, w] { followWriter(w); });
    }
    w->followTimer->start(std::max(1, options_.followPollMs));
}

void Server::becomeFollower() {
    qWarning(
        "houbud: another process writes the store now (this one lost its database "
        "session and was taken over): following it");
    storeCheck_->stop();
    QList<PendingPost> refused;
    {
        std::lock_guard lock(queueMutex_);
        options_.follow = true;
        degraded_ = false;
        while (!queue_.empty()) {
            refused.append(std::move(queue_.front()));
            queue_.pop_front();
        }
    }
    for (const PendingPost& p : refused) {
        --outstanding_;
        respond(p.slot, leaderRedirect(u"/api/v1/commands"_s));
    }
    options_.store.follow = true;
    QString error;
    bool opened = false;
    QMetaObject::invokeMethod(
        writer_,
        [&] {
            Writer* w = writer_;
            w->store.reset();
            w->store = Store::open(options_.store, error);
            opened = w->store != nullptr;
            store_ = w->store.get();
            if (opened) startFollowing();
        },
        Qt::BlockingQueuedConnection);
    if (!opened) {
        qCritical("houbud: cannot follow the store: %s", qPrintable(error));
        shutdown();
    }
}

void Server::startHeartbeat() {
    Writer* w = writer_;
    if (!w || !w->store || !w->store->isPostgres()) return;
    if (w->followTimer) w->followTimer->stop();
    if (!w->heartbeatTimer) {
        w->heartbeatTimer = new QTimer(w);
        connect(w->heartbeatTimer, &QTimer::timeout, w, [w] {
            if (w->store) w->store->heartbeat();
        });
    }
    w->heartbeatTimer->start(Store::kHeartbeatMs);
}

Server::Reply Server::leaderRedirect(const QString& path) const {
    if (!isAddress(leader_)) {
        Reply r = error(503, leader_.isEmpty()
                                 ? u"this houbud follows its store, whose writer is gone or "
                                   u"not answering: send the commands again in a moment"_s
                                 : u"this houbud follows its store, whose writer (%1) gives no "
                                   u"address to send commands to"_s.arg(leader_));
        r.headers.append(std::pair<QByteArray, QByteArray>("Retry-After", "1"));
        QJsonObject o = QJsonDocument::fromJson(r.body).object();
        o.insert("leader"_L1, QJsonValue());  // none: a client waits and sends again
        r.body = compact(o);
        return r;
    }
    QUrl location(leader_);
    location.setPath(path);
    Reply r = error(
        307, u"this houbud follows its store: send commands to its writer at %1"_s.arg(leader_));
    QJsonObject o = QJsonDocument::fromJson(r.body).object();
    o.insert("leader"_L1, leader_);
    r.body = compact(o);
    r.headers.append(std::pair<QByteArray, QByteArray>("Location", location.toEncoded()));
    return r;
}

void Server::answerOnFollower(const PendingPost& post) {
    QMetaObject::invokeMethod(writer_, [this, w = writer_, post] {
        std::optional<Reply> r = queryAnswer(w->store->engine(), post, w->lastSeq(), {});
        QMetaObject::invokeMethod(this, [this, post, r = std::move(r)]() mutable {
            if (r)
                respond(post.slot, std::move(*r));
            else if (!options_.follow)
                enqueue(post);  // promoted meanwhile: this server writes now
            else
                respond(post.slot, leaderRedirect(u"/api/v1/commands"_s));
        });
    });
}

void Server::dispatchRead(const Slot& slot, std::function<Reply(Writer&)> job) {
    if (degraded_) {
        // The writer waits for the store; the engine is read here, and the
        // answer says it is not journaled (the state may hold the commands
        // of the group being retried).
        Reply r = job(*writer_);
        r.headers.append(std::pair<QByteArray, QByteArray>("Houbu-Journaled", "false"));
        respond(slot, std::move(r));
        return;
    }
    QMetaObject::invokeMethod(writer_, [this, w = writer_, slot, job = std::move(job)] {
        Reply r = job(*w);
        QMetaObject::invokeMethod(
            this, [this, slot, r = std::move(r)]() mutable { respond(slot, std::move(r)); });
    });
}

bool Server::waitForSeq(qint64 after, const Slot& slot, std::function<Reply(Writer&)>& job) {
    if (after <= lastSeq_) return false;
    if (waitingReads_.size() >= kMostWaitingReads) {
        Reply r = error(503, u"too many reads wait for events not applied yet; ask again"_s);
        r.headers.append(std::pair<QByteArray, QByteArray>("Retry-After", "1"));
        respond(slot, std::move(r));
        return true;
    }
    waitingReads_.push_back(
        {after, QDateTime::currentMSecsSinceEpoch() + options_.afterWaitMs, slot, std::move(job)});
    if (!waitingCheck_) {
        waitingCheck_ = new QTimer(this);
        waitingCheck_->setInterval(50);
        connect(waitingCheck_, &QTimer::timeout, this, &Server::releaseWaitingReads);
    }
    if (!waitingCheck_->isActive()) waitingCheck_->start();
    return true;
}

void Server::releaseWaitingReads() {
    if (waitingReads_.empty()) {
        if (waitingCheck_) waitingCheck_->stop();
        return;
    }
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    std::vector<WaitingRead> still;
    for (WaitingRead& read : waitingReads_) {
        if (read.after <= lastSeq_) {
            dispatchRead(read.slot, std::move(read.job));
        } else if (now >= read.deadlineMs || stopping_) {
            Reply r = error(503,
                            u"event %1 is not applied here yet (this houbud is at %2): ask "
                            u"again, or ask the writer"_s.arg(read.after)
                                .arg(lastSeq_));
            r.headers.append(std::pair<QByteArray, QByteArray>("Retry-After", "1"));
            respond(read.slot, std::move(r));
        } else {
            still.push_back(std::move(read));
        }
    }
    waitingReads_ = std::move(still);
    if (waitingReads_.empty() && waitingCheck_) waitingCheck_->stop();
}

QJsonObject Server::followHealth() const {
    const FollowState st = store_ ? store_->followState() : FollowState{};
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    QJsonObject o{{"leader"_L1, leader_.isEmpty() ? QJsonValue() : QJsonValue(leader_)},
                  {"applied"_L1, st.applied},
                  {"journal_end"_L1, st.journalEnd},
                  {"behind"_L1, st.journalEnd - st.applied},
                  {"looked_ms_ago"_L1, st.lookedAtMs ? now - st.lookedAtMs : -1},
                  {"last_delay_ms"_L1, st.lastDelayMs}};
    if (!followError_.isEmpty()) o.insert("error"_L1, followError_);
    return o;
}

}  // namespace houbu
