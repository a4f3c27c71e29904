// One test row per error code (and per kind of malformed line): the error
// event names the problem, the state is unchanged, and processing goes on.

#include <QRegularExpression>
#include <QSet>
#include <QTest>
#include <optional>

#include "harness.h"

using namespace houbu;
using namespace houbu::test;
using namespace Qt::StringLiterals;

namespace {

// Common state: G1 with 1 row AB of second class; S1 holds 03-01A 北京→济南
// (paid), S2 holds 03-01B 北京→青岛 (unpaid, expires 09:15), block Q1 on
// business, waitlist W1 queued, W2 awaiting prepayment.
const QByteArray kSetup[] = {
    g1(),
    sell("S1", "北京", "济南", R"(["张三"])", R"(,"seats":["03-01A"],"at":"2024-01-10T09:00")"),
    R"({"op":"pay","id":"S1"})",
    sell("S2", "北京", "青岛", R"(["李四"])", R"(,"seats":["03-01B"])"),
    R"({"op":"block","id":"Q1","train":"G1","date":"2024-01-20","from":"北京","to":"济南","class":"business","count":1})",
    waitlist("W1", "北京", "济南"),
    R"({"op":"prepay","id":"W1"})",
    waitlist("W2", "北京", "天津", R"(["丙"])"),
};

// The whole engine state, Engine::snapshot(), without the event counter, which the
// error event itself moves on by one; `seq` receives the counter. The snapshot
// starts with 8 bytes of magic, then the clock and the counter as varints.
QByteArray stateOf(const Engine& engine, std::uint64_t& seq) {
    std::string bytes = engine.snapshot();
    std::size_t pos = 8;
    auto varint = [&bytes, &pos] {
        std::uint64_t v = 0;
        for (int shift = 0; pos < bytes.size(); shift += 7) {
            const auto b = static_cast<unsigned char>(bytes[pos++]);
            v |= std::uint64_t(b & 0x7f) << shift;
            if (!(b & 0x80)) break;
        }
        return v;
    };
    varint();  // the clock stays in
    const std::size_t counter = pos;
    seq = varint();
    bytes.erase(counter, pos - counter);
    return QByteArray::fromStdString(bytes);
}

}  // namespace

class TestErrors : public QObject {
    Q_OBJECT

  private slots:
    void error_data() {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("mentions");

        auto row = [](const char* name, const QByteArray& line, const char* code,
                      const char* mentions) {
            QTest::newRow(name) << line << QString::fromLatin1(code) << QString::fromUtf8(mentions);
        };
        // Malformed lines: bad_command naming the field.
        row("not json", "{\"op\":\"sell\",", "bad_command", "not valid JSON");
        row("not an object", "[1,2]", "bad_command", "JSON object");
        row("missing op", R"({"id":"x"})", "bad_command", "'op'");
        row("op not a string", R"({"op":7})", "bad_command", "'op' must be a string");
        row("unknown op", R"({"op":"teleport"})", "bad_command", "unknown op 'teleport'");
        row("missing field",
            R"({"op":"sell","id":"S9","train":"G1","date":"2024-01-20","from":"北京","to":"济南","passengers":["a"]})",
            "bad_command", "'class'");
        row("ill-typed field",
            R"({"op":"sell","id":"S9","train":"G1","date":"2024-01-20","from":"北京","to":"济南","class":"second","passengers":"a"})",
            "bad_command", "'passengers' must be an array");
        row("bad time", R"({"op":"advance","at":"tomorrow"})", "bad_command", "'at'");
        row("bad date", R"({"op":"seatmap","train":"G1","date":"2024-02-30"})", "bad_command",
            "'date'");
        row("advance without at", R"({"op":"advance"})", "bad_command", "'at'");
        row("six passengers", sell("S9", "北京", "济南", R"(["a","b","c","d","e","f"])"),
            "bad_command", "'passengers' must list 1 to 5");
        row("no passengers", sell("S9", "北京", "济南", R"([])"), "bad_command", "'passengers'");
        row("seats per passenger",
            sell("S9", "北京", "济南", R"(["a","b"])", R"(,"seats":["03-01A"])"), "bad_command",
            "one seat per passenger");
        row("bad seat label", sell("S9", "北京", "济南", R"(["a"])", R"(,"seats":["A1"])"),
            "bad_command", "seat label");
        row("one seat in two spellings",
            sell("S9", "北京", "济南", R"(["a","b"])", R"(,"seats":["03-1A","03-01A"])"),
            "bad_command", "names seat 03-01A twice");
        row("block seat in two spellings",
            R"({"op":"block","id":"Q9","train":"G1","date":"2024-01-20","from":"北京","to":"济南","class":"second","seats":["3-01B","03-01B"]})",
            "bad_command", "names seat 03-01B twice");
        row("km out of range",
            R"({"op":"train","train":"G9","date":"2024-01-20","stops":[{"station":"A","km":0},{"station":"C","km":5e16}],"cars":[]})",
            "bad_command", "'stops[1].km' must be between 0 and 100000");
        row("fare out of range",
            R"({"op":"train","train":"G9","date":"2024-01-20","stops":[{"station":"A","km":0},{"station":"C","km":5}],"cars":[],"fares":{"2":1e10}})",
            "bad_command", "'fares'");
        row("lone surrogate", R"({"op":"position","id":"s\ud800"})", "bad_command",
            "lone surrogate");
        row("year out of range", R"({"op":"advance","at":"9999-12-31T23:59"})", "bad_command",
            "'at'");
        row("bad prefer", sell("S9", "北京", "济南", R"(["a"])", R"(,"prefer":"middle")"),
            "bad_command", "'prefer'");
        row("bad reason",
            R"({"op":"release","train":"G1","date":"2024-01-20","seat":"03-01A","from":"北京","to":"济南","reason":"whim"})",
            "bad_command", "'reason'");
        row("refund needs one target", R"({"op":"refund"})", "bad_command", "'ticket' or 'id'");
        row("block needs count or seats",
            R"({"op":"block","id":"Q9","train":"G1","date":"2024-01-20","from":"北京","to":"济南","class":"second"})",
            "bad_command", "'count' or 'seats'");
        row("six options one date",
            R"({"op":"waitlist","id":"W9","user":"u","passengers":["a"],"from":"北京","to":"济南","options":[{"train":"G1","date":"2024-01-20","class":"a"},{"train":"G1","date":"2024-01-20","class":"b"},{"train":"G1","date":"2024-01-20","class":"c"},{"train":"G1","date":"2024-01-20","class":"d"},{"train":"G1","date":"2024-01-20","class":"e"},{"train":"G1","date":"2024-01-20","class":"f"}]})",
            "bad_command", "at most 5 per date");
        row("three dates",
            R"({"op":"waitlist","id":"W9","user":"u","passengers":["a"],"from":"北京","to":"济南","options":[{"train":"G1","date":"2024-01-20","class":"a"},{"train":"G1","date":"2024-01-21","class":"a"},{"train":"G1","date":"2024-01-22","class":"a"}]})",
            "bad_command", "at most 2 dates");
        row("duplicate option",
            R"({"op":"waitlist","id":"W9","user":"u","passengers":["a"],"from":"北京","to":"济南","options":[{"train":"G1","date":"2024-01-20","class":"second"},{"train":"G1","date":"2024-01-20","class":"second"}]})",
            "bad_command", "twice");
        row("one stop",
            R"({"op":"train","train":"G9","date":"2024-01-20","stops":[{"station":"北京","km":0}],"cars":[]})",
            "bad_command", "2 to 64 stops");
        row("km not increasing",
            R"({"op":"train","train":"G9","date":"2024-01-20","stops":[{"station":"北京","km":10},{"station":"天津","km":5}],"cars":[]})",
            "bad_command", "'stops[1].km'");
        row("bad layout",
            R"({"op":"train","train":"G9","date":"2024-01-20","stops":[{"station":"北京","km":0},{"station":"天津","km":5}],"cars":[{"car":1,"class":"x","rows":1,"layout":"AA"}]})",
            "bad_command", "repeats the letter A");
        row("bad policy",
            R"({"op":"train","train":"G9","date":"2024-01-20","stops":[{"station":"北京","km":0},{"station":"天津","km":5}],"cars":[],"policy":"fastest"})",
            "bad_command", "'policy'");

        // Rule violations.
        row("time went back", R"({"op":"advance","at":"2024-01-09T23:00"})", "time_went_back",
            "before the clock");
        row("id conflict", sell("S1", "北京", "天津"), "id_conflict", "S1");
        row("train exists", g1(), "train_exists", "G1");
        row("unknown train", R"({"op":"seatmap","train":"G9","date":"2024-01-20"})",
            "unknown_train", "G9");
        row("unknown date", R"({"op":"seatmap","train":"G1","date":"2024-01-21"})", "unknown_train",
            "2024-01-21");
        row("unknown station", sell("S9", "北京", "上海"), "unknown_station", "上海");
        row("unknown class",
            R"({"op":"availability","train":"G1","date":"2024-01-20","from":"北京","to":"济南","class":"sleeper"})",
            "unknown_class", "sleeper");
        row("unknown seat", sell("S9", "北京", "济南", R"(["a"])", R"(,"seats":["03-09A"])"),
            "unknown_seat", "03-09A");
        row("unknown sale", op("pay", "S404"), "unknown_sale", "S404");
        row("unknown ticket", R"({"op":"refund","ticket":"S1.9"})", "unknown_ticket", "S1.9");
        row("unknown block", R"({"op":"release","id":"Q404"})", "unknown_block", "Q404");
        row("unknown order", op("prepay", "W404"), "unknown_order", "W404");
        row("reversed interval", sell("S9", "济南", "北京"), "bad_interval", "reversed");
        row("empty interval", sell("S9", "济南", "济南"), "bad_interval", "same station");
        row("wrong class", sell("S9", "北京", "济南", R"(["a"])", R"(,"seats":["01-01A"])"),
            "wrong_class", "business");
        row("car exists",
            R"({"op":"add_car","train":"G1","date":"2024-01-20","car":3,"class":"second","rows":1,"layout":"A"})",
            "car_exists", "car 3");
        row("sold out", sell("S9", "北京", "天津"), "sold_out", "sold out");
        row("seat taken", sell("S9", "天津", "青岛", R"(["a"])", R"(,"seats":["03-01A"])"),
            "seat_taken", "03-01A");
        row("passenger conflict",
            R"({"op":"sell","id":"S9","train":"G1","date":"2024-01-20","from":"天津","to":"济南","class":"business","passengers":["张三"]})",
            "passenger_conflict", "张三");
        row("sale expired", R"({"op":"pay","id":"S2","at":"2024-01-10T09:15"})", "sale_expired",
            "S2");
        row("not refundable",
            R"({"op":"reschedule","ticket":"S2.1","id":"R9","train":"G1","date":"2024-01-20","from":"北京","to":"天津","class":"business","at":"2024-01-10T09:20"})",
            "not_refundable", "expired");
        row("not paid",
            R"({"op":"reschedule","ticket":"S2.1","id":"R9","train":"G1","date":"2024-01-20","from":"北京","to":"天津","class":"business"})",
            "not_paid", "held, not paid");
        row("partial ticket",
            R"({"op":"release","train":"G1","date":"2024-01-20","seat":"03-01B","from":"北京","to":"济南","reason":"refund"})",
            "partial_ticket", "S2.1");
        row("reversed release",
            R"({"op":"release","train":"G1","date":"2024-01-20","seat":"01-01A","from":"天津","to":"北京","reason":"quota"})",
            "bad_interval", "reversed");
        row("nothing to release",
            R"({"op":"release","train":"G1","date":"2024-01-20","seat":"01-01F","from":"北京","to":"青岛","reason":"quota"})",
            "nothing_to_release", "01-01F");
        row("order closed", op("cancel", "W2") + "\n" + op("prepay", "W2"), "order_closed",
            "cancelled");
        row("departed", waitlist("W9", "北京", "济南", R"(["丁"])", R"(,"at":"2024-01-20T08:00")"),
            "departed", "北京");
        row("deadline passed",
            waitlist("W9", "北京", "济南", R"(["丁"])", R"(,"deadline":"2024-01-10T08:00")"),
            "deadline_passed", "deadline");
    }

    void error() {
        QFETCH(QByteArray, line);
        QFETCH(QString, code);
        QFETCH(QString, mentions);
        Session s;
        for (const auto& l : kSetup)
            s.send(l);
        QCOMPARE(s.engine().checkInvariants(), std::string());
        const QList<QByteArray> lines = line.split('\n');
        for (qsizetype i = 0; i + 1 < lines.size(); ++i)
            s.send(lines[i]);
        // A line with a later `at` fires the timers due by then before it fails: an
        // advance to that time goes first, so that the line itself must change nothing.
        const ParsedLine parsed = parseCommandLine(lines.last());
        if (parsed.command && parsed.command->at && *parsed.command->at > s.engine().clock())
            s.send(QByteArray::fromStdString("{\"op\":\"advance\",\"at\":\"" +
                                             formatTime(*parsed.command->at) + "\"}"));
        std::uint64_t seq = 0;
        const QByteArray before = stateOf(s.engine(), seq);
        QCOMPARE(seq, s.engine().lastSeq());  // the counter is where the layout puts it
        // Asked first, the engine foresees the same error with the same message.
        const std::optional<Precheck> foreseen =
            parsed.command ? std::optional(s.engine().precheck(*parsed.command)) : std::nullopt;
        std::uint64_t seqAfter = 0;
        QVERIFY(stateOf(s.engine(), seqAfter) == before);
        QCOMPARE(seqAfter, seq);
        const int lineNumber = s.linesSent() + 1;
        const auto events = s.send(lines.last());
        // One error event and nothing else, the state unchanged.
        QCOMPARE(events.size(), qsizetype(1));
        const QJsonObject e = events.last();
        QCOMPARE(kind(e), u"error"_s);
        QCOMPARE(str(e, "code"), code);
        const std::optional<ErrorCode> typed = errorCodeFromName(code.toStdString());
        QVERIFY2(typed, qPrintable(code));
        if (foreseen) {
            QVERIFY(foreseen->error == typed);
            QCOMPARE(QString::fromStdString(foreseen->message), str(e, "message"));
        }
        QVERIFY2(str(e, "message").contains(mentions),
                 qPrintable(str(e, "message") + u" does not mention "_s + mentions));
        QVERIFY(stateOf(s.engine(), seqAfter) == before);
        QCOMPARE(seqAfter, seq + 1);
        // Processing goes on, and the line number is the input line's.
        QCOMPARE(e.value(u"line"_s).toInt(), lineNumber);
        QCOMPARE(s.free("淄博", "青岛", "business"), 3);
        QCOMPARE(s.engine().checkInvariants(), std::string());
    }

    // One wire name per code, distinct, and read back as the same code.
    void errorCodeNames() {
        QSet<QString> names;
        for (ErrorCode code : kErrorCodes) {
            const QString name = QString::fromLatin1(errorCodeName(code));
            QVERIFY2(QRegularExpression(u"^[a-z]+(_[a-z]+)*$"_s).match(name).hasMatch(),
                     qPrintable(name));
            QVERIFY2(!names.contains(name), qPrintable(name));
            names.insert(name);
            QVERIFY(errorCodeFromName(name.toStdString()) == code);
        }
        QCOMPARE(names.size(), qsizetype(std::size(kErrorCodes)));
        QVERIFY(!errorCodeFromName("sold out"));
        QVERIFY(!errorCodeFromName(""));
    }

    void soldOutInvitesWaitlist() {
        Session s;
        for (const auto& l : kSetup)
            s.send(l);
        const auto e = s.one(sell("S9", "北京", "天津"));
        QCOMPARE(e.value(u"waitlist"_s).toBool(), true);
    }

    void partialBlock() {
        Session s;
        for (const auto& l : kSetup)
            s.send(l);
        const auto seatmap = s.one(R"({"op":"seatmap","train":"G1","date":"2024-01-20"})");
        QString blocked;
        for (const auto& seat : seatmap.value(u"seats"_s).toArray())
            for (const auto& o : seat.toObject().value(u"occupied"_s).toArray())
                if (o.toObject().value(u"holder"_s).toString() == u"Q1"_s)
                    blocked = seat.toObject().value(u"seat"_s).toString();
        QVERIFY(!blocked.isEmpty());
        const auto e = s.one(QJsonDocument(QJsonObject{{u"op"_s, u"release"_s},
                                                       {u"train"_s, u"G1"_s},
                                                       {u"date"_s, u"2024-01-20"_s},
                                                       {u"seat"_s, blocked},
                                                       {u"from"_s, u"北京"_s},
                                                       {u"to"_s, u"天津"_s},
                                                       {u"reason"_s, u"quota"_s}})
                                 .toJson(QJsonDocument::Compact));
        QCOMPARE(str(e, "code"), u"partial_block"_s);
    }
};

QTEST_GUILESS_MAIN(TestErrors)
#include "tst_errors.moc"
