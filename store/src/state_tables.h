#pragma once
// The state tables (runs, tickets, orders, blocks), kept for tools that read
// the state with SQL, and the count of their rows by status (state_counts),
// kept beside them so that opening a store compares them with the engine
// without scanning tens of millions of rows. Written on the store's database
// thread, inside the transaction of the commands that changed them: each row
// a transaction touched is written once, inserted whole when it is new.

#include <QStringList>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "houbu/engine.h"
#include "state_changes.h"

namespace houbu {

class SqlSession;
class SqliteStatement;

class StateTables {
  public:
    // The schema (for a new store) and the counts' table of schema 4.
    static const char* const kCountsTable;

    explicit StateTables(SqlSession& sql);
    ~StateTables();
    StateTables(const StateTables&) = delete;
    StateTables& operator=(const StateTables&) = delete;

    // Forgets prepared statements: the connection is about to close or was replaced.
    void forget();
    // Reads the counts (after opening, and after a transaction rolled back).
    void readCounts();
    // Fills state_counts from the tables themselves (a store of an older schema).
    void countRows();

    // Inside a transaction: writes every change of `groups`, in order.
    void write(const std::vector<const StateChanges*>& groups);
    // After the transaction committed, or rolled back.
    void committed();
    void rolledBack();

    // The counts against the engine's summary, and the runs and seats
    // against the runs table: what disagrees.
    QStringList compareCounts(const EngineSummary& summary);
    // The counts against the tables' rows themselves (verify).
    QStringList compareCountsWithRows();

  private:
    struct Statements;
    struct Batch;
    Statements& statements();
    void resolveUnknown(Batch& b);
    void writeSqlite(Batch& b);
    void writePostgres(Batch& b);
    void writeRunsAndBlocks(Batch& b);
    void writeCounts(const std::map<std::pair<int, RowStatus>, qint64>& delta);

    SqlSession& sql_;
    std::unique_ptr<Statements> statements_;
    // Rows by table (0 tickets, 1 orders, 2 blocks) and status, as committed.
    std::map<std::pair<int, RowStatus>, qint64> counts_;
    std::map<std::pair<int, RowStatus>, qint64> pending_;  // the open transaction's
};

}  // namespace houbu
