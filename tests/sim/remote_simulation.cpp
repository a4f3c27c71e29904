#include "remote_simulation.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>
#include <memory>

#include "houbu/codec.h"
#include "houbu/remote_session.h"
#include "houbu/server.h"
#include "houbu/tokens.h"
#include "houbu/view_json.h"
#include "workload.h"

namespace houbu::sim {

using namespace Qt::StringLiterals;

namespace {

// Events as JSON Lines, one entry per event.
class Lines : public EventSink {
  public:
    QList<QByteArray> out;
    void onEvent(const Event& e) override {
        QByteArray line;
        appendEvent(e, line);
        out << line;
    }
};

// Runs the event loop until `done` holds or `ms` passed; returns `done()`.
bool waitFor(const std::function<bool()>& done, int ms) {
    QElapsedTimer t;
    t.start();
    // Woken by each event that comes (a queued signal, a socket), and by
    // the ticking timer at the latest.
    QTimer tick;
    tick.start(20);
    while (!done() && t.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    return done();
}

QJsonArray withoutRanking(std::vector<RunSummary> runs) {
    // The engine ranks queues on demand (rankQueues); the views compared here do not.
    for (RunSummary& r : runs)
        r.longestQueue = -1;
    return toJsonArray(runs);
}

}  // namespace

RemoteStats& RemoteStats::operator+=(const RemoteStats& o) {
    batches += o.batches;
    commands += o.commands;
    sendings += o.sendings;
    unanswered += o.unanswered;
    cutShort += o.cutShort;
    refused += o.refused;
    replayed += o.replayed;
    events += o.events;
    restarts += o.restarts;
    crashes += o.crashes;
    return *this;
}

RemoteSimulation::RemoteSimulation(std::uint64_t seed, QString dir, int lines)
    : seed_(seed), dir_(std::move(dir)), lines_(lines) {}

bool RemoteSimulation::fail(const QString& why) {
    if (failure_.isEmpty()) failure_ = why;
    return false;
}

bool RemoteSimulation::run() {
    SplitMix64 rng(seed_ ^ 0x4e7'f417'0000'0002ull);

    // The workload in batches of commands; a command's line is its journal
    // position, as houbud numbers them.
    struct Batch {
        QByteArray body;
        qint64 first = 0, last = 0;
        QList<QByteArray> events;
    };
    std::vector<Batch> batches;
    std::vector<QByteArray> commands;
    Engine oracle;
    Lines all;
    {
        const QList<QByteArray> lines = test::ScenarioWriter(seed_).generate(lines_);
        qsizetype at = 0;
        while (at < lines.size()) {
            Batch b;
            for (int n = rng.between(1, 6); n > 0 && at < lines.size(); --n) {
                const QByteArray text = lines[at++].trimmed();
                const ParsedLine parsed = parseCommandLine(text);
                // A body whose first line is a JSON array is read as an array
                // of commands (docs/remote-api.md): such a line is left out.
                if (parsed.skip || text.startsWith('[')) continue;
                commands.push_back(text);
                const int line = static_cast<int>(commands.size());
                if (!b.first) b.first = line;
                b.last = line;
                b.body += text + '\n';
                Lines sink;
                if (parsed.command)
                    oracle.apply(*parsed.command, line, sink);
                else
                    oracle.rejectMalformed(line, parsed.error.toStdString(), sink);
                b.events += sink.out;
                all.out += sink.out;
            }
            if (b.first) batches.push_back(std::move(b));
        }
    }
    stats_.batches = static_cast<qint64>(batches.size());
    stats_.commands = static_cast<qint64>(commands.size());

    FaultVfs& vfs = FaultVfs::instance();
    vfs.reset();
    QString error;
    TokenStore tokens(QDir(dir_).filePath(u"sim.tokens"_s));
    QString token;
    TokenInfo info;
    if (!tokens.add(Role::Dispatcher, u"sim"_s, token, info, error))
        return fail(u"cannot make a token: "_s + error);
    ServerOptions so;
    so.port = 0;
    so.store.location = QDir(dir_).filePath(u"remote.db"_s);
    so.tokensPath = tokens.path();
    so.rate = 0;
    auto server = std::make_unique<Server>(so);
    if (!server->start(error)) return fail(u"houbud does not start: "_s + error);
    // Disk faults under houbud; its power cuts come between batches (below).
    FaultVfs::Plan disk;
    disk.writeFault = rng.percent(50) ? 0.003 : 0;
    disk.syncFault = rng.percent(50) ? 0.01 : 0;
    disk.diskFullOps = rng.between(1, 10);

    FlakyProxy proxy(server->port(), rng.next());
    if (!proxy.listen()) return fail(u"the proxy cannot listen"_s);
    FlakyProxy::Plan noisy;
    noisy.resetAtConnect = 0.02 * rng.below(3);
    noisy.resetRequest = 0.01 * rng.below(3);
    noisy.resetAnswer = 0.01 * rng.below(4);
    noisy.stall = 0.02 * rng.below(3);
    noisy.stallMaxMs = rng.percent(50) ? 400 : 3000;
    const QUrl url(u"http://127.0.0.1:%1"_s.arg(proxy.port()));

    RemoteSession session;
    QList<QByteArray> log;
    qint64 logSeq = 0;
    QString logWrong;
    SnapshotPtr snapshot;
    QObject::connect(&session, &Session::eventsApplied, [&](const QList<EventRecord>& events) {
        for (const EventRecord& e : events) {
            if (e.seq != logSeq + 1 && logWrong.isEmpty())
                logWrong = u"the session's log got event %1 after %2"_s.arg(e.seq).arg(logSeq);
            logSeq = e.seq;
            log << e.json;
        }
    });
    QObject::connect(&session, &Session::snapshotChanged,
                     [&](const SnapshotPtr& s) { snapshot = s; });
    bool opened = false;
    QObject::connect(&session, &RemoteSession::opened, [&](bool ok, const QString& message) {
        opened = ok;
        if (!ok) error = message;
    });
    session.open(url, token.toUtf8());
    if (!waitFor([&] { return opened; }, 20000))
        return fail(u"the remote session does not open: "_s + error);
    session.focus(u"G101"_s, u"2024-03-10"_s);
    proxy.setPlan(noisy);
    vfs.arm(rng.next(), disk);

    QNetworkAccessManager client;
    const auto post = [&](const Batch& b, const QByteArray& key, QJsonObject& answer,
                          bool& replayed) -> int {
        QNetworkRequest r(QUrl(url.toString() + u"/api/v1/commands"_s));
        r.setRawHeader("Authorization", "Bearer " + token.toUtf8());
        r.setRawHeader("Content-Type", "application/x-ndjson");
        r.setRawHeader("Idempotency-Key", key);
        r.setTransferTimeout(2000);
        ++stats_.sendings;
        QNetworkReply* reply = client.post(r, b.body);
        waitFor([&] { return reply->isFinished(); }, 60000);
        int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        // A status with the body cut short is an answer lost: send again.
        if (status && reply->error() != QNetworkReply::NoError && status < 400) {
            ++stats_.cutShort;
            status = 0;
        }
        answer = QJsonDocument::fromJson(reply->readAll()).object();
        replayed = reply->rawHeader("Idempotent-Replayed") == "true";
        reply->abort();
        reply->deleteLater();
        return status;
    };
    const auto matches = [&](const Batch& b, const QJsonObject& answer) {
        const QJsonArray journal = answer.value("journal"_L1).toArray();
        const QJsonArray events = answer.value("events"_L1).toArray();
        if (journal.size() != 2 || journal[0].toInteger() != b.first ||
            journal[1].toInteger() != b.last || events.size() != b.events.size())
            return false;
        for (qsizetype i = 0; i < events.size(); ++i)
            if (events[i].toObject() != QJsonDocument::fromJson(b.events[i]).object()) return false;
        return true;
    };
    // Sends until an answer comes; false when none does even with no faults.
    // Once the faults are off, houbud gets the time a store takes to commit
    // again (its retries back off to 2 s) before the batch counts as lost.
    const auto sendUntilAnswered = [&](std::size_t i, const QByteArray& key, bool& replayed) {
        const Batch& b = batches[i];
        QElapsedTimer calm;
        for (int sending = 0;; ++sending) {
            if (sending == 40) {
                proxy.setPlan({});
                vfs.disarm();
                calm.start();
            }
            if (calm.isValid()) {
                if (calm.elapsed() > 15000) break;
                if (sending > 40) waitFor([] { return false; }, 250);
            }
            QJsonObject answer;
            const int status = post(b, key, answer, replayed);
            if (status == 0) {
                ++stats_.unanswered;
                continue;
            }
            if (status == 429 || status >= 500) {
                ++stats_.refused;
                continue;
            }
            const QString text =
                QString::fromUtf8(QJsonDocument(answer).toJson(QJsonDocument::Compact)).left(300);
            if (status != 200)
                return fail(u"batch %1 answered %2: %3"_s.arg(i + 1).arg(status).arg(text));
            // Queries only, while houbud's store could not commit: answered
            // from memory and not journaled; the oracle's journal holds
            // them, so they are sent again until they are.
            if (answer.value("journaled"_L1) == QJsonValue(false)) {
                ++stats_.refused;
                continue;
            }
            if (replayed) ++stats_.replayed;
            if (!matches(b, answer))
                return fail(u"batch %1's answer%2 is not the oracle's: %3"_s.arg(i + 1).arg(
                    replayed ? u" (replayed)"_s : QString(), text));
            return true;
        }
        return fail(u"batch %1 is never answered"_s.arg(i + 1));
    };
    for (std::size_t i = 0; i < batches.size(); ++i) {
        const QByteArray key = "sim-" + QByteArray::number(seed_) + '-' + QByteArray::number(i);
        bool replayed = false;
        if (!sendUntilAnswered(i, key, replayed)) return false;
        if (rng.percent(10)) {
            // As a client that lost this answer: the same key again.
            if (!sendUntilAnswered(i, key, replayed)) return false;
            if (!replayed)
                return fail(
                    u"batch %1 sent again under its key is not answered as a replay"_s.arg(i + 1));
        }
        if (!logWrong.isEmpty()) return fail(logWrong);
        if (rng.percent(3)) {
            // houbud goes and comes back, on another port behind the proxy.
            ++stats_.restarts;
            if (rng.percent(50)) {
                ++stats_.crashes;
                vfs.crash();
                server.reset();
                vfs.materializeCrash(rng.next());
            } else {
                bool stopped = false;
                QObject::connect(server.get(), &Server::stopped, [&] { stopped = true; });
                server->shutdown();
                if (!waitFor([&] { return stopped; }, 30000))
                    return fail(u"houbud does not stop"_s);
                server.reset();
            }
            vfs.disarm();
            server = std::make_unique<Server>(so);
            if (!server->start(error)) return fail(u"houbud does not start again: "_s + error);
            proxy.setTarget(server->port());
            vfs.arm(rng.next(), disk);
        }
    }

    // Calm: the session catches up and shows what a fresh engine shows.
    proxy.setPlan({});
    vfs.disarm();
    const qint64 lastSeq = static_cast<qint64>(oracle.lastSeq());
    const qint64 journal = static_cast<qint64>(commands.size());
    if (!waitFor([&] { return logSeq == lastSeq && snapshot && snapshot->lastSeq == lastSeq; },
                 30000))
        return fail(
            u"the session did not catch up: log at %1, snapshot at %2, last event %3"_s.arg(logSeq)
                .arg(snapshot ? snapshot->lastSeq : -1)
                .arg(lastSeq));
    if (!logWrong.isEmpty()) return fail(logWrong);
    stats_.events = log.size();
    if (log != all.out) return fail(u"the session's log differs from the oracle's events"_s);
    if (snapshot->journalLength != journal)
        return fail(
            u"the session's snapshot says %1 commands, not %2"_s.arg(snapshot->journalLength)
                .arg(journal));
    if (withoutRanking(snapshot->runs) != withoutRanking(oracle.runSummaries()))
        return fail(u"the session's runs differ from a fresh engine's"_s);
    const std::string train = snapshot->run.train, date = snapshot->run.date;
    if (toJsonArray(snapshot->seats) != toJsonArray(oracle.seats(train, date)) ||
        toJsonArray(queueValues(snapshot->queues)) != toJsonArray(oracle.queues(train, date)))
        return fail(u"the session's seats or queues of %1 %2 differ from a fresh engine's"_s.arg(
            QString::fromStdString(train), QString::fromStdString(date)));
    session.close();
    network_ = proxy.counts();

    bool stopped = false;
    QObject::connect(server.get(), &Server::stopped, [&] { stopped = true; });
    server->shutdown();
    if (!waitFor([&] { return stopped; }, 30000)) return fail(u"houbud does not stop"_s);
    server.reset();
    StoreOptions o;
    o.location = so.store.location;
    auto store = Store::open(o, error);
    if (!store) return fail(u"houbud's store does not reopen: "_s + error);
    if (store->journalLength() != journal)
        return fail(u"houbud's journal holds %1 commands, not %2"_s.arg(store->journalLength())
                        .arg(journal));
    if (store->engine().snapshot() != oracle.snapshot())
        return fail(u"houbud's reopened engine differs from the oracle"_s);
    const StoreReport report = store->verify();
    if (!report.problems.isEmpty())
        return fail(u"verify of houbud's store: "_s + report.problems.join(u"; "_s));
    return true;
}

}  // namespace houbu::sim
