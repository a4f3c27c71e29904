// Engine snapshots: canonical bytes, faithful restore, corrupt input refused.

#include <QFile>
#include <QTest>

#include "harness.h"

using namespace houbu;
using namespace houbu::test;
using namespace Qt::StringLiterals;

namespace {

class Collect : public EventSink {
  public:
    QByteArray out;
    void onEvent(const Event& e) override { out += encodeEvent(e) + '\n'; }
};

QList<QByteArray> demoLines() {
    QFile f(QStringLiteral(HOUBU_SOURCE_DIR "/resources/demo/g13-spring-festival.jsonl"));
    if (!f.open(QIODevice::ReadOnly)) return {};
    return f.readAll().split('\n');
}

QByteArray feed(Engine& engine, const QList<QByteArray>& lines, qsizetype from, qsizetype to) {
    Collect sink;
    for (qsizetype i = from; i < to && i < lines.size(); ++i) {
        const auto parsed = parseCommandLine(lines[i]);
        if (parsed.command)
            engine.apply(*parsed.command, int(i) + 1, sink);
        else if (!parsed.skip)
            engine.rejectMalformed(int(i) + 1, parsed.error.toStdString(), sink);
    }
    return sink.out;
}

}  // namespace

class TestSnapshot : public QObject {
    Q_OBJECT

  private slots:
    // At every cut point, a restored engine continues exactly like the original.
    void restoreContinuesIdentically() {
        const auto lines = demoLines();
        QVERIFY(lines.size() > 100);
        for (qsizetype cut : {qsizetype(1), qsizetype(40), lines.size() / 2, lines.size() - 8}) {
            Engine original;
            feed(original, lines, 0, cut);
            std::string error;
            auto copy = Engine::restore(original.snapshot(), {}, error);
            QVERIFY2(copy, error.c_str());
            QCOMPARE(copy->snapshot(), original.snapshot());
            QCOMPARE(copy->clock(), original.clock());
            QCOMPARE(copy->lastSeq(), original.lastSeq());
            QCOMPARE(feed(*copy, lines, cut, lines.size()),
                     feed(original, lines, cut, lines.size()));
            QCOMPARE(copy->snapshot(), original.snapshot());
        }
    }

    // The snapshot in pieces is the same bytes, cut where the pieces are full.
    void piecesMakeTheSameBytes() {
        Engine engine;
        feed(engine, demoLines(), 0, 400);
        const std::string whole = engine.snapshot();
        for (std::size_t piece :
             {std::size_t(1), std::size_t(100), std::size_t(4096), whole.size() + 1}) {
            std::string joined;
            int pieces = 0;
            bool shortBeforeLast = false;
            std::size_t previous = piece;
            engine.snapshot(
                [&](std::string_view bytes) {
                    if (previous < piece) shortBeforeLast = true;
                    previous = bytes.size();
                    joined += bytes;
                    ++pieces;
                },
                piece);
            QCOMPARE(joined, whole);
            QVERIFY(!shortBeforeLast);
            if (piece < whole.size() / 4) QVERIFY(pieces > 4);
            if (piece > whole.size()) QCOMPARE(pieces, 1);
        }
    }

    // Restored from pieces of any size, even a byte at a time, an engine is the one restored from
    // the whole bytes; a stream cut short or of another kind is refused as the whole bytes are.
    void restoresFromPieces() {
        Engine original;
        feed(original, demoLines(), 0, 300);
        const std::string whole = original.snapshot();
        auto fromPieces = [&](std::string_view bytes, std::size_t size, std::string& error) {
            std::size_t at = 0;
            return Engine::restore(
                [&]() -> std::string_view {
                    if (at >= bytes.size()) return {};
                    const std::size_t n = std::min(size, bytes.size() - at);
                    const std::string_view piece = bytes.substr(at, n);
                    at += n;
                    return piece;
                },
                {}, error);
        };
        for (std::size_t size : {std::size_t(1), std::size_t(7), std::size_t(4096), whole.size()}) {
            std::string error;
            auto copy = fromPieces(whole, size, error);
            QVERIFY2(copy, error.c_str());
            QCOMPARE(copy->snapshot(), whole);
        }
        for (std::size_t cut :
             {std::size_t(3), std::size_t(9), whole.size() / 2, whole.size() - 1}) {
            std::string error;
            QVERIFY(!fromPieces(std::string_view(whole).substr(0, cut), 5, error));
            QVERIFY(!error.empty());
        }
        std::string error;
        QVERIFY(!fromPieces("not a snapshot at all", 4, error));
        QVERIFY2(QString::fromStdString(error).contains(u"not a Houbu engine snapshot"_s),
                 error.c_str());
        std::string other = whole;
        other[7] = 'X';
        QVERIFY(!fromPieces(other, 64, error));
        QVERIFY2(QString::fromStdString(error).contains(u"another format version"_s),
                 error.c_str());
    }

    // Equal states give equal bytes, however they were reached. A snapshot holds the
    // records, counters and clock, the live queue entries and the timers that still
    // matter; not what a history leaves behind: dead queue entries, lane heads, the
    // compactions that dropped them, timers whose owner moved on. Both histories
    // queue 130 orders on a sold-out interval and cancel the first 65: `kept` at
    // the end (65 dead entries stay, never outnumbering the live ones), `dropped`
    // each one right after its prepayment (65 dead with none live: compacted away).
    void snapshotIsCanonical() {
        constexpr int kOrders = 130, kCancelled = 65;
        Session kept, dropped;
        for (Session* s : {&kept, &dropped})
            s->send({g1(), sell("S1", "北京", "青岛", R"(["a","b"])")});
        auto order = [](int i) {
            const QByteArray id = "W" + QByteArray::number(i);
            const QByteArray name = "[\"乙" + QByteArray::number(i) + "\"]";
            return QList<QByteArray>{waitlist(id.constData(), "北京", "济南", name.constData()),
                                     op("prepay", id.constData())};
        };
        auto cancel = [](int i) {
            const QByteArray id = "W" + QByteArray::number(i);
            return op("cancel", id.constData());
        };
        for (int i = 1; i <= kOrders; ++i) {
            for (const QByteArray& line : order(i)) {
                kept.send(line);
                dropped.send(line);
            }
            if (i <= kCancelled) QCOMPARE(kind(dropped.one(cancel(i))), u"waitlist_cancelled"_s);
        }
        for (int i = 1; i <= kCancelled; ++i)
            QCOMPARE(kind(kept.one(cancel(i))), u"waitlist_cancelled"_s);

        // Different histories: the queue holds 130 entries in one, 65 in the other.
        auto entries = [](const Engine& e) {
            for (const MemoryUse& m : e.memoryUse())
                if (m.table == "queue entries") return m.records;
            return std::int64_t(-1);
        };
        QCOMPARE(entries(kept.engine()), std::int64_t(kOrders));
        QCOMPARE(entries(dropped.engine()), std::int64_t(kOrders - kCancelled));
        QCOMPARE(kept.engine().lastSeq(), dropped.engine().lastSeq());
        // The same state: the same bytes, and the same answers from here on.
        QVERIFY(kept.engine().snapshot() == dropped.engine().snapshot());
        for (Session* s : {&kept, &dropped})
            s->send(R"({"op":"refund","ticket":"S1.1"})");
        QCOMPARE(str(kept.all().last(), "id"), u"W66"_s);
        QCOMPARE(kept.all().mid(kept.all().size() - 3),
                 dropped.all().mid(dropped.all().size() - 3));
        QVERIFY(kept.engine().snapshot() == dropped.engine().snapshot());
    }

    // 同车换座: tickets on several seats, and orders accepting changes, come
    // back whole: the same bytes, and a refund then releases every leg.
    void changedTicketsSurvive() {
        QFile f(QStringLiteral(HOUBU_SOURCE_DIR "/tests/scenarios/seat_change_chains.jsonl"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = f.readAll().split('\n');
        // Cut after the pair's service and seat map (their last line is the refund).
        const qsizetype cut = lines.size() - 2;
        QVERIFY(lines[cut].contains("\"refund\""));
        Engine original;
        QVERIFY(feed(original, lines, 0, cut).contains("\"legs\""));
        std::string error;
        auto copy = Engine::restore(original.snapshot(), {}, error);
        QVERIFY2(copy, error.c_str());
        QCOMPARE(copy->checkInvariants(), std::string());
        QCOMPARE(copy->snapshot(), original.snapshot());
        const QByteArray after = feed(*copy, lines, cut, lines.size());
        QCOMPARE(after, feed(original, lines, cut, lines.size()));
        QCOMPARE(after.count("\"seat_released\""), 4);
        QCOMPARE(copy->checkInvariants(), std::string());
        // Damaged legs are refused or restore something whole.
        const std::string bytes = original.snapshot();
        for (std::size_t at = 8; at < bytes.size(); at += 3) {
            std::string damaged = bytes;
            damaged[at] = static_cast<char>(damaged[at] ^ 0x21);
            auto engine = Engine::restore(damaged, {}, error);
            if (engine) QCOMPARE(engine->checkInvariants(), std::string());
        }
    }

    void corruptSnapshotIsRefused() {
        Engine original;
        feed(original, demoLines(), 0, 120);
        const std::string bytes = original.snapshot();
        std::string error;
        QVERIFY(!Engine::restore("not a snapshot", {}, error));
        QVERIFY(QString::fromStdString(error).contains(u"not a Houbu engine snapshot"_s));
        for (std::size_t cut : {std::size_t(9), bytes.size() / 3, bytes.size() - 1}) {
            error.clear();
            QVERIFY(!Engine::restore(std::string_view(bytes).substr(0, cut), {}, error));
            QVERIFY(!error.empty());
        }
        // Flipped bytes anywhere must never crash; they are refused or restore something
        // that still satisfies the invariants.
        for (std::size_t at = 8; at < bytes.size(); at += 7) {
            std::string damaged = bytes;
            damaged[at] = static_cast<char>(damaged[at] ^ 0x5a);
            error.clear();
            auto engine = Engine::restore(damaged, {}, error);
            if (engine) QCOMPARE(engine->checkInvariants(), std::string());
        }
    }
};

QTEST_GUILESS_MAIN(TestSnapshot)
#include "tst_snapshot.moc"
