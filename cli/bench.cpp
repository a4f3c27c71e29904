// houbu-cli bench: replay a scenario in memory or on a store and measure it;
// or measure the allocation quality of the seat choices.

#include <malloc.h>
#include <sys/resource.h>
#include <unistd.h>

#include <QByteArray>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "houbu/codec.h"
#include "houbu/engine.h"
#include "houbu/store.h"
#include "tools.h"

namespace houbu::tools {

const char* const kBenchUsage = R"(Usage: houbu-cli bench FILE [options]
       houbu-cli bench --quality [options]
       houbu-cli bench --forecast FILE [--seed N] [--sample N] [--whole-run] [--json]

Replays the scenario FILE (JSON Lines, e.g. from `houbu-cli gen`) on each
target in turn and reports, per target, throughput and peak memory, and per
command kind the count and latency percentiles (p50, p99, p999, max).
In memory a command's latency is parse + apply + event encoding; on a store
it is the time from its group's hand-over to the store until that group's
transaction committed (group commit: every command of a group waits for the
commit; the engine applies the next group while the disk writes this one).

  --target memory|sqlite|postgresql://user@host[:port]/db
                        where to run (repeatable; default: memory). sqlite
                        uses a new file in a temporary folder; a PostgreSQL
                        database must be empty.
  --group N             commands per store transaction (default 512)
  --seat-choice best-fit|first-fit|worst-fit   (default best-fit)
  --json                one JSON object on standard output instead of tables
  --progress            show a progress bar on standard error (default: only
                        when standard error is a terminal); --no-progress
  --no-check            skip the invariant check after the in-memory run
  --dry-run-every N     in memory, every Nth command is first dry-run
                        (Engine::dryRun: its events, then taken back) and the
                        two are reported side by side on those commands

  --quality             instead of a scenario: on random request streams of
                        loads 0.5-1.0 that an offline assignment seats
                        completely, and 1.1-1.5 where it cannot, the fraction
                        of requests each online seat choice accepts (also with
                        1 or 2 seat changes, as waitlist orders), that against
                        the exact offline optimum, and the refusals caused by
                        fragmentation (every segment had a free seat, no one
                        seat was free over the whole interval)
  --forecast            instead of measuring speed: replay FILE to mid-day
                        (halfway through its waitlist orders), forecast a
                        sample of the queued orders until its last command,
                        replay the rest and score them: Brier score against
                        climatology and a rank-only rule, a reliability
                        table, and the forecasts' latency
  --sample N            orders to forecast for --forecast (default 2000)
  --whole-run           with --forecast: also forecast every order queued at
                        mid-day on the run with the most, over the console's
                        30 minutes, and report the time it took
  --seed N              streams' seed for --quality, forecasts' seed and the
                        sample's for --forecast (default 1)
  --streams N           streams per load level for --quality (default 10)
)";

namespace {

using Clock = std::chrono::steady_clock;

std::uint64_t nsSince(Clock::time_point t0) {
    return static_cast<std::uint64_t>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - t0).count());
}

// The "op" of a JSON Lines command without parsing it (for store targets).
std::string quickOp(QByteArrayView line) {
    const QByteArrayView key("\"op\":\"");
    const qsizetype at = line.indexOf(key);
    if (at < 0) return "bad_command";
    const qsizetype start = at + key.size();
    const qsizetype end = line.indexOf('"', start);
    if (end < 0) return "bad_command";
    return std::string(line.data() + start, static_cast<std::size_t>(end - start));
}

// Reads a file in large slices and hands out its lines, so that the workload
// itself never sits whole in memory.
class LineReader {
  public:
    bool open(const char* path, std::string& error) {
        file_ = std::fopen(path, "rb");
        if (!file_) {
            error = std::string("cannot read '") + path + "': " + std::strerror(errno);
            return false;
        }
        return true;
    }
    ~LineReader() {
        if (file_) std::fclose(file_);
    }
    // The next line without its '\n'; false at the end.
    bool next(QByteArray& line) {
        for (;;) {
            const qsizetype nl = buffer_.indexOf('\n', pos_);
            if (nl >= 0) {
                line = buffer_.mid(pos_, nl - pos_);
                consumed_ += nl + 1 - pos_;
                pos_ = nl + 1;
                return true;
            }
            if (eof_) {
                if (pos_ < buffer_.size()) {
                    line = buffer_.mid(pos_);
                    consumed_ += buffer_.size() - pos_;
                    pos_ = buffer_.size();
                    return true;
                }
                return false;
            }
            buffer_.remove(0, pos_);
            pos_ = 0;
            char chunk[1 << 16];
            const std::size_t n = std::fread(chunk, 1, sizeof chunk, file_);
            if (n == 0) eof_ = true;
            buffer_.append(chunk, static_cast<qsizetype>(n));
        }
    }
    std::int64_t consumed() const { return consumed_; }

  private:
    std::FILE* file_ = nullptr;
    QByteArray buffer_;
    qsizetype pos_ = 0;
    std::int64_t consumed_ = 0;
    bool eof_ = false;
};

class Progress {
  public:
    Progress(bool on, std::int64_t total, std::string label)
        : on_(on), total_(total), label_(std::move(label)), start_(Clock::now()) {}
    void update(std::int64_t done, std::int64_t commands) {
        if (!on_ || ++calls_ % 4096) return;
        const auto now = Clock::now();
        if (now - last_ < std::chrono::milliseconds(200)) return;
        last_ = now;
        draw(done, commands);
    }
    void finish(std::int64_t commands) {
        if (!on_) return;
        draw(total_, commands);
        std::fputc('\n', stderr);
    }

  private:
    void draw(std::int64_t done, std::int64_t commands) {
        const double f = total_ > 0 ? std::min(1.0, static_cast<double>(done) / total_) : 1.0;
        constexpr int kWidth = 30;
        char bar[kWidth + 1];
        const int filled = static_cast<int>(f * kWidth);
        for (int i = 0; i < kWidth; ++i)
            bar[i] = i < filled ? '#' : '.';
        bar[kWidth] = 0;
        const double secs = std::chrono::duration<double>(Clock::now() - start_).count();
        std::fprintf(stderr, "\r%-10s [%s] %3d%%  %lld commands  %.0f/s  %.1f s ", label_.c_str(),
                     bar, static_cast<int>(f * 100), static_cast<long long>(commands),
                     secs > 0 ? static_cast<double>(commands) / secs : 0.0, secs);
        std::fflush(stderr);
    }
    bool on_;
    std::int64_t total_;
    std::string label_;
    Clock::time_point start_;
    Clock::time_point last_{};
    std::uint64_t calls_ = 0;
};

struct TargetResult {
    std::string target;
    std::string backend;
    std::int64_t commands = 0;
    std::int64_t events = 0;
    std::int64_t served = 0;
    double seconds = 0;
    double cpuSeconds = 0;
    double parseSeconds = 0;
    double applySeconds = 0;
    double encodeSeconds = 0;
    std::int64_t rssBefore = 0;
    std::int64_t peakRss = 0;
    bool peakReset = false;
    std::string invariants;
    std::map<std::string, std::int64_t> errors;
    // Version 2's events by kind (standing tickets counted apart): how much of
    // the new rules a workload exercised.
    std::map<std::string, std::int64_t> v2Events;
    std::map<std::string, LatencyHistogram> kinds;
    // --dry-run-every: the sampled commands' dry runs, and the same commands applied.
    LatencyHistogram dryRuns;
    LatencyHistogram dryRunApplied;
    // Stores: each kind's share of the transactions' time (a group's time split
    // evenly over its commands); in memory the latencies themselves add up.
    std::map<std::string, double> shareSeconds;
    EngineSummary summary;
    bool hasSummary = false;
    std::vector<MemoryUse> memory;    // in memory: the state's tables at the end
    Store::SnapshotPauses snapshots;  // stores: the writer's pauses to serialize snapshots
    std::string failure;
};

// Encodes every event (as `houbu-cli run` does) and counts what the report needs.
class MeasuringSink : public EventSink {
  public:
    void onEvent(const Event& event) override {
        appendEvent(event, out);
        out += '\n';
        ++events;
        if (event.kind == EventKind::WaitlistFulfilled) ++served;
        if (event.kind == EventKind::Error) ++errors[errorCodeName(event.code)];
        switch (event.kind) {
            case EventKind::OptionAdded:
            case EventKind::WaitlistFailed:
            case EventKind::Configured:
            case EventKind::WaitlistCapped:
                ++v2Events[eventName(event.kind)];
                break;
            case EventKind::TicketHeld:
                if (event.standing) ++v2Events[kStandingHeld];
                break;
            case EventKind::WaitlistFulfilled:
                if (!event.tickets.empty() && event.tickets.front().standing)
                    ++v2Events[kStandingServed];
                if (std::any_of(event.tickets.begin(), event.tickets.end(),
                                [](const TicketLine& t) { return !t.legs.empty(); }))
                    ++v2Events[kChangesServed];
                break;
            default:
                break;
        }
    }
    static constexpr const char* kStandingHeld = "ticket_held standing";
    static constexpr const char* kStandingServed = "waitlist_fulfilled standing";
    static constexpr const char* kChangesServed = "waitlist_fulfilled with seat changes";
    QByteArray out;
    std::int64_t events = 0;
    std::int64_t served = 0;
    std::map<std::string, std::int64_t> errors;
    std::map<std::string, std::int64_t> v2Events;
};

void startMemory(TargetResult& r) {
    malloc_trim(0);
    r.peakReset = resetPeakRss();
    r.rssBefore = currentRss();
}

bool runMemory(const char* path, std::int64_t size, const EngineOptions& options, bool check,
               int dryRunEvery, bool progressOn, TargetResult& r) {
    r.target = "memory";
    r.backend = "in-memory engine";
    LineReader reader;
    std::string error;
    if (!reader.open(path, error)) return r.failure = error, false;
    startMemory(r);
    {
        Engine engine(options);
        MeasuringSink sink;
        Progress progress(progressOn, size, "memory");
        QByteArray line;
        int number = 0;
        std::uint64_t parseNs = 0, applyNs = 0;
        const double cpu0 = cpuSeconds();
        const auto t0 = Clock::now();
        while (reader.next(line)) {
            ++number;
            const auto a = Clock::now();
            const ParsedLine parsed = parseCommandLine(line);
            if (parsed.skip) continue;
            const auto b = Clock::now();
            sink.out.clear();
            const char* kind;
            if (parsed.command && dryRunEvery > 0 && r.commands % dryRunEvery == 0) {
                MeasuringSink dry;
                const auto d0 = Clock::now();
                engine.dryRun(*parsed.command, number, dry);
                const auto d1 = Clock::now();
                engine.apply(*parsed.command, number, sink);
                const auto d2 = Clock::now();
                r.dryRuns.add(static_cast<std::uint64_t>((d1 - d0).count()), number);
                r.dryRunApplied.add(static_cast<std::uint64_t>((d2 - d1).count()), number);
                if (dry.out != sink.out) {
                    r.failure = "line " + std::to_string(number) +
                                ": the dry run's events differ from the command's";
                    return false;
                }
                kind = opName(parsed.command->op);
            } else if (parsed.command) {
                engine.apply(*parsed.command, number, sink);
                kind = opName(parsed.command->op);
            } else {
                engine.rejectMalformed(number, parsed.error.toStdString(), sink);
                kind = "bad_command";
            }
            const auto c = Clock::now();
            parseNs += static_cast<std::uint64_t>((b - a).count());
            applyNs += static_cast<std::uint64_t>((c - b).count());
            r.kinds[kind].add(static_cast<std::uint64_t>((c - a).count()), number);
            ++r.commands;
            progress.update(reader.consumed(), r.commands);
        }
        r.seconds = static_cast<double>(nsSince(t0)) * 1e-9;
        r.cpuSeconds = cpuSeconds() - cpu0;
        progress.finish(r.commands);
        r.parseSeconds = static_cast<double>(parseNs) * 1e-9;
        r.applySeconds = static_cast<double>(applyNs) * 1e-9;
        r.peakRss = peakRss();
        r.events = sink.events;
        r.served = sink.served;
        r.errors = sink.errors;
        r.v2Events = sink.v2Events;
        r.summary = engine.summary();
        r.hasSummary = true;
        r.memory = engine.memoryUse();
        if (check) {
            const std::string problem = engine.checkInvariants();
            r.invariants = problem.empty() ? "ok" : problem;
        } else {
            r.invariants = "not checked";
        }
    }
    malloc_trim(0);
    return true;
}

void countEvents(const QByteArray& out, TargetResult& r) {
    qsizetype pos = 0;
    while (pos < out.size()) {
        qsizetype nl = out.indexOf('\n', pos);
        if (nl < 0) nl = out.size();
        const QByteArrayView ev(out.constData() + pos, nl - pos);
        ++r.events;
        if (ev.contains(QByteArrayView("\"event\":\"waitlist_fulfilled\""))) ++r.served;
        static const std::array<std::pair<QByteArray, const char*>, 4> kV2 = {{
            {"\"event\":\"option_added\"", "option_added"},
            {"\"event\":\"waitlist_failed\"", "waitlist_failed"},
            {"\"event\":\"configured\"", "configured"},
            {"\"event\":\"waitlist_capped\"", "waitlist_capped"},
        }};
        for (const auto& [pattern, kind] : kV2)
            if (ev.contains(pattern)) ++r.v2Events[kind];
        const bool standing = ev.contains(QByteArrayView("\"standing\":true"));
        if (standing && ev.contains(QByteArrayView("\"event\":\"ticket_held\"")))
            ++r.v2Events[MeasuringSink::kStandingHeld];
        if (standing && ev.contains(QByteArrayView("\"event\":\"waitlist_fulfilled\"")))
            ++r.v2Events[MeasuringSink::kStandingServed];
        if (ev.contains(QByteArrayView("\"legs\":[")) &&
            ev.contains(QByteArrayView("\"event\":\"waitlist_fulfilled\"")))
            ++r.v2Events[MeasuringSink::kChangesServed];
        const QByteArrayView key("\"code\":\"");
        const qsizetype at = ev.indexOf(key);
        if (at >= 0 && ev.contains(QByteArrayView("\"event\":\"error\""))) {
            const qsizetype s = at + key.size();
            const qsizetype e = ev.indexOf('"', s);
            if (e > s) ++r.errors[std::string(ev.data() + s, static_cast<std::size_t>(e - s))];
        }
        pos = nl + 1;
    }
}

bool runStore(const char* path, std::int64_t size, const std::string& target,
              const EngineOptions& options, int group, bool progressOn, TargetResult& r) {
    r.target = target;
    QTemporaryDir dir;
    QString location;
    if (target == "sqlite") {
        if (!dir.isValid()) return r.failure = "cannot make a temporary folder", false;
        location = dir.filePath(QStringLiteral("bench.db"));
    } else {
        location = QString::fromStdString(target);
    }
    LineReader reader;
    std::string error;
    if (!reader.open(path, error)) return r.failure = error, false;
    startMemory(r);
    {
        StoreOptions so;
        so.location = location;
        so.engine = options;
        QString why;
        auto store = Store::open(so, why);
        if (!store) return r.failure = why.toStdString(), false;
        r.backend = store->isPostgres() ? "PostgreSQL" : "SQLite";
        if (store->journalLength() > 0)
            return r.failure = "the store is not empty: bench needs a fresh database", false;
        Progress progress(progressOn, size, target == "sqlite" ? "sqlite" : "postgresql");
        QList<InputLine> batch;
        QByteArray line;
        int number = 0;
        bool more = true;
        // Answered on the store's thread, in order; read here once flushed.
        std::mutex answers;
        QString failure;
        const double cpu0 = cpuSeconds();
        const auto t0 = Clock::now();
        while (more) {
            batch.clear();
            auto kinds = std::make_shared<std::vector<std::string>>();
            while (batch.size() < group && (more = reader.next(line))) {
                ++number;
                const QByteArrayView trimmed = QByteArrayView(line).trimmed();
                if (trimmed.isEmpty() || trimmed.front() == '#') continue;
                batch.append({line, number});
                kinds->push_back(quickOp(line));
            }
            if (batch.isEmpty()) break;
            // A command's latency: from its group's hand-over to the commit
            // that made it durable (the pipeline's queue included).
            const auto a = Clock::now();
            const int first = batch.front().number;
            if (!store->submit(
                    batch, nullptr,
                    [&, a, kinds, first](bool ok, const QByteArray& out, const QList<qsizetype>&,
                                         const QString& error) {
                        const std::uint64_t ns = nsSince(a);
                        std::lock_guard lock(answers);
                        if (!ok) {
                            if (failure.isEmpty())
                                failure = QStringLiteral("store failed at line %1: %2")
                                              .arg(first)
                                              .arg(error);
                            return;
                        }
                        for (const std::string& k : *kinds)
                            r.kinds[k].add(ns);
                        r.commands += static_cast<std::int64_t>(kinds->size());
                        countEvents(out, r);
                    },
                    why)) {
                r.failure =
                    "store failed at line " + std::to_string(first) + ": " + why.toStdString();
                return false;
            }
            {
                std::lock_guard lock(answers);
                if (!failure.isEmpty()) break;
                progress.update(reader.consumed(), r.commands);
            }
        }
        store->flush();
        if (!failure.isEmpty()) return r.failure = failure.toStdString(), false;
        r.seconds = static_cast<double>(nsSince(t0)) * 1e-9;
        r.cpuSeconds = cpuSeconds() - cpu0;
        progress.finish(r.commands);
        r.peakRss = peakRss();
        r.summary = store->engine().summary();
        r.hasSummary = true;
        r.invariants = "not checked";
        r.snapshots = store->snapshotPauses();
    }
    malloc_trim(0);
    return true;
}

QJsonObject toJson(const TargetResult& r) {
    QJsonObject o;
    o[u"target"] = QString::fromStdString(r.target);
    o[u"backend"] = QString::fromStdString(r.backend);
    if (!r.failure.empty()) {
        o[u"failure"] = QString::fromStdString(r.failure);
        return o;
    }
    o[u"commands"] = static_cast<qint64>(r.commands);
    o[u"seconds"] = r.seconds;
    o[u"cpu_seconds"] = r.cpuSeconds;
    o[u"commands_per_s"] = r.seconds > 0 ? static_cast<double>(r.commands) / r.seconds : 0.0;
    o[u"events"] = static_cast<qint64>(r.events);
    o[u"served"] = static_cast<qint64>(r.served);
    if (r.target == "memory") {
        o[u"parse_seconds"] = r.parseSeconds;
        o[u"apply_encode_seconds"] = r.applySeconds;
    }
    o[u"rss_before_bytes"] = static_cast<qint64>(r.rssBefore);
    o[u"peak_rss_bytes"] = static_cast<qint64>(r.peakRss);
    o[u"peak_rss_reset"] = r.peakReset;
    o[u"invariants"] = QString::fromStdString(r.invariants);
    if (r.backend == "SQLite" || r.backend == "PostgreSQL")
        o[u"snapshots"] =
            QJsonObject{{QStringLiteral("started"), r.snapshots.started},
                        {QStringLiteral("longest_pause_ms"),
                         static_cast<double>(r.snapshots.longestMicroseconds) / 1000.0},
                        {QStringLiteral("total_pause_ms"),
                         static_cast<double>(r.snapshots.totalMicroseconds) / 1000.0}};
    QJsonObject errors;
    for (const auto& [code, n] : r.errors)
        errors[QString::fromStdString(code)] = static_cast<qint64>(n);
    o[u"errors"] = errors;
    // Every kind, 0 included: a kind the workload never reached says so.
    QJsonObject v2;
    for (const char* kind : {"configured", "option_added", "waitlist_capped", "waitlist_failed",
                             MeasuringSink::kStandingHeld, MeasuringSink::kStandingServed})
        v2[QLatin1String(kind)] = 0;
    for (const auto& [kind, n] : r.v2Events)
        v2[QString::fromStdString(kind)] = static_cast<qint64>(n);
    o[u"v2_events"] = v2;
    if (r.hasSummary) {
        const EngineSummary& s = r.summary;
        QJsonObject m;
        m[u"runs"] = static_cast<qint64>(s.runs);
        m[u"seats"] = static_cast<qint64>(s.seats);
        m[u"tickets_paid"] = static_cast<qint64>(s.ticketsPaid);
        m[u"tickets_held"] = static_cast<qint64>(s.ticketsHeld);
        m[u"orders_queued"] = static_cast<qint64>(s.ordersQueued);
        m[u"orders_fulfilled"] = static_cast<qint64>(s.ordersFulfilled);
        o[u"state"] = m;
    }
    QJsonArray kinds;
    for (const auto& [name, h] : r.kinds) {
        QJsonObject k;
        k[u"kind"] = QString::fromStdString(name);
        k[u"count"] = static_cast<qint64>(h.count());
        const auto share = r.shareSeconds.find(name);
        const double seconds =
            share != r.shareSeconds.end() ? share->second : static_cast<double>(h.totalNs()) * 1e-9;
        k[u"seconds"] = seconds;
        k[u"per_s"] = seconds > 0 ? static_cast<double>(h.count()) / seconds : 0.0;
        k[u"p50_us"] = h.quantileNs(0.50) / 1000;
        k[u"p99_us"] = h.quantileNs(0.99) / 1000;
        k[u"p999_us"] = h.quantileNs(0.999) / 1000;
        k[u"max_us"] = static_cast<double>(h.maxNs()) / 1000;
        if (h.maxLine() > 0) k[u"max_line"] = static_cast<qint64>(h.maxLine());
        kinds.append(k);
    }
    o[u"kinds"] = kinds;
    if (r.dryRuns.count() > 0) {
        auto latency = [](const LatencyHistogram& h) {
            return QJsonObject{{QStringLiteral("count"), static_cast<qint64>(h.count())},
                               {QStringLiteral("p50_us"), h.quantileNs(0.50) / 1000},
                               {QStringLiteral("p99_us"), h.quantileNs(0.99) / 1000},
                               {QStringLiteral("max_us"), static_cast<double>(h.maxNs()) / 1000},
                               {QStringLiteral("max_line"), static_cast<qint64>(h.maxLine())}};
        };
        o[u"dry_runs"] = QJsonObject{{QStringLiteral("dry_run"), latency(r.dryRuns)},
                                     {QStringLiteral("applied"), latency(r.dryRunApplied)}};
    }
    if (!r.memory.empty()) {
        QJsonArray tables;
        for (const MemoryUse& m : r.memory) {
            QJsonObject t;
            t[u"table"] = QString::fromStdString(m.table);
            t[u"records"] = static_cast<qint64>(m.records);
            t[u"bytes"] = static_cast<qint64>(m.bytes);
            tables.append(t);
        }
        o[u"memory"] = tables;
    }
    return o;
}

void printTable(const QJsonObject& doc) {
    const QJsonObject w = doc[u"workload"].toObject();
    std::printf(
        "workload  %s: %lld commands, %.1f MB\n\n", w[u"file"].toString().toLocal8Bit().constData(),
        static_cast<long long>(w[u"commands"].toInteger()), w[u"bytes"].toDouble() / 1048576.0);
    std::printf("%-12s %11s %9s %9s %11s %10s %10s %9s  %s\n", "target", "commands", "seconds",
                "CPU s", "commands/s", "peak RSS", "served", "errors", "invariants");
    const QJsonArray targets = doc[u"targets"].toArray();
    for (const auto& t : targets) {
        const QJsonObject o = t.toObject();
        if (o.contains(u"failure")) {
            std::printf("%-12s failed: %s\n", o[u"target"].toString().toLocal8Bit().constData(),
                        o[u"failure"].toString().toLocal8Bit().constData());
            continue;
        }
        qint64 errors = 0;
        const QJsonObject e = o[u"errors"].toObject();
        for (auto it = e.begin(); it != e.end(); ++it)
            errors += it.value().toInteger();
        std::printf("%-12.12s %11lld %9.2f %9.2f %11.0f %7.0f MB %10lld %9lld  %s\n",
                    o[u"target"].toString().toLocal8Bit().constData(),
                    static_cast<long long>(o[u"commands"].toInteger()), o[u"seconds"].toDouble(),
                    o[u"cpu_seconds"].toDouble(), o[u"commands_per_s"].toDouble(),
                    o[u"peak_rss_bytes"].toDouble() / 1048576.0,
                    static_cast<long long>(o[u"served"].toInteger()),
                    static_cast<long long>(errors),
                    o[u"invariants"].toString().toLocal8Bit().constData());
    }
    for (const auto& t : targets) {
        const QJsonObject o = t.toObject();
        if (o.contains(u"failure")) continue;
        if (o.contains(u"snapshots")) {
            const QJsonObject s = o[u"snapshots"].toObject();
            std::printf(
                "\n%s: %lld snapshots, the writer paused to serialize them %.1f ms at most, "
                "%.1f ms in all\n",
                o[u"target"].toString().toLocal8Bit().constData(),
                static_cast<long long>(s[u"started"].toInteger()),
                s[u"longest_pause_ms"].toDouble(), s[u"total_pause_ms"].toDouble());
        }
        std::printf("\n%s, per command kind (latency in microseconds)\n",
                    o[u"target"].toString().toLocal8Bit().constData());
        std::printf("  %-12s %10s %9s %11s %9s %9s %9s %10s\n", "kind", "count", "seconds", "per s",
                    "p50", "p99", "p999", "max");
        for (const auto& k : o[u"kinds"].toArray()) {
            const QJsonObject x = k.toObject();
            std::printf("  %-12s %10lld %9.2f %11.0f %9.1f %9.1f %9.1f %10.1f\n",
                        x[u"kind"].toString().toLocal8Bit().constData(),
                        static_cast<long long>(x[u"count"].toInteger()), x[u"seconds"].toDouble(),
                        x[u"per_s"].toDouble(), x[u"p50_us"].toDouble(), x[u"p99_us"].toDouble(),
                        x[u"p999_us"].toDouble(), x[u"max_us"].toDouble());
        }
        const QJsonObject dry = o[u"dry_runs"].toObject();
        if (!dry.isEmpty()) {
            std::printf("\n%s, sampled commands dry-run, then applied (microseconds)\n",
                        o[u"target"].toString().toLocal8Bit().constData());
            for (const char* name : {"dry_run", "applied"}) {
                const QJsonObject x = dry[QLatin1String(name)].toObject();
                std::printf("  %-12s %10lld %9.1f %9.1f %10.1f  (slowest: line %lld)\n", name,
                            static_cast<long long>(x[u"count"].toInteger()),
                            x[u"p50_us"].toDouble(), x[u"p99_us"].toDouble(),
                            x[u"max_us"].toDouble(),
                            static_cast<long long>(x[u"max_line"].toInteger()));
            }
        }
        const QJsonArray memory = o[u"memory"].toArray();
        if (!memory.isEmpty()) {
            std::printf("\n%s, the state's tables at the end\n",
                        o[u"target"].toString().toLocal8Bit().constData());
            std::printf("  %-50s %11s %10s %9s\n", "table", "records", "MB", "B/record");
            double total = 0;
            for (const auto& m : memory) {
                const QJsonObject x = m.toObject();
                const double bytes = x[u"bytes"].toDouble();
                const qint64 records = x[u"records"].toInteger();
                total += bytes;
                if (records > 0)
                    std::printf("  %-50s %11lld %10.1f %9.1f\n",
                                x[u"table"].toString().toLocal8Bit().constData(),
                                static_cast<long long>(records), bytes / 1048576.0,
                                bytes / static_cast<double>(records));
                else
                    std::printf("  %-50s %11s %10.1f %9s\n",
                                x[u"table"].toString().toLocal8Bit().constData(), "",
                                bytes / 1048576.0, "");
            }
            std::printf("  %-50s %11s %10.1f\n", "all tables", "", total / 1048576.0);
        }
        const QJsonObject v2 = o[u"v2_events"].toObject();
        bool anyV2 = false;
        for (auto it = v2.begin(); it != v2.end(); ++it)
            anyV2 = anyV2 || it.value().toInteger() > 0;
        if (anyV2) {
            std::printf("  version 2 events:");
            for (auto it = v2.begin(); it != v2.end(); ++it)
                std::printf(" %s %lld;", it.key().toLocal8Bit().constData(),
                            static_cast<long long>(it.value().toInteger()));
            std::printf("\n");
        }
        const QJsonObject e = o[u"errors"].toObject();
        if (!e.isEmpty()) {
            std::printf("  errors:");
            for (auto it = e.begin(); it != e.end(); ++it)
                std::printf(" %s %lld", it.key().toLocal8Bit().constData(),
                            static_cast<long long>(it.value().toInteger()));
            std::printf("\n");
        }
    }
}

int benchUsageError(const std::string& message) {
    std::fprintf(stderr, "houbu-cli bench: %s\nTry 'houbu-cli bench --help'.\n", message.c_str());
    return 2;
}

int quality(std::uint64_t seed, int streams, bool json) {
    constexpr int kSeats = 100, kStops = 20, kMaxPiece = 6;
    // Up to 1.0 every stream is seatable whole offline; beyond, a second
    // seatable stream of the excess is mixed in, and the offline optimum is
    // computed exactly (offlineOptimum).
    const double fills[] = {0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.1, 1.25, 1.5};
    struct Way {
        SeatChoice choice;
        int changes;  // -1: a sale, no change possible
        const char* name;
    };
    const Way ways[] = {{SeatChoice::BestFit, -1, "best-fit"},
                        {SeatChoice::FirstFit, -1, "first-fit"},
                        {SeatChoice::WorstFit, -1, "worst-fit"},
                        {SeatChoice::BestFit, 1, "best-fit, 1 change"},
                        {SeatChoice::BestFit, 2, "best-fit, 2 changes"}};
    QJsonArray levels;
    if (!json)
        std::printf(
            "%d seats, %d stops, tickets of 1-%d segments, %d streams per level\n"
            "%6s %8s %10s  %-20s %9s %11s %12s\n",
            kSeats, kStops, kMaxPiece, streams, "fill", "load", "requests", "choice", "accepted",
            "of offline", "fragmented");
    for (const double fill : fills) {
        QJsonObject level;
        level[u"fill"] = fill;
        QJsonArray results;
        std::vector<std::vector<QualityRequest>> set;
        Rng rng(seed * 1000003ull + static_cast<std::uint64_t>(fill * 1000));
        for (int s = 0; s < streams; ++s) {
            std::vector<QualityRequest> stream =
                feasibleStream(kSeats, kStops, std::min(fill, 1.0), kMaxPiece, rng);
            if (fill > 1.0) {
                const auto more = feasibleStream(kSeats, kStops, fill - 1.0, kMaxPiece, rng);
                stream.insert(stream.end(), more.begin(), more.end());
                for (std::size_t i = stream.size(); i > 1; --i)
                    std::swap(stream[i - 1],
                              stream[static_cast<std::size_t>(rng.below(static_cast<int>(i)))]);
            }
            set.push_back(std::move(stream));
        }
        long long requests = 0, offline = 0;
        double load = 0;
        for (const auto& stream : set) {
            requests += static_cast<long long>(stream.size());
            offline += offlineOptimum(kSeats, kStops, stream);
        }
        for (const Way& way : ways) {
            long long accepted = 0, fragmented = 0;
            load = 0;
            for (const auto& stream : set) {
                const QualityResult q = runQuality(kSeats, kStops, stream, way.choice, way.changes);
                accepted += q.accepted;
                fragmented += q.fragmented;
                load += q.load / streams;
            }
            QJsonObject r;
            r[u"choice"] = QString::fromLatin1(way.name);
            r[u"seat_changes"] = std::max(way.changes, 0);
            r[u"accepted"] = accepted;
            r[u"accepted_fraction"] = requests ? static_cast<double>(accepted) / requests : 1.0;
            r[u"of_offline"] = offline ? static_cast<double>(accepted) / offline : 1.0;
            r[u"fragmented"] = fragmented;
            r[u"fragmented_fraction"] = requests ? static_cast<double>(fragmented) / requests : 0.0;
            results.append(r);
            if (!json)
                std::printf("%6.2f %8.3f %10lld  %-20s %8.2f%% %10.2f%% %11.2f%%\n", fill, load,
                            requests, way.name, 100.0 * r[u"accepted_fraction"].toDouble(),
                            100.0 * r[u"of_offline"].toDouble(),
                            100.0 * r[u"fragmented_fraction"].toDouble());
        }
        level[u"requests"] = requests;
        level[u"load"] = load;
        level[u"offline_accepted"] = offline;
        level[u"offline_accepted_fraction"] =
            requests ? static_cast<double>(offline) / requests : 1.0;
        level[u"results"] = results;
        levels.append(level);
        if (!json)
            std::printf("%6.2f %8.3f %10lld  %-20s %8.2f%%\n", fill, load, requests, "offline",
                        100.0 * level[u"offline_accepted_fraction"].toDouble());
    }
    if (json) {
        QJsonObject doc;
        doc[u"seats"] = kSeats;
        doc[u"stops"] = kStops;
        doc[u"max_piece"] = kMaxPiece;
        doc[u"streams"] = streams;
        doc[u"seed"] = static_cast<qint64>(seed);
        doc[u"levels"] = levels;
        std::fputs(QJsonDocument(doc).toJson(QJsonDocument::Indented).constData(), stdout);
    }
    return 0;
}

}  // namespace

int benchMain(int argc, char** argv) {
    const char* path = nullptr;
    std::vector<std::string> targets;
    EngineOptions options;
    int group = 512;
    bool json = false, check = true, doQuality = false, doForecast = false, wholeRun = false;
    int sample = 2000;
    int dryRunEvery = 0;
    int progress = -1;  // -1: when standard error is a terminal
    std::uint64_t seed = 1;
    int streams = 10;
    for (int i = 2; i < argc; ++i) {
        const std::string arg = argv[i];
        const char* v = i + 1 < argc ? argv[i + 1] : nullptr;
        if (arg == "--help" || arg == "-h") {
            std::fputs(kBenchUsage, stdout);
            return 0;
        } else if (arg == "--json") {
            json = true;
        } else if (arg == "--progress") {
            progress = 1;
        } else if (arg == "--no-progress") {
            progress = 0;
        } else if (arg == "--no-check") {
            check = false;
        } else if (arg == "--quality") {
            doQuality = true;
        } else if (arg == "--forecast") {
            doForecast = true;
        } else if (arg == "--whole-run") {
            wholeRun = true;
        } else if (arg == "--target") {
            if (!v) return benchUsageError("--target needs memory, sqlite or a postgresql:// URL");
            const std::string t = argv[++i];
            if (t != "memory" && t != "sqlite" && t.rfind("postgresql://", 0) != 0 &&
                t.rfind("postgres://", 0) != 0)
                return benchUsageError("unknown target '" + t +
                                       "': use memory, sqlite or a postgresql:// URL");
            targets.push_back(t);
        } else if (arg == "--group" || arg == "--seed" || arg == "--streams" ||
                   arg == "--dry-run-every" || arg == "--sample") {
            char* end = nullptr;
            const long long n = v ? std::strtoll(v, &end, 10) : 0;
            if (!v || *end || n < 1 || n > 100000000)
                return benchUsageError(arg + " needs a whole number, at least 1");
            ++i;
            if (arg == "--group") group = static_cast<int>(n);
            if (arg == "--seed") seed = static_cast<std::uint64_t>(n);
            if (arg == "--streams") streams = static_cast<int>(n);
            if (arg == "--dry-run-every") dryRunEvery = static_cast<int>(n);
            if (arg == "--sample") sample = static_cast<int>(n);
        } else if (arg == "--seat-choice") {
            if (!v) return benchUsageError("--seat-choice needs best-fit, first-fit or worst-fit");
            const std::string c = argv[++i];
            if (c == "best-fit")
                options.seatChoice = SeatChoice::BestFit;
            else if (c == "first-fit")
                options.seatChoice = SeatChoice::FirstFit;
            else if (c == "worst-fit")
                options.seatChoice = SeatChoice::WorstFit;
            else
                return benchUsageError("unknown seat choice '" + c + "'");
        } else if (arg.size() > 1 && arg[0] == '-') {
            return benchUsageError("unknown option '" + arg + "'");
        } else if (!path) {
            path = argv[i];
        } else {
            return benchUsageError("bench takes one scenario file");
        }
    }
    if (doQuality) return quality(seed, streams, json);
    if (!path) return benchUsageError("bench needs a scenario file (see houbu-cli gen)");
    if (doForecast) return forecastBench(path, seed, sample, wholeRun, json);
    if (targets.empty()) targets.push_back("memory");
    const QFileInfo info(QString::fromLocal8Bit(path));
    if (!info.isFile()) return benchUsageError(std::string("cannot read '") + path + "'");
    const std::int64_t size = info.size();
    const bool progressOn = progress == 1 || (progress == -1 && isatty(2));

    QJsonArray results;
    std::int64_t lines = 0;
    int status = 0;
    for (const std::string& t : targets) {
        TargetResult r;
        const bool ok = t == "memory"
                            ? runMemory(path, size, options, check, dryRunEvery, progressOn, r)
                            : runStore(path, size, t, options, group, progressOn, r);
        if (!ok) {
            std::fprintf(stderr, "houbu-cli bench: %s: %s\n", t.c_str(), r.failure.c_str());
            status = 1;
        }
        if (r.invariants != "ok" && r.invariants != "not checked" && ok) status = 1;
        lines = std::max(lines, r.commands);
        results.append(toJson(r));
    }
    QJsonObject doc;
    QJsonObject w;
    w[u"file"] = info.fileName();
    w[u"bytes"] = static_cast<qint64>(size);
    w[u"commands"] = static_cast<qint64>(lines);
    doc[u"workload"] = w;
    doc[u"targets"] = results;
    if (json)
        std::fputs(QJsonDocument(doc).toJson(QJsonDocument::Indented).constData(), stdout);
    else
        printTable(doc);
    return status;
}

}  // namespace houbu::tools
