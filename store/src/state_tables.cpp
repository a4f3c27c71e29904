#include "state_tables.h"

#include <QSqlQuery>
#include <algorithm>
#include <unordered_map>

#include "sql_session.h"
#include "sqlite_statement.h"

namespace houbu {

using namespace Qt::StringLiterals;

namespace {

constexpr int kTables = 3;
const char* const kTableNames[kTables] = {"tickets", "orders", "blocks"};
const char* const kKeyColumns[kTables] = {"ticket", "id", "id"};
// A created ticket's legs (StateChanges::Kind::TicketCreated), empty for one seat.
constexpr std::size_t kLegsField = 9;

QString text(std::string_view v) {
    return QString::fromUtf8(v.data(), static_cast<qsizetype>(v.size()));
}

}  // namespace

const char* const StateTables::kCountsTable =
    "CREATE TABLE state_counts (tbl TEXT NOT NULL, status TEXT NOT NULL, n BIGINT NOT NULL, "
    "PRIMARY KEY (tbl, status))";

// SQLite: the hot statements on the driver's own connection (sqlite_statement.h).
struct StateTables::Statements {
    explicit Statements(sqlite3* db)
        : ticket(db,
                 "INSERT INTO tickets (ticket, sale, passenger, train, date, class, seat, "
                 "from_station, to_station, status, legs) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                 "?)"),
          ticketStatus(db, "UPDATE tickets SET status = ? WHERE ticket = ?"),
          ticketLookup(db, "SELECT status FROM tickets WHERE ticket = ?"),
          order(db,
                "INSERT INTO orders (id, prepay, status, first_seq, last_seq) VALUES (?, ?, ?, ?, "
                "?)"),
          orderStatus(db, "UPDATE orders SET status = ?, last_seq = ? WHERE id = ?"),
          orderLookup(db, "SELECT status FROM orders WHERE id = ?") {}
    SqliteStatement ticket, ticketStatus, ticketLookup, order, orderStatus, orderLookup;
};

// One transaction's rows, each once, in the order first touched; the views
// point into the groups' change logs.
struct StateTables::Batch {
    struct Row {
        std::array<std::string_view, StateChanges::kMaxFields> fields;
        RowStatus status = RowStatus::Unknown;
        RowStatus before = RowStatus::Unknown;
        bool created = false;
        qint64 firstSeq = 0;  // the journal seqs of the first and last change
        qint64 lastSeq = 0;
    };
    std::vector<Row> rows[kTables];
    std::unordered_map<std::string_view, std::size_t> index[kTables];
    struct RunRow {
        std::string_view train, date;
        qint64 seats = 0;
        bool created = false;
        qint64 firstSeq = 0;
    };
    std::vector<RunRow> runs;

    void created(int table, const StateChanges::Change& c) {
        Row r;
        r.fields = c.fields;
        r.status = c.status;
        r.created = true;
        r.firstSeq = r.lastSeq = c.seq;
        const auto [it, fresh] = index[table].try_emplace(c.fields[0], rows[table].size());
        if (fresh)
            rows[table].push_back(r);
        else
            rows[table][it->second] = r;  // a key made twice: the engine never does
    }
    void changed(int table, const StateChanges::Change& c) {
        const auto [it, fresh] = index[table].try_emplace(c.fields[0], rows[table].size());
        if (fresh) {
            Row r;
            r.fields[0] = c.fields[0];
            r.status = c.status;
            r.before = c.before;
            r.firstSeq = r.lastSeq = c.seq;
            rows[table].push_back(r);
        } else {
            rows[table][it->second].status = c.status;
            rows[table][it->second].lastSeq = c.seq;
        }
    }
};

StateTables::StateTables(SqlSession& sql) : sql_(sql) {}
StateTables::~StateTables() = default;

void StateTables::forget() {
    statements_.reset();
}

StateTables::Statements& StateTables::statements() {
    if (!statements_) {
        try {
            statements_ = std::make_unique<Statements>(sql_.sqliteHandle());
        } catch (const SqliteFailure& f) {
            throw SqlFailure{f.message};
        }
    }
    return *statements_;
}

void StateTables::readCounts() {
    counts_.clear();
    pending_.clear();
    QSqlQuery q = sql_.exec(u"SELECT tbl, status, n FROM state_counts"_s);
    while (q.next()) {
        const QString table = q.value(0).toString();
        for (int t = 0; t < kTables; ++t)
            if (table == QLatin1String(kTableNames[t]))
                counts_[{t, rowStatusFromName(q.value(1).toString().toStdString())}] =
                    q.value(2).toLongLong();
    }
}

void StateTables::countRows() {
    std::map<std::pair<int, RowStatus>, qint64> delta;
    for (int t = 0; t < kTables; ++t) {
        QSqlQuery q = sql_.exec(u"SELECT status, COUNT(*) FROM %1 GROUP BY status"_s.arg(
            QLatin1String(kTableNames[t])));
        while (q.next())
            delta[{t, rowStatusFromName(q.value(0).toString().toStdString())}] =
                q.value(1).toLongLong();
    }
    counts_.clear();
    writeCounts(delta);
    committed();
}

void StateTables::write(const std::vector<const StateChanges*>& groups) {
    using K = StateChanges::Kind;
    Batch b;
    for (const StateChanges* g : groups)
        g->forEach([&](const StateChanges::Change& c) {
            switch (c.kind) {
                case K::RunDefined:
                case K::SeatsAdded: {
                    auto it = std::find_if(b.runs.begin(), b.runs.end(), [&](const auto& r) {
                        return r.train == c.fields[0] && r.date == c.fields[1];
                    });
                    if (it == b.runs.end())
                        it = b.runs.insert(b.runs.end(), {c.fields[0], c.fields[1], 0,
                                                          c.kind == K::RunDefined, c.seq});
                    it->seats += c.number;
                    break;
                }
                case K::TicketCreated:
                    b.created(0, c);
                    break;
                case K::TicketChanged:
                    b.changed(0, c);
                    break;
                case K::OrderCreated:
                    b.created(1, c);
                    break;
                case K::OrderChanged:
                    b.changed(1, c);
                    break;
                case K::BlockCreated:
                    b.created(2, c);
                    break;
                case K::BlockChanged:
                    b.changed(2, c);
                    break;
            }
        });
    resolveUnknown(b);
    std::map<std::pair<int, RowStatus>, qint64> delta;
    for (int t = 0; t < kTables; ++t)
        for (const Batch::Row& r : b.rows[t]) {
            ++delta[{t, r.status}];
            if (!r.created && r.before != RowStatus::Unknown) --delta[{t, r.before}];
        }
    if (sql_.postgres())
        writePostgres(b);
    else
        writeSqlite(b);
    writeRunsAndBlocks(b);
    writeCounts(delta);
}

void StateTables::resolveUnknown(Batch& b) {
    for (int t = 0; t < 2; ++t) {
        std::vector<Batch::Row*> unknown;
        for (Batch::Row& r : b.rows[t])
            if (!r.created && r.before == RowStatus::Unknown) unknown.push_back(&r);
        if (unknown.empty()) continue;
        if (!sql_.postgres()) {
            SqliteStatement& lookup = t == 0 ? statements().ticketLookup : statements().orderLookup;
            std::string status;
            try {
                for (Batch::Row* r : unknown)
                    if (lookup.bindText(1, r->fields[0]).firstText(status))
                        r->before = rowStatusFromName(status);
            } catch (const SqliteFailure& f) {
                throw SqlFailure{f.message};
            }
            continue;
        }
        std::unordered_map<std::string, Batch::Row*> byKey;
        for (Batch::Row* r : unknown)
            byKey.emplace(std::string(r->fields[0]), r);
        constexpr std::size_t kChunk = 200;
        for (std::size_t at = 0; at < unknown.size(); at += kChunk) {
            const std::size_t n = std::min(kChunk, unknown.size() - at);
            QString sql = u"SELECT %1, status FROM %2 WHERE %1 IN ("_s.arg(
                QLatin1String(kKeyColumns[t]), QLatin1String(kTableNames[t]));
            QVariantList values;
            for (std::size_t i = 0; i < n; ++i) {
                sql += i ? u", ?"_s : u"?"_s;
                values << text(unknown[at + i]->fields[0]);
            }
            QSqlQuery q = sql_.exec(sql + u')', values);
            while (q.next()) {
                const auto it = byKey.find(q.value(0).toString().toStdString());
                if (it != byKey.end())
                    it->second->before = rowStatusFromName(q.value(1).toString().toStdString());
            }
        }
    }
}

void StateTables::writeSqlite(Batch& b) {
    Statements& s = statements();
    // Keys in order: neighbouring rows share b-tree pages.
    const auto byKey = [](const Batch::Row& x, const Batch::Row& y) {
        return x.fields[0] < y.fields[0];
    };
    try {
        std::sort(b.rows[0].begin(), b.rows[0].end(), byKey);
        for (const Batch::Row& r : b.rows[0]) {
            if (r.created) {
                for (int i = 0; i < 9; ++i)
                    s.ticket.bindText(i + 1, r.fields[static_cast<std::size_t>(i)]);
                s.ticket.bindText(10, rowStatusName(r.status));
                if (r.fields[kLegsField].empty())
                    s.ticket.bindNull(11);
                else
                    s.ticket.bindText(11, r.fields[kLegsField]);
                s.ticket.run();
            } else {
                s.ticketStatus.bindText(1, rowStatusName(r.status)).bindText(2, r.fields[0]).run();
            }
        }
        std::sort(b.rows[1].begin(), b.rows[1].end(), byKey);
        for (const Batch::Row& r : b.rows[1]) {
            if (r.created)
                s.order.bindText(1, r.fields[0])
                    .bindText(2, r.fields[1])
                    .bindText(3, rowStatusName(r.status))
                    .bind(4, r.firstSeq)
                    .bind(5, r.lastSeq)
                    .run();
            else
                s.orderStatus.bindText(1, rowStatusName(r.status))
                    .bind(2, r.lastSeq)
                    .bindText(3, r.fields[0])
                    .run();
        }
    } catch (const SqliteFailure& f) {
        throw SqlFailure{f.message};
    }
}

void StateTables::writePostgres(Batch& b) {
    std::vector<QVariantList> created;
    std::vector<std::pair<QVariant, QVariant>> updated;
    for (const Batch::Row& r : b.rows[0]) {
        if (r.created) {
            QVariantList row;
            for (int i = 0; i < 9; ++i)
                row << text(r.fields[static_cast<std::size_t>(i)]);
            row << QString::fromLatin1(rowStatusName(r.status));
            row << (r.fields[kLegsField].empty() ? QVariant(QMetaType::fromType<QString>())
                                                 : QVariant(text(r.fields[kLegsField])));
            created.push_back(std::move(row));
        } else {
            updated.emplace_back(text(r.fields[0]), QString::fromLatin1(rowStatusName(r.status)));
        }
    }
    sql_.insertRows(
        u"INSERT INTO tickets (ticket, sale, passenger, train, date, class, seat, "
        u"from_station, to_station, status, legs)"_s,
        11, created);
    sql_.updateColumn(u"tickets"_s, u"ticket"_s, u"status"_s, updated);
    created.clear();
    updated.clear();
    std::vector<std::pair<QVariant, QVariant>> lastSeqs;
    for (const Batch::Row& r : b.rows[1]) {
        if (r.created) {
            created.push_back({text(r.fields[0]), text(r.fields[1]),
                               QString::fromLatin1(rowStatusName(r.status)), r.firstSeq,
                               r.lastSeq});
        } else {
            updated.emplace_back(text(r.fields[0]), QString::fromLatin1(rowStatusName(r.status)));
            lastSeqs.emplace_back(text(r.fields[0]), r.lastSeq);
        }
    }
    sql_.insertRows(u"INSERT INTO orders (id, prepay, status, first_seq, last_seq)"_s, 5, created);
    sql_.updateColumn(u"orders"_s, u"id"_s, u"status"_s, updated);
    sql_.updateColumn(u"orders"_s, u"id"_s, u"last_seq"_s, lastSeqs, u"BIGINT"_s);
}

void StateTables::writeRunsAndBlocks(Batch& b) {
    for (const Batch::RunRow& r : b.runs) {
        if (r.created)
            sql_.write(u"INSERT INTO runs (train, date, seats, first_seq) VALUES (?, ?, ?, ?)"_s,
                       {text(r.train), text(r.date), r.seats, r.firstSeq});
        else
            sql_.write(u"UPDATE runs SET seats = seats + ? WHERE train = ? AND date = ?"_s,
                       {r.seats, text(r.train), text(r.date)});
    }
    std::vector<QVariantList> created;
    std::vector<std::pair<QVariant, QVariant>> updated;
    for (const Batch::Row& r : b.rows[2]) {
        if (r.created)
            created.push_back({text(r.fields[0]), text(r.fields[1]), text(r.fields[2]),
                               text(r.fields[3]), QString::fromLatin1(rowStatusName(r.status))});
        else
            updated.emplace_back(text(r.fields[0]), QString::fromLatin1(rowStatusName(r.status)));
    }
    sql_.insertRows(u"INSERT INTO blocks (id, train, date, class, status)"_s, 5, created);
    sql_.updateColumn(u"blocks"_s, u"id"_s, u"status"_s, updated);
}

void StateTables::writeCounts(const std::map<std::pair<int, RowStatus>, qint64>& delta) {
    for (const auto& [key, n] : delta) {
        if (n == 0) continue;
        qint64& now = pending_[key];
        const auto committedCount = counts_.find(key);
        const qint64 base = committedCount == counts_.end() ? 0 : committedCount->second;
        now += n;
        sql_.write(
            u"INSERT INTO state_counts (tbl, status, n) VALUES (?, ?, ?) ON CONFLICT (tbl, "
            u"status) DO UPDATE SET n = excluded.n"_s,
            {QString::fromLatin1(kTableNames[key.first]),
             QString::fromLatin1(rowStatusName(key.second)), base + now});
    }
}

void StateTables::committed() {
    for (const auto& [key, n] : pending_)
        counts_[key] += n;
    pending_.clear();
}

void StateTables::rolledBack() {
    pending_.clear();
}

QStringList StateTables::compareCounts(const EngineSummary& s) {
    QStringList problems;
    auto expect = [&](const QString& what, int table, RowStatus status, std::int64_t engineCount) {
        const auto it = counts_.find({table, status});
        const qint64 tableCount = it == counts_.end() ? 0 : it->second;
        if (tableCount != engineCount)
            problems << u"%1: the state tables say %2, the journal says %3"_s.arg(what)
                            .arg(tableCount)
                            .arg(engineCount);
    };
    expect(u"held tickets"_s, 0, RowStatus::Held, s.ticketsHeld);
    expect(u"paid tickets"_s, 0, RowStatus::Paid, s.ticketsPaid);
    expect(u"refunded tickets"_s, 0, RowStatus::Refunded, s.ticketsRefunded);
    expect(u"expired tickets"_s, 0, RowStatus::Expired, s.ticketsExpired);
    expect(u"orders awaiting prepayment"_s, 1, RowStatus::AwaitingPrepay, s.ordersAwaitingPrepay);
    expect(u"queued orders"_s, 1, RowStatus::Queued, s.ordersQueued);
    expect(u"fulfilled orders"_s, 1, RowStatus::Fulfilled, s.ordersFulfilled);
    expect(u"cancelled orders"_s, 1, RowStatus::Cancelled, s.ordersCancelled);
    expect(u"expired orders"_s, 1, RowStatus::Expired, s.ordersExpired);
    expect(u"failed orders"_s, 1, RowStatus::Failed, s.ordersFailed);
    expect(u"live quota blocks"_s, 2, RowStatus::Live, s.blocksLive);
    QSqlQuery runs = sql_.exec(u"SELECT COUNT(*), COALESCE(SUM(seats), 0) FROM runs"_s);
    runs.next();
    if (runs.value(0).toLongLong() != s.runs)
        problems << u"train runs: the state tables say %1, the journal says %2"_s
                        .arg(runs.value(0).toLongLong())
                        .arg(s.runs);
    if (runs.value(1).toLongLong() != s.seats)
        problems << u"seats: the state tables say %1, the journal says %2"_s
                        .arg(runs.value(1).toLongLong())
                        .arg(s.seats);
    return problems;
}

QStringList StateTables::compareCountsWithRows() {
    QStringList problems;
    for (int t = 0; t < kTables; ++t) {
        std::map<RowStatus, qint64> rows;
        QSqlQuery q = sql_.exec(u"SELECT status, COUNT(*) FROM %1 GROUP BY status"_s.arg(
            QLatin1String(kTableNames[t])));
        while (q.next())
            rows[rowStatusFromName(q.value(0).toString().toStdString())] = q.value(1).toLongLong();
        for (int s = 0; s <= static_cast<int>(RowStatus::Unknown); ++s) {
            const auto status = static_cast<RowStatus>(s);
            const auto it = counts_.find({t, status});
            const qint64 kept = it == counts_.end() ? 0 : it->second;
            const qint64 counted = rows.count(status) ? rows[status] : 0;
            if (kept != counted)
                problems << u"state_counts says %1 %2 %3, the table holds %4"_s.arg(kept)
                                .arg(QLatin1String(kTableNames[t]),
                                     status == RowStatus::Unknown
                                         ? u"of an unknown status"_s
                                         : QString::fromLatin1(rowStatusName(status)))
                                .arg(counted);
        }
    }
    return problems;
}

}  // namespace houbu
