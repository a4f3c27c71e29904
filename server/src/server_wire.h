#pragma once
// What houbud's answers and stream messages are made of: status lines,
// compact JSON, event lines joined into arrays, journal rows for admins.

#include <QByteArray>
#include <QByteArrayView>
#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include "houbu/store.h"

class QHttpServerRequest;

namespace houbu {

// Unsent bytes of a stream: a catching-up client gets its next page below
// kCatchUpBytes; a live client above kSlowClientBytes is closed.
constexpr qint64 kCatchUpBytes = 4 << 20;
constexpr qint64 kSlowClientBytes = 64 << 20;
// How often the server asks whether the store commits (read-only mode), and
// the Retry-After of a command refused meanwhile: the store retries every 2 s
// at most, so a client that waits this long finds it back or still down.
constexpr int kStoreCheckMs = 100;
constexpr int kReadOnlyRetryAfter = 5;
// How late an address over its budget of refusals gets each 429.
constexpr int kRefusedPauseMs = 1000;
// Idempotency-Key: long enough for a UUID or a client's own scheme.
constexpr qsizetype kMaxRequestKey = 128;

// A stream message of events: this line, then one event per line, exactly as
// the engine printed them.
constexpr QByteArrayView kEventsHeader = "{\"type\":\"events\"}\n";

// The reason phrase of an HTTP status.
QByteArray reason(int status);
QByteArray compact(const QJsonObject& o);
QByteArray compact(const QJsonArray& a);
// The seq of one event line ({"seq":N,...}); 0 when absent.
qint64 seqOf(QByteArrayView line);
// JSON Lines -> the body of a JSON array ("a,b,c"), keeping only events after `after`.
QByteArray joinEvents(QByteArrayView lines, qint64 after, qint64* last = nullptr,
                      char separator = ',');
// A journal row as an admin reads it (/events, the stream): who sent the
// command whose events these are, and when it was journaled.
QJsonObject journalRow(qint64 seq, qint64 firstEvent, int eventCount, const Author& author,
                       qint64 journaledAtMs);
// The journal rows whose commands produced the events after `after` up to `last`.
bool journalRows(Store& store, qint64 after, qint64 last, QJsonArray& rows, QString& message);
// The stream's header for an admin: the events and the journal rows behind them.
QByteArray eventsHeaderWith(const QJsonArray& journal);
QString peer(const QHttpServerRequest& request);
QString methodName(const QHttpServerRequest& request);

}  // namespace houbu
