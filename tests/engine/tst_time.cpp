// Logical time: parsing, formatting, and stop times rolling past midnight.

#include <QTest>

#include "harness.h"
#include "houbu/time.h"

using namespace houbu;
using namespace houbu::test;
using namespace Qt::StringLiterals;

class TestTime : public QObject {
    Q_OBJECT

  private slots:
    void roundTrip_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("formatted");
        QTest::newRow("epoch") << u"2000-01-01T00:00"_s << u"2000-01-01T00:00"_s;
        QTest::newRow("seconds") << u"2024-01-20T08:30:15"_s << u"2024-01-20T08:30:15"_s;
        QTest::newRow("zero seconds dropped") << u"2024-01-20T08:30:00"_s << u"2024-01-20T08:30"_s;
        QTest::newRow("leap day") << u"2024-02-29T23:59"_s << u"2024-02-29T23:59"_s;
        QTest::newRow("century leap") << u"2000-02-29T12:00"_s << u"2000-02-29T12:00"_s;
        QTest::newRow("before epoch") << u"1999-12-31T23:59"_s << u"1999-12-31T23:59"_s;
    }
    void roundTrip() {
        QFETCH(QString, text);
        QFETCH(QString, formatted);
        const auto t = parseTime(text.toStdString());
        QVERIFY(t.has_value());
        QCOMPARE(QString::fromStdString(formatTime(*t)), formatted);
    }

    void rejects_data() {
        QTest::addColumn<QString>("text");
        for (const char* bad : {"2024-02-30T08:00", "2023-02-29T08:00", "2024-01-20 08:00",
                                "2024-01-20T24:00", "2024-01-20T08:60", "2024-1-20T08:00",
                                "2024-01-20T08:00:60", "2024-01-20T08", "", "2024-01-20T08:00Z"})
            QTest::newRow(bad) << QString::fromLatin1(bad);
    }
    void rejects() {
        QFETCH(QString, text);
        QVERIFY(!parseTime(text.toStdString()).has_value());
    }

    void arithmetic() {
        const Time a = *parseTime("2024-02-28T23:50");
        QCOMPARE(QString::fromStdString(formatTime(a + 20 * kMinute)), u"2024-02-29T00:10"_s);
        QCOMPARE(*parseDate("2000-01-02"), 1);
        QCOMPARE(*parseClockTime("23:59"), 23 * 60 + 59);
    }

    // A stop time earlier than the previous one is on the next day: the
    // departure cut-off of an order from 哈尔滨西 falls on the 21st at 00:40.
    void stopTimesRollPastMidnight() {
        Session s;
        s.send(R"({"op":"train","train":"Z1","date":"2024-01-20","stops":[)"
               R"({"station":"北京","km":0,"dep":"22:00"},)"
               R"({"station":"沈阳","km":700,"arr":"23:50","dep":"23:55"},)"
               R"({"station":"哈尔滨西","km":1240,"arr":"00:35","dep":"00:40"},)"
               R"({"station":"齐齐哈尔","km":1520,"arr":"02:00"}],)"
               R"("cars":[{"car":1,"class":"second","rows":1,"layout":"A"}]})");
        s.send(
            R"({"op":"sell","id":"S1","train":"Z1","date":"2024-01-20","from":"北京","to":"齐齐哈尔","class":"second","passengers":["a"]})");
        s.send(
            R"({"op":"waitlist","id":"W1","user":"u","passengers":["b"],"from":"哈尔滨西","to":"齐齐哈尔","options":[{"train":"Z1","date":"2024-01-20","class":"second"}]})");
        s.send(R"({"op":"pay","id":"S1"})");
        s.send(R"({"op":"prepay","id":"W1"})");
        QVERIFY(s.send(R"({"op":"advance","at":"2024-01-20T23:59"})").isEmpty());
        QVERIFY(s.send(R"({"op":"advance","at":"2024-01-21T00:39"})").isEmpty());
        const auto events = s.send(R"({"op":"advance","at":"2024-01-21T00:40"})");
        QCOMPARE(kinds(events), QStringList{u"waitlist_expired"_s});
        QCOMPARE(str(events[0], "at"), u"2024-01-21T00:40"_s);
    }
};

QTEST_GUILESS_MAIN(TestTime)
#include "tst_time.moc"
