// The journal read back: its blocks, the events re-derived from them, and
// the chain checked on the way.

#include <algorithm>
#include <utility>

#include "journal_chain.h"
#include "store_impl.h"

namespace houbu {

using namespace Qt::StringLiterals;

namespace {

// Blocks read per statement: a page is held whole (PostgreSQL's driver would
// end an open read at the next statement on the connection).
constexpr int kBlocksPerPage = 32;

}  // namespace

void StoreImpl::forEachBlock(qint64 from, qint64 to, const std::function<bool(StoredBlock&)>& use) {
    // The block holding `from`: the last one starting at or before it.
    qint64 start = 1;
    {
        QSqlQuery q = sql.exec(
            u"SELECT COALESCE(MAX(first_seq), 1) FROM journal_blocks WHERE first_seq <= ?"_s,
            {from});
        if (q.next()) start = q.value(0).toLongLong();
    }
    for (;;) {
        // The rows of a page are read first (a caller may run SQL of its
        // own), and each body is unpacked only when its block is used: a
        // caller reading a few rows (the console's history, 5,000 events a
        // page) stops long before the 32 blocks of 512 commands are done.
        struct Packed {
            StoredBlock block;
            QByteArray body;
            int packing = 0;
        };
        std::vector<Packed> page;
        {
            QSqlQuery q = sql.exec(
                u"SELECT first_seq, last_seq, first_event, journaled_at, packing, body, chain "
                u"FROM journal_blocks WHERE first_seq >= ? AND first_seq <= ? ORDER BY first_seq "
                u"LIMIT %1"_s.arg(kBlocksPerPage),
                {start, to});
            while (q.next()) {
                Packed p;
                p.block.firstSeq = q.value(0).toLongLong();
                p.block.lastSeq = q.value(1).toLongLong();
                p.block.firstEvent = q.value(2).toLongLong();
                p.block.journaledAt = q.value(3).toLongLong();
                p.packing = q.value(4).toInt();
                p.body = q.value(5).toByteArray();
                p.block.chain = q.value(6).toByteArray();
                page.push_back(std::move(p));
            }
        }
        if (page.empty()) return;
        for (Packed& p : page) {
            StoredBlock& b = p.block;
            const auto body = packer->unpack(std::exchange(p.body, {}), p.packing);
            QString why;
            if (!body)
                b.damage = u"its commands cannot be unpacked (packing %1)"_s.arg(p.packing);
            else if (!JournalBlock::decode(*body, b.commands, why))
                b.damage = why;
            else if (static_cast<qint64>(b.commands.size()) != b.lastSeq - b.firstSeq + 1)
                b.damage = u"its block holds %1 commands for journal seqs %2 to %3"_s
                               .arg(b.commands.size())
                               .arg(b.firstSeq)
                               .arg(b.lastSeq);
            if (!use(b)) return;
        }
        // A damaged table can give the same rows again (or rows out of order):
        // stop rather than read them forever; the caller finds seqs missing.
        const qint64 last = page.back().block.firstSeq;
        if (last < start || last >= to) return;
        start = last + 1;
    }
}

QByteArray StoreImpl::linkAt(qint64 seq) {
    if (seq <= 0) return JournalChain::origin();
    QSqlQuery q = sql.exec(
        u"SELECT chain FROM journal_blocks WHERE last_seq = ? AND first_seq = "
        u"(SELECT MAX(first_seq) FROM journal_blocks WHERE first_seq <= ?)"_s,
        {seq, seq});
    if (q.next()) return q.value(0).toByteArray();
    problem(u"journal seq %1 is missing or does not end a journal block"_s.arg(seq));
    return JournalChain::origin();
}

QString StoreImpl::replayBlock(Engine& target, const StoredBlock& block, qint64 from,
                               qint64& previous, QByteArray& link, const QString& against,
                               const std::function<bool(qint64, qint64, const QByteArray&)>& each,
                               EventSink* also) {
    // A block that ends before `from` (the one forEachBlock starts with) is not replayed.
    if (block.lastSeq < from || block.lastSeq <= previous) return {};
    if (!block.damage.isEmpty())
        return u"journal seq %1 disagrees with %2: %3"_s.arg(std::max(block.firstSeq, from))
            .arg(against, block.damage);
    qint64 seq = block.firstSeq;
    for (const JournalCommand& c : block.commands) {
        if (seq < from || seq <= previous) {
            ++seq;
            continue;
        }
        if (seq != previous + 1)
            return u"journal seq %1 is missing (the next row is %2)"_s.arg(previous + 1).arg(seq);
        const qint64 firstEvent = static_cast<qint64>(target.lastSeq()) + 1;
        // One buffer for every command replayed here: it keeps its room.
        thread_local Capture replayed;
        replayed.out.clear();
        replayed.also = also;
        feedLine(target, c.command, c.line, replayed);
        link.resize(JournalChain::kLinkSize);  // detached, and never shorter (a damaged row)
        JournalChain::advance(link, seq, c.line, c.command, replayed.out, link.data());
        if (JournalBlock::locatorOf(link) != c.locator)
            return u"journal seq %1 disagrees with %2: the row, a row before it or the events it "
                   u"produced changed (its command: %3)"_s.arg(seq)
                       .arg(against, QString::fromUtf8(c.command.left(300)));
        previous = seq;
        if (each && !each(seq, firstEvent, replayed.out)) return {};
        ++seq;
    }
    if (previous == block.lastSeq && link != block.chain)
        return u"journal seq %1 disagrees with %2: the row, a row before it or the events it "
               u"produced changed (its command: %3)"_s.arg(block.lastSeq)
                   .arg(against, QString::fromUtf8(block.commands.back().command.left(300)));
    return {};
}

qint64 StoreImpl::rowOfEvent(qint64 eventSeq) {
    QSqlQuery q = sql.exec(
        u"SELECT first_seq FROM journal_blocks WHERE first_event <= ? ORDER BY first_event DESC, "
        u"first_seq DESC LIMIT 1"_s,
        {eventSeq});
    if (!q.next()) return 1;
    const qint64 first = q.value(0).toLongLong();
    q.finish();
    qint64 found = first;
    forEachBlock(first, first, [&](StoredBlock& b) {
        if (!b.damage.isEmpty())
            throw SqlFailure{u"journal seq %1: %2"_s.arg(b.firstSeq).arg(b.damage)};
        qint64 event = b.firstEvent, seq = b.firstSeq;
        for (const JournalCommand& c : b.commands) {
            if (event > eventSeq) break;
            found = seq;
            event += c.eventCount;
            ++seq;
        }
        return false;
    });
    return found;
}

std::unique_ptr<Engine> StoreImpl::engineBefore(qint64 journalSeq, JournalEntry& row,
                                                QString& error) {
    if (journalSeq < 1 || journalSeq > committedSeq) {
        error = u"there is no journal seq %1"_s.arg(journalSeq);
        return nullptr;
    }
    try {
        qint64 seq = 0;
        std::unique_ptr<Engine> engine = newestSnapshotBefore(journalSeq, seq, false);
        QByteArray link = linkAt(seq);
        QString broken;
        bool found = false;
        forEachBlock(std::min(seq + 1, journalSeq), journalSeq, [&](StoredBlock& block) {
            if (block.damage.isEmpty() && block.firstSeq <= journalSeq &&
                journalSeq <= block.lastSeq) {
                const JournalCommand& c =
                    block.commands[static_cast<std::size_t>(journalSeq - block.firstSeq)];
                row.seq = journalSeq;
                row.line = c.line;
                row.command = c.command;
                row.eventCount = c.eventCount;
                found = true;
            }
            if (seq + 1 < journalSeq)
                broken = replayBlock(
                    *engine, block, seq + 1, seq, link, u"its replay"_s,
                    [&](qint64 at, qint64, const QByteArray&) { return at + 1 < journalSeq; });
            return broken.isEmpty() && block.lastSeq < journalSeq;
        });
        if (broken.isEmpty() && seq + 1 != journalSeq)
            broken = u"journal seq %1 is missing"_s.arg(seq + 1);
        if (broken.isEmpty() && !found) broken = u"journal seq %1 cannot be read"_s.arg(journalSeq);
        if (!broken.isEmpty()) {
            error = broken;
            return nullptr;
        }
        return engine;
    } catch (const SqlFailure& f) {
        error = u"cannot read the journal: "_s + f.message;
        return nullptr;
    }
}

void StoreImpl::remember(qint64 seq, qint64 firstEvent, QByteArray events) {
    if (events.isEmpty()) return;
    recentBytes += events.size();
    recent.push_back({seq, firstEvent, std::move(events)});
    while (recentBytes > options.recentEventBytes && recent.size() > 1) {
        recentBytes -= recent.front().events.size();
        recent.pop_front();
    }
}

namespace {

// Appends the events after `afterSeq` of some commands' JSON Lines, up to `limit` in all.
void takeEvents(const QByteArray& events, qint64 afterSeq, int limit, int& taken, QByteArray& out) {
    qsizetype at = 0;
    while (taken < limit && at < events.size()) {
        qsizetype end = events.indexOf('\n', at);
        if (end < 0) end = events.size();
        const QByteArrayView line(events.constData() + at, end - at);
        // Every event starts with {"seq":N,
        constexpr QByteArrayView prefix("{\"seq\":");
        qint64 seq = 0;
        if (line.startsWith(prefix))
            for (qsizetype i = prefix.size(); i < line.size() && line[i] >= '0' && line[i] <= '9';
                 ++i)
                seq = seq * 10 + (line[i] - '0');
        if (seq > afterSeq) {
            out.append(line.data(), line.size());
            out += '\n';
            ++taken;
        }
        at = end + 1;
    }
}

}  // namespace

bool StoreImpl::readEvents(qint64 afterSeq, int limit, QByteArray& out, QString& error) {
    // Nothing newer: a caught-up reader must not start a replay.
    const qint64 last = committedEvent;
    if (limit <= 0 || afterSeq >= last) return true;
    int taken = 0;
    try {
        if (!recent.empty() && recent.front().firstEvent <= afterSeq + 1) {
            // The tail: from memory.
            auto it = std::upper_bound(
                recent.begin(), recent.end(), afterSeq + 1,
                [](qint64 seq, const RecentCommand& c) { return seq < c.firstEvent; });
            if (it != recent.begin()) --it;
            for (; it != recent.end() && taken < limit; ++it)
                takeEvents(it->events, afterSeq, limit, taken, out);
            return true;
        }
        const qint64 committed = committedSeq;
        if (committed == 0) return true;
        const qint64 row = rowOfEvent(afterSeq + 1);
        if (reader && readerSeq == row) {
            // The last page ended inside the reader's last row.
            takeEvents(readerTail, afterSeq, limit, taken, out);
        } else if (!reader || readerSeq > row) {
            // Start from the newest snapshot before the row, or from nothing.
            reader = newestSnapshotBefore(row, readerSeq, false);
            readerLink = linkAt(readerSeq);
        }
        QString broken;
        while (taken < limit && readerSeq < committed && broken.isEmpty()) {
            const qint64 before = readerSeq;
            forEachBlock(readerSeq + 1, committed, [&](StoredBlock& block) {
                broken =
                    replayBlock(*reader, block, readerSeq + 1, readerSeq, readerLink,
                                u"its replay"_s, [&](qint64 seq, qint64, const QByteArray& events) {
                                    readerTail = events;
                                    if (seq >= row) takeEvents(events, afterSeq, limit, taken, out);
                                    return taken < limit;
                                });
                return broken.isEmpty() && taken < limit;
            });
            if (readerSeq == before) break;
        }
        if (!broken.isEmpty()) {
            reader.reset();
            error = broken;
            return false;
        }
        // Caught up with the live engine: the tail is in memory from here.
        if (readerSeq >= committed) reader.reset();
    } catch (const SqlFailure& f) {
        reader.reset();
        error = u"cannot read the journal: "_s + f.message;
        return false;
    }
    return true;
}

Author StoreImpl::authorOf(qint64 id) {
    const auto it = authorsById.find(id);
    if (it != authorsById.end()) return it->second;
    Author a;
    QSqlQuery q = sql.exec(u"SELECT name, role, host FROM authors WHERE id = ?"_s, {id});
    if (q.next()) a = {q.value(0).toString(), q.value(1).toString(), q.value(2).toString()};
    authorsById.emplace(id, a);
    return a;
}

namespace {

// Keeps, as JSON Lines, the events of a replay that concern a filter (asked
// of the replaying engine right after each event, as its state then is).
class FilteredEvents : public EventSink {
  public:
    FilteredEvents(const Engine& engine, const EventFilter& filter)
        : engine_(engine),
          order_(filter.order.toStdString()),
          train_(filter.train.toStdString()),
          date_(filter.date.toStdString()) {}
    QByteArray out;
    int taken = 0;
    qint64 afterSeq = 0;
    int limit = 0;
    qint64 lastSeen = 0;  // the last event looked at
    void onEvent(const Event& e) override {
        if (static_cast<qint64>(e.seq) <= afterSeq || taken >= limit) return;
        lastSeen = static_cast<qint64>(e.seq);
        const bool wanted = order_.empty() ? engine_.eventConcernsRun(e, train_, date_)
                                           : engine_.eventConcernsOrder(e, order_);
        if (!wanted) return;
        appendEvent(e, out);
        out += '\n';
        ++taken;
    }

  private:
    const Engine& engine_;
    std::string order_, train_, date_;
};

}  // namespace

bool StoreImpl::readEventsOf(const EventFilter& filter, qint64 afterSeq, int limit, QByteArray& out,
                             qint64& scanned, QString& error) {
    scanned = afterSeq;
    const qint64 committed = committedSeq;
    if (limit <= 0 || committed == 0 || afterSeq >= committedEvent) return true;
    try {
        // The part of the journal that can hold the events: an order's first
        // to last change, a run's definition on; all of it for rows of older
        // schemas, which do not say.
        qint64 from = 1, to = committed;
        QSqlQuery q =
            filter.order.isEmpty()
                ? sql.exec(u"SELECT first_seq, NULL FROM runs WHERE train = ? AND date = ?"_s,
                           {filter.train, filter.date})
                : sql.exec(u"SELECT first_seq, last_seq FROM orders WHERE id = ?"_s,
                           {filter.order});
        if (!q.next()) {
            scanned = committedEvent;  // no such order or run: nothing to find
            return true;
        }
        if (!q.value(0).isNull()) from = q.value(0).toLongLong();
        if (!q.value(1).isNull()) to = std::min(committed, q.value(1).toLongLong());
        q.finish();
        const qint64 start = std::max(from, afterSeq > 0 ? rowOfEvent(afterSeq + 1) : 1);
        if (start > to) {
            scanned = committedEvent;
            return true;
        }
        if (!filtered || filteredSeq >= start) {
            filtered = newestSnapshotBefore(start, filteredSeq, false);
            filteredLink = linkAt(filteredSeq);
        }
        FilteredEvents keep(*filtered, filter);
        keep.afterSeq = afterSeq;
        keep.limit = limit;
        QString broken;
        // Rows before `start` only rebuild the state; from it on, events are looked at.
        while (broken.isEmpty() && keep.taken < limit && filteredSeq < to) {
            const qint64 before = filteredSeq;
            forEachBlock(filteredSeq + 1, to, [&](StoredBlock& block) {
                const bool looking = block.lastSeq >= start;
                if (looking && block.firstSeq < start && filteredSeq + 1 < start) {
                    // Up to the row before `start` without looking, then on with it.
                    broken = replayBlock(
                        *filtered, block, filteredSeq + 1, filteredSeq, filteredLink,
                        u"its replay"_s,
                        [&](qint64 seq, qint64, const QByteArray&) { return seq + 1 < start; });
                    if (!broken.isEmpty()) return false;
                }
                broken = replayBlock(
                    *filtered, block, filteredSeq + 1, filteredSeq, filteredLink, u"its replay"_s,
                    [&](qint64 seq, qint64, const QByteArray&) {
                        return keep.taken < limit && seq < to;
                    },
                    looking ? &keep : nullptr);
                return broken.isEmpty() && keep.taken < limit && filteredSeq < to;
            });
            if (filteredSeq == before) break;
        }
        if (!broken.isEmpty()) {
            filtered.reset();
            error = broken;
            return false;
        }
        out += keep.out;
        // Read to the range's end: nothing more of it comes after.
        scanned = filteredSeq >= to && keep.taken < limit ? static_cast<qint64>(committedEvent)
                                                          : std::max(afterSeq, keep.lastSeen);
    } catch (const SqlFailure& f) {
        filtered.reset();
        error = u"cannot read the journal: "_s + f.message;
        return false;
    }
    return true;
}

}  // namespace houbu
