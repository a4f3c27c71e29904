// The console's typed path: a dialog or an action hands the session a
// `Command`, and the embedded session applies it as the reader reads back its
// one encoding, which is what the journal keeps. Checked on a real SQLite
// store: the journal holds exactly that encoding, reopening gives the same
// state, a resend is recognised, and a command the reader refuses is refused
// with the message its line gets.

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "houbu/codec.h"
#include "houbu/command_encoder.h"
#include "houbu/embedded_session.h"
#include "houbu/store.h"

using namespace houbu;
using namespace Qt::StringLiterals;

namespace {

const QByteArray kTrain =
    R"({"op":"train","at":"2024-01-20T07:00","train":"G1","date":"2024-01-20","stops":[{"station":"北京","km":0},{"station":"济南","km":406},{"station":"青岛","km":800}],"cars":[{"car":3,"class":"second","rows":1,"layout":"AB"}]})";

Command sell(const std::string& id, const std::vector<std::string>& passengers) {
    Command c;
    c.op = Op::Sell;
    c.at = *parseTime("2024-01-20T07:05");
    c.id = id;
    c.train = "G1";
    c.date = "2024-01-20";
    c.from = "北京";
    c.to = "青岛";
    c.travelClass = "second";
    c.passengers = passengers;
    return c;
}

Command waitlist(const std::string& id) {
    Command c;
    c.op = Op::Waitlist;
    c.at = *parseTime("2024-01-20T07:10");
    c.id = id;
    c.user = "u1";
    c.passengers = {"张三"};
    c.from = "北京";
    c.to = "济南";
    c.options = {{"G1", "2024-01-20", "second"}};
    c.seatChange = 1;
    return c;
}

Command prepay(const std::string& id) {
    Command c;
    c.op = Op::Prepay;
    c.at = *parseTime("2024-01-20T07:11");
    c.id = id;
    return c;
}

Command release(const std::string& seat) {
    Command c;
    c.op = Op::Release;
    c.at = *parseTime("2024-01-20T07:20");
    c.train = "G1";
    c.date = "2024-01-20";
    c.from = "北京";
    c.seat = seat;
    c.reason = "refund";
    c.to = "青岛";  // the whole ticket: a release inside it would be partial_ticket
    return c;
}

struct Answer {
    QList<EventRecord> events;
    QString failure;
};

Answer submitAndWait(EmbeddedSession& session, const Command& command) {
    QSignalSpy answered(&session, &Session::commandAnswered);
    const quint64 ticket = session.submitCommand(command);
    Answer out;
    const bool done = QTest::qWaitFor(
        [&] {
            for (const QList<QVariant>& a : answered)
                if (a[0].toULongLong() == ticket) {
                    out.events = a[1].value<QList<EventRecord>>();
                    out.failure = a[2].toString();
                    return true;
                }
            return false;
        },
        10000);
    if (!done) out.failure = u"no answer"_s;
    return out;
}

bool has(const Answer& a, EventKind kind) {
    return std::any_of(a.events.begin(), a.events.end(),
                       [kind](const EventRecord& e) { return e.event.kind == kind; });
}

QList<QByteArray> journal(const QString& path) {
    QString error;
    StoreOptions options;
    options.location = path;
    auto store = Store::open(options, error);
    QList<QByteArray> lines;
    if (!store) return lines;
    store->readJournal(
        1,
        [&](const JournalEntry& e) {
            lines << e.command;
            return true;
        },
        error);
    return lines;
}

}  // namespace

class TestTypedCommands : public QObject {
    Q_OBJECT

  private slots:
    void typedCommandsReachTheJournalEncodedOnce() {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"typed.db"_s);
        QList<QByteArray> expected{kTrain};
        {
            EmbeddedSession session;
            QSignalSpy opened(&session, &EmbeddedSession::opened);
            StoreOptions options;
            options.location = path;
            session.open(options);
            QTRY_COMPARE_WITH_TIMEOUT(opened.size(), 1, 10000);
            QVERIFY(opened.first().first().toBool());
            session.send({kTrain});

            // Both seats sold over the whole run; the order, prepaid, waits;
            // the refund of one of them serves it.
            const Command sold = sell("S1", {"甲", "乙"});
            Answer a = submitAndWait(session, sold);
            QVERIFY2(a.failure.isEmpty(), qPrintable(a.failure));
            QVERIFY(has(a, EventKind::TicketHeld));
            expected << encodeCommand(sold);

            const Command order = waitlist("W1");
            a = submitAndWait(session, order);
            QVERIFY(has(a, EventKind::WaitlistSubmitted));
            expected << encodeCommand(order);

            // The same order again is the same command: its fingerprint,
            // read from the typed command's encoding, matches.
            a = submitAndWait(session, order);
            QVERIFY(has(a, EventKind::Duplicate));
            expected << encodeCommand(order);

            a = submitAndWait(session, prepay("W1"));
            QVERIFY(has(a, EventKind::WaitlistEffective));
            expected << encodeCommand(prepay("W1"));

            // A field the reader refuses: refused with the reader's message,
            // journaled as the line that gets it.
            const Command nameless = sell("S2", {""});
            a = submitAndWait(session, nameless);
            QVERIFY(has(a, EventKind::Error));
            const auto error = std::find_if(a.events.begin(), a.events.end(), [](const auto& e) {
                return e.event.kind == EventKind::Error;
            });
            QCOMPARE(error->event.code, ErrorCode::BadCommand);
            QCOMPARE(QString::fromStdString(error->event.message),
                     parseCommandLine(encodeCommand(nameless)).error);
            expected << encodeCommand(nameless);

            // An action's send: the grid's release serves the order.
            QSignalSpy applied(&session, &Session::eventsApplied);
            const Command back = release("03-01A");
            session.sendCommand(back);
            QTRY_VERIFY_WITH_TIMEOUT(
                [&] {
                    for (const QList<QVariant>& batch : applied)
                        for (const EventRecord& e : batch[0].value<QList<EventRecord>>())
                            if (e.event.kind == EventKind::WaitlistFulfilled) return true;
                    return false;
                }(),
                10000);
            expected << encodeCommand(back);
        }
        // The journal holds each typed command's one encoding, and replaying
        // it (a reopen without snapshots would) gives the same events.
        QCOMPARE(journal(path), expected);
        Runner replay;
        QByteArray out;
        for (qsizetype i = 0; i < expected.size(); ++i)
            replay.processLine(expected[i], static_cast<int>(i + 1), out);
        QVERIFY(out.contains("\"waitlist_fulfilled\""));
        QCOMPARE(out.count("\"duplicate\""), 1);
    }

    // A typed precheck answers what the same line's precheck answers.
    void typedPrecheckAnswersAsTheLine() {
        EmbeddedSession session;
        QSignalSpy opened(&session, &EmbeddedSession::opened);
        session.open(StoreOptions{});
        QTRY_COMPARE_WITH_TIMEOUT(opened.size(), 1, 10000);
        session.send({kTrain});
        const std::vector<Command> asked = {sell("S1", {"甲"}), sell("S2", {""}), waitlist("W1"),
                                            release("03-01A"), release("not a seat")};
        QSignalSpy answers(&session, &Session::prechecked);
        QHash<quint64, int> typed, byLine;
        for (int i = 0; i < int(asked.size()); ++i) {
            typed.insert(session.precheckCommand(asked[std::size_t(i)]), i);
            byLine.insert(session.precheck(encodeCommand(asked[std::size_t(i)])), i);
        }
        QTRY_COMPARE_WITH_TIMEOUT(answers.size(), qsizetype(asked.size() * 2), 10000);
        std::vector<PrecheckReply> t(asked.size()), l(asked.size());
        for (const QList<QVariant>& a : answers) {
            const quint64 ticket = a[0].toULongLong();
            const auto reply = a[1].value<PrecheckReply>();
            if (typed.contains(ticket)) t[std::size_t(typed.value(ticket))] = reply;
            if (byLine.contains(ticket)) l[std::size_t(byLine.value(ticket))] = reply;
        }
        int refused = 0;
        for (std::size_t i = 0; i < asked.size(); ++i) {
            QVERIFY(t[i].known && l[i].known);
            QCOMPARE(t[i].answer.error, l[i].answer.error);
            QCOMPARE(t[i].answer.message, l[i].answer.message);
            QCOMPARE(t[i].answer.accepted(), l[i].answer.accepted());
            refused += t[i].answer.error ? 1 : 0;
        }
        QCOMPARE(refused,
                 3);  // a nameless passenger, nothing sold to release, a label that is none
    }
};

QTEST_GUILESS_MAIN(TestTypedCommands)
#include "tst_typed_commands.moc"
