// The event stream's first message and the resume it asks for: the hello
// read as houbud reads it (server/src/stream_hello.h), then the events after
// its `after` read from a store as the server's writer reads them
// (Store::readEvents, paging forward from snapshots and the journal): they
// must be exactly the events the store's commands produced, from after + 1
// on, with no gap and no repeat, whatever seq a client names.

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "houbu/store.h"
#include "stream_hello.h"

using namespace houbu;
using namespace Qt::StringLiterals;

namespace {

std::unique_ptr<Store> store;
QList<QByteArray> events;  // the event with seq n is events[n - 1]
QString folder;

[[noreturn]] void fail(const char* what, const QByteArray& detail = {}) {
    std::fprintf(stderr, "%s\n%s\n", what, detail.constData());
    std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
    static int count = 1;
    new QCoreApplication(count, *argv);
    (void)argc;
    folder = QDir::tempPath() + u"/houbu-fuzz-ws-%1"_s.arg(QCoreApplication::applicationPid());
    QDir(folder).removeRecursively();
    QDir().mkpath(folder);
    StoreOptions options;
    options.location = folder + u"/stream.houbu"_s;
    // Snapshots every few commands and a short tail in memory: most resumes
    // re-derive their events from a snapshot and the journal.
    options.snapshotEvery = 4;
    options.waitForSnapshots = true;
    options.recentEventBytes = 2048;
    QString error;
    store = Store::open(options, error);
    if (!store) fail("cannot create the store", error.toUtf8());
    // Registered after Qt Sql's own statics exist, so that it runs before they go.
    std::atexit([] {
        store.reset();
        QDir(folder).removeRecursively();
    });
    QFile scenario(QString::fromUtf8(HOUBU_SOURCE_DIR "/tests/scenarios/reschedule.jsonl"));
    if (!scenario.open(QIODevice::ReadOnly)) fail("cannot read the scenario");
    int number = 0;
    QByteArray out;
    for (const QByteArray& line : scenario.readAll().split('\n')) {
        ++number;
        if (line.trimmed().isEmpty() || line.startsWith('#')) continue;
        if (!store->apply({InputLine(line, number)}, out, error)) fail("apply", error.toUtf8());
    }
    for (const QByteArray& e : out.split('\n'))
        if (!e.isEmpty()) events.append(e);
    for (qsizetype i = 0; i < events.size(); ++i)
        if (!events[i].startsWith(QByteArray("{\"seq\":" + QByteArray::number(i + 1) + ',')))
            fail("the scenario's events are not numbered 1, 2, ...", events[i]);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const StreamHello hello = readStreamHello(QByteArrayView(data, qsizetype(size)));
    // As the server: no token, or no seq to resume after, and the stream is refused.
    if (hello.token.isEmpty() || hello.after < 0) return 0;
    const qint64 last = events.size();
    const int limit = 1 + int(size % 13);  // pages of any size
    QByteArray out;
    QString error;
    if (!store->readEvents(hello.after, limit, out, error)) fail("readEvents", error.toUtf8());
    QByteArray expected;
    if (hello.after < last)  // else after + 1 may overflow
        for (qint64 seq = hello.after + 1; seq <= std::min(last, hello.after + limit); ++seq)
            expected += events[seq - 1] + '\n';
    if (out != expected)
        fail("resuming gives other events than the store made",
             "after " + QByteArray::number(hello.after) + ", limit " + QByteArray::number(limit) +
                 ":\n" + out + "\nexpected:\n" + expected);
    return 0;
}
