// Store::open on a corrupt file: the input is the whole SQLite file. Opening
// must refuse with a message or open a store that verify() can walk; never
// crash, read out of bounds, overflow, or allocate what the file merely claims.

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "houbu/store.h"

using namespace houbu;
using namespace Qt::StringLiterals;

namespace {
QString folder;
}

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
    static int count = 1;
    new QCoreApplication(count, *argv);
    (void)argc;
    // A tmpfs when there is one: each input is written and synced.
    const QString base = QDir(u"/dev/shm"_s).exists() ? u"/dev/shm"_s : QDir::tempPath();
    folder = base + u"/houbu-fuzz-store-%1"_s.arg(QCoreApplication::applicationPid());
    QDir().mkpath(folder);
    std::atexit([] { QDir(folder).removeRecursively(); });
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QString path = folder + u"/store.houbu"_s;
    for (const QString& f : {QString(path + u"-wal"_s), QString(path + u"-shm"_s)})
        QFile::remove(f);
    {
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) std::abort();
        f.write(reinterpret_cast<const char*>(data), qint64(size));
    }
    StoreOptions options;
    options.location = path;
    options.snapshotOnClose = false;  // nothing written but what opening writes
    options.recentEventBytes = 1 << 16;
    QString error;
    auto store = Store::open(options, error);
    if (!store) {
        if (error.isEmpty()) {
            std::fprintf(stderr, "a store refused without a message\n");
            std::abort();
        }
        if (std::getenv("HOUBU_FUZZ_VERBOSE"))
            std::fprintf(stderr, "refused: %s\n", qPrintable(error));
        return 0;
    }
    const StoreReport report = store->verify();
    if (std::getenv("HOUBU_FUZZ_VERBOSE"))
        std::fprintf(stderr, "opened: %lld commands, snapshot at %lld, %lld problems\n",
                     static_cast<long long>(report.journalLength),
                     static_cast<long long>(report.snapshotSeq),
                     static_cast<long long>(report.problems.size()));
    QByteArray out;
    (void)store->readEvents(0, 50, out, error);
    return 0;
}
