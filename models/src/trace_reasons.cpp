// The match trace's reasons in words. The engine writes them in English
// with its codes inside (a queue names its class as "second"); the formats
// are those of engine/src/matcher.cpp, and tst_display_names checks that
// every reason of the traced scenarios is recognised here.

#include <QRegularExpression>

#include "houbu/display_names.h"

namespace houbu {

using namespace Qt::StringLiterals;

namespace {

QString group(const QString& text) {
    static const QRegularExpression re(u"^group of (\\d+)$"_s);
    const auto m = re.match(text);
    return DisplayNames::tr("%n passenger(s)", nullptr, m.hasMatch() ? m.captured(1).toInt() : 1);
}

QString freeSeats(const QString& count) {
    return DisplayNames::tr("%n seat(s) free", nullptr, count.toInt());
}

// "G13 2025-01-20 second 北京南→济南西"
QString queue(const QString& train, const QString& date, const QString& cls,
              const QString& interval) {
    return train + u' ' + date + u' ' + DisplayNames::travelClass(cls) + u' ' + interval;
}

// "one change" / "two changes" as a number.
int changeCount(const QString& text) {
    return text.startsWith(u"one"_s)   ? 1
           : text.startsWith(u"two"_s) ? 2
                                       : text.section(u' ', 0, 0).toInt();
}

// 同车换座: "01-01A then 01-01C at 天津南" (one passenger's chain, the stops
// given apart for a passenger alone).
QString chain(const QString& seats, const QString& stops) {
    const QString joined = QString(seats).replace(u" then "_s, u" \u2192 "_s);
    return stops.isEmpty() ? joined : DisplayNames::tr("%1 (changing at %2)").arg(joined, stops);
}

}  // namespace

QString DisplayNames::traceReason(const QString& reason) {
    static const QString kGroup = u"(1 passenger|group of \\d+)"_s;
    static const QString kQueue = u"(\\S+) (\\S+) (\\S+) (\\S+)"_s;
    static const QRegularExpression served(
        u"^"_s + kGroup + u", rank (\\d+) in "_s + kQueue +
        u"; (\\d+) seats? free; earliest servable in queue order; served on option (\\d+) "
        u"\\((\\S+) (\\S+)\\)(?: standing: no seat free on (\\S+)| seats? (.+)| with "
        u"(one change|two changes|\\d+ changes)(?: at ([^:]+))?: (.+))$"_s);
    static const QRegularExpression chainAt(u"^(.+?)(?: at (.+))?$"_s);
    static const QRegularExpression noChain(
        u"^no chain of \u2264 (one change|two changes)(?: for (1 passenger|group of \\d+)|: (\\S+) "
        u"has (?:no free seat|(\\d+) seats? free))$"_s);
    static const QRegularExpression passed(
        u"^"_s + kGroup + u"; (\\d+) seats? free on (\\S+) \\("_s + kQueue + u"\\)$"_s);
    static const QRegularExpression waits(u"^"_s + kGroup + u"((?:; [^;]+)+); waits in queue$"_s);
    static const QRegularExpression option(u"^(\\d+) seats? free on (\\S+) \\("_s + kQueue +
                                           u"\\)$"_s);
    static const QRegularExpression left(u"^(\\S+) has left (\\S+)$"_s);
    static const QRegularExpression failed(
        u"^failed: (.+) travels on (\\S+) (\\S+) (\\S+) \\(ticket (\\S+)\\) at an overlapping "
        u"time on every option with seats$"_s);

    if (const auto m = served.match(reason); m.hasMatch()) {
        const QString seats = m.captured(12);
        QString where;
        if (!m.captured(13).isEmpty()) {
            // 同车换座: a passenger alone names its stops first, a group each chain's.
            QStringList chains;
            if (!m.captured(14).isEmpty()) {
                chains << chain(m.captured(15), m.captured(14));
            } else {
                for (const QString& part : m.captured(15).split(u"; "_s)) {
                    const auto c = chainAt.match(part);
                    chains << chain(c.captured(1), c.captured(2));
                }
            }
            where = tr("with %n seat change(s): %1", nullptr, changeCount(m.captured(13)))
                        .arg(chains.join(u"; "_s));
        } else if (m.captured(11).isEmpty()) {
            where = tr("seat(s) %1", nullptr, int(seats.count(u", "_s)) + 1).arg(seats);
        } else {
            where = tr("standing: no seat free on %1").arg(m.captured(11));
        }
        return tr("%1, rank %2 in %3; %4; the earliest servable in queue order; served on "
                  "option %5 (%6 %7), %8")
            .arg(group(m.captured(1)), m.captured(2),
                 queue(m.captured(3), m.captured(4), m.captured(5), m.captured(6)),
                 freeSeats(m.captured(7)), m.captured(8), m.captured(9),
                 travelClass(m.captured(10)), where);
    }
    if (const auto m = passed.match(reason); m.hasMatch())
        return tr("%1; %2 on %3 (%4)")
            .arg(group(m.captured(1)), freeSeats(m.captured(2)), m.captured(3),
                 queue(m.captured(4), m.captured(5), m.captured(6), m.captured(7)));
    if (const auto m = waits.match(reason); m.hasMatch()) {
        QStringList parts;
        for (const QString& part : m.captured(2).mid(2).split(u"; "_s)) {
            if (const auto o = option.match(part); o.hasMatch())
                parts << tr("%1 on %2 (%3)")
                             .arg(
                                 freeSeats(o.captured(1)), o.captured(2),
                                 queue(o.captured(3), o.captured(4), o.captured(5), o.captured(6)));
            else if (const auto l = left.match(part); l.hasMatch())
                parts << tr("%1 has left %2").arg(l.captured(1), l.captured(2));
            else if (const auto c = noChain.match(part); c.hasMatch())
                parts << (!c.captured(2).isEmpty()
                              ? tr("no chain of at most %n seat change(s) seats %1", nullptr,
                                   changeCount(c.captured(1)))
                                    .arg(group(c.captured(2)))
                              : tr("no chain of at most %n seat change(s): %1 has %2", nullptr,
                                   changeCount(c.captured(1)))
                                    .arg(c.captured(3),
                                         freeSeats(c.captured(4).isEmpty() ? u"0"_s
                                                                           : c.captured(4))));
            else
                return reason;
        }
        return tr("%1; %2; waits in its queues").arg(group(m.captured(1)), parts.join(u"; "_s));
    }
    if (const auto m = failed.match(reason); m.hasMatch())
        return tr("fails: %1 travels on %2 %3 %4 (ticket %5) at an overlapping time on every "
                  "option with seats")
            .arg(m.captured(1), m.captured(2), m.captured(3), m.captured(4), m.captured(5));
    return reason;
}

}  // namespace houbu
