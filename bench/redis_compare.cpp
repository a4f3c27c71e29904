// redis_compare: one scenario, in one process and one run, through Houbu's
// engine and through the seeds' Redis design (seed_baseline.h) on a real
// redis-server; reports time per command kind, orders served and whether each
// allocation is valid (no segment of a seat sold twice).
//
// Usage: redis_compare FILE --port N [--host 127.0.0.1] [--json]
// The server is started and stopped by the caller (scripts/benchmarks.sh).

#include <sys/resource.h>

#include <QByteArray>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <chrono>
#include <cstdio>
#include <map>
#include <string>
#include <unordered_map>

#include "houbu/codec.h"
#include "houbu/engine.h"
#include "seed_baseline.h"
#include "tools.h"

namespace {

using houbu::tools::LatencyHistogram;
using Clock = std::chrono::steady_clock;

double cpuSeconds() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}

// Rebuilds seat occupancy from Houbu's events alone and counts any segment
// that two live tickets hold at once.
class ValiditySink : public houbu::EventSink {
  public:
    std::map<std::string, std::map<std::string, int>> stations;  // "train|date" -> index

    void onEvent(const houbu::Event& e) override {
        using houbu::EventKind;
        switch (e.kind) {
            case EventKind::TicketHeld:
                take(e.ticket, e.train, e.date, e.seat, e.from, e.to);
                break;
            case EventKind::WaitlistFulfilled:
                ++served;
                for (const houbu::TicketLine& t : e.tickets) {
                    take(t.ticket, e.train, e.date, t.seat, t.from, t.to);
                    ++seated;
                }
                break;
            case EventKind::TicketRefunded:
            case EventKind::HoldExpired: {
                const auto it = live.find(e.ticket);
                if (it == live.end()) break;
                occupancy[it->second.first] &= ~it->second.second;
                live.erase(it);
                break;
            }
            case EventKind::Error:
                ++errors[errorCodeName(e.code)];
                break;
            default:
                break;
        }
    }

    std::int64_t served = 0, seated = 0, overlaps = 0;
    std::map<std::string, std::int64_t> errors;

  private:
    void take(const std::string& ticket, const std::string& train, const std::string& date,
              const std::string& seat, const std::string& from, const std::string& to) {
        const std::string run = train + "|" + date;
        const auto& idx = stations[run];
        const int f = idx.at(from), t = idx.at(to);
        const std::uint64_t m = ((t >= 64 ? ~0ull : (1ull << t) - 1)) & ~((1ull << f) - 1);
        const std::string key = run + "|" + seat;
        std::uint64_t& occ = occupancy[key];
        if (occ & m) ++overlaps;
        occ |= m;
        live[ticket] = {key, m};
    }
    std::unordered_map<std::string, std::uint64_t> occupancy;
    std::unordered_map<std::string, std::pair<std::string, std::uint64_t>> live;
};

QJsonArray kindsJson(const std::map<std::string, LatencyHistogram>& kinds) {
    QJsonArray out;
    for (const auto& [name, h] : kinds) {
        QJsonObject k;
        k[u"kind"] = QString::fromStdString(name);
        k[u"count"] = static_cast<qint64>(h.count());
        k[u"seconds"] = static_cast<double>(h.totalNs()) * 1e-9;
        k[u"p50_us"] = h.quantileNs(0.5) / 1000;
        k[u"p99_us"] = h.quantileNs(0.99) / 1000;
        k[u"p999_us"] = h.quantileNs(0.999) / 1000;
        k[u"max_us"] = static_cast<double>(h.maxNs()) / 1000;
        out.append(k);
    }
    return out;
}

int usage(const char* message) {
    std::fprintf(stderr,
                 "redis_compare: %s\nUsage: redis_compare FILE --port N [--host H] [--json]\n",
                 message);
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    const char* path = nullptr;
    std::string host = "127.0.0.1";
    int port = 0;
    bool json = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--port" && i + 1 < argc)
            port = std::atoi(argv[++i]);
        else if (a == "--host" && i + 1 < argc)
            host = argv[++i];
        else if (a == "--json")
            json = true;
        else if (!path && a[0] != '-')
            path = argv[i];
        else
            return usage("bad arguments");
    }
    if (!path || port <= 0) return usage("needs FILE and --port");

    QFile file(QString::fromLocal8Bit(path));
    if (!file.open(QIODevice::ReadOnly)) return usage("cannot read the scenario");
    std::vector<std::pair<int, houbu::Command>> commands;
    std::int64_t malformed = 0;
    {
        int number = 0;
        while (!file.atEnd()) {
            const QByteArray line = file.readLine();
            ++number;
            const houbu::ParsedLine p = houbu::parseCommandLine(line);
            if (p.skip) continue;
            if (p.command)
                commands.push_back({number, *p.command});
            else
                ++malformed;
        }
    }

    // ---- Houbu ----
    std::map<std::string, LatencyHistogram> houbuKinds;
    ValiditySink sink;
    double houbuSeconds = 0, houbuCpu = 0;
    std::string invariants;
    houbu::EngineSummary summary;
    {
        houbu::Engine engine;
        const double cpu0 = cpuSeconds();
        const auto t0 = Clock::now();
        for (const auto& [line, c] : commands) {
            if (c.op == houbu::Op::Train) {
                auto& idx = sink.stations[c.train + "|" + c.date];
                for (std::size_t i = 0; i < c.stops.size(); ++i)
                    idx[c.stops[i].station] = static_cast<int>(i);
            }
            const auto a = Clock::now();
            engine.apply(c, line, sink);
            houbuKinds[houbu::opName(c.op)].add(
                static_cast<std::uint64_t>((Clock::now() - a).count()));
        }
        houbuSeconds = std::chrono::duration<double>(Clock::now() - t0).count();
        houbuCpu = cpuSeconds() - cpu0;
        const std::string problem = engine.checkInvariants();
        invariants = problem.empty() ? "ok" : problem;
        summary = engine.summary();
    }

    // ---- the seeds' design on Redis ----
    houbu::bench::RespClient redis;
    std::string error;
    if (!redis.connect(host, port, error)) {
        std::fprintf(stderr, "redis_compare: %s\n", error.c_str());
        return 1;
    }
    houbu::bench::SeedBaseline baseline(redis);
    if (!baseline.prepare(error)) {
        std::fprintf(stderr, "redis_compare: %s\n", error.c_str());
        return 1;
    }
    std::map<std::string, LatencyHistogram> baseKinds;
    const double cpu0 = cpuSeconds();
    const auto t0 = Clock::now();
    for (const auto& [line, c] : commands) {
        const auto a = Clock::now();
        baseline.apply(c);
        baseKinds[houbu::opName(c.op)].add(static_cast<std::uint64_t>((Clock::now() - a).count()));
    }
    const double baseSeconds = std::chrono::duration<double>(Clock::now() - t0).count();
    const double baseCpu = cpuSeconds() - cpu0;
    const std::vector<std::string> problems = baseline.validate();
    std::int64_t redisMemory = 0;
    {
        const houbu::bench::Reply info = redis.call({"INFO", "memory"});
        const auto at = info.text.find("used_memory_peak:");
        if (at != std::string::npos)
            redisMemory = std::atoll(info.text.c_str() + at + std::strlen("used_memory_peak:"));
    }
    if (redis.failed()) {
        std::fprintf(stderr, "redis_compare: the connection to Redis failed\n");
        return 1;
    }
    const auto& s = baseline.stats();

    QJsonObject h;
    h[u"seconds"] = houbuSeconds;
    h[u"cpu_seconds"] = houbuCpu;
    h[u"orders_served"] = static_cast<qint64>(sink.served);
    h[u"passengers_seated"] = static_cast<qint64>(sink.seated);
    h[u"overlaps"] = static_cast<qint64>(sink.overlaps);
    h[u"valid"] = sink.overlaps == 0 && invariants == "ok";
    h[u"invariants"] = QString::fromStdString(invariants);
    h[u"orders_queued_at_end"] = static_cast<qint64>(summary.ordersQueued);
    QJsonObject herr;
    for (const auto& [code, n] : sink.errors)
        herr[QString::fromStdString(code)] = static_cast<qint64>(n);
    h[u"errors"] = herr;
    h[u"kinds"] = kindsJson(houbuKinds);

    QJsonObject b;
    b[u"seconds"] = baseSeconds;
    b[u"client_cpu_seconds"] = baseCpu;
    b[u"orders_served"] = static_cast<qint64>(s.ordersServed);
    b[u"passengers_seated"] = static_cast<qint64>(s.passengersSeated);
    b[u"valid"] = problems.empty();
    QJsonArray probs;
    for (const std::string& p : problems)
        probs.append(QString::fromStdString(p));
    b[u"problems"] = probs;
    b[u"failed_commands"] = static_cast<qint64>(s.failedCommands);
    b[u"redis_commands"] = static_cast<qint64>(redis.commandsSent());
    b[u"round_trips"] = static_cast<qint64>(redis.roundTrips());
    b[u"candidates_tried"] = static_cast<qint64>(s.candidatesTried);
    b[u"seat_scans"] = static_cast<qint64>(s.seatScans);
    b[u"lock_failures"] = static_cast<qint64>(s.lockFailures);
    b[u"redis_used_memory_peak_bytes"] = static_cast<qint64>(redisMemory);
    b[u"kinds"] = kindsJson(baseKinds);

    QJsonObject doc;
    doc[u"file"] = QString::fromLocal8Bit(path).section(QLatin1Char('/'), -1);
    doc[u"commands"] = static_cast<qint64>(commands.size());
    doc[u"malformed"] = static_cast<qint64>(malformed);
    doc[u"houbu"] = h;
    doc[u"baseline"] = b;
    doc[u"time_ratio"] = houbuSeconds > 0 ? baseSeconds / houbuSeconds : 0.0;

    if (json) {
        std::fputs(QJsonDocument(doc).toJson(QJsonDocument::Indented).constData(), stdout);
    } else {
        std::printf("%zu commands\n%-24s %10s %10s %12s %12s  %s\n", commands.size(), "", "seconds",
                    "CPU s", "orders", "passengers", "valid");
        std::printf("%-24s %10.2f %10.2f %12lld %12lld  %s\n", "Houbu (in memory)", houbuSeconds,
                    houbuCpu, static_cast<long long>(sink.served),
                    static_cast<long long>(sink.seated), h[u"valid"].toBool() ? "yes" : "NO");
        std::printf("%-24s %10.2f %10.2f %12lld %12lld  %s\n", "seed design (Redis)", baseSeconds,
                    baseCpu, static_cast<long long>(s.ordersServed),
                    static_cast<long long>(s.passengersSeated), problems.empty() ? "yes" : "NO");
        std::printf("time ratio (Redis / Houbu): %.1f; %llu Redis commands in %llu round trips\n",
                    doc[u"time_ratio"].toDouble(),
                    static_cast<unsigned long long>(redis.commandsSent()),
                    static_cast<unsigned long long>(redis.roundTrips()));
        for (const std::string& p : problems)
            std::printf("problem: %s\n", p.c_str());
    }
    return (h[u"valid"].toBool() && problems.empty()) ? 0 : 1;
}
