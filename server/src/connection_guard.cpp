#include "connection_guard.h"

#include <sys/socket.h>
#include <unistd.h>

#include <QDateTime>
#include <QElapsedTimer>
#include <QMetaMethod>
#include <QSslSocket>
#include <QTcpSocket>
#include <algorithm>

namespace houbu {

using namespace Qt::StringLiterals;

namespace {

// Qt 6.4's header parser gives up on a field longer than this (name, colon
// and value); a request whose headers it gave up on would look bodiless.
constexpr qsizetype kQtFieldBytes = 8192;
// Method, spaces and version around the target of a request line.
constexpr qsizetype kLineSlack = 32;
// The sweep that enforces deadlines.
constexpr int kSweepMs = 200;
// After a refusal the client may still be sending what was refused: closing
// with unread bytes would reset the connection and could destroy the answer
// before the client reads it. The rest is read and dropped until the client
// pauses this long (or for read_timeout at most), then the connection closes.
constexpr int kLingerQuietMs = 500;
// A client that sends more requests while this much of its answers is still
// unsent does not read them: closed before it makes the server buffer more.
constexpr qint64 kMostUnsentBytes = 8 << 20;

qint64 now() {
    static QElapsedTimer clock;
    if (!clock.isValid()) clock.start();
    return clock.elapsed();
}

bool isToken(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           QByteArrayView("!#$%&'*+-.^_`|~").contains(c);
}

bool hasToken(const QByteArray& list, QByteArrayView token) {
    for (const QByteArray& part : list.split(','))
        if (part.trimmed().compare(token, Qt::CaseInsensitive) == 0) return true;
    return false;
}

void append(QByteArray& list, QByteArrayView value) {
    // As Qt combines repeated fields.
    if (!list.isEmpty()) list += ", ";
    list += value;
}

QString clientOf(const QHostAddress& address) {
    bool mapped = false;
    const quint32 v4 = address.toIPv4Address(&mapped);
    return mapped ? QHostAddress(v4).toString() : address.toString();
}

// A socket that says when something connects to its signals.
template <class Base>
class WatchedSocket final : public Base {
  public:
    using Base::Base;
    QPointer<HttpConnection> connection;

  protected:
    void connectNotify(const QMetaMethod& signal) override {
        Base::connectNotify(signal);
        if (connection) connection->signalConnected(signal);
    }
};

}  // namespace

// ---- WebSocket frames ----------------------------------------------------------------

void FrameChecker::feed(QByteArrayView bytes) {
    qsizetype i = 0;
    while (i < bytes.size() && !failed_) {
        if (state_ == 4) {
            const quint64 take = std::min<quint64>(length_, quint64(bytes.size() - i));
            length_ -= take;
            i += static_cast<qsizetype>(take);
            if (length_ == 0) state_ = 0;
            continue;
        }
        const auto c = static_cast<quint8>(bytes[i++]);
        switch (state_) {
            case 0:
                state_ = 1;
                break;
            case 1:
                if (!(c & 0x80)) {
                    failed_ = true;
                    break;
                }
                length_ = c & 0x7f;
                left_ = length_ == 126 ? 2 : length_ == 127 ? 8 : 0;
                if (left_ > 0) length_ = 0;
                state_ = left_ > 0 ? 2 : 3;
                if (state_ == 3) left_ = 4;
                break;
            case 2:
                length_ = (length_ << 8) | c;
                if (--left_ == 0) {
                    state_ = 3;
                    left_ = 4;
                }
                break;
            case 3:
                if (--left_ == 0) state_ = length_ > 0 ? 4 : 0;
                break;
        }
    }
}

// ---- framing ---------------------------------------------------------------------

void RequestFramer::stop(int status, const QString& message) {
    if (stopped_) return;
    stopped_ = true;
    refusal_ = Refusal{completed_, status, message};
}

void RequestFramer::refuse(int status, const QString& message) {
    stop(status, message);
}

void RequestFramer::feed(QByteArrayView bytes) {
    qsizetype i = 0;
    while (i < bytes.size() && !stopped_) {
        if (state_ == State::Body) {
            const qint64 take = std::min<qint64>(bodyLeft_, bytes.size() - i);
            bodyLeft_ -= take;
            i += take;
            if (bodyLeft_ == 0) endOfRequest();
            continue;
        }
        const char c = bytes[i++];
        if (state_ == State::Line) {
            started_ = true;
            // Qt skips blank bytes before a request line; they count towards its length.
            if (line_.isEmpty() && (c == '\v' || c == '\n' || c == '\r' || c == ' ' || c == '\t')) {
                if (++leading_ > limits_.maxUrlBytes)
                    stop(400, u"too many blank bytes before the request line"_s);
                continue;
            }
            if (c == '\n') {
                requestLine();
                continue;
            }
            line_ += c;
            if (line_.size() > limits_.maxUrlBytes + kLineSlack)
                stop(414, u"the request line is longer than %1 bytes"_s.arg(limits_.maxUrlBytes +
                                                                            kLineSlack));
            continue;
        }
        // Headers.
        if (++headerBytes_ > limits_.maxHeaderBytes) {
            stop(431, u"the header fields are longer than %1 bytes"_s.arg(limits_.maxHeaderBytes));
            continue;
        }
        if (c == '\n') {
            headerLine();
            continue;
        }
        line_ += c;
        if (line_.size() > kQtFieldBytes)
            stop(431, u"a header field is longer than %1 bytes"_s.arg(kQtFieldBytes));
    }
}

void RequestFramer::requestLine() {
    QByteArrayView line(line_);
    if (line.endsWith('\r')) line.chop(1);
    // Exactly METHOD SP TARGET SP HTTP/1.x: Qt tolerates more spaces and
    // words after the version; refused here rather than guessed at.
    const qsizetype a = line.indexOf(' ');
    const qsizetype b = a < 0 ? -1 : line.indexOf(' ', a + 1);
    if (a <= 0 || b < 0 || b == a + 1 || line.indexOf(' ', b + 1) >= 0)
        return stop(400, u"the request line is not METHOD TARGET HTTP/1.1"_s);
    const QByteArrayView method = line.first(a);
    const QByteArrayView target = line.sliced(a + 1, b - a - 1);
    const QByteArrayView version = line.sliced(b + 1);
    if (!std::all_of(method.begin(), method.end(), isToken))
        return stop(400, u"the request method is not a token"_s);
    if (target.size() > limits_.maxUrlBytes)
        return stop(414, u"the request target is longer than %1 bytes"_s.arg(limits_.maxUrlBytes));
    if (version.size() != 8 || !version.startsWith("HTTP/") || version[6] != '.' ||
        version[5] < '0' || version[5] > '9' || version[7] < '0' || version[7] > '9')
        return stop(400, u"the request line does not end with HTTP/1.1"_s);
    if (version[5] != '1') return stop(505, u"only HTTP/1.0 and HTTP/1.1 are served"_s);
    http10_ = version[7] == '0';
    get_ = method == "GET";
    line_.clear();
    state_ = State::Headers;
}

void RequestFramer::headerLine() {
    QByteArrayView line(line_);
    if (line.endsWith('\r')) line.chop(1);
    if (line.isEmpty()) {
        line_.clear();
        return endOfHead();
    }
    if (line.startsWith(' ') || line.startsWith('\t'))
        return stop(400, u"a header field is folded over lines (obs-fold)"_s);
    const qsizetype colon = line.indexOf(':');
    if (colon <= 0) return stop(400, u"a header line has no field name and colon"_s);
    const QByteArrayView name = line.first(colon);
    if (!std::all_of(name.begin(), name.end(), isToken))
        return stop(400, u"a header field name is not a token"_s);
    if (++headerCount_ > limits_.maxHeaders)
        return stop(431, u"the request has more than %1 header fields"_s.arg(limits_.maxHeaders));
    const QByteArrayView value = line.sliced(colon + 1).trimmed();
    auto is = [&](QByteArrayView n) { return name.compare(n, Qt::CaseInsensitive) == 0; };
    if (is("Content-Length")) {
        ++contentLengths_;
        contentLength_ = value.toByteArray();
    } else if (is("Transfer-Encoding")) {
        transferEncoding_ = true;
    } else if (is("Connection")) {
        append(connection_, value);
    } else if (is("Upgrade")) {
        append(upgrade_, value);
    } else if (is("Expect")) {
        append(expect_, value);
    } else if (is("Sec-WebSocket-Key")) {
        webSocketKey_ = !value.isEmpty();
    }
    line_.clear();
}

void RequestFramer::endOfHead() {
    RequestHead head;
    if (transferEncoding_ && contentLengths_ > 0)
        return stop(400, u"the request has both Content-Length and Transfer-Encoding"_s);
    if (transferEncoding_)
        return stop(411,
                    u"request bodies are read by Content-Length; Transfer-Encoding is not "
                    u"accepted"_s);
    if (contentLengths_ > 1) return stop(400, u"the request has more than one Content-Length"_s);
    if (contentLengths_ == 1) {
        const bool digits =
            !contentLength_.isEmpty() && std::all_of(contentLength_.begin(), contentLength_.end(),
                                                     [](char c) { return c >= '0' && c <= '9'; });
        if (!digits) return stop(400, u"Content-Length is not a non-negative decimal number"_s);
        if (contentLength_.size() > 18)
            return stop(413, u"the request body is larger than %1 bytes"_s.arg(limits_.maxBody));
        head.bodyLength = contentLength_.toLongLong();
    }
    if (head.bodyLength > limits_.maxBody)
        return stop(413, u"the request body has %1 bytes; the limit is %2"_s.arg(head.bodyLength)
                             .arg(limits_.maxBody));
    if (upgrade_.compare("websocket", Qt::CaseInsensitive) == 0) {
        if (!get_ || !hasToken(connection_, "upgrade") || !webSocketKey_ || head.bodyLength > 0)
            return stop(400,
                        u"a WebSocket upgrade needs GET, Connection: Upgrade and "
                        u"Sec-WebSocket-Key, and no body"_s);
        head.upgrade = true;
    }
    if (!expect_.isEmpty() && !http10_) {
        // HTTP/1.0 clients know no expectations (RFC 9110 10.1.1): ignored for them.
        if (expect_.compare("100-continue", Qt::CaseInsensitive) != 0)
            return stop(417, u"the only expectation met is 100-continue"_s);
        head.expectContinue = head.bodyLength > 0;
    }
    if (http10_) {
        head.keepAlive10 = hasToken(connection_, "keep-alive") && !hasToken(connection_, "close");
        head.close = !head.keepAlive10;
    } else {
        head.close = hasToken(connection_, "close");
    }
    heads_.push_back(head);
    bodyLeft_ = head.bodyLength;
    state_ = State::Body;
    if (bodyLeft_ == 0) endOfRequest();
}

void RequestFramer::endOfRequest() {
    ++completed_;
    const RequestHead& last = heads_.back();
    // Nothing after a request that closes, nor after an upgrade, is HTTP for us.
    if (last.close || last.upgrade) stopped_ = true;
    upgraded_ = last.upgrade;
    state_ = State::Line;
    started_ = false;
    line_.clear();
    leading_ = 0;
    headerBytes_ = 0;
    headerCount_ = 0;
    http10_ = get_ = transferEncoding_ = webSocketKey_ = false;
    contentLengths_ = 0;
    contentLength_.clear();
    connection_.clear();
    upgrade_.clear();
    expect_.clear();
}

// ---- the listener ------------------------------------------------------------------

struct ConnectionRegistry {
    int open = 0;
    std::map<QString, int> perClient;
    std::unordered_map<QTcpSocket*, HttpConnection*> bySocket;
};

GuardedListener::GuardedListener(const ConnectionLimits& limits,
                                 std::optional<QSslConfiguration> tls, Hooks hooks, QObject* parent)
    : QTcpServer(parent),
      limits_(limits),
      tls_(std::move(tls)),
      hooks_(std::move(hooks)),
      registry_(std::make_shared<ConnectionRegistry>()) {
    // A burst of connects beyond the accept queue is not refused but left
    // half-open, with the client believing it is connected: queue them all.
    setListenBacklogSize(std::min(limits_.maxConnections, 4096));
    sweep_.setInterval(kSweepMs);
    connect(&sweep_, &QTimer::timeout, this, [this] {
        const qint64 t = now();
        std::vector<QPointer<HttpConnection>> all;
        all.reserve(registry_->bySocket.size());
        for (const auto& [socket, connection] : registry_->bySocket)
            all.emplace_back(connection);
        for (const auto& c : all)
            if (c) c->check(t);
    });
    sweep_.start();
    // Out of file descriptors, QTcpServer stops accepting for good: try again
    // a little later instead.
    connect(this, &QTcpServer::acceptError, this, [this](QAbstractSocket::SocketError) {
        hooks_.log(503, u"accept failed: "_s + errorString());
        QTimer::singleShot(100, this, [this] { resumeAccepting(); });
    });
}

GuardedListener::~GuardedListener() = default;

int GuardedListener::open() const {
    return registry_->open;
}

HttpConnection* GuardedListener::connectionOf(QTcpSocket* socket) const {
    const auto it = registry_->bySocket.find(socket);
    return it == registry_->bySocket.end() ? nullptr : it->second;
}

void GuardedListener::incomingConnection(qintptr descriptor) {
    QTcpSocket* socket = tls_ ? static_cast<QTcpSocket*>(new WatchedSocket<QSslSocket>(this))
                              : new WatchedSocket<QTcpSocket>(this);
    if (!socket->setSocketDescriptor(descriptor)) {
        ::close(static_cast<int>(descriptor));
        delete socket;
        return;
    }
    const QString client = clientOf(socket->peerAddress());
    if (hooks_.admit && !hooks_.admit(client)) {
        socket->abort();
        socket->deleteLater();
        return;
    }
    auto& mine = registry_->perClient[client];
    if (registry_->open >= limits_.maxConnections || mine >= limits_.maxConnectionsPerClient) {
        const bool total = registry_->open >= limits_.maxConnections;
        if (mine == 0) registry_->perClient.erase(client);
        const QString why =
            total ? u"%1 connections are open, the most allowed"_s.arg(limits_.maxConnections)
                  : u"%1 connections from this address are open, the most "
                    u"allowed"_s.arg(limits_.maxConnectionsPerClient);
        hooks_.log(503, u"connection from "_s + client + u" refused: "_s + why);
        connect(socket, &QAbstractSocket::disconnected, socket, &QObject::deleteLater);
        if (tls_) {
            // No answer without a handshake, which is what a flood would cost.
            socket->abort();
            socket->deleteLater();
            return;
        }
        socket->write(hooks_.refusal(503, why));
        socket->disconnectFromHost();
        QTimer::singleShot(1000, socket, [socket] { socket->abort(); });
        return;
    }
    ++mine;
    ++registry_->open;
    auto* connection = new HttpConnection(socket, this, client);
    registry_->bySocket.emplace(socket, connection);
    if (auto* w = dynamic_cast<WatchedSocket<QTcpSocket>*>(socket)) w->connection = connection;
    if (auto* w = dynamic_cast<WatchedSocket<QSslSocket>*>(socket)) w->connection = connection;
    // What one request may take, and what may wait behind it: a client that
    // sends faster than it is answered is held back by TCP, not by memory.
    socket->setReadBufferSize(limits_.maxUrlBytes + limits_.maxHeaderBytes + limits_.maxBody +
                              (64 << 10));
    if (!tls_) {
        handOver(socket);
        return;
    }
    auto* ssl = static_cast<QSslSocket*>(socket);
    // Until the handshake ends, the socket is this listener's to delete.
    connect(ssl, &QAbstractSocket::disconnected, ssl, &QObject::deleteLater);
    connect(ssl, &QSslSocket::encrypted, this, [this, ssl] { handOver(ssl); });
    ssl->setSslConfiguration(*tls_);
    ssl->startServerEncryption();
}

void GuardedListener::handOver(QTcpSocket* socket) {
    // Emits pendingConnectionAvailable: the HTTP server connects its parser
    // to readyRead now, after the connection's first look and before its last.
    addPendingConnection(socket);
    if (HttpConnection* c = connectionOf(socket)) c->handedOver();
}

// ---- one connection ------------------------------------------------------------------

HttpConnection::HttpConnection(QTcpSocket* socket, GuardedListener* listener, QString client)
    : QObject(socket),
      socket_(socket),
      listener_(listener),
      registry_(listener->registry_),
      client_(std::move(client)),
      framer_(listener->limits()),
      limits_(listener->limits()) {
    accepted_ = lastWrite_ = now();
    connecting_ = true;
    connect(socket, &QIODevice::readyRead, this, &HttpConnection::beforeQt);
    connecting_ = false;
    connect(socket, &QIODevice::bytesWritten, this, [this] {
        lastWrite_ = now();
        finishAnswers();
    });
}

HttpConnection::~HttpConnection() {
    // The socket is being destroyed: only its address is used here.
    --registry_->open;
    if (auto it = registry_->perClient.find(client_);
        it != registry_->perClient.end() && --it->second <= 0)
        registry_->perClient.erase(it);
    registry_->bySocket.erase(socket_);
}

void HttpConnection::handedOver() {
    handedOver_ = true;
    connecting_ = true;
    connect(socket_, &QIODevice::readyRead, this, &HttpConnection::afterQt);
    connecting_ = false;
    if (socket_->bytesAvailable() > 0) beforeQt();
}

void HttpConnection::beforeQt() {
    if (blocked_) {
        // Nothing more is read for a request; what comes is dropped.
        if (socket_->isTransactionStarted()) socket_->commitTransaction();
        if (socket_->skip(socket_->bytesAvailable()) > 0) lastRead_ = now();
        return;
    }
    if (socket_->bytesToWrite() > kMostUnsentBytes) {
        closeUnreading();
        socket_->abort();
        return;
    }
    const qint64 available = socket_->bytesAvailable();
    const qint64 fresh = available - vetted_;
    if (fresh > 0 && !framer_.stopped()) {
        const qint64 t = now();
        lastRead_ = t;
        const bool was = framer_.inRequest();
        const quint64 done = framer_.completed();
        const qsizetype heads = framer_.heads().size();
        const QByteArray bytes = socket_->peek(available);
        framer_.feed(QByteArrayView(bytes).last(std::min<qint64>(fresh, bytes.size())));
        if (framer_.inRequest() && (!was || framer_.completed() != done)) requestStart_ = t;
        // A head that asked for 100 Continue and whose body has not come yet.
        if (static_cast<qsizetype>(framer_.heads().size()) > heads && framer_.inBody() &&
            framer_.heads().back().expectContinue)
            continueFor_ = framer_.completed();
    }
    vetted_ = available;
    if (!handedOver_) return;
    // Qt takes the upgrade in this very readyRead: it lets go of the socket,
    // hands it to its WebSocket server and re-emits readyRead queued. What is
    // queued now runs first, while nobody reads the socket.
    if (framer_.upgraded() && stream_ == Stream::None && delivered_ + 1 == framer_.completed()) {
        stream_ = Stream::Posted;
        QMetaObject::invokeMethod(this, &HttpConnection::watchWebSocket, Qt::QueuedConnection);
    }
    sendContinue();
    settle();
}

void HttpConnection::watchWebSocket() {
    if (socket_->state() != QAbstractSocket::ConnectedState) return;
    // Qt rolled back to the upgrade request; its WebSocket server skips up
    // to the first blank line, and QWebSocket reads frames from there.
    const QByteArray bytes = socket_->peek(socket_->bytesAvailable());
    const qsizetype end = bytes.indexOf("\r\n\r\n");
    if (end < 0) return;
    handshake_ = end + 4;
    stream_ = Stream::Watching;
    connecting_ = true;
    connect(socket_, &QIODevice::readyRead, this, &HttpConnection::beforeWebSocket);
    connecting_ = false;
    frames_.feed(QByteArrayView(bytes).sliced(handshake_));
    vetted_ = bytes.size();
    checkFrames();
}

void HttpConnection::signalConnected(const QMetaMethod& signal) {
    if (connecting_ || stream_ != Stream::Watching ||
        signal != QMetaMethod::fromSignal(&QIODevice::readyRead))
        return;
    // QWebSocket connects its reader: the handshake was read by now.
    stream_ = Stream::Open;
    vetted_ -= handshake_;
    connecting_ = true;
    connect(socket_, &QIODevice::readyRead, this, [this] { vetted_ = socket_->bytesAvailable(); });
    connecting_ = false;
}

void HttpConnection::beforeWebSocket() {
    if (stream_ == Stream::Refused) {
        socket_->skip(socket_->bytesAvailable());
        return;
    }
    const qint64 available = socket_->bytesAvailable();
    const qint64 fresh = available - vetted_;
    if (fresh > 0) {
        const QByteArray bytes = socket_->peek(available);
        frames_.feed(QByteArrayView(bytes).last(std::min<qint64>(fresh, bytes.size())));
    }
    vetted_ = available;
    checkFrames();
}

void HttpConnection::checkFrames() {
    // Only once the handshake was answered: QWebSocket reads nothing before.
    if (!frames_.failed() || stream_ != Stream::Open) return;
    stream_ = Stream::Refused;
    if (listener_)
        listener_->hooks().log(
            400, u"stream from "_s + client_ + u" closed (1002): a client frame is not masked"_s);
    // Before QWebSocket reads the frame: dropped, and the stream closed with
    // 1002 (protocol error) in a close frame of this server's own.
    socket_->skip(socket_->bytesAvailable());
    socket_->write(QByteArray("\x88\x02\x03\xea", 4));
    socket_->disconnectFromHost();
}

void HttpConnection::afterQt() {
    vetted_ = socket_->bytesAvailable();
    settle();
}

void HttpConnection::settle() {
    if (blocked_) return;
    if (const auto& r = framer_.refusal()) {
        if (refused_ || delivered_ != r->index) return;
        refused_ = true;
        block();
        if (listener_) {
            listener_->hooks().log(r->status, u"request from "_s + client_ + u": "_s + r->message);
            if (listener_->hooks().refused) listener_->hooks().refused(client_, r->status);
            answer(r->index, listener_->hooks().refusal(r->status, r->message), true);
        } else {
            socket_->abort();
        }
        return;
    }
    // After a request that closes, Qt's parser gets nothing more; an upgrade
    // takes the socket away from it.
    if (framer_.stopped() && !framer_.upgraded() && delivered_ >= framer_.completed()) block();
}

void HttpConnection::closeUnreading() {
    if (listener_)
        listener_->hooks().log(429, u"connection from "_s + client_ +
                                        u" closed: it sends requests and reads no answers"_s);
    closing_ = true;
    block();
}

void HttpConnection::block() {
    if (blocked_) return;
    blocked_ = true;
    if (QObject* http = listener_ ? listener_->parent() : nullptr)
        QObject::disconnect(socket_, &QIODevice::readyRead, http, nullptr);
    if (socket_->isTransactionStarted()) socket_->commitTransaction();
    socket_->skip(socket_->bytesAvailable());
}

std::pair<quint64, RequestHead> HttpConnection::deliver() {
    RequestHead head;
    if (!framer_.heads().empty()) {
        head = framer_.heads().front();
        framer_.heads().pop_front();
    } else {
        // Qt handed over a request this framer did not see: keep nothing after it.
        head.close = true;
    }
    return {delivered_++, head};
}

void HttpConnection::answer(quint64 index, const QByteArray& bytes, bool close) {
    if (closing_) return;
    // Nothing after an answer that closes reaches the server, even what
    // came in the same packet.
    if (close) block();
    ready_.emplace(index, Pending{bytes, close});
    while (!ready_.empty() && ready_.begin()->first == sent_) {
        const qint64 t = now();
        if (socket_->bytesToWrite() == 0) lastWrite_ = t;
        // Its requests may all have come before its answers piled up (a slow
        // server, a fast client): then no more bytes arrive to check them on.
        if (!framer_.heads().empty() && socket_->bytesToWrite() > kMostUnsentBytes) {
            closeUnreading();
            // Not under the request handler that called this: after it returns.
            QMetaObject::invokeMethod(
                socket_, [socket = socket_] { socket->abort(); }, Qt::QueuedConnection);
            return;
        }
        socket_->write(ready_.begin()->second.bytes);
        const bool last = ready_.begin()->second.close;
        ready_.erase(ready_.begin());
        ++sent_;
        lastAnswer_ = t;
        if (last) {
            // check() closes once the client pauses (kLingerQuietMs).
            closing_ = true;
            lingerSince_ = t;
            socket_->flush();
            finishAnswers();
            return;
        }
    }
    sendContinue();
}

void HttpConnection::finishAnswers() {
    if (!closing_ || halfClosed_ || socket_->bytesToWrite() > 0) return;
    halfClosed_ = true;
    // The last answer is out: a FIN tells the client at once, while what it
    // may still send is read and dropped until it pauses. Under TLS a bare
    // FIN would end the encrypted stream without its closing record: closed
    // the TLS way instead.
    if (qobject_cast<QSslSocket*>(socket_))
        socket_->disconnectFromHost();
    else
        ::shutdown(static_cast<int>(socket_->socketDescriptor()), SHUT_WR);
}

void HttpConnection::sendContinue() {
    if (!continueFor_) return;
    // Only while the body is still awaited, and once every earlier answer is out.
    if (framer_.stopped() || framer_.completed() != *continueFor_) {
        continueFor_.reset();
        return;
    }
    if (sent_ != *continueFor_ || closing_ || blocked_) return;
    socket_->write("HTTP/1.1 100 Continue\r\n\r\n");
    continueFor_.reset();
    lastRead_ = requestStart_ = now();
}

void HttpConnection::timeout(const QString& why) {
    framer_.refuse(408, why);
    settle();
}

void HttpConnection::check(qint64 t) {
    if (framer_.upgraded()) return;  // a stream now: its own rules apply
    if (socket_->bytesToWrite() > 0) {
        if (t - lastWrite_ > limits_.readTimeoutMs) {
            if (listener_)
                listener_->hooks().log(408, u"connection from "_s + client_ +
                                                u" closed: it does not read its answers"_s);
            socket_->abort();
        }
        return;
    }
    if (socket_->state() != QAbstractSocket::ConnectedState) return;
    if (closing_ && blocked_) {
        if (t - lastRead_ > kLingerQuietMs || t - lingerSince_ > limits_.readTimeoutMs)
            socket_->disconnectFromHost();
        return;
    }
    if (closing_ || blocked_) return;
    if (framer_.inRequest()) {
        if (continueFor_) return;  // waiting for this server, not for the client
        if (t - lastRead_ > limits_.readTimeoutMs)
            timeout(u"no byte of the request for %1 ms"_s.arg(limits_.readTimeoutMs));
        else if (t - requestStart_ > limits_.requestTimeoutMs)
            timeout(u"the request took longer than %1 ms"_s.arg(limits_.requestTimeoutMs));
        return;
    }
    if (sent_ < framer_.completed()) return;  // the server owes answers
    const bool first = framer_.completed() == 0;
    const qint64 since = first ? accepted_ : lastAnswer_;
    if (t - since > (first ? limits_.firstByteTimeoutMs : limits_.idleTimeoutMs))
        socket_->disconnectFromHost();
}

}  // namespace houbu
