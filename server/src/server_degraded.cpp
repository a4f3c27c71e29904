// Read-only mode: while the store cannot commit, queries are answered from the
// engine in memory and marked as not journaled, commands get 503 with
// Retry-After, and /health says why (docs/remote-api.md, "Degraded mode").

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMetaObject>
#include <mutex>

#include "houbu/codec.h"
#include "houbu/server.h"
#include "server_wire.h"
#include "stream_client.h"
#include "writer.h"

namespace houbu {

using namespace Qt::StringLiterals;

namespace {

// Collects the events answerQuery gives, as JSON Lines.
class LineSink : public EventSink {
  public:
    QByteArray lines;
    void onEvent(const Event& e) override {
        appendEvent(e, lines);
        lines += '\n';
    }
};

QString localTime(qint64 ms) {
    return QDateTime::fromMSecsSinceEpoch(ms).toString(u"HH:mm:ss"_s);
}

QString utc(qint64 ms) {
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODateWithMs);
}

}  // namespace

void Server::checkStore() {
    if (!store_) return;
    if (store_->deposed()) {
        becomeFollower();
        return;
    }
    QList<PendingPost> refused;
    const bool wasDegraded = degraded_;
    {
        std::lock_guard lock(queueMutex_);
        // Asked under queueMutex_: when it says "unavailable", the writer is
        // waiting for the failed group, and drain() sees degraded_ before it
        // could apply another.
        const Store::Availability a = store_->availability();
        if (!a.available) {
            degradedReason_ = a.reason;
            if (!degraded_) {
                degraded_ = true;
                degradedSinceMs_ = a.sinceMs;
                // Queued behind the failed group, not applied: refused now
                // rather than held for as long as the store is down.
                while (!queue_.empty()) {
                    refused.append(std::move(queue_.front()));
                    queue_.pop_front();
                }
                qWarning("houbud: read-only since %s: the store cannot commit (%s)",
                         qPrintable(localTime(a.sinceMs)), qPrintable(a.reason));
            }
        } else if (degraded_) {
            degraded_ = false;
            qInfo("houbud: the store commits again; read-only mode ended after %.1f s",
                  double(QDateTime::currentMSecsSinceEpoch() - degradedSinceMs_) / 1000);
            degradedSinceMs_ = 0;
            degradedReason_.clear();
            if (!queue_.empty() && !drainScheduled_) {
                drainScheduled_ = true;
                QMetaObject::invokeMethod(writer_, [this] { drain(); });
            }
        }
    }
    for (const PendingPost& p : refused) {
        --outstanding_;
        respond(p.slot, readOnlyRefusal());
    }
    // The streams' consoles show it at once, not at their next command.
    if (degraded_ != wasDegraded) {
        const QString message = QString::fromUtf8(readOnlyMessage());
        for (auto& [socket, client] : clients_)
            if (client->who && !client->dropped && client->socket)
                client->socket->sendTextMessage(message);
    }
}

QByteArray Server::readOnlyMessage() const {
    return compact(
        QJsonObject{{"type"_L1, u"read_only"_s},
                    {"since"_L1, degraded_ ? QJsonValue(utc(degradedSinceMs_)) : QJsonValue()},
                    {"reason"_L1, degraded_ ? QJsonValue(degradedReason_) : QJsonValue()}});
}

Server::Reply Server::readOnlyRefusal() const {
    Reply r =
        error(503,
              u"read-only: the store is unavailable since %1 (%2); no command that changes "
              u"anything is taken, and queries (position, availability, seatmap) are answered "
              u"from memory. Nothing of this request was applied: send it again in %3 s"_s
                  .arg(localTime(degradedSinceMs_), degradedReason_)
                  .arg(kReadOnlyRetryAfter));
    QJsonObject o = QJsonDocument::fromJson(r.body).object();
    o.insert("read_only"_L1, true);
    o.insert("since"_L1, utc(degradedSinceMs_));
    o.insert("reason"_L1, degradedReason_);
    r.body = compact(o);
    r.headers.append(
        std::pair<QByteArray, QByteArray>("Retry-After", QByteArray::number(kReadOnlyRetryAfter)));
    return r;
}

Server::Reply Server::healthAnswer() const {
    Reply r;
    QJsonObject o{{"status"_L1, degraded_ ? u"degraded"_s : u"ok"_s},
                  {"last_seq"_L1, lastSeq_},
                  {"journal_length"_L1, journalLength_},
                  {"tls"_L1, tls_},
                  {"role"_L1, options_.follow ? u"follower"_s : u"writer"_s}};
    if (options_.follow) o.insert("follower"_L1, followHealth());
    if (degraded_) {
        // 503, so that a load balancer that checks the status alone takes
        // this server out of the write path; the body says why and since when.
        r.status = 503;
        o.insert("read_only"_L1, true);
        o.insert("reason"_L1, QString(u"store unavailable: "_s + degradedReason_));
        o.insert("since"_L1, utc(degradedSinceMs_));
        r.headers.append(std::pair<QByteArray, QByteArray>(
            "Retry-After", QByteArray::number(kReadOnlyRetryAfter)));
    }
    r.body = compact(o);
    return r;
}

void Server::answerFromMemory(const PendingPost& post) {
    // The writer waits for the failed group and applies nothing while
    // degraded_ holds: the engine can be read here.
    std::optional<Reply> r =
        queryAnswer(store_->engine(), post, lastSeq_,
                    ",\"read_only_since\":\"" + utc(degradedSinceMs_).toLatin1() + '"');
    respond(post.slot, r ? std::move(*r) : readOnlyRefusal());
}

std::optional<Server::Reply> Server::queryAnswer(const Engine& engine, const PendingPost& post,
                                                 qint64 journaledUpTo, const QByteArray& extra) {
    LineSink sink;
    int number = 0;
    for (const QByteArray& line : post.lines) {
        const ParsedLine parsed = parseCommandLine(line);
        if (parsed.skip) continue;
        ++number;
        if (!parsed.command || !engine.answerQuery(*parsed.command, number, sink))
            return std::nullopt;
    }
    Reply r;
    r.headers.append(std::pair<QByteArray, QByteArray>("Houbu-Journaled", "false"));
    if (post.ndjson) {
        r.contentType = "application/x-ndjson";
        r.body = sink.lines;
    } else {
        r.body = "{\"journaled\":false,\"journaled_up_to\":" + QByteArray::number(journaledUpTo) +
                 extra + ",\"events\":[" + joinEvents(sink.lines, -1) + "]}";
    }
    return r;
}

}  // namespace houbu
