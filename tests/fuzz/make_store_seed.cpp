// Writes a small valid store for store_open's seed corpus (a scenario in
// groups of one to three commands, with snapshots), then makes the file small: one file
// (no WAL) of 512-byte pages, so that the fuzzer's mutations fall on rows
// rather than on free space. Built and run by scripts/fuzz.sh and CTest; no
// binary store is committed.

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <cstdio>

#include "houbu/store.h"

using namespace houbu;
using namespace Qt::StringLiterals;

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s STORE-FILE\n", argv[0]);
        return 2;
    }
    const QString path = QString::fromLocal8Bit(argv[1]);
    QDir().mkpath(QFileInfo(path).absolutePath());
    for (const QString& f : {path, QString(path + u"-wal"_s), QString(path + u"-shm"_s)})
        QFile::remove(f);
    QFile scenario(QString::fromUtf8(HOUBU_SOURCE_DIR "/tests/scenarios/reschedule.jsonl"));
    if (!scenario.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "cannot read %s\n", qPrintable(scenario.fileName()));
        return 1;
    }
    {
        StoreOptions options;
        options.location = path;
        options.snapshotEvery = 8;  // a few snapshots, so that opening restores one
        options.waitForSnapshots = true;
        QString error;
        auto store = Store::open(options, error);
        if (!store) {
            std::fprintf(stderr, "%s\n", qPrintable(error));
            return 1;
        }
        // Groups of one, two and three commands: blocks of several commands
        // are read otherwise than blocks of one (clock steps).
        QList<InputLine> group;
        int number = 0;
        for (const QByteArray& line : scenario.readAll().split('\n')) {
            ++number;
            if (line.trimmed().isEmpty() || line.startsWith('#')) continue;
            group.append(InputLine(line, number));
            if (group.size() < 1 + number % 3) continue;
            QByteArray out;
            if (!store->apply(group, out, error)) {
                std::fprintf(stderr, "%s\n", qPrintable(error));
                return 1;
            }
            group.clear();
        }
        QByteArray out;
        if (!group.isEmpty() && !store->apply(group, out, error)) {
            std::fprintf(stderr, "%s\n", qPrintable(error));
            return 1;
        }
    }
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"seed"_s);
        db.setDatabaseName(path);
        if (!db.open()) return 1;
        QSqlQuery q(db);
        for (const QString& s :
             {u"PRAGMA journal_mode=DELETE"_s, u"PRAGMA page_size=512"_s, u"VACUUM"_s})
            if (!q.exec(s)) {
                std::fprintf(stderr, "%s failed\n", qPrintable(s));
                return 1;
            }
        db.close();
    }
    QSqlDatabase::removeDatabase(u"seed"_s);
    std::printf("%s: %lld bytes\n", argv[1], static_cast<long long>(QFile(path).size()));
    return 0;
}
