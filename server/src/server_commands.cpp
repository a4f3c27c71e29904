#include "houbu/server.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QHttpServerRequest>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMetaObject>
#include <QTimer>
#include <QUrl>
#include <QUrlQuery>
#include <QWebSocket>
#include <mutex>
#include <set>

#include "connection_guard.h"
#include "refusal_log.h"
#include "server_wire.h"
#include "stream_client.h"
#include "writer.h"

namespace houbu {

using namespace Qt::StringLiterals;

// ---- commands on the writer thread ---------------------------------------------------------

// On the writer thread.
void Server::drain() {
    QList<PendingPost> posts;
    {
        std::lock_guard lock(queueMutex_);
        // Read-only: nothing is applied until checkStore() sees the store back.
        if (degraded_) {
            drainScheduled_ = false;
            return;
        }
        qsizetype commands = 0;
        while (!queue_.empty() &&
               (posts.isEmpty() || commands + queue_.front().lines.size() <= options_.group)) {
            commands += queue_.front().lines.size();
            posts.append(std::move(queue_.front()));
            queue_.pop_front();
        }
        if (posts.isEmpty()) {
            drainScheduled_ = false;
            return;
        }
    }
    Writer* w = writer_;
    answerResends(posts);
    if (posts.isEmpty()) {
        QMetaObject::invokeMethod(
            w, [this] { drain(); }, Qt::QueuedConnection);
        return;
    }
    QList<InputLine> lines;
    int number = static_cast<int>(w->store->journalLength()) + 1;
    const qint64 first = number;
    for (const PendingPost& p : posts)
        for (const QByteArray& l : p.lines)
            lines.append({l, number++, p.author, p.request});
    QByteArray out;
    QList<qsizetype> ends;
    QString message;
    QElapsedTimer timer;
    timer.start();
    const bool ok = w->store->apply(lines, out, message, &ends);
    w->applyNs += timer.nsecsElapsed();
    ++w->groups;
    w->commands += lines.size();
    if (ok) w->remember(out);
    QMetaObject::invokeMethod(
        this, [this, posts, ok, message, out = std::move(out), ends = std::move(ends), first,
               last = w->lastSeq(), length = w->store->journalLength()] {
            onBatchDone(posts, ok, message, out, ends, first, last, length);
        });
    // The next group after what else is queued here (reads of the stream and GETs).
    QMetaObject::invokeMethod(
        w, [this] { drain(); }, Qt::QueuedConnection);
}

// On the writer thread: takes out of `posts` those whose key is journaled
// already, and answers them with what their first sending did; a post
// whose key another post of this group carries waits for the next group,
// where it is such a resend.
void Server::answerResends(QList<PendingPost>& posts) {
    Writer* w = writer_;
    QList<PendingPost> kept, later;
    std::set<QByteArray> keys;
    for (PendingPost& p : posts) {
        if (p.request.isEmpty()) {
            kept.append(std::move(p));
            continue;
        }
        if (!keys.insert(p.request).second) {
            later.append(std::move(p));
            continue;
        }
        QString why;
        const auto journaled = w->store->findRequest(p.request, why);
        if (!journaled && why.isEmpty()) {
            kept.append(std::move(p));
            continue;
        }
        Reply r;
        QByteArray events;
        if (!journaled ||
            !w->store->readEventsOfRows(journaled->first, journaled->last, events, why)) {
            r = error(503, u"cannot tell whether this request was applied: "_s + why);
        } else if (p.ndjson) {
            r.contentType = "application/x-ndjson";
            r.body = events;
            r.headers.append(std::pair<QByteArray, QByteArray>("Idempotent-Replayed", "true"));
        } else {
            r.body = "{\"duplicate\":true,\"journal\":[" + QByteArray::number(journaled->first) +
                     ',' + QByteArray::number(journaled->last) + "],\"events\":[" +
                     joinEvents(events, 0) + "]}";
            r.headers.append(std::pair<QByteArray, QByteArray>("Idempotent-Replayed", "true"));
        }
        QMetaObject::invokeMethod(this, [this, slot = p.slot, r = std::move(r)]() mutable {
            --outstanding_;
            respond(slot, std::move(r));
            if (stopping_) maybeFinish();
        });
    }
    if (!later.isEmpty()) {
        std::lock_guard lock(queueMutex_);
        for (auto it = later.rbegin(); it != later.rend(); ++it)
            queue_.push_front(std::move(*it));
    }
    posts = std::move(kept);
}

void Server::onBatchDone(const QList<PendingPost>& posts, bool ok, const QString& message,
                         const QByteArray& out, const QList<qsizetype>& ends, qint64 journalFirst,
                         qint64 lastSeq, qint64 journalLength) {
    outstanding_ -= posts.size();
    if (!ok) {
        qWarning("houbud: a group of %lld requests was not applied: %s",
                 static_cast<long long>(posts.size()), qPrintable(message));
        for (const PendingPost& p : posts)
            respond(p.slot, error(503, message));
    } else {
        const qint64 before = lastSeq_;
        lastSeq_ = lastSeq;
        journalLength_ = journalLength;
        qsizetype line = 0;
        qint64 journal = journalFirst;
        // Who sent each row's command, for the admins' streams: built only
        // when an admin listens, since this runs for every group.
        bool adminListens = false;
        for (const auto& [socket, client] : clients_)
            adminListens |=
                client->live && !client->dropped && client->who && client->who->role == Role::Admin;
        QJsonArray rows;
        const qint64 journaledAt = QDateTime::currentMSecsSinceEpoch();
        qint64 nextEvent = before + 1;
        for (const PendingPost& p : posts) {
            for (qsizetype k = 0; adminListens && k < p.lines.size(); ++k) {
                const qsizetype rowFrom = line + k == 0 ? 0 : ends[line + k - 1];
                const int count = static_cast<int>(
                    QByteArrayView(out.constData() + rowFrom, ends[line + k] - rowFrom)
                        .count('\n'));
                rows.append(journalRow(journal + k, nextEvent, count, p.author, journaledAt));
                nextEvent += count;
            }
            const qsizetype from = line == 0 ? 0 : ends[line - 1];
            line += p.lines.size();
            const qsizetype to = ends[line - 1];
            const QByteArrayView events(out.constData() + from, to - from);
            Reply r;
            if (p.ndjson) {
                r.contentType = "application/x-ndjson";
                r.body = events.toByteArray();
            } else {
                r.body = "{\"journal\":[" + QByteArray::number(journal) + ',' +
                         QByteArray::number(journal + p.lines.size() - 1) + "],\"events\":[" +
                         joinEvents(events, 0) + "]}";
            }
            journal += p.lines.size();
            respond(p.slot, std::move(r));
        }
        // Live stream clients get the group's events in one message.
        if (lastSeq_ > before) {
            QByteArray all, allForAdmins;
            for (auto& [socket, client] : clients_) {
                if (!client->live || client->dropped || !client->socket ||
                    client->sentUpTo >= lastSeq_)
                    continue;
                if (client->socket->bytesToWrite() > kSlowClientBytes) {
                    // It reconnects and resumes from the journal at its own pace.
                    qInfo("houbud: stream of token %s closed: %lld bytes unread",
                          qPrintable(client->who->id),
                          static_cast<long long>(client->socket->bytesToWrite()));
                    client->live = false;
                    client->socket->close(QWebSocketProtocol::CloseCodeGoingAway,
                                          u"too slow: resume after your last seq"_s);
                    continue;
                }
                const bool admin = client->who && client->who->role == Role::Admin;
                if (client->sentUpTo == before) {
                    QByteArray& message = admin ? allForAdmins : all;
                    if (message.isEmpty())
                        message = (admin ? eventsHeaderWith(rows) : kEventsHeader.toByteArray()) +
                                  joinEvents(out, before, nullptr, '\n');
                    client->socket->sendTextMessage(QString::fromUtf8(message));
                } else {
                    client->socket->sendTextMessage(QString::fromUtf8(
                        (admin ? eventsHeaderWith(rows) : kEventsHeader.toByteArray()) +
                        joinEvents(out, client->sentUpTo, nullptr, '\n')));
                }
                client->sentUpTo = lastSeq_;
            }
        }
    }
    if (stopping_) maybeFinish();
}

}  // namespace houbu
