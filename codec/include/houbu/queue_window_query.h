#pragma once
// A QueueWindow in a URL query, as the console asks houbud for a run's queues
// (docs/remote-api.md): `rows=N` for every queue, and one
// `deeper=CLASS:FROM:TO:ROWS` per queue read further from its head, or
// `deeper=CLASS:FROM:TO:ROWS@FIRST` for ROWS orders after rank FIRST.

#include <QString>
#include <QUrlQuery>

#include "houbu/views.h"

namespace houbu {

// What one read of a run's queues may cost the engine's thread, whatever a
// client asks: the most `deeper` items, the most rows of one queue (also
// the rows read when a query names none), and the most rows the deeper
// queues may add up to. A console scrolls one queue at a time.
inline constexpr std::size_t kMaxDeeperQueues = 64;
inline constexpr std::size_t kMaxQueueRows = 100'000;
inline constexpr std::size_t kMaxDeeperRows = 200'000;
// Past a queue's end a window shows its last rows; skipping costs a step per
// order skipped, so no more than the most orders one engine holds.
inline constexpr std::size_t kMaxQueueFirst = 100'000'000;

void addQueueWindow(QUrlQuery& query, const QueueWindow& window);
// Reads the window of a query (kMaxQueueRows of each queue when it names
// none). False, with `error` naming the bad item, when the query's window is
// malformed or asks for more than the limits above.
bool readQueueWindow(const QUrlQuery& query, QueueWindow& window, QString& error);

}  // namespace houbu
