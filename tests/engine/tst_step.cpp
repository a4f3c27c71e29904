// Step mode equals run mode: every command of every scenario in tests/scenarios
// and of generated random inputs is applied twice, once with Engine::apply()
// and once with Engine::applyStepwise() one decision at a time, stepping back
// now and then as the console does (Engine::undo to the mark taken before the
// command, which must give back the snapshot taken there; re-apply the
// decisions but the last) and forward again. The events must be byte-identical,
// the snapshots equal, every step must emit the decision it announced, and a
// decision reached again after Back must be the same decision.

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>
#include <random>
#include <utility>

#include "houbu/codec.h"
#include "houbu/step.h"

using namespace houbu;

namespace {

struct Collect : EventSink {
    QList<QByteArray> lines;
    void onEvent(const Event& e) override { lines << encodeEvent(e); }
};

QString describe(const StepDecision& d) {
    QString s = QString::fromStdString(d.order) +
                (d.kind == StepDecision::Kind::Serve ? QStringLiteral(" serve ")
                                                     : QStringLiteral(" skip ")) +
                QString::fromStdString(d.train + ' ' + d.travelClass) +
                QStringLiteral(" %1-%2 free %3 ").arg(d.from).arg(d.to).arg(d.freeSeats) +
                QString::fromStdString(d.reason);
    for (const auto& seat : d.seats)
        s += QLatin1Char(' ') + QString::fromStdString(seat);
    return s;
}

// A small crowded world: two runs (complete and exact), short holds, waitlists
// with prepayment, refunds, operator releases, blocks, added cars, clock jumps.
class Generator {
  public:
    explicit Generator(quint64 seed) : rng_(seed) {}

    QList<QByteArray> make(int commands) {
        QList<QByteArray> out;
        out << train("G1", "complete") << train("G3", "exact");
        for (int i = 0; i < commands; ++i)
            out << next();
        return out;
    }

  private:
    static QByteArray train(const char* name, const char* policy) {
        return QByteArray(R"({"op":"train","at":"2024-03-01T06:00","train":")") + name +
               R"(","date":"2024-03-20","policy":")" + policy +
               R"(","hold_minutes":20,"stops":[{"station":"A","km":0,"dep":"08:00"},)"
               R"({"station":"B","km":50,"arr":"08:30","dep":"08:32"},{"station":"C","km":120,"arr":"09:10","dep":"09:12"},)"
               R"({"station":"D","km":200,"arr":"10:00","dep":"10:02"},{"station":"E","km":260,"arr":"10:40"}],)"
               R"("cars":[{"car":1,"class":"first","rows":1,"layout":"AC"},{"car":2,"class":"second","rows":2,"layout":"ABC"}],)"
               R"("fares":{"first":0.8,"second":0.5}})";
    }
    int range(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
    QByteArray at() {
        minutes_ += range(0, 6);
        const int day = 1 + minutes_ / 1440, h = minutes_ % 1440 / 60, m = minutes_ % 60;
        char buf[40];
        std::snprintf(buf, sizeof buf, "\"at\":\"2024-03-%02dT%02d:%02d\"", day, h, m);
        return buf;
    }
    QByteArray interval() {
        static const char* st[] = {"A", "B", "C", "D", "E"};
        const int f = range(0, 3), t = range(f + 1, 4);
        return QByteArray(R"("from":")") + st[f] + R"(","to":")" + st[t] + '"';
    }
    QByteArray run() {
        return range(0, 3) == 0 ? R"("train":"G3","date":"2024-03-20")"
                                : R"("train":"G1","date":"2024-03-20")";
    }
    QByteArray cls() { return range(0, 2) == 0 ? R"("class":"first")" : R"("class":"second")"; }
    QByteArray passengers(int n) {
        QByteArray p = R"("passengers":[)";
        for (int i = 0; i < n; ++i)
            p += (i ? ",\"P" : "\"P") + QByteArray::number(++people_) + '"';
        return p + ']';
    }
    // Mostly one of the latest few, sometimes any.
    QByteArray pick(const char* prefix, int count) {
        const int lo = range(0, 3) == 0 ? 1 : std::max(1, count - 2);
        return prefix + QByteArray::number(count > 0 ? range(lo, count) : 1);
    }
    QByteArray next() {
        if (!followUp_.isEmpty()) return std::exchange(followUp_, QByteArray());
        const int r = range(0, 99);
        if (r < 18) {
            return "{\"op\":\"sell\"," + at() + R"(,"id":"s)" + QByteArray::number(++sales_) +
                   "\"," + run() + ',' + interval() + ',' + cls() + ',' + passengers(range(1, 2)) +
                   '}';
        }
        if (r < 22) return "{\"op\":\"pay\"," + at() + R"(,"id":")" + pick("s", sales_) + "\"}";
        if (r < 44) return "{\"op\":\"refund\"," + at() + R"(,"id":")" + pick("s", sales_) + "\"}";
        if (r < 47)
            return "{\"op\":\"refund\"," + at() + R"(,"ticket":")" + pick("s", sales_) + ".1\"}";
        if (r < 66) {
            const QByteArray id = "w" + QByteArray::number(++orders_);
            const QByteArray first = run(), firstClass = cls();
            QByteArray options = "[{" + first + ',' + firstClass + '}';
            if (range(0, 2) == 0) {
                const QByteArray second = run(), secondClass = cls();
                if (second != first || secondClass != firstClass)
                    options += ",{" + second + ',' + secondClass + '}';
            }
            const QByteArray when = at();
            if (range(0, 5) > 0)
                followUp_ = "{\"op\":\"prepay\"," + at() + R"(,"id":")" + id + "\"}";
            return "{\"op\":\"waitlist\"," + when + R"(,"id":")" + id + R"(","user":"u)" +
                   QByteArray::number(range(1, 30)) + "\"," + passengers(range(1, 3)) + ',' +
                   interval() + R"(,"options":)" + options + "]}";
        }
        if (r < 80) return "{\"op\":\"prepay\"," + at() + R"(,"id":")" + pick("w", orders_) + "\"}";
        if (r < 83) return "{\"op\":\"cancel\"," + at() + R"(,"id":")" + pick("w", orders_) + "\"}";
        if (r < 88) {
            static const char* seats[] = {"01-01A", "01-01C", "02-01A", "02-01B",
                                          "02-01C", "02-02A", "02-02B", "02-02C"};
            return "{\"op\":\"release\"," + at() + ',' + run() + R"(,"seat":")" +
                   seats[range(0, 7)] + "\"," + interval() + R"(,"reason":"refund"})";
        }
        if (r < 91)
            return "{\"op\":\"block\"," + at() + R"(,"id":")" + "b" +
                   QByteArray::number(++blocks_) + "\"," + run() + ',' + interval() + ',' + cls() +
                   R"(,"count":)" + QByteArray::number(range(1, 2)) + '}';
        if (r < 93)
            return "{\"op\":\"release\"," + at() + R"(,"id":")" + pick("b", blocks_) + "\"}";
        if (r < 95)
            return "{\"op\":\"add_car\"," + at() + ',' + run() + R"(,"car":)" +
                   QByteArray::number(++cars_ + 2) + ',' + cls() + R"(,"rows":1,"layout":"AB"})";
        minutes_ += range(5, 40);
        return "{\"op\":\"advance\"," + at() + '}';
    }

    std::mt19937_64 rng_;
    int minutes_ = 8 * 60;
    QByteArray followUp_;
    int people_ = 0, sales_ = 0, orders_ = 0, blocks_ = 0, cars_ = 0;
};

struct Totals {
    int commands = 0;
    int decisions = 0;
    int backs = 0;
};

// Applies `lines` both ways and compares. `rng` decides when to step back.
void compare(const QList<QByteArray>& lines, EngineOptions options, std::mt19937_64& rng,
             Totals& totals) {
    auto reference = std::make_unique<Engine>(options);
    auto stepped = std::make_unique<Engine>(options);
    int number = 0;
    for (const QByteArray& raw : lines) {
        ++number;
        const ParsedLine parsed = parseCommandLine(raw);
        if (parsed.skip) continue;
        Collect want, got;
        if (!parsed.command) {
            reference->rejectMalformed(number, "bad", want);
            stepped->rejectMalformed(number, "bad", got);
            QCOMPARE(got.lines, want.lines);
            continue;
        }
        ++totals.commands;
        reference->apply(*parsed.command, number, want);

        const std::string before = stepped->snapshot();
        stepped->mark();
        auto run = stepped->applyStepwise(*parsed.command, number, got);
        std::vector<QString> seen;  // decision k as first reached
        while (!run->done()) {
            const StepDecision d = run->pending();
            const QString text = describe(d);
            const std::size_t k = run->applied();
            if (k < seen.size()) {
                QCOMPARE(text, seen[k]);  // reached again after Back
            } else {
                seen.push_back(text);
            }
            // The candidates are in queue order and include the decided order,
            // unless the pass is a new order that fits nowhere.
            const auto candidates = run->candidates();
            bool found = false;
            for (const auto& c : candidates)
                found = found || c.order == d.order;
            QVERIFY2(found, qPrintable(text));

            if (k > 0 && std::uniform_int_distribution<int>(0, 2)(rng) == 0) {
                // Back: the command taken back in place, then k-1 decisions again.
                ++totals.backs;
                QVERIFY(stepped->undo());
                run.reset();
                QVERIFY2(stepped->snapshot() == before, raw.constData());
                QCOMPARE(stepped->checkInvariants(), std::string());
                stepped->mark();
                got.lines.clear();
                run = stepped->applyStepwise(*parsed.command, number, got);
                for (std::size_t i = 0; i + 1 < k; ++i)
                    run->step();
                QCOMPARE(run->applied(), k - 1);
                QCOMPARE(describe(run->pending()), seen[k - 1]);
                continue;
            }
            const qsizetype firstNew = got.lines.size();
            run->step();
            ++totals.decisions;
            if (options.trace) {
                // The step's first event is the trace event for the announced decision.
                QVERIFY(got.lines.size() > firstNew);
                const QJsonObject e = QJsonDocument::fromJson(got.lines[firstNew]).object();
                QCOMPARE(e.value(QLatin1String("event")).toString(),
                         d.kind == StepDecision::Kind::Skip ? QStringLiteral("match_skipped")
                                                            : QStringLiteral("match_considered"));
                QCOMPARE(e.value(QLatin1String("id")).toString(), QString::fromStdString(d.order));
                QCOMPARE(e.value(QLatin1String("reason")).toString(),
                         QString::fromStdString(d.reason));
            }
        }
        run.reset();
        stepped->dropMarks();
        if (got.lines != want.lines) {
            qWarning("line %d: %s", number, raw.constData());
            QCOMPARE(got.lines.join('\n'), want.lines.join('\n'));
        }
        QVERIFY2(stepped->snapshot() == reference->snapshot(), raw.constData());
        QCOMPARE(stepped->checkInvariants(), std::string());
    }
}

EngineOptions optionsOf(const QByteArray& text, bool trace) {
    EngineOptions o;
    o.trace = trace;
    const QByteArray first = text.left(text.indexOf('\n'));
    if (first.startsWith("# options:")) {
        if (first.contains("--trace")) o.trace = true;
        if (first.contains("--policy exact")) o.defaultPolicy = Policy::Exact;
        if (first.contains("--seat-choice first-fit")) o.seatChoice = SeatChoice::FirstFit;
    }
    return o;
}

}  // namespace

class TestStep : public QObject {
    Q_OBJECT

  private slots:
    void scenarios_data() {
        QTest::addColumn<QString>("path");
        QTest::addColumn<bool>("trace");
        const QDir dir(QStringLiteral(HOUBU_SOURCE_DIR "/tests/scenarios"));
        const auto files = dir.entryInfoList({QStringLiteral("*.jsonl")}, QDir::Files, QDir::Name);
        int rows = 0;
        for (const QFileInfo& f : files) {
            if (f.fileName().endsWith(QLatin1String(".expected.jsonl"))) continue;
            for (bool trace : {true, false}) {
                QTest::newRow(qPrintable(
                    f.baseName() + (trace ? QStringLiteral("/trace") : QStringLiteral("/plain"))))
                    << f.filePath() << trace;
                ++rows;
            }
        }
        QVERIFY(rows >= 24);
    }
    void scenarios() {
        QFETCH(QString, path);
        QFETCH(bool, trace);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        std::mt19937_64 rng(qHash(path));
        Totals totals;
        compare(text.split('\n'), optionsOf(text, trace), rng, totals);
        QVERIFY(totals.commands > 0);
    }

    void randomized_data() {
        QTest::addColumn<quint64>("seed");
        QTest::addColumn<bool>("trace");
        for (quint64 seed = 1; seed <= 8; ++seed)
            QTest::newRow(qPrintable(QStringLiteral("seed %1").arg(seed)))
                << seed << (seed % 3 != 0);
    }
    void randomized() {
        QFETCH(quint64, seed);
        QFETCH(bool, trace);
        std::mt19937_64 rng(seed * 7919);
        Totals totals;
        Generator g(seed);
        EngineOptions options;
        options.trace = trace;
        const QList<QByteArray> input = g.make(400);
        if (qEnvironmentVariableIsSet("HOUBU_STEP_DUMP")) {
            QFile dump(qEnvironmentVariable("HOUBU_STEP_DUMP"));
            if (dump.open(QIODevice::WriteOnly)) dump.write(input.join('\n') + '\n');
        }
        compare(input, options, rng, totals);
        // The generated world must really exercise matching and Back.
        // (Without tracing only serves are decisions, and Back needs two in one command.)
        QVERIFY2(totals.decisions > (trace ? 30 : 10),
                 qPrintable(QString::number(totals.decisions)));
        if (trace) QVERIFY2(totals.backs > 3, qPrintable(QString::number(totals.backs)));
        qInfo("seed %llu: %d commands, %d decisions stepped, %d backs", seed, totals.commands,
              totals.decisions, totals.backs);
    }

    // Engine::setTraceSink: the stream keeps an untraced run's bytes, and the
    // sink gets exactly the traced run's match trace, each event numbered after
    // the stream's event it follows.
    void traceSinkKeepsTheStream_data() {
        QTest::addColumn<QList<QByteArray>>("input");
        const QDir dir(QStringLiteral(HOUBU_SOURCE_DIR "/tests/scenarios"));
        for (const QFileInfo& f : dir.entryInfoList({QStringLiteral("*.jsonl")}, QDir::Files)) {
            if (f.fileName().endsWith(QLatin1String(".expected.jsonl"))) continue;
            QFile file(f.filePath());
            QVERIFY(file.open(QIODevice::ReadOnly));
            QTest::newRow(qPrintable(f.baseName())) << file.readAll().split('\n');
        }
        for (quint64 seed = 1; seed <= 3; ++seed)
            QTest::newRow(qPrintable(QStringLiteral("seed %1").arg(seed)))
                << Generator(seed).make(400);
    }
    void traceSinkKeepsTheStream() {
        QFETCH(QList<QByteArray>, input);
        EngineOptions plainOptions = optionsOf(input.join('\n'), false);
        plainOptions.trace = false;
        EngineOptions tracedOptions = plainOptions;
        tracedOptions.trace = true;
        Engine plain(plainOptions), traced(tracedOptions), sunk(plainOptions);
        Collect plainOut, tracedOut, sunkOut, trace;
        sunk.setTraceSink(&trace);
        int number = 0, traces = 0;
        for (const QByteArray& raw : input) {
            ++number;
            const ParsedLine parsed = parseCommandLine(raw);
            if (!parsed.command) continue;
            const qsizetype streamBefore = sunkOut.lines.size();
            const qsizetype traceBefore = trace.lines.size();
            plain.apply(*parsed.command, number, plainOut);
            traced.apply(*parsed.command, number, tracedOut);
            sunk.apply(*parsed.command, number, sunkOut);
            QCOMPARE(sunkOut.lines, plainOut.lines);
            // This command's trace, in order, as the traced run emitted it.
            QList<QJsonObject> want, got;
            for (const QByteArray& l : tracedOut.lines) {
                QJsonObject o = QJsonDocument::fromJson(l).object();
                const QString kind = o.value(QLatin1String("event")).toString();
                if (kind != QLatin1String("match_considered") &&
                    kind != QLatin1String("match_skipped"))
                    continue;
                o.remove(QLatin1String("seq"));
                want << o;
            }
            tracedOut.lines.clear();
            qint64 lastStreamSeq = streamBefore > 0
                                       ? QJsonDocument::fromJson(sunkOut.lines[streamBefore - 1])
                                             .object()
                                             .value(QLatin1String("seq"))
                                             .toInteger()
                                       : 0;
            const qint64 firstSeq = lastStreamSeq;
            for (qsizetype i = traceBefore; i < trace.lines.size(); ++i) {
                QJsonObject o = QJsonDocument::fromJson(trace.lines[i]).object();
                const qint64 seq = o.value(QLatin1String("seq")).toInteger();
                // After an event of this command, never before one seen already.
                QVERIFY2(seq > firstSeq && seq >= lastStreamSeq, raw.constData());
                QVERIFY(seq <= qint64(sunk.lastSeq()));
                lastStreamSeq = seq;
                o.remove(QLatin1String("seq"));
                got << o;
                ++traces;
            }
            QCOMPARE(got, want);
        }
        QVERIFY(plain.snapshot() == sunk.snapshot());
        qInfo("%d trace events beside the stream", traces);
    }

    // The step machine cannot leave the engine half-way: destroying a StepRun,
    // or applying another command, finishes the pass first.
    void unfinishedRunsAreFinished() {
        const QByteArray path(HOUBU_SOURCE_DIR "/tests/scenarios/overlapping_queues_race.jsonl");
        QFile f(QString::fromUtf8(path));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QList<ParsedLine> commands;
        for (const QByteArray& l : f.readAll().split('\n')) {
            ParsedLine p = parseCommandLine(l);
            if (p.command) commands << p;
        }
        EngineOptions o;
        o.trace = true;
        Engine a(o), b(o);
        Collect ea, eb;
        int n = 0;
        std::vector<int> pausing;  // commands that stop at a decision
        for (const ParsedLine& p : commands) {
            ++n;
            a.apply(*p.command, n, ea);
            // Dropped at once: the destructor finishes the pass.
            if (!b.applyStepwise(*p.command, n, eb)->done()) pausing.push_back(n);
        }
        QVERIFY(pausing.size() >= 2);
        QCOMPARE(eb.lines, ea.lines);

        // Kept alive and left pending, up to the last command that stops: each run is
        // settled by the command after it, the last one by a command of its own.
        Engine c(o), d(o);
        Collect ec, ed;
        for (int k = 1; k <= pausing.back(); ++k) {
            d.apply(*commands[k - 1].command, k, ed);
            held_.push_back(c.applyStepwise(*commands[k - 1].command, k, ec));
        }
        for (std::size_t i = 0; i + 1 < held_.size(); ++i)
            QVERIFY(held_[i]->done());
        QVERIFY(!held_.back()->done());
        QVERIFY(ec.lines.size() < ed.lines.size());  // the pass of the last one in part
        // An advance to the clock, which does nothing of its own (an advance needs its
        // `at`: without one the line parses to no command).
        const ParsedLine advance = parseCommandLine(QByteArray::fromStdString(
            "{\"op\":\"advance\",\"at\":\"" + formatTime(d.clock()) + "\"}"));
        QVERIFY2(advance.command.has_value(), qPrintable(advance.error));
        QCOMPARE(c.clock(), d.clock());
        c.apply(*advance.command, pausing.back() + 1, ec);
        QVERIFY(held_.back()->done());
        d.apply(*advance.command, pausing.back() + 1, ed);
        QCOMPARE(ec.lines, ed.lines);
        QVERIFY(c.snapshot() == d.snapshot());
        held_.clear();

        // A StepRun that outlives its engine is inert (ASan checks it touches nothing).
        std::unique_ptr<StepRun> orphan;
        {
            Engine d(o);
            Collect ed;
            int m = 0;
            for (const ParsedLine& p : commands) {
                orphan = d.applyStepwise(*p.command, ++m, ed);
                if (!orphan->done()) break;
            }
            QVERIFY(!orphan->done());
        }
        QVERIFY(orphan->done());
        orphan->step();
        orphan->finish();
        QVERIFY(orphan->candidates().empty());
        orphan.reset();
    }

  private:
    std::vector<std::unique_ptr<StepRun>> held_;
};

QTEST_GUILESS_MAIN(TestStep)
#include "tst_step.moc"
