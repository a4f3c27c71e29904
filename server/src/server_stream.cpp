#include "houbu/server.h"

#include <QDateTime>
#include <QHttpServerRequest>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMetaObject>
#include <QTimer>
#include <QUrl>
#include <QUrlQuery>
#include <QWebSocket>

#include "connection_guard.h"
#include "refusal_log.h"
#include "server_wire.h"
#include "stream_client.h"
#include "stream_hello.h"
#include "writer.h"

namespace houbu {

using namespace Qt::StringLiterals;

// ---- the event stream -------------------------------------------------------------------

void Server::onWebSocket() {
    while (hasPendingWebSocketConnections()) {
        std::unique_ptr<QWebSocket> socket = nextPendingWebSocketConnection();
        if (!socket) break;
        if (stopping_) {
            socket->close(QWebSocketProtocol::CloseCodeGoingAway, u"shutting down"_s);
            continue;
        }
        auto client = std::make_unique<StreamClient>();
        QWebSocket* ws = socket.release();
        ws->setParent(this);
        client->socket = ws;
        StreamClient* c = client.get();
        clients_.emplace(ws, std::move(client));
        connect(ws, &QWebSocket::textMessageReceived, this, [this, c](const QString& text) {
            if (!c->who) streamHello(c, text.toUtf8());
        });
        connect(ws, &QWebSocket::disconnected, this, [this, c] { dropClient(c); });
        // A client that does not say who it is within 10 s is dropped.
        QTimer::singleShot(10000, ws, [ws, c] {
            if (!c->who) ws->close(QWebSocketProtocol::CloseCodePolicyViolated, u"no hello"_s);
        });
    }
}

void Server::dropClient(StreamClient* client) {
    if (client->dropped) return;
    client->dropped = true;
    client->live = false;
    // Erased later: this may run inside a loop over the clients.
    QMetaObject::invokeMethod(
        this,
        [this, client] {
            for (auto it = clients_.begin(); it != clients_.end(); ++it) {
                if (it->second.get() != client) continue;
                if (QWebSocket* socket = it->second->socket.data()) {
                    socket->disconnect(this);
                    socket->deleteLater();
                }
                clients_.erase(it);
                break;
            }
        },
        Qt::QueuedConnection);
}

void Server::streamHello(StreamClient* c, const QByteArray& message) {
    auto refuse = [&](int status, const QString& text) {
        refusals_->refused(
            status, u"stream from "_s + c->socket->peerAddress().toString() + u": "_s + text);
        c->socket->sendTextMessage(QString::fromUtf8(compact(
            QJsonObject{{"type"_L1, u"error"_s}, {"status"_L1, status}, {"message"_L1, text}})));
        c->socket->close(QWebSocketProtocol::CloseCodePolicyViolated, text.left(100));
    };
    // Read as the fuzz target reads it (tests/fuzz/ws_hello.cpp).
    const StreamHello hello = readStreamHello(message);
    const QByteArray& token = hello.token;
    if (token.isEmpty()) return refuse(401, u"missing token in the hello message"_s);
    const auto who = tokens_.authenticate(token);
    if (!who) return refuse(401, u"unknown or revoked token"_s);
    Reply limited;
    if (!takeToken(*who, limited)) return refuse(429, u"rate limit exceeded"_s);
    const qint64 after = hello.after;
    if (after < 0) return refuse(400, u"'after' must be a non-negative event seq"_s);
    c->who = who;
    c->sentUpTo = after;
    c->socket->sendTextMessage(QString::fromUtf8(compact(QJsonObject{
        {"type"_L1, u"hello"_s}, {"role"_L1, roleName(who->role)}, {"last_seq"_L1, lastSeq_}})));
    // A console that connects while the store is down learns it at once.
    if (degraded_) c->socket->sendTextMessage(QString::fromUtf8(readOnlyMessage()));
    streamCatchUp(c);
}

// The next page once the previous one has mostly left: a slow client does not
// make the server hold its whole backlog in memory.
void Server::continueCatchUp(const QPointer<QWebSocket>& ws) {
    if (!ws) return;
    auto it = clients_.find(ws.data());
    if (it == clients_.end() || it->second->dropped) return;
    if (ws->bytesToWrite() > kCatchUpBytes) {
        QTimer::singleShot(20, this, [this, ws] { continueCatchUp(ws); });
        return;
    }
    streamCatchUp(it->second.get());
}

void Server::streamCatchUp(StreamClient* c) {
    QPointer<QWebSocket> ws = c->socket;
    const qint64 after = c->sentUpTo;
    const int page = options_.eventsPage;
    const bool admin = c->who && c->who->role == Role::Admin;
    QMetaObject::invokeMethod(writer_, [this, w = writer_, ws, after, page, admin] {
        QByteArray lines;
        QString message;
        const qint64 last = w->lastSeq();
        bool ok = after > last ? false : w->events(after, page, lines, message);
        if (after > last) message = u"the server has events only up to seq %1"_s.arg(last);
        // An admin's stream names who sent each command, as /events does.
        QByteArray header = kEventsHeader.toByteArray();
        if (ok && admin && !lines.isEmpty()) {
            QJsonArray rows;
            qint64 pageLast = after;
            joinEvents(lines, after, &pageLast);
            ok = journalRows(*w->store, after, pageLast, rows, message);
            header = eventsHeaderWith(rows);
        }
        QMetaObject::invokeMethod(this, [this, ws, after, ok, message, lines, last, header] {
            if (!ws) return;
            auto it = clients_.find(ws.data());
            if (it == clients_.end()) return;
            StreamClient* c = it->second.get();
            if (!ok) {
                ws->sendTextMessage(QString::fromUtf8(compact(QJsonObject{
                    {"type"_L1, u"error"_s}, {"status"_L1, 409}, {"message"_L1, message}})));
                ws->close(QWebSocketProtocol::CloseCodeNormal, message.left(100));
                return;
            }
            qint64 sent = after;
            const QByteArray list = joinEvents(lines, after, &sent, '\n');
            if (!list.isEmpty()) ws->sendTextMessage(QString::fromUtf8(header + list));
            c->sentUpTo = sent;
            if (sent >= last)
                c->live = true;
            else
                continueCatchUp(ws);
        });
    });
}

}  // namespace houbu
