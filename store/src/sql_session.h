#pragma once
// The store's database connection through Qt Sql (SQLite or PostgreSQL),
// with the statements the store runs over and over prepared once. Used on
// the store's database thread only (db_thread.h).

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>
#include <QVariantList>
#include <map>
#include <vector>

struct sqlite3;

namespace houbu {

// Raised when a statement fails; caught at the transaction's edge.
struct SqlFailure {
    QString message;
};

class SqlSession {
  public:
    SqlSession() = default;
    SqlSession(const SqlSession&) = delete;
    SqlSession& operator=(const SqlSession&) = delete;

    // Names the connection this session uses; PostgreSQL or SQLite.
    void use(const QString& connection, bool postgres);
    // Forgets prepared statements (before the connection closes, or before
    // tables they read are replaced).
    void forget();

    QSqlDatabase db() const { return QSqlDatabase::database(connection_, false); }
    bool postgres() const { return postgres_; }
    // SQLite's own handle of the connection Qt's driver opened.
    sqlite3* sqliteHandle() const;

    // A transaction: begun, committed (each throws SqlFailure when it cannot
    // be) or rolled back.
    void begin();
    void commit();
    void rollback() { db().rollback(); }

    // Runs one statement (prepared when it has values) and returns it, read
    // forward only.
    QSqlQuery exec(const QString& sql, const QVariantList& values = {});
    // Runs a write statement through a query kept prepared for the
    // connection's life (with `keep`), else like exec.
    void write(const QString& sql, const QVariantList& values, bool keep = true);
    // Inserts rows of `columns` values with multi-row INSERT statements: one
    // round trip per chunk instead of one per row.
    void insertRows(const QString& head, int columns, const std::vector<QVariantList>& rows);
    // Sets a column of many rows, one statement per chunk (portable SQL).
    // `type` names the column's SQL type when it is not text: PostgreSQL
    // takes an untyped parameter in a CASE for text.
    void updateColumn(const QString& table, const QString& key, const QString& column,
                      const std::vector<std::pair<QVariant, QVariant>>& rows,
                      const QString& type = {});

    // The schema's text for this database: %BLOB% is BLOB or BYTEA; %SEQ%
    // the primary key of a sequence (SQLite's row id: no second b-tree);
    // %KEYED% keeps a SQLite table in its key's b-tree (WITHOUT ROWID).
    QString ddl(const char* sql) const;

    static QString describe(const class QSqlError& e);

  private:
    // Rows per multi-row statement. PostgreSQL pays a round trip a statement,
    // so it takes many; Qt's SQLite driver looks every parameter up by name,
    // quadratic in a statement's parameters, so SQLite takes few.
    std::size_t rowsPerStatement() const { return postgres_ ? 200 : 16; }

    QString connection_;
    bool postgres_ = false;
    std::map<QString, QSqlQuery> prepared_;
};

}  // namespace houbu
