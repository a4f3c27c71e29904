#pragma once
// A long, deterministic, contended scenario for the store tests: three small
// runs of one line (eight seats each, two policies, one run that departs early),
// with sales, payments, refunds, reschedules, quota blocks and releases,
// waitlist orders with prepayments, cancellations and deadlines, clock advances
// so that holds, prepayment windows, deadlines and departures fire, queries,
// retried (duplicate) commands, malformed lines, comments and blank lines.
//
// The same seed gives the same lines on every platform (splitmix64, no
// std::uniform_int_distribution).

#include <QByteArray>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QTimeZone>
#include <cstdint>
#include <iterator>

#include "houbu/splitmix.h"

namespace houbu::test {

class Rng : public SplitMix64 {
  public:
    using SplitMix64::SplitMix64;
    template <typename T>
    const T& pick(const QList<T>& list) {
        return list[below(static_cast<int>(list.size()))];
    }
    // Mostly one of the last `recent` items, sometimes any.
    template <typename T>
    const T& pickRecent(const QList<T>& list, int recent = 8) {
        const int n = static_cast<int>(list.size());
        if (n > recent && percent(70)) return list[n - 1 - below(recent)];
        return list[below(n)];
    }
};

class ScenarioWriter {
  public:
    explicit ScenarioWriter(std::uint64_t seed) : rng_(seed), seed_(seed) {}

    // About `commands` input lines (commands, bad lines, comments and blanks).
    QList<QByteArray> generate(int commands) {
        lines_.clear();
        lines_ << QByteArray("# Houbu store workload, seed ") + QByteArray::number(seed_);
        for (const Run& r : runs())
            push(defineTrain(r), false);
        while (lines_.size() < commands)
            step();
        return lines_;
    }

  private:
    struct Run {
        const char* train;
        const char* date;
        const char* policy;
    };
    static const QList<Run>& runs() {
        // One line, three runs: complete and exact on 2024-03-10, and an early
        // run (departs 2024-02-26 08:00, about 12 hours into the scenario).
        static const QList<Run> list{{"G101", "2024-03-10", "complete"},
                                     {"G103", "2024-03-10", "exact"},
                                     {"G105", "2024-02-26", "complete"}};
        return list;
    }
    static const QList<QString>& stations() {
        using namespace Qt::StringLiterals;
        static const QList<QString> list{u"北京南"_s, u"天津南"_s, u"济南西"_s, u"南京南"_s,
                                         u"上海虹桥"_s};
        return list;
    }
    // 720 passengers: a repeated name is a passenger conflict now and then.
    QString name() {
        static const char16_t* const family[] = {u"张", u"王", u"李", u"刘", u"陈",
                                                 u"杨", u"黄", u"赵", u"周", u"吴",
                                                 u"徐", u"孙", u"马", u"朱", u"胡"};
        static const char16_t* const given[] = {u"伟", u"芳", u"娜", u"洋", u"杰", u"帆"};
        static const char16_t* const second[] = {u"",   u"华", u"明", u"东",
                                                 u"兰", u"平", u"志", u"国"};
        return QString::fromUtf16(family[rng_.below(15)]) +
               QString::fromUtf16(given[rng_.below(6)]) + QString::fromUtf16(second[rng_.below(8)]);
    }

    static QJsonObject defineTrain(const Run& r) {
        using namespace Qt::StringLiterals;
        const QStringList times[] = {{u""_s, u"08:00"_s},
                                     {u"08:30"_s, u"08:32"_s},
                                     {u"09:50"_s, u"09:52"_s},
                                     {u"11:40"_s, u"11:43"_s},
                                     {u"12:40"_s, u""_s}};
        const int km[] = {0, 131, 419, 1023, 1318};
        QJsonArray stops;
        for (int i = 0; i < 5; ++i) {
            QJsonObject s{{u"station"_s, stations()[i]}, {u"km"_s, km[i]}};
            if (!times[i][0].isEmpty()) s[u"arr"_s] = times[i][0];
            if (!times[i][1].isEmpty()) s[u"dep"_s] = times[i][1];
            stops.append(s);
        }
        QJsonArray cars{
            QJsonObject{
                {u"car"_s, 1}, {u"class"_s, u"first"_s}, {u"rows"_s, 1}, {u"layout"_s, u"AC"_s}},
            QJsonObject{
                {u"car"_s, 2}, {u"class"_s, u"second"_s}, {u"rows"_s, 2}, {u"layout"_s, u"ABC"_s}}};
        return {{u"op"_s, u"train"_s},
                {u"train"_s, QString::fromLatin1(r.train)},
                {u"date"_s, QString::fromLatin1(r.date)},
                {u"stops"_s, stops},
                {u"cars"_s, cars},
                {u"fares"_s, QJsonObject{{u"first"_s, 0.7079}, {u"second"_s, 0.4196}}},
                {u"hold_minutes"_s, 15},
                {u"policy"_s, QString::fromLatin1(r.policy)}};
    }

    QString time(qint64 minutes) const {
        using namespace Qt::StringLiterals;
        return QDateTime::fromSecsSinceEpoch(minutes * 60, QTimeZone::utc())
            .toString(u"yyyy-MM-dd'T'HH:mm"_s);
    }

    void push(QJsonObject command, bool withTime = true) {
        using namespace Qt::StringLiterals;
        if (withTime) {
            // The clock moves on by a few minutes now and then.
            if (rng_.percent(45)) clock_ += rng_.between(1, 6);
            if (rng_.percent(50)) command[u"at"_s] = time(clock_);
        }
        QByteArray text = QJsonDocument(command).toJson(QJsonDocument::Compact);
        if (rng_.percent(2)) text = "  " + text + " ";  // journaled trimmed
        lines_ << text;
    }

    // Fills `c` with a run, an interval and a class.
    void runAndInterval(QJsonObject& c, bool withClass = true) {
        using namespace Qt::StringLiterals;
        const Run& r = rng_.pick(runs());
        const int from = rng_.below(4);
        const int to = rng_.between(from + 1, 4);
        c[u"train"_s] = QString::fromLatin1(r.train);
        c[u"date"_s] = QString::fromLatin1(r.date);
        c[u"from"_s] = stations()[from];
        c[u"to"_s] = stations()[to];
        if (withClass) c[u"class"_s] = rng_.percent(75) ? u"second"_s : u"first"_s;
    }

    QString seat(const QString& cls) {
        using namespace Qt::StringLiterals;
        if (cls == u"first"_s) return rng_.percent(50) ? u"01-01A"_s : u"01-01C"_s;
        return u"02-0%1%2"_s.arg(rng_.between(1, 2)).arg(QChar(u'A' + rng_.below(3)));
    }

    QJsonArray passengers(int max) {
        QJsonArray list;
        const int n = rng_.between(1, max);
        for (int i = 0; i < n; ++i)
            list.append(name());
        return list;
    }

    QString ticketOf(const QString& sale) {
        using namespace Qt::StringLiterals;
        return sale + u"."_s + QString::number(rng_.between(1, 2));
    }

    void step() {
        using namespace Qt::StringLiterals;
        const int roll = rng_.below(1000);
        QJsonObject c;
        if (roll < 260) {  // sell
            const QString id = u"S"_s + QString::number(++sales_);
            c = {{u"op"_s, u"sell"_s}, {u"id"_s, id}};
            runAndInterval(c);
            c[u"passengers"_s] = passengers(3);
            if (rng_.percent(10))
                c[u"prefer"_s] = rng_.percent(50) ? u"window"_s : u"aisle"_s;
            else if (rng_.percent(8) && c[u"passengers"_s].toArray().size() == 1)
                c[u"seats"_s] = QJsonArray{seat(c[u"class"_s].toString())};
            saleIds_ << id;
            creating_ << c;
        } else if (roll < 420) {  // pay
            if (saleIds_.isEmpty()) return;
            c = {{u"op"_s, u"pay"_s}, {u"id"_s, rng_.pickRecent(saleIds_, 3)}};
        } else if (roll < 480) {  // refund a ticket or a whole sale
            if (saleIds_.isEmpty()) return;
            const QString sale = rng_.pick(saleIds_);
            c = {{u"op"_s, u"refund"_s}};
            if (rng_.percent(60))
                c[u"ticket"_s] = ticketOf(sale);
            else
                c[u"id"_s] = sale;
        } else if (roll < 500) {  // reschedule
            if (saleIds_.isEmpty()) return;
            const QString id = u"S"_s + QString::number(++sales_);
            c = {{u"op"_s, u"reschedule"_s},
                 {u"ticket"_s, ticketOf(rng_.pick(saleIds_))},
                 {u"id"_s, id}};
            runAndInterval(c);
            saleIds_ << id;
        } else if (roll < 610) {  // waitlist
            const QString id = u"W"_s + QString::number(++orders_);
            c = {{u"op"_s, u"waitlist"_s},
                 {u"id"_s, id},
                 {u"user"_s, QString(u"u"_s + QString::number(rng_.below(20)))}};
            const int from = rng_.below(4);
            const int to = rng_.between(from + 1, 4);
            c[u"from"_s] = stations()[from];
            c[u"to"_s] = stations()[to];
            c[u"passengers"_s] = passengers(2);
            QJsonArray options;
            const int n = rng_.between(1, 3);
            const int first = rng_.below(3);
            for (int i = 0; i < n; ++i) {
                const Run& r = runs()[(first + i) % 3];
                options.append(
                    QJsonObject{{u"train"_s, QString::fromLatin1(r.train)},
                                {u"date"_s, QString::fromLatin1(r.date)},
                                {u"class"_s, rng_.percent(80) ? u"second"_s : u"first"_s}});
            }
            c[u"options"_s] = options;
            if (rng_.percent(25)) c[u"deadline"_s] = time(clock_ + rng_.between(30, 900));
            orderIds_ << id;
            creating_ << c;
        } else if (roll < 700) {  // prepay
            if (orderIds_.isEmpty()) return;
            c = {{u"op"_s, u"prepay"_s}, {u"id"_s, rng_.pickRecent(orderIds_, 2)}};
        } else if (roll < 720) {  // cancel
            if (orderIds_.isEmpty()) return;
            c = {{u"op"_s, u"cancel"_s}, {u"id"_s, rng_.pick(orderIds_)}};
        } else if (roll < 750) {  // quota block
            const QString id = u"B"_s + QString::number(++blocks_);
            c = {{u"op"_s, u"block"_s}, {u"id"_s, id}};
            runAndInterval(c);
            if (rng_.percent(60))
                c[u"count"_s] = rng_.between(1, 2);
            else
                c[u"seats"_s] = QJsonArray{seat(c[u"class"_s].toString())};
            blockIds_ << id;
            creating_ << c;
        } else if (roll < 790) {  // release a block
            if (blockIds_.isEmpty()) return;
            c = {{u"op"_s, u"release"_s}, {u"id"_s, rng_.pickRecent(blockIds_, 4)}};
        } else if (roll < 810) {  // the operator's release of a seat interval
            c = {{u"op"_s, u"release"_s}};
            runAndInterval(c);
            c[u"seat"_s] = seat(c[u"class"_s].toString());
            c.remove(u"class"_s);
            const QStringList reasons{u"refund"_s, u"timeout"_s, u"reschedule"_s, u"quota"_s};
            c[u"reason"_s] = reasons[rng_.below(4)];
        } else if (roll < 813) {  // an extra car
            const int r = rng_.below(3);
            if (extraCars_[r] >= 2) return;
            c = {{u"op"_s, u"add_car"_s},
                 {u"train"_s, QString::fromLatin1(runs()[r].train)},
                 {u"date"_s, QString::fromLatin1(runs()[r].date)},
                 {u"car"_s, 3 + extraCars_[r]++},
                 {u"class"_s, u"second"_s},
                 {u"rows"_s, 1},
                 {u"layout"_s, u"AB"_s}};
        } else if (roll < 873) {  // let time pass: holds, prepayments, deadlines fire
            clock_ += rng_.between(5, 90);
            c = {{u"op"_s, u"advance"_s}, {u"at"_s, time(clock_)}};
            lines_ << QJsonDocument(c).toJson(QJsonDocument::Compact);
            return;
        } else if (roll < 903) {  // queries
            const int q = rng_.below(10);
            if (q < 4 && !orderIds_.isEmpty()) {
                c = {{u"op"_s, u"position"_s}, {u"id"_s, rng_.pickRecent(orderIds_)}};
            } else if (q < 9) {
                c = {{u"op"_s, u"availability"_s}};
                runAndInterval(c);
            } else {
                const Run& r = rng_.pick(runs());
                c = {{u"op"_s, u"seatmap"_s},
                     {u"train"_s, QString::fromLatin1(r.train)},
                     {u"date"_s, QString::fromLatin1(r.date)}};
            }
        } else if (roll < 933) {  // a client retrying: duplicate or id_conflict
            if (creating_.isEmpty()) return;
            c = rng_.pickRecent(creating_);
            if (rng_.percent(20)) c[u"user"_s] = u"someone-else"_s;
        } else if (roll < 963) {  // lines that are not commands, and rule violations
            static const char* const bad[] = {
                "garbage",
                "{\"op\":\"fly\",\"id\":\"X\"}",
                "{\"op\":\"sell\",\"id\":7}",
                "{\"op\":\"pay\"}",
                "{\"op\":\"sell\",\"id\":\"S1\",",
                "[1,2,3]",
                "{\"op\":\"availability\",\"train\":\"Z9\",\"date\":\"2024-03-10\","
                "\"from\":\"a\",\"to\":\"b\",\"class\":\"second\"}",
                "{\"op\":\"advance\",\"at\":\"2024-02-01T00:00\"}",  // time_went_back
                "{\"op\":\"advance\",\"at\":\"2024-02-30T25:00\"}",
                "{\"op\":\"pay\",\"id\":\"nobody\"}",
            };
            lines_ << QByteArray(bad[rng_.below(static_cast<int>(std::size(bad)))]);
            return;
        } else {  // comments and blank lines: skipped, not journaled
            static const char* const skipped[] = {"", "   ", "# 春运 comment", "\t# indented"};
            lines_ << QByteArray(skipped[rng_.below(4)]);
            return;
        }
        push(c);
    }

    Rng rng_;
    std::uint64_t seed_;
    QList<QByteArray> lines_;
    qint64 clock_ =
        QDateTime(QDate(2024, 2, 25), QTime(20, 0), QTimeZone::utc()).toSecsSinceEpoch() / 60;
    int sales_ = 0, orders_ = 0, blocks_ = 0;
    int extraCars_[3] = {0, 0, 0};
    QList<QString> saleIds_, orderIds_, blockIds_;
    QList<QJsonObject> creating_;
};

// The scenario as one input text ('\n' after every line).
inline QByteArray contendedScenario(std::uint64_t seed, int lines) {
    QByteArray text;
    for (const QByteArray& l : ScenarioWriter(seed).generate(lines))
        text += l + '\n';
    return text;
}

}  // namespace houbu::test
