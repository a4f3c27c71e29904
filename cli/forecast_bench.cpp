// houbu-cli bench --forecast FILE: how well `forecast` is calibrated on a day.
//
// Replays FILE to mid-day (halfway between its first and last waitlist
// order), forecasts a sample of the orders then queued until the day's last
// command, replays the rest, and scores the forecasts against what happened:
// Brier score against climatology (everyone gets the observed served rate)
// and against a rank-only rule, a reliability table, and the forecasts' speed.

#include <QByteArray>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "houbu/codec.h"
#include "houbu/engine.h"
#include "tools.h"

namespace houbu::tools {
namespace {

using Clock = std::chrono::steady_clock;

// How far ahead the console's queue view forecasts (ForecastCache).
constexpr Time kConsoleHorizonSeconds = 30 * kMinute;

// The `at` of a scenario line, read without parsing the line.
std::optional<Time> atOf(const QByteArray& line) {
    const int k = line.indexOf("\"at\":\"");
    if (k < 0) return std::nullopt;
    const int end = line.indexOf('"', k + 6);
    if (end < 0) return std::nullopt;
    return parseTime(
        std::string_view(line.constData() + k + 6, static_cast<std::size_t>(end - k - 6)));
}

// What the replay needs from the events: orders served (and when), and the
// answers of the sample's queries.
class DaySink : public EventSink {
  public:
    void onEvent(const Event& e) override {
        if (e.kind == EventKind::WaitlistSubmitted) submitted.push_back(e.id);
        if (e.kind == EventKind::WaitlistFulfilled) served.emplace(e.id, e.at);
        if (e.kind == EventKind::Forecast) forecast = e.forecast;
        if (e.kind == EventKind::Position) {
            rank = -1;
            for (const QueueRank& q : e.queues)
                if (rank < 0 || q.rank < rank) rank = q.rank;
        }
    }
    std::vector<std::string> submitted;
    std::unordered_map<std::string, Time> served;
    std::optional<ForecastValue> forecast;
    std::int64_t rank = -1;
};

struct Sampled {
    std::string id;
    double probability = 0;
    double low = 0, high = 0;
    Time by = 0;
    std::int64_t rank = 0;
    bool served = false;
};

double brier(const std::vector<Sampled>& s, const std::vector<double>& predicted) {
    double sum = 0;
    for (std::size_t k = 0; k < s.size(); ++k) {
        const double o = s[k].served ? 1.0 : 0.0;
        sum += (predicted[k] - o) * (predicted[k] - o);
    }
    return s.empty() ? 0 : sum / static_cast<double>(s.size());
}

}  // namespace

int forecastBench(const char* path, std::uint64_t seed, int sample, bool wholeRun, bool json) {
    QFile file(QString::fromLocal8Bit(path));
    if (!file.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "houbu-cli bench: cannot read '%s'\n", path);
        return 2;
    }
    // Pass 1: the span of the waitlist orders, and the day's last time.
    Time firstOrder = -1, lastOrder = -1, last = -1;
    while (!file.atEnd()) {
        const QByteArray line = file.readLine();
        const auto at = atOf(line);
        if (!at) continue;
        last = std::max(last, *at);
        if (line.contains("\"op\":\"waitlist\"")) {
            if (firstOrder < 0) firstOrder = *at;
            lastOrder = *at;
        }
    }
    if (firstOrder < 0) {
        std::fprintf(stderr, "houbu-cli bench: '%s' has no waitlist order with a time\n", path);
        return 2;
    }
    const Time middle = firstOrder + (lastOrder - firstOrder) / 2;
    file.seek(0);

    Engine engine;
    DaySink sink;
    int number = 0;
    QByteArray pending;
    auto apply = [&](const QByteArray& line) {
        const ParsedLine parsed = parseCommandLine(line);
        ++number;
        if (parsed.command) engine.apply(*parsed.command, number, sink);
    };
    const auto replayStart = Clock::now();
    while (!file.atEnd()) {
        QByteArray line = file.readLine();
        const auto at = atOf(line);
        if (at && *at > middle) {
            pending = std::move(line);
            break;
        }
        apply(line);
    }
    const double toMiddle = std::chrono::duration<double>(Clock::now() - replayStart).count();

    // --whole-run: a whole run's queues as the console forecasts them, every
    // order queued on the run with the most, over its 30 minutes, one at a time.
    struct WholeRun {
        std::string run;
        int orders = 0;
        double wall = 0, cpu = 0;
    } whole;
    const std::vector<RunSummary> runs =
        wholeRun ? engine.runSummaries() : std::vector<RunSummary>{};
    const auto busiest = std::max_element(
        runs.begin(), runs.end(),
        [](const RunSummary& a, const RunSummary& b) { return a.queuedOrders < b.queuedOrders; });
    if (wholeRun && busiest != runs.end() && busiest->queuedOrders > 0) {
        whole.run = busiest->train + " " + busiest->date;
        std::vector<std::string> ids;
        std::unordered_set<std::string> seen;
        for (const QueueView& q : engine.queues(busiest->train, busiest->date))
            for (const OrderView& o : q.orders)
                if (seen.insert(o.id).second) ids.push_back(o.id);
        const std::string horizon = formatTime(engine.clock() + kConsoleHorizonSeconds);
        const auto start = Clock::now();
        const double cpu0 = cpuSeconds();
        for (const std::string& id : ids) {
            sink.forecast.reset();
            apply(QByteArray(R"({"op":"forecast","id":")") + id.c_str() + R"(","until":")" +
                  horizon.c_str() + R"(","seed":)" +
                  QByteArray::number(static_cast<qulonglong>(seed)) + "}");
            if (sink.forecast) ++whole.orders;
        }
        whole.wall = std::chrono::duration<double>(Clock::now() - start).count();
        whole.cpu = cpuSeconds() - cpu0;
    }

    // The sample: orders submitted so far, drawn without replacement; those
    // not queued answer order_closed and are left out.
    std::vector<std::string> pool = sink.submitted;
    Rng rng(seed);
    for (std::size_t k = pool.size(); k > 1; --k)
        std::swap(pool[k - 1], pool[static_cast<std::size_t>(rng.next() % k)]);
    std::vector<Sampled> sampled;
    LatencyHistogram latency;
    const std::string until = formatTime(last);
    for (const std::string& id : pool) {
        if (static_cast<int>(sampled.size()) >= sample) break;
        const QByteArray forecast = QByteArray(R"({"op":"forecast","id":")") + id.c_str() +
                                    R"(","until":")" + until.c_str() + R"(","seed":)" +
                                    QByteArray::number(static_cast<qulonglong>(seed)) + "}";
        sink.forecast.reset();
        const auto start = Clock::now();
        apply(forecast);
        const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start);
        if (!sink.forecast) continue;
        latency.add(static_cast<std::uint64_t>(ns.count()), number);
        apply(QByteArray(R"({"op":"position","id":")") + id.c_str() + "\"}");
        Sampled s;
        s.id = id;
        s.probability = sink.forecast->probability / 100.0;
        s.low = sink.forecast->low / 100.0;
        s.high = sink.forecast->high / 100.0;
        s.by = sink.forecast->by;
        s.rank = sink.rank;
        sampled.push_back(std::move(s));
    }
    if (!pending.isEmpty()) apply(pending);
    while (!file.atEnd())
        apply(file.readLine());
    for (Sampled& s : sampled) {
        const auto it = sink.served.find(s.id);
        s.served = it != sink.served.end() && it->second <= s.by;
    }
    if (sampled.empty()) {
        std::fprintf(stderr, "houbu-cli bench: no order was queued at mid-day\n");
        return 1;
    }

    // Scores.
    const double n = static_cast<double>(sampled.size());
    double observed = 0, meanForecast = 0, width = 0;
    for (const Sampled& s : sampled) {
        observed += s.served ? 1 : 0;
        meanForecast += s.probability;
        width += s.high - s.low;
    }
    observed /= n;
    meanForecast /= n;
    width /= n;
    std::vector<double> ours, climatology(sampled.size(), observed), byRank(sampled.size());
    for (const Sampled& s : sampled)
        ours.push_back(s.probability);
    // Rank only: the orders in ten groups by their best rank, each given its
    // group's observed rate (fitted on the sample itself, so the rule is
    // scored at its best).
    std::vector<std::size_t> order(sampled.size());
    for (std::size_t k = 0; k < order.size(); ++k)
        order[k] = k;
    std::stable_sort(order.begin(), order.end(), [&sampled](std::size_t a, std::size_t b) {
        return sampled[a].rank < sampled[b].rank;
    });
    for (int g = 0; g < 10; ++g) {
        const std::size_t lo = order.size() * static_cast<std::size_t>(g) / 10;
        const std::size_t hi = order.size() * static_cast<std::size_t>(g + 1) / 10;
        double rate = 0;
        for (std::size_t k = lo; k < hi; ++k)
            rate += sampled[order[k]].served ? 1 : 0;
        rate = hi > lo ? rate / static_cast<double>(hi - lo) : 0;
        for (std::size_t k = lo; k < hi; ++k)
            byRank[order[k]] = rate;
    }
    const double bOurs = brier(sampled, ours), bClimate = brier(sampled, climatology),
                 bRank = brier(sampled, byRank);
    const double skill = bClimate > 0 ? 1 - bOurs / bClimate : 0;
    const double rankSkill = bClimate > 0 ? 1 - bRank / bClimate : 0;

    struct Bin {
        int count = 0;
        double predicted = 0, served = 0;
    };
    Bin bins[10];
    for (const Sampled& s : sampled) {
        Bin& b = bins[std::min(9, static_cast<int>(s.probability * 10))];
        ++b.count;
        b.predicted += s.probability;
        b.served += s.served ? 1 : 0;
    }
    int worstBin = 0;  // points off, over bins of 40 orders or more
    for (const Bin& b : bins)
        if (b.count >= 40)
            worstBin = std::max(
                worstBin,
                static_cast<int>(std::lround(100 * std::abs(b.predicted - b.served) / b.count)));

    QJsonObject doc;
    doc[u"file"] = QString::fromLocal8Bit(path);
    doc[u"seed"] = static_cast<qint64>(seed);
    doc[u"middle"] = QString::fromStdString(formatTime(middle));
    doc[u"until"] = QString::fromStdString(until);
    doc[u"replay_to_middle_seconds"] = toMiddle;
    doc[u"orders"] = static_cast<qint64>(sampled.size());
    doc[u"observed_rate"] = observed;
    doc[u"mean_forecast"] = meanForecast;
    doc[u"mean_interval_width"] = width;
    doc[u"brier"] = bOurs;
    doc[u"brier_climatology"] = bClimate;
    doc[u"brier_rank_only"] = bRank;
    doc[u"skill"] = skill;
    doc[u"rank_only_skill"] = rankSkill;
    doc[u"worst_bin_points"] = worstBin;
    QJsonArray table;
    for (int k = 0; k < 10; ++k) {
        QJsonObject row;
        row[u"from"] = k / 10.0;
        row[u"to"] = (k + 1) / 10.0;
        row[u"orders"] = bins[k].count;
        row[u"mean_forecast"] = bins[k].count ? bins[k].predicted / bins[k].count : 0;
        row[u"observed"] = bins[k].count ? bins[k].served / bins[k].count : 0;
        table.append(row);
    }
    doc[u"reliability"] = table;
    doc[u"forecast_ms_p50"] = latency.quantileNs(0.5) / 1e6;
    doc[u"forecast_ms_p99"] = latency.quantileNs(0.99) / 1e6;
    doc[u"forecast_ms_max"] = static_cast<double>(latency.maxNs()) / 1e6;
    if (!whole.run.empty()) {
        QJsonObject run;
        run[u"run"] = QString::fromStdString(whole.run);
        run[u"orders"] = whole.orders;
        run[u"seconds"] = whole.wall;
        run[u"cpu_seconds"] = whole.cpu;
        doc[u"whole_run"] = run;
    }
    if (json) {
        std::fputs(QJsonDocument(doc).toJson(QJsonDocument::Indented).constData(), stdout);
        return 0;
    }
    std::printf("%s: %d queued orders at %s forecast until %s (seed %llu)\n", path,
                static_cast<int>(sampled.size()), formatTime(middle).c_str(), until.c_str(),
                static_cast<unsigned long long>(seed));
    std::printf("observed served %.3f, mean forecast %.3f, mean 90%% interval width %.3f\n",
                observed, meanForecast, width);
    std::printf("Brier %.4f; climatology %.4f (skill %.3f); rank only %.4f (skill %.3f)\n", bOurs,
                bClimate, skill, bRank, rankSkill);
    std::printf("%-11s %7s %9s %9s\n", "forecast", "orders", "mean", "observed");
    for (int k = 0; k < 10; ++k)
        std::printf("%.1f-%.1f     %7d %9.3f %9.3f\n", k / 10.0, (k + 1) / 10.0, bins[k].count,
                    bins[k].count ? bins[k].predicted / bins[k].count : 0.0,
                    bins[k].count ? bins[k].served / bins[k].count : 0.0);
    std::printf("worst bin of 40+ orders: %d points off\n", worstBin);
    std::printf("forecast latency: p50 %.2f ms, p99 %.2f ms, max %.2f ms\n",
                latency.quantileNs(0.5) / 1e6, latency.quantileNs(0.99) / 1e6,
                static_cast<double>(latency.maxNs()) / 1e6);
    if (!whole.run.empty())
        std::printf(
            "whole run %s: %d queued orders forecast for 30 minutes in %.2f s (%.2f s CPU)\n",
            whole.run.c_str(), whole.orders, whole.wall, whole.cpu);
    return 0;
}

}  // namespace houbu::tools
