#include "embedded_simulation.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QTimer>
#include <memory>

#include "fault_vfs.h"
#include "houbu/codec.h"
#include "houbu/embedded_session.h"
#include "houbu/time.h"
#include "houbu/view_json.h"
#include "workload.h"

namespace houbu::sim {

using namespace Qt::StringLiterals;

namespace {

class Lines : public EventSink {
  public:
    QList<QByteArray> out;
    void onEvent(const Event& e) override {
        QByteArray line;
        appendEvent(e, line);
        out << line;
    }
};

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

QJsonArray unranked(std::vector<RunSummary> runs) {
    for (RunSummary& r : runs)
        r.longestQueue = -1;
    return toJsonArray(runs);
}

// What the console shows, beside the log.
struct Console {
    std::unique_ptr<EmbeddedSession> session;
    QList<QByteArray> log;
    qint64 logSeq = 0;
    QString logWrong;
    SnapshotPtr snapshot;
    int opened = -1;  // -1 not yet, 0 failed, 1 ok
    QString openError;
    quint64 answeredTicket = 0;
    QList<EventRecord> answer;
    QString answerFailure;
};

}  // namespace

EmbeddedStats& EmbeddedStats::operator+=(const EmbeddedStats& o) {
    commands += o.commands;
    failedAnswers += o.failedAnswers;
    sessions += o.sessions;
    crashes += o.crashes;
    return *this;
}

EmbeddedSimulation::EmbeddedSimulation(std::uint64_t seed, QString dir, int lines)
    : seed_(seed), dir_(std::move(dir)), lines_(lines) {}

bool EmbeddedSimulation::fail(const QString& why) {
    if (failure_.isEmpty()) failure_ = why;
    return false;
}

bool EmbeddedSimulation::run() {
    SplitMix64 rng(seed_ ^ 0xe4be'dded'0000'0003ull);
    // Commands only (the console sends no comments); a command's line is its
    // journal position, as the session numbers them.
    std::vector<QByteArray> commands;
    std::vector<QList<QByteArray>> events;  // per command
    std::vector<qint64> lastSeqAfter;       // per command
    {
        Engine oracle;
        for (const QByteArray& l : test::ScenarioWriter(seed_).generate(lines_)) {
            const QByteArray text = l.trimmed();
            const ParsedLine parsed = parseCommandLine(text);
            if (parsed.skip) continue;
            commands.push_back(text);
            Lines sink;
            if (parsed.command)
                oracle.apply(*parsed.command, static_cast<int>(commands.size()), sink);
            else
                oracle.rejectMalformed(static_cast<int>(commands.size()),
                                       parsed.error.toStdString(), sink);
            events.push_back(sink.out);
            lastSeqAfter.push_back(static_cast<qint64>(oracle.lastSeq()));
        }
    }
    stats_.commands = static_cast<qint64>(commands.size());
    const auto feed = [&](Engine& e, std::size_t k) {
        Lines ignored;
        const ParsedLine parsed = parseCommandLine(commands[k]);
        if (parsed.command)
            e.apply(*parsed.command, static_cast<int>(k + 1), ignored);
        else
            e.rejectMalformed(static_cast<int>(k + 1), parsed.error.toStdString(), ignored);
    };

    FaultVfs& vfs = FaultVfs::instance();
    vfs.reset();
    const auto arm = [&] {
        FaultVfs::Plan p;
        p.writeFault = rng.percent(50) ? 0.005 : 0;
        p.syncFault = rng.percent(50) ? 0.02 : 0;
        p.truncateFault = 0.02;
        p.diskFullOps = rng.between(1, 20);
        p.crashAtOp = rng.percent(70) ? rng.between(1, 1200) : -1;
        vfs.arm(rng.next(), p);
    };
    arm();

    Console c;
    std::size_t acked = 0;
    bool inFlight = false;
    const auto open = [&]() -> bool {
        for (int attempt = 0;; ++attempt) {
            c = Console();
            c.session = std::make_unique<EmbeddedSession>();
            EmbeddedSession* s = c.session.get();
            QObject::connect(s, &Session::eventsApplied, [&c](const QList<EventRecord>& list) {
                for (const EventRecord& e : list) {
                    // The match trace sits beside the events it follows (its
                    // seq is theirs); the stream is the events alone.
                    if (e.isTrace()) continue;
                    if (e.seq != c.logSeq + 1 && c.logWrong.isEmpty())
                        c.logWrong = u"the log got event %1 after %2"_s.arg(e.seq).arg(c.logSeq);
                    c.logSeq = e.seq;
                    c.log << e.json;
                }
            });
            QObject::connect(s, &Session::snapshotChanged,
                             [&c](const SnapshotPtr& p) { c.snapshot = p; });
            QObject::connect(s, &EmbeddedSession::opened, [&c](bool ok, const QString& m) {
                c.opened = ok;
                c.openError = m;
            });
            QObject::connect(s, &Session::commandAnswered,
                             [&c](quint64 t, const QList<EventRecord>& e, const QString& f) {
                                 c.answeredTicket = t;
                                 c.answer = e;
                                 c.answerFailure = f;
                             });
            StoreOptions o;
            o.location = QDir(dir_).filePath(u"console.db"_s);
            o.waitForTraining = true;
            o.waitForSnapshots = true;
            o.snapshotEvery = 40;
            s->open(o);
            if (!waitFor([&c] { return c.opened >= 0; }, 60000))
                return fail(u"the session does not answer open"_s);
            if (c.opened == 1) {
                ++stats_.sessions;
                return true;
            }
            c.session.reset();
            if (vfs.crashed()) {
                ++stats_.crashes;
                vfs.materializeCrash(rng.next());
                arm();
                continue;
            }
            if (attempt == 30) vfs.disarm();
            if (attempt > 30) return fail(u"the session cannot open the store: "_s + c.openError);
        }
    };
    // What a console just opened shows, against the oracle.
    const auto checkOpened = [&]() -> bool {
        if (!waitFor([&c] { return c.snapshot && c.logSeq == c.snapshot->lastSeq; }, 30000))
            return fail(
                u"the opened session's log stops at %1, its snapshot at %2"_s.arg(c.logSeq).arg(
                    c.snapshot ? c.snapshot->lastSeq : -1));
        const auto n = static_cast<std::size_t>(c.snapshot->journalLength);
        if (n == acked + 1 && inFlight) {
            ++acked;  // the command in flight at the cut made it
        } else if (n != acked) {
            return fail(
                u"the reopened journal holds %1 commands; %2 were acknowledged"_s.arg(n).arg(
                    acked));
        }
        inFlight = false;
        QList<QByteArray> expected;
        for (std::size_t k = 0; k < n; ++k)
            expected += events[k];
        if (!c.logWrong.isEmpty()) return fail(c.logWrong);
        if (c.log != expected)
            return fail(u"the opened session's log differs from the oracle's events"_s);
        Engine fresh;
        for (std::size_t k = 0; k < n; ++k)
            feed(fresh, k);
        const SnapshotPtr& s = c.snapshot;
        if (s->lastSeq != static_cast<qint64>(fresh.lastSeq()) ||
            s->clock != QString::fromStdString(formatTime(fresh.clock())) ||
            unranked(s->runs) != unranked(fresh.runSummaries()) ||
            toJsonArray(s->seats) != toJsonArray(fresh.seats(s->run.train, s->run.date)) ||
            toJsonArray(queueValues(s->queues)) !=
                toJsonArray(fresh.queues(s->run.train, s->run.date)))
            return fail(
                u"the opened session shows other than a fresh replay of %1 commands"_s.arg(n));
        return true;
    };
    quint64 ticket = 0;  // the session's last, counted from 1 per session
    const auto crash = [&]() -> bool {
        ++stats_.crashes;
        ticket = 0;
        c.session.reset();
        vfs.materializeCrash(rng.next());
        arm();
        return open() && checkOpened();
    };

    if (!open() || !checkOpened()) return false;
    for (int failures = 0; acked < commands.size();) {
        const std::size_t k = acked;
        inFlight = true;
        c.answeredTicket = 0;
        ++ticket;
        c.session->submit(commands[k]);
        if (!waitFor([&] { return c.answeredTicket == ticket; }, 60000))
            return fail(u"command %1 is not answered"_s.arg(k + 1));
        if (c.answerFailure.isEmpty()) {
            QList<QByteArray> got;
            for (const EventRecord& e : c.answer)
                got << e.json;
            if (got != events[k])
                return fail(u"the answer to command %1 is not the oracle's"_s.arg(k + 1));
            acked = k + 1;
            inFlight = false;
            failures = 0;
            if (c.logSeq != lastSeqAfter[k] || !c.logWrong.isEmpty())
                return fail(u"after command %1 the log is at %2, not %3 %4"_s.arg(k + 1)
                                .arg(c.logSeq)
                                .arg(lastSeqAfter[k])
                                .arg(c.logWrong));
            if (rng.percent(1)) {
                vfs.crash();
                if (!crash()) return false;
            }
            continue;
        }
        if (vfs.crashed()) {
            if (!crash()) return false;
            continue;
        }
        ++stats_.failedAnswers;
        if (++failures == 50) vfs.disarm();
        if (failures > 50)
            return fail(u"command %1 fails with no faults: "_s.arg(k + 1) + c.answerFailure);
    }
    // A clean close and a last look.
    vfs.disarm();
    c.session.reset();
    if (!open() || !checkOpened()) return false;
    if (acked != commands.size()) return fail(u"not every command was acknowledged"_s);
    c.session.reset();
    return true;
}

}  // namespace houbu::sim
