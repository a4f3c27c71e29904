#include "server_wire.h"

#include <QDateTime>
#include <QHttpServerRequest>
#include <QJsonDocument>

namespace houbu {

using namespace Qt::StringLiterals;

QByteArray reason(int status) {
    switch (status) {
        case 200:
            return "OK";
        case 307:
            return "Temporary Redirect";
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
QByteArray joinEvents(QByteArrayView lines, qint64 after, qint64* last, char separator) {
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

}  // namespace houbu
