// Randomized test: thousands of generated commands over four small, crowded
// train runs (three under policy `complete`, one under `exact`), each input
// line fed to houbu::Runner and its answer checked against an independent
// brute-force reference model (reference_model.h): occupancy, matching order,
// timers, idempotency, errors, query answers. Also, per line:
// Engine::checkInvariants(), the documented key order of every event; every
// tenth line: Engine::records() and Engine::summary(); per seed: the same input
// fed to a second engine gives the same bytes. precheckForeseesApply() asks
// Engine::precheck before every command and requires apply's answer to match.
// undoTakesBack() dry-runs every command first (Engine::dryRun: the same events,
// the state unchanged byte for byte) and takes stacks of marks back (Engine::undo).
// previewsChangeNothing() runs each stream with and without its previews
// (dry_run) and compares the output byte for byte, previews and seq aside.
// oracleCatchesCorruptedAnswers() checks the checker: corrupted copies of
// correct answers (a service or a timer dropped, a later order or option served,
// a seat that is not best-fit, a group split, tied timers swapped, a standing
// service for an order that does not accept it, a conflicting passenger served, an
// added run not offered, an order queued over a cap, ...) must each be rejected, by
// the check meant to catch it.
// Four seeds in five also carry version 2 traffic (standing places, added runs,
// passengers who buy an overlapping ticket after waitlisting, configure, caps);
// version2RulesExercised() counts each version 2 rule's events over the default
// seeds and fails if one never shows.
//
// Environment:
//   HOUBU_RANDOM_SEEDS      more seeds after the fixed ones (1 to 20), in randomized and
//                           precheckForeseesApply: a comma-separated list of "N" (seed N
//                           only: how a reported failure is rerun), "A-B" (seeds A to B)
//                           and "+N" (N fresh random seeds, each named in its row); so
//                           "200" is one seed and "+200" two hundred. Anything else fails.
//   HOUBU_RANDOM_COMMANDS   commands per extra seed (default 1000)
//   HOUBU_MINIMIZE_SECONDS  time to shrink a failing input (default 30)
//   HOUBU_RANDOM_DUMP       a directory: write every seed's input and output there
//   HOUBU_RANDOM_NOTES      print which way the engine went where the rules leave a choice
//   HOUBU_RANDOM_TOLERATE   tags (e.g. "seat_choice") to count instead of fail, to look
//                           past a known disagreement
// On failure the input is shrunk and written to QDir::tempPath() as
// houbu-randomized-seed-<seed>.jsonl (the engine's output beside it as .out.jsonl,
// the whole input as -full.jsonl), ready for `houbu-cli run`.

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QTest>
#include <algorithm>
#include <iterator>
#include <map>
#include <random>
#include <set>
#include <tuple>
#include <utility>

#include "houbu/codec.h"
#include "reference_model.h"
#include "seed_list.h"

using namespace houbu::reftest;

namespace {

QString L(const char* s) {
    return QString::fromUtf8(s);
}

struct StationDef {
    const char* name;
    int km;
};
const StationDef kStations[] = {{"Beijing", 0},    {"Langfang", 58}, {"Tianjin", 122},
                                {"Cangzhou", 219}, {"Dezhou", 314},  {"Jinan", 406},
                                {"Taian", 465},    {"Qufu", 535},    {"Xuzhou", 692},
                                {"Bengbu", 848},   {"Nanjing", 1023}};
constexpr int kStationCount = int(sizeof(kStations) / sizeof(kStations[0]));

const char* const kNames[] = {
    "Li Lei",   "Han Meimei", "Zhang Wei", "Wang Fang", "Liu Yang", "Chen Jing", "Yang Min",
    "Zhao Lei", "Huang Xin",  "Zhou Jie",  "Wu Hao",    "Xu Li",    "Sun Qiang", "Ma Lin",
    "Zhu Hong", "Hu Bo",      "Guo Tao",   "He Yun",    "Lin Feng", "Luo Dan",   "Song Jia",
    "Tang Yi",  "Feng Lan",   "Deng Kai",  "Cao Rui",   "Peng Fei", "Zeng Yu",   "Xiao Mei",
    "Tian Ye",  "Dong Xu",    "Yuan Hui",  "Pan Yue",   "Jiang Bo", "Cai Ning",  "Yu Qing",
    "张伟",     "王芳",       "李娜",      "刘洋"};
constexpr int kNameCount = int(sizeof(kNames) / sizeof(kNames[0]));
constexpr int kPassengerPool = 160;

QString passengerName(int i) {
    if (i < kNameCount) return QString::fromUtf8(kNames[i]);
    return QStringLiteral("Traveller %1").arg(i - kNameCount + 1);
}

QByteArray toLine(const QJsonObject& o) {
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

// Generates one input line at a time, looking at the reference model's state
// so that most commands name things that exist.
class Generator {
  public:
    Generator(quint64 seed, int commands)
        : rng_(seed), previewRng_(seed * 31 + 7), commands_(commands) {
        // Every fifth seed stays pure version-1 traffic (no version 2 field or command).
        v2_ = seed % 5 != 0;
        makeWeights(seed);
        makePreamble();
    }

    bool done() const { return emitted_ >= preamble_.size() + size_t(commands_); }

    QByteArray next(const ReferenceModel& m) {
        if (emitted_ < preamble_.size()) return preamble_[emitted_++];
        if (!previewed_.isEmpty()) return std::exchange(previewed_, QByteArray());
        ++emitted_;
        QByteArray line = command(m);
        // Version 2: now and then the command is previewed first (dry_run),
        // with draws of its own so that the stream is otherwise the same.
        if (v2_ && previewRng_() % 100 < 6) {
            QJsonObject o = QJsonDocument::fromJson(line).object();
            const QString op = o.value(L("op")).toString();
            if (!o.isEmpty() && op != L("position") && op != L("availability") &&
                op != L("seatmap")) {
                previewed_ = line;
                o.insert(L("dry_run"), true);
                line = QJsonDocument(o).toJson(QJsonDocument::Compact);
            }
        }
        return line;
    }

  private:
    int pct() { return int(rng_() % 100); }
    int range(int lo, int hi) { return lo + int(rng_() % std::uint64_t(hi - lo + 1)); }
    template <class T>
    const T& pick(const std::vector<T>& v) {
        return v[size_t(range(0, int(v.size()) - 1))];
    }
    // Fisher-Yates with our own draws: std::shuffle's sequence differs between standard
    // libraries, and seeds should mean the same everywhere.
    template <class T>
    void shuffle(std::vector<T>& v) {
        for (int i = int(v.size()) - 1; i > 0; --i)
            std::swap(v[size_t(i)], v[size_t(range(0, i))]);
    }
    QString newId(const char* prefix) {
        return QStringLiteral("%1%2").arg(L(prefix)).arg(++counter_);
    }

    static QString hhmm(RefTime t) { return refFormatTime(t).mid(11, 5); }

    void makePreamble() {
        const RefTime start = *refParseTime(QStringLiteral("2024-03-10T06:00"));
        start_ = start;
        // About 2.4 minutes per command on average; runs leave late in the sequence,
        // one of them around the middle, so that departures and expiries happen.
        const RefTime horizon = RefTime(commands_) * 144;
        std::vector<double> fracs = {0.45, 0.8, 0.95, 1.05};
        shuffle(fracs);
        const char* trains[] = {"G101", "G103", "G101", "K77"};
        QStringList dates;
        for (int r = 0; r < 4; ++r) {
            RefTime dep = start + RefTime(double(horizon) * fracs[size_t(r)]) + range(0, 40) * 60;
            dep -= dep % 60;
            QJsonObject o;
            o.insert(L("op"), L("train"));
            o.insert(L("at"), refFormatTime(start));
            QString train = L(trains[r]);
            const QString date = refFormatTime(dep).left(10);
            if (r == 2 && dates.value(0) == date) train = L("D205");
            dates << date;
            o.insert(L("train"), train);
            o.insert(L("date"), date);
            // Stations: a window of the line with some stops dropped.
            const int k = range(4, 7);
            const int extra = range(0, 2);
            const int s = range(0, kStationCount - k - extra);
            std::vector<int> idx;
            for (int i = s; i < s + k + extra; ++i)
                idx.push_back(i);
            while (int(idx.size()) > k)
                idx.erase(idx.begin() + range(1, int(idx.size()) - 2));
            QJsonArray stops;
            RefTime t = dep;
            const size_t untimed = pct() < 25 ? size_t(range(1, int(idx.size()) - 2)) : idx.size();
            for (size_t i = 0; i < idx.size(); ++i) {
                QJsonObject st;
                st.insert(L("station"), L(kStations[idx[i]].name));
                double km = kStations[idx[i]].km - kStations[idx[0]].km;
                if (i > 0) km += range(0, 4) * 0.5;
                st.insert(L("km"), km);
                if (i > 0) {
                    t += range(15, 70) * 60;
                    st.insert(L("arr"), hhmm(t));
                }
                if (i + 1 < idx.size()) {
                    if (i > 0) t += range(0, 5) * 60;
                    st.insert(L("dep"), hhmm(t));
                }
                if (i == untimed) {  // a stop without times: never "departs"
                    st.remove(L("arr"));
                    st.remove(L("dep"));
                }
                stops.append(st);
            }
            o.insert(L("stops"), stops);
            std::vector<int> carNos = {1, 2, 3, 4, 5, 6, 7, 8};
            shuffle(carNos);
            QJsonArray cars;
            auto car = [&](const QString& cls, int rows, const char* layout) {
                QJsonObject c;
                const int no = carNos.back();
                carNos.pop_back();
                if (pct() < 20)
                    c.insert(L("car"), QStringLiteral("%1").arg(no));
                else
                    c.insert(L("car"), no);
                c.insert(L("class"), cls);
                c.insert(L("rows"), rows);
                c.insert(L("layout"), L(layout));
                cars.append(c);
            };
            switch (range(0, 1)) {
                case 0:
                    car(L("first"), range(1, 3), "ACDF");
                    break;
                default:
                    car(L("first"), range(2, 4), "ACF");
            }
            switch (range(0, 2)) {
                case 0:
                    car(L("second"), range(1, 2), "ABCDF");
                    break;
                case 1:
                    car(L("second"), 1, "ABCDF");
                    car(L("second"), 1, "ACDF");
                    break;
                default:
                    car(L("second"), range(2, 4), "ABC");
            }
            o.insert(L("cars"), cars);
            const int f = pct();
            if (f >= 15) {
                QJsonObject fares;
                const double first[] = {0.75, 0.63, 0.8, 1.02};
                const double second[] = {0.46, 0.31, 0.45, 0.5};
                fares.insert(L("first"), first[range(0, 3)]);
                if (f >= 30) fares.insert(L("second"), second[range(0, 3)]);
                o.insert(L("fares"), fares);
            }
            if (r != 1) o.insert(L("hold_minutes"), range(5, 20));
            if (r == 3)
                o.insert(L("policy"), L("exact"));
            else if (r != 0)
                o.insert(L("policy"), L("complete"));
            // Version 2: standing places (无座) on most runs, `exact` ones included.
            if (v2_ && pct() < 75) {
                QJsonObject standing;
                standing.insert(L("second"), range(1, 4));
                if (pct() < 40) standing.insert(L("first"), range(0, 2));
                o.insert(L("standing"), standing);
            }
            preamble_.push_back(toLine(o));
            trainLines_.push_back(o);
            trainByRun_[ReferenceModel::runKey(train, date)] = o;
        }
        if (pct() < 50) preamble_.push_back(toLine(trainLines_[0]));  // train_exists
        if (pct() < 50) {
            QJsonObject bad = trainLines_[1];
            QJsonArray stops = bad.value(L("stops")).toArray();
            QJsonObject st = stops[1].toObject();
            st.insert(L("km"), 0);
            stops[1] = st;
            bad.insert(L("stops"), stops);
            bad.insert(L("date"), L("2030-01-01"));
            preamble_.push_back(toLine(bad));  // bad_command: km
        }
    }

    // ------------------------------------------------------------ picking

    std::vector<QString> liveRuns(const ReferenceModel& m, bool wantExact, bool any) const {
        std::vector<QString> out;
        for (const QString& key : m.runOrder()) {
            const RefRun& r = m.runs().at(key);
            if (!any && r.exact != wantExact) continue;
            const auto d = r.stops.front().departure();
            if (!d || *d > m.clock()) out.push_back(key);
        }
        return out;
    }

    const RefRun& pickRun(const ReferenceModel& m) {
        std::vector<QString> live = liveRuns(m, false, true);
        if (live.empty() || pct() < 10) live = m.runOrder();
        return m.runs().at(pick(live));
    }

    void interval(const RefRun& r, int& f, int& t) {
        const int n = int(r.stops.size());
        f = range(0, n - 2);
        t = range(f + 1, n - 1);
        if (pct() < 30) {  // long intervals make more contention
            f = range(0, 1);
            t = n - 1 - range(0, 1);
        }
    }

    QString seatText(const QString& label) {
        if (pct() < 15 && label.mid(3, 1) == QLatin1String("0"))
            return label.left(3) + label.mid(4);  // row without its leading zero
        return label;
    }

    QString preferFor(const RefRun& r, const QString& cls) {
        switch (range(0, 2)) {
            case 0:
                return L("window");
            case 1:
                return L("aisle");
            default: {
                std::vector<QString> letters;
                for (const auto& s : r.seats)
                    if (s.cls == cls) letters.push_back(QString(s.letter));
                return pick(letters);
            }
        }
    }

    void stamp(QJsonObject& o, const ReferenceModel& m) {
        if (pct() < 8) return;                            // runs at the current clock
        const int r = profile_ == 2 ? pct() / 2 : pct();  // profile 2: the clock mostly stands
        RefTime step = r < 50   ? 0
                       : r < 80 ? range(1, 2) * 60
                       : r < 92 ? range(3, 6) * 60
                                : range(7, 15) * 60;
        if (pct() < 4) step += range(1, 59);
        o.insert(L("at"), refFormatTime(m.clock() + step));
    }

    void base(QJsonObject& o, const char* op, const RefRun& r) {
        o.insert(L("op"), L(op));
        o.insert(L("train"), r.train);
        o.insert(L("date"), r.date);
    }

    // ------------------------------------------------------------ commands

    enum Action {
        Sell,
        Pay,
        Refund,
        Reschedule,
        Block,
        Release,
        Waitlist,
        Prepay,
        Cancel,
        Advance,
        Position,
        Availability,
        Seatmap,
        AddCar,
        Invalid,
        Retry,
        IdConflict,
        StandingSell,  // version 2 from here on
        AddTrain,
        ConflictSell,
        Configure,
        Cap,
        ActionCount
    };

    // Per mille weights of each action. Each seed picks a profile, so that the fixed
    // seeds cover several regimes: a balanced day, a refund-and-waitlist storm with
    // deep queues, a frozen clock (many commands and timers at one instant), and
    // operator-heavy days (blocks, releases, added cars).
    void makeWeights(quint64 seed) {
        static const int kProfiles[4][ActionCount] = {
            // sell pay refund resch block release wait prepay cancel adv pos avail map car inv
            // retry conf, then version 2: standing-sell added-train conflict configure cap
            // clang-format off
            {220, 150, 35, 35, 40,  40,  120, 130, 20, 60, 50, 40, 15, 4,  21, 13, 7, 15, 12, 25, 3, 6},
            {200, 150, 80, 50, 20,  30,  170, 150, 10, 40, 40, 20, 10, 2,  15, 8,  5, 15, 12, 35, 2, 4},
            {240, 160, 40, 40, 40,  40,  130, 130, 20, 15, 50, 40, 15, 4,  21, 10, 5, 15, 12, 25, 3, 6},
            {180, 120, 30, 30, 110, 110, 110, 120, 15, 50, 40, 40, 15, 12, 10, 5,  3, 15, 12, 20, 3, 6}};
        // clang-format on
        profile_ = int(seed % 4);
        for (int a = 0; a < ActionCount; ++a)
            weights_[a] = a >= StandingSell && !v2_ ? 0 : kProfiles[profile_][a];
    }

    QByteArray command(const ReferenceModel& m) {
        QJsonObject o;
        int total = 0;
        for (int a = 0; a < ActionCount; ++a)
            total += weights_[a];
        int w = range(0, total - 1);
        int action = 0;
        while (w >= weights_[action])
            w -= weights_[action++];
        switch (Action(action)) {
            case Sell:
                sell(m, o);
                break;
            case Pay:
                pay(m, o);
                break;
            case Refund:
                refund(m, o);
                break;
            case Reschedule:
                reschedule(m, o);
                break;
            case Block:
                block(m, o);
                break;
            case Release:
                release(m, o);
                break;
            case Waitlist:
                waitlist(m, o);
                break;
            case Prepay:
                prepay(m, o);
                break;
            case Cancel:
                cancel(m, o);
                break;
            case Advance:
                return advance(m);
            case Position:
                position(m, o);
                break;
            case Availability:
                availability(m, o);
                break;
            case Seatmap:
                seatmap(m, o);
                break;
            case AddCar:
                addCar(m, o);
                break;
            case Invalid:
                return invalid(m);
            case Retry:
                retry(m, o);
                break;
            case StandingSell:
                standingSell(m, o);
                break;
            case AddTrain:
                addTrain(m, o);
                break;
            case ConflictSell:
                conflictSell(m, o);
                break;
            case Configure:
                configure(o);
                break;
            case Cap:
                cap(m, o);
                break;
            case IdConflict:
            case ActionCount:
                idConflict(m, o);
                break;
        }
        if (!o.contains(L("at"))) stamp(o, m);
        const QString op = o.value(L("op")).toString();
        if (op == QLatin1String("sell") || op == QLatin1String("block") ||
            op == QLatin1String("waitlist") || op == QLatin1String("reschedule")) {
            QJsonObject body = o;
            body.remove(L("at"));
            creations_.push_back(body);
        }
        return toLine(o);
    }

    void sell(const ReferenceModel& m, QJsonObject& o) {
        const RefRun& r = pickRun(m);
        const QStringList classes = r.classes();
        const QString cls = classes[range(0, int(classes.size()) - 1)];
        int f = 0, t = 0;
        interval(r, f, t);
        const int p = pct();
        const int n = p < 50 ? 1 : p < 75 ? 2 : p < 90 ? 3 : range(4, 5);
        base(o, "sell", r);
        o.insert(L("id"), newId("s"));
        o.insert(L("from"), r.stops[size_t(f)].station);
        o.insert(L("to"), r.stops[size_t(t)].station);
        o.insert(L("class"), cls);
        std::vector<int> names(kPassengerPool);
        for (int i = 0; i < kPassengerPool; ++i)
            names[size_t(i)] = i;
        shuffle(names);
        QJsonArray passengers;
        for (int i = 0; i < n; ++i)
            passengers.append(passengerName(names[size_t(i)]));
        o.insert(L("passengers"), passengers);
        if (pct() < 15) {
            std::vector<QString> free, all;
            for (const auto& s : r.seats) {
                if (s.cls != cls) continue;
                all.push_back(s.label);
                if (ReferenceModel::seatFree(s, f, t)) free.push_back(s.label);
            }
            std::vector<QString>& from = (int(free.size()) >= n && pct() < 75) ? free : all;
            shuffle(from);
            if (int(from.size()) >= n) {
                QJsonArray seats;
                for (int i = 0; i < n; ++i)
                    seats.append(seatText(from[size_t(i)]));
                o.insert(L("seats"), seats);
            }
        } else if (pct() < 25) {
            o.insert(L("prefer"), preferFor(r, cls));
        }
    }

    void pay(const ReferenceModel& m, QJsonObject& o) {
        o.insert(L("op"), L("pay"));
        std::vector<const RefTicket*> held;
        for (const auto& [id, t] : m.tickets())
            if (t.status == TicketStatus::Held) held.push_back(&t);
        const int p = pct();
        if (!held.empty() && p < 85) {
            // Mostly the newest holds: most sales are paid before they expire.
            std::sort(held.begin(), held.end(),
                      [](const RefTicket* a, const RefTicket* b) { return a->payBy > b->payBy; });
            const RefTicket* t =
                held[size_t(range(0, std::min(int(held.size()) - 1, pct() < 70 ? 1 : 9)))];
            o.insert(L("id"), t->sale);
            if (pct() < 8) o.insert(L("at"), refFormatTime(std::max(t->payBy, m.clock())));
            return;
        }
        if (!m.sales().empty() && p < 92) {
            auto it = m.sales().begin();
            std::advance(it, range(0, int(m.sales().size()) - 1));
            o.insert(L("id"), it->first);
            return;
        }
        o.insert(L("id"),
                 pct() < 50 && !m.orders().empty() ? m.orders().begin()->first : L("nosuch"));
    }

    void refund(const ReferenceModel& m, QJsonObject& o) {
        o.insert(L("op"), L("refund"));
        std::vector<const RefTicket*> paid, all;
        for (const auto& [id, t] : m.tickets()) {
            all.push_back(&t);
            if (t.status == TicketStatus::Paid) paid.push_back(&t);
        }
        const int p = pct();
        if (all.empty() || p < 5) {
            o.insert(L("ticket"), L("nosuch.1"));
        } else if (p < 55) {
            o.insert(L("ticket"), (!paid.empty() && pct() < 85 ? pick(paid) : pick(all))->id);
        } else {
            o.insert(L("id"), (!paid.empty() && pct() < 85 ? pick(paid) : pick(all))->sale);
        }
    }

    void reschedule(const ReferenceModel& m, QJsonObject& o) {
        std::vector<const RefTicket*> paid, all;
        for (const auto& [id, t] : m.tickets()) {
            all.push_back(&t);
            if (t.status == TicketStatus::Paid) paid.push_back(&t);
        }
        if (all.empty()) return sell(m, o);
        const RefTicket* t = !paid.empty() && pct() < 85 ? pick(paid) : pick(all);
        const RefRun& r = pct() < 50 ? m.runs().at(t->run) : pickRun(m);
        const QStringList classes = r.classes();
        const QString cls = pct() < 60 && classes.contains(t->cls)
                                ? t->cls
                                : classes[range(0, int(classes.size()) - 1)];
        int f = 0, tt = 0;
        interval(r, f, tt);
        base(o, "reschedule", r);
        o.insert(L("ticket"), t->id);
        o.insert(L("id"), newId("r"));
        o.insert(L("from"), r.stops[size_t(f)].station);
        o.insert(L("to"), r.stops[size_t(tt)].station);
        o.insert(L("class"), cls);
        if (pct() < 20) o.insert(L("prefer"), preferFor(r, cls));
    }

    void block(const ReferenceModel& m, QJsonObject& o) {
        const RefRun& r = pickRun(m);
        const QStringList classes = r.classes();
        const QString cls = classes[range(0, int(classes.size()) - 1)];
        int f = 0, t = 0;
        interval(r, f, t);
        base(o, "block", r);
        o.insert(L("id"), newId("b"));
        o.insert(L("from"), r.stops[size_t(f)].station);
        o.insert(L("to"), r.stops[size_t(t)].station);
        o.insert(L("class"), cls);
        if (pct() < 70) {
            o.insert(L("count"), range(1, 2));
            return;
        }
        std::vector<QString> free;
        for (const auto& s : r.seats)
            if (s.cls == cls && (ReferenceModel::seatFree(s, f, t) || pct() < 10))
                free.push_back(s.label);
        shuffle(free);
        QJsonArray seats;
        const int n = std::min(int(free.size()), range(1, 2));
        for (int i = 0; i < n; ++i)
            seats.append(seatText(free[size_t(i)]));
        if (seats.isEmpty())
            o.insert(L("count"), 1);
        else
            o.insert(L("seats"), seats);
    }

    void release(const ReferenceModel& m, QJsonObject& o) {
        o.insert(L("op"), L("release"));
        if (pct() < 45) {
            std::vector<QString> live, dead;
            for (const auto& [id, b] : m.blocks())
                (b.released ? dead : live).push_back(id);
            const int p = pct();
            if (!live.empty() && p < 75)
                o.insert(L("id"), pick(live));
            else if (!dead.empty() && p < 90)
                o.insert(L("id"), pick(dead));
            else
                o.insert(L("id"), m.sales().empty() ? L("nosuch") : m.sales().begin()->first);
            return;
        }
        const char* reasons[] = {"refund", "timeout", "reschedule", "quota"};
        const RefRun& r = pickRun(m);
        std::vector<std::pair<const RefSeat*, const RefOcc*>> occs, legs;
        for (const auto& s : r.seats)
            for (const auto& oc : s.occ) {
                occs.emplace_back(&s, &oc);
                const auto t = m.tickets().find(oc.holder);
                if (t != m.tickets().end() && !t->second.legs.empty()) legs.emplace_back(&s, &oc);
            }
        // Now and then one leg of a ticket on several seats (同车换座): partial_ticket.
        if (!legs.empty() && pct() < 50) occs = legs;
        base(o, "release", r);
        o.insert(L("reason"), L(reasons[range(0, 3)]));
        const int n = int(r.stops.size());
        int f = 0, t = 0;
        if (occs.empty() || pct() < 15) {
            interval(r, f, t);
            o.insert(L("seat"), seatText(r.seats[size_t(range(0, int(r.seats.size()) - 1))].label));
        } else {
            const auto& [seat, oc] = pick(occs);
            o.insert(L("seat"), seatText(seat->label));
            f = oc->from;
            t = oc->to;
            const int p = pct();
            if (p < 35) {
                f = range(0, f);
                t = range(t, n - 1);
            } else if (p < 45) {
                f = range(0, n - 2);
                t = range(f + 1, n - 1);
            }
        }
        o.insert(L("from"), r.stops[size_t(f)].station);
        o.insert(L("to"), r.stops[size_t(t)].station);
    }

    void waitlist(const ReferenceModel& m, QJsonObject& o) {
        // A popular trip: the same interval and options as an earlier order, so that
        // queues grow deep.
        if (!trips_.empty() && pct() < 40) {
            o = pick(trips_);
            const QString id = newId("w");
            o.insert(L("id"), id);
            o.insert(L("user"), QStringLiteral("u%1").arg(range(1, 9)));
            QJsonArray passengers;
            const int p = pct();
            const int n = p < 50 ? 1 : p < 75 ? 2 : p < 90 ? 3 : 4;
            for (int i = 1; i <= n; ++i)
                passengers.append(QStringLiteral("Guest %1-%2").arg(id).arg(i));
            o.insert(L("passengers"), passengers);
            o.remove(L("deadline"));
            if (pct() < 30) o.insert(L("deadline"), refFormatTime(m.clock() + range(10, 300) * 60));
            return;
        }
        bool exact = pct() < 25;
        if (liveRuns(m, exact, false).empty()) exact = !exact;
        std::vector<QString> runs = liveRuns(m, exact, false);
        if (runs.empty() || pct() < 5) {
            for (const QString& k : m.runOrder())
                if (m.runs().at(k).exact == exact &&
                    std::find(runs.begin(), runs.end(), k) == runs.end())
                    runs.push_back(k);
        }
        std::vector<std::pair<QString, QString>> pairs;  // run, class
        for (const QString& k : runs)
            for (const QString& c : m.runs().at(k).classes())
                pairs.emplace_back(k, c);
        shuffle(pairs);
        const int want = range(1, 3);
        std::vector<std::pair<QString, QString>> opts;
        QStringList dates;
        for (const auto& p : pairs) {
            if (int(opts.size()) >= want) break;
            const QString date = m.runs().at(p.first).date;
            if (!dates.contains(date) && dates.size() >= 2) continue;
            if (!dates.contains(date)) dates << date;
            opts.push_back(p);
        }
        // Stations common to every option's run, in line order.
        auto common = [&]() {
            QStringList out;
            for (const auto& st : m.runs().at(opts[0].first).stops) {
                bool all = true;
                for (const auto& p : opts)
                    all = all && m.runs().at(p.first).stationIndex(st.station) >= 0;
                if (all) out << st.station;
            }
            return out;
        };
        QStringList stations = common();
        while (stations.size() < 2 && opts.size() > 1) {
            opts.pop_back();
            stations = common();
        }
        const int p = pct();
        const int n = p < 50 ? 1 : p < 75 ? 2 : p < 90 ? 3 : 4;
        // Mostly where the first option is sold out, as a real user would.
        int f = 0, t = 1;
        const RefRun& first = m.runs().at(opts[0].first);
        for (int attempt = 0; attempt < 12; ++attempt) {
            f = range(0, int(stations.size()) - 2);
            t = range(f + 1, int(stations.size()) - 1);
            if (pct() < 25) t = int(stations.size()) - 1;
            const int ff = first.stationIndex(stations[f]), tt = first.stationIndex(stations[t]);
            if (m.freeCount(first, opts[0].second, ff, tt) < n || pct() < 15) break;
        }
        const QString id = newId("w");
        o.insert(L("op"), L("waitlist"));
        o.insert(L("id"), id);
        o.insert(L("user"), QStringLiteral("u%1").arg(range(1, 9)));
        QJsonArray passengers;
        for (int i = 1; i <= n; ++i)
            passengers.append(QStringLiteral("Guest %1-%2").arg(id).arg(i));
        o.insert(L("passengers"), passengers);
        o.insert(L("from"), stations[f]);
        o.insert(L("to"), stations[t]);
        QJsonArray options;
        for (const auto& [run, cls] : opts) {
            QJsonObject x;
            x.insert(L("train"), m.runs().at(run).train);
            x.insert(L("date"), m.runs().at(run).date);
            x.insert(L("class"), cls);
            options.append(x);
        }
        o.insert(L("options"), options);
        if (pct() < 30) o.insert(L("deadline"), refFormatTime(m.clock() + range(10, 300) * 60));
        if (pct() < 20) {  // travellers who may already hold a ticket
            QJsonArray names;
            for (int i = 0; i < n; ++i)
                names.append(passengerName(range(0, kPassengerPool - 1)));
            o.insert(L("passengers"), names);
        }
        if (v2_) waitlistV2(m, o, first, stations[f]);
        trips_.push_back(o);
    }

    // Version 2 fields of a waitlist order: 接受无座, 接受新增列车 (a window around the
    // first option's departure that added runs sometimes hit and sometimes miss), and
    // groups beyond version 1's five that only a raised limit lets in.
    void waitlistV2(const ReferenceModel& m, QJsonObject& o, const RefRun& first,
                    const QString& from) {
        (void)m;
        if (pct() < 50) o.insert(L("accept_standing"), true);
        if (pct() < 50) {
            const auto dep = first.stops[size_t(first.stationIndex(from))].departure();
            const RefTime base = dep ? *dep : start_ + RefTime(commands_) * 72;
            RefTime lo = base - range(0, 150) * 60, hi = base + range(0, 150) * 60;
            if (pct() < 25) {  // a window that no added run is likely to meet
                lo = base + range(300, 600) * 60;
                hi = lo + range(0, 60) * 60;
            }
            QJsonObject w;
            w.insert(L("from"), refFormatTime(lo));
            w.insert(L("to"), refFormatTime(hi));
            const int c = pct();
            if (c < 15)
                w.insert(L("classes"), QJsonArray{L("first")});
            else if (c < 30)
                w.insert(L("classes"), QJsonArray{L("second"), L("first")});
            o.insert(L("new_trains"), w);
        }
        if (pct() < 4) {
            const QString id = o.value(L("id")).toString();
            QJsonArray passengers;
            const int n = range(5, 8);
            for (int i = 1; i <= n; ++i)
                passengers.append(QStringLiteral("Guest %1-%2").arg(id).arg(i));
            o.insert(L("passengers"), passengers);
        }
        // 同车换座: one order in three accepts one or two seat changes.
        if (const int c = pct(); c < 50) o.insert(L("seat_change"), c < 30 ? 1 : 2);
    }

    // A standing sale (无座), mostly on a run and class with standing places.
    void standingSell(const ReferenceModel& m, QJsonObject& o) {
        std::vector<std::pair<QString, QString>> withPlaces;
        for (const QString& key : liveRuns(m, false, true))
            for (const auto& [cls, places] : m.runs().at(key).standingPlaces)
                if (places > 0) withPlaces.emplace_back(key, cls);
        const RefRun* r = &pickRun(m);
        QString cls = r->classes()[range(0, int(r->classes().size()) - 1)];
        if (!withPlaces.empty() && pct() < 85) {
            const auto& p = pick(withPlaces);
            r = &m.runs().at(p.first);
            cls = p.second;
        }
        int f = 0, t = 0;
        interval(*r, f, t);
        base(o, "sell", *r);
        o.insert(L("id"), newId("s"));
        o.insert(L("from"), r->stops[size_t(f)].station);
        o.insert(L("to"), r->stops[size_t(t)].station);
        o.insert(L("class"), cls);
        std::vector<int> names(kPassengerPool);
        for (int i = 0; i < kPassengerPool; ++i)
            names[size_t(i)] = i;
        shuffle(names);
        QJsonArray passengers;
        const int n = pct() < 75 ? 1 : 2;
        for (int i = 0; i < n; ++i)
            passengers.append(passengerName(names[size_t(i)]));
        o.insert(L("passengers"), passengers);
        o.insert(L("standing"), true);
    }

    // 加开: a run copied from a live one, shifted in time, added to the timetable
    // during the day under its base's policy; its seats go to the waitlist first.
    void addTrain(const ReferenceModel& m, QJsonObject& o) {
        std::vector<QString> bases, wanted;
        for (const QString& key : liveRuns(m, false, true))
            if (trainByRun_.count(key)) bases.push_back(key);
        // Mostly near what an open order accepting added runs waits for.
        for (const auto& [id, ord] : m.orders())
            if (ord.newTrains &&
                (ord.status == OrderStatus::Queued || ord.status == OrderStatus::Awaiting))
                for (int i = 0; i < ord.listed; ++i)
                    if (std::find(bases.begin(), bases.end(), ord.options[size_t(i)].run) !=
                        bases.end())
                        wanted.push_back(ord.options[size_t(i)].run);
        if (!wanted.empty() && pct() < 75) bases = wanted;
        // Fewer orders wait on `exact` runs: half the time their added runs come first.
        std::vector<QString> exactWanted;
        for (const QString& key : wanted)
            if (m.runs().at(key).exact) exactWanted.push_back(key);
        if (!exactWanted.empty() && pct() < 50) bases = exactWanted;
        // Few orders wait for added runs at any time: keep most of the runs for them.
        if (wanted.empty() && pct() < 70) return availability(m, o);
        if (bases.empty() || addedTrains_ >= 6) return availability(m, o);
        ++addedTrains_;
        const QString baseKey = pick(bases);
        const QJsonObject src = trainByRun_.at(baseKey);
        const RefRun& b = m.runs().at(baseKey);
        const int offset = range(-120, 120);
        const RefTime dep = *b.stops.front().departure() + RefTime(offset) * 60;
        auto shift = [&](const QString& hhmm) {
            const int min = (*refParseClock(hhmm) + offset % 1440 + 1440) % 1440;
            return QStringLiteral("%1:%2")
                .arg(min / 60, 2, 10, QLatin1Char('0'))
                .arg(min % 60, 2, 10, QLatin1Char('0'));
        };
        QJsonArray stops;
        for (const auto& v : src.value(L("stops")).toArray()) {
            QJsonObject st = v.toObject();
            for (const char* k : {"arr", "dep"})
                if (st.contains(L(k))) st.insert(L(k), shift(st.value(L(k)).toString()));
            stops.append(st);
        }
        const QString train = QStringLiteral("X%1").arg(++counter_);
        const QString date = refFormatTime(dep).left(10);
        o.insert(L("op"), L("train"));
        o.insert(L("train"), train);
        o.insert(L("date"), date);
        o.insert(L("added"), true);
        o.insert(L("stops"), stops);
        QJsonArray cars;
        QJsonObject c1, c2;
        c1.insert(L("car"), 1);
        c1.insert(L("class"), L("first"));
        c1.insert(L("rows"), 1);
        c1.insert(L("layout"), L("ACF"));
        c2.insert(L("car"), 2);
        c2.insert(L("class"), L("second"));
        c2.insert(L("rows"), range(1, 2));
        c2.insert(L("layout"), L("ABC"));
        if (pct() < 70) cars.append(c1);
        cars.append(c2);
        o.insert(L("cars"), cars);
        if (src.contains(L("fares"))) o.insert(L("fares"), src.value(L("fares")));
        if (src.contains(L("policy"))) o.insert(L("policy"), src.value(L("policy")));
        o.insert(L("hold_minutes"), range(5, 20));
        if (pct() < 50) o.insert(L("standing"), QJsonObject{{L("second"), range(1, 3)}});
        trainByRun_[ReferenceModel::runKey(train, date)] = o;
    }

    // 兑现失败 in the making: a passenger of an open order buys a ticket of their own on
    // one of its options, over the order's interval, so the travel overlaps.
    void conflictSell(const ReferenceModel& m, QJsonObject& o) {
        std::vector<const RefOrder*> open;
        for (const auto& [id, ord] : m.orders())
            if (ord.status == OrderStatus::Queued ||
                (ord.status == OrderStatus::Awaiting && pct() < 30))
                open.push_back(&ord);
        if (open.empty()) return sell(m, o);
        const RefOrder* ord = pick(open);
        const RefOption& opt = ord->options[size_t(range(0, int(ord->options.size()) - 1))];
        const RefRun& r = m.runs().at(opt.run);
        const int f = r.stationIndex(ord->from), t = r.stationIndex(ord->to);
        // A class with a free seat if there is one, else standing where there are places.
        QString cls = opt.cls;
        bool standing = false;
        for (const QString& c : r.classes())
            if (m.freeCount(r, c, f, t) > 0) cls = c;
        if (m.freeCount(r, cls, f, t) == 0 && r.standingFree(opt.cls, f, t) > 0) standing = true;
        base(o, "sell", r);
        o.insert(L("id"), newId("s"));
        o.insert(L("from"), ord->from);
        o.insert(L("to"), ord->to);
        o.insert(L("class"), standing ? opt.cls : cls);
        o.insert(L("passengers"),
                 QJsonArray{ord->passengers[range(0, int(ord->passengers.size()) - 1)]});
        if (standing) o.insert(L("standing"), true);
    }

    // configure: some of the limits, raised, lowered or lifted (null), while orders are open.
    void configure(QJsonObject& o) {
        o.insert(L("op"), L("configure"));
        QJsonObject limits;
        auto maybe = [&](const char* key, std::initializer_list<int> values) {
            if (pct() >= 40) return;
            const std::vector<int> v(values);
            const int x = pick(v);
            limits.insert(L(key), x < 0 ? QJsonValue() : QJsonValue(x));
        };
        maybe("passengers", {3, 5, 5, 6, 9, -1});
        maybe("dates", {1, 2, 2, 3, -1});
        maybe("options_per_date", {1, 2, 5, 5, -1});
        maybe("options", {1, 2, 3, -1, -1});
        maybe("open_orders_per_user", {1, 2, 4, -1, -1});
        o.insert(L("limits"), limits);
    }

    // waitlist_cap on a run's class: lifted, closed (0), below its queue or above it.
    void cap(const ReferenceModel& m, QJsonObject& o) {
        const RefRun* rp = &pickRun(m);
        const QStringList classes = rp->classes();
        QString cls = classes[range(0, int(classes.size()) - 1)];
        // Often where an order awaits prepayment: a cap set meanwhile refuses the prepay.
        std::vector<const RefOption*> awaiting;
        for (const auto& [id, ord] : m.orders())
            if (ord.status == OrderStatus::Awaiting)
                for (const RefOption& opt : ord.options)
                    awaiting.push_back(&opt);
        if (!awaiting.empty() && pct() < 40) {
            const RefOption* opt = pick(awaiting);
            rp = &m.runs().at(opt->run);
            cls = opt->cls;
        }
        const RefRun& r = *rp;
        base(o, "waitlist_cap", r);
        o.insert(L("class"), pct() < 3 ? L("sleeper") : cls);
        const int queued = m.queuedPassengers(ReferenceModel::runKey(r.train, r.date), cls);
        const int p = pct();
        if (p < 40)
            o.insert(L("cap"), QJsonValue());
        else if (p < 52)
            o.insert(L("cap"), 0);
        else if (p < 70)
            o.insert(L("cap"), std::max(0, queued - range(0, 2)));
        else
            o.insert(L("cap"), queued + range(1, 4));
    }

    void prepay(const ReferenceModel& m, QJsonObject& o) {
        o.insert(L("op"), L("prepay"));
        std::vector<const RefOrder*> awaiting, all;
        for (const auto& [id, ord] : m.orders()) {
            all.push_back(&ord);
            if (ord.status == OrderStatus::Awaiting) awaiting.push_back(&ord);
        }
        const int p = pct();
        if (!awaiting.empty() && p < 85) {
            std::sort(awaiting.begin(), awaiting.end(),
                      [](const RefOrder* a, const RefOrder* b) { return a->payBy > b->payBy; });
            const RefOrder* ord = awaiting[size_t(range(0, std::min(int(awaiting.size()) - 1, 3)))];
            o.insert(L("id"), ord->id);
            if (pct() < 6) o.insert(L("at"), refFormatTime(std::max(ord->payBy, m.clock())));
        } else if (!all.empty() && p < 97) {
            o.insert(L("id"), pick(all)->id);
        } else {
            o.insert(L("id"), m.sales().empty() ? L("nosuch") : m.sales().begin()->first);
        }
    }

    void cancel(const ReferenceModel& m, QJsonObject& o) {
        o.insert(L("op"), L("cancel"));
        std::vector<const RefOrder*> open, all;
        for (const auto& [id, ord] : m.orders()) {
            all.push_back(&ord);
            if (ord.status == OrderStatus::Awaiting || ord.status == OrderStatus::Queued)
                open.push_back(&ord);
        }
        if (!open.empty() && pct() < 70)
            o.insert(L("id"), pick(open)->id);
        else if (!all.empty())
            o.insert(L("id"), pick(all)->id);
        else
            o.insert(L("id"), L("nosuch"));
    }

    QByteArray advance(const ReferenceModel& m) {
        QJsonObject o;
        o.insert(L("op"), L("advance"));
        RefTime to = m.clock() + range(5, 45) * 60;
        if (pct() < 35) {
            std::vector<RefTime> dues;
            for (const auto& [due, what] : m.liveTimers())
                if (due >= m.clock() && due <= m.clock() + 3 * 3600) dues.push_back(due);
            std::sort(dues.begin(), dues.end());
            if (!dues.empty())
                to = dues[size_t(range(0, std::min(2, int(dues.size()) - 1)))] -
                     (pct() < 25 ? 60 : 0);
            to = std::max(to, m.clock());
        }
        o.insert(L("at"), refFormatTime(to));
        return toLine(o);
    }

    void position(const ReferenceModel& m, QJsonObject& o) {
        o.insert(L("op"), L("position"));
        std::vector<const RefOrder*> queued, all;
        for (const auto& [id, ord] : m.orders()) {
            all.push_back(&ord);
            if (ord.status == OrderStatus::Queued) queued.push_back(&ord);
        }
        if (!queued.empty() && pct() < 75)
            o.insert(L("id"), pick(queued)->id);
        else if (!all.empty() && pct() < 95)
            o.insert(L("id"), pick(all)->id);
        else
            o.insert(L("id"), L("nosuch"));
        // A forecast asks about the same orders (version 2).
        if (pct() < 25) {
            o.insert(L("op"), L("forecast"));
            if (pct() < 80) o.insert(L("until"), refFormatTime(m.clock() + range(-10, 240) * 60));
            if (pct() < 30) o.insert(L("seed"), range(0, 9));
        }
    }

    void availability(const ReferenceModel& m, QJsonObject& o) {
        const RefRun& r = pickRun(m);
        const QStringList classes = r.classes();
        int f = 0, t = 0;
        interval(r, f, t);
        base(o, "availability", r);
        o.insert(L("from"), r.stops[size_t(f)].station);
        o.insert(L("to"), r.stops[size_t(t)].station);
        o.insert(L("class"), classes[range(0, int(classes.size()) - 1)]);
    }

    void seatmap(const ReferenceModel& m, QJsonObject& o) { base(o, "seatmap", pickRun(m)); }

    void addCar(const ReferenceModel& m, QJsonObject& o) {
        const RefRun& r = pickRun(m);
        if (r.cars.size() >= 6) return availability(m, o);
        base(o, "add_car", r);
        int car = range(1, 20);
        if (pct() < 85)
            while (r.cars.count(car))
                car = range(1, 20);
        o.insert(L("car"), car);
        const QStringList classes = r.classes();
        o.insert(L("class"), classes[range(0, int(classes.size()) - 1)]);
        o.insert(L("rows"), 1);
        o.insert(L("layout"), pct() < 50 ? L("ACDF") : L("ABC"));
        if (v2_ && pct() < 40) o.insert(L("standing"), range(1, 3));
    }

    void retry(const ReferenceModel& m, QJsonObject& o) {
        if (creations_.empty()) return sell(m, o);
        o = creations_[size_t(
            range(std::max(0, int(creations_.size()) - 30), int(creations_.size()) - 1))];
    }

    void idConflict(const ReferenceModel& m, QJsonObject& o) {
        sell(m, o);
        if (creations_.empty()) return;
        o.insert(L("id"), pick(creations_).value(L("id")).toString());
    }

    QByteArray invalid(const ReferenceModel& m) {
        QJsonObject o;
        const int kind = range(0, 24);
        switch (kind) {
            case 0:
                return QByteArrayLiteral("{\"op\":\"sell\",\"id\":");
            case 1:
                return QByteArrayLiteral("[1,2,3]");
            case 2:
                return pct() < 50 ? QByteArrayLiteral("# a comment line") : QByteArray("   ");
            case 3:
                o.insert(L("op"), L("teleport"));
                break;
            case 4:
                sell(m, o);
                o.remove(L("class"));
                break;
            case 5:
                sell(m, o);
                o.insert(L("passengers"), L("Li Lei"));
                break;
            case 6: {
                sell(m, o);
                QJsonArray six;
                for (int i = 0; i < 6; ++i)
                    six.append(QString::fromUtf8(kNames[i]));
                o.insert(L("passengers"), six);
                o.remove(L("seats"));
                break;
            }
            case 7:
                sell(m, o);
                o.insert(L("at"), L("2024-03-10T25:00"));
                break;
            case 8:
                sell(m, o);
                o.remove(L("seats"));
                o.insert(L("prefer"), L("middle"));
                break;
            case 9:
                o.insert(L("op"), L("release"));
                base(o, "release", pickRun(m));
                o.insert(L("seat"), L("01-01A"));
                o.insert(L("from"), L("Beijing"));
                o.insert(L("to"), L("Nanjing"));
                o.insert(L("reason"), L("lost"));
                break;
            case 10:
                waitlist(m, o);
                o.insert(L("options"), L("G101"));
                break;
            case 11:
                sell(m, o);
                o.insert(L("train"), L("Z999"));
                break;
            case 12:
                sell(m, o);
                o.insert(L("to"), L("Lhasa"));
                break;
            case 13: {
                sell(m, o);
                const QString from = o.value(L("from")).toString();
                o.insert(L("from"), o.value(L("to")));
                o.insert(L("to"), pct() < 50 ? o.value(L("from")).toString() : from);
                break;
            }
            case 14:
                sell(m, o);
                o.insert(L("class"), L("sleeper"));
                break;
            case 15: {
                sell(m, o);
                QJsonArray seats;
                for (int i = 0; i < o.value(L("passengers")).toArray().size(); ++i)
                    seats.append(QStringLiteral("09-0%1Z").arg(i + 1));
                o.insert(L("seats"), seats);
                o.remove(L("prefer"));
                break;
            }
            case 16: {
                sell(m, o);
                const RefRun& r = m.runs().at(ReferenceModel::runKey(
                    o.value(L("train")).toString(), o.value(L("date")).toString()));
                const QString cls = o.value(L("class")).toString();
                QJsonArray seats;
                for (const auto& s : r.seats)
                    if (s.cls != cls && seats.size() < o.value(L("passengers")).toArray().size())
                        seats.append(s.label);
                if (seats.size() == o.value(L("passengers")).toArray().size())
                    o.insert(L("seats"), seats);
                o.remove(L("prefer"));
                break;
            }
            case 17:
                o.insert(L("op"), L("pay"));
                o.insert(L("id"), L("nosuch"));
                break;
            case 18:
                o.insert(L("op"), L("refund"));
                o.insert(L("ticket"), L("s1.9"));
                break;
            case 19:
                o.insert(L("op"), L("release"));
                o.insert(L("id"), L("nosuch"));
                break;
            case 20: {
                const char* ops[] = {"prepay", "cancel", "position"};
                o.insert(L("op"), L(ops[range(0, 2)]));
                o.insert(L("id"),
                         pct() < 50 || m.sales().empty() ? L("nosuch") : m.sales().begin()->first);
                break;
            }
            case 21:
                o.insert(L("op"), L("advance"));
                o.insert(L("at"), refFormatTime(std::max(start_, m.clock() - range(1, 30) * 60)));
                return toLine(o);
            case 22:
                waitlist(m, o);
                o.insert(L("deadline"), refFormatTime(m.clock() - range(0, 30) * 60));
                o.insert(L("at"), refFormatTime(m.clock()));
                break;
            case 23:
                o.insert(L("op"), L("advance"));
                return toLine(o);
            default: {
                const RefRun& r = pickRun(m);
                base(o, "add_car", r);
                o.insert(L("car"), *r.cars.begin());
                o.insert(L("class"), r.seats.front().cls);
                o.insert(L("rows"), 1);
                o.insert(L("layout"), L("AB"));
                break;
            }
        }
        if (!o.contains(L("at"))) stamp(o, m);
        return toLine(o);
    }

    std::mt19937_64 rng_;
    std::mt19937_64 previewRng_;
    QByteArray previewed_;  // the command whose preview was just handed out
    int commands_;
    RefTime start_ = 0;
    std::vector<QByteArray> preamble_;
    std::vector<QJsonObject> trainLines_;
    size_t emitted_ = 0;
    int counter_ = 0;
    std::vector<QJsonObject> creations_;
    std::vector<QJsonObject> trips_;
    int profile_ = 0;
    int weights_[ActionCount] = {};
    bool v2_ = false;
    int addedTrains_ = 0;
    std::map<QString, QJsonObject> trainByRun_;  // the `train` command of each generated run
};

// ---------------------------------------------------------------- running

struct LineResult {
    bool failed = false;
    QString tag;
    QString message;
};

// Object keys of one compact JSON line, in the order written, by nesting depth
// (1 = the event object, 3 = objects inside its arrays).
std::map<int, QList<QByteArray>> keysByDepth(const QByteArray& line) {
    std::map<int, QList<QByteArray>> out;
    int depth = 0;
    for (int i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (c == '{' || c == '[') {
            ++depth;
        } else if (c == '}' || c == ']') {
            --depth;
        } else if (c == '"') {
            int j = i + 1;
            while (j < line.size() && line[j] != '"')
                j += line[j] == '\\' ? 2 : 1;
            if (j + 1 < line.size() && line[j + 1] == ':') out[depth] << line.mid(i + 1, j - i - 1);
            i = j;
        }
    }
    return out;
}

// The key order engine-rules.md promises: seq, at, event, line, then commands.md's fields.
QString checkKeyOrder(const QByteArray& line, const QJsonObject& e) {
    static const std::map<QString, const char*> kFields = {
        {L("train_defined"), "train date seats"},
        {L("car_added"), "train date car class seats"},
        {L("ticket_held"), "ticket sale passenger train date class seat from to pay_by"},
        {L("ticket_paid"), "ticket"},
        {L("ticket_refunded"), "ticket reason"},
        {L("hold_expired"), "ticket"},
        {L("seat_released"), "train date seat from to source"},
        {L("block_created"), "id train date class from to seats"},
        {L("block_released"), "id"},
        {L("waitlist_submitted"), "id prepay pay_by"},
        {L("waitlist_effective"), "id"},
        {L("waitlist_fulfilled"), "id train date class tickets"},
        {L("waitlist_cancelled"), "id reason"},
        {L("waitlist_expired"), "id"},
        {L("position"), "id queues"},
        {L("availability"), "free standing"},
        {L("seatmap"), "seats"},
        {L("duplicate"), "id"},
        {L("option_added"), "id train date class"},
        {L("waitlist_failed"), "id reason passenger"},
        {L("configured"), "limits"},
        {L("waitlist_capped"), "train date class cap"},
        {L("forecast"), "id probability low high by basis"},
        {L("error"), "code message"}};
    const QString kind = e.value(L("event")).toString();
    auto it = kFields.find(kind);
    if (it == kFields.end()) return QStringLiteral("unknown event kind %1").arg(kind);
    QList<QByteArray> want = QByteArray("seq at event line ").append(it->second).split(' ');
    if (kind == QLatin1String("error") && e.contains(L("waitlist"))) want << "waitlist";
    // Version 2: a standing ticket's "seat": null is followed by "standing": true (and a
    // standing seat_released names its class); car_added and seatmap end with `standing`.
    const bool standing = e.value(L("standing")).toBool();
    if (standing &&
        (kind == QLatin1String("ticket_held") || kind == QLatin1String("seat_released")))
        want.insert(want.indexOf("seat") + 1, "standing");
    if (standing && kind == QLatin1String("seat_released"))
        want.insert(want.indexOf("standing") + 1, "class");
    if ((kind == QLatin1String("car_added") || kind == QLatin1String("seatmap")) &&
        e.contains(L("standing")))
        want << "standing";
    if (e.contains(L("dry_run"))) want << "dry_run";  // a preview's events end with it
    const auto keys = keysByDepth(line);
    if (keys.count(1) == 0 || keys.at(1) != want)
        return QStringLiteral("keys should be, in order: %1")
            .arg(QString::fromLatin1(want.join(' ')));
    if (kind == QLatin1String("waitlist_fulfilled") || kind == QLatin1String("position")) {
        const QList<QByteArray> one =
            QByteArray(kind == QLatin1String("position")
                           ? "train date class rank ahead_passengers level"
                           : "ticket passenger seat from to")
                .split(' ');
        QList<QByteArray> nested = keys.count(3) ? keys.at(3) : QList<QByteArray>();
        nested.removeAll("standing");  // after "seat" on a standing ticket
        nested.removeAll("legs");      // after "to" on a ticket on several seats
        for (int i = 0; i < nested.size(); ++i)
            if (nested[i] != one[i % one.size()])
                return QStringLiteral("nested keys should be, in order: %1")
                    .arg(QString::fromLatin1(one.join(' ')));
        // 同车换座: each leg is {seat, from, to}.
        const QList<QByteArray> leg = QByteArray("seat from to").split(' ');
        const QList<QByteArray> legKeys = keys.count(5) ? keys.at(5) : QList<QByteArray>();
        for (int i = 0; i < legKeys.size(); ++i)
            if (legKeys[i] != leg[i % leg.size()])
                return QStringLiteral("leg keys should be, in order: seat from to");
    }
    return QString();
}

bool parseOutput(const QByteArray& out, QList<QJsonObject>& events, QString& error) {
    events.clear();
    for (const QByteArray& l : out.split('\n')) {
        if (l.isEmpty()) continue;
        QJsonParseError err{};
        const QJsonDocument doc = QJsonDocument::fromJson(l, &err);
        if (err.error != QJsonParseError::NoError || !doc.isObject()) {
            error =
                QStringLiteral("engine output is not a JSON object: %1").arg(QString::fromUtf8(l));
            return false;
        }
        const QString order = checkKeyOrder(l, doc.object());
        if (!order.isEmpty()) {
            error = QStringLiteral("%1: %2").arg(QString::fromUtf8(l), order);
            return false;
        }
        events.append(doc.object());
    }
    return true;
}

// Engine::records() and Engine::summary() against the model's view of the event stream.
QString compareRecords(const houbu::Engine& engine, const ReferenceModel& m) {
    using Kind = houbu::RecordStatus::Kind;
    auto ticketStatus = [](TicketStatus s) {
        switch (s) {
            case TicketStatus::Held:
                return "held";
            case TicketStatus::Paid:
                return "paid";
            case TicketStatus::Refunded:
                return "refunded";
            case TicketStatus::Expired:
                return "expired";
        }
        return "?";
    };
    auto orderStatus = [](OrderStatus s) {
        switch (s) {
            case OrderStatus::Awaiting:
                return "awaiting_prepay";
            case OrderStatus::Queued:
                return "queued";
            case OrderStatus::Served:
                return "fulfilled";
            case OrderStatus::CancelledUser:
            case OrderStatus::PrepayTimeout:
                return "cancelled";
            case OrderStatus::Expired:
                return "expired";
            case OrderStatus::Failed:
                return "failed";
        }
        return "?";
    };
    std::vector<std::tuple<Kind, std::string, std::string>> want;
    houbu::EngineSummary sum;
    for (const QString& id : m.ticketOrder()) {
        const TicketStatus st = m.tickets().at(id).status;
        want.emplace_back(Kind::Ticket, id.toStdString(), ticketStatus(st));
        sum.ticketsHeld += st == TicketStatus::Held;
        sum.ticketsPaid += st == TicketStatus::Paid;
        sum.ticketsRefunded += st == TicketStatus::Refunded;
        sum.ticketsExpired += st == TicketStatus::Expired;
    }
    for (const QString& id : m.orderOrder()) {
        const OrderStatus st = m.orders().at(id).status;
        want.emplace_back(Kind::Order, id.toStdString(), orderStatus(st));
        sum.ordersAwaitingPrepay += st == OrderStatus::Awaiting;
        sum.ordersQueued += st == OrderStatus::Queued;
        sum.ordersFulfilled += st == OrderStatus::Served;
        sum.ordersCancelled += st == OrderStatus::CancelledUser || st == OrderStatus::PrepayTimeout;
        sum.ordersExpired += st == OrderStatus::Expired;
        sum.ordersFailed += st == OrderStatus::Failed;
    }
    for (const QString& id : m.blockOrder()) {
        const bool released = m.blocks().at(id).released;
        want.emplace_back(Kind::Block, id.toStdString(), released ? "released" : "live");
        sum.blocksLive += !released;
    }
    sum.runs = qint64(m.runs().size());
    for (const auto& [key, run] : m.runs())
        sum.seats += qint64(run.seats.size());
    std::vector<std::tuple<Kind, std::string, std::string>> got;
    for (const auto& r : engine.records())
        got.emplace_back(r.kind, r.id, r.status);
    auto byKind = [](const auto& a, const auto& b) { return std::get<0>(a) < std::get<0>(b); };
    std::stable_sort(want.begin(), want.end(), byKind);
    std::stable_sort(got.begin(), got.end(), byKind);
    if (got != want) {
        for (size_t i = 0; i < std::max(got.size(), want.size()); ++i) {
            if (i < got.size() && i < want.size() && got[i] == want[i]) continue;
            return QStringLiteral("Engine::records() #%1 is %2 %3; the event stream says %4 %5")
                .arg(i)
                .arg(QString::fromStdString(i < got.size() ? std::get<1>(got[i]) : "(none)"),
                     QString::fromStdString(i < got.size() ? std::get<2>(got[i]) : ""),
                     QString::fromStdString(i < want.size() ? std::get<1>(want[i]) : "(none)"),
                     QString::fromStdString(i < want.size() ? std::get<2>(want[i]) : ""));
        }
    }
    const houbu::EngineSummary es = engine.summary();
    if (!(es == sum))
        return QStringLiteral(
                   "Engine::summary() {runs %1 seats %2 held %3 paid %4 refunded %5 expired %6 "
                   "blocks %7 awaiting %8 queued %9 fulfilled %10 cancelled %11 expired %12}; the "
                   "event stream says {%13 %14 %15 %16 %17 %18 %19 %20 %21 %22 %23 %24}")
            .arg(es.runs)
            .arg(es.seats)
            .arg(es.ticketsHeld)
            .arg(es.ticketsPaid)
            .arg(es.ticketsRefunded)
            .arg(es.ticketsExpired)
            .arg(es.blocksLive)
            .arg(es.ordersAwaitingPrepay)
            .arg(es.ordersQueued)
            .arg(es.ordersFulfilled)
            .arg(es.ordersCancelled)
            .arg(es.ordersExpired)
            .arg(sum.runs)
            .arg(sum.seats)
            .arg(sum.ticketsHeld)
            .arg(sum.ticketsPaid)
            .arg(sum.ticketsRefunded)
            .arg(sum.ticketsExpired)
            .arg(sum.blocksLive)
            .arg(sum.ordersAwaitingPrepay)
            .arg(sum.ordersQueued)
            .arg(sum.ordersFulfilled)
            .arg(sum.ordersCancelled)
            .arg(sum.ordersExpired);
    return QString();
}

// Feeds one line to the engine and the model; returns a failure, if any.
LineResult step(houbu::Runner& runner, ReferenceModel& model, const QByteArray& line, int lineNo,
                QByteArray& out) {
    out.clear();
    runner.processLine(line, lineNo, out);
    QList<QJsonObject> events;
    QString error;
    if (!parseOutput(out, events, error)) return {true, L("output_json"), error};
    if (const auto f = model.check(line, lineNo, events)) return {true, f->tag, f->message};
    const std::string inv = runner.engine().checkInvariants();
    if (!inv.empty())
        return {true, L("engine_invariants"),
                L("Engine::checkInvariants(): ") + QString::fromStdString(inv)};
    if (lineNo % 10 == 0) {
        const QString rec = compareRecords(runner.engine(), model);
        if (!rec.isEmpty()) return {true, L("engine_records"), rec};
    }
    return {};
}

struct ReplayResult {
    bool failed = false;
    int lineIndex = -1;
    QString tag;
};

QSet<QString> toleratedTags() {
    QStringList tags =
        qEnvironmentVariable("HOUBU_RANDOM_TOLERATE").split(QLatin1Char(','), Qt::SkipEmptyParts);
    return QSet<QString>(tags.begin(), tags.end());
}

ReplayResult replay(const std::vector<QByteArray>& lines) {
    houbu::Runner runner;
    ReferenceModel model;
    model.setTolerated(toleratedTags());
    QByteArray out;
    for (size_t i = 0; i < lines.size(); ++i) {
        const LineResult r = step(runner, model, lines[i], int(i) + 1, out);
        if (r.failed) return {true, int(i), r.tag};
    }
    return {};
}

// Removes chunks of lines while the same kind of failure persists.
std::vector<QByteArray> minimize(std::vector<QByteArray> lines, const QString& tag,
                                 qint64 budgetMs) {
    QElapsedTimer timer;
    timer.start();
    size_t chunk = std::max<size_t>(1, lines.size() / 2);
    while (timer.elapsed() < budgetMs) {
        bool removed = false;
        for (size_t start = 0; start < lines.size() && timer.elapsed() < budgetMs;) {
            std::vector<QByteArray> cand;
            for (size_t i = 0; i < lines.size(); ++i)
                if (i < start || i >= start + chunk) cand.push_back(lines[i]);
            const ReplayResult r = replay(cand);
            if (r.failed && r.tag == tag) {
                cand.resize(size_t(r.lineIndex) + 1);
                lines = cand;
                removed = true;
            } else {
                start += chunk;
            }
        }
        if (!removed) {
            if (chunk == 1) break;
            chunk = std::max<size_t>(1, chunk / 2);
        }
    }
    return lines;
}

QByteArray outputOf(const std::vector<QByteArray>& lines) {
    houbu::Runner runner;
    QByteArray all, out;
    for (size_t i = 0; i < lines.size(); ++i) {
        out.clear();
        runner.processLine(lines[i], int(i) + 1, out);
        all += out;
    }
    return all;
}

bool writeFile(const QString& path, const std::vector<QByteArray>& lines) {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) return false;
    for (const QByteArray& l : lines)
        f.write(l + '\n');
    return true;
}

int commandsForSeed(quint64 seed) {
    return 500 + int((seed * 397) % 1001);
}

}  // namespace

// ---------------------------------------------------------------- oracle self-test

// Corruptions of a correct engine answer that the reference model must notice.
enum Mutation {
    DropFulfilled,        // a waitlist service on a `complete` run goes missing
    DropHoldExpiry,       // a due hold does not expire
    DropOrderTimer,       // a due prepayment timeout or order expiry does not fire
    AvailabilityOff,      // availability off by one
    RankOff,              // a queue rank off by one
    StealSeat,            // a sale takes a seat that is not free
    FalseSoldOut,         // a sale that should succeed answers sold_out
    PrepayOff,            // prepayment amount off by half a yuan
    PayByOff,             // hold deadline off by a minute
    SeatmapDrop,          // the seat map forgets a holder
    SwapTiedTimers,       // two holds due at the same time fire in the wrong order
    DropExactFulfilled,   // a waitlist service on an `exact` run goes missing
    ServeLaterOrder,      // a later order is served while an earlier one is servable
    UseLaterOption,       // an order is served on a later option than its first servable one
    NotBestFit,           // a single seat that is free but not the best-fit one
    SplitGroup,           // a group that sits together in one row is split
    SwapTiedExpiries,     // an order's timer and another due at the same instant swap places
    StandingNotAccepted,  // an order that does not accept standing is served standing
    StandingOverPlaces,   // a standing sale beyond the places left is taken
    ServeConflicting,     // an order that fails (兑现失败) is served on a conflicting option
    DropFailure,          // a due 兑现失败 does not happen
    FailWrongPassenger,   // a failure names a passenger who does not conflict
    DropOptionAdded,      // an accepting order is not offered an added run
    QueueOverCap,         // a waitlist or prepay over a class's cap is taken
    StandingAvailabilityOff,  // availability's standing places off by one
    MutationCount
};

const char* const kMutationNames[] = {"DropFulfilled",
                                      "DropHoldExpiry",
                                      "DropOrderTimer",
                                      "AvailabilityOff",
                                      "RankOff",
                                      "StealSeat",
                                      "FalseSoldOut",
                                      "PrepayOff",
                                      "PayByOff",
                                      "SeatmapDrop",
                                      "SwapTiedTimers",
                                      "DropExactFulfilled",
                                      "ServeLaterOrder",
                                      "UseLaterOption",
                                      "NotBestFit",
                                      "SplitGroup",
                                      "SwapTiedExpiries",
                                      "StandingNotAccepted",
                                      "StandingOverPlaces",
                                      "ServeConflicting",
                                      "DropFailure",
                                      "FailWrongPassenger",
                                      "DropOptionAdded",
                                      "QueueOverCap",
                                      "StandingAvailabilityOff"};

// The check that must catch each corruption (its failure tag): the corrupted
// answer breaks that rule and no other one first.
const QStringList kCaughtBy[] = {
    // A service left out: the order stays servable, or a later one is served before it.
    {QStringLiteral("servable_left"), QStringLiteral("served_out_of_order")},
    {QStringLiteral("timer_late")},
    {QStringLiteral("timer_late")},
    {QStringLiteral("availability")},
    {QStringLiteral("position")},
    {QStringLiteral("double_occupancy"), QStringLiteral("explicit_seat")},
    {QStringLiteral("error_code")},
    {QStringLiteral("prepay_amount")},
    {QStringLiteral("pay_by")},
    {QStringLiteral("seatmap")},
    {QStringLiteral("timer_tie_order")},
    {QStringLiteral("exact_servable_left")},
    {QStringLiteral("served_out_of_order"), QStringLiteral("exact_out_of_order")},
    {QStringLiteral("served_on_later_option")},
    {QStringLiteral("seat_choice")},
    {QStringLiteral("group_seats")},
    {QStringLiteral("timer_tie_order")},
    {QStringLiteral("standing_not_accepted")},
    // The sale must be sold_out: its success is the error.
    {QStringLiteral("expected_error")},
    {QStringLiteral("served_conflict")},
    // The order keeps room on an option, or a later order is served before it.
    {QStringLiteral("servable_left"), QStringLiteral("served_out_of_order")},
    {QStringLiteral("failed_passenger")},
    {QStringLiteral("option_added")},
    {QStringLiteral("expected_error")},
    {QStringLiteral("availability")}};
static_assert(std::size(kMutationNames) == MutationCount);
static_assert(std::size(kCaughtBy) == MutationCount);

QString ev(const QJsonObject& e) {
    return e.value(QLatin1String("event")).toString();
}

// Seats (run key and label) that the events before `end` take or free: the model's
// state before the line does not tell what they are at that point.
std::set<std::pair<QString, QString>> seatsTouched(const QList<QJsonObject>& events, int end) {
    std::set<std::pair<QString, QString>> out;
    for (int i = 0; i < end && i < events.size(); ++i) {
        const QJsonObject& e = events[i];
        const QString run = ReferenceModel::runKey(e.value(QLatin1String("train")).toString(),
                                                   e.value(QLatin1String("date")).toString());
        if (e.contains(QLatin1String("seat")))
            out.insert({run, e.value(QLatin1String("seat")).toString()});
        for (const auto& t : e.value(QLatin1String("tickets")).toArray())
            out.insert({run, t.toObject().value(QLatin1String("seat")).toString()});
        for (const auto& seat : e.value(QLatin1String("seats")).toArray())
            if (seat.isString()) out.insert({run, seat.toString()});
    }
    return out;
}

// A timed effect at the front of a line's events: one timer's roots (a sale's
// hold_expired, or one order's prepay_timeout / waitlist_expired) and the
// seat_released and waitlist_fulfilled after them.
struct TimedEffect {
    int first = 0;
    int end = 0;  // one past the last event
    QString timer;
    QString at;
    bool ordersTimer = false;
    bool serves = false;
};

std::vector<TimedEffect> timedEffects(const QList<QJsonObject>& events, const ReferenceModel& m) {
    std::vector<TimedEffect> out;
    for (int i = 0; i < events.size(); ++i) {
        const QJsonObject& e = events[i];
        const QString kind = e.value(QLatin1String("event")).toString();
        QString timer;
        if (kind == QLatin1String("hold_expired")) {
            const auto t = m.tickets().find(e.value(QLatin1String("ticket")).toString());
            if (t == m.tickets().end()) break;
            timer = QStringLiteral("sale ") + t->second.sale;
        } else if (kind == QLatin1String("waitlist_expired") ||
                   (kind == QLatin1String("waitlist_cancelled") &&
                    e.value(QLatin1String("reason")).toString() ==
                        QLatin1String("prepay_timeout"))) {
            timer = QStringLiteral("order ") + e.value(QLatin1String("id")).toString();
        }
        if (!timer.isEmpty()) {
            if (out.empty() || out.back().timer != timer ||
                out.back().at != e.value(QLatin1String("at")).toString())
                out.push_back({i, i, timer, e.value(QLatin1String("at")).toString(),
                               !timer.startsWith(QLatin1String("sale")), false});
        } else if (out.empty() || !((kind == QLatin1String("seat_released") &&
                                     events[i - 1].value(QLatin1String("event")).toString() ==
                                         QLatin1String("hold_expired")) ||
                                    kind == QLatin1String("waitlist_fulfilled"))) {
            break;  // a seat_released not right after a hold is the command's own
        }
        out.back().end = i + 1;
        out.back().serves = out.back().serves || kind == QLatin1String("waitlist_fulfilled");
    }
    return out;
}

bool mutate(Mutation kind, QList<QJsonObject>& events, const ReferenceModel& m,
            const QByteArray& line) {
    const QJsonObject command = QJsonDocument::fromJson(line).object();
    auto find = [&](const char* name, int from = 0) {
        for (int i = from; i < events.size(); ++i)
            if (ev(events[i]) == QLatin1String(name)) return i;
        return -1;
    };
    auto runOf = [&](const QJsonObject& e) -> const RefRun* {
        auto it = m.runs().find(
            ReferenceModel::runKey(e.value(L("train")).toString(), e.value(L("date")).toString()));
        return it == m.runs().end() ? nullptr : &it->second;
    };
    switch (kind) {
        case DropFulfilled:
            for (int i = 0; i < events.size(); ++i) {
                if (ev(events[i]) != QLatin1String("waitlist_fulfilled")) continue;
                const RefRun* r = runOf(events[i]);
                if (!r || r->exact) continue;
                events.removeAt(i);
                return true;
            }
            return false;
        case DropHoldExpiry: {
            const int i = find("hold_expired");
            if (i < 0 || i + 1 >= events.size() ||
                ev(events[i + 1]) != QLatin1String("seat_released"))
                return false;
            events.remove(i, 2);
            return true;
        }
        case DropOrderTimer:
            for (int i = 0; i < events.size(); ++i) {
                const QString k = ev(events[i]);
                if (k == QLatin1String("waitlist_expired") ||
                    (k == QLatin1String("waitlist_cancelled") &&
                     events[i].value(L("reason")).toString() == QLatin1String("prepay_timeout"))) {
                    events.removeAt(i);
                    return true;
                }
            }
            return false;
        case AvailabilityOff: {
            const int i = find("availability");
            if (i < 0) return false;
            const int free = events[i].value(L("free")).toInt();
            events[i].insert(L("free"), free == 0 ? 1 : free - 1);
            return true;
        }
        case RankOff: {
            const int i = find("position");
            if (i < 0) return false;
            QJsonArray queues = events[i].value(L("queues")).toArray();
            if (queues.isEmpty()) return false;
            QJsonObject q = queues[0].toObject();
            q.insert(L("rank"), q.value(L("rank")).toInt() + 1);
            queues[0] = q;
            events[i].insert(L("queues"), queues);
            return true;
        }
        case StealSeat: {
            const int i = find("ticket_held");
            if (i < 0 || events[i].value(L("standing")).toBool()) return false;
            const RefRun* r = runOf(events[i]);
            if (!r) return false;
            const int f = r->stationIndex(events[i].value(L("from")).toString());
            const int t = r->stationIndex(events[i].value(L("to")).toString());
            for (const auto& s : r->seats) {
                if (s.cls != events[i].value(L("class")).toString() ||
                    ReferenceModel::seatFree(s, f, t))
                    continue;
                events[i].insert(L("seat"), s.label);
                return true;
            }
            return false;
        }
        case FalseSoldOut: {
            const int i = find("ticket_held");
            if (i < 0 ||
                (i + 1 < events.size() && ev(events[i + 1]) == QLatin1String("ticket_paid")))
                return false;  // a reschedule (some may legitimately fail)
            QJsonObject e = events[i];
            for (const char* k : {"ticket", "sale", "passenger", "train", "date", "class", "seat",
                                  "from", "to", "pay_by"})
                e.remove(L(k));
            e.insert(L("event"), L("error"));
            e.insert(L("code"), L("sold_out"));
            e.insert(L("message"), L("sold out"));
            e.insert(L("waitlist"), true);
            events.erase(events.begin() + i, events.end());
            events.append(e);
            return true;
        }
        case PrepayOff: {
            const int i = find("waitlist_submitted");
            if (i < 0) return false;
            events[i].insert(L("prepay"), events[i].value(L("prepay")).toDouble() + 0.5);
            return true;
        }
        case PayByOff: {
            const int i = find("ticket_held");
            if (i < 0 ||
                ev(events[i + 1 < events.size() ? i + 1 : i]) == QLatin1String("ticket_paid"))
                return false;  // a reschedule's pay_by is not checked
            const auto t = refParseTime(events[i].value(L("pay_by")).toString());
            events[i].insert(L("pay_by"), refFormatTime(*t + 60));
            return true;
        }
        case SeatmapDrop: {
            const int i = find("seatmap");
            if (i < 0) return false;
            QJsonArray seats = events[i].value(L("seats")).toArray();
            for (int j = 0; j < seats.size(); ++j) {
                QJsonObject s = seats[j].toObject();
                QJsonArray occ = s.value(L("occupied")).toArray();
                if (occ.isEmpty()) continue;
                occ.removeAt(0);
                s.insert(L("occupied"), occ);
                seats[j] = s;
                events[i].insert(L("seats"), seats);
                return true;
            }
            return false;
        }
        case SwapTiedTimers:
            // Not where a service follows: which effect freed what it used is then at stake.
            if (find("waitlist_fulfilled") >= 0) return false;
            for (int i = 0; i + 3 < events.size(); ++i) {
                if (ev(events[i]) != QLatin1String("hold_expired") ||
                    ev(events[i + 2]) != QLatin1String("hold_expired") ||
                    events[i].value(L("at")) != events[i + 2].value(L("at")))
                    continue;
                std::swap(events[i], events[i + 2]);
                std::swap(events[i + 1], events[i + 3]);
                return true;
            }
            return false;
        case DropExactFulfilled: {
            // The line's last event, so that nothing after it depends on the service.
            const int i = int(events.size()) - 1;
            if (i < 0 || ev(events[i]) != QLatin1String("waitlist_fulfilled")) return false;
            const RefRun* r = runOf(events[i]);
            if (!r || !r->exact) return false;
            events.removeAt(i);
            return true;
        }
        case ServeLaterOrder:
            // Two services of one pass in the wrong order: the later order first, while
            // the earlier one can still be served (the later one on its first option, so
            // that only the order of orders is at stake).
            for (int i = 0; i + 1 < events.size(); ++i) {
                if (ev(events[i]) != QLatin1String("waitlist_fulfilled") ||
                    ev(events[i + 1]) != QLatin1String("waitlist_fulfilled"))
                    continue;
                const auto x = m.orders().find(events[i].value(L("id")).toString());
                const auto z = m.orders().find(events[i + 1].value(L("id")).toString());
                if (x == m.orders().end() || z == m.orders().end() ||
                    x->second.status != OrderStatus::Queued ||
                    z->second.status != OrderStatus::Queued ||
                    std::tie(z->second.effective, z->second.submitIndex) <=
                        std::tie(x->second.effective, x->second.submitIndex))
                    continue;
                const RefOption& first = z->second.options.front();
                if (first.train != events[i + 1].value(L("train")).toString() ||
                    first.date != events[i + 1].value(L("date")).toString() ||
                    first.cls != events[i + 1].value(L("class")).toString())
                    continue;
                std::swap(events[i], events[i + 1]);
                return true;
            }
            // Else another queued order, later than the one served, takes its seats.
            for (int i = 0; i < events.size(); ++i) {
                if (ev(events[i]) != QLatin1String("waitlist_fulfilled")) continue;
                const auto served = m.orders().find(events[i].value(L("id")).toString());
                if (served == m.orders().end() || served->second.status != OrderStatus::Queued)
                    continue;
                const RefOrder& x = served->second;
                const RefRun* r = runOf(events[i]);
                if (!r) continue;
                const QString cls = events[i].value(L("class")).toString();
                const auto before = seatsTouched(events, i);
                std::set<QString> decided;  // orders this line serves or ends before event i
                for (int j = 0; j < i; ++j)
                    if (events[j].contains(L("id")))
                        decided.insert(events[j].value(L("id")).toString());
                // A later order that the seats given to x would fit: an interval inside
                // x's (exactly x's under `exact`, where queues do not mix), no more
                // passengers.
                const int xf = r->stationIndex(x.from), xt = r->stationIndex(x.to);
                const RefOrder* later = nullptr;
                for (const auto& [id, y] : m.orders()) {
                    const int yf = r->stationIndex(y.from), yt = r->stationIndex(y.to);
                    const bool fits = r->exact ? yf == xf && yt == xt : yf >= xf && yt <= xt;
                    if (y.status != OrderStatus::Queued || id == x.id || decided.count(id) ||
                        yf < 0 || yt < 0 || !fits || y.passengers.size() > x.passengers.size() ||
                        std::tie(y.effective, y.submitIndex) <=
                            std::tie(x.effective, x.submitIndex))
                        continue;
                    // On an option whose earlier ones cannot serve it (on runs this line has
                    // not touched before the service), so that only the order of orders is
                    // at stake.
                    bool earlierServable = false;
                    size_t j = 0;
                    for (; j < y.options.size(); ++j) {
                        const RefOption& opt = y.options[j];
                        if (opt.run == ReferenceModel::runKey(r->train, r->date) && opt.cls == cls)
                            break;
                        const RefRun& run = m.runs().at(opt.run);
                        const bool touched =
                            std::any_of(before.begin(), before.end(),
                                        [&](const auto& seat) { return seat.first == opt.run; });
                        const int of = run.stationIndex(y.from), ot = run.stationIndex(y.to);
                        if (run.exact != r->exact) continue;
                        if (touched ||
                            m.freeCount(run, opt.cls, of, ot) >= int(y.passengers.size()))
                            earlierServable = true;
                    }
                    if (j == y.options.size() || earlierServable) continue;
                    if (!later || std::tie(y.effective, y.submitIndex) <
                                      std::tie(later->effective, later->submitIndex))
                        later = &y;
                }
                if (!later) continue;
                events[i].insert(L("id"), later->id);
                QJsonArray tickets;
                for (int k = 0; k < later->passengers.size(); ++k) {
                    QJsonObject t = events[i].value(L("tickets")).toArray()[k].toObject();
                    t.insert(L("ticket"), QStringLiteral("%1.%2").arg(later->id).arg(k + 1));
                    t.insert(L("passenger"), later->passengers[k]);
                    t.insert(L("from"), later->from);
                    t.insert(L("to"), later->to);
                    tickets.append(t);
                }
                events[i].insert(L("tickets"), tickets);
                return true;
            }
            return false;
        case UseLaterOption:
            for (int i = 0; i < events.size(); ++i) {
                if (ev(events[i]) != QLatin1String("waitlist_fulfilled")) continue;
                const auto served = m.orders().find(events[i].value(L("id")).toString());
                if (served == m.orders().end()) continue;
                const RefOrder& x = served->second;
                const RefRun* r = runOf(events[i]);
                if (!r) continue;
                // Under `exact` an order chooses among its options only when it becomes
                // effective; a release or an added car serves it on the option it reached.
                const bool prepaidNow =
                    command.value(L("op")).toString() == QLatin1String("prepay") &&
                    command.value(L("id")).toString() == x.id;
                if (r->exact && !prepaidNow) continue;
                const QString key = ReferenceModel::runKey(r->train, r->date);
                const QString cls = events[i].value(L("class")).toString();
                int k = 0;
                while (k < int(x.options.size()) &&
                       (x.options[size_t(k)].run != key || x.options[size_t(k)].cls != cls))
                    ++k;
                const RefTime now = refParseTime(events[i].value(L("at")).toString()).value_or(0);
                const auto touched = seatsTouched(events, i);
                for (size_t j = size_t(k) + 1; j < x.options.size(); ++j) {
                    const RefOption& opt = x.options[j];
                    const RefRun& run = m.runs().at(opt.run);
                    const auto leaves = m.optionDeparture(x, opt);
                    if (run.exact != r->exact || (leaves && *leaves <= now)) continue;
                    const int f = run.stationIndex(x.from), t = run.stationIndex(x.to);
                    QJsonArray tickets = events[i].value(L("tickets")).toArray();
                    int given = 0;
                    for (const RefSeat& seat : run.seats) {
                        if (given == tickets.size()) break;
                        if (seat.cls != opt.cls || !ReferenceModel::seatFree(seat, f, t) ||
                            touched.count({opt.run, seat.label}))
                            continue;
                        // A whole seat now: no standing place, no legs.
                        QJsonObject tk = tickets[given].toObject();
                        tk.insert(L("seat"), seat.label);
                        tk.remove(L("standing"));
                        tk.remove(L("legs"));
                        tickets[given++] = tk;
                    }
                    if (given < tickets.size()) continue;
                    events[i].insert(L("train"), opt.train);
                    events[i].insert(L("date"), opt.date);
                    events[i].insert(L("class"), opt.cls);
                    events[i].insert(L("tickets"), tickets);
                    return true;
                }
            }
            return false;
        case NotBestFit:
        case SplitGroup:
            for (int i = 0; i < events.size(); ++i) {
                const QString k = ev(events[i]);
                // The seats of one choice: a waitlist service, or a sale's holds when the
                // sale names no seats and no preference.
                QStringList seats;
                int last = i;
                if (k == QLatin1String("waitlist_fulfilled")) {
                    for (const auto& t : events[i].value(L("tickets")).toArray())
                        seats << t.toObject().value(L("seat")).toString();
                } else if (k == QLatin1String("ticket_held") &&
                           command.value(L("op")).toString() == QLatin1String("sell") &&
                           !command.contains(L("seats")) && !command.contains(L("prefer")) &&
                           events[i].value(L("ticket")).toString() ==
                               command.value(L("id")).toString() + L(".1")) {
                    for (last = i; last < events.size() && ev(events[last]) == k; ++last)
                        seats << events[last].value(L("seat")).toString();
                    --last;
                } else {
                    continue;
                }
                if ((kind == NotBestFit) != (seats.size() == 1)) continue;
                const RefRun* r = runOf(events[i]);
                if (!r) continue;
                const QString key = ReferenceModel::runKey(r->train, r->date);
                // The interval: the sale's, or that of the service's tickets.
                const QJsonObject trip =
                    k == QLatin1String("ticket_held")
                        ? events[i]
                        : events[i].value(L("tickets")).toArray()[0].toObject();
                const int f = r->stationIndex(trip.value(L("from")).toString());
                const int t = r->stationIndex(trip.value(L("to")).toString());
                if (f < 0 || t <= f) continue;
                const int si = r->seatIndex(seats.back());
                if (si < 0) continue;
                const RefSeat& moved = r->seats[size_t(si)];
                if (kind == SplitGroup) {
                    // Only a group seated together in one row (as the rules ask when they can).
                    std::vector<int> pos;
                    bool oneRow = true;
                    for (const QString& label : seats) {
                        const RefSeat& s2 = r->seats[size_t(r->seatIndex(label))];
                        oneRow = oneRow && s2.car == moved.car && s2.row == moved.row;
                        pos.push_back(s2.letterPos);
                    }
                    std::sort(pos.begin(), pos.end());
                    if (!oneRow || pos.back() - pos.front() != int(pos.size()) - 1) continue;
                }
                const auto touched = seatsTouched(events, last + 1);
                const RefSeat* other = nullptr;
                int otherWaste = -1;
                for (const RefSeat& s2 : r->seats) {
                    if (s2.cls != moved.cls || s2.label == moved.label ||
                        !ReferenceModel::seatFree(s2, f, t) || touched.count({key, s2.label}))
                        continue;
                    if (kind == SplitGroup && s2.car == moved.car && s2.row == moved.row) continue;
                    // The most wasteful free seat: as far from best-fit as it gets.
                    int l = f, h = t;
                    while (l > 0 && !(s2.mask & (std::uint64_t(1) << (l - 1))))
                        --l;
                    while (h < r->segments() && !(s2.mask & (std::uint64_t(1) << h)))
                        ++h;
                    if ((h - l) > otherWaste) {
                        otherWaste = h - l;
                        other = &s2;
                    }
                }
                if (!other) continue;
                if (k == QLatin1String("ticket_held")) {
                    events[last].insert(L("seat"), other->label);
                } else {
                    QJsonArray tickets = events[i].value(L("tickets")).toArray();
                    QJsonObject tk = tickets.last().toObject();
                    tk.insert(L("seat"), other->label);
                    tickets[tickets.size() - 1] = tk;
                    events[i].insert(L("tickets"), tickets);
                }
                return true;
            }
            return false;
        case SwapTiedExpiries: {
            const std::vector<TimedEffect> effects = timedEffects(events, m);
            for (size_t a = 0; a + 1 < effects.size(); ++a) {
                const TimedEffect& x = effects[a];
                const TimedEffect& y = effects[a + 1];
                if (x.at != y.at || x.serves || y.serves || !(x.ordersTimer || y.ordersTimer))
                    continue;
                // An expiry moved by an added run has no fixed place among its ties.
                auto extended = [&](const TimedEffect& t) {
                    const auto o = m.orders().find(t.timer.mid(6));
                    return t.ordersTimer && o != m.orders().end() && o->second.extended;
                };
                if (extended(x) || extended(y)) continue;
                QList<QJsonObject> swapped = events.mid(0, x.first);
                swapped += events.mid(y.first, y.end - y.first);
                swapped += events.mid(x.first, x.end - x.first);
                swapped += events.mid(y.end);
                events = swapped;
                return true;
            }
            return false;
        }
        case StandingNotAccepted:
            for (int i = 0; i < events.size(); ++i) {
                if (ev(events[i]) != QLatin1String("waitlist_fulfilled")) continue;
                const auto o = m.orders().find(events[i].value(L("id")).toString());
                if (o == m.orders().end() || o->second.acceptStanding) continue;
                QJsonArray tickets = events[i].value(L("tickets")).toArray();
                for (int j = 0; j < tickets.size(); ++j) {
                    QJsonObject tk = tickets[j].toObject();
                    tk = QJsonObject{{L("ticket"), tk.value(L("ticket"))},
                                     {L("passenger"), tk.value(L("passenger"))},
                                     {L("seat"), QJsonValue()},
                                     {L("standing"), true},
                                     {L("from"), tk.value(L("from"))},
                                     {L("to"), tk.value(L("to"))}};
                    tickets[j] = tk;
                }
                events[i].insert(L("tickets"), tickets);
                return true;
            }
            return false;
        case StandingOverPlaces: {
            if (!command.value(L("standing")).toBool() || events.isEmpty() ||
                events.last().value(L("code")).toString() != QLatin1String("sold_out"))
                return false;
            // The refused sale answered as taken: one standing hold per passenger.
            const QJsonObject err = events.takeLast();
            const RefTime at = refParseTime(err.value(L("at")).toString()).value_or(0);
            const auto run = m.runs().find(ReferenceModel::runKey(
                command.value(L("train")).toString(), command.value(L("date")).toString()));
            const int hold = run == m.runs().end() ? 30 : run->second.holdMinutes;
            const QJsonArray names = command.value(L("passengers")).toArray();
            for (int j = 0; j < names.size(); ++j) {
                QJsonObject e = err;
                for (const char* k : {"code", "message", "waitlist"})
                    e.remove(L(k));
                const QString id = command.value(L("id")).toString();
                e.insert(L("event"), L("ticket_held"));
                e.insert(L("ticket"), QStringLiteral("%1.%2").arg(id).arg(j + 1));
                e.insert(L("sale"), id);
                e.insert(L("passenger"), names[j]);
                for (const char* k : {"train", "date", "class", "from", "to"})
                    e.insert(L(k), command.value(L(k)));
                e.insert(L("seat"), QJsonValue());
                e.insert(L("standing"), true);
                e.insert(L("pay_by"), refFormatTime(at + RefTime(hold) * 60));
                events.append(e);
            }
            return true;
        }
        case ServeConflicting:
        case DropFailure:
        case FailWrongPassenger:
            for (int i = 0; i < events.size(); ++i) {
                if (ev(events[i]) != QLatin1String("waitlist_failed")) continue;
                const auto o = m.orders().find(events[i].value(L("id")).toString());
                if (o == m.orders().end()) continue;
                const RefOrder& ord = o->second;
                if (kind == FailWrongPassenger) {
                    events[i].insert(L("passenger"), L("Nobody At All"));
                    return true;
                }
                if (kind == DropFailure) {
                    // Under `exact` what serves is the trigger's business: not this check's.
                    if (std::any_of(ord.options.begin(), ord.options.end(),
                                    [&](const RefOption& p) { return m.runs().at(p.run).exact; }))
                        continue;
                    events.removeAt(i);
                    return true;
                }
                // Served instead, on an option where a passenger travels at an overlapping time.
                for (const RefOption& opt : ord.options) {
                    if (m.orderConflict(ord, opt) != 2) continue;
                    QJsonArray tickets;
                    for (int j = 0; j < ord.passengers.size(); ++j)
                        tickets.append(QJsonObject{
                            {L("ticket"), QStringLiteral("%1.%2").arg(ord.id).arg(j + 1)},
                            {L("passenger"), ord.passengers[j]},
                            {L("seat"), m.runs().at(opt.run).seats.front().label},
                            {L("from"), ord.from},
                            {L("to"), ord.to}});
                    QJsonObject e = events[i];
                    e.remove(L("reason"));
                    e.remove(L("passenger"));
                    e.insert(L("event"), L("waitlist_fulfilled"));
                    e.insert(L("train"), opt.train);
                    e.insert(L("date"), opt.date);
                    e.insert(L("class"), opt.cls);
                    e.insert(L("tickets"), tickets);
                    events[i] = e;
                    return true;
                }
            }
            return false;
        case DropOptionAdded: {
            const int i = find("option_added");
            if (i < 0) return false;
            events.removeAt(i);
            return true;
        }
        case QueueOverCap: {
            if (events.size() != 1 ||
                events[0].value(L("code")).toString() != QLatin1String("waitlist_full"))
                return false;
            QJsonObject e = events[0];
            for (const char* k : {"code", "message", "waitlist"})
                e.remove(L(k));
            e.insert(L("id"), command.value(L("id")));
            if (command.value(L("op")).toString() == QLatin1String("waitlist")) {
                e.insert(L("event"), L("waitlist_submitted"));
                e.insert(L("prepay"), 0);
                e.insert(L("pay_by"), refFormatTime(m.clock() + 1800));
            } else {
                e.insert(L("event"), L("waitlist_effective"));
            }
            events[0] = e;
            return true;
        }
        case StandingAvailabilityOff: {
            const int i = find("availability");
            if (i < 0 || events[i].value(L("standing")).toInt() == 0) return false;
            events[i].insert(L("standing"), events[i].value(L("standing")).toInt() - 1);
            return true;
        }
        case MutationCount:
            break;
    }
    return false;
}

// What each version 2 rule shows in the event stream; every one must be seen over
// the default seeds, or the generator no longer exercises that rule.
const char* const kVersion2Kinds[] = {
    "standing sale", "standing sale sold out", "standing service", "standing release",
    "added car with standing", "standing availability", "standing seat map", "option_added",
    "waitlist_failed", "configured", "limit bad_command", "too_many_orders", "waitlist_capped",
    "waitlist_full on waitlist", "waitlist_full on prepay", "seat change service",
    "group seat change service", "seat change release", "partial_ticket on a leg",
    // the same rules on `exact` runs (rule 5)
    "standing sale on exact", "standing service on exact", "standing release on exact",
    "option_added on exact", "added run served on exact", "added exact run drains a queue",
    "waitlist_failed on exact", "waitlist_capped on exact", "waitlist_full on exact"};

QStringList version2Kinds(const QByteArray& line, const QJsonObject& e,
                          const ReferenceModel& model) {
    const QString k = e.value(L("event")).toString();
    const QString code = e.value(L("code")).toString();
    const QJsonObject command = QJsonDocument::fromJson(line).object();
    const QString op = command.value(L("op")).toString();
    const bool standing = e.value(L("standing")).toBool();
    QStringList out;
    if (k == QLatin1String("ticket_held") && standing) out << L("standing sale");
    if (code == QLatin1String("sold_out") && command.value(L("standing")).toBool())
        out << L("standing sale sold out");
    if (k == QLatin1String("waitlist_fulfilled") &&
        e.value(L("tickets")).toArray().first().toObject().value(L("standing")).toBool())
        out << L("standing service");
    if (k == QLatin1String("seat_released") && standing) out << L("standing release");
    if (k == QLatin1String("waitlist_fulfilled")) {
        const QJsonArray tickets = e.value(L("tickets")).toArray();
        for (const auto& t : tickets)
            if (t.toObject().contains(L("legs"))) {
                out << (tickets.size() > 1 ? L("group seat change service")
                                           : L("seat change service"));
                break;
            }
    }
    if (k == QLatin1String("ticket_refunded") || k == QLatin1String("hold_expired")) {
        const auto ticket = model.tickets().find(e.value(L("ticket")).toString());
        if (ticket != model.tickets().end() && !ticket->second.legs.empty())
            out << L("seat change release");
    }
    if (code == QLatin1String("partial_ticket") &&
        e.value(L("message")).toString().contains(L("one leg")))
        out << L("partial_ticket on a leg");
    if (k == QLatin1String("car_added") && e.contains(L("standing")))
        out << L("added car with standing");
    if (k == QLatin1String("availability") && e.value(L("standing")).toInt() > 0)
        out << L("standing availability");
    if (k == QLatin1String("seatmap") && e.contains(L("standing"))) out << L("standing seat map");
    if (k == QLatin1String("option_added") || k == QLatin1String("waitlist_failed") ||
        k == QLatin1String("configured") || k == QLatin1String("waitlist_capped"))
        out << k;
    // A waitlist refused for a limit: its stateless fields name the limit.
    if (code == QLatin1String("bad_command") && op == QLatin1String("waitlist") &&
        (e.value(L("message")).toString().contains(L("at most")) ||
         e.value(L("message")).toString().contains(L("names, got"))))
        out << L("limit bad_command");
    if (code == QLatin1String("too_many_orders")) out << code;
    if (code == QLatin1String("waitlist_full")) out << L("waitlist_full on ") + op;

    // Which of them happened on an `exact` run: the event's run, else the
    // order's (the command's for a refused waitlist).
    auto exactRun = [&](const QString& train, const QString& date) {
        const auto it = model.runs().find(ReferenceModel::runKey(train, date));
        return it != model.runs().end() && it->second.exact;
    };
    auto addedRun = [&](const QString& train, const QString& date) {
        const auto it = model.runs().find(ReferenceModel::runKey(train, date));
        return it != model.runs().end() && it->second.added;
    };
    const QString train = e.contains(L("train")) ? e.value(L("train")).toString()
                                                 : command.value(L("train")).toString();
    const QString date =
        e.contains(L("date")) ? e.value(L("date")).toString() : command.value(L("date")).toString();
    bool orderExact = false;
    const auto order = model.orders().find(e.value(L("id")).toString());
    if (order != model.orders().end())
        for (const RefOption& option : order->second.options)
            orderExact = orderExact || exactRun(option.train, option.date);
    for (const auto& v : command.value(L("options")).toArray())
        orderExact = orderExact || exactRun(v.toObject().value(L("train")).toString(),
                                            v.toObject().value(L("date")).toString());
    const bool onExact = exactRun(train, date);
    if (onExact && out.contains(L("standing sale"))) out << L("standing sale on exact");
    if (onExact && out.contains(L("standing service"))) out << L("standing service on exact");
    if (onExact && out.contains(L("standing release"))) out << L("standing release on exact");
    if (onExact && k == QLatin1String("option_added")) out << L("option_added on exact");
    if (onExact && k == QLatin1String("waitlist_fulfilled") && addedRun(train, date)) {
        out << L("added run served on exact");
        if (op == QLatin1String("train")) out << L("added exact run drains a queue");
    }
    if (onExact && k == QLatin1String("waitlist_capped")) out << L("waitlist_capped on exact");
    if (orderExact && k == QLatin1String("waitlist_failed")) out << L("waitlist_failed on exact");
    if (orderExact && code == QLatin1String("waitlist_full")) out << L("waitlist_full on exact");
    return out;
}

std::map<QString, int> version2Counts;  // over the default seeds of `randomized`
int defaultSeedsRun = 0;

class TestRandomized : public QObject {
    Q_OBJECT

  private slots:
    void randomized_data();
    void randomized();
    void version2RulesExercised();
    void formerDisagreementsAgree();
    void precheckForeseesApply_data() { randomized_data(); }
    void precheckForeseesApply();
    void undoTakesBack_data() { randomized_data(); }
    void undoTakesBack();
    void previewsChangeNothing_data() { randomized_data(); }
    void previewsChangeNothing();
    void oracleCatchesCorruptedAnswers();
};

void TestRandomized::randomized_data() {
    QTest::addColumn<quint64>("seed");
    QTest::addColumn<int>("commands");
    for (quint64 seed = 1; seed <= 20; ++seed)
        QTest::addRow("seed %llu", static_cast<unsigned long long>(seed))
            << seed << commandsForSeed(seed);
    const QString env = qEnvironmentVariable("HOUBU_RANDOM_SEEDS");
    bool okCount = false;
    int commands = qEnvironmentVariableIntValue("HOUBU_RANDOM_COMMANDS", &okCount);
    if (!okCount || commands <= 0) commands = 1000;
    std::vector<quint64> seeds;
    QString error;
    if (!houbu::test::SeedList::parse(env, seeds, error))
        QFAIL(qPrintable(QStringLiteral("HOUBU_RANDOM_SEEDS: ") + error));
    for (quint64 s : seeds)
        QTest::addRow("env seed %llu", static_cast<unsigned long long>(s)) << s << commands;
}

void TestRandomized::randomized() {
    QFETCH(quint64, seed);
    QFETCH(int, commands);
    Generator gen(seed, commands);
    houbu::Runner runner;
    ReferenceModel model;
    model.setTolerated(toleratedTags());
    std::vector<QByteArray> lines;
    std::map<QString, int> stats, v2Seen;
    int maxQueued = 0;
    QByteArray allOut;
    qint64 queuedSum = 0;
    QByteArray out;
    while (!gen.done()) {
        const QByteArray line = gen.next(model);
        lines.push_back(line);
        const int lineNo = int(lines.size());
        const LineResult r = step(runner, model, line, lineNo, out);
        allOut += out;
        for (const QByteArray& l : out.split('\n')) {
            const QJsonObject e = QJsonDocument::fromJson(l).object();
            QString k = e.value(L("event")).toString();
            if (k == QLatin1String("error")) k += L(":") + e.value(L("code")).toString();
            if (!k.isEmpty()) ++stats[k];
            for (const QString& v2 : version2Kinds(line, e, model))
                ++v2Seen[v2];
        }
        if (!r.failed) {
            int queued = 0;
            for (const auto& [id, ord] : model.orders())
                queued += ord.status == OrderStatus::Queued;
            maxQueued = std::max(maxQueued, queued);
            queuedSum += queued;
            continue;
        }

        const QString base =
            QDir(QDir::tempPath()).filePath(QStringLiteral("houbu-randomized-seed-%1").arg(seed));
        writeFile(base + L("-full.jsonl"), lines);
        bool okBudget = false;
        int budget = qEnvironmentVariableIntValue("HOUBU_MINIMIZE_SECONDS", &okBudget);
        if (!okBudget) budget = 30;
        const std::vector<QByteArray> small = minimize(lines, r.tag, qint64(budget) * 1000);
        writeFile(base + L(".jsonl"), small);
        const QByteArray smallOut = outputOf(small);
        QFile outFile(base + L(".out.jsonl"));
        if (outFile.open(QIODevice::WriteOnly | QIODevice::Truncate)) outFile.write(smallOut);
        const ReplayResult again = replay(small);
        QString msg =
            QStringLiteral(
                "seed %1, line %2 [%3]: %4\n  input: %5\n  events:\n%6"
                "  full input: %7-full.jsonl\n  reproducer (%8 lines, fails at line %9): "
                "%7.jsonl (engine output: %7.out.jsonl)\n")
                .arg(seed)
                .arg(lineNo)
                .arg(r.tag, r.message, QString::fromUtf8(line), QString::fromUtf8(out), base)
                .arg(small.size())
                .arg(again.lineIndex + 1);
        if (small.size() <= 40) {
            msg += L("---- reproducer ----\n");
            for (const QByteArray& l : small)
                msg += QString::fromUtf8(l) + L("\n");
            msg += L("---- engine output ----\n") + QString::fromUtf8(smallOut);
        }
        QFAIL(qPrintable(msg));
    }
    // Determinism: the same input gives the same output, byte for byte.
    QVERIFY2(outputOf(lines) == allOut, "a second engine fed the same input answered differently");

    const QString dump = qEnvironmentVariable("HOUBU_RANDOM_DUMP");
    if (!dump.isEmpty()) {
        const QString base = QDir(dump).filePath(QStringLiteral("seed-%1").arg(seed));
        writeFile(base + L(".jsonl"), lines);
        QFile f(base + L(".out.jsonl"));
        if (f.open(QIODevice::WriteOnly | QIODevice::Truncate)) f.write(outputOf(lines));
    }
    if (QByteArray(QTest::currentDataTag()).startsWith("seed ")) {  // a default seed
        ++defaultSeedsRun;
        for (const auto& [k, n] : v2Seen)
            version2Counts[k] += n;
    }
    QStringList summary;
    if (qEnvironmentVariableIsSet("HOUBU_RANDOM_NOTES"))
        for (const auto& [k, n] : model.notes())
            qInfo("  open rule: %s x%d", qPrintable(k), n);
    for (const auto& [k, n] : model.toleratedCounts())
        summary << QStringLiteral("TOLERATED:%1=%2").arg(k).arg(n);
    for (const auto& [k, n] : stats)
        summary << QStringLiteral("%1=%2").arg(k).arg(n);
    qInfo("seed %llu: %d lines, queued orders mean %.1f max %d; %s",
          static_cast<unsigned long long>(seed), int(lines.size()),
          double(queuedSum) / double(lines.size()), maxQueued,
          qPrintable(summary.join(QLatin1Char(' '))));
}

// Every version 2 rule must have been exercised over the default seeds: the events
// that show it, counted per kind.
void TestRandomized::version2RulesExercised() {
    if (defaultSeedsRun < 20) QSKIP("needs the 20 default seeds of `randomized` in this run");
    QStringList counts;
    QStringList never;
    for (const char* kind : kVersion2Kinds) {
        const int n = version2Counts[L(kind)];
        counts << QStringLiteral("%1=%2").arg(L(kind)).arg(n);
        if (n == 0) never << L(kind);
    }
    qInfo("version 2 events over the default seeds: %s", qPrintable(counts.join(L(", "))));
    QVERIFY2(never.isEmpty(), qPrintable(L("never seen: ") + never.join(L(", "))));
}

// Two disagreements the model found, on their minimal inputs, now agree with it:
// a waitlist resent after its limit was lowered is a duplicate, and an added run
// with room in two classes serves the earlier order first.
void TestRandomized::formerDisagreementsAgree() {
    const QByteArray order =
        R"({"op":"waitlist","id":"w1","user":"u1","passengers":["p1","p2","p3","p4"],)"
        R"("from":"A","to":"B","options":[{"train":"G1","date":"2024-02-08","class":"second"}]})";
    const std::vector<QByteArray> lines = {
        R"({"op":"train","at":"2024-02-01T08:00","train":"G1","date":"2024-02-08","stops":[)"
        R"({"station":"A","km":0,"dep":"08:00"},{"station":"B","km":100,"arr":"09:00"}],)"
        R"("cars":[{"car":1,"class":"second","rows":1,"layout":"A"}]})",
        order, R"({"op":"configure","limits":{"passengers":3}})", order};
    QByteArray out;
    houbu::Runner runner;
    ReferenceModel strict;
    QString tag;
    for (size_t i = 0; i < lines.size() && tag.isEmpty(); ++i)
        tag = step(runner, strict, lines[i], int(i) + 1, out).tag;
    QVERIFY2(tag.isEmpty(), qPrintable(tag));

    // w1 (effective first) waits for second class, w2 for second or first; X1 is added with
    // one seat of each: w1 gets the second-class seat, w2 the first-class one.
    const std::vector<QByteArray> added = {
        R"({"op":"train","at":"2024-02-01T08:00","train":"G1","date":"2024-02-08","stops":[)"
        R"({"station":"A","km":0,"dep":"08:00"},{"station":"B","km":50,"arr":"08:30",)"
        R"("dep":"08:31"},{"station":"C","km":100,"arr":"09:00"}],"cars":[{"car":1,)"
        R"("class":"second","rows":1,"layout":"A"}]})",
        R"({"op":"sell","id":"s1","train":"G1","date":"2024-02-08","from":"A","to":"C",)"
        R"("class":"second","passengers":["x"]})",
        R"({"op":"waitlist","id":"w1","user":"u1","passengers":["p1"],"from":"B","to":"C",)"
        R"("options":[{"train":"G1","date":"2024-02-08","class":"second"}],"new_trains":)"
        R"({"from":"2024-02-08T07:00","to":"2024-02-08T12:00"}})",
        R"({"op":"prepay","at":"2024-02-01T08:01","id":"w1"})",
        R"({"op":"waitlist","id":"w2","user":"u2","passengers":["p2"],"from":"A","to":"C",)"
        R"("options":[{"train":"G1","date":"2024-02-08","class":"second"}],"new_trains":)"
        R"({"from":"2024-02-08T07:00","to":"2024-02-08T12:00","classes":["second","first"]}})",
        R"({"op":"prepay","at":"2024-02-01T08:02","id":"w2"})",
        R"({"op":"train","train":"X1","date":"2024-02-08","added":true,"stops":[{"station":"A",)"
        R"("km":0,"dep":"09:00"},{"station":"B","km":50,"arr":"09:30","dep":"09:31"},)"
        R"({"station":"C","km":100,"arr":"10:00"}],"cars":[{"car":1,"class":"first","rows":1,)"
        R"("layout":"A"},{"car":2,"class":"second","rows":1,"layout":"A"}]})"};
    houbu::Runner runner3;
    ReferenceModel model3;
    for (size_t i = 0; i < added.size() && tag.isEmpty(); ++i)
        tag = step(runner3, model3, added[i], int(i) + 1, out).tag;
    QVERIFY2(tag.isEmpty(), qPrintable(tag));
}

// Engine::precheck on every generated command, just before the engine applies
// it: its answer (error code and message, duplicate, or acceptance) must be
// what apply then emits. Timers due by the command's `at` fire before apply
// checks anything, so an advance to that time goes first.
void TestRandomized::precheckForeseesApply() {
    QFETCH(quint64, seed);
    QFETCH(int, commands);
    Generator gen(seed, commands);
    houbu::Runner runner;
    ReferenceModel model;
    model.setTolerated(toleratedTags());
    std::map<QString, int> answers;
    int lineNo = 0;
    QByteArray out;
    auto feed = [&](const QByteArray& line) {
        const LineResult r = step(runner, model, line, ++lineNo, out);
        QVERIFY2(!r.failed, qPrintable(QStringLiteral("seed %1, line %2 [%3]: %4\n  input: %5")
                                           .arg(seed)
                                           .arg(lineNo)
                                           .arg(r.tag, r.message, QString::fromUtf8(line))));
    };
    while (!gen.done()) {
        const QByteArray line = gen.next(model);
        const houbu::ParsedLine parsed = houbu::parseCommandLine(line);
        if (!parsed.command) {
            feed(line);
            if (QTest::currentTestFailed()) return;
            continue;
        }
        const houbu::Time clock = runner.engine().clock();
        if (parsed.command->at && *parsed.command->at > clock) {
            feed(QByteArray(R"({"op":"advance","at":")") +
                 QByteArray::fromStdString(houbu::formatTime(*parsed.command->at)) + "\"}");
            if (QTest::currentTestFailed()) return;
        }
        const houbu::Precheck foreseen = runner.engine().precheck(*parsed.command);
        const std::uint64_t seqBefore = runner.engine().lastSeq();
        feed(line);
        if (QTest::currentTestFailed()) return;
        QList<QJsonObject> events;
        QString error;
        QVERIFY(parseOutput(out, events, error));
        QVERIFY2(runner.engine().lastSeq() == seqBefore + std::uint64_t(events.size()),
                 "precheck emitted or changed something");
        const QString where = QStringLiteral("seed %1, line %2: %3\n  events: %4")
                                  .arg(seed)
                                  .arg(lineNo)
                                  .arg(QString::fromUtf8(line), QString::fromUtf8(out));
        const QString first =
            events.isEmpty() ? QString() : events.first().value(L("event")).toString();
        if (foreseen.error) {
            const QString code = QString::fromLatin1(houbu::errorCodeName(*foreseen.error));
            QVERIFY2(events.size() == 1 && first == L("error"), qPrintable(where));
            QVERIFY2(events.first().value(L("code")).toString() == code, qPrintable(where));
            QVERIFY2(events.first().value(L("message")).toString() ==
                         QString::fromStdString(foreseen.message),
                     qPrintable(where));
            QVERIFY2(events.first().value(L("waitlist")).toBool() == foreseen.waitlistHint,
                     qPrintable(where));
            ++answers[L("error:") + code];
        } else if (foreseen.duplicate) {
            QVERIFY2(events.size() == 1 && first == L("duplicate"), qPrintable(where));
            ++answers[L("duplicate")];
        } else {
            for (const QJsonObject& e : events) {
                const QString k = e.value(L("event")).toString();
                QVERIFY2(k != L("error") && k != L("duplicate"), qPrintable(where));
            }
            ++answers[L("accepted")];
        }
    }
    // Each kind of answer was asked for, so that agreement means something.
    QVERIFY(answers[L("accepted")] > 0);
    QVERIFY(answers[L("duplicate")] > 0);
    int refused = 0;
    QStringList summary;
    for (const auto& [k, n] : answers) {
        refused += k.startsWith(L("error:")) ? n : 0;
        summary << QStringLiteral("%1=%2").arg(k).arg(n);
    }
    QVERIFY(refused > 0);
    qInfo("seed %llu: %s", static_cast<unsigned long long>(seed),
          qPrintable(summary.join(QLatin1Char(' '))));
}

// The events of one command, encoded as the runner writes them.
struct EncodeEvents : houbu::EventSink {
    QByteArray out;
    void onEvent(const houbu::Event& e) override {
        houbu::appendEvent(e, out);
        out += '\n';
    }
};

// Engine::dryRun, mark and undo against the same stream applied plainly.
// Before every command, its dry run must give the events the command then
// gives and leave the state as it was: the same snapshot bytes, clock, last
// sequence number and invariants. Now and then a stack of marks, one per
// command, is taken back a mark at a time (each undo returns the snapshot
// taken at its mark) and the commands are applied again, with the same output.
void TestRandomized::undoTakesBack() {
    QFETCH(quint64, seed);
    QFETCH(int, commands);
    Generator gen(seed, commands);
    houbu::Runner runner;
    houbu::Engine& engine = runner.engine();
    ReferenceModel model;
    model.setTolerated(toleratedTags());
    std::mt19937_64 rng(seed * 7919);
    int lineNo = 0;
    QByteArray out;
    // The stack of marks: per mark, the snapshot there and the line applied after it.
    struct Marked {
        std::string snapshot;
        QByteArray line;
        int lineNo;
        QByteArray out;
    };
    std::vector<Marked> stack;
    std::size_t stackTarget = 0;
    int dryRuns = 0, undone = 0;
    while (!gen.done()) {
        const QByteArray line = gen.next(model);
        const houbu::ParsedLine parsed = houbu::parseCommandLine(line);
        const std::string before = engine.snapshot();
        const QString where = QStringLiteral("seed %1, line %2: %3")
                                  .arg(seed)
                                  .arg(lineNo + 1)
                                  .arg(QString::fromUtf8(line));
        EncodeEvents dry;
        if (parsed.command) {
            const houbu::Time clock = engine.clock();
            const std::uint64_t seq = engine.lastSeq();
            engine.dryRun(*parsed.command, lineNo + 1, dry);
            ++dryRuns;
            QVERIFY2(engine.snapshot() == before, qPrintable(where + L(": state changed")));
            QVERIFY2(engine.clock() == clock && engine.lastSeq() == seq, qPrintable(where));
            const std::string inv = engine.checkInvariants();
            QVERIFY2(inv.empty(), qPrintable(where + L(": ") + QString::fromStdString(inv)));
        }
        if (stack.empty() && rng() % 8 == 0) stackTarget = 1 + rng() % 5;
        if (stack.size() < stackTarget) {
            engine.mark();
            stack.push_back({before, line, lineNo + 1, {}});
        }
        const LineResult r = step(runner, model, line, ++lineNo, out);
        QVERIFY2(!r.failed, qPrintable(where + L(" [") + r.tag + L("]: ") + r.message));
        if (parsed.command)
            QVERIFY2(dry.out == out,
                     qPrintable(where + L("\n  dry run: ") + QString::fromUtf8(dry.out) +
                                L("\n  applied: ") + QString::fromUtf8(out)));
        if (!stack.empty() && stack.back().lineNo == lineNo) stack.back().out = out;
        if (stack.empty() || stack.size() < stackTarget) continue;
        // Back through the stack, then forward again: the model has seen these lines once.
        const std::string after = engine.snapshot();
        for (std::size_t k = stack.size(); k-- > 0;) {
            QVERIFY(engine.undo());
            ++undone;
            QVERIFY2(engine.snapshot() == stack[k].snapshot,
                     qPrintable(QStringLiteral("seed %1: undo to before line %2 differs")
                                    .arg(seed)
                                    .arg(stack[k].lineNo)));
            const std::string inv = engine.checkInvariants();
            QVERIFY2(inv.empty(), qPrintable(QString::fromStdString(inv)));
        }
        QCOMPARE(engine.marks(), std::size_t{0});
        for (const Marked& m : stack) {
            QByteArray again;
            runner.processLine(m.line, m.lineNo, again);
            QVERIFY2(again == m.out, qPrintable(QStringLiteral("seed %1, line %2 again: %3")
                                                    .arg(seed)
                                                    .arg(m.lineNo)
                                                    .arg(QString::fromUtf8(again))));
        }
        QVERIFY(engine.snapshot() == after);
        stack.clear();
        stackTarget = 0;
    }
    engine.dropMarks();
    QVERIFY(dryRuns > 0 && undone > 0);
}

// Interleaved previews change nothing: the generated stream (with its
// previews) and the same stream without them give the same output, byte for
// byte once the previews' events are left out and `seq` is set aside (the
// previews' events took numbers), and the same records and summary at the end.
void TestRandomized::previewsChangeNothing() {
    QFETCH(quint64, seed);
    QFETCH(int, commands);
    Generator gen(seed, commands);
    houbu::Runner with, without;
    ReferenceModel model;
    model.setTolerated(toleratedTags());
    int lineNo = 0, previews = 0;
    QByteArray out, plain;
    // Each event line without its seq (the first key).
    auto unnumbered = [](const QByteArray& text, bool dropPreviews) {
        QList<QByteArray> lines;
        for (const QByteArray& l : text.split('\n')) {
            if (l.isEmpty() || (dropPreviews && l.endsWith(R"("dry_run":true})"))) continue;
            lines << l.mid(l.indexOf(','));
        }
        return lines;
    };
    while (!gen.done()) {
        const QByteArray line = gen.next(model);
        const LineResult r = step(with, model, line, ++lineNo, out);
        QVERIFY2(!r.failed, qPrintable(QStringLiteral("seed %1, line %2 [%3]: %4")
                                           .arg(seed)
                                           .arg(lineNo)
                                           .arg(r.tag, r.message)));
        const houbu::ParsedLine parsed = houbu::parseCommandLine(line);
        if (parsed.command && parsed.command->dryRun) {
            ++previews;
            continue;
        }
        plain.clear();
        without.processLine(line, lineNo, plain);
        QVERIFY2(unnumbered(out, true) == unnumbered(plain, false),
                 qPrintable(QStringLiteral("seed %1, line %2: %3\n  with previews: %4\n  "
                                           "without: %5")
                                .arg(seed)
                                .arg(lineNo)
                                .arg(QString::fromUtf8(line), QString::fromUtf8(out),
                                     QString::fromUtf8(plain))));
    }
    auto records = [](houbu::Engine& e) {
        QStringList out;
        for (const houbu::RecordStatus& r : e.records())
            out << QStringLiteral("%1 %2 %3")
                       .arg(int(r.kind))
                       .arg(QString::fromStdString(r.id), QString::fromStdString(r.status));
        return out;
    };
    QCOMPARE(records(with.engine()), records(without.engine()));
    QVERIFY(with.engine().summary() == without.engine().summary());
    if (seed % 5 != 0) QVERIFY(previews > 0);  // version-2 seeds preview
}

// The checker is only as good as its power to notice wrong answers: feed it
// corrupted copies of correct engine answers and require it to object to each.
void TestRandomized::oracleCatchesCorruptedAnswers() {
    int tried[MutationCount] = {};
    std::map<QString, int> caughtAs[MutationCount];  // by the tag of the check that objected
    QStringList missed;
    int realFailures = 0;
    for (quint64 seed = 1; seed <= 40; ++seed) {
        if (std::all_of(std::begin(tried), std::end(tried), [](int n) { return n >= 40; })) break;
        // The rare version 2 corruptions: enough once each was tried a few times.
        if (seed > 12 &&
            std::all_of(std::begin(tried), std::end(tried), [](int n) { return n >= 5; }))
            break;
        Generator gen(seed, 800);
        houbu::Runner runner;
        ReferenceModel model;
        model.setTolerated(toleratedTags());
        std::mt19937_64 rng(seed);
        QByteArray out;
        int lineNo = 0;
        while (!gen.done()) {
            const QByteArray line = gen.next(model);
            ++lineNo;
            out.clear();
            runner.processLine(line, lineNo, out);
            QList<QJsonObject> events;
            QString error;
            QVERIFY2(parseOutput(out, events, error), qPrintable(error));
            for (int k = 0; k < MutationCount; ++k) {
                // Every chance for the rare ones, a third of them for the others.
                if (tried[k] >= 40 || (tried[k] >= 10 && rng() % 3 != 0)) continue;
                QList<QJsonObject> bad = events;
                if (!mutate(Mutation(k), bad, model, line)) continue;
                for (int i = 0; i < bad.size(); ++i)  // keep seq contiguous
                    bad[i].insert(L("seq"), events.first().value(L("seq")).toInteger() + i);
                ++tried[k];
                ReferenceModel probe = model;
                const auto caught = probe.check(line, lineNo, bad);
                // A preview's answer is checked as its command's: the same tags, prefixed.
                const QString tag =
                    caught ? QString(caught->tag).remove(QRegularExpression(L("^dry_run/")))
                           : QString();
                if (caught) ++caughtAs[k][tag];
                if (!caught || (!kCaughtBy[k].isEmpty() && !kCaughtBy[k].contains(tag)))
                    missed << QStringLiteral("%1 at seed %2 line %3 (%4): %5")
                                  .arg(L(kMutationNames[k]))
                                  .arg(seed)
                                  .arg(lineNo)
                                  .arg(caught ? QStringLiteral("caught as %1: %2")
                                                    .arg(caught->tag, caught->message)
                                              : L("not caught"),
                                       QString::fromUtf8(line));
            }
            if (model.check(line, lineNo, events)) {
                // A real disagreement: `randomized` reports it. Go on with the next seed.
                ++realFailures;
                break;
            }
        }
    }
    QStringList counts;
    for (int k = 0; k < MutationCount; ++k) {
        QStringList by;
        for (const auto& [tag, n] : caughtAs[k])
            by << QStringLiteral("%1 %2").arg(tag).arg(n);
        counts << QStringLiteral("%1=%2 (%3)")
                      .arg(L(kMutationNames[k]))
                      .arg(tried[k])
                      .arg(by.join(QLatin1String(", ")));
        QVERIFY2(tried[k] > 0, kMutationNames[k]);
    }
    qInfo("corruptions tried: %s (seeds cut short by real disagreements: %d)",
          qPrintable(counts.join(QLatin1Char(' '))), realFailures);
    QVERIFY2(missed.isEmpty(), qPrintable(missed.join(QLatin1Char('\n'))));
}

QTEST_GUILESS_MAIN(TestRandomized)
#include "tst_randomized.moc"
