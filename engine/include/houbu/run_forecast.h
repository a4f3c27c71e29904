#pragma once
// The forecast of every order queued on one run at once (docs/forecast.md,
// "A whole run"): the run's queues simulated together, each order's options
// on other runs judged from its place here as the orders ahead's are in a
// `forecast`. Taken from the engine's state when made, it keeps a copy of
// what it needs and draws its paths a few at a time (advance), so that a
// console can spread it over the engine's idle moments while commands go on.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "houbu/event.h"

namespace houbu {

struct RunOrderForecast {
    std::string order;
    ForecastValue value;
};

class RunForecast {
  public:
    struct Parts;
    explicit RunForecast(std::unique_ptr<Parts> parts);
    ~RunForecast();
    RunForecast(const RunForecast&) = delete;
    RunForecast& operator=(const RunForecast&) = delete;

    // Draws up to `paths` more paths; true once every answer is ready.
    bool advance(int paths);
    bool done() const;
    int drawn() const;
    int total() const;
    // Every order queued on the run (on any of its classes), in the order of
    // the run's queues; the answers once done(), empty before.
    const std::vector<RunOrderForecast>& answers() const;
    // The engine's clock and last sequence number when it was made.
    Time clock() const;
    std::uint64_t seq() const;

  private:
    std::unique_ptr<Parts> parts_;
};

}  // namespace houbu
