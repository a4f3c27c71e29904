#pragma once
// houbud: the engine and its store behind an HTTP API (Qt HttpServer) and a
// WebSocket stream of events. docs/remote-api.md describes the wire format.
//
// Guarantees:
//  1. One writer: every command goes through one store on one thread. Commands
//     that arrive while a group is being committed form the next group (group
//     commit across requests, at most `group` commands).
//  2. A request is answered only after its group committed: every acknowledged
//     command is in the journal.
//  3. The event stream and GET /events read committed events only (the journal,
//     or its tail kept in memory): a client resuming after seq N gets N+1, N+2,
//     ... with no gap and no repeat, across server restarts.
//  4. No token, password or request body is ever written to the log: a token
//     appears as its public id.

#include <QAbstractHttpServer>
#include <QHostAddress>
#include <QJsonObject>
#include <QPointer>
#include <QString>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>

#include "houbu/store.h"
#include "houbu/tokens.h"

class QThread;
class QTcpSocket;
class QWebSocket;
class QTimer;

namespace houbu {
class RefusalLog;
class RefusalLimiter;
class GuardedListener;
class HttpConnection;
}  // namespace houbu

namespace houbu {

// Qt 6.4's header parser drops every header of a request with more fields.
constexpr int kMostHeaders = 100;

struct ServerOptions {
    QHostAddress address = QHostAddress::LocalHost;  // default 127.0.0.1
    quint16 port = 8480;                             // 0 = any free port
    StoreOptions store;                              // store.location is required
    QString tokensPath;      // default: the store's file + ".tokens" (SQLite)
    QString tlsCertificate;  // PEM; with tlsKey, serve HTTPS and WSS only
    QString tlsKey;
    qint64 maxBody = 1 << 20;  // bytes of one request body (413 beyond, before it is read)
    // Enforced under Qt HttpServer, on every byte before its parser reads it
    // (server/src/connection_guard.h); timeouts in milliseconds.
    qsizetype maxUrlBytes = 8192;       // request target (414 beyond)
    qsizetype maxHeaderBytes = 16384;   // header fields (431 beyond)
    int maxHeaders = 100;               // header fields (431 beyond); at most 100
    int maxConnections = 1000;          // open at once (503 or refused beyond)
    int maxConnectionsPerClient = 100;  // open at once from one address
    int firstByteTimeoutMs = 10000;     // accept to first byte (TLS handshake included)
    int readTimeoutMs = 10000;          // longest pause in a request (408) or unread answer
    int requestTimeoutMs = 30000;       // one whole request (408)
    int idleTimeoutMs = 30000;          // keep-alive between requests (closed)
    int maxCommands = 10000;            // commands in one request (413 beyond)
    double rate = 1000;                 // requests per second per token; 0 = no limit
    double burst = 2000;                // bucket size
    // Refused requests (4xx) per second per client address, and its bucket:
    // beyond, 429 (a second late) before any token check, new connections
    // closed at accept, nothing logged. 0 = no limit.
    double refusalRate = 10;
    double refusalBurst = 100;
    int group = 512;        // most commands per transaction
    int eventsPage = 5000;  // most events per GET /events answer or stream message
    QString portFile;       // written with the bound port once listening
    // A follower (houbud --follow): store.location is the writer's
    // PostgreSQL store, applied as it grows (polled every followPollMs);
    // reads, the events and the stream are served, and commands are sent on
    // to the writer's announced address (307).
    bool follow = false;
    int followPollMs = 20;
    // A follower that takes over (houbud --failover): when no writer holds
    // the store, or its writer has been idle past staleWriterMs (a writer
    // queries every Store::kHeartbeatMs), it deposes it, takes the lock and
    // becomes the writer, fenced by the journal's end.
    bool failover = false;
    int staleWriterMs = 3000;
    // The address announced in the store for followers' redirects
    // (PostgreSQL's application_name); default http(s)://listen address:port.
    QString advertise;
    // How long a read carrying `after` waits for the follower to apply that
    // event seq before it is refused (503).
    int afterWaitMs = 5000;
};

// Reads a JSON configuration file (keys as the long flags with '_' for '-':
// listen, store, tokens, tls_cert, tls_key, max_body, max_commands, rate,
// burst, refusal_rate, refusal_burst, group, snapshot_every, max_url, max_header_bytes,
// max_headers, max_connections, max_connections_per_client, first_byte_timeout, read_timeout,
// request_timeout, idle_timeout; timeouts in seconds).
bool loadConfig(const QString& path, ServerOptions& options, QString& error);
// "127.0.0.1:8480", "[::1]:0", ":8480" -> address and port.
bool parseListen(const QString& text, QHostAddress& address, quint16& port);
// The token file used for these options.
QString tokensPathFor(const ServerOptions& options);

class Writer;

class Server : public QAbstractHttpServer {
    Q_OBJECT

  public:
    explicit Server(ServerOptions options, QObject* parent = nullptr);
    ~Server() override;

    // Opens the store and listens. Returns false with a message.
    bool start(QString& error);
    quint16 port() const { return port_; }
    int openConnections() const;
    bool tls() const { return tls_; }

    // Stops accepting, answers what was received, closes the store; then
    // emits stopped().
    void shutdown();

  signals:
    void stopped();

  protected:
    bool handleRequest(const QHttpServerRequest& request, QTcpSocket* socket) override;
    void missingHandler(const QHttpServerRequest& request, QTcpSocket* socket) override;

  private:
    struct Reply {
        int status = 200;
        QByteArray body;
        QByteArray contentType = "application/json";
        QList<std::pair<QByteArray, QByteArray>> headers;
        bool close = false;
        bool omitBody = false;  // an answer to HEAD: Content-Length as for GET, no body
    };
    struct Slot {
        QPointer<HttpConnection> connection;
        quint64 index = 0;
        bool close = false;        // Connection: close, or HTTP/1.0 without keep-alive
        bool keepAlive10 = false;  // HTTP/1.0 with keep-alive: say so in the answer
        bool noBody = false;       // HEAD: the head of the answer alone
    };
    struct PendingPost {
        Slot slot;
        QList<QByteArray> lines;
        bool ndjson = false;
        Author author;  // the token's name and role, and the peer's address
        // The token's id, '/', the client's Idempotency-Key; empty without one.
        QByteArray request;
    };
    struct StreamClient;

    Slot reserve(QTcpSocket* socket);
    void respond(const Slot& slot, Reply reply);
    static Reply error(int status, const QString& message);
    static QByteArray encode(const Reply& reply);
    std::optional<TokenInfo> authorize(const QHttpServerRequest& request, Role needed,
                                       Reply& refusal);
    bool takeToken(const TokenInfo& token, Reply& refusal);
    void handleGet(const QHttpServerRequest& request, const Slot& slot, const TokenInfo& who);
    void handlePost(const QHttpServerRequest& request, const Slot& slot, const TokenInfo& who);
    // Queues a request of commands for the writer thread's next group.
    void enqueue(PendingPost post);
    // POST /api/v1/precheck: what the engine would answer one command now.
    void handlePrecheck(const QHttpServerRequest& request, const Slot& slot);
    void drain();
    void onBatchDone(const QList<PendingPost>& posts, bool ok, const QString& message,
                     const QByteArray& out, const QList<qsizetype>& ends, qint64 journalFirst,
                     qint64 lastSeq, qint64 journalLength);
    void answerResends(QList<PendingPost>& posts);
    void onWebSocket();
    void streamHello(StreamClient* client, const QByteArray& message);
    void streamCatchUp(StreamClient* client);
    void continueCatchUp(const QPointer<QWebSocket>& socket);
    void dropClient(StreamClient* client);
    // Closes (code 1008) the streams of tokens revoked or deleted since they opened.
    void closeRevokedStreams();
    void maybeFinish();

    // ---- following the writer (server_follow.cpp) ----
    // Writer thread: applies what the writer committed since, and hands its
    // events to the streams and the reads waiting for them.
    void followWriter(Writer* w);
    // Writer thread: who holds the store; a follower with failover takes
    // over from none or a stale one. True once this server writes.
    bool lookUpWriter(Writer* w, bool& changed, QByteArray& caughtUp);
    // Server thread: a promoted follower starts taking commands.
    void becomeWriter(qint64 journalLength);
    // Server thread: a writer deposed by a standby reopens its store as a
    // follower (reads served, commands sent on to the new writer).
    void becomeFollower();
    // Writer thread: polls the writer's journal every followPollMs.
    void startFollowing();
    // Writer thread: the writer's heartbeat for its followers (PostgreSQL).
    void startHeartbeat();
    // The answer to a command sent to a follower: 307 to the writer.
    Reply leaderRedirect(const QString& path) const;
    // A follower answers a request of queries itself, on the writer
    // thread, and sends anything else to the writer.
    void answerOnFollower(const PendingPost& post);
    // A read carrying `after` beyond the events applied here waits for them.
    struct WaitingRead {
        qint64 after = 0;
        qint64 deadlineMs = 0;
        Slot slot;
        std::function<Reply(Writer&)> job;
    };
    void dispatchRead(const Slot& slot, std::function<Reply(Writer&)> job);
    bool waitForSeq(qint64 after, const Slot& slot, std::function<Reply(Writer&)>& job);
    void releaseWaitingReads();
    void announceAddress();
    QJsonObject followHealth() const;

    // ---- degraded mode (server_degraded.cpp) ----
    // Polled: enters read-only mode while the store retries a failed
    // transaction, leaves it once that committed.
    void checkStore();
    // The 503 every state-changing command gets while read-only.
    Reply readOnlyRefusal() const;
    Reply healthAnswer() const;
    // A request of queries only answered from the engine in memory, marked
    // not journaled; anything else refused with readOnlyRefusal().
    void answerFromMemory(const PendingPost& post);
    // The answer of a request of queries only (position, availability,
    // seatmap, forecast) from `engine`, not journaled; none when a line is
    // anything else. `extra` goes into a JSON answer's object.
    static std::optional<Reply> queryAnswer(const Engine& engine, const PendingPost& post,
                                            qint64 journaledUpTo, const QByteArray& extra);
    // {"type":"read_only","since":...,"reason":...} ("since":null once over).
    QByteArray readOnlyMessage() const;

    ServerOptions options_;
    TokenStore tokens_;
    RefusalLog* refusals_;
    std::unique_ptr<RefusalLimiter> refusalLimiter_;
    QTimer* tokenCheck_;
    GuardedListener* listener_ = nullptr;
    QThread* thread_ = nullptr;
    Writer* writer_ = nullptr;
    quint16 port_ = 0;
    bool tls_ = false;
    bool stopping_ = false;
    bool finished_ = false;

    // Requests waiting for the writer: filled here, emptied by drain() on the
    // writer thread.
    std::mutex queueMutex_;
    std::deque<PendingPost> queue_;
    bool drainScheduled_ = false;  // under queueMutex_
    qsizetype outstanding_ = 0;    // requests queued or being committed
    qint64 lastSeq_ = 0;
    qint64 journalLength_ = 0;

    // Read-only while the store cannot commit: set on this thread under
    // queueMutex_, so that drain() takes no group meanwhile and the engine,
    // read here directly, does not change under the reads.
    Store* store_ = nullptr;
    QTimer* storeCheck_ = nullptr;
    bool degraded_ = false;
    qint64 degradedSinceMs_ = 0;
    QString degradedReason_;

    struct Bucket {
        double tokens = 0;
        qint64 stampMs = 0;
    };
    std::map<QString, Bucket> buckets_;

    std::map<QWebSocket*, std::unique_ptr<StreamClient>> clients_;

    // Follower: the writer's announced address as last looked up, and why
    // following fails (empty while it works).
    QString leader_;
    QString followError_;
    std::vector<WaitingRead> waitingReads_;
    QTimer* waitingCheck_ = nullptr;
};

}  // namespace houbu
