#include "sql_session.h"

#include <QSqlDriver>
#include <QSqlError>
#include <QStringList>

namespace houbu {

using namespace Qt::StringLiterals;

QString SqlSession::describe(const QSqlError& e) {
    QString text = e.databaseText().trimmed();
    if (text.isEmpty()) text = e.driverText().trimmed();
    if (text.isEmpty()) text = e.text().trimmed();
    return text;
}

void SqlSession::use(const QString& connection, bool postgres) {
    prepared_.clear();
    connection_ = connection;
    postgres_ = postgres;
}

void SqlSession::forget() {
    prepared_.clear();
}

sqlite3* SqlSession::sqliteHandle() const {
    const QVariant handle = db().driver()->handle();
    if (!handle.isValid() || qstrcmp(handle.typeName(), "sqlite3*") != 0)
        throw SqlFailure{u"the Qt SQLite driver gives no SQLite handle"_s};
    sqlite3* connection = *static_cast<sqlite3* const*>(handle.constData());
    if (!connection) throw SqlFailure{u"the SQLite connection is closed"_s};
    return connection;
}

void SqlSession::begin() {
    if (!db().transaction()) throw SqlFailure{describe(db().lastError())};
}

void SqlSession::commit() {
    if (!db().commit()) throw SqlFailure{describe(db().lastError())};
}

QSqlQuery SqlSession::exec(const QString& sql, const QVariantList& values) {
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

void SqlSession::write(const QString& sql, const QVariantList& values, bool keep) {
    if (!keep) {
        exec(sql, values);
        return;
    }
    auto it = prepared_.find(sql);
    if (it == prepared_.end()) {
        QSqlQuery q(db());
        if (!q.prepare(sql)) throw SqlFailure{describe(q.lastError())};
        it = prepared_.emplace(sql, std::move(q)).first;
    }
    QSqlQuery& q = it->second;
    for (int i = 0; i < values.size(); ++i)
        q.bindValue(i, values[i]);
    if (!q.exec()) throw SqlFailure{describe(q.lastError())};
}

void SqlSession::insertRows(const QString& head, int columns,
                            const std::vector<QVariantList>& rows) {
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

void SqlSession::updateColumn(const QString& table, const QString& key, const QString& column,
                              const std::vector<std::pair<QVariant, QVariant>>& rows,
                              const QString& type) {
    const QString value = type.isEmpty() ? u"?"_s : u"CAST(? AS %1)"_s.arg(type);
    const std::size_t chunk = rowsPerStatement();
    for (std::size_t at = 0; at < rows.size(); at += chunk) {
        const std::size_t n = std::min(chunk, rows.size() - at);
        QString sql = u"UPDATE %1 SET %2 = CASE %3"_s.arg(table, column, key);
        QVariantList values;
        for (std::size_t r = 0; r < n; ++r) {
            sql += u" WHEN ? THEN "_s + value;
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

QString SqlSession::ddl(const char* sql) const {
    return QString::fromLatin1(sql)
        .replace(u"%BLOB%"_s, postgres_ ? u"BYTEA"_s : u"BLOB"_s)
        .replace(u"%SEQ%"_s, postgres_ ? u"BIGINT PRIMARY KEY"_s : u"INTEGER PRIMARY KEY"_s)
        .replace(u"%KEYED%"_s, postgres_ ? QString() : u" WITHOUT ROWID"_s);
}

}  // namespace houbu
