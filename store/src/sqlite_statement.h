#pragma once
// One prepared SQLite statement on the connection Qt's driver opened, bound by
// index from the caller's own bytes. The store's hot rows (journal, tickets,
// orders) go through these: Qt SQL wraps every value in a QVariant, converts
// text to UTF-16 and back, and its SQLite driver looks each parameter up by
// name, which together cost more than SQLite's own work.

#include <QByteArrayView>
#include <QString>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace houbu {

// Raised when SQLite refuses a statement; the store turns it into its own failure.
struct SqliteFailure {
    QString message;
};

class SqliteStatement {
  public:
    SqliteStatement(sqlite3* db, const char* sql);
    ~SqliteStatement();
    SqliteStatement(const SqliteStatement&) = delete;
    SqliteStatement& operator=(const SqliteStatement&) = delete;

    // Parameters count from 1, as in SQLite.
    SqliteStatement& bind(int index, qint64 value);
    SqliteStatement& bindText(int index, std::string_view utf8);
    SqliteStatement& bindBlob(int index, QByteArrayView bytes);
    SqliteStatement& bindNull(int index);
    // Runs it to completion and makes it ready for the next values.
    void run();
    // Runs a query: the text of the first column of its first row, or false
    // when it has none; ready for the next values after.
    bool firstText(std::string& out);
    // Steps a query: true while it is on a row, whose columns are then read
    // with the column functions (valid until the next step); false at its
    // end, when it is ready for the next values.
    bool step();
    qint64 columnInt(int column);
    QByteArrayView columnBlob(int column);

  private:
    void check(int code);
    sqlite3* db_;
    sqlite3_stmt* statement_ = nullptr;
};

}  // namespace houbu
