// forecast (commands.md, "Forecasts and previews"; docs/forecast.md): a case
// with a known answer, an added car seating several orders, determinism by
// seed, blindness to previews and to later commands, a snapshot giving the
// same answer as a replay, and the orders that cannot be forecast.

#include <QFile>
#include <QtTest>
#include <cmath>

#include "forecast_paths.h"
#include "forecaster.h"
#include "harness.h"
#include "houbu/engine.h"
#include "houbu/run_forecast.h"

using namespace Qt::StringLiterals;
using houbu::test::Session;

namespace {

// The scenario of tests/scenarios/forecast.jsonl up to its first forecast:
// one seat, four orders at 08:00, releases at 08:10 and 08:20.
QList<QByteArray> story() {
    QFile f(QStringLiteral(HOUBU_SOURCE_DIR "/tests/scenarios/forecast.jsonl"));
    if (!f.open(QIODevice::ReadOnly)) return {};
    QList<QByteArray> lines;
    for (const QByteArray& l : f.readAll().split('\n'))
        if (!l.trimmed().isEmpty() && !l.startsWith('#') && !l.contains("\"forecast\"")) lines << l;
    return lines;
}

QByteArray forecastOf(const char* id, const char* extra = "") {
    return QByteArray(R"({"op":"forecast","at":"2024-01-10T08:30","id":")") + id +
           R"(","until":"2024-01-10T09:00")" + extra + "}";
}

double value(const QJsonObject& e, const char* key) {
    return e.value(QLatin1String(key)).toDouble(-1);
}

// A scene of one order, alone on a run of three stops and first in line:
// any release of its seat serves it. One release seen over an hour; over
// `horizonSeconds` the chance of another is about horizon / 2400 s while small.
houbu::ForecastScene loneOrder(double horizonSeconds) {
    houbu::ForecastScene scene;
    scene.horizonSeconds = horizonSeconds;
    scene.leaveRate = {0};
    scene.leaveChance = {0};
    scene.expiresIn = {-1};
    houbu::ForecastScene::Stream stream;
    stream.seen = 1;
    stream.windowSeconds = 3600;
    stream.relevant = 1;
    constexpr houbu::ForecastScene::Mask kWholeLine = 0b11;
    stream.batchStart = {0, 1};
    stream.pieces = {{kWholeLine, 1}};
    stream.candidateStart = {0};
    stream.candidateEnd = {1};
    stream.candidates = {0};
    stream.candidateMasks = {kWholeLine};
    stream.entries = {{kWholeLine, 0, 1}};
    stream.stops = 3;
    stream.singleStart.assign(3 * 3 + 1, 0);
    stream.singleListsFrom.assign(3 + 1, 0);
    scene.streams.push_back(stream);
    return scene;
}

}  // namespace

class TestForecast : public QObject {
    Q_OBJECT

  private slots:
    // One seat, two releases seen in the 30 minutes since the waitlist began,
    // 30 minutes to go. First in line, any release serves the order: with the
    // rate's posterior Gamma(2.5, 30 min), P = 1 - 2^-2.5 = 0.823; at the
    // rate's 5th and 95th percentiles (0.564 and 5.40 releases in 30 min)
    // 1 - e^-0.564 = 0.431 and 0.995. Second in line, two releases are
    // needed: 1 - 2^-2.5 - 2.5 * 2^-3.5 = 0.602 (a negative binomial); at the
    // 5th percentile 1 - e^-0.564 (1 + 0.564) = 0.111. Within Monte Carlo
    // error of 128 and 48 paths.
    void knownAnswer() {
        Session s;
        for (const QByteArray& l : story())
            s.send(l);
        const QJsonObject first = s.one(forecastOf("W3"));
        QCOMPARE(first.value("event"_L1).toString(), u"forecast"_s);
        QVERIFY2(std::abs(value(first, "probability") - 0.823) <= 0.07,
                 qPrintable(QString::number(value(first, "probability"))));
        QVERIFY(std::abs(value(first, "low") - 0.431) <= 0.12);
        QVERIFY(value(first, "high") >= 0.93);
        QCOMPARE(first.value("by"_L1).toString(), u"2024-01-10T09:00"_s);
        QVERIFY(first.value("basis"_L1).toString().contains(u"2 of 2 releases"_s));
        const QJsonObject second = s.one(forecastOf("W4"));
        QVERIFY(std::abs(value(second, "probability") - 0.602) <= 0.08);
        QVERIFY(std::abs(value(second, "low") - 0.111) <= 0.1);
        QVERIFY(value(second, "probability") < value(first, "probability"));
        // A horizon already past: nothing can serve it.
        const QJsonObject past = s.one(R"({"op":"forecast","id":"W3","until":"2024-01-10T08:30"})");
        QCOMPARE(value(past, "probability"), 0.0);
        QCOMPARE(value(past, "high"), 0.0);
    }

    // The same journal and seed give the same bytes; the answer does not
    // depend on previews before it, on commands after it, or on whether the
    // engine was restored from a snapshot.
    void deterministicAndBlind() {
        // The forecast's event from "probability" on (its seq and line vary).
        auto answer = [](bool previews, bool restore, const char* seed) -> QByteArray {
            houbu::Runner runner;
            QByteArray out;
            int line = 0;
            for (const QByteArray& l : story())
                runner.processLine(l, ++line, out);
            if (previews)
                for (const char* p : {R"({"op":"refund","ticket":"W2.1","dry_run":true})",
                                      R"({"op":"cancel","id":"W3","dry_run":true})",
                                      R"({"op":"advance","at":"2024-01-10T08:29","dry_run":true})"})
                    runner.processLine(p, ++line, out);
            out.clear();
            if (restore) {
                std::string error;
                auto copy = houbu::Engine::restore(runner.engine().snapshot(), {}, error);
                if (!copy) return QByteArray("restore failed: ") + error.c_str();
                struct Last : houbu::EventSink {
                    void onEvent(const houbu::Event& e) override { line = houbu::encodeEvent(e); }
                    QByteArray line;
                } last;
                copy->apply(*houbu::parseCommandLine(forecastOf("W3", seed)).command, 99, last);
                out = last.line;
            } else {
                runner.processLine(forecastOf("W3", seed), ++line, out);
                // Commands after it cannot change what was answered.
                runner.processLine(R"({"op":"refund","at":"2024-01-10T08:40","ticket":"W2.1"})",
                                   ++line, out);
                out = out.left(out.indexOf('\n'));
            }
            return out.mid(out.indexOf("\"probability\"")).trimmed();
        };
        const QByteArray plain = answer(false, false, "");
        QVERIFY2(plain.startsWith("\"probability\":0."), plain.constData());
        QCOMPARE(answer(false, false, R"(,"seed":1)"), plain);
        QCOMPARE(answer(true, false, ""), plain);
        QCOMPARE(answer(false, true, ""), plain);
        QVERIFY(answer(false, false, R"(,"seed":7)").startsWith("\"probability\""));
    }

    // An added car (a large batch) seats the orders ahead one after another,
    // as matching would: with ten seats and nothing else released, the
    // first three left in line are served on the same paths, so their
    // answers are the same, and not zero.
    void addedCarSeatsSeveral() {
        Session s;
        // The story's train (one seat, sold), and its first order and
        // prepayment made thirteen.
        const QList<QByteArray> lines = story();
        QVERIFY(lines.size() > 5 && lines[3].contains("\"W1\"") && lines[4].contains("\"W1\""));
        for (int k = 0; k < 3; ++k)
            s.send(lines[k]);
        for (int k = 1; k <= 13; ++k) {
            const QByteArray n = QByteArray::number(k);
            const QByteArray w = "\"W" + n + "\"", u = "\"u" + n + "\"", p = "\"p" + n + "\"";
            for (int line = 3; line <= 4; ++line)
                s.send(QByteArray(lines[line])
                           .replace("\"W1\"", w)
                           .replace("\"u1\"", u)
                           .replace("\"p1\"", p));
        }
        s.send(
            "{\"op\":\"add_car\",\"at\":\"2024-01-10T08:10\",\"train\":\"G1\",\"date\":"
            "\"2024-01-20\",\"car\":2,\"class\":\"二等座\",\"rows\":2,\"layout\":\"ABCDF\"}");
        QCOMPARE(s.one(forecastOf("W10")).value("code"_L1).toString(), u"order_closed"_s);
        const QJsonObject first = s.one(forecastOf("W11"));
        QVERIFY2(first.value("basis"_L1).toString().contains(u"1 large release"_s),
                 qPrintable(first.value("basis"_L1).toString()));
        QVERIFY(value(first, "probability") > 0.3);
        for (const char* id : {"W12", "W13"}) {
            const QJsonObject later = s.one(forecastOf(id));
            QCOMPARE(value(later, "probability"), value(first, "probability"));
            QCOMPARE(value(later, "low"), value(first, "low"));
            QCOMPARE(value(later, "high"), value(first, "high"));
        }
    }

    // Answers depend on times only through their differences: the same day
    // fifty years later (past 2068, where a scene can no longer pack an
    // order's effective time into its sort key and reads the orders instead)
    // gives the same answers. The story's line gains 天津南, W4 rides
    // 北京南→天津南 and W6 天津南→济南西 behind it: W6 waits for the release
    // after W3's, whose seat W4 leaves free from 天津南, so the order of the
    // orders ahead decides its answer.
    void farFutureGivesTheSameAnswers() {
        auto answers = [](const QByteArray& year) {
            QList<QByteArray> lines;
            for (QByteArray l : story()) {
                l.replace(R"({"station":"济南西","km":406,"arr":"09:32"})",
                          R"({"station":"天津南","km":122,"arr":"08:33","dep":"08:35"},)"
                          R"({"station":"济南西","km":406,"arr":"09:32"})");
                if (l.contains(R"("id":"W4")") && l.contains("waitlist"))
                    l.replace(R"("to":"济南西")", R"("to":"天津南")");
                lines << l;
                if (l.contains(R"("op":"prepay","id":"W4")"))
                    lines
                        << R"({"op":"waitlist","id":"W6","user":"u6","passengers":["p6"],"from":"天津南","to":"济南西","options":[{"train":"G1","date":"2024-01-20","class":"二等座"}]})"
                        << R"({"op":"prepay","id":"W6"})";
            }
            const QByteArray shifted = QByteArray("\"") + year + '-';
            Session s;
            for (const QByteArray& l : lines)
                s.send(QByteArray(l).replace("\"2024-", shifted));
            QList<double> out;
            for (const char* id : {"W3", "W4", "W6"}) {
                const QJsonObject e = s.one(QByteArray(forecastOf(id)).replace("\"2024-", shifted));
                out << value(e, "probability") << value(e, "low") << value(e, "high");
            }
            return out;
        };
        const QList<double> now = answers("2024");
        QVERIFY(now.size() == 9 && now[0] > 0 && now[3] > 0 && now[6] > 0);
        QCOMPARE(answers("2074"), now);
    }

    // When none of the first paths serves the order the rest are not drawn
    // (Forecaster::kProbePaths): the answer is then 0, and otherwise exactly
    // what every path gives, since a path's draws depend on its number only.
    void probeStopsOnlyWhenNoneServes() {
        int stopped = 0, unlikely = 0;
        for (std::uint64_t seed = 1; seed <= 300; ++seed) {
            const houbu::ForecastScene rare = loneOrder(90);
            houbu::ForecastPaths paths(rare);
            const int all = paths.served(128, -1, seed);
            const int probed = paths.served(128, -1, seed, 32);
            QVERIFY2(probed == all || probed == 0,
                     qPrintable(
                         u"seed %1: %2 of all paths, %3 probed"_s.arg(seed).arg(all).arg(probed)));
            unlikely += all > 0 ? 1 : 0;
            stopped += all > 0 && probed == 0 ? 1 : 0;
            // An even chance: 32 paths without a service do not happen.
            const houbu::ForecastScene even = loneOrder(1500);
            houbu::ForecastPaths evenPaths(even);
            QCOMPARE(evenPaths.served(128, 0.5, seed, 32), evenPaths.served(128, 0.5, seed));
        }
        // A chance of a few percent: some seeds' 128 paths serve it, and of
        // those some are answered 0 by the probe.
        QVERIFY2(unlikely > 30, qPrintable(QString::number(unlikely)));
        QVERIFY2(stopped > 0 && stopped < unlikely, qPrintable(QString::number(stopped)));
    }

    // Paths seat whole seats only: the basis of an order accepting seat
    // changes says its answer does not count them, and only of such orders.
    void seatChangesNotCounted() {
        Session s;
        for (const QByteArray& l : story()) {
            QByteArray line = l;
            if (l.contains(R"("id":"W4")") && l.contains("waitlist"))
                line.replace(R"("options":)", R"("seat_change":1,"options":)");
            s.send(line);
        }
        const QString phrase = u"seat changes not counted"_s;
        QVERIFY(!s.one(forecastOf("W3")).value("basis"_L1).toString().contains(phrase));
        const QJsonObject changing = s.one(forecastOf("W4"));
        QVERIFY2(changing.value("basis"_L1).toString().contains(phrase),
                 qPrintable(changing.value("basis"_L1).toString()));
        QVERIFY(value(changing, "probability") > 0);
    }

    // Only a queued order has a forecast.
    // An order ahead seated here on half of the probe's paths, with two
    // options outside the scene and one inside, is served elsewhere over the
    // horizon with chance 1 - (1 - 1/2)^(2 / 1 / 2) = 1/2, besides quitting;
    // one never seated here only quits, and so does the target.
    void servedElsewhereAsOftenAsHere() {
        houbu::ForecastScene scene;
        scene.horizonSeconds = 1800;
        scene.quitRate = 1e-5;
        scene.outsideShare = {0, 2, 2};  // the target, then two orders ahead
        scene.leaveRate.assign(3, 0);
        scene.leaveChance.assign(3, 0);
        houbu::Forecaster::mirrorLeaving(scene, {0, 16, 0}, 32);
        const double quit = 1 - std::exp(-1e-5 * 1800);
        QVERIFY(std::abs(scene.leaveChance[0] - quit) < 1e-12);
        QVERIFY(std::abs(scene.leaveChance[2] - quit) < 1e-12);
        QVERIFY2(std::abs(scene.leaveChance[1] - (1 - 0.5 * (1 - quit))) < 1e-9,
                 qPrintable(QString::number(scene.leaveChance[1])));
        // Seated on every path: the rate stays finite.
        houbu::Forecaster::mirrorLeaving(scene, {0, 32, 0}, 32);
        QVERIFY(std::isfinite(scene.leaveRate[1]) && scene.leaveChance[1] > 0.9);
    }

    // A run's forecast draws the same futures as a forecast of one order
    // when nothing tells them apart: one seat, every order on that run alone
    // and on the same interval (every release reaches each of them, and no
    // order has another option). Its answers for W3 and W4 are then the
    // forecast command's, to the hundredth.
    void runForecastAgreesWithOneAtATime() {
        houbu::Runner runner;
        QByteArray out;
        int line = 0;
        for (const QByteArray& l : story())
            runner.processLine(l, ++line, out);
        const houbu::Time until = *houbu::parseTime("2024-01-10T09:00");
        // The story's clock is 08:20; the forecasts below are asked at 08:30.
        runner.processLine(R"({"op":"advance","at":"2024-01-10T08:30"})", ++line, out);
        std::unique_ptr<houbu::RunForecast> run =
            runner.engine().forecastRun("G1", "2024-01-20", until);
        QVERIFY(run);
        QVERIFY(!run->done());
        QCOMPARE(run->total(), 32 + 128 + 48 + 48);
        while (!run->advance(7)) {
        }
        QCOMPARE(run->drawn(), run->total());
        const auto& answers = run->answers();
        QCOMPARE(int(answers.size()), 2);  // W3 and W4 wait
        for (const houbu::RunOrderForecast& a : answers) {
            Session s;
            for (const QByteArray& l : story())
                s.send(l);
            const QJsonObject one = s.one(forecastOf(a.order.c_str()));
            QCOMPARE(int(std::lround(100 * value(one, "probability"))), a.value.probability);
            QCOMPARE(int(std::lround(100 * value(one, "low"))), a.value.low);
            QCOMPARE(int(std::lround(100 * value(one, "high"))), a.value.high);
            QCOMPARE(houbu::formatTime(a.value.by), u"2024-01-10T09:00"_s.toStdString());
            QVERIFY2(a.value.basis.find("queued orders forecast together") != std::string::npos,
                     a.value.basis.c_str());
        }
        QCOMPARE(answers[0].order, std::string("W3"));
        QVERIFY(answers[0].value.probability > answers[1].value.probability);
        // An unknown run, or a time not after the clock: none.
        QVERIFY(!runner.engine().forecastRun("G9", "2024-01-20", until));
        QVERIFY(!runner.engine().forecastRun("G1", "2024-01-20", runner.engine().clock()));
    }

    // A run's forecast is taken from the state when it is made: commands
    // applied while its paths are drawn do not change its answers.
    void runForecastIsACopy() {
        auto answers = [](bool meanwhile) {
            houbu::Runner runner;
            QByteArray out;
            int line = 0;
            for (const QByteArray& l : story())
                runner.processLine(l, ++line, out);
            auto run = runner.engine().forecastRun("G1", "2024-01-20",
                                                   *houbu::parseTime("2024-01-10T09:00"), 3);
            run->advance(40);
            if (meanwhile) {
                runner.processLine(R"({"op":"cancel","at":"2024-01-10T08:25","id":"W3"})", ++line,
                                   out);
                runner.processLine(R"({"op":"refund","ticket":"W2.1"})", ++line, out);
            }
            while (!run->advance(50)) {
            }
            std::vector<std::pair<std::string, int>> got;
            for (const auto& a : run->answers())
                got.emplace_back(a.order,
                                 a.value.probability * 10000 + a.value.low * 100 + a.value.high);
            return got;
        };
        const auto plain = answers(false);
        QCOMPARE(plain.size(), std::size_t{2});
        QVERIFY(answers(true) == plain);
    }

    void onlyQueuedOrders() {
        Session s;
        for (const QByteArray& l : story())
            s.send(l);
        const QJsonObject served = s.one(forecastOf("W2"));
        QCOMPARE(served.value("code"_L1).toString(), u"order_closed"_s);
        s.send(
            R"({"op":"waitlist","id":"W5","user":"u5","passengers":["p5"],"from":"北京南","to":"济南西","options":[{"train":"G1","date":"2024-01-20","class":"二等座"}]})");
        QCOMPARE(s.one(forecastOf("W5")).value("code"_L1).toString(), u"order_closed"_s);
        s.send(R"({"op":"cancel","id":"W4"})");
        QCOMPARE(s.one(forecastOf("W4")).value("code"_L1).toString(), u"order_closed"_s);
        QCOMPARE(s.one(forecastOf("W9")).value("code"_L1).toString(), u"unknown_order"_s);
        const QJsonObject bad = s.one(R"({"op":"forecast","id":"W3","seed":-1})");
        QCOMPARE(bad.value("code"_L1).toString(), u"bad_command"_s);
        QVERIFY(bad.value("message"_L1).toString().contains(u"seed"_s));
        // A query: a preview of it is refused, naming dry_run.
        const QJsonObject preview = s.one(R"({"op":"forecast","id":"W3","dry_run":true})");
        QCOMPARE(preview.value("code"_L1).toString(), u"bad_command"_s);
    }
};

QTEST_GUILESS_MAIN(TestForecast)
#include "tst_forecast.moc"
