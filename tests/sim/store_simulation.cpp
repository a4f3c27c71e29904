#include "store_simulation.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QThread>
#include <QUrl>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <thread>

#include "houbu/codec.h"
#include "workload.h"

namespace houbu::sim {

using namespace Qt::StringLiterals;

namespace {

// Events as JSON Lines, as the store hands them out.
class Collect : public EventSink {
  public:
    explicit Collect(QByteArray& out) : out_(out) {}
    void onEvent(const Event& e) override {
        appendEvent(e, out_);
        out_ += '\n';
    }

  private:
    QByteArray& out_;
};

void feed(Engine& engine, const QByteArray& text, int line, EventSink& sink) {
    const ParsedLine parsed = parseCommandLine(text);
    if (parsed.command)
        engine.apply(*parsed.command, line, sink);
    else
        engine.rejectMalformed(line, parsed.error.toStdString(), sink);
}

}  // namespace

SimStats& SimStats::operator+=(const SimStats& o) {
    batches += o.batches;
    commands += o.commands;
    failedApplies += o.failedApplies;
    failedOpens += o.failedOpens;
    inFlightApplied += o.inFlightApplied;
    inFlightLost += o.inFlightLost;
    plannedCrashes += o.plannedCrashes;
    resends += o.resends;
    reopens += o.reopens;
    pgRestarts += o.pgRestarts;
    pgRestartsMidApply += o.pgRestartsMidApply;
    return *this;
}

StoreSimulation::StoreSimulation(std::uint64_t seed, QString dir, int lines,
                                 QString postgresFixture)
    : seed_(seed),
      dir_(std::move(dir)),
      pgFixture_(std::move(postgresFixture)),
      rng_(seed ^ 0x5eed'f417'0000'0001ull) {
    location_ = QDir(dir_).filePath(u"sim.db"_s);
    buildWorkload(lines);
}

StoreSimulation::~StoreSimulation() {
    store_.reset();
    if (postgres()) dropDatabase();
    FaultVfs::instance().reset();
}

bool StoreSimulation::pgFixture(const char* action) {
    return QProcess::execute(u"sh"_s,
                             {QStringLiteral(HOUBU_SOURCE_DIR "/tests/store/pg-fixture.sh"),
                              QString::fromLatin1(action), pgFixture_}) == 0;
}

namespace {

// A connection to the fixture server's maintenance database.
QSqlDatabase maintenance(const QString& fixture) {
    QFile f(QDir(fixture).filePath(u"url"_s));
    QUrl url;
    if (f.open(QIODevice::ReadOnly)) url = QUrl(QString::fromUtf8(f.readAll().trimmed()));
    QSqlDatabase db = QSqlDatabase::contains(u"houbu_sim_admin"_s)
                          ? QSqlDatabase::database(u"houbu_sim_admin"_s, false)
                          : QSqlDatabase::addDatabase(u"QPSQL"_s, u"houbu_sim_admin"_s);
    db.setHostName(url.host());
    db.setPort(url.port(5432));
    db.setUserName(url.userName());
    db.setDatabaseName(u"postgres"_s);
    return db;
}

}  // namespace

qint64 StoreSimulation::postmasterPid() const {
    QFile f(QDir(pgFixture_).filePath(u"data/postmaster.pid"_s));
    if (!f.open(QIODevice::ReadOnly)) return -1;
    return f.readLine().trimmed().toLongLong();
}

bool StoreSimulation::createDatabase() {
    QSqlDatabase db = maintenance(pgFixture_);
    if (!db.open()) return fail(u"cannot reach the PostgreSQL fixture: "_s + db.lastError().text());
    pgDatabase_ = u"houbu_sim_%1"_s.arg(seed_);
    QSqlQuery q(db);
    q.exec(u"DROP DATABASE IF EXISTS %1"_s.arg(pgDatabase_));
    if (!q.exec(u"CREATE DATABASE %1"_s.arg(pgDatabase_)))
        return fail(u"cannot create a database: "_s + q.lastError().text());
    location_ = u"postgresql://%1@%2:%3/%4"_s.arg(db.userName(), db.hostName())
                    .arg(db.port())
                    .arg(pgDatabase_);
    db.close();
    return true;
}

void StoreSimulation::dropDatabase() {
    if (pgDatabase_.isEmpty()) return;
    QSqlDatabase db = maintenance(pgFixture_);
    if (db.open())
        QSqlQuery(db).exec(u"DROP DATABASE IF EXISTS %1 WITH (FORCE)"_s.arg(pgDatabase_));
    db.close();
}

void StoreSimulation::buildWorkload(int lineCount) {
    const QList<QByteArray> lines = test::ScenarioWriter(seed_).generate(lineCount);
    Engine oracle;
    qint64 commands = 0;
    int at = 0;
    while (at < lines.size()) {
        Batch batch;
        const QByteArray key = "sim-" + QByteArray::number(seed_) + '-' +
                               QByteArray::number(static_cast<qsizetype>(batches_.size()));
        Collect sink(batch.events);
        for (int n = rng_.between(1, 6); n > 0 && at < lines.size(); --n) {
            const QByteArray& text = lines[at++];
            batch.lines.append(InputLine(text, at, {}, key));
            if (parseCommandLine(text).skip) continue;
            if (!batch.firstCommand) batch.firstCommand = commands + 1;
            ++commands;
            commandText_.push_back(text.trimmed());
            commandLine_.push_back(at);
            feed(oracle, text, at, sink);
        }
        batch.commandsEnd = commands;
        batches_.push_back(std::move(batch));
    }
}

FaultVfs::Plan StoreSimulation::drawPlan() {
    // Quiet, light, heavy, or long disk-full episodes; a power cut in most.
    static constexpr double kWrite[] = {0, 0.002, 0.01, 0.004};
    static constexpr double kSync[] = {0, 0.01, 0.04, 0.005};
    static constexpr double kTruncate[] = {0, 0.02, 0.05, 0.01};
    const int profile = rng_.below(4);
    FaultVfs::Plan p;
    p.writeFault = kWrite[profile];
    p.syncFault = kSync[profile];
    p.truncateFault = kTruncate[profile];
    p.diskFullOps = profile == 3 ? rng_.between(5, 40) : rng_.between(1, 3);
    p.crashAtOp = rng_.percent(60) ? rng_.between(1, 1500) : -1;
    return p;
}

bool StoreSimulation::fail(const QString& why) {
    if (failure_.isEmpty())
        failure_ = why + u" (batch %1 of %2, %3 acknowledged)"_s.arg(acked_ + 1)
                             .arg(batches_.size())
                             .arg(acked_);
    return false;
}

bool StoreSimulation::run() {
    FaultVfs& vfs = FaultVfs::instance();
    vfs.reset();
    if (postgres()) {
        if (!createDatabase()) return false;
    } else {
        plan_ = drawPlan();
        vfs.arm(rng_.next(), plan_);
    }
    if (!openStore()) return false;
    for (std::size_t b = 0; b < batches_.size(); ++b) {
        if (acked_ > b) continue;  // found journaled after a crash
        if (postgres() && rng_.percent(6)) {
            if (rng_.percent(50)) {
                restartDuringNext_ = true;
            } else {
                // The store stays open: it must find the server again by itself.
                ++stats_.pgRestarts;
                if (!pgFixture("crash") || !pgFixture("resume"))
                    return fail(u"cannot restart PostgreSQL"_s);
            }
        }
        if (!sendBatch(b)) return false;
        if (!postgres() && rng_.percent(2)) {
            ++stats_.plannedCrashes;
            vfs.crash();
            if (!crashAndRecover()) return false;
        }
    }
    // A clean close and a last reopen, with no faults.
    vfs.disarm();
    store_.reset();
    if (!openStore() || !checkReopened()) return false;
    if (acked_ != batches_.size()) return fail(u"not every batch was acknowledged"_s);
    store_.reset();
    stats_.batches = static_cast<qint64>(batches_.size());
    stats_.commands = static_cast<qint64>(commandText_.size());
    faults_ = vfs.counts();
    return true;
}

bool StoreSimulation::openStore() {
    FaultVfs& vfs = FaultVfs::instance();
    for (int attempt = 0;; ++attempt) {
        StoreOptions o;
        o.location = location_;
        // Deterministic: no background work decides when a write happens.
        o.waitForTraining = true;
        o.waitForSnapshots = true;
        o.snapshotEvery = 40;
        QString error;
        store_ = Store::open(o, error);
        if (store_) return true;
        if (vfs.crashed()) {
            vfs.materializeCrash(rng_.next());
            plan_ = drawPlan();
            vfs.arm(rng_.next(), plan_);
            continue;
        }
        ++stats_.failedOpens;
        if (postgres()) QThread::msleep(50);
        // Faults come and go: after many in a row, the disk is let be.
        if (attempt == 30) vfs.disarm();
        if (attempt > 30) return fail(u"the store does not open with no faults: "_s + error);
    }
}

bool StoreSimulation::crashAndRecover() {
    FaultVfs& vfs = FaultVfs::instance();
    store_.reset();  // every operation fails: the close changes nothing on disk
    vfs.materializeCrash(rng_.next());
    plan_ = drawPlan();
    vfs.arm(rng_.next(), plan_);
    if (!openStore()) return false;
    return checkReopened();
}

bool StoreSimulation::checkReopened() {
    ++stats_.reopens;
    const qint64 length = store_->journalLength();
    const qint64 ackedEnd = acked_ ? batches_[acked_ - 1].commandsEnd : 0;
    if (length != ackedEnd) {
        const bool whole =
            inFlight_ && acked_ < batches_.size() && length == batches_[acked_].commandsEnd;
        if (!whole)
            return fail(
                u"the reopened journal holds %1 commands; %2 were acknowledged%3"_s.arg(length)
                    .arg(ackedEnd)
                    .arg(inFlight_ ? u", and a batch up to %1 was in flight"_s.arg(
                                         batches_[acked_].commandsEnd)
                                   : QString()));
        // The batch in flight made it; its events are what the client hears on resending.
        const Batch& batch = batches_[acked_];
        QByteArray events;
        QString error;
        if (!store_->readEventsOfRows(batch.firstCommand, batch.commandsEnd, events, error))
            return fail(u"cannot read the events of the batch in flight: "_s + error);
        if (events != batch.events)
            return fail(u"the batch in flight at the crash has other events than the oracle"_s);
        ++stats_.inFlightApplied;
        ++acked_;
        inFlight_ = false;
    } else if (inFlight_ && acked_ < batches_.size() && batches_[acked_].firstCommand) {
        ++stats_.inFlightLost;
    }
    if (!checkJournal(length)) return false;
    const std::string broken = store_->engine().checkInvariants();
    if (!broken.empty())
        return fail(u"invariants broken after reopening: "_s + QString::fromStdString(broken));
    Engine fresh;
    QByteArray ignored;
    Collect sink(ignored);
    for (qint64 k = 0; k < length; ++k)
        feed(fresh, commandText_[k], commandLine_[k], sink);
    if (fresh.snapshot() != store_->engine().snapshot())
        return fail(u"the reopened engine differs from a fresh replay of its journal"_s);
    const StoreReport report = store_->verify();
    if (!report.problems.isEmpty())
        return fail(u"verify after reopening: "_s + report.problems.join(u"; "_s));
    return true;
}

bool StoreSimulation::checkJournal(qint64 length) {
    qint64 seen = 0;
    QString error, wrong;
    const bool read = store_->readJournal(
        1,
        [&](const JournalEntry& row) {
            const auto k = static_cast<std::size_t>(seen++);
            if (row.seq != seen || k >= commandText_.size() || row.command != commandText_[k] ||
                row.line != commandLine_[k]) {
                wrong = u"journal row %1 (line %2) is not the workload's command %3"_s.arg(row.seq)
                            .arg(row.line)
                            .arg(seen);
                return false;
            }
            return true;
        },
        error);
    if (!read) return fail(u"cannot read the journal: "_s + error);
    if (!wrong.isEmpty()) return fail(wrong);
    if (seen != length)
        return fail(u"the journal has %1 rows, its length says %2"_s.arg(seen).arg(length));
    // Every key names its rows; a key not journaled names none.
    for (std::size_t b = 0; b <= acked_ && b < batches_.size(); ++b) {
        const Batch& batch = batches_[b];
        if (!batch.firstCommand) continue;
        const auto found = store_->findRequest(batch.lines.front().request, error);
        if (!error.isEmpty()) return fail(u"cannot look a request up: "_s + error);
        if (b < acked_ &&
            (!found || found->first != batch.firstCommand || found->last != batch.commandsEnd))
            return fail(u"acknowledged batch %1 is not journaled under its key"_s.arg(b + 1));
        if (b == acked_ && found)
            return fail(u"batch %1 is journaled under its key, its commands are not"_s.arg(b + 1));
    }
    return true;
}

bool StoreSimulation::sendBatch(std::size_t b) {
    FaultVfs& vfs = FaultVfs::instance();
    const Batch& batch = batches_[b];
    const QByteArray& key = batch.lines.front().request;
    for (int attempt = 0;; ++attempt) {
        if (inFlight_ && batch.firstCommand) {
            // The client was told that nothing was applied; it asks anyway,
            // as houbud does with every resend.
            QString error;
            const auto found = store_->findRequest(key, error);
            if (found)
                return fail(
                    u"batch %1 was answered with a failure (\"nothing was applied\") "
                    u"and is journaled"_s.arg(b + 1));
        }
        QByteArray out;
        QString error;
        if (restartDuringNext_) {
            // The server goes down while the batch is applied: acknowledged
            // or not, the store is then reopened and checked.
            restartDuringNext_ = false;
            ++stats_.pgRestartsMidApply;
            // SIGQUIT is PostgreSQL's immediate shutdown (what `pg_ctl -m
            // immediate` sends), sent from a thread of its own a moment into
            // the apply: before, during or after its commit.
            const qint64 postmaster = postmasterPid();
            const int delayUs = rng_.below(6000);
            std::thread killer([postmaster, delayUs] {
                std::this_thread::sleep_for(std::chrono::microseconds(delayUs));
                if (postmaster > 0) ::kill(static_cast<pid_t>(postmaster), SIGQUIT);
            });
            const bool ok = store_->apply(batch.lines, out, error);
            killer.join();
            for (int i = 0;
                 i < 600 && postmaster > 0 && ::kill(static_cast<pid_t>(postmaster), 0) == 0; ++i)
                QThread::msleep(10);
            if (!pgFixture("resume")) return fail(u"cannot restart PostgreSQL"_s);
            if (ok) {
                if (out != batch.events)
                    return fail(
                        u"the events acknowledged for batch %1 differ from the oracle's"_s.arg(b +
                                                                                               1));
                acked_ = b + 1;
                inFlight_ = false;
            } else {
                inFlight_ = true;
            }
            store_.reset();
            if (!openStore() || !checkReopened()) return false;
            if (acked_ > b) return true;
            continue;
        }
        if (store_->apply(batch.lines, out, error)) {
            if (out != batch.events)
                return fail(
                    u"the events acknowledged for batch %1 differ from the oracle's"_s.arg(b + 1));
            acked_ = b + 1;
            inFlight_ = false;
            if (batch.firstCommand && rng_.percent(10)) {
                // A client that lost the answer sends the request again.
                ++stats_.resends;
                const auto found = store_->findRequest(key, error);
                QByteArray again;
                if (!found || found->first != batch.firstCommand ||
                    found->last != batch.commandsEnd ||
                    !store_->readEventsOfRows(found->first, found->last, again, error) ||
                    again != batch.events) {
                    if (vfs.crashed()) return crashAndRecover();
                    return fail(u"a resent key is not answered as acknowledged: "_s + error);
                }
            }
            return true;
        }
        inFlight_ = true;
        if (vfs.crashed()) {
            if (!crashAndRecover()) return false;
            if (acked_ > b) return true;
            continue;
        }
        ++stats_.failedApplies;
        if (postgres()) QThread::msleep(50);
        if (qEnvironmentVariableIsSet("HOUBU_SIM_TRACE"))
            std::fprintf(stderr, "batch %zu failed: %s\n", b + 1, qPrintable(error));
        if (attempt == 50) vfs.disarm();
        if (attempt > 50)
            return fail(u"batch %1 cannot be applied with no faults: "_s.arg(b + 1) + error);
    }
}

}  // namespace houbu::sim
