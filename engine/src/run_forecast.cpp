#include "houbu/run_forecast.h"

#include <algorithm>
#include <cmath>

#include "forecast_paths.h"
#include "forecaster.h"
#include "houbu/engine.h"
#include "state.h"

namespace houbu {

namespace {

// A share of `paths` in hundredths, rounded (as Forecaster answers).
int hundredthsOf(int count, int paths) {
    return static_cast<int>(std::lround(100.0 * count / paths));
}

}  // namespace

// The draws of a run's forecast, in the stages of Forecaster::forecast: the
// first paths at the average rates (which set how often each order is
// served elsewhere), the answer's paths, then each end of the interval.
struct RunForecast::Parts {
    ForecastScene scene;
    std::unique_ptr<ForecastPaths> paths;
    std::uint64_t seed = 1;
    Time clock = 0;
    std::uint64_t seq = 0;
    std::vector<std::string> ids;
    std::vector<std::string> basis;  // per order
    std::vector<Time> by;            // per order

    enum Stage { First, Answer, Low, High, Done };
    Stage stage = First;
    int drawnInStage = 0;
    int drawn = 0;
    // Per order: paths that served it among the probe's first ones and in all.
    std::vector<std::uint16_t> probe, answer, lowProbe, low, highProbe, high;
    std::vector<RunOrderForecast> answers;

    static int pathsOf(Stage stage) {
        switch (stage) {
            case First:
                return Forecaster::kProbePaths;
            case Answer:
                return Forecaster::kPaths;
            case Low:
            case High:
                return Forecaster::kEndPaths;
            case Done:
                break;
        }
        return 0;
    }
    static double quantileOf(Stage stage) {
        return stage == Low ? 0.05 : stage == High ? 0.95 : -1;
    }
    void startStage() {
        if (stage == Done) return;
        paths->start(stage == First ? Forecaster::kPaths : pathsOf(stage), quantileOf(stage), seed);
        drawnInStage = 0;
    }
    void finishStage() {
        switch (stage) {
            case First:
                probe = paths->servedPaths();
                Forecaster::mirrorLeaving(scene, paths->seated(), Forecaster::kProbePaths);
                Forecaster::mirrorElsewhere(scene, paths->seated(), Forecaster::kProbePaths);
                break;
            case Answer:
                answer = paths->servedPaths();
                break;
            case Low:
                low = paths->servedPaths();
                break;
            case High:
                high = paths->servedPaths();
                break;
            case Done:
                break;
        }
        stage = static_cast<Stage>(stage + 1);
        startStage();
        if (stage == Done) answerAll();
    }
    void drawOne() {
        paths->draw(drawnInStage);
        ++drawnInStage;
        ++drawn;
        // The ends' probes: their first paths, as a single forecast stops on.
        if (stage == Low && drawnInStage == Forecaster::kEndProbePaths)
            lowProbe = paths->servedPaths();
        if (stage == High && drawnInStage == Forecaster::kEndProbePaths)
            highProbe = paths->servedPaths();
        if (drawnInStage == pathsOf(stage)) finishStage();
    }
    void answerAll() {
        answers.resize(ids.size());
        for (std::size_t n = 0; n < ids.size(); ++n) {
            const int p = probe[n] == 0 ? 0 : hundredthsOf(answer[n], Forecaster::kPaths);
            const int lo =
                p == 0 || lowProbe[n] == 0 ? 0 : hundredthsOf(low[n], Forecaster::kEndPaths);
            const int hi = p == 100            ? 100
                           : highProbe[n] == 0 ? 0
                                               : hundredthsOf(high[n], Forecaster::kEndPaths);
            RunOrderForecast& a = answers[n];
            a.order = ids[n];
            a.value.probability = p;
            a.value.low = std::min(p, lo);
            a.value.high = std::max(p, hi);
            a.value.by = by[n];
            a.value.basis = std::move(basis[n]);
        }
        paths.reset();
        scene = {};
    }
};

RunForecast::RunForecast(std::unique_ptr<Parts> parts) : parts_(std::move(parts)) {}
RunForecast::~RunForecast() = default;

bool RunForecast::advance(int paths) {
    for (int k = 0; k < paths && parts_->stage != Parts::Done; ++k)
        parts_->drawOne();
    return done();
}

bool RunForecast::done() const {
    return parts_->stage == Parts::Done;
}

int RunForecast::drawn() const {
    return parts_->drawn;
}

int RunForecast::total() const {
    return Forecaster::kProbePaths + Forecaster::kPaths + 2 * Forecaster::kEndPaths;
}

const std::vector<RunOrderForecast>& RunForecast::answers() const {
    return parts_->answers;
}

Time RunForecast::clock() const {
    return parts_->clock;
}

std::uint64_t RunForecast::seq() const {
    return parts_->seq;
}

std::unique_ptr<RunForecast> Engine::forecastRun(const std::string& train, const std::string& date,
                                                 Time until, std::uint64_t seed) const {
    const EngineState& s = *state_;
    const Run* run = s.findRun(train, date);
    if (!run || until <= s.clock) return nullptr;
    const auto runIndex = static_cast<std::uint32_t>(run - s.runs.data());
    auto parts = std::make_unique<RunForecast::Parts>();
    parts->seed = seed;
    parts->clock = s.clock;
    parts->seq = s.seq;
    const Forecaster forecaster(s);
    std::vector<Forecaster::StreamBasis> basis;
    std::vector<std::uint32_t> orders;
    parts->scene = forecaster.runScene(runIndex, s.clock, until, basis, orders);

    // Each order's basis: its class's releases and queue, where it stands
    // there, and how its other options are judged.
    std::vector<int> ahead(orders.size(), -1);
    std::vector<std::size_t> streamOf(orders.size(), 0);
    std::vector<std::size_t> queued(basis.size(), 0);
    for (std::size_t j = 0; j < parts->scene.streams.size(); ++j) {
        const auto& entries = parts->scene.streams[j].entries;
        queued[j] = entries.size();
        for (std::size_t k = 0; k < entries.size(); ++k)
            if (ahead[entries[k].order] < 0) {
                ahead[entries[k].order] = static_cast<int>(k);
                streamOf[entries[k].order] = j;
            }
    }
    parts->ids.reserve(orders.size());
    parts->basis.reserve(orders.size());
    parts->by.reserve(orders.size());
    for (std::size_t n = 0; n < orders.size(); ++n) {
        const Order& o = s.orders[orders[n]];
        parts->ids.emplace_back(orderId(s, o));
        parts->by.push_back(s.clock + static_cast<Time>(std::lround(parts->scene.byIn[n])));
        const Forecaster::StreamBasis& b = basis[streamOf[n]];
        int elsewhere = 0;
        for (const OrderOption& opt : o.options())
            elsewhere += opt.run == runIndex ? 0 : 1;
        std::string text = run->train + " " + run->date + " " + run->classes[b.travelClass].name +
                           ": the run's " + std::to_string(queued[streamOf[n]]) +
                           " queued orders forecast together, " + std::to_string(ahead[n]) +
                           " ahead of it; " + std::to_string(b.releases) + " releases seen since " +
                           formatTime(b.since);
        if (b.large > 0)
            text += ", " + std::to_string(b.large) + " large releases (added cars) on the day";
        if (elsewhere > 0)
            text += "; its " + std::to_string(elsewhere) +
                    (elsewhere == 1 ? " option" : " options") +
                    " on other runs judged from its place here";
        if (seatChangesOf(o) > 0) text += "; seat changes not counted (whole seats only)";
        parts->basis.push_back(std::move(text));
    }
    parts->paths = std::make_unique<ForecastPaths>(parts->scene);
    parts->startStage();
    return std::make_unique<RunForecast>(std::move(parts));
}

}  // namespace houbu
