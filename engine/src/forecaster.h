#pragma once
// `forecast` (commands.md, "Forecasts and previews"; docs/forecast.md): the
// probability that a queued order is served by a time, from what the engine
// has seen only (ForecastLedger and the queues as they are). It reads a
// const state and draws its futures on a scene of its own (ForecastPaths),
// so it never touches the engine: a dry run or a later command cannot change
// it, and viewers may ask for it.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "forecast_paths.h"
#include "houbu/event.h"
#include "scene_numbers.h"
#include "state.h"

namespace houbu {

class Forecaster {
  public:
    explicit Forecaster(const EngineState& state) : s(state) {}

    // Paths drawn for the estimate, and for each end of its interval.
    static constexpr int kPaths = 128;
    static constexpr int kEndPaths = 48;
    // When none of the first this many paths serves the order, the rest
    // are not drawn.
    static constexpr int kProbePaths = 32;
    static constexpr int kEndProbePaths = 16;
    // How much an order ahead's option outside the scene counts against one
    // inside when it is served elsewhere (mirrorLeaving): fitted on the
    // development days (docs/forecast.md).
    static constexpr double kOutsideWeight = 0.5;

    // The forecast for queued order `order` at time `now`: served at or
    // before `until`, or before it expires when that is earlier or `until`
    // is absent.
    ForecastValue forecast(std::uint32_t order, Time now, std::optional<Time> until,
                           std::uint64_t seed) const;

    // Sets the rate at which each scene order leaves other than by the
    // scene's streams from how often `paths` paths seated it here.
    static void mirrorLeaving(ForecastScene& sc, const std::vector<std::uint16_t>& seated,
                              int paths);
    // With every order a target: each one's chance of being served on its
    // options outside the scene by its `by`, by the same rule.
    static void mirrorElsewhere(ForecastScene& sc, const std::vector<std::uint16_t>& seated,
                                int paths);

    // What each stream rests on, for the basis.
    struct StreamBasis {
        std::uint32_t run = 0;
        std::uint16_t travelClass = 0;
        Time since = 0;
        int releases = 0;  // releases seen on the run's class
        int relevant = 0;  // of them, those touching the order's interval
        int ordersAhead = 0;
        int large = 0;  // large batches seen over the day on the class's name
    };

    // A scene of every order queued on run `run` (ForecastScene::kEveryone),
    // one stream per class holding some, over the time until `until`; the
    // scene's orders are `orders` (the state's numbers), in the order of the
    // streams' queues.
    ForecastScene runScene(std::uint32_t run, Time now, Time until, std::vector<StreamBasis>& basis,
                           std::vector<std::uint32_t>& orders) const;

  private:
    const EngineState& s;

    ForecastScene scene(std::uint32_t order, Time now, Time by,
                        std::vector<StreamBasis>& basis) const;
    // Per scene order (numbered by `global`): how it leaves other than by
    // the scene's streams (run, class): quitting, its expiry, and served on
    // its other options at the average rate.
    void setLeaving(ForecastScene& sc, const std::vector<std::uint32_t>& global, Time now,
                    const std::vector<std::pair<std::uint32_t, std::uint16_t>>& streams) const;
    // The large batches seen over the day on runs with a class of one name,
    // their seats in all, and the sum of those runs' windows.
    struct LargePool {
        const std::string* name = nullptr;
        double large = 0, seats = 0, window = 0;
    };
    const LargePool& largePool(std::vector<LargePool>& pools, const std::string& className,
                               Time now) const;
    void addStream(ForecastScene& scene, const Order* target, const OrderOption& option, Time now,
                   SceneNumbers& local, std::vector<LargePool>& pools, StreamBasis& basis) const;
    // Appends a batch's candidates: those of `inside` (entry numbers in
    // queue order) that its pieces from `firstPiece` on can seat.
    static void addCandidates(ForecastScene::Stream& stream, std::size_t firstPiece,
                              const std::vector<std::uint32_t>& inside);
    // Ends a batch whose pieces from `firstPiece` on are those of an earlier
    // one: it reads that batch's candidates, `range`.
    static void shareCandidates(ForecastScene::Stream& stream,
                                std::pair<std::uint32_t, std::uint32_t> range);
    std::string basisText(const std::vector<StreamBasis>& basis) const;
};

}  // namespace houbu
