#pragma once
// The socket layer under Qt HttpServer: houbud accepts every connection
// itself (GuardedListener) and frames every byte a client sends
// (RequestFramer) before Qt's parser reads it. Qt HttpServer 6.4 keeps a
// whole request in memory however large its head, reads with no time limit,
// and takes an ambiguous Content-Length for none; here:
//
//  1. At most `maxConnections` connections are open, and `maxConnectionsPerClient`
//     from one address; a plain-HTTP connection beyond them is answered 503
//     and closed, a TLS one is closed at once.
//  2. A request's head is within `maxUrlBytes`, `maxHeaderBytes` and
//     `maxHeaders` (414, 431), its body within `maxBody` (413, said before the
//     body is read), and its framing unambiguous: exactly one decimal
//     Content-Length or none, no Transfer-Encoding (400, 411).
//  3. Qt's parser sees only bytes this framer accepted: a request refused here
//     is never handed over; its refusal is written after the answers to the
//     requests before it, and the connection is closed.
//  4. Every connection has a deadline: the first byte (a TLS handshake
//     included) within `firstByteTimeoutMs` of the accept, no pause longer
//     than `readTimeoutMs` inside a request or while an answer is unread,
//     a whole request within `requestTimeoutMs`, the next request within
//     `idleTimeoutMs` of the last answer. A request cut short is answered
//     408; a connection between requests is closed without an answer.
//  5. Answers go out in the order of the requests; one that closes (413 and
//     the like, Connection: close, HTTP/1.0 without keep-alive) is the last.

#include <QByteArray>
#include <QObject>
#include <QPointer>
#include <QSslConfiguration>
#include <QString>
#include <QTcpServer>
#include <QTimer>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <unordered_map>

class QTcpSocket;

namespace houbu {

struct ConnectionLimits {
    qsizetype maxUrlBytes = 8192;       // request target; 414 beyond
    qsizetype maxHeaderBytes = 16384;   // header fields with their line ends; 431 beyond
    int maxHeaders = 100;               // header fields; 431 beyond (Qt 6.4 parses at most 100)
    qint64 maxBody = 1 << 20;           // Content-Length; 413 beyond, before the body is read
    int maxConnections = 1000;          // open at once
    int maxConnectionsPerClient = 100;  // open at once from one address
    int firstByteTimeoutMs = 10000;     // accept (and TLS handshake) to the first byte
    int readTimeoutMs = 10000;          // longest pause inside a request or an unread answer
    int requestTimeoutMs = 30000;       // a whole request, from its first byte
    int idleTimeoutMs = 30000;          // last answer to the next request
};

// What one request's head said that the connection acts on.
struct RequestHead {
    bool close = false;        // answer, then close the connection
    bool keepAlive10 = false;  // HTTP/1.0 with Connection: keep-alive
    bool expectContinue = false;
    bool upgrade = false;  // a WebSocket upgrade: the bytes after it are frames
    qint64 bodyLength = 0;
};

// Splits a client's bytes into requests, as Qt 6.4's parser does for every
// request it accepts, and refuses what that parser would misread or what
// exceeds the limits. It accepts a strict subset of HTTP/1.1 on purpose:
// wherever Qt is lenient (headers it fails to parse are dropped silently,
// a Content-Length it cannot read counts as none) the two would disagree
// on where a request ends.
class RequestFramer {
  public:
    struct Refusal {
        quint64 index = 0;  // the request refused: requests before it are whole
        int status = 400;
        QString message;
    };

    explicit RequestFramer(const ConnectionLimits& limits) : limits_(limits) {}

    // Frames the next bytes. Stops (ignores what follows) at a refusal, after
    // a request that closes the connection, and after an upgrade.
    void feed(QByteArrayView bytes);
    // Refuses the request under way (a timeout).
    void refuse(int status, const QString& message);

    bool stopped() const { return stopped_; }
    bool upgraded() const { return upgraded_; }  // the last request was a WebSocket upgrade
    bool inRequest() const { return state_ != State::Line || started_; }
    bool inBody() const { return state_ == State::Body; }
    quint64 completed() const { return completed_; }  // whole requests so far
    const std::optional<Refusal>& refusal() const { return refusal_; }
    // Heads framed and not yet taken, oldest first.
    std::deque<RequestHead>& heads() { return heads_; }

  private:
    enum class State { Line, Headers, Body };
    void requestLine();
    void headerLine();
    void endOfHead();
    void endOfRequest();
    void stop(int status, const QString& message);

    ConnectionLimits limits_;
    State state_ = State::Line;
    bool stopped_ = false;
    bool upgraded_ = false;
    bool started_ = false;  // a byte of the next request came
    quint64 completed_ = 0;
    std::optional<Refusal> refusal_;
    std::deque<RequestHead> heads_;

    QByteArray line_;
    qsizetype leading_ = 0;  // blank bytes before a request line (Qt skips them)
    qsizetype headerBytes_ = 0;
    int headerCount_ = 0;
    bool http10_ = false;
    bool get_ = false;
    int contentLengths_ = 0;
    QByteArray contentLength_;
    bool transferEncoding_ = false;
    QByteArray connection_, upgrade_, expect_;
    bool webSocketKey_ = false;
    qint64 bodyLeft_ = 0;
};

class GuardedListener;
struct ConnectionRegistry;

// Client-to-server WebSocket frames as they come: each must be masked
// (RFC 6455 5.1), which Qt 6.4 does not check.
class FrameChecker {
  public:
    void feed(QByteArrayView bytes);
    bool failed() const { return failed_; }

  private:
    int state_ = 0;  // 0, 1: the two header bytes; 2: length; 3: mask; 4: payload
    int left_ = 0;   // bytes of the length or mask still to come
    quint64 length_ = 0;
    bool failed_ = false;
};

// One accepted connection; a child of its socket. The server hands it each
// answer with the index deliver() gave the request.
class HttpConnection : public QObject {
  public:
    HttpConnection(QTcpSocket* socket, GuardedListener* listener, QString client);
    ~HttpConnection() override;

    // Qt handed over the next request: its index and what its head said.
    std::pair<quint64, RequestHead> deliver();
    // `bytes` answer request `index`: written once every earlier one is;
    // the connection closes after it when `close`.
    void answer(quint64 index, const QByteArray& bytes, bool close);
    const QString& client() const { return client_; }

    // A signal of the socket was connected: tells when Qt's WebSocket took it.
    void signalConnected(const QMetaMethod& signal);

  private:
    friend class GuardedListener;
    void handedOver();  // Qt's parser listens to the socket now
    void watchWebSocket();
    void beforeWebSocket();
    void checkFrames();
    void beforeQt();        // readyRead, before Qt's parser reads
    void afterQt();         // readyRead, after it read
    void settle();          // refuse or stop once Qt has every request before it
    void block();           // Qt's parser reads nothing more
    void closeUnreading();  // logged, blocked and answered no more: it reads no answers
    void sendContinue();
    void finishAnswers();  // after the last answer of a closing connection
    void check(qint64 now);
    void timeout(const QString& why);

    struct Pending {
        QByteArray bytes;
        bool close = false;
    };

    QTcpSocket* socket_;
    QPointer<GuardedListener> listener_;
    std::shared_ptr<ConnectionRegistry> registry_;  // outlives the listener if need be
    QString client_;
    RequestFramer framer_;
    ConnectionLimits limits_;
    qint64 vetted_ = 0;  // bytes after Qt's read position that were framed already
    quint64 delivered_ = 0;
    quint64 sent_ = 0;
    std::map<quint64, Pending> ready_;
    bool handedOver_ = false;
    bool blocked_ = false;
    bool refused_ = false;
    bool closing_ = false;
    bool halfClosed_ = false;
    std::optional<quint64> continueFor_;  // the request owed a 100 Continue
    // After an upgrade: Qt's WebSocket server skips the handshake (`handshake_`
    // bytes), then QWebSocket reads frames; this looks at each frame first.
    enum class Stream { None, Posted, Watching, Open, Refused } stream_ = Stream::None;
    qsizetype handshake_ = 0;
    bool connecting_ = false;  // connecting this object's own handlers
    FrameChecker frames_;
    qint64 accepted_ = 0, lastRead_ = 0, requestStart_ = 0, lastAnswer_ = 0, lastWrite_ = 0,
           lingerSince_ = 0;
};

// Accepts, counts and limits connections, does the TLS handshake, and hands
// each connection to the HTTP server bound to it (QAbstractHttpServer::bind).
class GuardedListener : public QTcpServer {
  public:
    struct Hooks {
        // A complete answer (status line, headers, body) that closes the connection.
        std::function<QByteArray(int status, const QString& message)> refusal;
        // A refusal for the log (rate-limited there).
        std::function<void(int status, const QString& text)> log;
        // Whether a new connection from this address is taken; one that is
        // not is closed at once, unanswered and unlogged. Unset: every one.
        std::function<bool(const QString& client)> admit;
        // A request from this address was refused here (400, 408, 413, 431, ...).
        std::function<void(const QString& client, int status)> refused;
    };

    GuardedListener(const ConnectionLimits& limits, std::optional<QSslConfiguration> tls,
                    Hooks hooks, QObject* parent = nullptr);
    ~GuardedListener() override;

    HttpConnection* connectionOf(QTcpSocket* socket) const;
    const ConnectionLimits& limits() const { return limits_; }
    const Hooks& hooks() const { return hooks_; }
    int open() const;

  protected:
    void incomingConnection(qintptr descriptor) override;

  private:
    friend class HttpConnection;
    void handOver(QTcpSocket* socket);

    ConnectionLimits limits_;
    std::optional<QSslConfiguration> tls_;
    Hooks hooks_;
    std::shared_ptr<ConnectionRegistry> registry_;
    QTimer sweep_;
};

}  // namespace houbu
