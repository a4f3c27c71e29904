// Connecting to the database, the schema and its migrations.

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSqlError>
#include <QUrl>
#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <unistd.h>

#include "journal_chain.h"
#include "store_impl.h"

namespace houbu {

using namespace Qt::StringLiterals;

namespace {

// Schema 6: schema 5 and tickets.legs, the seats of a ticket on several
// (同车换座) as JSON [{seat, from, to}], NULL for a ticket on one seat.
//
// Schema 5: schema 4 and snapshot_history (below).
//
// Schema 4. A journal block (journal_block.h) keeps the commands of one
// transaction, packed (`packing`: the command dictionary, 0 for none):
// journal seqs first_seq..last_seq, their events first_event and on
// (event_count of them), the engine's clock after them (seconds since
// 2000-01-01), the wall clock of the commit (ms since 1970 UTC) and the
// chain link of its last command (journal_chain.h). A snapshot's `packing` is
// 1 when its bytes are zstd-compressed; they are in `engine` when `parts` is
// 0, else in that many rows of snapshot_parts, written by a child process and
// taken in a part per transaction (snapshot_process.h); `checksum` is
// snapshot_checksum.h's. Parts of no snapshot are left by a crash or a
// dropped snapshot and deleted a few a transaction. `requests` keeps a
// client's key for a request (its token's id, '/', the key it sent) with the
// journal seqs of its commands. `state_counts` counts the rows of tickets,
// orders and blocks by status (state_tables.h). A run keeps the journal seq
// of the command that defined it, an order those of its first and last
// change, so that their events are re-derived from that part of the journal
// only (NULL in rows of older schemas: the whole journal).
const char* const kJournalBlocks =
    "CREATE TABLE journal_blocks (first_seq %SEQ%, last_seq BIGINT NOT NULL, "
    "first_event BIGINT NOT NULL, event_count BIGINT NOT NULL, clock BIGINT NOT NULL, "
    "journaled_at BIGINT NOT NULL, packing INTEGER NOT NULL, body %BLOB% NOT NULL, "
    "chain %BLOB% NOT NULL)";
const char* const kJournalBlocksByEvent =
    "CREATE INDEX journal_blocks_first_event ON journal_blocks (first_event)";
const char* const kSnapshotParts =
    "CREATE TABLE snapshot_parts (journal_seq BIGINT NOT NULL, part INTEGER NOT NULL, "
    "bytes %BLOB% NOT NULL, PRIMARY KEY (journal_seq, part))";
// The events of the commands before a snapshot, as far back as the writer
// held them (StoreImpl::keepHistory): zstd-compressed, an index of
// (seq, first event, bytes) per commit, then the events.
const char* const kSnapshotHistory =
    "CREATE TABLE snapshot_history (journal_seq BIGINT PRIMARY KEY, bytes %BLOB% NOT NULL)";
const char* const kRequests =
    "CREATE TABLE requests (key TEXT PRIMARY KEY, first_seq BIGINT NOT NULL, "
    "last_seq BIGINT NOT NULL)%KEYED%";
const char* const kSchema[] = {
    "CREATE TABLE houbu_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE authors (id INTEGER PRIMARY KEY, name TEXT NOT NULL, role TEXT NOT NULL, "
    "host TEXT NOT NULL)",
    "CREATE TABLE snapshots (journal_seq BIGINT PRIMARY KEY, engine %BLOB% NOT NULL, "
    "checksum TEXT NOT NULL, packing INTEGER NOT NULL DEFAULT 0, parts INTEGER NOT NULL "
    "DEFAULT 0)",
    "CREATE TABLE command_dictionaries (id INTEGER PRIMARY KEY, dictionary %BLOB% NOT NULL)",
    "CREATE TABLE runs (train TEXT NOT NULL, date TEXT NOT NULL, seats INTEGER NOT NULL, "
    "first_seq BIGINT, PRIMARY KEY (train, date))",
    "CREATE TABLE tickets (ticket TEXT PRIMARY KEY, sale TEXT NOT NULL, passenger TEXT NOT NULL, "
    "train TEXT NOT NULL, date TEXT NOT NULL, class TEXT NOT NULL, seat TEXT NOT NULL, "
    "from_station TEXT NOT NULL, to_station TEXT NOT NULL, status TEXT NOT NULL, legs TEXT)"
    "%KEYED%",
    "CREATE TABLE orders (id TEXT PRIMARY KEY, prepay TEXT NOT NULL, status TEXT NOT NULL, "
    "first_seq BIGINT, last_seq BIGINT)%KEYED%",
    "CREATE TABLE blocks (id TEXT PRIMARY KEY, train TEXT NOT NULL, date TEXT NOT NULL, "
    "class TEXT NOT NULL, status TEXT NOT NULL)%KEYED%",
};
// Schemas 2 and 3 kept a journal row a command; schema 1's kept its events too.
const char* const kJournalV2 =
    "CREATE TABLE %1 (seq %SEQ%, input_line INTEGER NOT NULL, command %BLOB% NOT NULL, "
    "packing INTEGER NOT NULL, clock BIGINT NOT NULL, first_event BIGINT NOT NULL, "
    "event_count INTEGER NOT NULL, error_code TEXT, chain %BLOB% NOT NULL, "
    "author INTEGER NOT NULL, journaled_at BIGINT)";
// Rows of schema 1 were journaled without an author.
constexpr int kNoAuthor = 0;
// Commands a block holds at most when older rows are gathered into blocks.
constexpr qsizetype kMigratedBlockCommands = 4096;

std::optional<SeatChoice> seatChoiceFrom(const QString& s) {
    if (s == u"best-fit"_s) return SeatChoice::BestFit;
    if (s == u"first-fit"_s) return SeatChoice::FirstFit;
    if (s == u"worst-fit"_s) return SeatChoice::WorstFit;
    return std::nullopt;
}

}  // namespace

QString StoreImpl::displayLocation() const {
    if (!postgres) return options.location;
    return QUrl(options.location).toDisplayString(QUrl::RemovePassword);
}

bool StoreImpl::connect(QString& error) {
    sql.forget();
    tables.forget();
    postgres = options.location.startsWith(u"postgres://"_s) ||
               options.location.startsWith(u"postgresql://"_s);
    if (QSqlDatabase::contains(connection)) {
        QSqlDatabase::database(connection, false).close();
        QSqlDatabase::removeDatabase(connection);
    }
    if (options.follow && !postgres) {
        error = u"only a PostgreSQL store can be followed, not '%1'"_s.arg(options.location);
        return false;
    }
    sql.use(connection, postgres);
    QSqlDatabase db = QSqlDatabase::addDatabase(postgres ? u"QPSQL"_s : u"QSQLITE"_s, connection);
    if (!db.isValid()) {
        error = u"the Qt SQL driver for %1 is not installed"_s.arg(postgres ? u"PostgreSQL"_s
                                                                            : u"SQLite"_s);
        return false;
    }
    if (postgres) {
        const QUrl url(options.location);
        if (!url.isValid() || url.host().isEmpty() || url.path().size() < 2) {
            error = u"'%1' is not a PostgreSQL URL postgresql://user@host[:port]/database"_s.arg(
                url.toDisplayString(QUrl::RemovePassword));
            return false;
        }
        db.setHostName(url.host());
        db.setPort(url.port(5432));
        db.setDatabaseName(url.path().mid(1));
        db.setUserName(url.userName());
        db.setPassword(url.password());
        db.setConnectOptions(u"connect_timeout=5"_s);
    } else {
        const QFileInfo info(options.location);
        if (info.exists() && info.isDir()) {
            error = u"'%1' is a directory, not a Houbu database"_s.arg(options.location);
            return false;
        }
        if (info.exists() && info.size() > 0) {
            QFile f(options.location);
            if (!f.open(QIODevice::ReadOnly)) {
                error = u"cannot read '%1': %2"_s.arg(options.location, f.errorString());
                return false;
            }
            // A power cut while the store was being made can leave its first
            // page torn beside the rollback journal that undoes it: SQLite
            // rolls that back on opening, so such a file is let through.
            const bool hotJournal = QFileInfo(options.location + u"-journal"_s).size() > 0;
            if (f.read(16) != QByteArray("SQLite format 3\0", 16) && !hotJournal) {
                error =
                    u"'%1' is not a Houbu database (not an SQLite file)"_s.arg(options.location);
                return false;
            }
        } else if (!info.absoluteDir().exists()) {
            error = u"cannot create '%1': folder %2 does not exist"_s.arg(options.location,
                                                                          info.absolutePath());
            return false;
        }
        // The journal, its WAL and the folder must be writable (also for root on
        // a read-only file system, where access() reports EROFS).
        const QByteArray target =
            QFile::encodeName(info.exists() ? info.absoluteFilePath() : info.absolutePath());
        const QByteArray folder = QFile::encodeName(info.absolutePath());
        for (const QByteArray& p : {target, folder}) {
            if (::access(p.constData(), W_OK) != 0) {
                error =
                    u"cannot write to '%1': %2; the store needs to write its journal there"_s.arg(
                        QFile::decodeName(p), QString::fromLocal8Bit(std::strerror(errno)));
                return false;
            }
        }
        // The journal holds passengers' names: readable by its owner only.
        // SQLite gives its -wal and -shm files the database's mode.
        if (!info.exists()) {
            const int fd = ::open(QFile::encodeName(options.location).constData(),
                                  O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
            if (fd >= 0) ::close(fd);
        }
        db.setDatabaseName(options.location);
        db.setConnectOptions(u"QSQLITE_BUSY_TIMEOUT=300"_s);
    }
    if (!db.open()) {
        error =
            u"cannot open %1: %2"_s.arg(displayLocation(), SqlSession::describe(db.lastError()));
        return false;
    }
    try {
        if (postgres && options.follow) {
            // A follower only reads: it leaves the writer's lock to the writer.
            sql.exec(u"SET client_min_messages TO WARNING"_s);
            announce();
        } else if (postgres) {
            sql.exec(u"SET client_min_messages TO WARNING"_s);
            // One writer per database: an advisory lock held for the session.
            QSqlQuery q = sql.exec(u"SELECT pg_try_advisory_lock(?)"_s, {kWriterLock});
            lockTaken = false;
            if (!q.next() || !q.value(0).toBool()) {
                error =
                    u"%1 is locked by another process (another houbu-cli, console or "
                    u"houbud is using it)"_s.arg(displayLocation());
                // Not left open: a writer reconnecting after it was deposed
                // must not commit on a connection without the lock.
                lockTaken = true;
                q.finish();
                sql.forget();
                db.close();
                return false;
            }
            announce();
        } else {
            // Exclusive locking: the first write takes the lock and keeps it,
            // so a second process is refused instead of interleaving.
            sql.exec(u"PRAGMA locking_mode=EXCLUSIVE"_s);
            QSqlQuery mode = sql.exec(u"PRAGMA journal_mode=WAL"_s);
            if (!mode.next() || mode.value(0).toString().toLower() != u"wal"_s)
                throw SqlFailure{u"cannot switch to WAL mode"_s};
            mode.finish();
            sql.exec(u"PRAGMA synchronous=FULL"_s);
            // The state tables are updated at random keys: keep their pages.
            sql.exec(u"PRAGMA cache_size=-262144"_s);
            sql.exec(u"BEGIN IMMEDIATE"_s);
            sql.exec(u"CREATE TABLE IF NOT EXISTS houbu_lock (id INTEGER)"_s);
            sql.exec(u"COMMIT"_s);
        }
    } catch (const SqlFailure& f) {
        const QString m = f.message.toLower();
        if (m.contains(u"locked"_s) || m.contains(u"busy"_s))
            error =
                u"%1 is locked by another process (another houbu-cli, console or houbud "
                u"is using it)"_s.arg(displayLocation());
        else if (m.contains(u"not a database"_s) || m.contains(u"malformed"_s))
            error =
                u"%1 is corrupt or not a Houbu database: %2"_s.arg(displayLocation(), f.message);
        else
            error = u"cannot use %1: %2"_s.arg(displayLocation(), f.message);
        return false;
    }
    return true;
}

bool StoreImpl::prepareSchema(QString& error) {
    QStringList tables = sql.db().tables();
    tables.removeAll(u"houbu_lock"_s);
    try {
        if (!tables.contains(u"houbu_meta"_s)) {
            if (!tables.isEmpty()) {
                error = u"%1 is not a Houbu database (it holds other tables: %2)"_s.arg(
                    displayLocation(), tables.mid(0, 5).join(u", "_s));
                return false;
            }
            schemaVersion = 0;
        } else {
            QSqlQuery q = sql.exec(u"SELECT value FROM houbu_meta WHERE key = 'schema_version'"_s);
            if (!q.next()) {
                error = u"%1 is not a Houbu database (no schema version)"_s.arg(displayLocation());
                return false;
            }
            schemaVersion = q.value(0).toInt();
        }
        if (schemaVersion > Store::kSchemaVersion) {
            error =
                u"%1 was written by a newer version of Houbu (schema %2; this build reads up "
                u"to %3): upgrade Houbu to open it"_s.arg(displayLocation())
                    .arg(schemaVersion)
                    .arg(Store::kSchemaVersion);
            return false;
        }
        if (options.follow && schemaVersion != Store::kSchemaVersion) {
            // A follower writes nothing: its writer makes or migrates the store.
            error = schemaVersion == 0
                        ? u"%1 holds no Houbu store yet: start its writer first"_s.arg(
                              displayLocation())
                        : u"%1 has schema %2, not %3: let its writer migrate it first"_s
                              .arg(displayLocation())
                              .arg(schemaVersion)
                              .arg(Store::kSchemaVersion);
            return false;
        }
        if (schemaVersion == 0) {
            sql.begin();
            for (const char* ddl : kSchema)
                sql.exec(sql.ddl(ddl));
            sql.exec(sql.ddl(kSnapshotParts));
            sql.exec(sql.ddl(kSnapshotHistory));
            sql.exec(sql.ddl(kRequests));
            sql.exec(sql.ddl(kJournalBlocks));
            sql.exec(sql.ddl(kJournalBlocksByEvent));
            sql.exec(sql.ddl(StateTables::kCountsTable));
            {
                const QVariantList meta[] = {
                    {u"seat_choice"_s,
                     QString::fromLatin1(seatChoiceName(options.engine.seatChoice))},
                    {u"default_policy"_s,
                     options.engine.defaultPolicy == Policy::Exact ? u"exact"_s : u"complete"_s},
                    {u"trace"_s, options.engine.trace ? u"on"_s : u"off"_s},
                    {u"rules"_s, QString::number(options.engine.rules)},
                    {u"schema_version"_s, QString::number(Store::kSchemaVersion)},
                };
                for (const auto& kv : meta)
                    sql.exec(u"INSERT INTO houbu_meta (key, value) VALUES (?, ?)"_s, kv);
            }
            sql.commit();
            schemaVersion = Store::kSchemaVersion;
        }
        if (schemaVersion == 1 && !migrateFromV1(error)) return false;
        if (schemaVersion == 2 && !migrateFromV2(error)) return false;
        if (schemaVersion == 3 && !migrateFromV3(error)) return false;
        if (schemaVersion == 4 && !migrateFromV4(error)) return false;
        if (schemaVersion == 5 && !migrateFromV5(error)) return false;
        // The engine options the store was made with. A store made before
        // version 2 of the rules has no `rules` entry: its journal keeps
        // version 1's meaning and bytes (rule 8 of commands.md).
        engineOptions = options.engine;
        engineOptions.rules = 1;
        QSqlQuery q = sql.exec(u"SELECT key, value FROM houbu_meta"_s);
        while (q.next()) {
            const QString key = q.value(0).toString(), value = q.value(1).toString();
            if (key == u"seat_choice"_s) {
                if (auto c = seatChoiceFrom(value)) engineOptions.seatChoice = *c;
            } else if (key == u"default_policy"_s) {
                engineOptions.defaultPolicy =
                    value == u"exact"_s ? Policy::Exact : Policy::Complete;
            } else if (key == u"trace"_s) {
                engineOptions.trace = value == u"on"_s;
            } else if (key == u"rules"_s) {
                engineOptions.rules = value == u"1"_s ? 1 : 2;
            }
        }
    } catch (const SqlFailure& f) {
        sql.rollback();
        error = u"%1 is corrupt or unreadable: %2"_s.arg(displayLocation(), f.message);
        return false;
    }
    return true;
}

// Schema 1 kept each command's events as text beside it. The journal is
// rewritten with chain links computed from those events (which the open
// after the migration checks against a replay, as schema 1 did), clocks
// as numbers and no author; the other tables stay as they are.
bool StoreImpl::migrateFromV1(QString& error) {
    try {
        sql.begin();
        sql.exec(sql.ddl(kSchema[1]));
        sql.exec(sql.ddl(kSchema[3]));
        sql.exec(u"ALTER TABLE snapshots ADD COLUMN packing INTEGER NOT NULL DEFAULT 0"_s);
        sql.exec(u"INSERT INTO authors (id, name, role, host) VALUES (?, ?, '', '')"_s,
                 {kNoAuthor, u"(journaled before schema 2)"_s});
        sql.exec(sql.ddl(kJournalV2).arg(u"journal_v2"_s));
        QSqlQuery count = sql.exec(u"SELECT COUNT(*) FROM journal"_s);
        count.next();
        const qint64 total = count.value(0).toLongLong();
        count.finish();
        QByteArray link = JournalChain::origin();
        qint64 after = 0, done = 0;
        for (;;) {
            QSqlQuery rows = sql.exec(
                u"SELECT seq, input_line, command, clock, first_event, event_count, "
                u"error_code, events FROM journal WHERE seq > ? ORDER BY seq LIMIT 5000"_s,
                {after});
            std::vector<QVariantList> page;
            while (rows.next()) {
                const qint64 seq = rows.value(0).toLongLong();
                const int line = rows.value(1).toInt();
                const QByteArray command = rows.value(2).toByteArray();
                const auto clock = parseTime(rows.value(3).toString().toStdString());
                if (!clock)
                    throw SqlFailure{u"journal seq %1 has an unreadable clock '%2'"_s.arg(seq).arg(
                        rows.value(3).toString())};
                link =
                    JournalChain::next(link, seq, line, command, rows.value(7).toString().toUtf8());
                page.push_back({seq, line, command, 0, static_cast<qint64>(*clock),
                                rows.value(4).toLongLong(), rows.value(5).toInt(), rows.value(6),
                                link, kNoAuthor, QVariant(QMetaType(QMetaType::LongLong))});
                after = seq;
            }
            rows.finish();
            if (page.empty()) break;
            sql.insertRows(
                u"INSERT INTO journal_v2 (seq, input_line, command, packing, clock, "
                u"first_event, event_count, error_code, chain, author, journaled_at)"_s,
                11, page);
            done += static_cast<qint64>(page.size());
            if (options.progress && !options.progress(done, total)) {
                sql.rollback();
                sql.forget();
                tables.forget();
                error = u"upgrading %1 to schema 2 was cancelled; it is unchanged"_s.arg(
                    displayLocation());
                return false;
            }
        }
        sql.forget();  // no statement may stay open on the tables replaced
        tables.forget();
        sql.exec(u"DROP TABLE journal"_s);
        sql.exec(u"ALTER TABLE journal_v2 RENAME TO journal"_s);
        sql.exec(u"UPDATE houbu_meta SET value = '2' WHERE key = 'schema_version'"_s);
        sql.commit();
    } catch (const SqlFailure& f) {
        sql.rollback();
        sql.forget();
        tables.forget();
        error = u"cannot upgrade %1 from schema 1 to 2 (it is unchanged): %2"_s.arg(
            displayLocation(), f.message);
        return false;
    }
    schemaVersion = 2;
    // The events took most of the file: give the space back.
    if (!postgres) sql.exec(u"VACUUM"_s);
    return true;
}

// A schema step of statements only, in one transaction with the new
// version: the store is at `from` or at `from` + 1, never in between.
bool StoreImpl::migrateBy(int from, const QStringList& statements, QString& error) {
    try {
        sql.begin();
        for (const QString& statement : statements)
            sql.exec(statement);
        sql.exec(
            u"UPDATE houbu_meta SET value = '%1' WHERE key = 'schema_version'"_s.arg(from + 1));
        sql.commit();
    } catch (const SqlFailure& f) {
        sql.rollback();
        error = u"cannot upgrade %1 from schema %2 to %3 (it is unchanged): %4"_s.arg(
            displayLocation(), QString::number(from), QString::number(from + 1), f.message);
        return false;
    }
    schemaVersion = from + 1;
    return true;
}

// Schema 3 keeps snapshots in parts beside the table of snapshots, and
// the keys of requests.
bool StoreImpl::migrateFromV2(QString& error) {
    return migrateBy(2,
                     {u"ALTER TABLE snapshots ADD COLUMN parts INTEGER NOT NULL DEFAULT 0"_s,
                      sql.ddl(kSnapshotParts), sql.ddl(kRequests)},
                     error);
}

// Schema 4 keeps the journal in blocks (journal_block.h), counts the state
// rows by status, and names the snapshots' checksum for what it may be. The
// rows of schema 3 are gathered into blocks as they were committed (rows
// journaled at the same instant, never across a snapshot), keeping each
// row's chain link: the first bytes as its locator, the last row's whole as
// its block's. No replay is needed; the open after it checks every link of
// the journal's tail, and `verify` all of them.
bool StoreImpl::migrateFromV3(QString& error) {
    try {
        sql.begin();
        CommandPacker migrating;
        {
            QSqlQuery d = sql.exec(u"SELECT id, dictionary FROM command_dictionaries"_s);
            while (d.next())
                migrating.addDictionary(d.value(0).toInt(), d.value(1).toByteArray());
        }
        std::vector<qint64> breaks;
        {
            QSqlQuery s = sql.exec(u"SELECT journal_seq FROM snapshots ORDER BY journal_seq"_s);
            while (s.next())
                breaks.push_back(s.value(0).toLongLong());
        }
        QSqlQuery count = sql.exec(u"SELECT COUNT(*) FROM journal"_s);
        count.next();
        const qint64 total = count.value(0).toLongLong();
        count.finish();
        sql.exec(sql.ddl(kJournalBlocks));
        sql.exec(sql.ddl(kJournalBlocksByEvent));

        struct Open {
            qint64 firstSeq = 0, lastSeq = 0, firstEvent = 0, eventCount = 0, clock = 0;
            qint64 journaledAt = -1;
            QByteArray chain;
            std::vector<JournalCommand> commands;
        } block;
        auto close = [&] {
            if (block.commands.empty()) return;
            int packing = 0;
            const QByteArray body = migrating.pack(JournalBlock::encode(block.commands), packing);
            sql.write(
                u"INSERT INTO journal_blocks (first_seq, last_seq, first_event, event_count, "
                u"clock, journaled_at, packing, body, chain) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"_s,
                {block.firstSeq, block.lastSeq, block.firstEvent, block.eventCount, block.clock,
                 std::max<qint64>(block.journaledAt, 0), packing, body, block.chain});
            block = Open{};
        };
        std::size_t nextBreak = 0;
        qint64 after = 0, done = 0;
        for (;;) {
            QSqlQuery rows = sql.exec(
                u"SELECT seq, input_line, command, packing, clock, first_event, event_count, "
                u"error_code, chain, author, journaled_at FROM journal WHERE seq > ? ORDER BY seq "
                u"LIMIT 20000"_s,
                {after});
            struct Row {
                qint64 seq;
                JournalCommand command;
                qint64 firstEvent, journaledAt;
                QByteArray chain;
            };
            std::vector<Row> page;
            while (rows.next()) {
                Row r;
                r.seq = rows.value(0).toLongLong();
                const auto command =
                    migrating.unpack(rows.value(2).toByteArray(), rows.value(3).toInt());
                if (!command)
                    throw SqlFailure{
                        u"journal seq %1: its command cannot be unpacked (packing %2)"_s.arg(r.seq)
                            .arg(rows.value(3).toInt())};
                r.command.line = rows.value(1).toInt();
                r.command.command = *command;
                r.command.clock = rows.value(4).toLongLong();
                r.firstEvent = rows.value(5).toLongLong();
                r.command.eventCount = rows.value(6).toInt();
                r.command.errorCode = rows.value(7).toString().toUtf8();
                r.chain = rows.value(8).toByteArray();
                r.command.locator = JournalBlock::locatorOf(r.chain);
                r.command.author = rows.value(9).toLongLong();
                r.journaledAt = rows.value(10).isNull() ? 0 : rows.value(10).toLongLong();
                page.push_back(std::move(r));
            }
            rows.finish();
            if (page.empty()) break;
            for (Row& r : page) {
                if (!block.commands.empty() &&
                    (r.journaledAt != block.journaledAt ||
                     static_cast<qsizetype>(block.commands.size()) >= kMigratedBlockCommands))
                    close();
                if (block.commands.empty()) {
                    block.firstSeq = r.seq;
                    block.firstEvent = r.firstEvent;
                    block.journaledAt = r.journaledAt;
                }
                block.lastSeq = r.seq;
                block.eventCount += r.command.eventCount;
                block.clock = r.command.clock;
                block.chain = r.chain;
                block.commands.push_back(std::move(r.command));
                after = r.seq;
                while (nextBreak < breaks.size() && breaks[nextBreak] < r.seq)
                    ++nextBreak;
                if (nextBreak < breaks.size() && breaks[nextBreak] == r.seq) close();
            }
            done += static_cast<qint64>(page.size());
            if (options.progress && !options.progress(done, total)) {
                sql.rollback();
                sql.forget();
                tables.forget();
                error = u"upgrading %1 to schema 4 was cancelled; it is unchanged"_s.arg(
                    displayLocation());
                return false;
            }
        }
        close();
        sql.forget();  // no statement may stay open on the tables replaced
        tables.forget();
        sql.exec(u"DROP TABLE journal"_s);
        sql.exec(u"ALTER TABLE snapshots RENAME COLUMN sha256 TO checksum"_s);
        sql.exec(u"ALTER TABLE runs ADD COLUMN first_seq BIGINT"_s);
        sql.exec(u"ALTER TABLE orders ADD COLUMN first_seq BIGINT"_s);
        sql.exec(u"ALTER TABLE orders ADD COLUMN last_seq BIGINT"_s);
        sql.exec(sql.ddl(StateTables::kCountsTable));
        tables.countRows();
        sql.exec(u"UPDATE houbu_meta SET value = '4' WHERE key = 'schema_version'"_s);
        sql.commit();
    } catch (const SqlFailure& f) {
        sql.rollback();
        sql.forget();
        tables.forget();
        error = u"cannot upgrade %1 from schema 3 to 4 (it is unchanged): %2"_s.arg(
            displayLocation(), f.message);
        return false;
    }
    schemaVersion = 4;
    // The journal's rows took most of the file: give the space back.
    if (!postgres) sql.exec(u"VACUUM"_s);
    return true;
}

// Schema 5 keeps a snapshot's history beside it; snapshots of schema 4 have
// none, and a load from one starts the history at the snapshot.
bool StoreImpl::migrateFromV4(QString& error) {
    return migrateBy(4, {sql.ddl(kSnapshotHistory)}, error);
}

// Schema 6 keeps the legs of a ticket on several seats. Tickets written
// before it have none: a store of schema 5 made with seat changes lists such
// a ticket by its first seat, as schema 5 did.
bool StoreImpl::migrateFromV5(QString& error) {
    return migrateBy(5, {u"ALTER TABLE tickets ADD COLUMN legs TEXT"_s}, error);
}

const char* seatChoiceName(SeatChoice c) {
    switch (c) {
        case SeatChoice::BestFit:
            return "best-fit";
        case SeatChoice::FirstFit:
            return "first-fit";
        case SeatChoice::WorstFit:
            return "worst-fit";
    }
    return "best-fit";
}

}  // namespace houbu
