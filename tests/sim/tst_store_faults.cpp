// The SQLite store under exact disk faults (the fault VFS of houbu_sim, with
// scripted faults): each case is one sequence the simulation found, kept
// here so that it stays fixed whatever the simulation's seeds draw.

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include "fault_vfs.h"
#include "houbu/store.h"
#include "workload.h"

using namespace houbu;
using namespace houbu::sim;
using namespace Qt::StringLiterals;

namespace {

QList<InputLine> batch(const QList<QByteArray>& lines, int& number, const QByteArray& key) {
    QList<InputLine> out;
    for (const QByteArray& l : lines)
        out.append(InputLine(l, ++number, {}, key));
    return out;
}

}  // namespace

class TestStoreFaults : public QObject {
    Q_OBJECT

  private slots:
    void init() { FaultVfs::instance().reset(); }
    void cleanup() { FaultVfs::instance().reset(); }
    void failedSyncIsNotCommittedOnReconnecting();
    void failedCommitStaysFailedWhileTheWalFails();
    void tornFirstPageOfANewStoreOpens();
};

// houbu_sim seed 5: the WAL's sync failed at a commit, after SQLite had
// written the whole transaction, commit frame included, to the WAL; the
// store answered "nothing was applied" and reconnected, the checkpoint of
// the closing connection failed too, so the WAL stayed, and the new
// connection's recovery found the transaction whole and committed.
void TestStoreFaults::failedSyncIsNotCommittedOnReconnecting() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    StoreOptions o;
    o.location = dir.filePath(u"faults.db"_s);
    const QList<QByteArray> lines = test::ScenarioWriter(5).generate(60);
    int number = 0;
    QString error;
    {
        auto store = Store::open(o, error);
        QVERIFY2(store, qPrintable(error));
        QByteArray out;
        QVERIFY2(store->apply(batch(lines.mid(0, 30), number, "a"), out, error), qPrintable(error));
        const qint64 committed = store->journalLength();

        FaultVfs& vfs = FaultVfs::instance();
        vfs.failNext(FaultVfs::Op::Sync, "-wal", SQLITE_IOERR_FSYNC);
        // Every write to the database fails for a while: no checkpoint.
        vfs.failNext(FaultVfs::Op::Write, "faults.db", SQLITE_IOERR_WRITE, 1000);
        QVERIFY(!store->apply(batch(lines.mid(30), number, "b"), out, error));
        QVERIFY2(error.contains(u"nothing of this batch was applied"_s), qPrintable(error));
        QCOMPARE(store->journalLength(), committed);
        error.clear();
        QVERIFY(!store->findRequest("b", error));
        QVERIFY2(error.isEmpty(), qPrintable(error));
        vfs.reset();
    }
    // Nor after a clean close and a reopen.
    auto store = Store::open(o, error);
    QVERIFY2(store, qPrintable(error));
    QCOMPARE(store->journalLength(), qint64(28));
    QVERIFY(!store->findRequest("b", error));
    QVERIFY(store->verify().problems.isEmpty());
}

// The same while every sync of the WAL fails: the commit that would overwrite
// the failed one fails too, so the store does not reconnect (every apply
// fails) until one succeeded. Then the batch, sent again under its key, is
// journaled once.
void TestStoreFaults::failedCommitStaysFailedWhileTheWalFails() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    StoreOptions o;
    o.location = dir.filePath(u"faults.db"_s);
    const QList<QByteArray> lines = test::ScenarioWriter(6).generate(60);
    int number = 0;
    QString error;
    auto store = Store::open(o, error);
    QVERIFY2(store, qPrintable(error));
    QByteArray out;
    QVERIFY2(store->apply(batch(lines.mid(0, 30), number, "a"), out, error), qPrintable(error));
    const qint64 committed = store->journalLength();
    FaultVfs& vfs = FaultVfs::instance();
    vfs.failNext(FaultVfs::Op::Sync, "-wal", SQLITE_IOERR_FSYNC, 1000);
    vfs.failNext(FaultVfs::Op::Write, "faults.db", SQLITE_IOERR_WRITE, 1000);
    const QList<InputLine> b = batch(lines.mid(30), number, "b");
    for (int i = 0; i < 3; ++i)
        QVERIFY(!store->apply(b, out, error));
    vfs.reset();
    QVERIFY2(store->apply(b, out, error), qPrintable(error));
    const qint64 total = store->journalLength();
    QVERIFY(total > committed);
    error.clear();
    auto found = store->findRequest("b", error);
    QVERIFY2(found, qPrintable(error));
    QCOMPARE(found->first, committed + 1);
    QCOMPARE(found->last, total);
    QVERIFY(store->verify().problems.isEmpty());
    store.reset();
    store = Store::open(o, error);
    QVERIFY2(store, qPrintable(error));
    QCOMPARE(store->journalLength(), total);
    QVERIFY(store->verify().problems.isEmpty());
}

// houbu_sim seed 1013: the power went while the store was being made, after
// SQLite had synced its rollback journal and while it wrote the first page,
// whose first sector never reached the disk. SQLite rolls the journal back
// (the file was empty), but the store refused the file first: "not an SQLite
// file".
void TestStoreFaults::tornFirstPageOfANewStoreOpens() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    StoreOptions o;
    o.location = dir.filePath(u"torn.db"_s);
    {
        QFile db(o.location);
        QVERIFY(db.open(QIODevice::WriteOnly));
        db.write(QByteArray(4096, '\0'));
        // The journal's header as SQLite synced it: magic, no records yet, a
        // nonce, the file's size before (0 pages), sector and page sizes.
        QFile journal(o.location + u"-journal"_s);
        QVERIFY(journal.open(QIODevice::WriteOnly));
        QByteArray header =
            QByteArray::fromHex("d9d505f920a163d7000000003226b2cc000000000000020000001000");
        header.resize(512, '\0');
        journal.write(header);
    }
    QString error;
    auto store = Store::open(o, error);
    QVERIFY2(store, qPrintable(error));
    QCOMPARE(store->journalLength(), qint64(0));
    QByteArray out;
    QVERIFY2(store->apply({InputLine(test::ScenarioWriter(7).generate(3).at(1), 1)}, out, error),
             qPrintable(error));
    QCOMPARE(store->journalLength(), qint64(1));
    // A file that is not SQLite's, with no journal beside it, is still refused.
    const QString other = dir.filePath(u"notes.txt"_s);
    QFile notes(other);
    QVERIFY(notes.open(QIODevice::WriteOnly));
    notes.write("not a store\n");
    notes.close();
    o.location = other;
    QVERIFY(!Store::open(o, error));
    QVERIFY2(error.contains(u"not an SQLite file"_s), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestStoreFaults)
#include "tst_store_faults.moc"
