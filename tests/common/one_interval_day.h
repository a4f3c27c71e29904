#pragma once
// A generated day (houbu-cli gen) on one train of two stops: every order
// queues on the one interval, so a few thousand of them make queues long
// enough to page through.

#include <QByteArray>
#include <string>
#include <string_view>

#include "tools.h"

namespace houbu::test {

class OneIntervalDay {
  public:
    // The day's lines; empty with `error` when it cannot be generated.
    static QByteArray generate(int orders, std::string& error) {
        tools::GenSpec spec;
        spec.seed = 2;
        spec.runs = 1;
        spec.stopsMin = spec.stopsMax = 2;
        spec.seatsMin = spec.seatsMax = 100;
        spec.orders = orders;
        spec.releases = 40;
        QByteArray scenario;
        tools::GenStats stats;
        const bool ok = tools::generate(
            spec, [&](std::string_view s) { scenario.append(s.data(), qsizetype(s.size())); },
            stats, error);
        return ok ? scenario : QByteArray();
    }
};

}  // namespace houbu::test
