// Paint time of one full frame of the seat-interval grid on a 64-stop ×
// 2,000-seat run (target < 8 ms), rendered offscreen into an image.

#include <benchmark/benchmark.h>

#include <QApplication>
#include <QImage>
#include <QPainter>
#include <random>

#include "houbu/models.h"
#include "houbu/widgets.h"

namespace {

using namespace houbu;

// A run of 64 stops and 2,000 seats, each seat sold over random disjoint intervals.
SnapshotPtr bigRun() {
    auto s = std::make_shared<ConsoleSnapshot>();
    s->run.train = "G9999";
    s->run.date = "2025-01-20";
    for (int i = 0; i < 64; ++i) {
        char name[16];
        std::snprintf(name, sizeof name, "站%d", i);
        s->run.stops.push_back({name, i * 20.0, -1, -1});
    }
    s->run.classes = {"second"};
    std::mt19937 rng(7);
    const char* letters = "ABCDF";
    int ticket = 0;
    for (int seat = 0; seat < 2000; ++seat) {
        SeatView v;
        v.car = seat / 100 + 1;
        v.row = (seat % 100) / 5 + 1;
        v.letter = letters[seat % 5];
        char label[16];
        std::snprintf(label, sizeof label, "%02d-%02d%c", v.car, v.row, v.letter);
        v.label = label;
        v.travelClass = "second";
        for (int at = 0; at < 63;) {
            const int gap = static_cast<int>(rng() % 3);
            const int from = at + gap;
            if (from >= 63) break;
            const int to = std::min(63, from + 1 + static_cast<int>(rng() % 12));
            HolderView h;
            h.kind = static_cast<HolderView::Kind>(rng() % 4);
            h.from = from;
            h.to = to;
            // snprintf, not string concatenation: g++ 12 -O2 warns falsely (-Wrestrict) on it.
            char text[32];
            std::snprintf(text, sizeof text, "T%d", ++ticket);
            h.id = text;
            std::snprintf(text, sizeof text, "乘客%d", ticket % 997);
            h.passenger = text;
            v.holders.push_back(h);
            v.mask |= ((std::uint64_t{1} << to) - 1) ^ ((std::uint64_t{1} << from) - 1);
            at = to;
        }
        s->seats.push_back(std::move(v));
    }
    return s;
}

void BM_GridFullFramePaint(benchmark::State& state) {
    SeatGridModel model;
    SeatFilterModel filter;
    filter.setSourceModel(&model);
    model.apply(bigRun());
    SeatGridView view;
    view.setGridModel(&model, &filter);
    view.resize(1600, 1000);
    view.show();
    QApplication::processEvents();
    QImage frame(view.size() * view.devicePixelRatio(), QImage::Format_ARGB32_Premultiplied);
    frame.setDevicePixelRatio(view.devicePixelRatio());
    for (auto _ : state) {
        QPainter painter(&frame);
        view.render(&painter);
        painter.end();
        benchmark::DoNotOptimize(frame.constBits());
    }
    state.counters["rows"] = model.rowCount();
    state.counters["segments"] = model.columnCount();
    state.SetLabel("1600x1000 viewport, 64 stops x 2000 seats");
}
BENCHMARK(BM_GridFullFramePaint)->Unit(benchmark::kMillisecond)->MinTime(2.0);

// Applying a snapshot in which one seat changed: the model's diff for a release.
void BM_GridApplyOneSeatChange(benchmark::State& state) {
    SeatGridModel model;
    SnapshotPtr base = bigRun();
    model.apply(base);
    auto changed = std::make_shared<ConsoleSnapshot>(*base);
    changed->seats[1000].holders.clear();
    changed->seats[1000].mask = 0;
    bool flip = false;
    for (auto _ : state) {
        model.apply(flip ? base : changed);
        flip = !flip;
    }
}
BENCHMARK(BM_GridApplyOneSeatChange)->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
