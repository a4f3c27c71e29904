// Everything the console shows, in English and in Chinese, is in words: the
// window's title, every menu, action, tooltip and status tip, the toolbars,
// the status bar, the docks, the log after every kind of event (the match
// trace included), the queues and the why panel, the step banner through
// every example, the charts, and every dialog an action opens (operations,
// settings, connect, help, the policy comparison, the print preview and an
// explained fulfilment). No wire code (`seat_released`, `extra_car`, a class
// code where a class is named) and, in Chinese, no English phrase left
// untranslated. English runs first: a translation stays installed once loaded.

#include <QAbstractAxis>
#include <QAbstractButton>
#include <QAbstractSeries>
#include <QApplication>
#include <QChart>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QPrintPreviewDialog>
#include <QRegularExpression>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QTextBrowser>
#include <QTextDocumentFragment>
#include <QTimer>
#include <QToolBar>
#include <QTreeView>

#include "houbu/charts.h"
#include "houbu/codec.h"
#include "houbu/connect_dialog.h"
#include "houbu/display_names.h"
#include "houbu/examples.h"
#include "houbu/explanation_dialog.h"
#include "houbu/main_window.h"
#include "houbu/operator_dialogs.h"
#include "houbu/settings_dialog.h"
#include "houbu/step_panel.h"
#include "houbu/text_report.h"
#include "houbu/widgets.h"

using namespace houbu;
using namespace Qt::StringLiterals;
using Operation = MainWindow::Operation;

namespace {

// Names of programs, formats, libraries and licences: the same in every language.
const QStringList& properNames() {
    static const QStringList names = [] {
        QStringList n = {
            u"Houbu"_s,      u"houbud"_s,       u"houbu-cli"_s, u"houbu"_s,     u"Qt"_s,
            u"SQLite"_s,     u"PostgreSQL"_s,   u"zstd"_s,      u"Zstandard"_s, u"xxHash"_s,
            u"simdjson"_s,   u"QtKeychain"_s,   u"PDF"_s,       u"PNG"_s,       u"CSV"_s,
            u"HTML"_s,       u"UTF-8"_s,        u"JSON"_s,      u"Lines"_s,     u"GNU"_s,
            u"Lesser"_s,     u"General"_s,      u"Public"_s,    u"License"_s,   u"LGPL"_s,
            u"GPL"_s,        u"BSD"_s,          u"MIT"_s,       u"Apache"_s,    u"Ctrl"_s,
            u"Shift"_s,      u"Alt"_s,          u"Delete"_s,    u"Return"_s,    u"Esc"_s,
            u"Secret"_s,     u"Service"_s,      u"KWallet"_s,   u"GNOME"_s,     u"Keyring"_s,
            u"https"_s,      u"http"_s,         u"localhost"_s, u"Linux"_s,     u"Debian"_s,
            u"Core"_s,       u"Gui"_s,          u"Widgets"_s,   u"Sql"_s,       u"Network"_s,
            u"WebSockets"_s, u"PrintSupport"_s, u"Svg"_s,       u"Charts"_s,    u"HTTP"_s,
            u"Server"_s,     u"libpq"_s,        u"Noto"_s,      u"Sans"_s,      u"CJK"_s,
            u"host"_s,       u"port"_s,         u"Clause"_s,    u"Version"_s,   u"Boost"_s,
            u"Software"_s,   u"with"_s,         u"exception"_s};
        return n;
    }();
    return names;
}

struct Problem {
    QString where;
    QString text;
    QString why;
};

class Checker {
  public:
    explicit Checker(bool chinese) : chinese_(chinese) {}

    void look(const QString& where, QString text) {
        if (text.trimmed().isEmpty()) return;
        if (Qt::mightBeRichText(text)) text = QTextDocumentFragment::fromHtml(text).toPlainText();
        text.remove(u'&');  // mnemonics
        // Each text is judged once, wherever it shows again.
        if (seen_.contains(text)) return;
        seen_.insert(text);
        // The engine's own message after a refusal is its words, marked as such.
        for (qsizetype at = text.indexOf(detailOpen_); at >= 0; at = text.indexOf(detailOpen_)) {
            const qsizetype end = text.indexOf(detailClose_ + u'\n', at);
            text = end < 0 ? text.left(at) : text.left(at) + text.mid(end + detailClose_.size());
        }
        if (const auto m = codes_.match(text); m.hasMatch())
            add(where, text, u"code "_s + m.captured(1));
        if (text.contains(u"(s)"_s)) add(where, text, u"(s)"_s);
        // A class code where a class is named: after a date, alone, or before
        // a station (whose names are Chinese here).
        static const QRegularExpression classCode(
            u"(\\d{4}-\\d{2}-\\d{2} (business|first|second)\\b)|^(business|first|second)$|"
            u"\\b(business|first|second) [^\\x00-\\x7f]|\\(\\S+ (business|first|second)\\)"_s);
        if (const auto m = classCode.match(text); m.hasMatch())
            add(where, text, u"class code in "_s + m.captured(0));
        if (chinese_) {
            // Two English words in a row are an untranslated phrase.
            static const QRegularExpression names = [] {
                QStringList words;
                for (const QString& name : properNames())
                    words << QRegularExpression::escape(name);
                return QRegularExpression(u"\\b("_s + words.join(u'|') + u")\\b"_s);
            }();
            QString rest = text;
            rest.replace(names, u"·"_s);
            static const QRegularExpression phrase(u"[A-Za-z]{2,}[ ,;:]+[A-Za-z]{2,}"_s);
            if (const auto m = phrase.match(rest); m.hasMatch())
                add(where, text, u"English: "_s + m.captured(0));
        }
    }

    // A widget and what it holds: titles, labels, buttons, fields, lists,
    // views (their headers and cells), text, tabs, tooltips and actions.
    void lookAt(const QString& where, QWidget* top) {
        QList<QWidget*> all = top->findChildren<QWidget*>();
        all.prepend(top);
        look(where + u" title"_s, top->windowTitle());
        for (QWidget* w : all) {
            if (!w->isVisibleTo(top) && w != top) continue;
            look(where + u" tooltip"_s, w->toolTip());
            for (QAction* a : w->actions())
                lookAt(where + u" action"_s, a);
            if (auto* l = qobject_cast<QLabel*>(w)) look(where + u" label"_s, l->text());
            if (auto* b = qobject_cast<QAbstractButton*>(w)) look(where + u" button"_s, b->text());
            if (auto* g = qobject_cast<QGroupBox*>(w)) look(where + u" group"_s, g->title());
            if (auto* e = qobject_cast<QLineEdit*>(w)) {
                look(where + u" placeholder"_s, e->placeholderText());
                look(where + u" field"_s, e->text());
            }
            if (auto* c = qobject_cast<QComboBox*>(w))
                for (int i = 0; i < c->count(); ++i)
                    look(where + u" list"_s, c->itemText(i));
            if (auto* t = qobject_cast<QTextEdit*>(w)) {
                look(where + u" text"_s, t->toPlainText());
                look(where + u" placeholder"_s, t->placeholderText());
            }
            if (auto* t = qobject_cast<QTabWidget*>(w))
                for (int i = 0; i < t->count(); ++i)
                    look(where + u" tab"_s, t->tabText(i));
            if (auto* d = qobject_cast<QDockWidget*>(w)) look(where + u" dock"_s, d->windowTitle());
            // The grid's thousands of cells are sampled on their own.
            if (auto* v = qobject_cast<QAbstractItemView*>(w); v && !qobject_cast<SeatGridView*>(v))
                lookAt(where + u" view"_s, v->model(), {}, 150);
        }
    }

    void lookAt(const QString& where, QAction* a) {
        look(where, a->text());
        look(where, a->toolTip());
        look(where, a->statusTip());
        if (QMenu* m = a->menu()) {
            look(where, m->title());
            for (QAction* sub : m->actions())
                lookAt(where, sub);
        }
    }

    void lookAt(const QString& where, const QAbstractItemModel* model,
                const QModelIndex& parent = {}, int rows = 400) {
        if (!model) return;
        if (!parent.isValid())
            for (int c = 0; c < model->columnCount(); ++c) {
                look(where + u" header"_s, model->headerData(c, Qt::Horizontal).toString());
                look(where + u" header"_s,
                     model->headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString());
            }
        const int n = std::min(model->rowCount(parent), rows);
        for (int r = 0; r < n; ++r) {
            for (int c = 0; c < model->columnCount(parent); ++c) {
                const QModelIndex i = model->index(r, c, parent);
                look(where, i.data().toString());
                look(where + u" tooltip"_s, i.data(Qt::ToolTipRole).toString());
            }
            const QModelIndex first = model->index(r, 0, parent);
            if (model->hasChildren(first)) lookAt(where, model, first, rows);
        }
    }

    void lookAt(const QString& where, QChart* chart) {
        look(where, chart->title());
        for (QAbstractAxis* axis : chart->axes())
            look(where + u" axis"_s, axis->titleText());
        for (QAbstractSeries* s : chart->series())
            look(where + u" series"_s, s->name());
    }

    const QList<Problem>& problems() const { return problems_; }
    int texts() const { return int(seen_.size()); }
    QString report() const {
        QStringList lines;
        for (const Problem& p : problems_)
            lines << u"%1: %2 in \"%3\""_s.arg(p.where, p.why, p.text.left(300));
        lines.removeDuplicates();
        return lines.join(u'\n');
    }

  private:
    void add(const QString& where, const QString& text, const QString& why) {
        problems_.append({where, text, why});
    }

    // In English many codes are plain words ("Ticket held"): only the
    // snake_case ones count there. In Chinese none may appear.
    static QRegularExpression codesFor(bool chinese) {
        QStringList words;
        for (const QString& code : DisplayNames::allCodes())
            if (chinese || code.contains(u'_')) words << QRegularExpression::escape(code);
        return QRegularExpression(
            u"(?<![A-Za-z_\\-./])("_s + words.join(u'|') + u")(?![A-Za-z_\\-])"_s,
            QRegularExpression::CaseInsensitiveOption);
    }

    bool chinese_;
    QRegularExpression codes_ = codesFor(chinese_);
    // DisplayNames::engineDetail's marks, in the language installed.
    QString detailOpen_ = DisplayNames::engineDetail(u"\x01"_s).section(u'\x01', 0, 0);
    QString detailClose_ = DisplayNames::engineDetail(u"\x01"_s).section(u'\x01', 1);
    QList<Problem> problems_;
    QSet<QString> seen_;
};

QStringList scenarioFiles() {
    QStringList files{u":/demo/g13-spring-festival.jsonl"_s};
    const QDir dir(QStringLiteral(HOUBU_SOURCE_DIR "/tests/scenarios"));
    for (const QFileInfo& f : dir.entryInfoList({u"*.jsonl"_s}, QDir::Files, QDir::Name))
        if (!f.fileName().endsWith(u".expected.jsonl"_s)) files << f.filePath();
    return files;
}

// The engine's last event seq after `text`, numbered as the console numbers it.
qint64 lastSeqOf(const QByteArray& text) {
    Runner runner;
    QByteArray out;
    int n = 0;
    for (const QByteArray& line : text.split('\n')) {
        ++n;
        const QByteArray t = line.trimmed();
        if (t.isEmpty() || t.startsWith('#')) continue;
        runner.processLine(t, n, out);
        out.clear();
    }
    return qint64(runner.engine().lastSeq());
}

// Runs `collect` on the modal dialog that `open` shows, then closes it.
template <typename Open, typename Collect>
void onModal(Open open, Collect collect) {
    QTimer::singleShot(0, [collect] {
        QWidget* modal = QApplication::activeModalWidget();
        if (!modal) return;
        collect(modal);
        if (auto* d = qobject_cast<QDialog*>(modal)) d->reject();
    });
    open();
}

}  // namespace

class TestVisibleText : public QObject {
    Q_OBJECT

    void walk(bool chinese) {
        Checker check(chinese);
        MainWindow window;
        window.resize(1500, 950);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));

        // Before anything is open: every action says why it is disabled.
        check.lookAt(u"empty window"_s, &window);
        for (QAction* a : window.findChildren<QAction*>())
            check.lookAt(u"action"_s, a);
        for (QAction* a : window.menuBar()->actions())
            check.lookAt(u"menu"_s, a);

        // Every scenario: the log after every kind of event, the queues, the why panel.
        QSet<QString> kinds;
        for (const QString& path : scenarioFiles()) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray text = f.readAll();
            window.openEmbedded(QString(), text);
            const qint64 last = lastSeqOf(text);
            QTRY_COMPARE_WITH_TIMEOUT(window.lastSeq(), last, 20000);
            QTRY_VERIFY_WITH_TIMEOUT(window.operatorContext().snapshot->lastSeq == last, 20000);
            const QString where = QFileInfo(path).baseName();
            EventLogModel* log = window.logModel();
            for (int r = 0; r < log->rowCount(); ++r) {
                kinds.insert(log->kindAt(r));
                for (int c = 0; c < EventLogModel::ColumnCount; ++c) {
                    QString cell = log->index(r, c).data().toString();
                    // The engine's own message after an error's sentence is its words.
                    if (c == EventLogModel::Details)
                        cell.remove(QString::fromStdString(log->at(r).event.message));
                    check.look(where + u" log"_s, cell);
                }
            }
            check.lookAt(where + u" queues"_s, window.queueModel());
            check.lookAt(where + u" trains"_s, window.runModel());
            const QModelIndex order =
                window.queueModel()->index(0, 0, window.queueModel()->index(0, 0));
            if (order.isValid()) {
                window.queueView()->setCurrentIndex(order);
                QTRY_VERIFY(!window.whyPanel()->toPlainText().isEmpty());
            }
            check.look(where + u" why"_s, window.whyPanel()->toPlainText());
            for (int r = 0; r < window.gridModel()->rowCount(); r += 5) {
                check.look(
                    where + u" seat"_s,
                    window.gridModel()->headerData(r, Qt::Vertical, Qt::DisplayRole).toString());
                check.look(
                    where + u" seat"_s,
                    window.gridModel()->headerData(r, Qt::Vertical, Qt::ToolTipRole).toString());
                for (int c = 0; c < window.gridModel()->columnCount(); ++c)
                    check.look(where + u" cell"_s,
                               window.gridModel()->index(r, c).data(Qt::ToolTipRole).toString());
            }
            check.look(where + u" status"_s, window.statusBar()->currentMessage());
            check.lookAt(where + u" window"_s, &window);
        }
        for (const QString& kind : DisplayNames::eventKinds())
            QVERIFY2(kinds.contains(kind), qPrintable(u"no "_s + kind + u" in the scenarios"_s));

        // The demo, then every action's dialog on it.
        window.openDemo();
        const qint64 demoLast = lastSeqOf(MainWindow::demoScenario());
        QTRY_COMPARE_WITH_TIMEOUT(window.lastSeq(), demoLast, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(window.operatorContext().snapshot->lastSeq == demoLast, 20000);
        window.queueView()->setCurrentIndex(
            window.queueModel()->index(0, 0, window.queueModel()->index(0, 0)));
        window.grid()->selectInterval(u"03-01A"_s, 0, 1);
        for (QAction* a : window.findChildren<QAction*>())
            check.lookAt(u"action on the demo"_s, a);
        for (Operation op :
             {Operation::Release, Operation::AddCar, Operation::Block, Operation::Sell,
              Operation::Waitlist, Operation::Prepay, Operation::CancelOrder, Operation::Advance}) {
            QPointer<OperatorDialog> d = window.openOperation(op);
            if (!d) continue;  // nothing to act on (e.g. no order awaits prepayment)
            QTest::qWait(100);
            check.lookAt(u"dialog"_s, d);
            d->reject();
            QTRY_VERIFY(!d);
        }
        for (QDialog* d : {window.showManual(), window.showShortcuts(), window.showAbout()}) {
            check.lookAt(u"help"_s, d);
            d->close();
        }
        onModal([&] { window.connectAction()->trigger(); },
                [&](QWidget* w) { check.lookAt(u"connect"_s, w); });
        {
            SettingsDialog settings(&window);
            check.lookAt(u"settings"_s, &settings);
        }
        if (QPrintPreviewDialog* preview = window.printPreview()) {
            preview->show();
            check.lookAt(u"print preview"_s, preview);
            preview->close();
        }
        if (QDialog* compare = window.comparePolicies()) {
            QTest::qWait(500);
            check.lookAt(u"policy comparison"_s, compare);
            compare->close();
        }
        // The charts, with their history.
        window.chartsDock()->show();
        window.charts()->refreshHistory();
        QTRY_VERIFY_WITH_TIMEOUT(window.charts()->history() != nullptr, 30000);
        for (auto which : {ChartsPanel::SectionLoadChart, ChartsPanel::QueueChart,
                           ChartsPanel::ReleaseChart, ChartsPanel::UtilisationChart})
            check.lookAt(u"chart"_s, window.charts()->chart(which));
        check.lookAt(u"charts"_s, window.charts());
        // The forecasts: the chart by rank, the queues' column and its tooltips.
        window.charts()->tabs()->setCurrentIndex(ChartsPanel::ForecastChart);
        QTRY_VERIFY_WITH_TIMEOUT(
            !window.queueModel()
                 ->index(0, QueueModel::Probability, window.queueModel()->index(0, 0))
                 .data()
                 .toString()
                 .isEmpty(),
            20000);
        check.lookAt(u"forecast chart"_s, window.charts()->chart(ChartsPanel::ForecastChart));
        check.lookAt(u"forecasts"_s, window.queueModel());
        check.look(u"forecast status"_s, window.forecastStatus()->text());

        // An explained fulfilment.
        QAbstractItemModel* shown = window.logView()->model();
        for (int r = 0; r < shown->rowCount(); ++r)
            if (shown->index(r, 0).data(EventLogModel::KindRole).toString() ==
                u"waitlist_fulfilled"_s) {
                window.logView()->setCurrentIndex(shown->index(r, 0));
                break;
            }
        QVERIFY(window.explainLogEvent());
        QTRY_VERIFY_WITH_TIMEOUT(window.explanationDialog() != nullptr, 20000);
        check.lookAt(u"explanation"_s, window.explanationDialog());
        check.look(u"explanation report"_s, window.explanationDialog()->report().plainText());
        window.explanationDialog()->close();
        check.look(u"why report"_s, window.whyReport().plainText());

        // Step mode through every example, decision by decision.
        for (const QString& name : Example::names()) {
            QVERIFY(window.openExample(name));
            QTRY_VERIFY_WITH_TIMEOUT(window.stepState().paused, 20000);
            for (int guard = 0; guard < 100 && window.stepState().paused; ++guard) {
                check.lookAt(u"step "_s + name, window.stepPanel());
                check.look(u"title"_s, window.windowTitle());
                const std::size_t applied = window.stepState().applied.size();
                const int line = window.stepState().line;
                window.stepAction()->trigger();
                QTRY_VERIFY_WITH_TIMEOUT(!window.stepState().paused ||
                                             window.stepState().line != line ||
                                             window.stepState().applied.size() != applied,
                                         20000);
            }
            check.lookAt(u"step end "_s + name, window.stepPanel());
            check.look(u"status"_s, window.statusBar()->currentMessage());
        }
        qInfo("%d distinct texts looked at", check.texts());
        QVERIFY2(check.problems().isEmpty(), qPrintable(check.report()));
    }

  private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(u"houbu-test"_s);
        QCoreApplication::setApplicationName(u"tst_visible_text"_s);
    }

    // The checker finds what the issue found.
    void checkerFindsRawCodes() {
        for (bool chinese : {false, true}) {
            for (const QString& bad :
                 {u"Seat released 03-01A (extra_car)"_s, u"block applied: block_created"_s,
                  u"G13 2025-01-20 second 北京南→济南西"_s, u"second"_s, u"0 seat(s)"_s,
                  u"served on option 1 (G13 second)"_s}) {
                Checker check(chinese);
                check.look(u"bad"_s, bad);
                QVERIFY2(!check.problems().isEmpty(), qPrintable(bad));
            }
            Checker check(chinese);
            check.look(u"good"_s, chinese ? u"二等座 北京南→济南西 空闲 2 个座位"_s
                                          : u"Second class 北京南→济南西, 2 seats free"_s);
            QVERIFY2(check.problems().isEmpty(), qPrintable(check.report()));
        }
        Checker zh(true);
        zh.look(u"bad"_s, u"第 22 行 退票 s-tj.1 group of 3 skipped"_s);
        QVERIFY(!zh.problems().isEmpty());
    }

    void english() {
        QCOMPARE(MainWindow::installTranslation(u"en"_s), u"en"_s);
        walk(false);
    }

    void chinese() {
        QCOMPARE(MainWindow::installTranslation(u"zh_CN"_s), u"zh_CN"_s);
        walk(true);
    }
};

QTEST_MAIN(TestVisibleText)
#include "tst_visible_text.moc"
