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

    // Equal states give equal bytes regardless of dead entries left behind.
    void snapshotIsCanonical() {
        Session a, b;
        for (Session* s : {&a, &b})
            s->send({g1(), sell("S1", "北京", "青岛", R"(["a","b"])")});
        a.send({waitlist("W1", "北京", "济南"), op("prepay", "W1"), op("cancel", "W1")});
        b.send({waitlist("W1", "北京", "济南"), op("prepay", "W1"), op("cancel", "W1")});
        QCOMPARE(a.engine().snapshot(), b.engine().snapshot());
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
