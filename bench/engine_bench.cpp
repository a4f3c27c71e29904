// Houbu performance benchmarks (Google Benchmark). Targets, reported as counters
// and never asserted:
//   1. check-and-take (segmentMask + AND + OR on a seat array)   >= 20 M/s
//   2. sell+refund pairs through Engine::apply, free seats        >= 1 M pairs/s
//   3. release with complete matching on the sold-out workload    >= 1 M events/s
//   4. houbu::Runner::processLine, JSON in and out                >= 200 k commands/s
//   5. engine heap per queued waitlist order, names excluded      <= 96 bytes
// The workload is described in workload.h. Extra flags (before the benchmark ones):
//   --houbu_orders=N --houbu_releases=N   shrink the workload (profiling runs)
//   --houbu_write_jsonl=PATH              write the workload as JSON Lines and exit

#include <benchmark/benchmark.h>
#include <malloc.h>
#include <time.h>

#include <QByteArray>
#include <QByteArrayView>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "houbu/codec.h"
#include "houbu/engine.h"
#include "seat_choice.h"
#include "state.h"
#include "workload.h"

namespace houbu::bench {
namespace {

using Clock = std::chrono::steady_clock;

double seconds(Clock::duration d) {
    return std::chrono::duration<double>(d).count();
}

// CPU time of the calling thread, in seconds. The machine is shared: wall-clock
// rates drop when other processes compete for the two cores, CPU-time rates much less.
double threadCpuSeconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

// ---- a Run built by hand, for the micro-benchmarks of internals -------------------

Run makeRun(const Workload& w) {
    Run run;
    run.train = Workload::train();
    run.date = Workload::date();
    for (int i = 0; i < w.stopCount(); ++i) {
        Stop stop;
        stop.station = w.station(i);
        run.stops.push_back(stop);
    }
    ClassInfo info;
    info.name = Workload::travelClass();
    info.queueAt.reset(w.stopCount());
    run.classes.push_back(std::move(info));
    const WorkloadSpec& spec = w.spec();
    for (int car = 0; car < spec.cars; ++car) {
        run.cars.push_back(
            Car{car + 1, 0, spec.rows, spec.layout, static_cast<std::uint32_t>(run.seats.size())});
        for (int row = 1; row <= spec.rows; ++row) {
            for (std::size_t pos = 0; pos < spec.layout.size(); ++pos) {
                Seat seat;
                seat.car = static_cast<std::uint16_t>(car);
                seat.row = static_cast<std::uint8_t>(row);
                seat.letterPos = static_cast<std::uint8_t>(pos);
                seat.letter = spec.layout[pos];
                const std::string label = w.seatLabel(static_cast<int>(run.seats.size()));
                std::copy_n(label.begin(), std::min(label.size(), sizeof seat.labelText),
                            seat.labelText);
                run.classes[0].seats.push_back(static_cast<std::uint32_t>(run.seats.size()));
                run.seats.push_back(std::move(seat));
            }
        }
    }
    return run;
}

// Cuts each seat's segments into pieces of 1..maxPiece and occupies each piece
// with probability `fill` (masks only: enough for countFree and chooseSeats).
void occupyRandomly(Run& run, double fill, int maxPiece, Rng& rng) {
    const int segments = run.segments();
    for (Seat& seat : run.seats) {
        seat.mask = 0;
        for (int from = 0; from < segments;) {
            const int to = std::min(segments, from + 1 + rng.below(maxPiece));
            if (rng.below(1000) < static_cast<int>(fill * 1000)) seat.mask |= segmentMask(from, to);
            from = to;
        }
    }
}

// Random intervals of 1..maxLength segments (uniform length, then uniform start).
std::vector<SeatInterval> randomIntervals(std::size_t n, int seats, int segments, int maxLength,
                                          Rng& rng) {
    std::vector<SeatInterval> out(n);
    for (auto& iv : out) {
        const int length = 1 + rng.below(maxLength);
        const int from = rng.below(segments - length + 1);
        iv =
            SeatInterval{static_cast<std::uint16_t>(rng.below(seats)),
                         static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(from + length)};
    }
    return out;
}

// ---- 1. check-and-take ------------------------------------------------------------

constexpr std::size_t kOps = 1 << 16;

// On a plain array of one 64-bit mask per seat (8 KB for 1,000 seats).
void BM_CheckAndTake_MaskArray(benchmark::State& state) {
    const Workload& w = globalWorkload();
    Rng rng(1);
    const auto ops = randomIntervals(kOps, w.seatCount(), w.stopCount() - 1, 6, rng);
    std::vector<SegmentMask> masks(static_cast<std::size_t>(w.seatCount()));
    std::uint64_t taken = 0;
    for (auto _ : state) {
        std::fill(masks.begin(), masks.end(), 0);
        for (const SeatInterval& op : ops) {
            const SegmentMask m = segmentMask(op.from, op.to);
            SegmentMask& seat = masks[op.seat];
            if ((seat & m) == 0) {
                seat |= m;
                ++taken;
            }
        }
        benchmark::DoNotOptimize(masks.data());
        benchmark::ClobberMemory();
    }
    const auto n = static_cast<double>(state.iterations()) * kOps;
    state.SetItemsProcessed(static_cast<std::int64_t>(n));
    state.counters["taken_ratio"] = static_cast<double>(taken) / n;
}

// On the engine's own Seat array (Run::seats, one Seat struct per seat).
void BM_CheckAndTake_SeatArray(benchmark::State& state) {
    const Workload& w = globalWorkload();
    Rng rng(1);
    const auto ops = randomIntervals(kOps, w.seatCount(), w.stopCount() - 1, 6, rng);
    Run run = makeRun(w);
    std::uint64_t taken = 0;
    for (auto _ : state) {
        for (Seat& seat : run.seats)
            seat.mask = 0;
        for (const SeatInterval& op : ops) {
            const SegmentMask m = segmentMask(op.from, op.to);
            Seat& seat = run.seats[op.seat];
            if ((seat.mask & m) == 0) {
                seat.mask |= m;
                ++taken;
            }
        }
        benchmark::DoNotOptimize(run.seats.data());
        benchmark::ClobberMemory();
    }
    const auto n = static_cast<double>(state.iterations()) * kOps;
    state.SetItemsProcessed(static_cast<std::int64_t>(n));
    state.counters["taken_ratio"] = static_cast<double>(taken) / n;
    state.counters["sizeof_Seat"] = sizeof(Seat);
}

// ---- internals: countFree, chooseSeats ---------------------------------------------

// countFree on the sold-out run: every call scans all 1,000 seats (what each
// prepay on a sold-out run and each group check in the matcher pays).
void BM_CountFree_SoldOut(benchmark::State& state) {
    const Workload& w = globalWorkload();
    Run run = makeRun(w);
    Rng rng(2);
    occupyRandomly(run, 1.0, w.spec().maxPiece, rng);
    const auto ivs = randomIntervals(4096, 1, w.stopCount() - 1, 19, rng);
    std::size_t i = 0;
    for (auto _ : state) {
        const SeatInterval& iv = ivs[i++ & 4095];
        benchmark::DoNotOptimize(countFree(run, 0, iv.from, iv.to, kMaxGroup));
    }
    state.SetItemsProcessed(state.iterations());
    state.counters["seats_scanned_per_s"] = benchmark::Counter(
        static_cast<double>(state.iterations()) * w.seatCount(), benchmark::Counter::kIsRate);
}

// chooseSeats for n passengers on a half-sold run (random pieces, ~50% of segments).
void BM_ChooseSeats_HalfSold(benchmark::State& state) {
    const Workload& w = globalWorkload();
    const int n = static_cast<int>(state.range(0));
    Run run = makeRun(w);
    Rng rng(3);
    occupyRandomly(run, 0.5, w.spec().maxPiece, rng);
    const auto ivs = randomIntervals(4096, 1, w.stopCount() - 1, 6, rng);
    const std::string prefer;
    std::size_t i = 0, found = 0;
    for (auto _ : state) {
        const SeatInterval& iv = ivs[i++ & 4095];
        const auto seats = chooseSeats(run, 0, iv.from, iv.to, n, prefer, SeatChoice::BestFit);
        found += !seats.empty();
        benchmark::DoNotOptimize(seats.data());
    }
    state.SetItemsProcessed(state.iterations());
    state.counters["found_ratio"] =
        static_cast<double>(found) / static_cast<double>(state.iterations());
}

// ---- 2. sell + refund pairs through Engine::apply ---------------------------------

enum class SellScenario { WholeRouteEmptyRun, RandomIntervalHalfSold };

// One timed pair, kept out of line for profilers (callgrind --toggle-collect).
[[gnu::noinline]] void sellRefundPair(const Workload& w, Engine& engine, CountingSink& sink,
                                      int& line, std::uint64_t n, SeatInterval iv, Command& sell,
                                      Command& refund) {
    setName(sell.id, 'x', n);
    sell.fingerprint = n;
    sell.from = w.station(iv.from);
    sell.to = w.station(iv.to);
    engine.apply(sell, ++line, sink);
    refund.id = sell.id;
    engine.apply(refund, ++line, sink);
}

void BM_SellRefundPair(benchmark::State& state, SellScenario scenario) {
    const Workload& w = globalWorkload();
    const int segments = w.stopCount() - 1;
    Rng rng(4);
    std::vector<SeatInterval> intervals =
        randomIntervals(4096, 1, segments, w.spec().maxPiece, rng);
    if (scenario == SellScenario::WholeRouteEmptyRun)
        for (auto& iv : intervals)
            iv = SeatInterval{0, 0, static_cast<std::uint8_t>(segments)};

    std::unique_ptr<Engine> engine;
    CountingSink setupSink, sink;
    int line = 0;
    // A fresh engine every kPairsPerEngine pairs (untimed) keeps memory bounded:
    // refunded tickets, sales and ids stay in the engine.
    constexpr std::uint64_t kPairsPerEngine = 1 << 16;
    auto freshEngine = [&] {
        engine = std::make_unique<Engine>();
        line = 0;
        engine->apply(w.trainCommand(), ++line, setupSink);
        if (scenario != SellScenario::RandomIntervalHalfSold) return;
        Command sell;
        sell.op = Op::Sell;
        sell.train = Workload::train();
        sell.date = Workload::date();
        sell.travelClass = Workload::travelClass();
        sell.passengers.resize(1);
        sell.seats.resize(1);
        Command pay;
        pay.op = Op::Pay;
        Rng fill(5);
        int sale = 0;
        for (int seat = 0; seat < w.seatCount(); ++seat) {
            for (int from = 0; from < segments;) {
                const int to = std::min(segments, from + 1 + fill.below(w.spec().maxPiece));
                if (fill.below(2) == 0) {
                    setName(sell.id, 'h', static_cast<std::uint64_t>(++sale));
                    sell.passengers[0] = sell.id;
                    sell.seats[0] = w.seatLabel(seat);
                    sell.from = w.station(from);
                    sell.to = w.station(to);
                    engine->apply(sell, ++line, setupSink);
                    pay.id = sell.id;
                    engine->apply(pay, ++line, setupSink);
                }
                from = to;
            }
        }
    };
    freshEngine();

    Command sell;
    sell.op = Op::Sell;
    sell.train = Workload::train();
    sell.date = Workload::date();
    sell.travelClass = Workload::travelClass();
    sell.passengers = {"张三"};
    Command refund;
    refund.op = Op::Refund;

    std::uint64_t pairs = 0;
    for (auto _ : state) {
        if (pairs != 0 && pairs % kPairsPerEngine == 0) {
            state.PauseTiming();
            freshEngine();
            state.ResumeTiming();
        }
        ++pairs;
        const SeatInterval& iv = intervals[pairs & 4095];
        sellRefundPair(w, *engine, sink, line, pairs, iv, sell, refund);
    }
    state.SetItemsProcessed(state.iterations());
    state.counters["events_per_s"] =
        benchmark::Counter(static_cast<double>(sink.events), benchmark::Counter::kIsRate);
    state.counters["errors"] = static_cast<double>(sink.errors + setupSink.errors);
}

// ---- 3. release with complete matching ----------------------------------------------

void applySetup(const Workload& w, Engine& engine, CountingSink& sink, int& line) {
    auto apply = [&](const Command& c) { engine.apply(c, ++line, sink); };
    w.soldOut(apply);
    w.waitlist(apply);
}

double percentile(std::vector<std::int64_t>& sorted, double p) {
    if (sorted.empty()) return 0;
    const auto i = static_cast<std::size_t>(p * static_cast<double>(sorted.size() - 1) + 0.5);
    return static_cast<double>(sorted[std::min(i, sorted.size() - 1)]);
}

// The timed part of benchmark 3, kept out of line so that profilers can single
// it out (perf report --parent=releaseLoop, callgrind --toggle-collect).
[[gnu::noinline]] Clock::duration releaseLoop(const Workload& w,
                                              const std::vector<SeatInterval>& releases,
                                              Engine& engine, CountingSink& sink, int& line,
                                              std::vector<std::int64_t>& ns) {
    Command release = w.releaseTemplate();
    ns.clear();
    ns.reserve(releases.size());
    Clock::duration total{};
    for (const SeatInterval& iv : releases) {
        w.fillRelease(release, iv);
        const auto t0 = Clock::now();
        engine.apply(release, ++line, sink);
        const auto t1 = Clock::now();
        total += t1 - t0;
        ns.push_back(std::chrono::duration_cast<std::chrono::nanoseconds>(t1 - t0).count());
    }
    return total;
}

void BM_ReleaseWithMatching(benchmark::State& state) {
    const Workload& w = globalWorkload();
    const auto& releases = w.releases();  // the dry run, once, outside the timing
    for (auto _ : state) {
        Engine engine;
        CountingSink setupSink;
        int line = 0;
        applySetup(w, engine, setupSink, line);
        const auto queuedBefore = engine.summary().ordersQueued;

        CountingSink sink;
        std::vector<std::int64_t> ns;
        const double cpu0 = threadCpuSeconds();
        const Clock::duration total = releaseLoop(w, releases, engine, sink, line, ns);
        const double cpu = threadCpuSeconds() - cpu0;
        state.SetIterationTime(seconds(total));

        const std::string broken = engine.checkInvariants();
        if (!broken.empty()) state.SkipWithError(("invariant broken: " + broken).c_str());
        if (setupSink.errors + sink.errors != 0)
            state.SkipWithError("the workload produced error events");

        std::sort(ns.begin(), ns.end());
        const auto n = static_cast<double>(releases.size());
        state.SetItemsProcessed(static_cast<std::int64_t>(releases.size()));
        state.counters["events_per_s"] =
            benchmark::Counter(static_cast<double>(sink.events), benchmark::Counter::kIsRate);
        state.counters["cpu_events_per_s"] = static_cast<double>(sink.events) / cpu;
        state.counters["cpu_releases_per_s"] = n / cpu;
        state.counters["events_per_release"] = static_cast<double>(sink.events) / n;
        state.counters["orders_served"] = static_cast<double>(sink.fulfilled);
        state.counters["queued_before"] = static_cast<double>(queuedBefore);
        state.counters["queued_after"] = static_cast<double>(engine.summary().ordersQueued);
        state.counters["p50_ns"] = percentile(ns, 0.50);
        state.counters["p99_ns"] = percentile(ns, 0.99);
        state.counters["p999_ns"] = percentile(ns, 0.999);
        state.counters["max_ns"] = static_cast<double>(ns.empty() ? 0 : ns.back());
    }
}

// ---- 4. houbu-cli run end to end: Runner::processLine, JSON in and out -------------

void BM_RunnerJsonl(benchmark::State& state) {
    const Workload& w = globalWorkload();
    std::size_t phaseLines[3] = {};
    QByteArray data;
    {
        std::string jsonl;
        w.writeJsonl(jsonl, phaseLines);
        // Through a file in a temporary directory, as houbu-cli reads it.
        std::string dir = (std::filesystem::temp_directory_path() / "houbu-bench-XXXXXX").string();
        if (!mkdtemp(dir.data())) {
            state.SkipWithError("cannot create a temporary directory");
            return;
        }
        const std::string path = dir + "/workload.jsonl";
        std::ofstream(path, std::ios::binary) << jsonl;
        std::ifstream in(path, std::ios::binary);
        const std::string text((std::istreambuf_iterator<char>(in)), {});
        data = QByteArray(text.data(), static_cast<qsizetype>(text.size()));
        std::filesystem::remove_all(dir);
    }
    for (auto _ : state) {
        Runner runner;
        QByteArray out;
        out.reserve(2 << 20);
        std::uint64_t outBytes = 0;
        std::size_t phase = 0, inPhase = 0;
        Clock::duration phaseTime[3] = {};
        int number = 0;
        const double cpu0 = threadCpuSeconds();
        const auto start = Clock::now();
        auto phaseStart = start;
        for (qsizetype begin = 0; begin < data.size();) {
            qsizetype end = data.indexOf('\n', begin);
            if (end < 0) end = data.size();
            runner.processLine(QByteArrayView(data).sliced(begin, end - begin), ++number, out);
            if (out.size() > (1 << 20)) {
                outBytes += static_cast<std::uint64_t>(out.size());
                out.clear();
            }
            begin = end + 1;
            if (phase < 3 && ++inPhase == phaseLines[phase]) {
                const auto now = Clock::now();
                phaseTime[phase++] = now - phaseStart;
                phaseStart = now;
                inPhase = 0;
            }
        }
        outBytes += static_cast<std::uint64_t>(out.size());
        const auto elapsed = Clock::now() - start;
        const double cpu = threadCpuSeconds() - cpu0;
        state.SetIterationTime(seconds(elapsed));
        state.counters["cpu_cmd_per_s"] = number / cpu;

        state.SetItemsProcessed(number);
        state.SetBytesProcessed(data.size());
        state.counters["events_per_s"] = benchmark::Counter(
            static_cast<double>(runner.engine().lastSeq()), benchmark::Counter::kIsRate);
        state.counters["out_MB"] = static_cast<double>(outBytes) / 1e6;
        const char* names[3] = {"sellout_cmd_per_s", "waitlist_cmd_per_s", "release_cmd_per_s"};
        for (int p = 0; p < 3; ++p)
            state.counters[names[p]] =
                static_cast<double>(phaseLines[p]) / std::max(1e-9, seconds(phaseTime[p]));
    }
}

// ---- 5. heap bytes per queued waitlist order --------------------------------------

std::uint64_t heapInUse() {
    const struct mallinfo2 mi = mallinfo2();
    return static_cast<std::uint64_t>(mi.uordblks) + static_cast<std::uint64_t>(mi.hblkhd);
}

void BM_QueuedOrderMemory(benchmark::State& state) {
    const Workload& w = globalWorkload();
    const std::uint64_t nameBytes = w.nameHeapBytes();
    const std::uint64_t passengers = w.passengerCount();
    for (auto _ : state) {
        Engine engine;
        CountingSink sink;
        int line = 0;
        w.soldOut([&](const Command& c) { engine.apply(c, ++line, sink); });
        // The commands are generated on the fly into reused Command objects and the
        // sink only counts: the growth is the engine's.
        const std::uint64_t before = heapInUse();
        w.waitlist([&](const Command& c) { engine.apply(c, ++line, sink); });
        const std::uint64_t after = heapInUse();

        const double orders = static_cast<double>(engine.summary().ordersQueued);
        const double growth = static_cast<double>(after - before);
        if (sink.errors != 0) state.SkipWithError("the workload produced error events");
        if (after <= before)
            state.SkipWithError("mallinfo2() saw no heap growth: is malloc replaced (sanitizer)?");
        state.counters["bytes_per_order"] = (growth - static_cast<double>(nameBytes)) / orders;
        state.counters["queued_orders"] = orders;
        state.counters["heap_growth_MB"] = growth / 1e6;
        state.counters["name_heap_bytes"] = static_cast<double>(nameBytes);
        state.counters["passengers_per_order"] =
            static_cast<double>(passengers) / static_cast<double>(w.spec().orders);
        state.counters["sizeof_Order"] = sizeof(Order);
        state.counters["sizeof_Timer"] = sizeof(Timer);
    }
}

}  // namespace
}  // namespace houbu::bench

using namespace houbu::bench;

BENCHMARK(BM_CheckAndTake_MaskArray);
BENCHMARK(BM_CheckAndTake_SeatArray);
BENCHMARK(BM_CountFree_SoldOut);
BENCHMARK(BM_ChooseSeats_HalfSold)->Arg(1)->Arg(2)->Arg(4);
BENCHMARK_CAPTURE(BM_SellRefundPair, whole_route_empty_run, SellScenario::WholeRouteEmptyRun);
BENCHMARK_CAPTURE(BM_SellRefundPair, random_interval_half_sold,
                  SellScenario::RandomIntervalHalfSold);
BENCHMARK(BM_ReleaseWithMatching)->Iterations(1)->UseManualTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RunnerJsonl)->Iterations(1)->UseManualTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_QueuedOrderMemory)->Iterations(1)->Unit(benchmark::kMillisecond);

namespace {

bool intFlag(const char* arg, const char* name, int& value) {
    const std::size_t n = std::strlen(name);
    if (std::strncmp(arg, name, n) != 0) return false;
    value = std::atoi(arg + n);
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<char*> rest;
    std::string writePath;
    WorkloadSpec& spec = globalSpec();
    for (int i = 0; i < argc; ++i) {
        const char* arg = argv[i];
        if (i > 0 && intFlag(arg, "--houbu_orders=", spec.orders)) continue;
        if (i > 0 && intFlag(arg, "--houbu_releases=", spec.releases)) continue;
        if (i > 0 && std::strncmp(arg, "--houbu_write_jsonl=", 20) == 0) {
            writePath = arg + 20;
            continue;
        }
        rest.push_back(argv[i]);
    }
    if (!writePath.empty()) {
        std::string jsonl;
        const std::size_t lines = globalWorkload().writeJsonl(jsonl);
        std::ofstream out(writePath, std::ios::binary);
        out << jsonl;
        if (!out) {
            std::fprintf(stderr, "cannot write %s\n", writePath.c_str());
            return 2;
        }
        std::printf("%zu\n", lines);
        return 0;
    }
    int n = static_cast<int>(rest.size());
    benchmark::Initialize(&n, rest.data());
    if (benchmark::ReportUnrecognizedArguments(n, rest.data())) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
