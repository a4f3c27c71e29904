// A snapshot's history: the events of the commands before it, kept with it
// so that a store opened from it holds the recent past in memory. Without
// it the console's log started empty after a snapshot at the journal's end
// (every close takes one), or the open went back to an older snapshot: on a
// whole day, snapshots lie tens of millions of commands apart, and that
// replay tripled the time to open.

#include <QDataStream>
#include <utility>
#include <vector>

#include <zstd.h>

#include "store_impl.h"

namespace houbu {

using namespace Qt::StringLiterals;

namespace {

// zstd's fast end: the history is written on the database thread, between
// commits, once a snapshot (32 MB of events at most, a few MB packed).
constexpr int kHistoryLevel = 1;

}  // namespace

void StoreImpl::captureHistory(qint64 snapshot) {
    // The events are shared, not copied (QByteArray).
    snapshotHistory.clear();
    for (const RecentCommand& r : recent)
        if (r.seq <= snapshot) snapshotHistory.push_back(r);
}

void StoreImpl::keepHistory(qint64 snapshot) {
    const std::vector<RecentCommand> kept = std::exchange(snapshotHistory, {});
    QByteArray plain;
    {
        QDataStream index(&plain, QIODevice::WriteOnly);
        index << qint32(kept.size());
        for (const RecentCommand& r : kept)
            index << r.seq << r.firstEvent << qint32(r.events.size());
    }
    qsizetype payload = 0;
    for (const RecentCommand& r : kept) {
        plain += r.events;
        payload += r.events.size();
    }
    if (payload == 0) return;
    QByteArray packed(static_cast<qsizetype>(ZSTD_compressBound(plain.size())), Qt::Uninitialized);
    const std::size_t size =
        ZSTD_compress(packed.data(), packed.size(), plain.constData(), plain.size(), kHistoryLevel);
    if (ZSTD_isError(size)) return;  // no history: the log starts at the snapshot
    packed.truncate(static_cast<qsizetype>(size));
    sql.write(u"INSERT INTO snapshot_history (journal_seq, bytes) VALUES (?, ?)"_s,
              {snapshot, packed});
}

void StoreImpl::restoreHistory(qint64 snapshot, qint64 lastEvent) {
    QSqlQuery q =
        sql.exec(u"SELECT bytes FROM snapshot_history WHERE journal_seq = ?"_s, {snapshot});
    if (!q.next()) return;
    const QByteArray packed = q.value(0).toByteArray();
    q.finish();
    const unsigned long long plainSize =
        ZSTD_getFrameContentSize(packed.constData(), packed.size());
    // A history is derived data: one that does not read back whole, or does
    // not end where the snapshot does, is left out rather than trusted.
    // A writer keeps at most recentEventBytes of events (and an index of a
    // few bytes a commit): a frame claiming far more is not one of ours.
    const auto most = static_cast<unsigned long long>(2 * options.recentEventBytes + (64 << 20));
    if (plainSize == ZSTD_CONTENTSIZE_ERROR || plainSize == ZSTD_CONTENTSIZE_UNKNOWN ||
        plainSize > most)
        return;
    QByteArray plain(static_cast<qsizetype>(plainSize), Qt::Uninitialized);
    const std::size_t got =
        ZSTD_decompress(plain.data(), plain.size(), packed.constData(), packed.size());
    if (ZSTD_isError(got) || got != plainSize) return;
    QDataStream index(plain);
    qint32 count = 0;
    index >> count;
    if (count <= 0) return;
    // The index, then each commit's events from where the index ends, one
    // after another with no gap in their numbers.
    std::vector<RecentCommand> kept;
    std::vector<qint32> sizes;
    for (qint32 k = 0; k < count; ++k) {
        RecentCommand r;
        qint32 bytes = 0;
        index >> r.seq >> r.firstEvent >> bytes;
        if (index.status() != QDataStream::Ok || bytes <= 0 ||
            (!kept.empty() && r.seq <= kept.back().seq))
            return;
        kept.push_back(std::move(r));
        sizes.push_back(bytes);
    }
    qsizetype offset = index.device()->pos();
    qint64 expected = kept.front().firstEvent;
    for (std::size_t k = 0; k < kept.size(); ++k) {
        if (kept[k].firstEvent != expected || sizes[k] > plain.size() - offset) return;
        kept[k].events = plain.sliced(offset, sizes[k]);
        offset += sizes[k];
        expected += kept[k].events.count('\n');
    }
    if (offset != plain.size()) return;
    // (The last commits before the snapshot may have had no events: the
    // events, not the seqs, must reach the snapshot's last one.)
    if (kept.back().seq > snapshot || expected != lastEvent + 1) return;
    for (RecentCommand& r : kept)
        remember(r.seq, r.firstEvent, std::move(r.events));
}

}  // namespace houbu
