#include "houbu/remote_session.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QSet>
#include <QSslConfiguration>
#include <QTimer>
#include <QUrlQuery>
#include <QUuid>
#include <QWebSocket>
#include <algorithm>

#include "houbu/codec.h"
#include "houbu/queue_window_query.h"
#include "houbu/view_json.h"

namespace houbu {

using namespace Qt::StringLiterals;

namespace {

constexpr int kRefreshMs = 100;      // at most ten snapshots a second
constexpr int kFirstRetryMs = 250;   // reconnect backoff: 250 ms doubling up to 5 s
constexpr int kCommandSendings = 4;  // a command whose answer is lost: sent up to 4 times
constexpr int kLastRetryMs = 5000;
// While a follower's writer is replaced: sent again every second, 10 times.
constexpr int kFailoverSendings = 10;
constexpr int kFailoverRetryMs = 1000;
constexpr int kMembersMs = 2000;  // the members' /health, asked this often

}  // namespace

RemoteSession::RemoteSession(QObject* parent) : Session(parent) {
    qRegisterMetaType<houbu::EventRecord>();
    qRegisterMetaType<QList<houbu::EventRecord>>();
    qRegisterMetaType<houbu::SnapshotPtr>();
    qRegisterMetaType<std::vector<houbu::WaitReason>>();
    qRegisterMetaType<QList<houbu::OrderForecast>>();
    network_ = new QNetworkAccessManager(this);
    reconnectTimer_ = new QTimer(this);
    reconnectTimer_->setSingleShot(true);
    connect(reconnectTimer_, &QTimer::timeout, this, &RemoteSession::connectStream);
    refreshTimer_ = new QTimer(this);
    refreshTimer_->setSingleShot(true);
    connect(refreshTimer_, &QTimer::timeout, this, &RemoteSession::refresh);
    membersTimer_ = new QTimer(this);
    membersTimer_->setInterval(kMembersMs);
    connect(membersTimer_, &QTimer::timeout, this, &RemoteSession::askMembers);
    forecastTimer_ = new QTimer(this);
    forecastTimer_->setSingleShot(true);
    connect(forecastTimer_, &QTimer::timeout, this, &RemoteSession::forecastNext);
}

RemoteSession::~RemoteSession() {
    closing_ = true;
    if (stream_) stream_->abort();
}

void RemoteSession::setTrustedCertificates(const QList<QSslCertificate>& certificates) {
    trusted_ = certificates;
}

QNetworkRequest RemoteSession::request(const QString& path) const {
    QUrl url = server_;
    const qsizetype query = path.indexOf(u'?');
    url.setPath(u"/api/v1"_s + path.left(query));
    if (query >= 0) url.setQuery(path.mid(query + 1));
    QNetworkRequest r(url);
    r.setRawHeader("Authorization", "Bearer " + token_);
    r.setTransferTimeout(30000);
    r.setSslConfiguration(sslConfiguration());
    return r;
}

QSslConfiguration RemoteSession::sslConfiguration() const {
    QSslConfiguration ssl = QSslConfiguration::defaultConfiguration();
    if (!trusted_.isEmpty()) ssl.setCaCertificates(ssl.caCertificates() + trusted_);
    return ssl;
}

QString RemoteSession::errorMessage(QNetworkReply* reply) {
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QString message =
        QJsonDocument::fromJson(reply->readAll()).object().value("message"_L1).toString();
    if (status && !message.isEmpty()) return tr("%1 (HTTP %2)").arg(message).arg(status);
    if (status) return tr("HTTP %1").arg(status);
    return reply->errorString();
}

QString RemoteSession::description() const {
    QUrl shown = server_.adjusted(QUrl::RemoveUserInfo | QUrl::RemovePath | QUrl::RemoveQuery);
    if (role_.isEmpty()) return tr("Remote · %1").arg(shown.toString());
    return tr("Remote · %1 (%2)").arg(shown.toString(), role_);
}

bool RemoteSession::canSend() const {
    return role_ == "dispatcher"_L1 || role_ == "admin"_L1;
}

void RemoteSession::setState(State state, const QString& detail) {
    if (state == state_ && detail.isEmpty()) return;
    state_ = state;
    emit stateChanged(state, detail);
}

void RemoteSession::open(const QUrl& server, const QByteArray& token) {
    open(QList<QUrl>{server}, token);
}

void RemoteSession::open(const QList<QUrl>& members, const QByteArray& token) {
    close();
    closing_ = false;
    members_ = members.isEmpty() ? QList<QUrl>{QUrl()} : members;
    token_ = token;
    role_.clear();
    lastSeq_ = 0;
    attempts_ = 0;
    setState(State::Connecting);
    memberStates_.clear();
    for (const QUrl& url : members_) {
        MemberState m;
        m.url = url;
        memberStates_.append(m);
    }
    hello(0, ++generation_);
    if (members_.size() > 1) {
        askMembers();
        membersTimer_->start();
    }
}

void RemoteSession::askMembers() {
    const quint64 generation = generation_;
    for (qsizetype i = 0; i < members_.size(); ++i) {
        QUrl url = members_[i];
        url.setPath(u"/health"_s);
        QNetworkRequest r(url);
        r.setTransferTimeout(kMembersMs);
        r.setSslConfiguration(sslConfiguration());
        QNetworkReply* reply = network_->get(r);
        connect(reply, &QNetworkReply::finished, this, [this, reply, generation, i] {
            reply->deleteLater();
            if (generation != generation_ || i >= memberStates_.size()) return;
            MemberState& m = memberStates_[i];
            const QJsonObject o = QJsonDocument::fromJson(reply->readAll()).object();
            m.answered = !o.isEmpty();
            m.role = o.value("role"_L1).toString();
            const QJsonObject f = o.value("follower"_L1).toObject();
            m.leader = f.value("leader"_L1).toString();
            m.behind = f.value("behind"_L1).toInteger();
            m.lastDelayMs = f.value("last_delay_ms"_L1).toInteger(-1);
            emit membersChanged();
        });
    }
}

void RemoteSession::hello(int member, quint64 generation) {
    member_ = member;
    server_ = members_[member];
    QNetworkReply* reply = network_->get(request(u"/whoami"_s));
    connect(reply, &QNetworkReply::finished, this, [this, reply, generation, member] {
        reply->deleteLater();
        if (generation != generation_) return;
        if (reply->error() != QNetworkReply::NoError) {
            // No answer at all: another member may answer.
            const bool answered =
                reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).isValid();
            if (!answered && member + 1 < members_.size()) {
                hello(member + 1, generation);
                return;
            }
            const QString message = errorMessage(reply);
            setState(State::Disconnected, message);
            emit opened(false, message);
            return;
        }
        const QJsonObject who = QJsonDocument::fromJson(reply->readAll()).object();
        role_ = who.value("role"_L1).toString();
        // The stream starts with the day's history: the events before the
        // server's present come through it like new ones, in order and once.
        lastSeq_ = std::max<qint64>(0, who.value("last_seq"_L1).toInteger() - historyEvents_);
        setState(State::Connected);
        emit opened(true, QString());
        refresh();
        connectStream();
    });
}

void RemoteSession::close() {
    ++generation_;
    closing_ = true;
    reconnectTimer_->stop();
    refreshTimer_->stop();
    membersTimer_->stop();
    forecastTimer_->stop();
    forecastQueue_.clear();
    forecastInFlight_ = false;
    if (stream_) {
        stream_->disconnect(this);
        stream_->abort();
        stream_->deleteLater();
        stream_ = nullptr;
    }
    if (state_ != State::Disconnected) setState(State::Disconnected);
}

void RemoteSession::connectStream() {
    if (closing_) return;
    if (stream_) {
        stream_->disconnect(this);
        stream_->abort();
        stream_->deleteLater();
    }
    stream_ = new QWebSocket(QString(), QWebSocketProtocol::VersionLatest, this);
    stream_->setSslConfiguration(sslConfiguration());
    connect(stream_, &QWebSocket::connected, this, [this] {
        // Who we are and where to resume, in the first message (never in the URL).
        stream_->sendTextMessage(
            QString::fromUtf8(QJsonDocument(QJsonObject{{"token"_L1, QString::fromLatin1(token_)},
                                                        {"after"_L1, lastSeq_}})
                                  .toJson(QJsonDocument::Compact)));
    });
    connect(stream_, &QWebSocket::textMessageReceived, this, &RemoteSession::onStreamMessage);
    connect(stream_, &QWebSocket::disconnected, this, &RemoteSession::onStreamClosed);
    QUrl url = server_;
    url.setScheme(server_.scheme() == "https"_L1 ? u"wss"_s : u"ws"_s);
    url.setPath(u"/api/v1/stream"_s);
    url.setQuery(QString());
    stream_->open(url);
}

void RemoteSession::onStreamMessage(const QString& text) {
    const QByteArray bytes = text.toUtf8();
    const qsizetype firstEnd = bytes.indexOf('\n');
    const QJsonObject m =
        QJsonDocument::fromJson(firstEnd < 0 ? bytes : bytes.left(firstEnd)).object();
    const QString type = m.value("type"_L1).toString();
    if (type == "hello"_L1) {
        attempts_ = 0;
        // A read_only message follows the hello while the server is read-only.
        const bool wasReadOnly = readOnlySince_.isValid();
        readOnlySince_ = QDateTime();
        readOnlyReason_.clear();
        if (wasReadOnly && state_ == State::Connected) emit stateChanged(state_, QString());
        role_ = m.value("role"_L1).toString();
        if (state_ != State::Connected) {
            setState(State::Connected);
            scheduleRefresh();
        }
        return;
    }
    if (type == "read_only"_L1) {
        const QString since = m.value("since"_L1).toString();
        readOnlySince_ =
            since.isEmpty() ? QDateTime() : QDateTime::fromString(since, Qt::ISODateWithMs);
        readOnlyReason_ = readOnlySince_.isValid() ? m.value("reason"_L1).toString() : QString();
        emit stateChanged(state_, QString());
        return;
    }
    if (type == "error"_L1) {
        const int status = m.value("status"_L1).toInt();
        const QString message = m.value("message"_L1).toString();
        emit failed(tr("The event stream was refused: %1").arg(message));
        if (status == 401 || status == 403 || status == 409) {
            // The token is no longer valid, or the server holds another journal
            // (fewer events than seen here): retrying would not help.
            close();
            setState(State::Disconnected, message);
        }
        return;
    }
    if (type != "events"_L1) return;
    // For an admin, the journal rows behind the events say who sent each command.
    struct Sent {
        qint64 firstEvent, events;
        QString author;
    };
    std::vector<Sent> sent;
    for (const auto& v : m.value("journal"_L1).toArray()) {
        const QJsonObject row = v.toObject();
        const QJsonObject a = row.value("author"_L1).toObject();
        sent.push_back({row.value("first_event"_L1).toInteger(),
                        row.value("event_count"_L1).toInteger(),
                        authorText(a.value("name"_L1).toString(), a.value("role"_L1).toString(),
                                   a.value("host"_L1).toString())});
    }
    std::size_t row = 0;
    // Events follow the first line, one per line, exactly as the engine printed them.
    QList<EventRecord> events;
    const QList<QByteArray> lines =
        firstEnd < 0 ? QList<QByteArray>() : bytes.mid(firstEnd + 1).split('\n');
    for (const QByteArray& line : lines) {
        if (line.isEmpty()) continue;
        Event event;
        QString unreadable;
        if (!decodeEvent(line, event, &unreadable)) {
            // Not an event of the format: the server is not one we can follow.
            if (!events.isEmpty()) emit eventsApplied(events);
            emit failed(
                tr("The server sent an event this console cannot read: %1").arg(unreadable));
            stream_->abort();
            return;
        }
        EventRecord r(std::move(event), line);
        if (r.seq <= lastSeq_) continue;  // already delivered
        if (r.seq != lastSeq_ + 1) {
            // A gap: resume from the last event delivered.
            if (!events.isEmpty()) emit eventsApplied(events);
            stream_->abort();
            return;
        }
        while (row < sent.size() && sent[row].firstEvent + sent[row].events <= r.seq)
            ++row;
        if (row < sent.size() && sent[row].firstEvent <= r.seq) r.author = sent[row].author;
        lastSeq_ = r.seq;
        events.append(std::move(r));
    }
    if (events.isEmpty()) return;
    emit eventsApplied(events);
    scheduleRefresh();
}

void RemoteSession::onStreamClosed() {
    if (closing_) return;
    const QString why = stream_ ? stream_->closeReason() : QString();
    const int delay = std::min(kLastRetryMs, kFirstRetryMs << std::min(attempts_, 5));
    ++attempts_;
    // Several members: resume on the next one (after the last event seen).
    if (members_.size() > 1) {
        member_ = (member_ + 1) % static_cast<int>(members_.size());
        server_ = members_[member_];
    }
    setState(State::Reconnecting,
             why.isEmpty() ? tr("Connection lost; retrying in %1 ms").arg(delay)
                           : tr("Connection lost (%1); retrying in %2 ms").arg(why).arg(delay));
    reconnectTimer_->start(delay);
}

void RemoteSession::send(const QList<QByteArray>& commands) {
    if (state_ == State::Disconnected || role_.isEmpty()) {
        emit failed(tr("Not connected to a server."));
        return;
    }
    if (!canSend()) {
        emit failed(tr("This connection is read-only (role %1).").arg(role_));
        return;
    }
    QByteArray body;
    for (const QByteArray& c : commands) {
        const QByteArray t = c.trimmed();
        if (t.isEmpty() || t.startsWith('#')) continue;
        body += t + '\n';
    }
    if (body.isEmpty()) return;
    const quint64 generation = generation_;
    postCommands(body, false, [this, generation](QNetworkReply* reply) {
        if (generation != generation_) return;
        // The events arrive through the stream, so that each is delivered once.
        if (reply->error() != QNetworkReply::NoError)
            emit failed(tr("The server did not apply the commands: %1").arg(errorMessage(reply)));
    });
}

void RemoteSession::postCommands(const QByteArray& body, bool ndjson,
                                 std::function<void(QNetworkReply*)> done, QByteArray key,
                                 int attempt) {
    if (key.isEmpty()) key = QUuid::createUuid().toByteArray(QUuid::WithoutBraces);
    QNetworkRequest r = request(u"/commands"_s);
    r.setRawHeader("Content-Type", "application/x-ndjson");
    r.setRawHeader("Idempotency-Key", key);
    // The events alone, one per line exactly as the engine printed them: the
    // same bytes the log gets from the stream.
    if (ndjson) r.setRawHeader("Accept", "application/x-ndjson");
    QNetworkReply* reply = network_->post(r, body);
    connect(reply, &QNetworkReply::finished, this,
            [this, reply, body, ndjson, done = std::move(done), key, attempt]() mutable {
                reply->deleteLater();
                // A status whose body was cut off (the connection dropped:
                // a transport error, below 100) is an answer lost too: the
                // commands were applied, and only a resend tells their events.
                const bool answered =
                    reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).isValid() &&
                    (reply->error() == QNetworkReply::NoError ||
                     reply->error() >= QNetworkReply::ContentAccessDenied);
                // A follower whose writer is gone or being replaced says so
                // (503 naming no leader): the same key again once a new
                // writer took over, which takes seconds.
                const int status =
                    reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
                if (status == 503 && attempt + 1 < kFailoverSendings &&
                    QJsonDocument::fromJson(reply->peek(reply->bytesAvailable()))
                        .object()
                        .contains("leader"_L1)) {
                    QTimer::singleShot(
                        kFailoverRetryMs, this,
                        [this, body, ndjson, done = std::move(done), key, attempt]() mutable {
                            postCommands(body, ndjson, std::move(done), key, attempt + 1);
                        });
                    return;
                }
                if (answered || attempt + 1 >= kCommandSendings ||
                    reply->error() == QNetworkReply::OperationCanceledError) {
                    done(reply);
                    return;
                }
                QTimer::singleShot(
                    kFirstRetryMs << attempt, this,
                    [this, body, ndjson, done = std::move(done), key, attempt]() mutable {
                        postCommands(body, ndjson, std::move(done), key, attempt + 1);
                    });
            });
}

quint64 RemoteSession::submit(const QByteArray& command) {
    const quint64 ticket = ++lastTicket_;
    const QByteArray line = command.trimmed();
    QString refused;
    if (state_ == State::Disconnected || role_.isEmpty())
        refused = tr("Not connected to a server.");
    else if (!canSend())
        refused = tr("This connection is read-only (role %1).").arg(role_);
    if (!refused.isEmpty()) {
        // Answered after the caller has its ticket.
        QMetaObject::invokeMethod(
            this, [this, ticket, refused] { emit commandAnswered(ticket, {}, refused); },
            Qt::QueuedConnection);
        return ticket;
    }
    postCommands(line + '\n', true, [this, ticket](QNetworkReply* reply) {
        if (reply->error() != QNetworkReply::NoError) {
            emit commandAnswered(
                ticket, {},
                tr("The server did not apply the command: %1").arg(errorMessage(reply)));
            return;
        }
        // The log still gets these events once, from the stream.
        QString unreadable;
        const QList<EventRecord> events = eventRecords(reply->readAll(), QString(), &unreadable);
        if (!unreadable.isEmpty()) {
            emit commandAnswered(ticket, {},
                                 tr("The server's answer cannot be read: %1").arg(unreadable));
            return;
        }
        emit commandAnswered(ticket, events, QString());
    });
    return ticket;
}

quint64 RemoteSession::precheck(const QByteArray& command) {
    const quint64 ticket = nextPrecheck();
    if (state_ == State::Disconnected || role_.isEmpty() || !canSend()) {
        QMetaObject::invokeMethod(
            this, [this, ticket] { emit prechecked(ticket, PrecheckReply{}); },
            Qt::QueuedConnection);
        return ticket;
    }
    QNetworkRequest r = request(u"/precheck"_s);
    r.setHeader(QNetworkRequest::ContentTypeHeader, u"application/json"_s);
    QNetworkReply* reply = network_->post(r, command.trimmed());
    const quint64 generation = generation_;
    connect(reply, &QNetworkReply::finished, this, [this, reply, ticket, generation] {
        reply->deleteLater();
        PrecheckReply answer;
        if (generation == generation_ && reply->error() == QNetworkReply::NoError) {
            const QJsonObject o = QJsonDocument::fromJson(reply->readAll()).object();
            answer.known = o.value("accepted"_L1).isBool();
            answer.answer.duplicate = o.value("duplicate"_L1).toBool();
            answer.answer.message = o.value("message"_L1).toString().toStdString();
            answer.answer.waitlistHint = o.value("waitlist"_L1).toBool();
            const QString code = o.value("code"_L1).toString();
            if (!code.isEmpty()) {
                answer.answer.error = errorCodeFromName(code.toStdString());
                // A code this build does not know: leave the judgement to the send.
                if (!answer.answer.error) answer.known = false;
            }
            // The server's preview of an accepted command (docs/remote-api.md).
            const QJsonObject preview = o.value("preview"_L1).toObject();
            if (!preview.isEmpty()) {
                CommandPreview p;
                for (const QJsonValue& v : preview.value("events"_L1).toArray()) {
                    Event e;
                    if (decodeEvent(QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact), e))
                        p.events.push_back(std::move(e));
                }
                p.longestBefore = preview.value("longest_before"_L1).toInt(-1);
                p.longestAfter = preview.value("longest_after"_L1).toInt(-1);
                answer.preview = std::move(p);
            }
        }
        emit prechecked(ticket, answer);
    });
    return ticket;
}

void RemoteSession::focus(const QString& train, const QString& date) {
    // The deeper queues are the shown run's: another run starts at the heads.
    if (train != shownTrain_ || date != shownDate_) queueWindow_.deeper.clear();
    focusTrain_ = train;
    focusDate_ = date;
    if (!role_.isEmpty()) refresh();
}

void RemoteSession::showQueueRows(const QString& travelClass, int from, int to, int first,
                                  int rows) {
    // At most as many queues and rows as houbud reads in one query.
    const std::size_t wanted = std::min(static_cast<std::size_t>(std::max(rows, 0)), kMaxQueueRows);
    const std::size_t skipped =
        std::min(static_cast<std::size_t>(std::max(first, 0)), kMaxQueueFirst);
    if (queueWindow_.show(travelClass.toStdString(), from, to, skipped, wanted, kMaxDeeperQueues) &&
        !role_.isEmpty())
        refresh();
}

void RemoteSession::explain(const QString& orderId) {
    if (role_.isEmpty()) return;
    QNetworkReply* reply = network_->get(
        request(u"/orders/%1/why"_s.arg(QString::fromLatin1(QUrl::toPercentEncoding(orderId)))));
    const quint64 generation = generation_;
    connect(reply, &QNetworkReply::finished, this, [this, reply, generation, orderId] {
        reply->deleteLater();
        if (generation != generation_) return;
        if (reply->error() != QNetworkReply::NoError) {
            emit failed(errorMessage(reply));
            return;
        }
        emit whyWaiting(
            orderId, fromJsonArray<WaitReason>(QJsonDocument::fromJson(reply->readAll()).array()));
    });
}

void RemoteSession::forecast(const QStringList& orders, int minutes) {
    forecastMinutes_ = minutes;
    forecastQueue_.clear();
    QSet<QString> seen;
    for (const QString& id : orders)
        if (!id.isEmpty() && !seen.contains(id)) {
            seen.insert(id);
            forecastQueue_.append(id);
        }
    forecastDone_ = 0;
    forecastTotal_ = static_cast<int>(forecastQueue_.size());
    emit forecastProgress(0, forecastTotal_);
    if (!forecastInFlight_ && !forecastTimer_->isActive()) forecastNext();
}

void RemoteSession::forecastNext() {
    if (role_.isEmpty() || forecastQueue_.isEmpty() || forecastInFlight_) return;
    const QString order = forecastQueue_.takeFirst();
    QUrlQuery q;
    // Until the shown clock plus the horizon; an unknown clock asks to expiry.
    if (const auto now = parseTime(clock_.toStdString()))
        q.addQueryItem(u"until"_s,
                       QString::fromStdString(formatTime(*now + Time{forecastMinutes_} * 60)));
    QNetworkReply* reply = network_->get(request(u"/orders/%1/forecast?%2"_s.arg(
        QString::fromLatin1(QUrl::toPercentEncoding(order)), q.toString(QUrl::FullyEncoded))));
    forecastInFlight_ = true;
    QElapsedTimer took;
    took.start();
    const quint64 generation = generation_;
    const qint64 seq = shownSeq_;
    const QString clock = clock_;
    connect(reply, &QNetworkReply::finished, this, [=, this] {
        reply->deleteLater();
        if (generation != generation_) return;
        forecastInFlight_ = false;
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        OrderForecast f;
        f.order = order;
        f.seq = seq;
        f.clock = clock;
        Event e;
        if (reply->error() == QNetworkReply::NoError && decodeEvent(reply->readAll(), e) &&
            e.kind == EventKind::Forecast) {
            f.value = e.forecast;
        } else if (status == 404 || status == 409 || status == 400) {
            // The engine's refusal: an order that no longer waits (409) is
            // shown as such; one the server does not know (404) likewise.
            f.error = status == 409   ? ErrorCode::OrderClosed
                      : status == 404 ? ErrorCode::UnknownOrder
                                      : ErrorCode::BadCommand;
        } else {
            // Unreachable or refused (rate limit, restart): the rest waits
            // for the next request of the views, which asks again.
            forecastQueue_.clear();
            emit forecastProgress(forecastTotal_, forecastTotal_);
            return;
        }
        ++forecastDone_;
        emit forecasted({f});
        emit forecastProgress(forecastDone_, forecastTotal_);
        if (!forecastQueue_.isEmpty()) forecastTimer_->start(static_cast<int>(took.elapsed()));
    });
}

void RemoteSession::forecastRun(const QString& train, const QString& date, int minutes) {
    if (role_.isEmpty()) {
        emit runForecasted(train, date, {});
        return;
    }
    // Minutes after the server's clock: the one shown may lag behind it.
    QUrlQuery q;
    q.addQueryItem(u"minutes"_s, QString::number(minutes));
    QNetworkReply* reply = network_->get(request(u"/runs/%1/%2/forecast?%3"_s.arg(
        QString::fromLatin1(QUrl::toPercentEncoding(train)),
        QString::fromLatin1(QUrl::toPercentEncoding(date)), q.toString(QUrl::FullyEncoded))));
    emit runForecastProgress(train, date, 0, 1);
    const quint64 generation = generation_;
    const qint64 seq = shownSeq_;
    const QString clock = clock_;
    connect(reply, &QNetworkReply::finished, this, [=, this] {
        reply->deleteLater();
        if (generation != generation_) return;
        emit runForecastProgress(train, date, 1, 1);
        QList<OrderForecast> answers;
        const QJsonObject body = QJsonDocument::fromJson(reply->readAll()).object();
        // Unreachable or refused (rate limit, restart): no answers; the
        // views ask again once the state moves on.
        if (reply->error() == QNetworkReply::NoError) {
            const QJsonArray orders = body.value("orders"_L1).toArray();
            answers.reserve(orders.size());
            for (const QJsonValue& o : orders) {
                const QJsonObject a = o.toObject();
                const auto by = parseTime(a.value("by"_L1).toString().toStdString());
                if (!by) continue;
                OrderForecast f;
                f.order = a.value("id"_L1).toString();
                f.value = ForecastValue{
                    static_cast<int>(std::lround(100 * a.value("probability"_L1).toDouble())),
                    static_cast<int>(std::lround(100 * a.value("low"_L1).toDouble())),
                    static_cast<int>(std::lround(100 * a.value("high"_L1).toDouble())), *by,
                    a.value("basis"_L1).toString().toStdString()};
                f.seq = seq;
                f.clock = clock;
                f.wholeRun = true;
                answers.append(std::move(f));
            }
        }
        emit runForecasted(train, date, answers);
    });
}

void RemoteSession::scheduleRefresh() {
    // News cuts a retry's backoff short.
    if (!refreshTimer_->isActive() || refreshTimer_->remainingTime() > kRefreshMs)
        refreshTimer_->start(kRefreshMs);
}

void RemoteSession::refresh() {
    if (refreshing_) {
        refreshAgain_ = true;
        return;
    }
    refreshing_ = true;
    QUrlQuery q;
    if (!focusTrain_.isEmpty()) {
        q.addQueryItem(u"train"_s, QString::fromLatin1(QUrl::toPercentEncoding(focusTrain_)));
        q.addQueryItem(u"date"_s, QString::fromLatin1(QUrl::toPercentEncoding(focusDate_)));
    }
    addQueueWindow(q, queueWindow_);
    QNetworkReply* reply = network_->get(request(u"/snapshot?"_s + q.toString(QUrl::FullyEncoded)));
    const quint64 generation = generation_;
    connect(reply, &QNetworkReply::finished, this, [this, reply, generation] {
        reply->deleteLater();
        if (generation != generation_) {
            refreshing_ = false;
            return;
        }
        refreshing_ = false;
        bool behind = false;
        if (reply->error() == QNetworkReply::NoError) {
            const QJsonObject o = QJsonDocument::fromJson(reply->readAll()).object();
            auto snap = std::make_shared<ConsoleSnapshot>();
            snap->lastSeq = o.value("last_seq"_L1).toInteger();
            snap->clock = o.value("clock"_L1).toString();
            clock_ = snap->clock;
            shownSeq_ = snap->lastSeq;
            snap->journalLength = o.value("journal_length"_L1).toInteger();
            snap->runs = fromJsonArray<RunSummary>(o.value("runs"_L1).toArray());
            fromJson(o.value("limits"_L1).toObject(), snap->limits);
            fromJson(o.value("run"_L1).toObject(), snap->run);
            if (QString::fromStdString(snap->run.train) != shownTrain_ ||
                QString::fromStdString(snap->run.date) != shownDate_) {
                // Another run than the deeper queues were asked on (the
                // first one, when the focus named none).
                if (!shownTrain_.isEmpty()) queueWindow_.deeper.clear();
                shownTrain_ = QString::fromStdString(snap->run.train);
                shownDate_ = QString::fromStdString(snap->run.date);
            }
            snap->seats = fromJsonArray<SeatView>(o.value("seats"_L1).toArray());
            for (QueueView& q : fromJsonArray<QueueView>(o.value("queues"_L1).toArray()))
                snap->queues.push_back(std::make_shared<const QueueView>(std::move(q)));
            if (o.contains("hot_queues"_L1)) {
                // houbud ranks the queues for every /snapshot: always current.
                snap->hotQueues = std::make_shared<const std::vector<HotQueue>>(
                    fromJsonArray<HotQueue>(o.value("hot_queues"_L1).toArray()));
                snap->rankedSeq = snap->lastSeq;
            }
            snap->standingTickets =
                fromJsonArray<StandingTicketView>(o.value("standing_tickets"_L1).toArray());
            // A read behind the stream (the server answered from before its
            // newest events) counts as a failed one: the grid must catch up.
            behind = shownSeq_ < lastSeq_;
            emit snapshotChanged(std::move(snap));
        } else {
            // The stream notices a lost server and reconnects; a refused read is news.
            const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            if (status && state_ == State::Connected) emit failed(errorMessage(reply));
            behind = true;
        }
        if (behind && !closing_) {
            // Without another read the grid would stay behind the log until
            // the next event, which may never come: ask again, backing off.
            refreshAgain_ = false;
            refreshTimer_->start(
                std::min(kLastRetryMs, kFirstRetryMs << std::min(refreshFailures_, 5)));
            ++refreshFailures_;
            return;
        }
        refreshFailures_ = 0;
        if (refreshAgain_) {
            refreshAgain_ = false;
            scheduleRefresh();
        }
    });
}

}  // namespace houbu
