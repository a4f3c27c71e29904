// houbu-cli gen and bench, allocation quality, and the seeds' Redis design
// (bench/seed_baseline.h) against a real redis-server started here on loopback.

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <bit>
#include <map>

#include "houbu/codec.h"
#include "houbu/engine.h"
#include "resp.h"
#include "seed_baseline.h"
#include "tools.h"

using namespace houbu;
using namespace houbu::tools;
using namespace Qt::StringLiterals;

namespace {

std::string generated(const GenSpec& spec) {
    std::string out;
    GenStats stats;
    std::string error;
    if (!generate(
            spec, [&](std::string_view s) { out += s; }, stats, error))
        return {};
    return out;
}

GenSpec smallSpec(std::uint64_t seed) {
    GenSpec spec;
    spec.seed = seed;
    spec.runs = 3;
    spec.orders = 2000;
    return spec;
}

QList<QByteArray> lines(const std::string& text) {
    QList<QByteArray> out = QByteArray::fromStdString(text).split('\n');
    if (!out.isEmpty() && out.back().isEmpty()) out.removeLast();
    return out;
}

class Collect : public EventSink {
  public:
    void onEvent(const Event& e) override {
        ++kinds[e.kind];
        if (e.kind == EventKind::Error) ++errors[errorCodeName(e.code)];
        if (e.kind == EventKind::SeatReleased) ++sources[e.reason];
    }
    std::map<EventKind, int> kinds;
    std::map<std::string, int> errors;
    std::map<std::string, int> sources;
};

// A free loopback port (the kernel's choice; released before redis binds it).
int freePort() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) return 0;
    socklen_t len = sizeof a;
    ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
    ::close(fd);
    return ntohs(a.sin_port);
}

}  // namespace

class TestBench : public QObject {
    Q_OBJECT

    QProcess redis_;
    int port_ = 0;

  private slots:
    void initTestCase() {
        // A throwaway redis-server on loopback, no persistence; stopped in cleanup.
        for (int attempt = 0; attempt < 5 && port_ == 0; ++attempt) {
            const int port = freePort();
            redis_.start(u"redis-server"_s,
                         {u"--port"_s, QString::number(port), u"--bind"_s, u"127.0.0.1"_s,
                          u"--save"_s, u""_s, u"--appendonly"_s, u"no"_s});
            QVERIFY2(redis_.waitForStarted(5000),
                     "redis-server cannot be started: run scripts/install-deps.sh");
            for (int i = 0; i < 100; ++i) {
                bench::RespClient probe;
                std::string error;
                if (probe.connect("127.0.0.1", port, error) &&
                    probe.call({"PING"}).text == "PONG") {
                    port_ = port;
                    break;
                }
                if (redis_.state() != QProcess::Running) break;
                QTest::qWait(50);
            }
            if (port_ == 0) {
                redis_.kill();
                redis_.waitForFinished(5000);
            }
        }
        QVERIFY2(port_ != 0, "redis-server did not answer on loopback");
    }

    void cleanupTestCase() {
        if (redis_.state() == QProcess::Running) {
            redis_.terminate();
            if (!redis_.waitForFinished(5000)) redis_.kill();
        }
    }

    void genIsDeterministicBySeed() {
        const std::string a = generated(smallSpec(7));
        const std::string b = generated(smallSpec(7));
        const std::string c = generated(smallSpec(8));
        QVERIFY(!a.empty());
        QVERIFY(a == b);
        QVERIFY(a != c);
        GenSpec bad = smallSpec(1);
        bad.stopsMax = 65;
        GenStats stats;
        std::string error;
        QVERIFY(!generate(
            bad, [](std::string_view) {}, stats, error));
        QVERIFY(!error.empty());
    }

    // --v2 keeps the version-1 part of the day as it was, adds version 2's
    // commands, and every one of its rules is met on the generated day.
    void genVersionTwoAddsItsTraffic() {
        GenSpec spec = smallSpec(5);
        spec.runs = 30;  // at least one added run (a run per 25)
        spec.seatsMin = 150;
        spec.seatsMax = 250;
        spec.orders = 6000;
        const std::string plain = generated(spec);
        spec.version2 = true;
        const std::string text = generated(spec);
        QVERIFY(!text.empty() && text != plain);
        const std::string header = plain.substr(0, plain.find('\n')) + " --v2\n";
        QVERIFY(text.compare(0, header.size(), header) == 0);
        Engine engine;
        Collect sink;
        std::map<Op, int> ops;
        int number = 0, acceptStanding = 0, acceptNewTrains = 0, standingSales = 0, added = 0;
        for (const QByteArray& line : lines(text)) {
            ++number;
            const ParsedLine p = parseCommandLine(line);
            if (p.skip) continue;
            QVERIFY2(p.command, qPrintable(p.error));
            const Command& c = *p.command;
            ++ops[c.op];
            acceptStanding += c.acceptStanding;
            acceptNewTrains += c.newTrains.has_value();
            standingSales += c.standing;
            added += c.added;
            engine.apply(c, number, sink);
        }
        QCOMPARE(ops[Op::Configure], 1);
        QVERIFY(ops[Op::WaitlistCap] >= 1);
        QCOMPARE(added, 1);
        QVERIFY(acceptStanding > 0 && acceptNewTrains > 0 && standingSales > 0);
        QVERIFY(engine.checkInvariants().empty());
        static const EventKind kSeen[] = {EventKind::OptionAdded, EventKind::Configured,
                                          EventKind::WaitlistCapped, EventKind::WaitlistFulfilled};
        for (EventKind kind : kSeen)
            QVERIFY2(sink.kinds[kind] > 0, eventName(kind));
        // Refused only where the day means it: sold-out standing, a full cap,
        // a passenger already served, and the pay or prepay that follows.
        for (const auto& [code, n] : sink.errors)
            QVERIFY2(code == "sold_out" || code == "waitlist_full" ||
                         code == "passenger_conflict" || code == "unknown_sale" ||
                         code == "unknown_order",
                     code.c_str());
    }

    void genRunsCleanWithTheStatedMix() {
        GenSpec spec = smallSpec(3);
        GenStats stats;
        std::string text, error;
        QVERIFY(generate(
            spec, [&](std::string_view s) { text += s; }, stats, error));
        Engine engine;
        Collect sink;
        int number = 0, waitlists = 0, runs = 0;
        std::map<std::string, int> perInterval;
        std::map<int, int> groups, options;
        for (const QByteArray& line : lines(text)) {
            ++number;
            const ParsedLine p = parseCommandLine(line);
            if (p.skip) continue;
            QVERIFY2(p.command, qPrintable(p.error));
            const Command& c = *p.command;
            if (c.op == Op::Waitlist) {
                ++waitlists;
                ++groups[static_cast<int>(c.passengers.size())];
                ++options[static_cast<int>(c.options.size())];
                ++perInterval[c.from + ">" + c.to];
            }
            if (c.op == Op::Train && c.date == "2024-02-08") {
                ++runs;
                QVERIFY(c.stops.size() >= 10 && c.stops.size() <= 40);
                int seats = 0;
                for (const CarSpec& car : c.cars)
                    seats += car.rows * static_cast<int>(car.layout.size());
                QVERIFY2(seats >= 570 && seats <= 1230, qPrintable(QString::number(seats)));
            }
            engine.apply(c, number, sink);
        }
        QCOMPARE(runs, spec.runs);
        QCOMPARE(waitlists, spec.orders);
        QVERIFY2(sink.errors.empty(),
                 qPrintable(QString::fromStdString(sink.errors.begin()->first)));
        QVERIFY(engine.checkInvariants().empty());
        QCOMPARE(groups.size(), std::size_t{5});
        QCOMPARE(groups.begin()->first, 1);
        QCOMPARE(groups.rbegin()->first, 5);
        QVERIFY(options.begin()->first == 1 && options.rbegin()->first <= 5);
        QVERIFY(options.size() >= 3);
        QVERIFY(sink.kinds[EventKind::WaitlistFulfilled] > 0);

        // Releases in the seeds' mix (shares of released seat intervals).
        double total = 0;
        for (const auto& [source, n] : sink.sources)
            total += n;
        QVERIFY(total > 300);
        auto share = [&](const char* s) { return sink.sources[s] / total; };
        QVERIFY2(std::abs(share("refund") - 0.40) < 0.05,
                 qPrintable(QString::number(share("refund"))));
        QVERIFY2(std::abs(share("timeout") - 0.35) < 0.05,
                 qPrintable(QString::number(share("timeout"))));
        QVERIFY2(std::abs(share("reschedule") - 0.15) < 0.04,
                 qPrintable(QString::number(share("reschedule"))));
        QVERIFY2(std::abs(share("extra_car") - 0.10) < 0.04,
                 qPrintable(QString::number(share("extra_car"))));

        // Zipf popularity: the most asked interval far above the median one.
        std::vector<int> counts;
        for (const auto& [k, n] : perInterval)
            counts.push_back(n);
        std::sort(counts.begin(), counts.end());
        QVERIFY(counts.back() >= 10 * counts[counts.size() / 2]);
    }

    void qualityHandExample() {
        // 2 seats, stops 0-1-2; requests 0-1, 1-2, 0-2 (load 2 on both segments).
        const std::vector<QualityRequest> r{{0, 1}, {1, 2}, {0, 2}};
        const QualityResult best = runQuality(2, 3, r, SeatChoice::BestFit);
        const QualityResult first = runQuality(2, 3, r, SeatChoice::FirstFit);
        const QualityResult worst = runQuality(2, 3, r, SeatChoice::WorstFit);
        QCOMPARE(best.requests, 3);
        QCOMPARE(best.accepted, 3);
        QCOMPARE(first.accepted, 3);
        QCOMPARE(best.fragmented, 0);
        // Worst-fit puts 1-2 on the empty seat; 0-2 then finds a free seat on each
        // segment but none over both: one refusal, caused by fragmentation.
        QCOMPARE(worst.accepted, 2);
        QCOMPARE(worst.fragmented, 1);
        QCOMPARE(worst.load, 1.0);
    }

    // 同车换座: 2 seats, stops 0-1-2-3. Best-fit puts 0-1 and 2-3 on seat A and
    // 0-2 on B, leaving A free over 1-2 and B over 2-3: 1-3 fits no whole
    // seat, but A then B with one change at stop 2.
    void qualityWithSeatChanges() {
        const std::vector<QualityRequest> r{{0, 1}, {2, 3}, {0, 2}, {1, 3}};
        const QualityResult none = runQuality(2, 4, r, SeatChoice::BestFit);
        const QualityResult asOrders = runQuality(2, 4, r, SeatChoice::BestFit, 0);
        const QualityResult one = runQuality(2, 4, r, SeatChoice::BestFit, 1);
        QCOMPARE(none.accepted, 3);
        QCOMPARE(none.fragmented, 1);
        QCOMPARE(asOrders.accepted, 3);  // waitlist orders choose seats as sales do
        QCOMPARE(one.accepted, 4);
        QCOMPARE(one.fragmented, 0);
        QCOMPARE(offlineOptimum(2, 4, r), 4);
    }

    // The offline optimum against every subset of small request sets.
    void offlineOptimumIsExact() {
        Rng rng(5);
        for (int trial = 0; trial < 400; ++trial) {
            const int seats = rng.between(1, 3), stops = rng.between(3, 6);
            std::vector<QualityRequest> r(static_cast<std::size_t>(rng.between(1, 11)));
            for (QualityRequest& q : r) {
                q.from = rng.below(stops - 1);
                q.to = rng.between(q.from + 1, stops - 1);
            }
            int best = 0;
            for (unsigned subset = 0; subset < (1u << r.size()); ++subset) {
                std::vector<int> load(static_cast<std::size_t>(stops - 1), 0);
                bool fits = true;
                for (std::size_t i = 0; i < r.size(); ++i)
                    if (subset >> i & 1)
                        for (int g = r[i].from; g < r[i].to; ++g)
                            fits &= ++load[static_cast<std::size_t>(g)] <= seats;
                if (fits) best = std::max(best, std::popcount(subset));
            }
            QCOMPARE(offlineOptimum(seats, stops, r), best);
        }
    }

    void feasibleStreamsAreFeasible() {
        Rng rng(11);
        for (double fill : {0.6, 1.0}) {
            std::vector<QualityRequest> s = feasibleStream(30, 12, fill, 5, rng);
            std::vector<int> load(11, 0);
            for (const auto& q : s)
                for (int g = q.from; g < q.to; ++g)
                    ++load[static_cast<std::size_t>(g)];
            QVERIFY(*std::max_element(load.begin(), load.end()) <= 30);
            // Offline first-fit in start order seats everyone.
            std::stable_sort(s.begin(), s.end(), [](auto& a, auto& b) { return a.from < b.from; });
            const QualityResult off = runQuality(30, 12, s, SeatChoice::FirstFit);
            QCOMPARE(off.accepted, off.requests);
        }
    }

    void redisBaselineAllocatesValidly() {
        GenSpec spec = smallSpec(5);
        spec.runs = 2;
        spec.orders = 1500;
        const std::string text = generated(spec);
        QVERIFY(!text.empty());
        bench::RespClient redis;
        std::string error;
        QVERIFY2(redis.connect("127.0.0.1", port_, error), error.c_str());
        bench::SeedBaseline baseline(redis);
        QVERIFY2(baseline.prepare(error), error.c_str());
        Engine engine;
        Collect sink;
        int number = 0;
        for (const QByteArray& line : lines(text)) {
            ++number;
            const ParsedLine p = parseCommandLine(line);
            if (!p.command) continue;
            baseline.apply(*p.command);
            engine.apply(*p.command, number, sink);
        }
        QVERIFY(!redis.failed());
        const auto problems = baseline.validate();
        QVERIFY2(problems.empty(), problems.empty() ? "" : problems.front().c_str());
        const auto& s = baseline.stats();
        QCOMPARE(s.failedCommands, 0);
        QVERIFY(s.ordersServed > 0);
        QVERIFY(s.releases >= 250);
        // Houbu leaves no order waiting that a seat could serve; the baseline only
        // serves on a release, ten candidates per queue: it cannot serve more.
        QVERIFY(sink.kinds[EventKind::WaitlistFulfilled] >= s.ordersServed);
        QCOMPARE(redis.call({"EXISTS", "lock:G1001:2024-02-08:03-01A:S01:S02"}).integer, 0);

        // The check finds a bitmap changed behind the records' back.
        const bench::Reply keys = redis.call({"KEYS", "train:*"});
        QVERIFY(!keys.elements.empty());
        const std::string key = keys.elements.front().text;
        const std::int64_t bit = redis.call({"GETBIT", key, "0"}).integer;
        redis.call({"SETBIT", key, "0", bit ? "0" : "1"});
        QVERIFY(!baseline.validate().empty());
    }

    void benchJson() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(u"w.jsonl"_s);
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            GenSpec spec = smallSpec(2);
            spec.runs = 2;
            spec.orders = 1000;
            const std::string text = generated(spec);
            QVERIFY(f.write(text.data(), static_cast<qint64>(text.size())) ==
                    static_cast<qint64>(text.size()));
        }
        QProcess p;
        p.start(QStringLiteral(HOUBU_CLI_PATH),
                {u"bench"_s, path, u"--json"_s, u"--target"_s, u"memory"_s, u"--target"_s,
                 u"sqlite"_s, u"--group"_s, u"64"_s});
        QVERIFY(p.waitForFinished(240000));
        QCOMPARE(p.exitCode(), 0);
        QJsonParseError perr;
        const QJsonDocument doc = QJsonDocument::fromJson(p.readAllStandardOutput(), &perr);
        QVERIFY2(perr.error == QJsonParseError::NoError, qPrintable(perr.errorString()));
        const QJsonObject root = doc.object();
        QVERIFY(root[u"workload"].toObject()[u"commands"].toInteger() > 1000);
        const QJsonArray targets = root[u"targets"].toArray();
        QCOMPARE(targets.size(), 2);
        const QJsonObject mem = targets[0].toObject(), sql = targets[1].toObject();
        QCOMPARE(mem[u"target"].toString(), u"memory"_s);
        QCOMPARE(sql[u"backend"].toString(), u"SQLite"_s);
        QCOMPARE(mem[u"invariants"].toString(), u"ok"_s);
        for (const QJsonObject& t : {mem, sql}) {
            for (const char* field : {"commands", "seconds", "cpu_seconds", "commands_per_s",
                                      "peak_rss_bytes", "served", "errors", "kinds", "events"})
                QVERIFY2(t.contains(QLatin1String(field)), field);
            QVERIFY(t[u"commands_per_s"].toDouble() > 0);
            QVERIFY(t[u"peak_rss_bytes"].toDouble() > 0);
            QVERIFY(t[u"errors"].toObject().isEmpty());
            QStringList kinds;
            for (const auto& k : t[u"kinds"].toArray()) {
                const QJsonObject o = k.toObject();
                kinds << o[u"kind"].toString();
                QVERIFY(o[u"count"].toInteger() > 0);
                QVERIFY(o[u"p50_us"].toDouble() <= o[u"p99_us"].toDouble());
                QVERIFY(o[u"p99_us"].toDouble() <= o[u"p999_us"].toDouble());
                QVERIFY(o[u"p999_us"].toDouble() <= o[u"max_us"].toDouble());
            }
            for (const char* k : {"waitlist", "prepay", "refund", "reschedule", "sell", "pay"})
                QVERIFY2(kinds.contains(QLatin1String(k)), k);
        }
        // Same commands, same engine: the store serves exactly what memory serves.
        QCOMPARE(sql[u"served"].toInteger(), mem[u"served"].toInteger());
        QCOMPARE(sql[u"events"].toInteger(), mem[u"events"].toInteger());
        QVERIFY(mem[u"served"].toInteger() > 0);
    }

    // bench counts version 2's events by kind, in memory and on a store alike,
    // as many as the engine emits.
    void benchCountsVersion2Events() {
        GenSpec spec = smallSpec(5);
        spec.runs = 30;  // at least one added run (a run per 25)
        spec.seatsMin = 150;
        spec.seatsMax = 250;
        spec.orders = 6000;
        spec.version2 = true;
        const std::string text = generated(spec);
        Engine engine;
        Collect sink;
        int number = 0, standingHeld = 0, standingServed = 0;
        struct Standing : EventSink {
            int* held;
            int* served;
            EventSink* next;
            void onEvent(const Event& e) override {
                if (e.kind == EventKind::TicketHeld && e.standing) ++*held;
                if (e.kind == EventKind::WaitlistFulfilled && !e.tickets.empty() &&
                    e.tickets.front().standing)
                    ++*served;
                next->onEvent(e);
            }
        } standing;
        standing.held = &standingHeld;
        standing.served = &standingServed;
        standing.next = &sink;
        for (const QByteArray& line : lines(text)) {
            ++number;
            const ParsedLine parsed = parseCommandLine(line);
            if (parsed.skip || !parsed.command) continue;
            engine.apply(*parsed.command, number, standing);
        }
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(u"v2.jsonl"_s);
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            QVERIFY(f.write(text.data(), static_cast<qint64>(text.size())) ==
                    static_cast<qint64>(text.size()));
        }
        QProcess p;
        p.start(QStringLiteral(HOUBU_CLI_PATH), {u"bench"_s, path, u"--json"_s, u"--target"_s,
                                                 u"memory"_s, u"--target"_s, u"sqlite"_s});
        QVERIFY(p.waitForFinished(240000));
        QCOMPARE(p.exitCode(), 0);
        const QJsonArray targets =
            QJsonDocument::fromJson(p.readAllStandardOutput()).object()[u"targets"].toArray();
        QCOMPARE(targets.size(), 2);
        const std::pair<const char*, int> expected[] = {
            {"option_added", sink.kinds[EventKind::OptionAdded]},
            {"waitlist_failed", sink.kinds[EventKind::WaitlistFailed]},
            {"configured", sink.kinds[EventKind::Configured]},
            {"waitlist_capped", sink.kinds[EventKind::WaitlistCapped]},
            {"ticket_held standing", standingHeld},
            {"waitlist_fulfilled standing", standingServed}};
        QVERIFY(sink.kinds[EventKind::OptionAdded] > 0 && standingHeld > 0);
        for (const auto& t : targets) {
            const QJsonObject v2 = t.toObject()[u"v2_events"].toObject();
            for (const auto& [kind, n] : expected)
                QVERIFY2(
                    v2.value(QLatin1String(kind)).toInteger() == n,
                    qPrintable(t.toObject()[u"target"].toString() + u' ' + QLatin1String(kind)));
        }
    }
};

QTEST_GUILESS_MAIN(TestBench)
#include "tst_bench.moc"
