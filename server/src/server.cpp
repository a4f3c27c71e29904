#include "houbu/server.h"

#include <sys/resource.h>

#include <QDateTime>
#include <QFile>
#include <QHttpServerRequest>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMetaObject>
#include <QSslCertificate>
#include <QSslKey>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThread>
#include <QTimer>
#include <QUrl>
#include <QUrlQuery>
#include <QWebSocket>

#include "connection_guard.h"
#include "refusal_limiter.h"
#include "refusal_log.h"
#include "server_wire.h"
#include "stream_client.h"
#include "writer.h"

namespace houbu {

using namespace Qt::StringLiterals;

// ---- the server -------------------------------------------------------------------

Server::Server(ServerOptions options, QObject* parent)
    : QAbstractHttpServer(parent),
      options_(std::move(options)),
      tokens_(tokensPathFor(options_)),
      refusals_(new RefusalLog(this)),
      refusalLimiter_(
          std::make_unique<RefusalLimiter>(options_.refusalRate, options_.refusalBurst)),
      tokenCheck_(new QTimer(this)) {
    connect(this, &QAbstractHttpServer::newWebSocketConnection, this, &Server::onWebSocket);
    // `houbud token revoke` changes the file while streams are open.
    tokenCheck_->setInterval(1000);
    connect(tokenCheck_, &QTimer::timeout, this, [this] {
        if (tokens_.refresh()) closeRevokedStreams();
    });
    tokenCheck_->start();
    storeCheck_ = new QTimer(this);
    storeCheck_->setInterval(kStoreCheckMs);
    connect(storeCheck_, &QTimer::timeout, this, &Server::checkStore);
}

void Server::closeRevokedStreams() {
    for (auto& [socket, client] : clients_) {
        if (!client->who || client->dropped || !client->socket) continue;
        if (tokens_.isValid(client->who->id)) continue;
        qInfo("houbud: stream of token %s closed: the token was revoked",
              qPrintable(client->who->id));
        client->live = false;
        client->socket->close(QWebSocketProtocol::CloseCodePolicyViolated, u"token revoked"_s);
    }
}

Server::~Server() {
    if (thread_) {
        if (writer_)
            QMetaObject::invokeMethod(
                writer_, [w = writer_] { w->store.reset(); }, Qt::BlockingQueuedConnection);
        thread_->quit();
        thread_->wait();
    }
    clients_.clear();
}

bool Server::start(QString& error) {
    if (options_.store.location.isEmpty()) {
        error = u"no store: give --store PATH or postgresql://..."_s;
        return false;
    }
    if (tokens_.path().isEmpty()) {
        error = u"no token file: give --tokens FILE (needed with a PostgreSQL store)"_s;
        return false;
    }
    if (options_.group < 1) options_.group = 1;
    // A failed transaction is held and retried: the server goes read-only
    // meanwhile instead of losing or refusing what it was asked.
    // (A follower commits nothing until it is promoted; then it is a writer.)
    options_.store.retryFailedCommits = true;
    options_.store.follow = options_.follow;
    // A Qt Sql connection belongs to the thread that opened it: the store is
    // opened, used and closed on the writer thread.
    thread_ = new QThread(this);
    thread_->setObjectName(u"houbud-writer"_s);
    writer_ = new Writer;
    writer_->moveToThread(thread_);
    connect(thread_, &QThread::finished, writer_, &QObject::deleteLater);
    thread_->start();
    bool opened = false;
    QMetaObject::invokeMethod(
        writer_,
        [&] {
            writer_->store = Store::open(options_.store, error);
            opened = writer_->store != nullptr;
            if (opened) {
                store_ = writer_->store.get();
                lastSeq_ = writer_->lastSeq();
                journalLength_ = writer_->store->journalLength();
            }
        },
        Qt::BlockingQueuedConnection);
    if (!opened) return false;

    std::optional<QSslConfiguration> tls;
    if (!options_.tlsCertificate.isEmpty() || !options_.tlsKey.isEmpty()) {
        const auto certs = QSslCertificate::fromPath(options_.tlsCertificate, QSsl::Pem);
        if (certs.isEmpty()) {
            error = u"cannot read a PEM certificate from '%1'"_s.arg(options_.tlsCertificate);
            return false;
        }
        QFile keyFile(options_.tlsKey);
        if (!keyFile.open(QIODevice::ReadOnly)) {
            error =
                u"cannot read the TLS key '%1': %2"_s.arg(options_.tlsKey, keyFile.errorString());
            return false;
        }
        const QByteArray pem = keyFile.readAll();
        QSslKey key;
        for (auto algorithm : {QSsl::Rsa, QSsl::Ec}) {
            key = QSslKey(pem, algorithm, QSsl::Pem);
            if (!key.isNull()) break;
        }
        if (key.isNull()) {
            error = u"'%1' is not an unencrypted PEM RSA or EC private key"_s.arg(options_.tlsKey);
            return false;
        }
        QSslConfiguration conf;
        conf.setLocalCertificate(certs.first());
        conf.setPrivateKey(key);
        conf.setProtocol(QSsl::SecureProtocols);
        tls = conf;
        tls_ = true;
    }

    // Each connection is a file descriptor; out of them, accept() fails.
    rlimit files{};
    if (::getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < files.rlim_max) {
        files.rlim_cur = files.rlim_max;
        ::setrlimit(RLIMIT_NOFILE, &files);
        ::getrlimit(RLIMIT_NOFILE, &files);
    }
    constexpr int kOwnFiles = 64;  // the store, its journal, the token file, Qt's own
    if (files.rlim_cur != RLIM_INFINITY &&
        static_cast<rlim_t>(options_.maxConnections + kOwnFiles) > files.rlim_cur) {
        error = u"max_connections %1 needs %2 file descriptors; this process may open %3"_s
                    .arg(options_.maxConnections)
                    .arg(options_.maxConnections + kOwnFiles)
                    .arg(static_cast<qulonglong>(files.rlim_cur));
        return false;
    }

    ConnectionLimits limits;
    limits.maxUrlBytes = options_.maxUrlBytes;
    limits.maxHeaderBytes = options_.maxHeaderBytes;
    limits.maxHeaders = std::min(options_.maxHeaders, kMostHeaders);
    limits.maxBody = options_.maxBody;
    limits.maxConnections = options_.maxConnections;
    limits.maxConnectionsPerClient = options_.maxConnectionsPerClient;
    limits.firstByteTimeoutMs = options_.firstByteTimeoutMs;
    limits.readTimeoutMs = options_.readTimeoutMs;
    limits.requestTimeoutMs = options_.requestTimeoutMs;
    limits.idleTimeoutMs = options_.idleTimeoutMs;
    GuardedListener::Hooks hooks;
    hooks.refusal = [](int status, const QString& message) {
        Reply r = Server::error(status, message);
        r.close = true;
        return encode(r);
    };
    hooks.log = [this](int status, const QString& text) { refusals_->refused(status, text); };
    // An address whose refusals are spent is not even read from.
    hooks.admit = [this](const QString& client) {
        return refusalLimiter_->allowed(client, QDateTime::currentMSecsSinceEpoch());
    };
    hooks.refused = [this](const QString& client, int status) {
        if (status >= 400 && status < 500)
            refusalLimiter_->refused(client, QDateTime::currentMSecsSinceEpoch());
    };
    listener_ = new GuardedListener(limits, tls, std::move(hooks), this);
    if (!listener_->listen(options_.address, options_.port)) {
        error = u"cannot listen on %1:%2: %3"_s.arg(options_.address.toString())
                    .arg(options_.port)
                    .arg(listener_->errorString());
        return false;
    }
    port_ = listener_->serverPort();
    announceAddress();
    if (options_.follow) {
        // The writer's journal is polled on the writer thread, between reads.
        QMetaObject::invokeMethod(
            writer_, [this] { startFollowing(); }, Qt::BlockingQueuedConnection);
    } else {
        storeCheck_->start();
        QMetaObject::invokeMethod(writer_, [this] { startHeartbeat(); });
    }
    bind(listener_);
    if (!options_.portFile.isEmpty()) {
        QFile pf(options_.portFile);
        if (pf.open(QIODevice::WriteOnly | QIODevice::Truncate))
            pf.write(QByteArray::number(port_) + '\n');
    }
    qInfo("houbud: listening on %s://%s:%u, %s %s, %lld commands in the journal",
          tls_ ? "https" : "http", qPrintable(options_.address.toString()), port_,
          options_.follow ? "following the store" : "store",
          qPrintable(options_.store.location.startsWith("postgres"_L1)
                         ? QUrl(options_.store.location).toDisplayString(QUrl::RemovePassword)
                         : options_.store.location),
          static_cast<long long>(journalLength_));
    return true;
}
// ---- answering -----------------------------------------------------------------------

Server::Slot Server::reserve(QTcpSocket* socket) {
    Slot slot;
    HttpConnection* c = listener_ ? listener_->connectionOf(socket) : nullptr;
    if (!c) {
        socket->disconnectFromHost();
        return slot;
    }
    const auto [index, head] = c->deliver();
    slot.connection = c;
    slot.index = index;
    slot.close = head.close;
    slot.keepAlive10 = head.keepAlive10;
    return slot;
}

int Server::openConnections() const {
    return listener_ ? listener_->open() : 0;
}

Server::Reply Server::error(int status, const QString& message) {
    Reply r;
    r.status = status;
    r.body = compact(QJsonObject{{"error"_L1, QString::fromLatin1(reason(status))},
                                 {"status"_L1, status},
                                 {"message"_L1, message}});
    return r;
}

QByteArray Server::encode(const Reply& r) {
    QByteArray head = "HTTP/1.1 " + QByteArray::number(r.status) + ' ' + reason(r.status) +
                      "\r\nContent-Type: " + r.contentType +
                      "\r\nContent-Length: " + QByteArray::number(r.body.size()) + "\r\n";
    for (const auto& [k, v] : r.headers)
        head += k + ": " + v + "\r\n";
    if (r.close) head += "Connection: close\r\n";
    head += "\r\n";
    return r.omitBody ? head : head + r.body;
}

void Server::respond(const Slot& slot, Reply reply) {
    HttpConnection* c = slot.connection.data();
    if (!c) return;
    if (slot.close) reply.close = true;
    if (slot.noBody) reply.omitBody = true;
    if (slot.keepAlive10 && !reply.close)
        reply.headers.append(std::pair<QByteArray, QByteArray>("Connection", "keep-alive"));
    c->answer(slot.index, encode(reply), reply.close);
}

// ---- shutting down --------------------------------------------------------------------------

void Server::shutdown() {
    if (stopping_) return;
    stopping_ = true;
    qInfo("houbud: stopping: no new connections; answering the %lld requests received",
          static_cast<long long>(outstanding_));
    for (QTcpServer* s : servers())
        s->close();
    // A group held while the store is down fails now ("nothing applied"):
    // stopping does not wait for the database.
    if (store_) store_->stopRetrying();
    releaseWaitingReads();  // refused: the events they wait for will not come here
    maybeFinish();
}

void Server::maybeFinish() {
    if (finished_ || outstanding_ > 0) return;
    finished_ = true;
    QList<QPointer<QWebSocket>> streams;
    for (auto& [ws, client] : clients_)
        streams << client->socket;
    for (const auto& ws : streams)
        if (ws) ws->close(QWebSocketProtocol::CloseCodeGoingAway, u"server stopping"_s);
    // Everything answered has been committed; close the store on its thread.
    QMetaObject::invokeMethod(
        writer_,
        [w = writer_] {
            w->store.reset();
            if (w->groups > 0)
                qInfo("houbud: %lld commands in %lld groups (%.1f per group, %.2f ms per group)",
                      static_cast<long long>(w->commands), static_cast<long long>(w->groups),
                      double(w->commands) / double(w->groups),
                      double(w->applyNs) / 1e6 / double(w->groups));
        },
        Qt::BlockingQueuedConnection);
    thread_->quit();
    thread_->wait();
    thread_ = nullptr;
    writer_ = nullptr;
    store_ = nullptr;
    storeCheck_->stop();
    qInfo("houbud: stopped; journal holds %lld commands", static_cast<long long>(journalLength_));
    // Give the sockets a moment to send the last answers.
    QTimer::singleShot(100, this, &Server::stopped);
}

}  // namespace houbu
