#pragma once
// A QueueWindow in a URL query, as the console asks houbud for a run's queues
// (docs/remote-api.md): `rows=N` for every queue, and one
// `deeper=CLASS:FROM:TO:ROWS` per queue read further.

#include <QString>
#include <QUrlQuery>

#include "houbu/views.h"

namespace houbu {

// The most `deeper` items a query may carry, and the most rows it may ask
// of one queue: a console scrolls one queue at a time.
inline constexpr std::size_t kMaxDeeperQueues = 64;
inline constexpr std::size_t kMaxQueueRows = 10'000'000;

void addQueueWindow(QUrlQuery& query, const QueueWindow& window);
// Reads the window of a query (all rows when it names none). False, with
// `error` naming the bad item, when the query's window is malformed.
bool readQueueWindow(const QUrlQuery& query, QueueWindow& window, QString& error);

}  // namespace houbu
