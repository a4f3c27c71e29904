// The scenarios' expectations checked by the reference model (reference_model.h),
// which shares no code with the engine: an independent look at the hand-written
// tests/scenarios/NAME.expected.jsonl, beside tst_scenarios' comparison with the
// engine's output.
//
// Each input line of NAME.jsonl goes to ReferenceModel::check() with the expected
// events that carry its `line` as the answer, under the options of the file's
// `# options:` line (--policy, --seat-choice, --trace). The model then requires of
// the expected events what it requires of the engine in tst_randomized: seq and
// line numbering; each event's `at` (timers fire at their due time, oldest first,
// ties in the order set); the outcome of every command (error code, `duplicate`
// or success; bad_command naming its field; sold_out's waitlist flag) and its
// success events field by field (tickets, seats free when taken, pay_by, prepay
// amounts, the seat choice rules, releases and their sources); matching (no
// servable order left under complete, queue order, option order, what may serve
// under exact and that it serves while it can); position ranks, availability and
// seat maps by brute force; version 2's standing places, added runs (option_added),
// fulfilment failures, limits and caps. Not compared: error messages beyond bad_command's
// field, the text of trace reasons, and of a match_skipped only that it names a
// queued order; where the rules leave a choice open the model accepts either.

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>
#include <map>

#include "reference_model.h"

using houbu::reftest::ReferenceModel;
using namespace Qt::StringLiterals;

namespace {

QString scenarioDir() {
    return QStringLiteral(HOUBU_SOURCE_DIR "/tests/scenarios");
}

QByteArray readAll(const QString& path, bool& ok) {
    QFile f(path);
    ok = f.open(QIODevice::ReadOnly);
    return ok ? f.readAll() : QByteArray();
}

// The lines as houbu-cli numbers them: 1-based, the text after a final '\n' not one.
QList<QByteArray> inputLines(const QByteArray& text) {
    QList<QByteArray> lines = text.split('\n');
    if (!lines.isEmpty() && lines.last().isEmpty()) lines.removeLast();
    for (QByteArray& l : lines)
        if (l.endsWith('\r')) l.chop(1);
    return lines;
}

}  // namespace

class TestScenarioModel : public QObject {
    Q_OBJECT

  private slots:
    void scenario_data() {
        QTest::addColumn<QString>("name");
        const QStringList files =
            QDir(scenarioDir()).entryList({QStringLiteral("*.jsonl")}, QDir::Files, QDir::Name);
        int rows = 0;
        for (const QString& file : files) {
            if (file.endsWith(QLatin1String(".expected.jsonl"))) continue;
            QTest::newRow(qPrintable(file)) << file.chopped(6);
            ++rows;
        }
        QVERIFY2(rows > 0, qPrintable(scenarioDir()));
    }

    void scenario() {
        QFETCH(QString, name);
        bool ok = false;
        const QByteArray input = readAll(scenarioDir() + u'/' + name + u".jsonl"_s, ok);
        QVERIFY2(ok, qPrintable(name + u".jsonl"_s));
        const QByteArray expected = readAll(scenarioDir() + u'/' + name + u".expected.jsonl"_s, ok);
        QVERIFY2(ok, qPrintable(u"no "_s + name + u".expected.jsonl"_s));
        const QList<QByteArray> lines = inputLines(input);

        ReferenceModel::Options options;
        const QByteArray marker = "# options:";
        if (!lines.isEmpty() && lines.first().startsWith(marker)) {
            const QList<QByteArray> words =
                lines.first().mid(marker.size()).simplified().split(' ');
            for (qsizetype i = 0; i < words.size(); ++i) {
                const QByteArray& w = words[i];
                const QByteArray value = i + 1 < words.size() ? words[i + 1] : QByteArray();
                if (w == "--trace") {
                    options.trace = true;
                } else if (w == "--policy" && (value == "exact" || value == "complete")) {
                    options.defaultExact = value == "exact";
                    ++i;
                } else if (w == "--seat-choice" && (value == "first-fit" || value == "best-fit")) {
                    options.firstFit = value == "first-fit";
                    ++i;
                } else {
                    QFAIL(qPrintable(u"%1.jsonl: the model does not know the option %2"_s.arg(
                        name, QString::fromUtf8(w))));
                }
            }
        }

        // The expected events by the input line that caused them, in file order.
        std::map<int, QList<QJsonObject>> byLine;
        int lastLine = 0, count = 0;
        for (const QByteArray& text : inputLines(expected)) {
            if (text.trimmed().isEmpty()) continue;
            const QJsonObject e = QJsonDocument::fromJson(text).object();
            const int line = e.value(u"line"_s).toInt();
            QVERIFY2(line >= lastLine && line >= 1 && line <= lines.size(),
                     qPrintable(u"%1.expected.jsonl: event %2 names line %3 (after line %4 of %5)"_s
                                    .arg(name)
                                    .arg(count + 1)
                                    .arg(line)
                                    .arg(lastLine)
                                    .arg(lines.size())));
            lastLine = line;
            byLine[line] << e;
            ++count;
        }
        QVERIFY2(count > 0, qPrintable(name + u".expected.jsonl has no events"_s));

        ReferenceModel model;
        model.setOptions(options);
        for (qsizetype i = 0; i < lines.size(); ++i) {
            const int number = int(i) + 1;
            const auto it = byLine.find(number);
            const QList<QJsonObject> events =
                it == byLine.end() ? QList<QJsonObject>() : it->second;
            if (const auto failure = model.check(lines[i], number, events)) {
                QByteArray shown;
                for (const QJsonObject& e : events)
                    shown += "\n    " + QJsonDocument(e).toJson(QJsonDocument::Compact);
                QFAIL(qPrintable(u"%1.jsonl:%2 [%3] %4\n  input: %5\n  expected events:%6"_s.arg(
                    name, QString::number(number), failure->tag, failure->message,
                    QString::fromUtf8(lines[i]), QString::fromUtf8(shown))));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestScenarioModel)
#include "tst_scenario_model.moc"
