#include "sqlite_statement.h"

#include <sqlite3.h>

namespace houbu {

SqliteStatement::SqliteStatement(sqlite3* db, const char* sql) : db_(db) {
    check(sqlite3_prepare_v3(db_, sql, -1, SQLITE_PREPARE_PERSISTENT, &statement_, nullptr));
}

SqliteStatement::~SqliteStatement() {
    sqlite3_finalize(statement_);
}

void SqliteStatement::check(int code) {
    if (code == SQLITE_OK || code == SQLITE_DONE || code == SQLITE_ROW) return;
    const QString message = QString::fromUtf8(sqlite3_errmsg(db_));
    if (statement_) {
        sqlite3_reset(statement_);
        sqlite3_clear_bindings(statement_);
    }
    throw SqliteFailure{message};
}

SqliteStatement& SqliteStatement::bind(int index, qint64 value) {
    check(sqlite3_bind_int64(statement_, index, value));
    return *this;
}

SqliteStatement& SqliteStatement::bindText(int index, std::string_view utf8) {
    // SQLITE_STATIC: the bytes outlive run(), which is called before they change.
    check(sqlite3_bind_text(statement_, index, utf8.data(), static_cast<int>(utf8.size()),
                            SQLITE_STATIC));
    return *this;
}

SqliteStatement& SqliteStatement::bindBlob(int index, QByteArrayView bytes) {
    check(sqlite3_bind_blob(statement_, index, bytes.data(), static_cast<int>(bytes.size()),
                            SQLITE_STATIC));
    return *this;
}

SqliteStatement& SqliteStatement::bindNull(int index) {
    check(sqlite3_bind_null(statement_, index));
    return *this;
}

void SqliteStatement::run() {
    const int code = sqlite3_step(statement_);
    if (code != SQLITE_DONE) check(code == SQLITE_ROW ? SQLITE_MISUSE : code);
    sqlite3_reset(statement_);
    sqlite3_clear_bindings(statement_);
}

bool SqliteStatement::step() {
    const int code = sqlite3_step(statement_);
    if (code == SQLITE_ROW) return true;
    if (code != SQLITE_DONE) check(code);
    sqlite3_reset(statement_);
    sqlite3_clear_bindings(statement_);
    return false;
}

qint64 SqliteStatement::columnInt(int column) {
    return sqlite3_column_int64(statement_, column);
}

QByteArrayView SqliteStatement::columnBlob(int column) {
    const void* data = sqlite3_column_blob(statement_, column);
    const int size = sqlite3_column_bytes(statement_, column);
    return QByteArrayView(static_cast<const char*>(data), size);
}

bool SqliteStatement::firstText(std::string& out) {
    const int code = sqlite3_step(statement_);
    if (code != SQLITE_ROW && code != SQLITE_DONE) check(code);
    const bool found = code == SQLITE_ROW;
    if (found) {
        const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(statement_, 0));
        out.assign(text ? text : "", static_cast<std::size_t>(sqlite3_column_bytes(statement_, 0)));
    }
    sqlite3_reset(statement_);
    sqlite3_clear_bindings(statement_);
    return found;
}

}  // namespace houbu
