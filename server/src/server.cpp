#include "houbu/server.h"

#include <sys/resource.h>

#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
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
#include <algorithm>
#include <cctype>
#include <cmath>
#include <mutex>
#include <set>

#include "connection_guard.h"
#include "houbu/precheck.h"
#include "houbu/view_json.h"
#include "refusal_log.h"

namespace houbu {

using namespace Qt::StringLiterals;

namespace {

QByteArray reason(int status) {
    switch (status) {
        case 200:
            return "OK";
        case 400:
            return "Bad Request";
        case 401:
            return "Unauthorized";
        case 403:
            return "Forbidden";
        case 404:
            return "Not Found";
        case 405:
            return "Method Not Allowed";
        case 408:
            return "Request Timeout";
        case 409:
            return "Conflict";
        case 411:
            return "Length Required";
        case 413:
            return "Content Too Large";
        case 414:
            return "URI Too Long";
        case 417:
            return "Expectation Failed";
        case 429:
            return "Too Many Requests";
        case 431:
            return "Request Header Fields Too Large";
        case 503:
            return "Service Unavailable";
        case 505:
            return "HTTP Version Not Supported";
        default:
            return "Internal Server Error";
    }
}

QByteArray compact(const QJsonObject& o) {
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}
QByteArray compact(const QJsonArray& a) {
    return QJsonDocument(a).toJson(QJsonDocument::Compact);
}

// The seq of one event line ({"seq":N,...}); 0 when absent.
qint64 seqOf(QByteArrayView line) {
    constexpr QByteArrayView prefix("{\"seq\":");
    if (!line.startsWith(prefix)) return 0;
    qint64 seq = 0;
    for (qsizetype i = prefix.size(); i < line.size() && line[i] >= '0' && line[i] <= '9'; ++i)
        seq = seq * 10 + (line[i] - '0');
    return seq;
}

// JSON Lines -> the body of a JSON array ("a,b,c"), keeping only events after `after`.
QByteArray joinEvents(QByteArrayView lines, qint64 after, qint64* last = nullptr,
                      char separator = ',') {
    QByteArray out;
    out.reserve(lines.size() + 2);
    qsizetype at = 0;
    while (at < lines.size()) {
        qsizetype end = lines.indexOf('\n', at);
        if (end < 0) end = lines.size();
        const QByteArrayView line = lines.sliced(at, end - at);
        if (!line.isEmpty()) {
            const qint64 seq = seqOf(line);
            if (seq > after) {
                if (!out.isEmpty()) out += separator;
                out.append(line.data(), line.size());
                if (last) *last = seq;
            }
        }
        at = end + 1;
    }
    return out;
}

// Unsent bytes of a stream: a catching-up client gets its next page below
// kCatchUpBytes; a live client above kSlowClientBytes is closed.
constexpr qint64 kCatchUpBytes = 4 << 20;
constexpr qint64 kSlowClientBytes = 64 << 20;
// Idempotency-Key: long enough for a UUID or a client's own scheme.
constexpr qsizetype kMaxRequestKey = 128;

// A stream message of events: this line, then one event per line, exactly as
// the engine printed them.
constexpr QByteArrayView kEventsHeader = "{\"type\":\"events\"}\n";

// A journal row as an admin reads it (/events, the stream): who sent the
// command whose events these are, and when it was journaled.
QJsonObject journalRow(qint64 seq, qint64 firstEvent, int eventCount, const Author& author,
                       qint64 journaledAtMs) {
    return {
        {"seq"_L1, seq},
        {"first_event"_L1, firstEvent},
        {"event_count"_L1, eventCount},
        {"author"_L1,
         QJsonObject{{"name"_L1, author.name}, {"role"_L1, author.role}, {"host"_L1, author.host}}},
        {"journaled_at"_L1, journaledAtMs > 0
                                ? QJsonValue(QDateTime::fromMSecsSinceEpoch(journaledAtMs, Qt::UTC)
                                                 .toString(Qt::ISODateWithMs))
                                : QJsonValue()}};
}

// The journal rows whose commands produced the events after `after` up to `last`.
bool journalRows(Store& store, qint64 after, qint64 last, QJsonArray& rows, QString& message) {
    return store.readJournal(
        store.journalRowOfEvent(after + 1),
        [&](const JournalEntry& e) {
            if (e.firstEvent > last) return false;
            rows.append(journalRow(e.seq, e.firstEvent, e.eventCount, e.author, e.journaledAtMs));
            return true;
        },
        message);
}

// The stream's header for an admin: the events and the journal rows behind them.
QByteArray eventsHeaderWith(const QJsonArray& journal) {
    return compact(QJsonObject{{"type"_L1, u"events"_s}, {"journal"_L1, journal}}) + '\n';
}

QString peer(const QHttpServerRequest& request) {
    return request.remoteAddress().toString();
}

QString methodName(const QHttpServerRequest& request) {
    switch (request.method()) {
        case QHttpServerRequest::Method::Get:
            return u"GET"_s;
        case QHttpServerRequest::Method::Post:
            return u"POST"_s;
        case QHttpServerRequest::Method::Delete:
            return u"DELETE"_s;
        default:
            return u"other"_s;
    }
}

}  // namespace

// ---- configuration ----------------------------------------------------------

bool parseListen(const QString& text, QHostAddress& address, quint16& port) {
    const qsizetype colon = text.lastIndexOf(u':');
    if (colon < 0) return false;
    QString host = text.left(colon);
    if (host.startsWith(u'[') && host.endsWith(u']')) host = host.mid(1, host.size() - 2);
    bool ok = false;
    const uint p = text.mid(colon + 1).toUInt(&ok);
    if (!ok || p > 65535) return false;
    if (host.isEmpty() || host == "*"_L1) {
        address = QHostAddress::Any;
    } else if (host == "localhost"_L1) {
        address = QHostAddress::LocalHost;
    } else if (!address.setAddress(host)) {
        return false;
    }
    port = static_cast<quint16>(p);
    return true;
}

QString tokensPathFor(const ServerOptions& options) {
    if (!options.tokensPath.isEmpty()) return options.tokensPath;
    const QString loc = options.store.location;
    if (loc.isEmpty() || loc.startsWith("postgres"_L1)) return QString();
    return loc + u".tokens"_s;
}

bool loadConfig(const QString& path, ServerOptions& o, QString& error) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        error = u"cannot read the configuration %1: %2"_s.arg(path, f.errorString());
        return false;
    }
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
        error = u"the configuration %1 is not a JSON object: %2"_s.arg(path, pe.errorString());
        return false;
    }
    const QJsonObject c = doc.object();
    static const QStringList known = {u"listen"_s,
                                      u"store"_s,
                                      u"tokens"_s,
                                      u"tls_cert"_s,
                                      u"tls_key"_s,
                                      u"max_body"_s,
                                      u"max_commands"_s,
                                      u"rate"_s,
                                      u"burst"_s,
                                      u"group"_s,
                                      u"snapshot_every"_s,
                                      u"max_url"_s,
                                      u"max_header_bytes"_s,
                                      u"max_headers"_s,
                                      u"max_connections"_s,
                                      u"max_connections_per_client"_s,
                                      u"first_byte_timeout"_s,
                                      u"read_timeout"_s,
                                      u"request_timeout"_s,
                                      u"idle_timeout"_s};
    for (const QString& key : c.keys()) {
        if (!known.contains(key)) {
            error = u"the configuration %1 has an unknown key '%2'"_s.arg(path, key);
            return false;
        }
    }
    // Relative paths are relative to the configuration file.
    const QString base = QFileInfo(path).absolutePath();
    auto file = [&](const QString& p) -> QString {
        return QFileInfo(p).isAbsolute() ? p : base + u'/' + p;
    };
    if (c.contains("listen"_L1) &&
        !parseListen(c.value("listen"_L1).toString(), o.address, o.port)) {
        error = u"the configuration %1: 'listen' must be ADDRESS:PORT"_s.arg(path);
        return false;
    }
    if (c.contains("store"_L1)) {
        const QString s = c.value("store"_L1).toString();
        o.store.location = s.startsWith("postgres"_L1) ? s : file(s);
    }
    if (c.contains("tokens"_L1)) o.tokensPath = file(c.value("tokens"_L1).toString());
    if (c.contains("tls_cert"_L1)) o.tlsCertificate = file(c.value("tls_cert"_L1).toString());
    if (c.contains("tls_key"_L1)) o.tlsKey = file(c.value("tls_key"_L1).toString());
    if (c.contains("max_body"_L1)) o.maxBody = c.value("max_body"_L1).toInteger(o.maxBody);
    if (c.contains("max_commands"_L1)) o.maxCommands = c.value("max_commands"_L1).toInt();
    if (c.contains("rate"_L1)) o.rate = c.value("rate"_L1).toDouble();
    if (c.contains("burst"_L1)) o.burst = c.value("burst"_L1).toDouble();
    if (c.contains("group"_L1)) o.group = c.value("group"_L1).toInt(o.group);
    if (c.contains("snapshot_every"_L1))
        o.store.snapshotEvery = c.value("snapshot_every"_L1).toInt(o.store.snapshotEvery);
    // Counts and sizes must be positive integers, timeouts positive seconds.
    auto count = [&](const char* key, auto& field, qint64 most) {
        const QLatin1StringView k(key);
        if (!c.contains(k)) return true;
        const qint64 v = c.value(k).toInteger(-1);
        if (v < 1 || v > most) {
            error = u"the configuration %1: '%2' must be a whole number from 1 to %3"_s.arg(
                path, k, QString::number(most));
            return false;
        }
        field = static_cast<std::remove_reference_t<decltype(field)>>(v);
        return true;
    };
    auto seconds = [&](const char* key, int& ms) {
        const QLatin1StringView k(key);
        if (!c.contains(k)) return true;
        const double v = c.value(k).toDouble(-1);
        if (!(v > 0 && v <= 86400)) {
            error = u"the configuration %1: '%2' must be seconds above 0"_s.arg(path, k);
            return false;
        }
        ms = static_cast<int>(std::ceil(v * 1000));
        return true;
    };
    return count("max_url", o.maxUrlBytes, 1 << 20) &&
           count("max_header_bytes", o.maxHeaderBytes, 1 << 20) &&
           count("max_headers", o.maxHeaders, kMostHeaders) &&
           count("max_connections", o.maxConnections, 1 << 20) &&
           count("max_connections_per_client", o.maxConnectionsPerClient, 1 << 20) &&
           seconds("first_byte_timeout", o.firstByteTimeoutMs) &&
           seconds("read_timeout", o.readTimeoutMs) &&
           seconds("request_timeout", o.requestTimeoutMs) &&
           seconds("idle_timeout", o.idleTimeoutMs);
}

// ---- the writer thread ----------------------------------------------------------

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

    QByteArray snapshot(const std::string& focusTrain, const std::string& focusDate) {
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
            o.insert("queues"_L1, toJsonArray(e.queues(train, date)));
            o.insert("standing_tickets"_L1, toJsonArray(e.standingTickets(train, date)));
        }
        return compact(o);
    }
};

// ---- the server -------------------------------------------------------------------

struct Server::StreamClient {
    QPointer<QWebSocket> socket;
    std::optional<TokenInfo> who;
    qint64 sentUpTo = 0;
    bool live = false;
    bool dropped = false;
};

Server::Server(ServerOptions options, QObject* parent)
    : QAbstractHttpServer(parent),
      options_(std::move(options)),
      tokens_(tokensPathFor(options_)),
      refusals_(new RefusalLog(this)),
      tokenCheck_(new QTimer(this)) {
    connect(this, &QAbstractHttpServer::newWebSocketConnection, this, &Server::onWebSocket);
    // `houbud token revoke` changes the file while streams are open.
    tokenCheck_->setInterval(1000);
    connect(tokenCheck_, &QTimer::timeout, this, [this] {
        if (tokens_.refresh()) closeRevokedStreams();
    });
    tokenCheck_->start();
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
    listener_ = new GuardedListener(limits, tls, std::move(hooks), this);
    if (!listener_->listen(options_.address, options_.port)) {
        error = u"cannot listen on %1:%2: %3"_s.arg(options_.address.toString())
                    .arg(options_.port)
                    .arg(listener_->errorString());
        return false;
    }
    port_ = listener_->serverPort();
    bind(listener_);
    if (!options_.portFile.isEmpty()) {
        QFile pf(options_.portFile);
        if (pf.open(QIODevice::WriteOnly | QIODevice::Truncate))
            pf.write(QByteArray::number(port_) + '\n');
    }
    qInfo("houbud: listening on %s://%s:%u, store %s, %lld commands in the journal",
          tls_ ? "https" : "http", qPrintable(options_.address.toString()), port_,
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

bool Server::takeToken(const TokenInfo& token, Reply& refusal) {
    if (options_.rate <= 0) return true;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    auto [it, fresh] = buckets_.try_emplace(token.id);
    Bucket& b = it->second;
    if (fresh) {
        b.tokens = options_.burst;
    } else {
        b.tokens = std::min(options_.burst, b.tokens + (now - b.stampMs) * options_.rate / 1000.0);
    }
    b.stampMs = now;
    if (b.tokens >= 1) {
        b.tokens -= 1;
        return true;
    }
    const auto wait = static_cast<int>(std::ceil((1 - b.tokens) / options_.rate));
    refusal = error(429,
                    u"rate limit of %1 requests per second for this token exceeded; retry "
                    u"after %2 s"_s.arg(options_.rate)
                        .arg(std::max(1, wait)));
    refusal.headers.append(
        std::pair<QByteArray, QByteArray>("Retry-After", QByteArray::number(std::max(1, wait))));
    return false;
}

std::optional<TokenInfo> Server::authorize(const QHttpServerRequest& request, Role needed,
                                           Reply& refusal) {
    const QByteArray header = request.value("Authorization");
    if (header.isEmpty()) {
        refusal = error(401, u"missing bearer token (Authorization: Bearer ...)"_s);
        refusal.headers.append(std::pair<QByteArray, QByteArray>("WWW-Authenticate", "Bearer"));
        return std::nullopt;
    }
    // The scheme's name is case-insensitive (RFC 9110 11.1).
    if (header.size() < 7 || qstrnicmp(header.constData(), "bearer ", 7) != 0) {
        refusal = error(401, u"the Authorization header must be 'Bearer TOKEN'"_s);
        refusal.headers.append(std::pair<QByteArray, QByteArray>("WWW-Authenticate", "Bearer"));
        return std::nullopt;
    }
    const auto who = tokens_.authenticate(header.mid(7).trimmed());
    if (!who) {
        refusal = error(401, u"unknown or revoked token"_s);
        refusal.headers.append(std::pair<QByteArray, QByteArray>("WWW-Authenticate",
                                                                 "Bearer error=\"invalid_token\""));
        return std::nullopt;
    }
    if (static_cast<int>(who->role) < static_cast<int>(needed)) {
        refusal = error(403, u"token %1 has the role %2; this needs %3"_s.arg(
                                 who->id, roleName(who->role), roleName(needed)));
        return std::nullopt;
    }
    if (!takeToken(*who, refusal)) return std::nullopt;
    return who;
}

void Server::missingHandler(const QHttpServerRequest& request, QTcpSocket* socket) {
    respond(reserve(socket), error(404, u"no such endpoint: %1"_s.arg(request.url().path())));
}

bool Server::handleRequest(const QHttpServerRequest& request, QTcpSocket* socket) {
    const QString path = request.url().path(QUrl::FullyDecoded);
    // Qt 6.4 upgrades a WebSocket request when the handler accepts it and writes
    // nothing; the client authenticates in its first message.
    if (request.value("Upgrade").compare("websocket", Qt::CaseInsensitive) == 0)
        return path == "/api/v1/stream"_L1 && !stopping_;
    Slot slot = reserve(socket);
    const auto method = request.method();
    slot.noBody = method == QHttpServerRequest::Method::Head;
    auto refuse = [&](Reply r) {
        if (r.status != 429)
            refusals_->refused(
                r.status,
                methodName(request) + u' ' + path + u" from "_s + peer(request) + u": "_s +
                    QJsonDocument::fromJson(r.body).object().value("message"_L1).toString());
        respond(slot, std::move(r));
        return true;
    };
    if (stopping_) {
        Reply r = error(503, u"the server is shutting down"_s);
        r.close = true;
        return refuse(std::move(r));
    }
    if (path == "/health"_L1 &&
        (method == QHttpServerRequest::Method::Get || method == QHttpServerRequest::Method::Head)) {
        Reply r;
        r.body = compact(QJsonObject{{"status"_L1, u"ok"_s},
                                     {"last_seq"_L1, lastSeq_},
                                     {"journal_length"_L1, journalLength_},
                                     {"tls"_L1, tls_}});
        respond(slot, std::move(r));
        return true;
    }
    if (!path.startsWith("/api/v1/"_L1))
        return refuse(error(404, u"no such endpoint: %1"_s.arg(path)));
    Reply refusal;
    if (method == QHttpServerRequest::Method::Post) {
        if (path != "/api/v1/commands"_L1 && path != "/api/v1/precheck"_L1)
            return refuse(error(404, u"no such endpoint: POST %1"_s.arg(path)));
        const auto who = authorize(request, Role::Dispatcher, refusal);
        if (!who) return refuse(std::move(refusal));
        if (path == "/api/v1/precheck"_L1)
            handlePrecheck(request, slot);
        else
            handlePost(request, slot, *who);
        return true;
    }
    if (method == QHttpServerRequest::Method::Delete) {
        if (!path.startsWith("/api/v1/tokens/"_L1))
            return refuse(error(404, u"no such endpoint: DELETE %1"_s.arg(path)));
        const auto who = authorize(request, Role::Admin, refusal);
        if (!who) return refuse(std::move(refusal));
        TokenInfo revoked;
        QString message;
        if (!tokens_.revoke(path.mid(15), revoked, message)) return refuse(error(404, message));
        qInfo("houbud: token %s (%s) revoked by token %s", qPrintable(revoked.id),
              qPrintable(loggable(revoked.name)), qPrintable(who->id));
        closeRevokedStreams();
        Reply r;
        r.body = compact(QJsonObject{{"id"_L1, revoked.id}, {"revoked"_L1, true}});
        respond(slot, std::move(r));
        return true;
    }
    if (method != QHttpServerRequest::Method::Get && method != QHttpServerRequest::Method::Head) {
        Reply r = error(405, u"method not allowed: use GET, HEAD, POST or DELETE"_s);
        r.headers.append(std::pair<QByteArray, QByteArray>("Allow", "GET, HEAD, POST, DELETE"));
        return refuse(std::move(r));
    }
    const bool tokensList = path == "/api/v1/tokens"_L1;
    const auto who = authorize(request, tokensList ? Role::Admin : Role::Viewer, refusal);
    if (!who) return refuse(std::move(refusal));
    handleGet(request, slot, *who);
    return true;
}

void Server::handleGet(const QHttpServerRequest& request, const Slot& slot, const TokenInfo& who) {
    const QString path = request.url().path(QUrl::FullyDecoded);
    const QUrlQuery query = request.query();
    if (path == "/api/v1/whoami"_L1) {
        Reply r;
        r.body = compact(QJsonObject{{"id"_L1, who.id},
                                     {"name"_L1, who.name},
                                     {"role"_L1, roleName(who.role)},
                                     {"last_seq"_L1, lastSeq_}});
        respond(slot, std::move(r));
        return;
    }
    if (path == "/api/v1/tokens"_L1) {
        QList<TokenInfo> list;
        QString message;
        if (!tokens_.list(list, message)) {
            respond(slot, error(500, message));
            return;
        }
        QJsonArray a;
        for (const TokenInfo& t : list)
            a.append(QJsonObject{{"id"_L1, t.id},
                                 {"name"_L1, t.name},
                                 {"role"_L1, roleName(t.role)},
                                 {"created"_L1, t.created.toString(Qt::ISODate)},
                                 {"revoked"_L1, t.revoked}});
        Reply r;
        r.body = compact(QJsonObject{{"tokens"_L1, a}});
        respond(slot, std::move(r));
        return;
    }

    // Everything else reads engine state or the journal on the writer thread.
    std::function<Reply(Writer&)> job;
    const QStringList parts = path.mid(8).split(u'/');  // after "/api/v1/"
    const int page = options_.eventsPage;
    auto badNumber = [&](const QString& key, qint64& value, qint64 fallback) {
        value = fallback;
        if (!query.hasQueryItem(key)) return false;
        bool ok = false;
        value = query.queryItemValue(key).toLongLong(&ok);
        return !ok || value < 0;
    };
    if (parts.size() == 1 && parts[0] == "events"_L1) {
        qint64 after = 0, limit = page;
        if (badNumber(u"after"_s, after, 0) || badNumber(u"limit"_s, limit, page)) {
            respond(slot, error(400, u"'after' and 'limit' must be non-negative integers"_s));
            return;
        }
        limit = std::min<qint64>(limit, page);
        // One order's or one run's events: re-derived from its part of the
        // journal; `next_after` says where the next page starts.
        EventFilter filter;
        filter.order = query.queryItemValue(u"order"_s, QUrl::FullyDecoded);
        filter.train = query.queryItemValue(u"train"_s, QUrl::FullyDecoded);
        filter.date = query.queryItemValue(u"date"_s, QUrl::FullyDecoded);
        if (!filter.order.isEmpty() || !filter.train.isEmpty() || !filter.date.isEmpty()) {
            if (filter.order.isEmpty() == (filter.train.isEmpty() || filter.date.isEmpty())) {
                respond(slot, error(400, u"give either 'order', or 'train' and 'date'"_s));
                return;
            }
            job = [after, limit, filter](Writer& w) {
                QByteArray lines;
                QString message;
                qint64 scanned = after;
                if (!w.store->readEventsOf(filter, after, static_cast<int>(limit), lines, scanned,
                                           message))
                    return error(503, message);
                qint64 last = after;
                const QByteArray list = joinEvents(lines, after, &last);
                Reply r;
                r.body = "{\"after\":" + QByteArray::number(after) +
                         ",\"last_seq\":" + QByteArray::number(w.lastSeq()) +
                         ",\"next_after\":" + QByteArray::number(std::max(last, scanned)) +
                         ",\"events\":[" + list + "]}";
                return r;
            };
        } else {
            // Who sent what is for audits: admins see the journal rows behind the page.
            const bool authors = who.role == Role::Admin;
            job = [after, limit, authors](Writer& w) {
                QByteArray lines;
                QString message;
                if (!w.events(after, static_cast<int>(limit), lines, message))
                    return error(503, message);
                qint64 last = after;
                const QByteArray list = joinEvents(lines, after, &last);
                QByteArray journal;
                if (authors && last > after) {
                    QJsonArray rows;
                    if (!journalRows(*w.store, after, last, rows, message))
                        return error(503, message);
                    journal = ",\"journal\":" + QJsonDocument(rows).toJson(QJsonDocument::Compact);
                }
                Reply r;
                r.body = "{\"after\":" + QByteArray::number(after) +
                         ",\"last_seq\":" + QByteArray::number(w.lastSeq()) +
                         ",\"next_after\":" + QByteArray::number(last) + ",\"events\":[" + list +
                         "]" + journal + "}";
                return r;
            };
        }
    } else if (parts.size() == 1 && parts[0] == "snapshot"_L1) {
        const std::string train =
            query.queryItemValue(u"train"_s, QUrl::FullyDecoded).toStdString();
        const std::string date = query.queryItemValue(u"date"_s, QUrl::FullyDecoded).toStdString();
        job = [train, date](Writer& w) {
            Reply r;
            r.body = w.snapshot(train, date);
            return r;
        };
    } else if (parts.size() == 1 && parts[0] == "runs"_L1) {
        job = [](Writer& w) {
            Reply r;
            r.body = compact(toJsonArray(w.store->engine().runSummaries()));
            return r;
        };
    } else if (parts.size() >= 3 && parts.size() <= 4 && parts[0] == "runs"_L1) {
        const std::string train = parts[1].toStdString(), date = parts[2].toStdString();
        const QString what = parts.size() == 4 ? parts[3] : QString();
        if (!what.isEmpty() && what != "seats"_L1 && what != "queues"_L1) {
            respond(slot, error(404, u"no such endpoint: %1"_s.arg(path)));
            return;
        }
        job = [train, date, what](Writer& w) {
            const Engine& e = w.store->engine();
            RunView view;
            if (!e.run(train, date, view))
                return error(404, u"no train run %1 on %2"_s.arg(QString::fromStdString(train),
                                                                 QString::fromStdString(date)));
            Reply r;
            if (what.isEmpty())
                r.body = compact(toJson(view));
            else if (what == "seats"_L1)
                r.body = compact(toJsonArray(e.seats(train, date)));
            else
                r.body = compact(toJsonArray(e.queues(train, date)));
            return r;
        };
    } else if (parts.size() == 3 && parts[0] == "orders"_L1 && parts[2] == "why"_L1) {
        const std::string id = parts[1].toStdString();
        job = [id](Writer& w) {
            Reply r;
            r.body = compact(toJsonArray(w.store->engine().whyWaiting(id)));
            return r;
        };
    } else {
        respond(slot, error(404, u"no such endpoint: %1"_s.arg(path)));
        return;
    }
    QMetaObject::invokeMethod(writer_, [this, w = writer_, slot, job = std::move(job)] {
        Reply r = job(*w);
        QMetaObject::invokeMethod(
            this, [this, slot, r = std::move(r)]() mutable { respond(slot, std::move(r)); });
    });
}

// ---- commands -----------------------------------------------------------------------------

void Server::handlePrecheck(const QHttpServerRequest& request, const Slot& slot) {
    const QByteArray line = request.body().trimmed();
    // One command: a dialog asks before it sends, so a line is all it needs.
    if (line.size() > options_.maxBody || line.contains('\n')) {
        respond(slot, error(400, u"precheck takes one command line of at most %1 bytes"_s.arg(
                                     options_.maxBody)));
        return;
    }
    QMetaObject::invokeMethod(writer_, [this, w = writer_, slot, line] {
        const ParsedLine parsed = parseCommandLine(line);
        QJsonObject answer;
        if (!parsed.command) {
            answer =
                QJsonObject{{"accepted"_L1, false},
                            {"duplicate"_L1, false},
                            {"code"_L1, QString::fromLatin1(errorCodeName(ErrorCode::BadCommand))},
                            {"message"_L1, parsed.error}};
        } else {
            const Precheck p = w->store->engine().precheck(*parsed.command);
            answer = QJsonObject{
                {"accepted"_L1, p.accepted()},
                {"duplicate"_L1, p.duplicate},
                {"code"_L1,
                 p.error ? QJsonValue(QString::fromLatin1(errorCodeName(*p.error))) : QJsonValue()},
                {"message"_L1, QString::fromStdString(p.message)},
                {"waitlist"_L1, p.waitlistHint}};
        }
        answer.insert("last_seq"_L1, w->lastSeq());
        Reply r;
        r.body = compact(answer);
        QMetaObject::invokeMethod(
            this, [this, slot, r = std::move(r)]() mutable { respond(slot, std::move(r)); });
    });
}

void Server::handlePost(const QHttpServerRequest& request, const Slot& slot, const TokenInfo& who) {
    const QByteArray body = request.body();
    if (body.size() > options_.maxBody) {
        Reply r = error(413, u"the request body has %1 bytes; the limit is %2"_s.arg(body.size())
                                 .arg(options_.maxBody));
        r.close = true;
        respond(slot, std::move(r));
        return;
    }
    PendingPost post;
    post.slot = slot;
    post.author = {who.name, roleName(who.role), request.remoteAddress().toString()};
    post.ndjson = request.value("Accept").contains("application/x-ndjson");
    // A client that lost an answer resends with the same key and is told
    // what its first sending did, instead of having it applied twice.
    const QByteArray key = request.value("Idempotency-Key");
    if (!key.isEmpty()) {
        const bool wellFormed =
            key.size() <= kMaxRequestKey && std::all_of(key.begin(), key.end(), [](char c) {
                return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' ||
                       c == '.' || c == '~' || c == ':';
            });
        if (!wellFormed) {
            respond(slot, error(400,
                                u"the Idempotency-Key header must be 1 to %1 letters, "
                                u"digits and - _ . ~ :"_s.arg(kMaxRequestKey)));
            return;
        }
        post.request = who.id.toUtf8() + '/' + key;
    }
    const QByteArray trimmed = body.trimmed();
    if (trimmed.startsWith('[')) {
        QJsonParseError pe;
        const QJsonDocument doc = QJsonDocument::fromJson(trimmed, &pe);
        if (pe.error != QJsonParseError::NoError || !doc.isArray()) {
            respond(slot, error(400,
                                u"the body is not a valid JSON array of commands: %1 at "
                                u"offset %2"_s.arg(pe.errorString())
                                    .arg(pe.offset)));
            return;
        }
        const QJsonArray a = doc.array();
        for (qsizetype i = 0; i < a.size(); ++i) {
            if (!a[i].isObject()) {
                respond(
                    slot,
                    error(400, u"element %1 of the array is not a command object"_s.arg(i + 1)));
                return;
            }
            post.lines.append(compact(a[i].toObject()));
        }
    } else {
        for (const QByteArray& line : body.split('\n')) {
            const QByteArray t = line.trimmed();
            if (t.isEmpty() || t.startsWith('#')) continue;
            post.lines.append(t);
        }
    }
    if (post.lines.isEmpty()) {
        respond(slot, error(400, u"the request holds no command (JSON Lines or a JSON array)"_s));
        return;
    }
    if (post.lines.size() > options_.maxCommands) {
        Reply r =
            error(413, u"the request holds %1 commands; the limit is %2"_s.arg(post.lines.size())
                           .arg(options_.maxCommands));
        r.close = true;
        respond(slot, std::move(r));
        return;
    }
    // The writer takes, after each commit, everything that arrived meanwhile
    // (up to `group` commands) as its next group: batches grow with the load.
    bool schedule = false;
    {
        std::lock_guard lock(queueMutex_);
        queue_.push_back(std::move(post));
        schedule = !drainScheduled_;
        drainScheduled_ = true;
    }
    ++outstanding_;
    if (schedule) QMetaObject::invokeMethod(writer_, [this] { drain(); });
}

// On the writer thread.
void Server::drain() {
    QList<PendingPost> posts;
    {
        std::lock_guard lock(queueMutex_);
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
    const QJsonObject hello = QJsonDocument::fromJson(message).object();
    const QByteArray token = hello.value("token"_L1).toString().toUtf8();
    if (token.isEmpty()) return refuse(401, u"missing token in the hello message"_s);
    const auto who = tokens_.authenticate(token);
    if (!who) return refuse(401, u"unknown or revoked token"_s);
    Reply limited;
    if (!takeToken(*who, limited)) return refuse(429, u"rate limit exceeded"_s);
    const qint64 after = hello.value("after"_L1).toInteger(-1);
    if (after < 0) return refuse(400, u"'after' must be a non-negative event seq"_s);
    c->who = who;
    c->sentUpTo = after;
    c->socket->sendTextMessage(QString::fromUtf8(compact(QJsonObject{
        {"type"_L1, u"hello"_s}, {"role"_L1, roleName(who->role)}, {"last_seq"_L1, lastSeq_}})));
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

// ---- shutting down --------------------------------------------------------------------------

void Server::shutdown() {
    if (stopping_) return;
    stopping_ = true;
    qInfo("houbud: stopping: no new connections; answering the %lld requests received",
          static_cast<long long>(outstanding_));
    for (QTcpServer* s : servers())
        s->close();
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
    qInfo("houbud: stopped; journal holds %lld commands", static_cast<long long>(journalLength_));
    // Give the sockets a moment to send the last answers.
    QTimer::singleShot(100, this, &Server::stopped);
}

}  // namespace houbu
