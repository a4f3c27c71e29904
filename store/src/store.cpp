#include "houbu/store.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QIODevice>
#include <QSqlDatabase>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QSysInfo>
#include <QUrl>
#include <QUuid>
#include <QVariant>
#include <array>
#include <cerrno>
#include <cstring>
#include <deque>
#include <functional>
#include <limits>
#include <optional>

#include <fcntl.h>
#include <unistd.h>
#include <zstd.h>

#include <QCoreApplication>

#include "command_packer.h"
#include "houbu/codec.h"
#include "journal_chain.h"
#include "snapshot_process.h"
#include "sqlite_statement.h"
#include "state_digest.h"

namespace houbu {

using namespace Qt::StringLiterals;

namespace {

// Raised inside the store when a statement fails; caught at the transaction edge.
struct SqlFailure {
    QString message;
};

QString describe(const QSqlError& e) {
    QString text = e.databaseText().trimmed();
    if (text.isEmpty()) text = e.driverText().trimmed();
    if (text.isEmpty()) text = e.text().trimmed();
    return text;
}

// Schema, version 3. %BLOB% is BLOB in SQLite and BYTEA in PostgreSQL; %SEQ%
// is INTEGER PRIMARY KEY in SQLite (the row id itself: no second b-tree) and
// BIGINT PRIMARY KEY in PostgreSQL; %KEYED% makes SQLite keep a table in its
// primary key's b-tree (WITHOUT ROWID) instead of a row-id table plus an index.
// A journal row keeps the command, not its events: `command` as received when
// `packing` is 0, else packed with that command dictionary (command_packer.h);
// `chain` is the link of the hash chain (journal_chain.h), `clock` the
// engine's clock after the command in seconds since 2000-01-01, `journaled_at`
// the wall clock in ms since 1970 UTC. A snapshot's `packing` is 1 when its
// bytes are zstd-compressed; they are in `engine` when `parts` is 0, else in
// that many rows of snapshot_parts (schema 3: written by a child process and
// taken in a part per transaction, see snapshot_process.h). Parts of no
// snapshot are left by a crash or a dropped snapshot and deleted a few a
// transaction.
const char* const kJournalV2 =
    "CREATE TABLE %1 (seq %SEQ%, input_line INTEGER NOT NULL, command %BLOB% NOT NULL, "
    "packing INTEGER NOT NULL, clock BIGINT NOT NULL, first_event BIGINT NOT NULL, "
    "event_count INTEGER NOT NULL, error_code TEXT, chain %BLOB% NOT NULL, "
    "author INTEGER NOT NULL, journaled_at BIGINT)";
const char* const kSnapshotParts =
    "CREATE TABLE snapshot_parts (journal_seq BIGINT NOT NULL, part INTEGER NOT NULL, "
    "bytes %BLOB% NOT NULL, PRIMARY KEY (journal_seq, part))";
// Schema 3: a client's key for a request (its token's id, '/', the key it
// sent) and the journal positions of the request's commands.
const char* const kRequests =
    "CREATE TABLE requests (key TEXT PRIMARY KEY, first_seq BIGINT NOT NULL, "
    "last_seq BIGINT NOT NULL)%KEYED%";
const char* const kSchemaV2[] = {
    "CREATE TABLE houbu_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE authors (id INTEGER PRIMARY KEY, name TEXT NOT NULL, role TEXT NOT NULL, "
    "host TEXT NOT NULL)",
    "CREATE TABLE snapshots (journal_seq BIGINT PRIMARY KEY, engine %BLOB% NOT NULL, "
    "sha256 TEXT NOT NULL, packing INTEGER NOT NULL DEFAULT 0, parts INTEGER NOT NULL DEFAULT 0)",
    "CREATE TABLE command_dictionaries (id INTEGER PRIMARY KEY, dictionary %BLOB% NOT NULL)",
    "CREATE TABLE runs (train TEXT NOT NULL, date TEXT NOT NULL, seats INTEGER NOT NULL, "
    "PRIMARY KEY (train, date))",
    "CREATE TABLE tickets (ticket TEXT PRIMARY KEY, sale TEXT NOT NULL, passenger TEXT NOT NULL, "
    "train TEXT NOT NULL, date TEXT NOT NULL, class TEXT NOT NULL, seat TEXT NOT NULL, "
    "from_station TEXT NOT NULL, to_station TEXT NOT NULL, status TEXT NOT NULL)%KEYED%",
    "CREATE TABLE orders (id TEXT PRIMARY KEY, prepay TEXT NOT NULL, status TEXT NOT NULL)%KEYED%",
    "CREATE TABLE blocks (id TEXT PRIMARY KEY, train TEXT NOT NULL, date TEXT NOT NULL, "
    "class TEXT NOT NULL, status TEXT NOT NULL)%KEYED%",
};
// Rows of schema 1 were journaled without an author.
constexpr int kNoAuthor = 0;

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

std::optional<SeatChoice> seatChoiceFrom(const QString& s) {
    if (s == u"best-fit"_s) return SeatChoice::BestFit;
    if (s == u"first-fit"_s) return SeatChoice::FirstFit;
    if (s == u"worst-fit"_s) return SeatChoice::WorstFit;
    return std::nullopt;
}

QString sha256(const QByteArray& bytes) {
    return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

// Collects the events of one command as JSON Lines.
class Capture : public EventSink {
  public:
    QByteArray out;
    void onEvent(const Event& e) override {
        appendEvent(e, out);
        out += '\n';
    }
};

// A snapshot as stored: zstd at its fastest level, on two threads (a whole
// day's state is gigabytes, and the writer waits for it).
QByteArray packSnapshot(const std::string& bytes) {
    ZSTD_CCtx* cctx = ZSTD_createCCtx();
    ZSTD_CCtx_setParameter(cctx, ZSTD_c_compressionLevel, 1);
    ZSTD_CCtx_setParameter(cctx, ZSTD_c_nbWorkers, 2);  // ignored by a single-threaded libzstd
    QByteArray out(static_cast<qsizetype>(ZSTD_compressBound(bytes.size())), Qt::Uninitialized);
    const size_t n = ZSTD_compress2(cctx, out.data(), static_cast<size_t>(out.size()), bytes.data(),
                                    bytes.size());
    ZSTD_freeCCtx(cctx);
    if (ZSTD_isError(n))
        throw SqlFailure{u"cannot compress the snapshot: "_s +
                         QString::fromLatin1(ZSTD_getErrorName(n))};
    out.truncate(static_cast<qsizetype>(n));
    return out;
}

// Checks a stored snapshot's pieces, which `next` gives in order (false
// after the last), against their checksum, a piece at a time (a whole day's
// snapshot is gigabytes). Returns what is wrong with them, or an empty string.
QString checkSnapshotSum(const std::function<bool(QByteArray&)>& next,
                         const QString& expectedSha256) {
    QCryptographicHash hash(QCryptographicHash::Sha256);
    QByteArray piece;
    bool any = false;
    while (next(piece)) {
        any = true;
        hash.addData(piece);
    }
    if (!any) return u"parts are missing"_s;
    if (QString::fromLatin1(hash.result().toHex()) != expectedSha256) return u"checksum mismatch"_s;
    return {};
}

// A stored snapshot's own bytes, decompressed a piece at a time as they are
// asked for (Engine::restore, verify's digest), from the stored pieces `next`
// gives in order: the snapshot is never held whole. Check the pieces'
// checksum first (checkSnapshotSum): these bytes are trusted as they come.
class SnapshotPieces {
  public:
    SnapshotPieces(std::function<bool(QByteArray&)> next, int packing)
        : next_(std::move(next)), packing_(packing), buffer_(ZSTD_DStreamOutSize(), '\0') {}
    ~SnapshotPieces() { ZSTD_freeDStream(z_); }
    SnapshotPieces(const SnapshotPieces&) = delete;
    SnapshotPieces& operator=(const SnapshotPieces&) = delete;

    // The next piece; empty at the end, or when the bytes are damaged.
    std::string_view operator()() {
        if (!damage_.isEmpty()) return {};
        for (;;) {
            if (packing_ != 0 && (in_.pos < in_.size || heldBack_)) {
                ZSTD_outBuffer o{buffer_.data(), buffer_.size(), 0};
                left_ = ZSTD_decompressStream(z_, &o, &in_);
                if (ZSTD_isError(left_)) {
                    damage_ = u"cannot be decompressed: "_s +
                              QString::fromLatin1(ZSTD_getErrorName(left_));
                    return {};
                }
                // A full buffer: the decoder may hold more back.
                heldBack_ = o.pos == o.size;
                if (o.pos > 0) return {buffer_.data(), o.pos};
                if (in_.pos < in_.size) continue;
            }
            if (!next_(piece_)) {
                if (packing_ != 0 && left_ != 0) damage_ = u"cut short"_s;
                return {};
            }
            if (packing_ == 0) {
                if (piece_.isEmpty()) continue;
                return {piece_.constData(), static_cast<std::size_t>(piece_.size())};
            }
            in_ = ZSTD_inBuffer{piece_.constData(), static_cast<size_t>(piece_.size()), 0};
        }
    }
    // What was wrong with the bytes (empty when nothing was).
    const QString& damage() const { return damage_; }

  private:
    std::function<bool(QByteArray&)> next_;
    int packing_;
    ZSTD_DStream* z_ = ZSTD_createDStream();
    std::string buffer_;
    QByteArray piece_;
    ZSTD_inBuffer in_{nullptr, 0, 0};
    size_t left_ = 1;  // a frame not yet ended
    bool heldBack_ = false;
    QString damage_;
};

// Feeds one journaled line into an engine, as the store did when it was applied.
void feed(Engine& engine, const QByteArray& text, int number, EventSink& sink) {
    const ParsedLine parsed = parseCommandLine(text);
    if (parsed.command)
        engine.apply(*parsed.command, number, sink);
    else
        engine.rejectMalformed(number, parsed.error.toStdString(), sink);
}

}  // namespace

class StoreImpl : public EventSink {
  public:
    StoreOptions options;
    QString connection = u"houbu-store-"_s + QUuid::createUuid().toString(QUuid::WithoutBraces);
    bool postgres = false;
    std::unique_ptr<Engine> engine;
    std::unique_ptr<CommandPacker> packer = std::make_unique<CommandPacker>();
    EngineOptions engineOptions;
    qint64 journalSeq = 0;
    qint64 snapshotSeq = 0;  // journal seq of the newest snapshot
    qint64 openedFromSnapshot = 0;
    int schemaVersion = 0;
    bool needsReload = false;
    // False while the engine is empty because loading was deferred (or a
    // verify's replay broke off): see StoreOptions::deferLoading.
    bool engineLoaded = false;
    QStringList problems;

    // Per command while applying.
    Capture current;
    int currentEventCount = 0;
    QString currentError;

    ~StoreImpl() override {
        // A snapshot being written is waited for and kept: the next open
        // starts from it.
        if (snapshotting && !needsReload && db().isOpen()) {
            try {
                snapshotting->wait();
                takeInWholeSnapshot();
            } catch (const SqlFailure&) {
            }
        }
        snapshotting.reset();
        intake.reset();
        prepared.clear();
        hot.reset();
        {
            QSqlDatabase db = QSqlDatabase::database(connection, false);
            // The server ends a closed session (and frees its advisory lock) only
            // a moment later: free the lock now, so that a reopen is not refused.
            if (postgres && db.isOpen()) QSqlQuery(db).exec(u"SELECT pg_advisory_unlock_all()"_s);
            if (db.isOpen()) db.close();
        }
        QSqlDatabase::removeDatabase(connection);
    }

    QSqlDatabase db() const { return QSqlDatabase::database(connection, false); }

    QString blobType() const { return postgres ? u"BYTEA"_s : u"BLOB"_s; }

    QSqlQuery exec(const QString& sql, const QVariantList& values = {}) {
        QSqlQuery q(db());
        q.setForwardOnly(true);
        // PostgreSQL cannot PREPARE statements such as SET or CREATE TABLE: run
        // statements without values directly.
        if (values.isEmpty()) {
            if (!q.exec(sql)) throw SqlFailure{describe(q.lastError())};
            return q;
        }
        if (!q.prepare(sql)) throw SqlFailure{describe(q.lastError())};
        for (const auto& v : values)
            q.addBindValue(v);
        if (!q.exec()) throw SqlFailure{describe(q.lastError())};
        return q;
    }

    // Runs a write statement through a prepared query kept for the connection's
    // life: the hot path (journal and state rows) prepares each statement once.
    void write(const QString& sql, const QVariantList& values, bool keep = true) {
        if (!keep) {
            exec(sql, values);
            return;
        }
        auto it = prepared.find(sql);
        if (it == prepared.end()) {
            QSqlQuery q(db());
            if (!q.prepare(sql)) throw SqlFailure{describe(q.lastError())};
            it = prepared.emplace(sql, std::move(q)).first;
        }
        QSqlQuery& q = it->second;
        for (int i = 0; i < values.size(); ++i)
            q.bindValue(i, values[i]);
        if (!q.exec()) throw SqlFailure{describe(q.lastError())};
    }
    std::map<QString, QSqlQuery> prepared;

    // ---- connecting ------------------------------------------------------------

    bool connect(QString& error) {
        prepared.clear();
        hot.reset();
        postgres = options.location.startsWith(u"postgres://"_s) ||
                   options.location.startsWith(u"postgresql://"_s);
        if (QSqlDatabase::contains(connection)) {
            QSqlDatabase::database(connection, false).close();
            QSqlDatabase::removeDatabase(connection);
        }
        QSqlDatabase db =
            QSqlDatabase::addDatabase(postgres ? u"QPSQL"_s : u"QSQLITE"_s, connection);
        if (!db.isValid()) {
            error = u"the Qt SQL driver for %1 is not installed"_s.arg(postgres ? u"PostgreSQL"_s
                                                                                : u"SQLite"_s);
            return false;
        }
        if (postgres) {
            const QUrl url(options.location);
            if (!url.isValid() || url.host().isEmpty() || url.path().size() < 2) {
                error =
                    u"'%1' is not a PostgreSQL URL postgresql://user@host[:port]/database"_s.arg(
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
                if (f.read(16) != QByteArray("SQLite format 3\0", 16)) {
                    error = u"'%1' is not a Houbu database (not an SQLite file)"_s.arg(
                        options.location);
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
                        u"cannot write to '%1': %2; the store needs to write its journal there"_s
                            .arg(QFile::decodeName(p),
                                 QString::fromLocal8Bit(std::strerror(errno)));
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
            error = u"cannot open %1: %2"_s.arg(displayLocation(), describe(db.lastError()));
            return false;
        }
        try {
            if (postgres) {
                exec(u"SET client_min_messages TO WARNING"_s);
                // One writer per database: an advisory lock held for the session.
                QSqlQuery q = exec(u"SELECT pg_try_advisory_lock(4812960017)"_s);
                if (!q.next() || !q.value(0).toBool()) {
                    error =
                        u"%1 is locked by another process (another houbu-cli, console or "
                        u"houbud is using it)"_s.arg(displayLocation());
                    return false;
                }
            } else {
                // Exclusive locking: the first write takes the lock and keeps it,
                // so a second process is refused instead of interleaving.
                exec(u"PRAGMA locking_mode=EXCLUSIVE"_s);
                QSqlQuery mode = exec(u"PRAGMA journal_mode=WAL"_s);
                if (!mode.next() || mode.value(0).toString().toLower() != u"wal"_s)
                    throw SqlFailure{u"cannot switch to WAL mode"_s};
                mode.finish();
                exec(u"PRAGMA synchronous=FULL"_s);
                // The state tables are updated at random keys: keep their pages.
                exec(u"PRAGMA cache_size=-262144"_s);
                exec(u"BEGIN IMMEDIATE"_s);
                exec(u"CREATE TABLE IF NOT EXISTS houbu_lock (id INTEGER)"_s);
                exec(u"COMMIT"_s);
            }
        } catch (const SqlFailure& f) {
            const QString m = f.message.toLower();
            if (m.contains(u"locked"_s) || m.contains(u"busy"_s))
                error =
                    u"%1 is locked by another process (another houbu-cli, console or houbud "
                    u"is using it)"_s.arg(displayLocation());
            else if (m.contains(u"not a database"_s) || m.contains(u"malformed"_s))
                error = u"%1 is corrupt or not a Houbu database: %2"_s.arg(displayLocation(),
                                                                           f.message);
            else
                error = u"cannot use %1: %2"_s.arg(displayLocation(), f.message);
            return false;
        }
        return true;
    }

    QString displayLocation() const {
        if (!postgres) return options.location;
        return QUrl(options.location).toDisplayString(QUrl::RemovePassword);
    }

    // ---- schema ----------------------------------------------------------------

    bool prepareSchema(QString& error) {
        QStringList tables = db().tables();
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
                QSqlQuery q = exec(u"SELECT value FROM houbu_meta WHERE key = 'schema_version'"_s);
                if (!q.next()) {
                    error =
                        u"%1 is not a Houbu database (no schema version)"_s.arg(displayLocation());
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
            if (schemaVersion == 0) {
                if (!db().transaction()) throw SqlFailure{describe(db().lastError())};
                for (const char* sql : kSchemaV2)
                    exec(ddl(sql));
                exec(ddl(kSnapshotParts));
                exec(ddl(kRequests));
                exec(ddl(kJournalV2).arg(u"journal"_s));
                {
                    const QVariantList meta[] = {
                        {u"seat_choice"_s,
                         QString::fromLatin1(seatChoiceName(options.engine.seatChoice))},
                        {u"default_policy"_s, options.engine.defaultPolicy == Policy::Exact
                                                  ? u"exact"_s
                                                  : u"complete"_s},
                        {u"trace"_s, options.engine.trace ? u"on"_s : u"off"_s},
                        {u"rules"_s, QString::number(options.engine.rules)},
                        {u"schema_version"_s, QString::number(Store::kSchemaVersion)},
                    };
                    for (const auto& kv : meta)
                        exec(u"INSERT INTO houbu_meta (key, value) VALUES (?, ?)"_s, kv);
                }
                if (!db().commit()) throw SqlFailure{describe(db().lastError())};
                schemaVersion = Store::kSchemaVersion;
            }
            if (schemaVersion == 1 && !migrateFromV1(error)) return false;
            if (schemaVersion == 2 && !migrateFromV2(error)) return false;
            // The engine options the store was made with. A store made before
            // version 2 of the rules has no `rules` entry: its journal keeps
            // version 1's meaning and bytes (rule 8 of commands.md).
            engineOptions = options.engine;
            engineOptions.rules = 1;
            QSqlQuery q = exec(u"SELECT key, value FROM houbu_meta"_s);
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
            db().rollback();
            error = u"%1 is corrupt or unreadable: %2"_s.arg(displayLocation(), f.message);
            return false;
        }
        return true;
    }

    QString ddl(const char* sql) const {
        return QString::fromLatin1(sql)
            .replace(u"%BLOB%"_s, blobType())
            .replace(u"%SEQ%"_s, postgres ? u"BIGINT PRIMARY KEY"_s : u"INTEGER PRIMARY KEY"_s)
            .replace(u"%KEYED%"_s, postgres ? QString() : u" WITHOUT ROWID"_s);
    }

    // Schema 1 kept each command's events as text beside it. The journal is
    // rewritten with chain links computed from those events (which the open
    // after the migration checks against a replay, as schema 1 did), clocks
    // as numbers and no author; the other tables stay as they are.
    bool migrateFromV1(QString& error) {
        try {
            if (!db().transaction()) throw SqlFailure{describe(db().lastError())};
            exec(ddl(kSchemaV2[1]));
            exec(ddl(kSchemaV2[3]));
            exec(u"ALTER TABLE snapshots ADD COLUMN packing INTEGER NOT NULL DEFAULT 0"_s);
            exec(u"INSERT INTO authors (id, name, role, host) VALUES (?, ?, '', '')"_s,
                 {kNoAuthor, u"(journaled before schema 2)"_s});
            exec(ddl(kJournalV2).arg(u"journal_v2"_s));
            QSqlQuery count = exec(u"SELECT COUNT(*) FROM journal"_s);
            count.next();
            const qint64 total = count.value(0).toLongLong();
            count.finish();
            QByteArray link = JournalChain::origin();
            qint64 after = 0, done = 0;
            for (;;) {
                QSqlQuery rows = exec(
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
                        throw SqlFailure{
                            u"journal seq %1 has an unreadable clock '%2'"_s.arg(seq).arg(
                                rows.value(3).toString())};
                    link = JournalChain::next(link, seq, line, command,
                                              rows.value(7).toString().toUtf8());
                    page.push_back({seq, line, command, 0, static_cast<qint64>(*clock),
                                    rows.value(4).toLongLong(), rows.value(5).toInt(),
                                    rows.value(6), link, kNoAuthor,
                                    QVariant(QMetaType(QMetaType::LongLong))});
                    after = seq;
                }
                rows.finish();
                if (page.empty()) break;
                insertRows(
                    u"INSERT INTO journal_v2 (seq, input_line, command, packing, clock, "
                    u"first_event, event_count, error_code, chain, author, journaled_at)"_s,
                    11, page);
                done += static_cast<qint64>(page.size());
                if (options.progress && !options.progress(done, total)) {
                    db().rollback();
                    prepared.clear();
                    hot.reset();
                    error = u"upgrading %1 to schema 2 was cancelled; it is unchanged"_s.arg(
                        displayLocation());
                    return false;
                }
            }
            prepared.clear();
            hot.reset();  // no statement may stay open on the tables replaced
            exec(u"DROP TABLE journal"_s);
            exec(u"ALTER TABLE journal_v2 RENAME TO journal"_s);
            exec(u"UPDATE houbu_meta SET value = '2' WHERE key = 'schema_version'"_s);
            if (!db().commit()) throw SqlFailure{describe(db().lastError())};
        } catch (const SqlFailure& f) {
            db().rollback();
            prepared.clear();
            hot.reset();
            error = u"cannot upgrade %1 from schema 1 to 2 (it is unchanged): %2"_s.arg(
                displayLocation(), f.message);
            return false;
        }
        schemaVersion = 2;
        // The events took most of the file: give the space back.
        if (!postgres) exec(u"VACUUM"_s);
        return true;
    }

    // Schema 3 keeps snapshots in parts beside the table of snapshots, and
    // the keys of requests.
    bool migrateFromV2(QString& error) {
        try {
            if (!db().transaction()) throw SqlFailure{describe(db().lastError())};
            exec(u"ALTER TABLE snapshots ADD COLUMN parts INTEGER NOT NULL DEFAULT 0"_s);
            exec(ddl(kSnapshotParts));
            exec(ddl(kRequests));
            exec(u"UPDATE houbu_meta SET value = '3' WHERE key = 'schema_version'"_s);
            if (!db().commit()) throw SqlFailure{describe(db().lastError())};
        } catch (const SqlFailure& f) {
            db().rollback();
            error = u"cannot upgrade %1 from schema 2 to 3 (it is unchanged): %2"_s.arg(
                displayLocation(), f.message);
            return false;
        }
        schemaVersion = 3;
        return true;
    }

    // ---- loading -----------------------------------------------------------------

    void problem(const QString& text) { problems << text; }

    // Restores the newest snapshot and replays the journal after it, checking
    // every replayed event against the stored one.
    bool load(QString& error) {
        problems.clear();
        dropSnapshot({});
        inlineSnapshotDue = false;
        removeLeftSnapshotFiles();
        try {
            QSqlQuery count = exec(u"SELECT COUNT(*), COALESCE(MAX(seq), 0) FROM journal"_s);
            count.next();
            journalSeq = count.value(1).toLongLong();
            if (count.value(0).toLongLong() != journalSeq) {
                QSqlQuery gap = exec(
                    u"SELECT MIN(seq) + 1 FROM journal j WHERE seq < ? AND NOT EXISTS "
                    u"(SELECT 1 FROM journal k WHERE k.seq = j.seq + 1)"_s,
                    {journalSeq});
                const qint64 first =
                    gap.next() && !gap.value(0).isNull() ? gap.value(0).toLongLong() : 1;
                problem(
                    u"the journal has gaps: journal seq %1 is missing (%2 rows, sequence "
                    u"numbers up to %3)"_s.arg(first)
                        .arg(count.value(0).toLongLong())
                        .arg(journalSeq));
            }

            // The dictionaries the journal's commands were packed with.
            packer = std::make_unique<CommandPacker>();
            QSqlQuery dictionaries = exec(u"SELECT id, dictionary FROM command_dictionaries"_s);
            while (dictionaries.next())
                packer->addDictionary(dictionaries.value(0).toInt(),
                                      dictionaries.value(1).toByteArray());
            dictionaries.finish();

            if (std::exchange(options.deferLoading, false)) {
                engine = std::make_unique<Engine>(engineOptions);
                engineLoaded = false;
                needsReload = true;
                const std::vector<SnapshotRow> snapshots = snapshotRows(journalSeq + 1);
                snapshotSeq = snapshots.empty() ? 0 : snapshots.front().seq;
                openedFromSnapshot = 0;
                lastLink = linkAt(journalSeq);
                recent.clear();
                recentBytes = 0;
                return true;
            }

            // Build into a fresh engine and swap it in only when loading succeeded:
            // the store never holds a half-loaded or missing engine.
            std::unique_ptr<Engine> fresh = newestSnapshotBefore(journalSeq + 1, snapshotSeq, true);
            openedFromSnapshot = snapshotSeq;

            QByteArray link = linkAt(snapshotSeq);
            QSqlQuery rows = exec(
                u"SELECT seq, input_line, command, chain, packing FROM journal WHERE seq > ? ORDER BY seq"_s,
                {snapshotSeq});
            const qint64 total = journalSeq - snapshotSeq;
            qint64 done = 0;
            recent.clear();
            recentBytes = 0;
            while (rows.next()) {
                if (++done % 1000 == 0 && options.progress && !options.progress(done, total)) {
                    error = u"opening %1 was cancelled"_s.arg(displayLocation());
                    return false;
                }
                const qint64 firstEvent = static_cast<qint64>(fresh->lastSeq()) + 1;
                Capture replayed;
                const QString broken = replayRow(*fresh, rows, snapshotSeq + done - 1, link,
                                                 replayed, u"its replay"_s);
                if (!broken.isEmpty()) {
                    problem(broken);
                    break;
                }
                remember(rows.value(0).toLongLong(), firstEvent, replayed.out);
            }
            lastLink = link;
            const std::string broken = fresh->checkInvariants();
            if (!broken.empty())
                problem(u"the state breaks an invariant: "_s + QString::fromStdString(broken));
            if (options.progress) options.progress(total, total);
            std::swap(engine, fresh);
            engineLoaded = true;
            checkTables(false);
        } catch (const SqlFailure& f) {
            error = u"cannot read %1: %2"_s.arg(displayLocation(), f.message);
            return false;
        }
        if (!problems.isEmpty() && !options.inspectOnly) {
            error =
                u"%1 failed its checks on opening: %2 (run `houbu-cli verify --db ...` for a "
                u"full report)"_s.arg(displayLocation(), problems.first());
            return false;
        }
        return true;
    }

    // A row of the table of snapshots (its bytes are read by readSnapshot).
    struct SnapshotRow {
        qint64 seq = 0;
        QString sha256;
        int packing = 0;
        int parts = 0;
    };

    // The stored snapshots before journal seq `limit`, newest first.
    std::vector<SnapshotRow> snapshotRows(qint64 limit) {
        QSqlQuery q = exec(
            u"SELECT journal_seq, sha256, packing, parts FROM snapshots WHERE journal_seq < ? "
            u"ORDER BY journal_seq DESC"_s,
            {limit});
        std::vector<SnapshotRow> rows;
        while (q.next())
            rows.push_back({q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toInt(),
                            q.value(3).toInt()});
        return rows;
    }

    // Calls `use` with a function giving the snapshot's stored pieces in
    // order (false after the last), and returns what it returns, or that parts
    // are missing.
    QString withStoredPieces(
        const SnapshotRow& s,
        const std::function<QString(const std::function<bool(QByteArray&)>&)>& use) {
        if (s.parts == 0) {
            QSqlQuery q = exec(u"SELECT engine FROM snapshots WHERE journal_seq = ?"_s, {s.seq});
            QByteArray blob = q.next() ? q.value(0).toByteArray() : QByteArray();
            q.finish();
            bool given = false;
            return use([&](QByteArray& piece) {
                if (given) return false;
                piece = std::move(blob);
                return given = true;
            });
        }
        QSqlQuery q =
            exec(u"SELECT part, bytes FROM snapshot_parts WHERE journal_seq = ? ORDER BY part"_s,
                 {s.seq});
        int taken = 0;
        const QString damage = use([&](QByteArray& piece) {
            if (!q.next()) return false;
            if (q.value(0).toInt() != taken++) return false;
            piece = q.value(1).toByteArray();
            return true;
        });
        if (damage.isEmpty() && taken != s.parts)
            return u"%1 of its %2 parts are there"_s.arg(taken).arg(s.parts);
        return damage;
    }

    // Checks the snapshot's stored pieces against their checksum. Returns
    // what is wrong with them, or an empty string.
    QString checkSnapshot(const SnapshotRow& s) {
        return withStoredPieces(s, [&](const std::function<bool(QByteArray&)>& next) {
            return checkSnapshotSum(next, s.sha256);
        });
    }

    // Calls `use` with the snapshot's own bytes, decompressed a piece at a
    // time (SnapshotPieces), once its checksum holds. Returns what is wrong
    // with the snapshot, or an empty string.
    QString readSnapshot(const SnapshotRow& s, const std::function<void(SnapshotPieces&)>& use) {
        QString damage = checkSnapshot(s);
        if (!damage.isEmpty()) return damage;
        return withStoredPieces(s, [&](const std::function<bool(QByteArray&)>& next) {
            SnapshotPieces pieces(next, s.packing);
            use(pieces);
            // A reader that stopped early (another format version) leaves
            // parts unread: read past them, undecompressed.
            QByteArray rest;
            while (next(rest)) {
            }
            return pieces.damage();
        });
    }

    // An engine restored from the newest snapshot before journal seq `limit`
    // that is intact, with `seq` its journal seq; an empty engine and 0 when
    // there is none. With `report`, damaged snapshots are problems.
    std::unique_ptr<Engine> newestSnapshotBefore(qint64 limit, qint64& seq, bool report) {
        for (const SnapshotRow& row : snapshotRows(limit)) {
            std::unique_ptr<Engine> restored;
            std::string why;
            const QString damage = readSnapshot(row, [&](SnapshotPieces& pieces) {
                restored = Engine::restore([&] { return pieces(); }, engineOptions, why);
            });
            if (!damage.isEmpty()) {
                if (report)
                    problem(
                        u"snapshot at journal seq %1 is damaged (%2)"_s.arg(row.seq).arg(damage));
                continue;
            }
            if (restored) {
                seq = row.seq;
                return restored;
            }
            // A snapshot written by another version is not damage: the
            // journal before it is replayed instead.
            if (report && why.find("another format version") == std::string::npos)
                problem(u"snapshot at journal seq %1 cannot be restored: %2"_s.arg(row.seq).arg(
                    QString::fromStdString(why)));
        }
        seq = 0;
        return std::make_unique<Engine>(engineOptions);
    }

    // The chain link of journal row `seq` (the origin before the first row).
    QByteArray linkAt(qint64 seq) {
        if (seq <= 0) return JournalChain::origin();
        QSqlQuery q = exec(u"SELECT chain FROM journal WHERE seq = ?"_s, {seq});
        if (q.next()) return q.value(0).toByteArray();
        problem(u"journal seq %1 is missing"_s.arg(seq));
        return JournalChain::origin();
    }

    // Replays the journal row `rows` is on (columns seq, input_line, command,
    // chain, packing) into `engine`, which has applied rows up to `previous`, and moves
    // `link` on. Returns what is wrong (the row compared with `against`), or an
    // empty string.
    QString replayRow(Engine& engine, const QSqlQuery& rows, qint64 previous, QByteArray& link,
                      Capture& replayed, const QString& against) {
        const qint64 seq = rows.value(0).toLongLong();
        if (seq != previous + 1)
            return u"journal seq %1 is missing (the next row is %2)"_s.arg(previous + 1).arg(seq);
        const int line = rows.value(1).toInt();
        const auto unpacked = packer->unpack(rows.value(2).toByteArray(), rows.value(4).toInt());
        if (!unpacked)
            return u"journal seq %1 disagrees with %2: its command cannot be unpacked (packing %3)"_s
                .arg(seq)
                .arg(against)
                .arg(rows.value(4).toInt());
        const QByteArray& command = *unpacked;
        feed(engine, command, line, replayed);
        link = JournalChain::next(link, seq, line, command, replayed.out);
        if (link != rows.value(3).toByteArray())
            return u"journal seq %1 disagrees with %2: the row, a row before it or the events it "
                   u"produced changed (its command: %3)"_s.arg(seq)
                       .arg(against, QString::fromUtf8(command.left(300)));
        return {};
    }

    // The newest committed commands' events, for readers of the stream's tail.
    struct RecentCommand {
        qint64 seq;
        qint64 firstEvent;
        QByteArray events;
    };
    std::deque<RecentCommand> recent;
    qint64 recentBytes = 0;
    void remember(qint64 seq, qint64 firstEvent, const QByteArray& events) {
        if (events.isEmpty()) return;
        recent.push_back({seq, firstEvent, events});
        recentBytes += events.size();
        while (recentBytes > options.recentEventBytes && recent.size() > 1) {
            recentBytes -= recent.front().events.size();
            recent.pop_front();
        }
    }

    // A replay kept between reads of older events: a reader paging forward
    // continues it instead of starting again from a snapshot.
    std::unique_ptr<Engine> reader;
    qint64 readerSeq = 0;  // journal rows the reader has applied
    QByteArray readerLink;
    QByteArray readerTail;  // the events of its last row

    // ---- reading events ----------------------------------------------------------

    // Appends the events after `afterSeq` of one command's JSON Lines, up to `limit` in all.
    static void takeEvents(const QByteArray& events, qint64 afterSeq, int limit, int& taken,
                           QByteArray& out) {
        qsizetype at = 0;
        while (taken < limit && at < events.size()) {
            qsizetype end = events.indexOf('\n', at);
            if (end < 0) end = events.size();
            const QByteArrayView line(events.constData() + at, end - at);
            // Every event starts with {"seq":N,
            constexpr QByteArrayView prefix("{\"seq\":");
            qint64 seq = 0;
            if (line.startsWith(prefix))
                for (qsizetype i = prefix.size();
                     i < line.size() && line[i] >= '0' && line[i] <= '9'; ++i)
                    seq = seq * 10 + (line[i] - '0');
            if (seq > afterSeq) {
                out.append(line.data(), line.size());
                out += '\n';
                ++taken;
            }
            at = end + 1;
        }
    }

    // The last journal row whose first event is at or before `eventSeq`: first
    // events grow with the rows, so a binary search on the primary key finds it
    // without an index of its own.
    qint64 rowOfEvent(qint64 eventSeq) {
        qint64 lo = 1, hi = journalSeq;
        while (lo < hi) {
            const qint64 mid = lo + (hi - lo + 1) / 2;
            QSqlQuery q = exec(u"SELECT first_event FROM journal WHERE seq = ?"_s, {mid});
            if (!q.next()) throw SqlFailure{u"journal seq %1 is missing"_s.arg(mid)};
            if (q.value(0).toLongLong() <= eventSeq)
                lo = mid;
            else
                hi = mid - 1;
        }
        return lo;
    }

    bool readEvents(qint64 afterSeq, int limit, QByteArray& out, QString& error) {
        // Nothing newer: a caught-up reader must not start a replay.
        if (limit <= 0 || afterSeq >= static_cast<qint64>(engine->lastSeq())) return true;
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
            if (journalSeq == 0) return true;
            const qint64 row = rowOfEvent(afterSeq + 1);
            if (reader && readerSeq == row) {
                // The last page ended inside the reader's last row.
                takeEvents(readerTail, afterSeq, limit, taken, out);
            } else if (!reader || readerSeq > row) {
                // Start from the newest snapshot before the row, or from nothing.
                reader = newestSnapshotBefore(row, readerSeq, false);
                readerLink = linkAt(readerSeq);
            }
            while (taken < limit && readerSeq < journalSeq) {
                QSqlQuery rows = exec(
                    u"SELECT seq, input_line, command, chain, packing FROM journal WHERE seq > ? "
                    u"ORDER BY "
                    u"seq LIMIT 2000"_s,
                    {readerSeq});
                bool any = false;
                while (taken < limit && rows.next()) {
                    any = true;
                    Capture replayed;
                    const QString broken =
                        replayRow(*reader, rows, readerSeq, readerLink, replayed, u"its replay"_s);
                    if (!broken.isEmpty()) {
                        reader.reset();
                        error = broken;
                        return false;
                    }
                    readerSeq = rows.value(0).toLongLong();
                    readerTail = replayed.out;
                    if (readerSeq >= row) takeEvents(replayed.out, afterSeq, limit, taken, out);
                }
                if (!any) break;
            }
            // Caught up with the live engine: the tail is in memory from here.
            if (readerSeq >= journalSeq) reader.reset();
        } catch (const SqlFailure& f) {
            reader.reset();
            error = u"cannot read the journal: "_s + f.message;
            return false;
        }
        return true;
    }

    // Compares the state tables with the engine: counts always, every row when `rows`.
    void checkTables(bool rows) {
        const EngineSummary s = engine->summary();
        auto countBy = [&](const QString& table) {
            std::map<QString, qint64> counts;
            QSqlQuery q = exec(u"SELECT status, COUNT(*) FROM %1 GROUP BY status"_s.arg(table));
            while (q.next())
                counts[q.value(0).toString()] = q.value(1).toLongLong();
            return counts;
        };
        auto expect = [&](const QString& what, qint64 table, std::int64_t engineCount) {
            if (table != engineCount)
                problem(
                    u"%1: the state tables say %2, the journal says %3"_s.arg(what).arg(table).arg(
                        engineCount));
        };
        auto tickets = countBy(u"tickets"_s);
        expect(u"held tickets"_s, tickets[u"held"_s], s.ticketsHeld);
        expect(u"paid tickets"_s, tickets[u"paid"_s], s.ticketsPaid);
        expect(u"refunded tickets"_s, tickets[u"refunded"_s], s.ticketsRefunded);
        expect(u"expired tickets"_s, tickets[u"expired"_s], s.ticketsExpired);
        auto orders = countBy(u"orders"_s);
        expect(u"orders awaiting prepayment"_s, orders[u"awaiting_prepay"_s],
               s.ordersAwaitingPrepay);
        expect(u"queued orders"_s, orders[u"queued"_s], s.ordersQueued);
        expect(u"fulfilled orders"_s, orders[u"fulfilled"_s], s.ordersFulfilled);
        expect(u"cancelled orders"_s, orders[u"cancelled"_s], s.ordersCancelled);
        expect(u"expired orders"_s, orders[u"expired"_s], s.ordersExpired);
        expect(u"failed orders"_s, orders[u"failed"_s], s.ordersFailed);
        expect(u"live quota blocks"_s, countBy(u"blocks"_s)[u"live"_s], s.blocksLive);
        QSqlQuery runs = exec(u"SELECT COUNT(*), COALESCE(SUM(seats), 0) FROM runs"_s);
        runs.next();
        expect(u"train runs"_s, runs.value(0).toLongLong(), s.runs);
        expect(u"seats"_s, runs.value(1).toLongLong(), s.seats);
        if (rows) checkRows();
    }

    // Compares every state row with the engine's records without holding
    // either side whole (a whole day has tens of millions): each side is
    // summed into buckets by id, a count and a sum of hashes of id and status,
    // and only the first bucket that disagrees is read again, to name its
    // first row that differs.
    void checkRows() {
        constexpr std::size_t kBuckets = 4096;
        const char* const names[3] = {"tickets", "orders", "blocks"};
        const char* const keys[3] = {"ticket", "id", "id"};
        struct Bucket {
            quint64 count = 0;
            quint64 sum = 0;
            bool operator==(const Bucket&) const = default;
        };
        auto bucketOf = [&](int kind, std::string_view id) {
            return static_cast<std::size_t>(kind) * kBuckets +
                   XXH3_64bits_withSeed(id.data(), id.size(), 0) % kBuckets;
        };
        auto hashOf = [](std::string_view id, std::string_view status) {
            return XXH3_64bits_withSeed(status.data(), status.size(),
                                        XXH3_64bits_withSeed(id.data(), id.size(), 1));
        };
        auto tableRows = [&](int kind,
                             const std::function<void(std::string_view, std::string_view)>& row) {
            QSqlQuery q = exec(u"SELECT %1, status FROM %2"_s.arg(QLatin1String(keys[kind]),
                                                                  QLatin1String(names[kind])));
            while (q.next()) {
                const QByteArray id = q.value(0).toString().toUtf8();
                const QByteArray status = q.value(1).toString().toUtf8();
                row(std::string_view(id.constData(), static_cast<std::size_t>(id.size())),
                    std::string_view(status.constData(), static_cast<std::size_t>(status.size())));
            }
        };
        std::vector<Bucket> journalSide(3 * kBuckets), tableSide(3 * kBuckets);
        engine->forEachRecord(
            [&](RecordStatus::Kind kind, std::string_view id, std::string_view status) {
                Bucket& b = journalSide[bucketOf(static_cast<int>(kind), id)];
                ++b.count;
                b.sum += hashOf(id, status);
            });
        for (int k = 0; k < 3; ++k)
            tableRows(k, [&](std::string_view id, std::string_view status) {
                Bucket& b = tableSide[bucketOf(k, id)];
                ++b.count;
                b.sum += hashOf(id, status);
            });
        std::size_t differing = 0;
        while (differing < journalSide.size() && journalSide[differing] == tableSide[differing])
            ++differing;
        if (differing == journalSide.size()) return;

        const int kind = static_cast<int>(differing / kBuckets);
        const QString what = QString::fromLatin1(names[kind]).chopped(1);
        std::map<std::string, std::string, std::less<>> table;
        tableRows(kind, [&](std::string_view id, std::string_view status) {
            if (bucketOf(kind, id) == differing) table.emplace(id, status);
        });
        bool named = false;
        engine->forEachRecord(
            [&](RecordStatus::Kind k, std::string_view id, std::string_view status) {
                if (named || static_cast<int>(k) != kind || bucketOf(kind, id) != differing) return;
                auto it = table.find(id);
                if (it == table.end()) {
                    problem(u"%1 %2 (%3 in the journal) is missing from the state tables"_s.arg(
                        what, QString::fromUtf8(id), QString::fromUtf8(status)));
                    named = true;
                } else if (it->second != status) {
                    problem(u"%1 %2 is %3 in the state tables but %4 in the journal"_s.arg(
                        what, QString::fromUtf8(id), QString::fromStdString(it->second),
                        QString::fromUtf8(status)));
                    named = true;
                } else {
                    table.erase(it);
                }
            });
        if (!named && !table.empty())
            problem(u"%1 %2 is in the state tables but not in the journal"_s.arg(
                what, QString::fromStdString(table.begin()->first)));
    }

    // verify(): replays the whole journal into a fresh engine, which becomes
    // the store's, comparing by digest each stored snapshot with the replay's
    // state at its journal seq and the state the store opened with (dropped
    // before the replay) with its end; then the state tables, row by row.
    void verifyAll(StoreReport& r) {
        auto note = [&](const QString& text) {
            if (!r.problems.contains(text)) r.problems << text;
        };
        const QByteArray opened = engineLoaded ? StateDigest::of(*engine) : QByteArray();
        reader.reset();
        engine = std::make_unique<Engine>(engineOptions);
        engineLoaded = false;
        needsReload = true;
        const std::string magic = engine->snapshot().substr(0, 8);

        // The stored snapshots' digests first: a second statement on the
        // connection while the journal is read would end that read early on
        // PostgreSQL (one result at a time).
        std::vector<SnapshotRow> snapshots = snapshotRows(std::numeric_limits<qint64>::max());
        std::reverse(snapshots.begin(), snapshots.end());
        std::vector<QByteArray> storedDigests;
        for (auto it = snapshots.begin(); it != snapshots.end();) {
            StateDigest stored;
            std::string head;
            const QString damage = readSnapshot(*it, [&](SnapshotPieces& pieces) {
                for (std::string_view piece = pieces(); !piece.empty(); piece = pieces()) {
                    if (head.size() < magic.size())
                        head.append(piece.substr(0, magic.size() - head.size()));
                    stored.add(piece);
                }
            });
            // Damaged, or of another format version (open replays the
            // journal instead): not compared.
            const bool otherVersion = head.size() == magic.size() &&
                                      head.compare(0, 7, magic, 0, 7) == 0 && head != magic;
            if (!damage.isEmpty())
                note(u"snapshot at journal seq %1 is damaged (%2)"_s.arg(it->seq).arg(damage));
            if (!damage.isEmpty() || otherVersion) {
                it = snapshots.erase(it);
                continue;
            }
            storedDigests.push_back(stored.result());
            ++it;
        }
        std::size_t nextSnapshot = 0;
        auto compareSnapshot = [&](std::size_t k) {
            if (storedDigests[k] != StateDigest::of(*engine)) {
                note(
                    u"snapshot at journal seq %1 differs from a fresh replay of the journal up "
                    u"to it"_s.arg(snapshots[k].seq));
                return;
            }
            r.snapshotsChecked << snapshots[k].seq;
        };

        recent.clear();
        recentBytes = 0;
        QSqlQuery rows =
            exec(u"SELECT seq, input_line, command, chain, packing FROM journal ORDER BY seq"_s);
        QByteArray link = JournalChain::origin();
        qint64 previous = 0;
        bool whole = true;
        while (rows.next()) {
            if (previous % 1000 == 999 && options.progress &&
                !options.progress(previous + 1, journalSeq)) {
                note(u"verify was cancelled at journal seq %1"_s.arg(previous + 1));
                whole = false;
                break;
            }
            const qint64 firstEvent = static_cast<qint64>(engine->lastSeq()) + 1;
            Capture replayed;
            const QString broken =
                replayRow(*engine, rows, previous, link, replayed, u"a fresh replay"_s);
            if (!broken.isEmpty()) {
                note(broken);
                whole = false;
                break;
            }
            previous = rows.value(0).toLongLong();
            remember(previous, firstEvent, replayed.out);
            for (; nextSnapshot < snapshots.size() && snapshots[nextSnapshot].seq <= previous;
                 ++nextSnapshot)
                if (snapshots[nextSnapshot].seq == previous) compareSnapshot(nextSnapshot);
        }
        rows.finish();
        if (options.progress) options.progress(previous, journalSeq);

        QSqlQuery events = exec(u"SELECT COALESCE(SUM(event_count), 0) FROM journal"_s);
        events.next();
        r.events = events.value(0).toLongLong();
        // The state tables describe the journal's end: a replay that broke off
        // has not reached it.
        if (!whole) return;
        for (; nextSnapshot < snapshots.size(); ++nextSnapshot)
            note(u"snapshot at journal seq %1 lies beyond the journal's end (journal seq %2)"_s
                     .arg(snapshots[nextSnapshot].seq)
                     .arg(previous));
        const std::string broken = engine->checkInvariants();
        if (!broken.empty())
            note(u"the state breaks an invariant: "_s + QString::fromStdString(broken));
        if (!opened.isEmpty() && StateDigest::of(*engine) != opened)
            note(
                u"the state opened from the snapshot differs from a fresh replay of the journal"_s);
        lastLink = link;
        engineLoaded = true;
        needsReload = false;
        const qsizetype before = problems.size();
        checkTables(true);
        for (qsizetype i = before; i < problems.size(); ++i)
            note(problems[i]);
    }

    // ---- applying ----------------------------------------------------------------

    void onEvent(const Event& e) override {
        current.onEvent(e);
        ++currentEventCount;
        if (e.kind == EventKind::Error) currentError = QString::fromLatin1(errorCodeName(e.code));
        project(e);
    }

    static QString q(const std::string& s) { return QString::fromStdString(s); }

    // State-table rows touched by the current transaction, written once each at
    // commit (a ticket sold and refunded in one group costs one row write).
    struct TicketRow {
        std::string sale, passenger, train, date, travelClass, seat, from, to;
        const char* status = "held";
        bool created = false;  // inserted by this transaction
    };
    struct OrderRow {
        std::string prepay;
        const char* status = "awaiting_prepay";
        bool created = false;
    };
    struct BlockRow {
        std::string train, date, travelClass;
        const char* status = "live";
        bool created = false;
    };
    struct JournalRow {
        qint64 seq = 0;
        int line = 0;
        QByteArray command;  // as stored: packed when `packing` is not 0
        int packing = 0;
        qint64 clock = 0;
        qint64 firstEvent = 0;
        int eventCount = 0;
        QString error;  // null: none
        QByteArray link;
        qint64 author = 0;
        qint64 journaledAt = 0;
    };
    std::vector<JournalRow> pendingJournal;  // this transaction's journal rows
    // This transaction's request keys with the journal positions they cover.
    std::vector<std::pair<QByteArray, JournaledRequest>> pendingRequests;

    // SQLite: the hot statements on the driver's own connection (sqlite_statement.h).
    struct HotStatements {
        explicit HotStatements(sqlite3* db)
            : journal(db,
                      "INSERT INTO journal (seq, input_line, command, packing, clock, first_event, "
                      "event_count, error_code, chain, author, journaled_at) "
                      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"),
              ticket(db,
                     "INSERT INTO tickets (ticket, sale, passenger, train, date, class, seat, "
                     "from_station, to_station, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"),
              ticketStatus(db, "UPDATE tickets SET status = ? WHERE ticket = ?"),
              order(db, "INSERT INTO orders (id, prepay, status) VALUES (?, ?, ?)"),
              orderStatus(db, "UPDATE orders SET status = ? WHERE id = ?") {}
        SqliteStatement journal, ticket, ticketStatus, order, orderStatus;
    };
    std::unique_ptr<HotStatements> hot;
    HotStatements& hotStatements() {
        if (!hot) {
            const QVariant handle = db().driver()->handle();
            if (!handle.isValid() || qstrcmp(handle.typeName(), "sqlite3*") != 0)
                throw SqlFailure{u"the Qt SQLite driver gives no SQLite handle"_s};
            sqlite3* connection = *static_cast<sqlite3* const*>(handle.constData());
            if (!connection) throw SqlFailure{u"the SQLite connection is closed"_s};
            try {
                hot = std::make_unique<HotStatements>(connection);
            } catch (const SqliteFailure& f) {
                throw SqlFailure{f.message};
            }
        }
        return *hot;
    }
    std::vector<RecentCommand> pendingRecent;      // and their events, remembered once committed
    QByteArray lastLink = JournalChain::origin();  // the chain link of the last committed row

    // Authors by name, role and host, with their ids in the authors table.
    std::map<QString, qint64> authorIds;
    QStringList authorsAdded;  // by the open transaction: forgotten if it rolls back
    qint64 authorId(const Author& given) {
        const Author& a = given.name.isEmpty() ? options.author : given;
        const QString key = a.name + QChar(0x1f) + a.role + QChar(0x1f) + a.host;
        const auto it = authorIds.find(key);
        if (it != authorIds.end()) return it->second;
        QSqlQuery q = exec(u"SELECT id FROM authors WHERE name = ? AND role = ? AND host = ?"_s,
                           {a.name, a.role, a.host});
        qint64 id = 0;
        if (q.next()) {
            id = q.value(0).toLongLong();
        } else {
            QSqlQuery next = exec(u"SELECT COALESCE(MAX(id), 0) + 1 FROM authors"_s);
            next.next();
            id = next.value(0).toLongLong();
            exec(u"INSERT INTO authors (id, name, role, host) VALUES (?, ?, ?, ?)"_s,
                 {id, a.name, a.role, a.host});
            authorsAdded << key;
        }
        authorIds.emplace(key, id);
        return id;
    }
    std::map<std::string, TicketRow> dirtyTickets;
    std::map<std::string, OrderRow> dirtyOrders;
    std::map<std::string, BlockRow> dirtyBlocks;
    std::map<std::pair<std::string, std::string>, std::pair<qint64, bool>>
        dirtyRuns;  // seats, created

    void clearDirty() {
        pendingJournal.clear();
        pendingRequests.clear();
        pendingRecent.clear();
        dirtyTickets.clear();
        dirtyOrders.clear();
        dirtyBlocks.clear();
        dirtyRuns.clear();
    }

    void project(const Event& e) {
        switch (e.kind) {
            case EventKind::TrainDefined:
                dirtyRuns[{e.train, e.date}] = {e.count, true};
                break;
            case EventKind::CarAdded: {
                auto [it, fresh] = dirtyRuns.try_emplace({e.train, e.date}, 0, false);
                (void)fresh;
                it->second.first += static_cast<qint64>(e.seatList.size());
                break;
            }
            case EventKind::TicketHeld:
                dirtyTickets[e.ticket] = {e.sale, e.passenger, e.train, e.date, e.travelClass,
                                          e.seat, e.from,      e.to,    "held", true};
                break;
            case EventKind::TicketPaid:
                dirtyTickets[e.ticket].status = "paid";
                break;
            case EventKind::TicketRefunded:
                dirtyTickets[e.ticket].status = "refunded";
                break;
            case EventKind::HoldExpired:
                dirtyTickets[e.ticket].status = "expired";
                break;
            case EventKind::WaitlistFulfilled:
                for (const auto& t : e.tickets)
                    dirtyTickets[t.ticket] = {e.id,   t.passenger, e.train, e.date, e.travelClass,
                                              t.seat, t.from,      t.to,    "paid", true};
                dirtyOrders[e.id].status = "fulfilled";
                break;
            case EventKind::BlockCreated:
                dirtyBlocks[e.id] = {e.train, e.date, e.travelClass, "live", true};
                break;
            case EventKind::BlockReleased:
                dirtyBlocks[e.id].status = "released";
                break;
            case EventKind::WaitlistSubmitted:
                dirtyOrders[e.id] = {formatYuan(e.prepayFen).toStdString(), "awaiting_prepay",
                                     true};
                break;
            case EventKind::WaitlistEffective:
                dirtyOrders[e.id].status = "queued";
                break;
            case EventKind::WaitlistCancelled:
                dirtyOrders[e.id].status = "cancelled";
                break;
            case EventKind::WaitlistExpired:
                dirtyOrders[e.id].status = "expired";
                break;
            case EventKind::WaitlistFailed:
                dirtyOrders[e.id].status = "failed";
                break;
            default:
                break;
        }
    }

    // Rows per multi-row statement. PostgreSQL pays a round trip a statement,
    // so it takes many; Qt's SQLite driver looks every parameter up by name,
    // quadratic in a statement's parameters, so SQLite takes few.
    std::size_t rowsPerStatement() const { return postgres ? 200 : 16; }

    // Writes the touched rows: new ones inserted whole, existing ones updated.
    // Inserts rows of `columns` values with multi-row INSERT statements: one round
    // trip per chunk instead of one per row (PostgreSQL pays a round trip each).
    void insertRows(const QString& head, int columns, const std::vector<QVariantList>& rows) {
        const std::size_t chunk = rowsPerStatement();
        for (std::size_t at = 0; at < rows.size(); at += chunk) {
            const std::size_t n = std::min(chunk, rows.size() - at);
            QString tuple = u"("_s;
            for (int c = 0; c < columns; ++c)
                tuple += c ? u", ?"_s : u"?"_s;
            tuple += u')';
            QStringList tuples;
            for (std::size_t r = 0; r < n; ++r)
                tuples << tuple;
            QVariantList values;
            values.reserve(static_cast<qsizetype>(n) * columns);
            for (std::size_t r = 0; r < n; ++r)
                values += rows[at + r];
            // Keep the statement of a full chunk; a remainder's size varies.
            write(head + u" VALUES "_s + tuples.join(u", "_s), values, n == chunk);
        }
    }

    // Sets the status of many rows with one statement per chunk (portable SQL).
    void updateStatuses(const QString& table, const QString& key,
                        const std::vector<std::pair<QString, QString>>& rows) {
        const std::size_t chunk = rowsPerStatement();
        for (std::size_t at = 0; at < rows.size(); at += chunk) {
            const std::size_t n = std::min(chunk, rows.size() - at);
            QString sql = u"UPDATE %1 SET status = CASE %2"_s.arg(table, key);
            QVariantList values;
            for (std::size_t r = 0; r < n; ++r) {
                sql += u" WHEN ? THEN ?"_s;
                values << rows[at + r].first << rows[at + r].second;
            }
            sql += u" END WHERE %1 IN ("_s.arg(key);
            for (std::size_t r = 0; r < n; ++r) {
                sql += r ? u", ?"_s : u"?"_s;
                values << rows[at + r].first;
            }
            write(sql + u')', values, n == chunk);
        }
    }

    // SQLite: the journal, tickets and orders through the hot statements.
    void flushHot() {
        HotStatements& h = hotStatements();
        try {
            for (const JournalRow& r : pendingJournal) {
                const QByteArray error = r.error.toUtf8();
                h.journal.bind(1, r.seq).bind(2, r.line).bindBlob(3, r.command).bind(4, r.packing);
                h.journal.bind(5, r.clock).bind(6, r.firstEvent).bind(7, r.eventCount);
                if (r.error.isNull())
                    h.journal.bindNull(8);
                else
                    h.journal.bindText(8, std::string_view(error.constData(), error.size()));
                h.journal.bindBlob(9, r.link).bind(10, r.author).bind(11, r.journaledAt);
                h.journal.run();
            }
            for (const auto& [id, t] : dirtyTickets) {
                if (!t.created) continue;
                h.ticket.bindText(1, id).bindText(2, t.sale).bindText(3, t.passenger);
                h.ticket.bindText(4, t.train).bindText(5, t.date).bindText(6, t.travelClass);
                h.ticket.bindText(7, t.seat).bindText(8, t.from).bindText(9, t.to);
                h.ticket.bindText(10, t.status).run();
            }
            for (const auto& [id, t] : dirtyTickets)
                if (!t.created) h.ticketStatus.bindText(1, t.status).bindText(2, id).run();
            for (const auto& [id, o] : dirtyOrders)
                if (o.created)
                    h.order.bindText(1, id).bindText(2, o.prepay).bindText(3, o.status).run();
            for (const auto& [id, o] : dirtyOrders)
                if (!o.created) h.orderStatus.bindText(1, o.status).bindText(2, id).run();
        } catch (const SqliteFailure& f) {
            throw SqlFailure{f.message};
        }
    }

    // Writes the transaction's journal rows and touched state rows.
    void flushDirty() {
        if (postgres) {
            writeJournalRows();
            writeTicketsAndOrders();
        } else {
            flushHot();
        }
        pendingJournal.clear();
        for (const auto& [key, seats] : dirtyRuns) {
            if (seats.second)
                write(u"INSERT INTO runs (train, date, seats) VALUES (?, ?, ?)"_s,
                      {q(key.first), q(key.second), seats.first});
            else
                write(u"UPDATE runs SET seats = seats + ? WHERE train = ? AND date = ?"_s,
                      {seats.first, q(key.first), q(key.second)});
        }
        std::vector<QVariantList> created;
        std::vector<std::pair<QString, QString>> updated;
        for (const auto& [id, b] : dirtyBlocks) {
            if (b.created)
                created.push_back({q(id), q(b.train), q(b.date), q(b.travelClass),
                                   QString::fromLatin1(b.status)});
            else
                updated.emplace_back(q(id), QString::fromLatin1(b.status));
        }
        insertRows(u"INSERT INTO blocks (id, train, date, class, status)"_s, 5, created);
        updateStatuses(u"blocks"_s, u"id"_s, updated);
        for (const auto& [key, at] : pendingRequests)
            write(u"INSERT INTO requests (key, first_seq, last_seq) VALUES (?, ?, ?)"_s,
                  {QString::fromUtf8(key), at.first, at.last});
        clearDirty();
    }

    // PostgreSQL: the journal rows in multi-row statements through Qt SQL.
    void writeJournalRows() {
        std::vector<QVariantList> rows;
        rows.reserve(pendingJournal.size());
        for (const JournalRow& r : pendingJournal)
            rows.push_back(
                {r.seq, r.line, r.command, r.packing, r.clock, r.firstEvent, r.eventCount,
                 r.error.isNull() ? QVariant(QMetaType(QMetaType::QString)) : QVariant(r.error),
                 r.link, r.author, r.journaledAt});
        insertRows(
            u"INSERT INTO journal (seq, input_line, command, packing, clock, first_event, "
            u"event_count, error_code, chain, author, journaled_at)"_s,
            11, rows);
    }

    // PostgreSQL: tickets and orders in multi-row statements through Qt SQL.
    void writeTicketsAndOrders() {
        std::vector<QVariantList> created;
        std::vector<std::pair<QString, QString>> updated;
        for (const auto& [id, t] : dirtyTickets) {
            if (t.created)
                created.push_back({q(id), q(t.sale), q(t.passenger), q(t.train), q(t.date),
                                   q(t.travelClass), q(t.seat), q(t.from), q(t.to),
                                   QString::fromLatin1(t.status)});
            else
                updated.emplace_back(q(id), QString::fromLatin1(t.status));
        }
        insertRows(
            u"INSERT INTO tickets (ticket, sale, passenger, train, date, class, seat, "
            u"from_station, to_station, status)"_s,
            10, created);
        updateStatuses(u"tickets"_s, u"ticket"_s, updated);
        created.clear();
        updated.clear();
        for (const auto& [id, o] : dirtyOrders) {
            if (o.created)
                created.push_back({q(id), q(o.prepay), QString::fromLatin1(o.status)});
            else
                updated.emplace_back(q(id), QString::fromLatin1(o.status));
        }
        insertRows(u"INSERT INTO orders (id, prepay, status)"_s, 3, created);
        updateStatuses(u"orders"_s, u"id"_s, updated);
    }

    // ---- snapshots ---------------------------------------------------------------

    // A snapshot being written by a child process, then taken into the
    // database a part per transaction so that no commit carries all of it.
    static constexpr qint64 kSnapshotPartBytes = 1 << 20;
    std::unique_ptr<SnapshotProcess> snapshotting;
    std::unique_ptr<QFile> intake;  // the child's file, once it is written
    std::unique_ptr<QCryptographicHash> intakeHash;
    QByteArray intakeExpected;
    int intakeParts = 0;
    bool inlineSnapshotDue = false;  // the child could not be started: snapshot in the writer
    bool partsToCollect = true;      // parts of no snapshot may be left (checked once on open)
    QString snapshotFailure;         // the last snapshot that could not be taken, and why
    qint64 snapshotRetryAt = 0;      // after a failure, no new attempt before this journal seq
    Store::SnapshotPauses pauses;

    qint64 newestSnapshotTaken() const { return snapshotting ? snapshotting->seq() : snapshotSeq; }
    bool snapshotDue() const {
        return journalSeq - newestSnapshotTaken() >=
               std::max<qint64>(options.snapshotEvery, journalSeq / 8);
    }

    QString snapshotPath(qint64 seq) const {
        if (postgres)
            return QDir::temp().filePath(
                u"houbu-snapshot-%1-%2"_s.arg(QCoreApplication::applicationPid()).arg(seq));
        return options.location + u"-snapshot-"_s + QString::number(seq);
    }

    // Files of snapshot processes a crash ended before they were taken in.
    void removeLeftSnapshotFiles() const {
        if (postgres) return;
        const QFileInfo info(options.location);
        QDir dir = info.absoluteDir();
        for (const QString& name : dir.entryList({info.fileName() + u"-snapshot-*"_s}, QDir::Files))
            dir.remove(name);
    }

    // After a commit: a child writes the state as committed, while the
    // writer goes on.
    void startSnapshotWhenDue() {
        if (snapshotting || inlineSnapshotDue || journalSeq < snapshotRetryAt || !snapshotDue())
            return;
        QString why;
        snapshotting = SnapshotProcess::start(*engine, journalSeq, snapshotPath(journalSeq), why);
        if (!snapshotting) {
            snapshotFailure =
                u"cannot start the snapshot process (%1): the writer takes the "
                u"snapshot itself"_s.arg(why);
            inlineSnapshotDue = true;
            return;
        }
        ++pauses.started;
        pauses.totalMicroseconds += snapshotting->forkMicroseconds();
        pauses.longestMicroseconds =
            std::max(pauses.longestMicroseconds, snapshotting->forkMicroseconds());
        if (options.waitForSnapshots) {
            snapshotting->wait();
            takeInWholeSnapshot();
        }
    }

    // Inside a transaction: one more part of a written snapshot, and the
    // snapshot registered with its last part. Returns true when nothing of
    // it is left to take in.
    bool takeInSnapshotPart() {
        if (inlineSnapshotDue) {
            writeSnapshotInline();
            inlineSnapshotDue = false;
            return true;
        }
        if (!snapshotting) return true;
        if (!intake) {
            const auto state = snapshotting->poll();
            if (state == SnapshotProcess::State::Running) return false;
            if (state == SnapshotProcess::State::Failed) {
                dropSnapshot(snapshotting->failure());
                return true;
            }
            intake = std::make_unique<QFile>(snapshotting->path());
            if (!intake->open(QIODevice::ReadOnly)) {
                dropSnapshot(u"cannot read the snapshot file: "_s + intake->errorString());
                return true;
            }
            intakeExpected = intake->read(SnapshotProcess::kHashBytes);
            intakeHash = std::make_unique<QCryptographicHash>(QCryptographicHash::Sha256);
            intakeParts = 0;
        }
        const QByteArray part = intake->read(kSnapshotPartBytes);
        if (!part.isEmpty()) {
            intakeHash->addData(part);
            write(u"INSERT INTO snapshot_parts (journal_seq, part, bytes) VALUES (?, ?, ?)"_s,
                  {snapshotting->seq(), intakeParts, part});
            ++intakeParts;
        }
        if (!intake->atEnd() && part.size() == kSnapshotPartBytes) return false;
        const QByteArray digest = intakeHash->result();
        if (intake->error() != QFileDevice::NoError || digest != intakeExpected ||
            intakeParts == 0) {
            dropSnapshot(u"the snapshot file does not check (cut short or changed)"_s);
            return true;
        }
        exec(
            u"INSERT INTO snapshots (journal_seq, engine, sha256, packing, parts) "
            u"VALUES (?, ?, ?, 1, ?)"_s,
            {snapshotting->seq(), QByteArray(""), QString::fromLatin1(digest.toHex()),
             intakeParts});
        snapshotSeq = snapshotting->seq();
        snapshotFailure.clear();
        dropOldSnapshots();
        intake.reset();
        intakeHash.reset();
        snapshotting.reset();
        return true;
    }

    // At close, or when tests ask: the whole written snapshot in one transaction.
    void takeInWholeSnapshot() {
        if (!db().transaction()) throw SqlFailure{describe(db().lastError())};
        try {
            while (!takeInSnapshotPart()) {
                if (!intake && snapshotting) snapshotting->wait();
            }
        } catch (const SqlFailure&) {
            db().rollback();
            throw;
        }
        if (!db().commit()) throw SqlFailure{describe(db().lastError())};
    }

    // The snapshot in flight is abandoned; its parts taken in so far are
    // deleted later.
    void dropSnapshot(const QString& why) {
        if (!why.isEmpty()) snapshotFailure = why;
        if (snapshotting) snapshotRetryAt = journalSeq + options.snapshotEvery;
        intake.reset();
        intakeHash.reset();
        snapshotting.reset();
        partsToCollect = true;
    }

    void dropOldSnapshots() {
        exec(
            u"DELETE FROM snapshots WHERE journal_seq NOT IN (SELECT journal_seq FROM snapshots "
            u"ORDER BY journal_seq DESC LIMIT %1)"_s.arg(std::max(1, options.snapshotsKept)));
        partsToCollect = true;
    }

    // Inside a transaction: a few parts that belong to no snapshot (left by
    // a crash, or of snapshots dropped) deleted, not all at once.
    void collectSnapshotParts() {
        if (!partsToCollect) return;
        QSqlQuery q = exec(
            u"DELETE FROM snapshot_parts WHERE (journal_seq, part) IN (SELECT journal_seq, part "
            u"FROM snapshot_parts WHERE journal_seq NOT IN (SELECT journal_seq FROM snapshots) "
            u"AND journal_seq <> ? LIMIT 4)"_s,
            {snapshotting && intake ? snapshotting->seq() : qint64(-1)});
        if (q.numRowsAffected() == 0) partsToCollect = false;
    }

    // When no child can be started: the snapshot written by the writer itself.
    void writeSnapshotInline() {
        const QByteArray blob = packSnapshot(engine->snapshot());
        exec(u"INSERT INTO snapshots (journal_seq, engine, sha256, packing) VALUES (?, ?, ?, 1)"_s,
             {journalSeq, blob, sha256(blob)});
        snapshotSeq = journalSeq;
        dropOldSnapshots();
    }

    // Brings the engine back to the last committed state after a failure.
    bool reload(QString& error) {
        if (!db().isOpen() || !postgres) {
            if (!connect(error)) return false;
        } else {
            // A PostgreSQL connection that dropped reports open; probe it.
            QSqlQuery probe(db());
            if (!probe.exec(u"SELECT 1"_s) && !connect(error)) return false;
        }
        if (!load(error)) return false;
        needsReload = false;
        return true;
    }

    bool apply(const QList<InputLine>& lines, QByteArray& out, QString& error,
               QList<qsizetype>* ends, const std::vector<ParsedLine>* parsedLines = nullptr) {
        if (needsReload && !reload(error)) {
            error = u"the store is unavailable, nothing was applied: "_s + error;
            return false;
        }
        QByteArray batch;
        const qint64 startSeq = journalSeq;
        const qint64 startSnapshot = snapshotSeq;
        QByteArray link = lastLink;
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        try {
            if (!db().transaction()) throw SqlFailure{describe(db().lastError())};
            if (ends) ends->clear();
            // A dictionary trained meanwhile packs the commands from here on.
            if (const auto trained = packer->takeTrained(options.waitForTraining)) {
                const int id = packer->newestId() + 1;
                exec(u"INSERT INTO command_dictionaries (id, dictionary) VALUES (?, ?)"_s,
                     {id, *trained});
                packer->addDictionary(id, *trained);
            }
            takeInSnapshotPart();
            collectSnapshotParts();
            for (qsizetype i = 0; i < lines.size(); ++i) {
                const InputLine& line = lines[i];
                ParsedLine own;
                if (!parsedLines) own = parseCommandLine(line.text);
                const ParsedLine& parsed =
                    parsedLines ? (*parsedLines)[static_cast<std::size_t>(i)] : own;
                if (parsed.skip) {
                    if (ends) ends->append(out.size() + batch.size());
                    continue;
                }
                current.out.clear();
                currentEventCount = 0;
                currentError.clear();
                const auto firstEvent = static_cast<qint64>(engine->lastSeq()) + 1;
                if (parsed.command)
                    engine->apply(*parsed.command, line.number, *this);
                else
                    engine->rejectMalformed(line.number, parsed.error.toStdString(), *this);
                ++journalSeq;
                const QByteArray command = line.text.trimmed();
                link = JournalChain::next(link, journalSeq, line.number, command, current.out);
                int packing = 0;
                const QByteArray stored = packer->pack(command, packing);
                packer->sample(command, journalSeq);
                pendingJournal.push_back({journalSeq, line.number, stored, packing,
                                          static_cast<qint64>(engine->clock()), firstEvent,
                                          currentEventCount, currentError, link,
                                          authorId(line.author), now});
                pendingRecent.push_back({journalSeq, firstEvent, current.out});
                if (!line.request.isEmpty()) {
                    if (!pendingRequests.empty() && pendingRequests.back().first == line.request &&
                        pendingRequests.back().second.last == journalSeq - 1)
                        pendingRequests.back().second.last = journalSeq;
                    else
                        pendingRequests.push_back({line.request, {journalSeq, journalSeq}});
                }
                batch += current.out;
                if (ends) ends->append(out.size() + batch.size());
            }
            std::vector<RecentCommand> committed = std::move(pendingRecent);
            flushDirty();
            if (!db().commit()) throw SqlFailure{describe(db().lastError())};
            lastLink = link;
            authorsAdded.clear();
            for (RecentCommand& c : committed)
                remember(c.seq, c.firstEvent, c.events);
        } catch (const SqlFailure& f) {
            db().rollback();
            // What this transaction took in of a snapshot is gone with it.
            if (intake) dropSnapshot({});
            clearDirty();
            for (const QString& key : authorsAdded)
                authorIds.erase(key);
            authorsAdded.clear();
            journalSeq = startSeq;
            snapshotSeq = startSnapshot;
            needsReload = true;
            QString why;
            if (!reload(why)) needsReload = true;
            error = u"storage failed, nothing of this batch was applied: "_s + f.message;
            return false;
        }
        out += batch;
        try {
            startSnapshotWhenDue();
        } catch (const SqlFailure& f) {
            // Only the snapshot is lost; the batch is committed.
            dropSnapshot(u"cannot take the snapshot in: "_s + f.message);
            needsReload = true;
        }
        return true;
    }
};

Store::Store(std::unique_ptr<StoreImpl> impl) : d_(std::move(impl)) {}
Store::~Store() = default;

std::unique_ptr<Store> Store::open(const StoreOptions& options, QString& error) {
    auto impl = std::make_unique<StoreImpl>();
    impl->options = options;
    if (impl->options.author.host.isEmpty())
        impl->options.author.host = QSysInfo::machineHostName();
    if (!impl->connect(error) || !impl->prepareSchema(error) || !impl->load(error)) return nullptr;
    return std::unique_ptr<Store>(new Store(std::move(impl)));
}

QString Store::defaultLocation() {
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    QDir().mkpath(dir);
    return dir + u"/houbu.db"_s;
}

bool Store::apply(const QList<InputLine>& lines, QByteArray& out, QString& error,
                  QList<qsizetype>* ends) {
    return d_->apply(lines, out, error, ends);
}

bool Store::applyParsed(const QList<InputLine>& lines, const std::vector<ParsedLine>& parsed,
                        QByteArray& out, QString& error) {
    if (parsed.size() != static_cast<std::size_t>(lines.size())) {
        error = u"nothing was applied: %1 lines but %2 parsed commands"_s.arg(lines.size())
                    .arg(parsed.size());
        return false;
    }
    return d_->apply(lines, out, error, nullptr, &parsed);
}

bool Store::readEvents(qint64 afterSeq, int limit, QByteArray& out, QString& error) {
    return d_->readEvents(afterSeq, limit, out, error);
}

const Engine& Store::engine() const {
    return *d_->engine;
}
qint64 Store::journalLength() const {
    return d_->journalSeq;
}
std::optional<JournaledRequest> Store::findRequest(const QByteArray& key, QString& error) {
    try {
        QSqlQuery q = d_->exec(u"SELECT first_seq, last_seq FROM requests WHERE key = ?"_s,
                               {QString::fromUtf8(key)});
        if (!q.next()) return std::nullopt;
        return JournaledRequest{q.value(0).toLongLong(), q.value(1).toLongLong()};
    } catch (const SqlFailure& f) {
        error = f.message;
        return std::nullopt;
    }
}

bool Store::readEventsOfRows(qint64 first, qint64 last, QByteArray& out, QString& error) {
    qint64 firstEvent = 0, count = 0;
    try {
        QSqlQuery q = d_->exec(
            u"SELECT MIN(first_event), SUM(event_count), COUNT(*) FROM journal WHERE seq >= ? "
            u"AND seq <= ?"_s,
            {first, last});
        if (!q.next() || q.value(2).toLongLong() != last - first + 1) {
            error = u"journal rows %1 to %2 are not all there"_s.arg(first).arg(last);
            return false;
        }
        firstEvent = q.value(0).toLongLong();
        count = q.value(1).toLongLong();
    } catch (const SqlFailure& f) {
        error = f.message;
        return false;
    }
    if (count == 0) return true;
    if (count > std::numeric_limits<int>::max()) {
        error =
            u"journal rows %1 to %2 hold too many events to read at once"_s.arg(first).arg(last);
        return false;
    }
    return d_->readEvents(firstEvent - 1, static_cast<int>(count), out, error);
}

Store::SnapshotPauses Store::snapshotPauses() const {
    return d_->pauses;
}

QString Store::snapshotFailure() const {
    return d_->snapshotFailure;
}
QString Store::location() const {
    return d_->displayLocation();
}
bool Store::isPostgres() const {
    return d_->postgres;
}

StoreReport Store::verify() {
    StoreReport r;
    r.location = d_->displayLocation();
    r.backend = d_->postgres ? u"PostgreSQL"_s : u"SQLite"_s;
    r.schemaVersion = d_->schemaVersion;
    r.journalLength = d_->journalSeq;
    r.snapshotSeq = d_->openedFromSnapshot;
    r.problems = d_->problems;
    try {
        d_->verifyAll(r);
    } catch (const SqlFailure& f) {
        r.problems << u"cannot read the journal: "_s + f.message;
    }
    r.clock = QString::fromStdString(formatTime(d_->engine->clock()));
    r.engine = d_->engine->summary();
    return r;
}

bool Store::replay(qint64 toSeq, const std::function<void(const QByteArray&)>& sink,
                   QString& error) {
    try {
        Engine fresh(d_->engineOptions);
        QSqlQuery rows = d_->exec(
            u"SELECT seq, input_line, command, chain, packing FROM journal WHERE seq <= ? ORDER BY seq"_s,
            {toSeq > 0 ? toSeq : d_->journalSeq});
        QByteArray link = JournalChain::origin();
        qint64 previous = 0;
        while (rows.next()) {
            Capture replayed;
            error = d_->replayRow(fresh, rows, previous, link, replayed, u"its replay"_s);
            if (!error.isEmpty()) return false;
            previous = rows.value(0).toLongLong();
            sink(replayed.out);
        }
    } catch (const SqlFailure& f) {
        error = u"cannot read the journal: "_s + f.message;
        return false;
    }
    return true;
}

bool Store::readJournal(qint64 from, const std::function<bool(const JournalEntry&)>& row,
                        QString& error) {
    try {
        qint64 after = from - 1;
        for (;;) {
            // Pages, so that PostgreSQL's driver never holds a whole day's rows.
            QSqlQuery rows = d_->exec(
                u"SELECT j.seq, j.input_line, j.command, a.name, a.role, a.host, j.journaled_at, "
                u"j.packing, j.first_event, j.event_count "
                u"FROM journal j LEFT JOIN authors a ON a.id = j.author WHERE j.seq > ? "
                u"ORDER BY j.seq LIMIT 10000"_s,
                {after});
            bool any = false;
            while (rows.next()) {
                any = true;
                JournalEntry e;
                e.seq = rows.value(0).toLongLong();
                e.line = rows.value(1).toInt();
                const auto command =
                    d_->packer->unpack(rows.value(2).toByteArray(), rows.value(7).toInt());
                if (!command)
                    throw SqlFailure{
                        u"journal seq %1: its command cannot be unpacked"_s.arg(e.seq)};
                e.command = *command;
                e.author = {rows.value(3).toString(), rows.value(4).toString(),
                            rows.value(5).toString()};
                e.journaledAtMs = rows.value(6).toLongLong();
                e.firstEvent = rows.value(8).toLongLong();
                e.eventCount = rows.value(9).toInt();
                after = e.seq;
                if (!row(e)) return true;
            }
            if (!any) return true;
        }
    } catch (const SqlFailure& f) {
        error = u"cannot read the journal: "_s + f.message;
        return false;
    }
}

qint64 Store::journalRowOfEvent(qint64 eventSeq) {
    if (eventSeq < 1 || eventSeq > static_cast<qint64>(d_->engine->lastSeq())) return 0;
    try {
        return d_->rowOfEvent(eventSeq);
    } catch (const SqlFailure&) {
        return 0;
    }
}

bool Store::exportScenario(QIODevice& out, QString& error, bool authors) {
    const EngineOptions& o = d_->engineOptions;
    QStringList flags;
    if (o.defaultPolicy == Policy::Exact) flags << u"--policy exact"_s;
    if (o.seatChoice != SeatChoice::BestFit)
        flags << u"--seat-choice "_s + QString::fromLatin1(seatChoiceName(o.seatChoice));
    if (o.trace) flags << u"--trace"_s;
    if (o.rules != 2) flags << u"--rules "_s + QString::number(o.rules);
    if (!flags.isEmpty()) out.write("# options: " + flags.join(u' ').toUtf8() + '\n');
    QString writeError;
    const bool read = readJournal(
        1,
        [&](const JournalEntry& e) {
            QByteArray text;
            if (authors) {
                // A comment: replaying the export skips it.
                text = "# seq " + QByteArray::number(e.seq) + " by " + e.author.name.toUtf8();
                if (!e.author.role.isEmpty()) text += " (" + e.author.role.toUtf8() + ')';
                if (!e.author.host.isEmpty()) text += " on " + e.author.host.toUtf8();
                if (e.journaledAtMs > 0)
                    text += " at " + QDateTime::fromMSecsSinceEpoch(e.journaledAtMs, Qt::UTC)
                                         .toString(Qt::ISODateWithMs)
                                         .toUtf8();
                text += '\n';
            }
            text += e.command + '\n';
            if (out.write(text) < 0) {
                writeError = u"cannot write: "_s + out.errorString();
                return false;
            }
            return true;
        },
        error);
    if (!writeError.isEmpty()) error = writeError;
    return read && writeError.isEmpty();
}

}  // namespace houbu
