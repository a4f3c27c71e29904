// Matching ▸ Explain this fulfilment on the offscreen platform, on the demo
// in memory and in a store: F8 on a logged fulfilment applies its command
// again on the engine as it was and shows the freed seats, the candidates
// in queue order with their effective times, the decisions before it, the
// seats served and the run's seats at that moment. The match trace reaches
// the log without renumbering the events, and the why panel and the
// explanation export as reports (PDF read back with pdftotext).

#include <QComboBox>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QPushButton>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTreeView>

#include "houbu/explanation_dialog.h"
#include "houbu/main_window.h"
#include "houbu/text_report.h"
#include "houbu/widgets.h"

using namespace houbu;
using namespace Qt::StringLiterals;

namespace {

int pdfPages(const QString& path) {
    QProcess p;
    p.start(u"pdfinfo"_s, {path});
    if (!p.waitForFinished(30000) || p.exitCode() != 0) return -1;
    for (const QByteArray& line : p.readAllStandardOutput().split('\n'))
        if (line.startsWith("Pages:")) return line.mid(6).trimmed().toInt();
    return -1;
}

QString pdfText(const QString& path) {
    QProcess p;
    p.start(u"pdftotext"_s, {u"-enc"_s, u"UTF-8"_s, path, u"-"_s});
    if (!p.waitForFinished(30000) || p.exitCode() != 0) return {};
    return QString::fromUtf8(p.readAllStandardOutput());
}

// The log's row (in the view) of the first event of `kind` about `order`.
int logRow(MainWindow& w, const QString& kind, const QString& order) {
    QAbstractItemModel* m = w.logView()->model();
    for (int r = 0; r < m->rowCount(); ++r) {
        const QModelIndex i = m->index(r, 0);
        if (i.data(EventLogModel::KindRole).toString() == kind &&
            i.data(EventLogModel::OrderRole).toString() == order)
            return r;
    }
    return -1;
}

// The demo loaded: its last event is in the log.
bool demoLoaded(MainWindow& w) {
    return logRow(w, u"waitlist_fulfilled"_s, u"W5"_s) >= 0 &&
           w.queueModel()->indexOfOrder(u"W9"_s).isValid();
}

}  // namespace

class TestExplain : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(u"houbu-test"_s);
        QCoreApplication::setApplicationName(u"tst_explain"_s);
        QCOMPARE(MainWindow::installTranslation(u"en"_s), u"en"_s);
        QVERIFY(dir_.isValid());
    }

    void explainsAFulfilment_data() {
        QTest::addColumn<bool>("store");
        QTest::newRow("in memory") << false;
        QTest::newRow("store") << true;
    }

    // W8 is served third when the refund on line 212 frees seats, after W7
    // is served and W5 (a group of 3) is passed over, and before W6.
    void explainsAFulfilment() {
        QFETCH(bool, store);
        MainWindow window;
        window.openEmbedded(store ? dir_.filePath(u"demo.db"_s) : QString(),
                            MainWindow::demoScenario());
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY_WITH_TIMEOUT(demoLoaded(window), 30000);

        QVERIFY(!window.explainAction()->isEnabled());  // nothing chosen yet
        const int row = logRow(window, u"waitlist_fulfilled"_s, u"W8"_s);
        QVERIFY(row >= 0);
        const QModelIndex index = window.logView()->model()->index(row, 0);
        const Event fulfilled = index.data(EventLogModel::EventRole).value<Event>();
        window.logView()->setCurrentIndex(index);
        QVERIFY(window.explainAction()->isEnabled());
        QTest::keyClick(&window, Qt::Key_F8);
        QTRY_VERIFY_WITH_TIMEOUT(window.explanationDialog() != nullptr, 20000);
        ExplanationDialog* dialog = window.explanationDialog();
        const EventExplanation& e = dialog->explanation();

        QCOMPARE(e.order, u"W8"_s);
        QCOMPARE(e.eventSeq, qint64(fulfilled.seq));
        QCOMPARE(e.line, fulfilled.line);
        QVERIFY(e.decided);
        QCOMPARE(e.decision.kind, StepDecision::Kind::Serve);
        QStringList served;
        for (const TicketLine& t : fulfilled.tickets)
            served << QString::fromStdString(t.seat);
        QStringList decided;
        for (const std::string& s : e.decision.seats)
            decided << QString::fromStdString(s);
        QCOMPARE(decided, served);
        QCOMPARE(e.pass.cause, StepPass::Cause::Release);
        QVERIFY(!e.pass.freed.empty());
        QStringList earlier;
        for (const StepDecision& d : e.earlier)
            earlier << QString::fromStdString(d.order);
        QCOMPARE(earlier, (QStringList{u"W7"_s, u"W5"_s, u"W6"_s}));
        QCOMPARE(e.earlier[1].kind, StepDecision::Kind::Skip);
        // The candidates in queue order, each with its effective time.
        bool w8 = false;
        Time previous = -1;
        for (const StepCandidate& c : e.candidates) {
            QVERIFY(c.effectiveAt >= 0);
            QVERIFY(c.effectiveAt >= previous);
            previous = c.effectiveAt;
            w8 = w8 || c.order == "W8";
        }
        QVERIFY(w8);

        // The seats served were free over the interval just before.
        SeatGridModel* seats = dialog->gridModel();
        QVERIFY(seats->rowCount() > 0);
        for (const QString& label : served) {
            const int r = seats->rowOfSeat(label);
            QVERIFY(r >= 0);
            for (int c = e.decision.from; c < e.decision.to; ++c)
                QCOMPARE(seats->index(r, c).data(SeatGridModel::KindRole).toInt(),
                         int(SeatGridModel::HolderKind::Free));
        }
        QVERIFY(dialog->grid()->gridDelegate()->stepDecision().contains(served.first()));

        const QString text = dialog->text()->toPlainText();
        for (const QString& part :
             {u"Why W8 was served"_s, u"Candidates in queue order"_s, u"effective"_s,
              u"W5 (group of 3) skipped"_s, u"Freed:"_s, served.first()})
            QVERIFY2(text.contains(part), qPrintable(part + u" in:\n"_s + text));
        for (const QString& raw : {u"second"_s, u"seat_released"_s, u"extra_car"_s, u"\"op\""_s})
            QVERIFY2(!text.contains(raw), qPrintable(raw + u" in:\n"_s + text));

        // As a report: PDF, HTML and text.
        const TextReport report = dialog->report();
        const QString stem = dir_.filePath(store ? u"store"_s : u"memory"_s);
        QString error;
        for (const QString& suffix : {u".pdf"_s, u".html"_s, u".txt"_s})
            QVERIFY2(report.save(stem + suffix, &error), qPrintable(error));
        QCOMPARE(pdfPages(stem + u".pdf"_s), 1);  // an A4 page holds this explanation
        const QString pdf = pdfText(stem + u".pdf"_s);
        QVERIFY2(pdf.contains(u"Why W8 was served"_s) && pdf.contains(served.first()),
                 qPrintable(pdf));
        QFile html(stem + u".html"_s), txt(stem + u".txt"_s);
        QVERIFY(html.open(QIODevice::ReadOnly) && txt.open(QIODevice::ReadOnly));
        QVERIFY(QString::fromUtf8(html.readAll()).contains(u"<h2>Why W8 was served</h2>"_s));
        QVERIFY(QString::fromUtf8(txt.readAll()).contains(u"Candidates in queue order"_s));
        dialog->close();
    }

    // The log holds the match trace beside the events, unnumbered, and the
    // events keep the numbers houbu-cli gives them.
    void traceReachesTheLog() {
        MainWindow window;
        window.openEmbedded(QString(), MainWindow::demoScenario());
        window.show();
        QTRY_VERIFY_WITH_TIMEOUT(demoLoaded(window), 30000);
        EventLogModel* log = window.logModel();
        qint64 expected = 0;
        int traces = 0;
        for (int r = 0; r < log->rowCount(); ++r) {
            const QString kind = log->kindAt(r);
            const QModelIndex seq = log->index(r, EventLogModel::Seq);
            if (kind == u"match_considered"_s || kind == u"match_skipped"_s) {
                ++traces;
                QVERIFY(!seq.data().isValid());
                const QString details = log->index(r, EventLogModel::Details).data().toString();
                QVERIFY2(!details.contains(u"second"_s), qPrintable(details));
                continue;
            }
            QCOMPARE(seq.data().toLongLong(), ++expected);
        }
        QVERIFY(traces > 10);
        // The kind filter finds them.
        QComboBox* kindFilter = nullptr;
        for (QComboBox* c : window.findChildren<QComboBox*>())
            if (c->findData(u"match_skipped"_s) >= 0) kindFilter = c;
        QVERIFY(kindFilter);
        kindFilter->setCurrentIndex(kindFilter->findData(u"match_skipped"_s));
        QTRY_VERIFY(window.logView()->model()->rowCount() > 0);
        // A skip explains too: the first time W5 was passed over on that command.
        window.logView()->setCurrentIndex(window.logView()->model()->index(0, 0));
        QVERIFY(window.explainAction()->isEnabled());
        QVERIFY(window.explainLogEvent());
        QTRY_VERIFY_WITH_TIMEOUT(window.explanationDialog() != nullptr, 20000);
        QCOMPARE(window.explanationDialog()->explanation().decision.kind, StepDecision::Kind::Skip);
        window.explanationDialog()->close();
    }

    // The why panel as a report: what it shows, under its heading.
    void whyPanelReport() {
        MainWindow window;
        window.openEmbedded(QString(), MainWindow::demoScenario());
        window.resize(1400, 900);
        window.show();
        QTRY_VERIFY_WITH_TIMEOUT(demoLoaded(window), 30000);
        QVERIFY(!window.whyExportButton()->isEnabled());
        const QModelIndex w9 = window.queueModel()->indexOfOrder(u"W9"_s);
        window.queueView()->setCurrentIndex(w9);
        QTRY_VERIFY(window.whyPanel()->toPlainText().contains(u"Why W9 waits"_s));
        QVERIFY(window.whyExportButton()->isEnabled() && window.whyPrintButton()->isEnabled());
        const TextReport report = window.whyReport();
        QString error;
        const QString path = dir_.filePath(u"why.pdf"_s);
        QVERIFY2(report.save(path, &error), qPrintable(error));
        const QString pdf = pdfText(path);
        QVERIFY2(pdf.contains(u"Why W9 waits"_s) && pdf.contains(u"Needs 1 seat"_s),
                 qPrintable(pdf));
        QVERIFY(report.plainText().contains(u"Why W9 waits"_s));
    }

  private:
    QTemporaryDir dir_;
};

QTEST_MAIN(TestExplain)
#include "tst_explain.moc"
