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
#include "houbu/run_forecast.h"
#include "tools.h"

namespace houbu::tools {
namespace {

using Clock = std::chrono::steady_clock;

// How far ahead the console's queue view forecasts (ForecastCache).
constexpr Time kConsoleHorizonSeconds = 30 * kMinute;
// --whole-run: the runs forecast whole and scored, and how often one of the
// busiest run's orders is also forecast on its own.
constexpr std::size_t kScoredRuns = 10;
constexpr std::size_t kCompareEvery = 50;

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

struct Bin {
    int count = 0;
    double predicted = 0, served = 0;
};

// How well a set of forecasts did: Brier scores against climatology and a
// rank-only rule, the reliability table, the mean forecast.
struct Scores {
    double observed = 0, meanForecast = 0, width = 0;
    double brier = 0, brierClimatology = 0, brierRank = 0, skill = 0, rankSkill = 0;
    Bin bins[10];
    int worstBin = 0;  // points off, over bins of 40 orders or more
};

Scores scoreOf(const std::vector<Sampled>& sampled) {
    Scores sc;
    const double n = static_cast<double>(sampled.size());
    for (const Sampled& s : sampled) {
        sc.observed += s.served ? 1 : 0;
        sc.meanForecast += s.probability;
        sc.width += s.high - s.low;
    }
    sc.observed /= n;
    sc.meanForecast /= n;
    sc.width /= n;
    std::vector<double> ours, climatology(sampled.size(), sc.observed), byRank(sampled.size());
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
    sc.brier = brier(sampled, ours);
    sc.brierClimatology = brier(sampled, climatology);
    sc.brierRank = brier(sampled, byRank);
    sc.skill = sc.brierClimatology > 0 ? 1 - sc.brier / sc.brierClimatology : 0;
    sc.rankSkill = sc.brierClimatology > 0 ? 1 - sc.brierRank / sc.brierClimatology : 0;
    for (const Sampled& s : sampled) {
        Bin& b = sc.bins[std::min(9, static_cast<int>(s.probability * 10))];
        ++b.count;
        b.predicted += s.probability;
        b.served += s.served ? 1 : 0;
    }
    for (const Bin& b : sc.bins)
        if (b.count >= 40)
            sc.worstBin = std::max(
                sc.worstBin,
                static_cast<int>(std::lround(100 * std::abs(b.predicted - b.served) / b.count)));
    return sc;
}

void putScores(QJsonObject& doc, const Scores& sc) {
    doc[u"observed_rate"] = sc.observed;
    doc[u"mean_forecast"] = sc.meanForecast;
    doc[u"mean_interval_width"] = sc.width;
    doc[u"brier"] = sc.brier;
    doc[u"brier_climatology"] = sc.brierClimatology;
    doc[u"brier_rank_only"] = sc.brierRank;
    doc[u"skill"] = sc.skill;
    doc[u"rank_only_skill"] = sc.rankSkill;
    doc[u"worst_bin_points"] = sc.worstBin;
    QJsonArray table;
    for (int k = 0; k < 10; ++k) {
        QJsonObject row;
        row[u"from"] = k / 10.0;
        row[u"to"] = (k + 1) / 10.0;
        row[u"orders"] = sc.bins[k].count;
        row[u"mean_forecast"] = sc.bins[k].count ? sc.bins[k].predicted / sc.bins[k].count : 0;
        row[u"observed"] = sc.bins[k].count ? sc.bins[k].served / sc.bins[k].count : 0;
        table.append(row);
    }
    doc[u"reliability"] = table;
}

void printScores(const Scores& sc) {
    std::printf("observed served %.3f, mean forecast %.3f, mean 90%% interval width %.3f\n",
                sc.observed, sc.meanForecast, sc.width);
    std::printf("Brier %.4f; climatology %.4f (skill %.3f); rank only %.4f (skill %.3f)\n",
                sc.brier, sc.brierClimatology, sc.skill, sc.brierRank, sc.rankSkill);
    std::printf("%-11s %7s %9s %9s\n", "forecast", "orders", "mean", "observed");
    for (int k = 0; k < 10; ++k)
        std::printf("%.1f-%.1f     %7d %9.3f %9.3f\n", k / 10.0, (k + 1) / 10.0, sc.bins[k].count,
                    sc.bins[k].count ? sc.bins[k].predicted / sc.bins[k].count : 0.0,
                    sc.bins[k].count ? sc.bins[k].served / sc.bins[k].count : 0.0);
    std::printf("worst bin of 40+ orders: %d points off\n", sc.worstBin);
}

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

    // --whole-run: the runs with the most queued orders forecast whole, as
    // the console's queue view does (Engine::forecastRun over its 30
    // minutes): the busiest timed and compared with forecasting its orders
    // one at a time, all of them scored against what happened.
    struct WholeRun {
        std::string run;
        int orders = 0;
        double wall = 0, cpu = 0, sceneMs = 0, slowestStepMs = 0;
        int paths = 0;
        // Orders forecast one at a time too: how many, their time, and how
        // far their answers are from the run's.
        int compared = 0;
        double comparedSeconds = 0, meanDifference = 0, maxDifference = 0;
    };
    std::vector<WholeRun> wholeRuns;
    std::vector<Sampled> runSampled;
    if (wholeRun) {
        std::vector<RunSummary> runs = engine.runSummaries();
        std::stable_sort(runs.begin(), runs.end(), [](const RunSummary& a, const RunSummary& b) {
            return a.queuedOrders > b.queuedOrders;
        });
        const Time until = engine.clock() + kConsoleHorizonSeconds;
        for (std::size_t r = 0; r < runs.size() && r < kScoredRuns; ++r) {
            if (runs[r].queuedOrders == 0) break;
            WholeRun w;
            w.run = runs[r].train + " " + runs[r].date;
            const auto start = Clock::now();
            const double cpu0 = cpuSeconds();
            std::unique_ptr<RunForecast> forecast =
                engine.forecastRun(runs[r].train, runs[r].date, until, seed);
            if (!forecast) continue;
            w.sceneMs = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
            while (!forecast->done()) {
                const auto step = Clock::now();
                forecast->advance(1);
                w.slowestStepMs = std::max(
                    w.slowestStepMs,
                    std::chrono::duration<double, std::milli>(Clock::now() - step).count());
            }
            w.wall = std::chrono::duration<double>(Clock::now() - start).count();
            w.cpu = cpuSeconds() - cpu0;
            w.paths = forecast->total();
            w.orders = static_cast<int>(forecast->answers().size());
            for (const RunOrderForecast& a : forecast->answers()) {
                apply(QByteArray(R"({"op":"position","id":")") + a.order.c_str() + "\"}");
                Sampled s;
                s.id = a.order;
                s.probability = a.value.probability / 100.0;
                s.low = a.value.low / 100.0;
                s.high = a.value.high / 100.0;
                s.by = a.value.by;
                s.rank = sink.rank;
                runSampled.push_back(std::move(s));
            }
            // The busiest run's orders, every kCompareEvery-th, one at a time.
            if (r == 0) {
                const auto one = Clock::now();
                const std::vector<RunOrderForecast>& answers = forecast->answers();
                for (std::size_t k = 0; k < answers.size(); k += kCompareEvery) {
                    sink.forecast.reset();
                    apply(QByteArray(R"({"op":"forecast","id":")") + answers[k].order.c_str() +
                          R"(","until":")" + formatTime(until).c_str() + R"(","seed":)" +
                          QByteArray::number(static_cast<qulonglong>(seed)) + "}");
                    if (!sink.forecast) continue;
                    const double d =
                        std::abs(sink.forecast->probability - answers[k].value.probability);
                    ++w.compared;
                    w.meanDifference += d;
                    w.maxDifference = std::max(w.maxDifference, d);
                }
                w.comparedSeconds = std::chrono::duration<double>(Clock::now() - one).count();
                if (w.compared > 0) w.meanDifference /= w.compared;
            }
            wholeRuns.push_back(std::move(w));
        }
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
    for (Sampled& s : runSampled) {
        const auto it = sink.served.find(s.id);
        s.served = it != sink.served.end() && it->second <= s.by;
    }
    for (Sampled& s : sampled) {
        const auto it = sink.served.find(s.id);
        s.served = it != sink.served.end() && it->second <= s.by;
    }
    if (sampled.empty()) {
        std::fprintf(stderr, "houbu-cli bench: no order was queued at mid-day\n");
        return 1;
    }

    const Scores scores = scoreOf(sampled);

    QJsonObject doc;
    doc[u"file"] = QString::fromLocal8Bit(path);
    doc[u"seed"] = static_cast<qint64>(seed);
    doc[u"middle"] = QString::fromStdString(formatTime(middle));
    doc[u"until"] = QString::fromStdString(until);
    doc[u"replay_to_middle_seconds"] = toMiddle;
    doc[u"orders"] = static_cast<qint64>(sampled.size());
    putScores(doc, scores);
    doc[u"forecast_ms_p50"] = latency.quantileNs(0.5) / 1e6;
    doc[u"forecast_ms_p99"] = latency.quantileNs(0.99) / 1e6;
    doc[u"forecast_ms_max"] = static_cast<double>(latency.maxNs()) / 1e6;
    if (!wholeRuns.empty()) {
        QJsonArray list;
        for (const WholeRun& w : wholeRuns) {
            QJsonObject run;
            run[u"run"] = QString::fromStdString(w.run);
            run[u"orders"] = w.orders;
            run[u"seconds"] = w.wall;
            run[u"cpu_seconds"] = w.cpu;
            run[u"scene_ms"] = w.sceneMs;
            run[u"slowest_path_ms"] = w.slowestStepMs;
            run[u"paths"] = w.paths;
            if (w.compared > 0) {
                run[u"compared_orders"] = w.compared;
                run[u"compared_seconds"] = w.comparedSeconds;
                run[u"compared_mean_difference_points"] = w.meanDifference;
                run[u"compared_max_difference_points"] = w.maxDifference;
            }
            list.append(run);
        }
        doc[u"whole_runs"] = list;
        QJsonObject scored;
        putScores(scored, scoreOf(runSampled));
        scored[u"orders"] = static_cast<qint64>(runSampled.size());
        doc[u"whole_run_scores"] = scored;
    }
    if (json) {
        std::fputs(QJsonDocument(doc).toJson(QJsonDocument::Indented).constData(), stdout);
        return 0;
    }
    std::printf("%s: %d queued orders at %s forecast until %s (seed %llu)\n", path,
                static_cast<int>(sampled.size()), formatTime(middle).c_str(), until.c_str(),
                static_cast<unsigned long long>(seed));
    printScores(scores);
    std::printf("forecast latency: p50 %.2f ms, p99 %.2f ms, max %.2f ms\n",
                latency.quantileNs(0.5) / 1e6, latency.quantileNs(0.99) / 1e6,
                static_cast<double>(latency.maxNs()) / 1e6);
    for (const WholeRun& w : wholeRuns) {
        std::printf(
            "whole run %s: %d queued orders forecast for 30 minutes in %.2f s (%.2f s CPU;"
            " scene %.0f ms, %d paths, slowest %.1f ms)\n",
            w.run.c_str(), w.orders, w.wall, w.cpu, w.sceneMs, w.paths, w.slowestStepMs);
        if (w.compared > 0)
            std::printf(
                "  %d of its orders forecast one at a time: %.2f s (%.1f ms each);"
                " answers differ by %.1f points on average, %.0f at most\n",
                w.compared, w.comparedSeconds, 1000 * w.comparedSeconds / w.compared,
                w.meanDifference, w.maxDifference);
    }
    if (!runSampled.empty()) {
        std::printf("whole-run forecasts of the %zu busiest runs, scored (%zu order-run pairs):\n",
                    wholeRuns.size(), runSampled.size());
        printScores(scoreOf(runSampled));
    }
    return 0;
}

}  // namespace houbu::tools
