#include "houbu/server.h"

#include <QDateTime>
#include <QHttpServerRequest>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMetaObject>
#include <QTcpSocket>
#include <QTimer>
#include <QUrl>
#include <QUrlQuery>
#include <QWebSocket>
#include <algorithm>
#include <cctype>
#include <cmath>
#include <mutex>

#include "connection_guard.h"
#include "houbu/codec.h"
#include "houbu/precheck.h"
#include "houbu/queue_window_query.h"
#include "houbu/run_forecast.h"
#include "refusal_limiter.h"
#include "refusal_log.h"
#include "server_wire.h"
#include "stream_client.h"
#include "writer.h"

namespace houbu {

using namespace Qt::StringLiterals;

namespace {
// A run's forecast draws every path to its horizon on the writer's turn.
constexpr int kMaxRunForecastMinutes = 24 * 60;

// A forecast's `until` and `seed` from a query (both optional), or why not.
struct ForecastQuery {
    std::optional<Time> until;
    std::optional<std::uint64_t> seed;
    QString problem;
};

ForecastQuery readForecastQuery(const QUrlQuery& query) {
    ForecastQuery out;
    if (query.hasQueryItem(u"until"_s)) {
        out.until = parseTime(query.queryItemValue(u"until"_s, QUrl::FullyDecoded).toStdString());
        if (!out.until) {
            out.problem = u"until must be a time such as 2024-01-25T08:30"_s;
            return out;
        }
    }
    if (query.hasQueryItem(u"seed"_s)) {
        bool ok = false;
        const qlonglong seed = query.queryItemValue(u"seed"_s).toLongLong(&ok);
        if (!ok || seed < 0 || seed > 2147483647)
            out.problem = u"seed must be a whole number from 0 to 2147483647"_s;
        else
            out.seed = static_cast<std::uint64_t>(seed);
    }
    return out;
}
}  // namespace

// ---- answering -----------------------------------------------------------------------

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
    const QString client = slot.connection ? slot.connection->client() : peer(request);
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    // Over its budget of refusals: answered 429 before any token is checked,
    // not logged (the flood is what it would cost), and a second late on the
    // same connection: a client that waits for its answers then sends one a
    // second, where closing would only make it reconnect at once.
    if (!refusalLimiter_->allowed(client, now)) {
        Reply r = error(429, u"too many refused requests from this address; slow down"_s);
        r.headers.append(std::pair<QByteArray, QByteArray>("Retry-After", "1"));
        QTimer::singleShot(kRefusedPauseMs, this, [this, slot, r = std::move(r)]() mutable {
            respond(slot, std::move(r));
        });
        return true;
    }
    auto refuse = [&](Reply r) {
        if (r.status >= 400 && r.status < 500 && r.status != 429 &&
            refusalLimiter_->refused(client, now))
            refusals_->refused(429, u"refusals from "_s + client +
                                        u" beyond %1 a second: answered 429 and closed"_s.arg(
                                            options_.refusalRate));
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
        respond(slot, healthAnswer());
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
        // Past events come from the journal (or the writer's tail, which it
        // may extend as the held group commits): not while read-only.
        if (degraded_) {
            Reply r = readOnlyRefusal();
            respond(slot, std::move(r));
            return;
        }
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
        QueueWindow window;
        if (QString message; !readQueueWindow(query, window, message)) {
            respond(slot, error(400, message));
            return;
        }
        job = [train, date, window](Writer& w) {
            Reply r;
            r.body = w.snapshot(train, date, window);
            return r;
        };
    } else if (parts.size() == 1 && parts[0] == "runs"_L1) {
        job = [](Writer& w) {
            Reply r;
            r.body = compact(toJsonArray(w.store->engine().runSummaries()));
            return r;
        };
    } else if (parts.size() == 4 && parts[0] == "runs"_L1 && parts[3] == "forecast"_L1) {
        // Every order queued on the run forecast at once (Engine::forecastRun,
        // docs/forecast.md "A whole run"): a read, viewers may ask. Drawn
        // whole on the writer's turn: tens of milliseconds on a 1/25 day.
        const std::string train = parts[1].toStdString(), date = parts[2].toStdString();
        const ForecastQuery asked = readForecastQuery(query);
        if (!asked.problem.isEmpty()) {
            respond(slot, error(400, asked.problem));
            return;
        }
        const std::optional<Time> until = asked.until;
        const std::uint64_t seed = asked.seed.value_or(1);
        // Or minutes after the engine's clock, whatever the client last saw.
        int minutes = 30;
        if (query.hasQueryItem(u"minutes"_s)) {
            bool ok = false;
            minutes = query.queryItemValue(u"minutes"_s).toInt(&ok);
            if (!ok || minutes < 1 || minutes > kMaxRunForecastMinutes || until) {
                respond(slot, error(400,
                                    u"minutes must be a whole number from 1 to %1, "
                                    u"without until"_s.arg(kMaxRunForecastMinutes)));
                return;
            }
        }
        job = [train, date, until, minutes, seed](Writer& w) {
            const Engine& e = w.store->engine();
            RunView view;
            if (!e.run(train, date, view))
                return error(404, u"no train run %1 on %2"_s.arg(QString::fromStdString(train),
                                                                 QString::fromStdString(date)));
            const Time by = until.value_or(e.clock() + Time{minutes} * kMinute);
            // Its paths never end early: the horizon bounds the writer's turn.
            if (by <= e.clock() || by > e.clock() + Time{kMaxRunForecastMinutes} * kMinute)
                return error(400,
                             u"until must be after the engine's clock, %1, by %2 minutes "
                             u"at most"_s.arg(QString::fromStdString(formatTime(e.clock())))
                                 .arg(kMaxRunForecastMinutes));
            std::unique_ptr<RunForecast> forecast = e.forecastRun(train, date, by, seed);
            while (!forecast->advance(64)) {
            }
            QJsonArray orders;
            for (const RunOrderForecast& a : forecast->answers())
                orders.append(QJsonObject{
                    {u"id"_s, QString::fromStdString(a.order)},
                    {u"probability"_s, a.value.probability / 100.0},
                    {u"low"_s, a.value.low / 100.0},
                    {u"high"_s, a.value.high / 100.0},
                    {u"by"_s, QString::fromStdString(formatTime(a.value.by))},
                    {u"basis"_s, QString::fromStdString(a.value.basis)},
                });
            Reply r;
            r.body = compact(QJsonObject{
                {u"train"_s, QString::fromStdString(train)},
                {u"date"_s, QString::fromStdString(date)},
                {u"at"_s, QString::fromStdString(formatTime(forecast->clock()))},
                {u"until"_s, QString::fromStdString(formatTime(by))},
                {u"seq"_s, static_cast<qint64>(forecast->seq())},
                {u"orders"_s, orders},
            });
            return r;
        };
    } else if (parts.size() >= 3 && parts.size() <= 4 && parts[0] == "runs"_L1) {
        const std::string train = parts[1].toStdString(), date = parts[2].toStdString();
        const QString what = parts.size() == 4 ? parts[3] : QString();
        if (!what.isEmpty() && what != "seats"_L1 && what != "queues"_L1) {
            respond(slot, error(404, u"no such endpoint: %1"_s.arg(path)));
            return;
        }
        QueueWindow window;
        if (QString message; what == "queues"_L1 && !readQueueWindow(query, window, message)) {
            respond(slot, error(400, message));
            return;
        }
        job = [train, date, what, window](Writer& w) {
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
                r.body = compact(toJsonArray(e.queues(train, date, window)));
            return r;
        };
    } else if (parts.size() == 3 && parts[0] == "orders"_L1 && parts[2] == "forecast"_L1) {
        // A read: viewers may ask. Answered from the engine as it is (no
        // timer fired, nothing journaled), like a degraded server's queries.
        Command c;
        c.op = Op::Forecast;
        c.id = parts[1].toStdString();
        const ForecastQuery asked = readForecastQuery(query);
        if (!asked.problem.isEmpty()) {
            respond(slot, error(400, asked.problem));
            return;
        }
        c.until = asked.until;
        c.seed = asked.seed;
        job = [c](Writer& w) {
            struct Answer : EventSink {
                void onEvent(const Event& e) override { event = e; }
                Event event;
            } answer;
            w.store->engine().answerQuery(c, 0, answer);
            if (answer.event.kind == EventKind::Error) {
                const int status = answer.event.code == ErrorCode::UnknownOrder  ? 404
                                   : answer.event.code == ErrorCode::OrderClosed ? 409
                                                                                 : 400;
                return error(status, QString::fromStdString(answer.event.message));
            }
            Reply r;
            r.body = encodeEvent(answer.event);
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
    // Read-your-writes: a read of the state (not of the events, whose
    // `after` pages) carrying `after` waits until that event was applied
    // here, as a follower may be behind its writer.
    if (parts[0] != "events"_L1 && query.hasQueryItem(u"after"_s)) {
        qint64 after = 0;
        if (badNumber(u"after"_s, after, 0)) {
            respond(slot, error(400, u"'after' must be a non-negative event seq"_s));
            return;
        }
        if (waitForSeq(after, slot, job)) return;
    }
    dispatchRead(slot, std::move(job));
}

// ---- commands -----------------------------------------------------------------------------

namespace {

// Engine::previewCommand as JSON: {"events": [...], "longest_before": N,
// "longest_after": N}.
QJsonObject previewJson(Engine& engine, const Command& command) {
    const CommandPreview p = engine.previewCommand(command, 0);
    QJsonArray events;
    for (const Event& e : p.events)
        events.append(QJsonDocument::fromJson(encodeEvent(e)).object());
    return QJsonObject{{"events"_L1, events},
                       {"longest_before"_L1, p.longestBefore},
                       {"longest_after"_L1, p.longestAfter}};
}

}  // namespace

void Server::handlePrecheck(const QHttpServerRequest& request, const Slot& slot) {
    const QByteArray line = request.body().trimmed();
    // One command: a dialog asks before it sends, so a line is all it needs.
    if (line.size() > options_.maxBody || line.contains('\n')) {
        respond(slot, error(400, u"precheck takes one command line of at most %1 bytes"_s.arg(
                                     options_.maxBody)));
        return;
    }
    // An accepted command that changes state is also previewed, on the
    // writer's thread only (it applies and takes back): its events and its
    // run's longest queue before and after, for the dialog's preview line.
    // Not journaled, like the precheck itself.
    auto judge = [line](Writer* w, bool mayPreview) {
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
            if (mayPreview && p.accepted() && !isQuery(parsed.command->op))
                answer.insert("preview"_L1,
                              previewJson(w->store->engineInPlace(), *parsed.command));
        }
        answer.insert("last_seq"_L1, w->lastSeq());
        Reply r;
        r.body = compact(answer);
        return r;
    };
    // Read-only: the writer waits for the store, the engine is read here.
    if (degraded_) {
        Reply r = judge(writer_, false);
        r.headers.append(std::pair<QByteArray, QByteArray>("Houbu-Journaled", "false"));
        respond(slot, std::move(r));
        return;
    }
    QMetaObject::invokeMethod(writer_, [this, w = writer_, slot, judge] {
        Reply r = judge(w, true);
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
    if (degraded_) {
        answerFromMemory(post);
        return;
    }
    if (options_.follow) {
        answerOnFollower(post);
        return;
    }
    enqueue(std::move(post));
}

void Server::enqueue(PendingPost post) {
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

}  // namespace houbu
