// The fast command parser (simdjson) against Qt's: on every line of the
// scenarios and the demo, and on random mutations of them, both must give the
// same command (fingerprint included) or the same error message.

#include <QDir>
#include <QFile>
#include <QTest>
#include <algorithm>
#include <random>
#include <set>

#include "houbu/codec.h"
#include "houbu/command_encoder.h"

using namespace houbu;
using namespace Qt::StringLiterals;

namespace {

QList<QByteArray> corpus() {
    QList<QByteArray> lines;
    const QString root = QStringLiteral(HOUBU_SOURCE_DIR);
    QStringList files;
    for (const QString& dir :
         {u"/tests/scenarios"_s, u"/resources/demo"_s, u"/resources/examples"_s})
        for (const QString& name : QDir(root + dir).entryList({u"*.jsonl"_s}, QDir::Files))
            if (!name.endsWith(u".expected.jsonl"_s)) files << root + dir + u'/' + name;
    for (const QString& path : files) {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly)) continue;
        for (const QByteArray& line : f.readAll().split('\n'))
            if (!line.trimmed().isEmpty()) lines << line;
    }
    return lines;
}

QString describe(const ParsedLine& p) {
    if (p.skip) return u"skip"_s;
    if (!p.command) return u"error: "_s + p.error;
    return u"command op %1 fingerprint %2"_s.arg(int(p.command->op)).arg(p.command->fingerprint);
}

// Same outcome, same command or same message.
bool same(const ParsedLine& a, const ParsedLine& b) {
    if (a.skip != b.skip || a.command.has_value() != b.command.has_value()) return false;
    if (a.command) return *a.command == *b.command;
    return a.error == b.error;
}

// Pieces a mutation splices in: structure, escapes, numbers at the edges of
// what the parsers agree on, white space Qt trims, non-ASCII text.
const QByteArray kPieces[] = {
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "\"",
    "\\",
    " ",
    "\\u0000",
    "\\ud800",
    "\\udc00",
    "\\u00e9",
    "\\u3000",
    "\xe3\x80\x80",
    "\xc2\xa0",
    "\xe5\xbc\xa0",
    "\xf0\x9f\x9a\x84",
    "\xff",
    "\xc3",
    "-0",
    "-0.0",
    "1e400",
    "9223372036854775807",
    "9223372036854775808",
    "18446744073709551616",
    "0.1",
    "1.5",
    "3.0",
    "1E2",
    "true",
    "null",
    "\"\"",
    "\" \"",
    "\"\\t\"",
    "\"at\":",
    "\"op\":\"sell\",",
    "\"id\":\"x\",",
    "\"seats\":[\"03-01A\"],",
    "\"count\":2,",
    "\"car\":\"7\",",
    "\"car\":\" 7\",",
    "\"car\":\"+7\",",
    "\"rows\":2.5,",
    "\"fares\":{\"second\":0.5,\"first\":1},",
    "\"deadline\":\"2024-01-20T10:00\",",
    "\"passengers\":[\"a\",\"a\"],",
    "\"options\":[],",
    "\"stops\":[],",
    "\xe5\x8c\x97\xe4\xba\xac",
};

QByteArray mutate(QByteArray line, std::mt19937_64& rng) {
    const int edits = 1 + static_cast<int>(rng() % 3);
    for (int e = 0; e < edits && !line.isEmpty(); ++e) {
        const auto pos = static_cast<qsizetype>(rng() % static_cast<std::uint64_t>(line.size()));
        switch (rng() % 5) {
            case 0:  // delete a few bytes
                line.remove(pos, 1 + static_cast<qsizetype>(rng() % 4));
                break;
            case 1:  // insert a piece
                line.insert(pos, kPieces[rng() % std::size(kPieces)]);
                break;
            case 2: {  // replace a value's first character with a piece
                const qsizetype colon = line.indexOf(':', pos);
                if (colon > 0) line.insert(colon + 1, kPieces[rng() % std::size(kPieces)]);
                break;
            }
            case 3: {  // repeat a key-value pair (duplicate keys)
                const qsizetype comma = line.indexOf(',', pos);
                const qsizetype next = comma >= 0 ? line.indexOf(',', comma + 1) : -1;
                if (next > comma && comma >= 0) line.insert(next, line.mid(comma, next - comma));
                break;
            }
            default:  // swap two bytes
                if (pos + 1 < line.size()) std::swap(line[pos], line[pos + 1]);
                break;
        }
    }
    return line;
}

// A command as it reads back from its encoding: the fingerprint is the
// encoding's, and a train's fares and standing places come in key order.
Command comparable(Command c) {
    c.fingerprint = 0;
    std::sort(c.fares.begin(), c.fares.end());
    std::sort(c.standingPlaces.begin(), c.standingPlaces.end());
    return c;
}

// Encodes `c` and reads it back as the journal would be read: the object
// read without text must give exactly what parsing the journaled line gives
// (fingerprint included), and that must be `c` again.
void checkEncoding(const Command& c, const QByteArray& source) {
    const JournalCommand j = prepareCommand(c);
    const auto where = [&] { return qPrintable(QString::fromUtf8(source + " -> " + j.line)); };
    QVERIFY2(j.parsed.command, where());
    const ParsedLine replayed = parseCommandLine(j.line);
    QVERIFY2(same(j.parsed, replayed), where());
    QVERIFY2(comparable(*j.parsed.command) == comparable(c), where());
    QVERIFY2(encodeCommand(*j.parsed.command) == j.line, where());
}

}  // namespace

class TestParse : public QObject {
    Q_OBJECT
  private slots:
    void corpusParsesAlike() {
        const QList<QByteArray> lines = corpus();
        QVERIFY(lines.size() > 100);
        int commands = 0;
        for (const QByteArray& line : lines) {
            const ParsedLine fast = parseCommandLine(line), qt = parseCommandLineWithQt(line);
            if (!same(fast, qt))
                QFAIL(qPrintable(u"%1\n  fast: %2\n  qt:   %3"_s.arg(
                    QString::fromUtf8(line), describe(fast), describe(qt))));
            commands += fast.command ? 1 : 0;
        }
        QVERIFY(commands > 100);
    }

    void handPickedLinesParseAlike_data() {
        QTest::addColumn<QByteArray>("line");
        QTest::newRow("repeated key") << QByteArray(R"({"op":"pay","id":"a","id":"b"})");
        QTest::newRow("non-ASCII key")
            << QByteArray(R"({"op":"sell","id":"s","train":"G1","date":"2024-01-20","from":"A",)"
                          R"("to":"B","class":"second","passengers":["x"],"备注":1})");
        QTest::newRow("ideographic space only")
            << QByteArray("{\"op\":\"pay\",\"id\":\"\xe3\x80\x80\"}");
        QTest::newRow("escaped ideographic space") << QByteArray(R"({"op":"pay","id":"\u3000 "})");
        QTest::newRow("no-break space and a letter")
            << QByteArray("{\"op\":\"pay\",\"id\":\"\xc2\xa0x\"}");
        QTest::newRow("lone surrogate") << QByteArray(R"({"op":"pay","id":"\ud800"})");
        QTest::newRow("surrogate pair") << QByteArray(
            R"({"op":"waitlist","id":"\ud83d\ude84","user":"u","passengers":["p"],)"
            R"("from":"A","to":"B","options":[{"train":"G1","date":"2024-01-20","class":"second"}]})");
        QTest::newRow("invalid UTF-8") << QByteArray("{\"op\":\"pay\",\"id\":\"\xff\"}");
        QTest::newRow("negative zero fingerprint")
            << QByteArray(R"({"op":"block","id":"q","train":"G1","date":"2024-01-20","from":"A",)"
                          R"("to":"B","class":"second","count":1,"x":-0})");
        QTest::newRow("negative zero double fingerprint")
            << QByteArray(R"({"op":"block","id":"q","train":"G1","date":"2024-01-20","from":"A",)"
                          R"("to":"B","class":"second","count":1,"y":-0.0})");
        QTest::newRow("zero fingerprint")
            << QByteArray(R"({"op":"block","id":"q","train":"G1","date":"2024-01-20","from":"A",)"
                          R"("to":"B","class":"second","count":1,"y":0,"z":0.0,"w":0e5})");
        QTest::newRow("big integers")
            << QByteArray(R"({"op":"block","id":"q","train":"G1","date":"2024-01-20","from":"A",)"
                          R"("to":"B","class":"second","count":1,"x":9223372036854775808,)"
                          R"("y":18446744073709551616,"z":123456789012345678})");
        QTest::newRow("car as text with space") << QByteArray(
            R"({"op":"add_car","train":"G1","date":"2024-01-20","car":" 7","class":"second","rows":1,"layout":"AB"})");
        QTest::newRow("trailing garbage") << QByteArray(R"({"op":"pay","id":"a"} x)");
        QTest::newRow("array at the top") << QByteArray(R"([{"op":"pay","id":"a"}])");
        QTest::newRow("deep nesting") << QByteArray(R"({"op":"pay","id":"a","x":)") +
                                             QByteArray(100, '[') + QByteArray(100, ']') + "}";
        QTest::newRow("preview") << QByteArray(
            R"({"op":"sell","id":"s","train":"G1","date":"2024-01-20","from":"A","to":"B",)"
            R"("class":"second","passengers":["x"],"dry_run":true})");
        QTest::newRow("preview of a query")
            << QByteArray(R"({"op":"position","id":"w","dry_run":true})");
        QTest::newRow("preview flag not a boolean")
            << QByteArray(R"({"op":"pay","id":"a","dry_run":1})");
        QTest::newRow("fares in key order") << QByteArray(
            R"({"op":"train","train":"G9","date":"2024-01-20","stops":[{"station":"A","km":0},)"
            R"({"station":"B","km":10}],"cars":[],"fares":{"second":0.5,"business":1.5,"first":1}})");
    }
    void handPickedLinesParseAlike() {
        QFETCH(QByteArray, line);
        const ParsedLine fast = parseCommandLine(line), qt = parseCommandLineWithQt(line);
        QVERIFY2(same(fast, qt),
                 qPrintable(u"fast: %1\nqt:   %2"_s.arg(describe(fast), describe(qt))));
    }

    // dry_run is not part of a command's identity: a preview of an id answers
    // as the command would (duplicate, id_conflict), and takes nothing.
    void previewKeepsTheIdentity() {
        const QByteArray sell =
            R"({"op":"sell","id":"s","train":"G1","date":"2024-01-20","from":"A","to":"B",)"
            R"("class":"second","passengers":["x"])";
        const ParsedLine plain = parseCommandLine(QByteArray(sell + "}"));
        const ParsedLine preview = parseCommandLine(QByteArray(sell + R"(,"dry_run":true})"));
        const ParsedLine notPreview = parseCommandLine(QByteArray(sell + R"(,"dry_run":false})"));
        QVERIFY(plain.command && preview.command && notPreview.command);
        QVERIFY(!plain.command->dryRun && preview.command->dryRun && !notPreview.command->dryRun);
        QCOMPARE(preview.command->fingerprint, plain.command->fingerprint);
        QCOMPARE(notPreview.command->fingerprint, plain.command->fingerprint);
        const ParsedLine query = parseCommandLine(R"({"op":"position","id":"w","dry_run":true})");
        QVERIFY(!query.command);
        QVERIFY2(query.error.contains(u"dry_run"_s), qPrintable(query.error));
        // A preview's events carry the mark, and read back with it.
        Event e;
        e.kind = EventKind::TicketPaid;
        e.seq = 7;
        e.ticket = "s.1";
        e.dryRun = true;
        const QByteArray line = encodeEvent(e);
        QVERIFY(line.endsWith(R"("ticket":"s.1","dry_run":true})"));
        Event back;
        QVERIFY(decodeEvent(line, back));
        QVERIFY(back.dryRun);
        QCOMPARE(encodeEvent(back), line);
    }

    // The console hands the engine typed commands, encoded once for the
    // journal: every command of the corpus, and every mutation that still
    // parses, encodes to a line that reads back to the same command.
    void typedCommandsEncodeAndReadBack() {
        const QList<QByteArray> lines = corpus();
        int checked = 0;
        for (const QByteArray& line : lines) {
            const ParsedLine p = parseCommandLine(line);
            if (!p.command) continue;
            checkEncoding(*p.command, line);
            if (QTest::currentTestFailed()) return;
            ++checked;
        }
        std::mt19937_64 rng(7);
        for (int i = 0; i < 20000; ++i) {
            const QByteArray line = mutate(
                lines[static_cast<qsizetype>(rng() % static_cast<std::uint64_t>(lines.size()))],
                rng);
            const ParsedLine p = parseCommandLine(line);
            if (!p.command) continue;
            checkEncoding(*p.command, line);
            if (QTest::currentTestFailed()) return;
            ++checked;
        }
        QVERIFY(checked > 2000);
    }

    // A dialog's command written as the console typed it: the format's
    // defaults are left out, so a resend has the fingerprint of the same
    // line written by hand.
    void typedCommandIsWrittenAsByHand() {
        const QByteArray line =
            R"({"op":"waitlist","at":"2024-01-20T08:00","id":"W1","user":"u1","passengers":["a"],)"
            R"("from":"A","to":"C","options":[{"train":"G1","date":"2024-01-20","class":"second"}]})";
        const ParsedLine byHand = parseCommandLine(line);
        QVERIFY(byHand.command);
        const JournalCommand typed = prepareCommand(*byHand.command);
        QVERIFY(typed.parsed.command);
        QCOMPARE(typed.parsed.command->fingerprint, byHand.command->fingerprint);
        QVERIFY(!typed.line.contains("seat_change"));
        QVERIFY(!typed.line.contains("accept_standing"));
    }

    // A typed command the reader refuses is refused with the message its
    // line would get, naming the field.
    void typedFieldsAreChecked_data() {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("field");
        QTest::newRow("empty id") << 0 << u"'id'"_s;
        QTest::newRow("empty passenger") << 1 << u"'passengers'"_s;
        QTest::newRow("three changes") << 2 << u"'seat_change'"_s;
        QTest::newRow("no option") << 3 << u"'options'"_s;
        QTest::newRow("bad seat label") << 4 << u"'seat'"_s;
        QTest::newRow("refund of nothing") << 5 << u"'ticket' or 'id'"_s;
        QTest::newRow("bad date") << 6 << u"'options[0].date'"_s;
    }
    void typedFieldsAreChecked() {
        QFETCH(int, kind);
        QFETCH(QString, field);
        Command c;
        c.op = Op::Waitlist;
        c.at = 24 * 3600;
        c.id = "W1";
        c.user = "u1";
        c.passengers = {"a"};
        c.from = "A";
        c.to = "C";
        c.options = {{"G1", "2024-01-20", "second"}};
        QVERIFY(prepareCommand(c).parsed.command);
        switch (kind) {
            case 0:
                c.id.clear();
                break;
            case 1:
                c.passengers = {""};
                break;
            case 2:
                c.seatChange = 3;
                break;
            case 3:
                c.options.clear();
                break;
            case 4:
                c = Command{};
                c.op = Op::Release;
                c.train = "G1";
                c.date = "2024-01-20";
                c.from = "A";
                c.to = "C";
                c.seat = "window";
                c.reason = "refund";
                break;
            case 5:
                c = Command{};
                c.op = Op::Refund;
                break;
            default:
                c.options[0].date = "2024-02-30";
                break;
        }
        const JournalCommand j = prepareCommand(c);
        QVERIFY(!j.parsed.command);
        QVERIFY2(j.parsed.error.contains(field), qPrintable(j.parsed.error));
        // The line journaled for it is refused alike on replay.
        QCOMPARE(parseCommandLine(j.line).error, j.parsed.error);
    }

    void mutationsParseAlike() {
        const QList<QByteArray> lines = corpus();
        const int seeds = qEnvironmentVariableIntValue("HOUBU_RANDOM_SEEDS") > 0
                              ? qEnvironmentVariableIntValue("HOUBU_RANDOM_SEEDS")
                              : 20;
        int accepted = 0, rejected = 0;
        for (int seed = 1; seed <= seeds; ++seed) {
            std::mt19937_64 rng(static_cast<std::uint64_t>(seed));
            for (int i = 0; i < 2000; ++i) {
                const QByteArray line = mutate(
                    lines[static_cast<qsizetype>(rng() % static_cast<std::uint64_t>(lines.size()))],
                    rng);
                const ParsedLine fast = parseCommandLine(line), qt = parseCommandLineWithQt(line);
                if (!same(fast, qt))
                    QFAIL(qPrintable(u"seed %1: %2\n  fast: %3\n  qt:   %4"_s.arg(seed).arg(
                        QString::fromUtf8(line), describe(fast), describe(qt))));
                (fast.command ? accepted : rejected) += 1;
            }
        }
        // The mutations reach both sides: commands that still parse and errors.
        QVERIFY(accepted > seeds * 100);
        QVERIFY(rejected > seeds * 100);
    }

    // Every event the engine gives for the corpus (with the match trace) and
    // every hand-written expected event decodes to a typed event that encodes
    // to the same bytes, and every kind of event is among them.
    void eventsRoundTrip() {
        QList<QByteArray> events;
        EngineOptions traced;
        traced.trace = true;
        Runner runner(traced);
        QByteArray out;
        int number = 0;
        for (const QByteArray& line : corpus())
            runner.processLine(line, ++number, out);
        events = out.split('\n');
        const QString root = QStringLiteral(HOUBU_SOURCE_DIR) + u"/tests/scenarios"_s;
        for (const QString& name : QDir(root).entryList({u"*.expected.jsonl"_s}, QDir::Files)) {
            QFile f(root + u'/' + name);
            QVERIFY(f.open(QIODevice::ReadOnly));
            // Hand-written expectations may leave an error's message out
            // (the scenarios compare its code); the engine always prints one.
            for (const QByteArray& line : f.readAll().split('\n'))
                if (!line.contains("\"event\":\"error\"") || line.contains("\"message\""))
                    events << line;
        }
        std::set<EventKind> kinds;
        for (const QByteArray& line : events) {
            if (line.trimmed().isEmpty()) continue;
            Event e;
            QString error;
            if (!decodeEvent(line, e, &error))
                QFAIL(qPrintable(u"%1\n  %2"_s.arg(QString::fromUtf8(line), error)));
            QCOMPARE(encodeEvent(e), line);
            kinds.insert(e.kind);
        }
        for (int k = 0; k <= static_cast<int>(EventKind::WaitlistCapped); ++k)
            if (!kinds.count(static_cast<EventKind>(k)))
                QFAIL(eventName(static_cast<EventKind>(k)));
    }

    // docs/commands.md is the project's record of the format: every
    // operation and event the codec knows appears there, and every error code
    // there or in the list of codes in docs/engine-rules.md.
    void formatIsDocumented() {
        auto read = [](const QString& name) {
            QFile doc(QStringLiteral(HOUBU_SOURCE_DIR) + u"/docs/"_s + name);
            return doc.open(QIODevice::ReadOnly) ? doc.readAll() : QByteArray();
        };
        const QByteArray format = read(u"commands.md"_s);
        const QByteArray rules = read(u"engine-rules.md"_s);
        QVERIFY(!format.isEmpty() && !rules.isEmpty());
        QStringList missing;
        auto check = [&](const char* name, bool inRules) {
            const QByteArray quoted = QByteArray(QByteArray("`") + name + '`');
            if (!format.contains(quoted) && !(inRules && rules.contains(quoted)))
                missing << QString::fromLatin1(name);
        };
        for (int op = 0; op <= static_cast<int>(Op::WaitlistCap); ++op)
            check(opName(static_cast<Op>(op)), false);
        for (int k = 0; k <= static_cast<int>(EventKind::WaitlistCapped); ++k)
            check(eventName(static_cast<EventKind>(k)), false);
        for (ErrorCode code : kErrorCodes)
            check(errorCodeName(code), true);
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(u", "_s)));
    }

    void badEventsAreNamed_data() {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QString>("named");
        QTest::newRow("not json") << QByteArray("{\"seq\":") << u"not JSON"_s;
        QTest::newRow("array") << QByteArray("[1]") << u"not a JSON object"_s;
        QTest::newRow("unknown kind")
            << QByteArray(R"({"seq":1,"event":"teleported"})") << u"unknown event teleported"_s;
        QTest::newRow("seq text") << QByteArray(R"({"seq":"1","event":"ticket_paid"})")
                                  << u"seq is not an integer"_s;
        QTest::newRow("bad time")
            << QByteArray(R"({"seq":1,"at":"tomorrow","event":"ticket_paid","ticket":"T1"})")
            << u"at is not a time"_s;
        QTest::newRow("bad code") << QByteArray(
                                         R"({"seq":1,"event":"error","code":"oops","message":"m"})")
                                  << u"unknown error code oops"_s;
        QTest::newRow("tickets not array")
            << QByteArray(R"({"seq":1,"event":"waitlist_fulfilled","id":"W","tickets":3})")
            << u"tickets is not an array"_s;
    }
    void badEventsAreNamed() {
        QFETCH(QByteArray, line);
        QFETCH(QString, named);
        Event e;
        QString error;
        QVERIFY(!decodeEvent(line, e, &error));
        QVERIFY2(error.contains(named), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestParse)
#include "tst_parse.moc"
