// The console at its first start, at the default window size, on the
// offscreen platform: every column header, combo box and chart label can be
// read in full (in English and in Chinese), and a zoomed-out grid labels
// only the rows whose labels fit. Chinese runs last: a translation stays
// installed once loaded.

#include <QAbstractItemView>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDockWidget>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QHeaderView>
#include <QLegendMarker>
#include <QScopeGuard>
#include <QSettings>
#include <QStyleOptionComboBox>
#include <QStyleOptionHeader>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QTreeView>

#include "houbu/charts.h"
#include "houbu/main_window.h"
#include "houbu/seat_grid_header.h"
#include "houbu/widgets.h"

using namespace houbu;
using namespace Qt::StringLiterals;

namespace {

// Header sections too narrow for their text, as "view: text (width < needed)".
QStringList narrowSections(QHeaderView* header, const QString& where) {
    QStringList out;
    if (!header->isVisible() || header->orientation() != Qt::Horizontal) return out;
    const QFontMetrics fm = header->fontMetrics();
    const int margin = header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
    QAbstractItemModel* model = header->model();
    for (int logical = 0; logical < header->count(); ++logical) {
        if (header->isSectionHidden(logical)) continue;
        const QString text = model->headerData(logical, Qt::Horizontal).toString();
        int needed = 0;
        for (const QString& line : text.split(u'\n'))
            needed = std::max(needed, fm.horizontalAdvance(line));
        needed += 2 * margin;
        if (header->isSortIndicatorShown() && header->sortIndicatorSection() == logical)
            needed +=
                header->style()->pixelMetric(QStyle::PM_HeaderMarkSize, nullptr, header) + margin;
        if (header->sectionSize(logical) < needed)
            out << u"%1: \"%2\" (%3 < %4)"_s.arg(where, text)
                       .arg(header->sectionSize(logical))
                       .arg(needed);
    }
    return out;
}

// Combo boxes whose shown item does not fit their text field.
QStringList narrowCombos(QWidget* top) {
    QStringList out;
    for (QComboBox* combo : top->findChildren<QComboBox*>()) {
        // Not in a dock tab behind another: laid out only once raised.
        if (!combo->isVisible() || combo->visibleRegion().isEmpty() || combo->isEditable())
            continue;
        QStyleOptionComboBox opt;
        opt.initFrom(combo);
        opt.editable = false;
        opt.currentText = combo->currentText();
        const QRect field = combo->style()->subControlRect(QStyle::CC_ComboBox, &opt,
                                                           QStyle::SC_ComboBoxEditField, combo);
        for (int i = 0; i < combo->count(); ++i) {
            const int needed = combo->fontMetrics().horizontalAdvance(combo->itemText(i));
            if (field.width() < needed)
                out << u"combo %1: \"%2\" (%3 < %4)"_s.arg(combo->objectName(), combo->itemText(i))
                           .arg(field.width())
                           .arg(needed);
        }
    }
    return out;
}

// Texts a chart shows cut short ("Se...").
QStringList elidedChartTexts(QChartView* view, const QString& where) {
    QStringList out;
    for (QGraphicsItem* item : view->scene()->items()) {
        QString text;
        if (auto* t = dynamic_cast<QGraphicsTextItem*>(item)) text = t->toPlainText();
        if (auto* t = dynamic_cast<QGraphicsSimpleTextItem*>(item)) text = t->text();
        if (item->isVisible() && (text.endsWith(u"..."_s) || text.endsWith(u"…"_s)))
            out << where + u": \""_s + text + u'"';
    }
    return out;
}

}  // namespace

class TestLayout : public QObject {
    Q_OBJECT

    void firstStart(const QString& language, int pointSize = 0, bool partOfTheDemo = false) {
        QCOMPARE(MainWindow::installTranslation(language), language);
        const QFont before = QApplication::font();
        if (pointSize > 0) {
            QFont larger = before;
            larger.setPointSize(pointSize);
            QApplication::setFont(larger);
        }
        const auto restore = qScopeGuard([&] { QApplication::setFont(before); });
        QSettings().clear();  // no remembered geometry: the first start's size
        MainWindow window;
        if (partOfTheDemo) {
            // Before the refunds: every queue still waiting, orders in every column.
            const QByteArray demo = MainWindow::demoScenario();
            window.openEmbedded(QString(), demo.left(demo.indexOf("{\"op\":\"refund\"")));
        } else {
            window.openDemo();
        }
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        // Loaded once the events stop coming.
        QTRY_VERIFY_WITH_TIMEOUT(window.lastSeq() > 0, 20000);
        for (qint64 seen = -1; seen != window.lastSeq();) {
            seen = window.lastSeq();
            QTest::qWait(300);
        }
        window.queueView()->expandAll();
        QStringList problems;
        for (QAbstractItemView* view : window.findChildren<QAbstractItemView*>()) {
            if (!view->isVisible() || view == window.grid()) continue;
            if (auto* table = qobject_cast<QTableView*>(view))
                problems << narrowSections(table->horizontalHeader(), view->objectName());
            if (auto* tree = qobject_cast<QTreeView*>(view))
                problems << narrowSections(tree->header(), view->objectName());
        }
        problems << narrowCombos(&window);
        // Every event kind shown in the log fits its column, with the cell's margins.
        {
            QTableView* log = window.logView();
            const int margin =
                log->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, log) + 1;
            const int width = log->columnWidth(EventLogModel::Event);
            for (int row = 0; row < log->model()->rowCount(); ++row) {
                const QString kind =
                    log->model()->index(row, EventLogModel::Event).data().toString();
                if (log->fontMetrics().horizontalAdvance(kind) + 2 * margin + 1 > width)
                    problems << u"log event \"%1\" (%2 wide)"_s.arg(kind).arg(width);
            }
            problems.removeDuplicates();
        }

        // The charts, once raised and their history replayed.
        window.chartsDock()->show();
        window.chartsDock()->raise();
        ChartsPanel* charts = window.charts();
        charts->refreshHistory();
        QTRY_VERIFY_WITH_TIMEOUT(charts->history() != nullptr, 60000);
        for (int i = 0; i < charts->tabs()->count(); ++i) {
            charts->tabs()->setCurrentIndex(i);
            QTest::qWait(50);
            auto* view = qobject_cast<QChartView*>(charts->tabs()->currentWidget());
            QVERIFY(view);
            problems << elidedChartTexts(view, charts->tabs()->tabText(i));
            if (!qEnvironmentVariableIsEmpty("HOUBU_LAYOUT_SHOTS"))
                view->grab().save(qEnvironmentVariable("HOUBU_LAYOUT_SHOTS") + u"/chart-"_s +
                                  QString::number(i) + u'-' + language +
                                  QString::number(pointSize) + u".png"_s);
        }
        problems << narrowCombos(charts);
        if (!qEnvironmentVariableIsEmpty("HOUBU_LAYOUT_SHOTS"))
            window.grab().save(qEnvironmentVariable("HOUBU_LAYOUT_SHOTS") + u"/first-start-"_s +
                               language + QString::number(pointSize) +
                               (partOfTheDemo ? u"-part"_s : QString()) + u".png"_s);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    }

  private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(u"houbu-test"_s);
        QCoreApplication::setApplicationName(u"tst_layout"_s);
    }

    // Zoomed out, rows are lower than a label: only labels that fit are drawn.
    void rowLabelsDoNotOverlap() {
        MainWindow window;
        window.openDemo();
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY_WITH_TIMEOUT(window.gridModel()->rowCount() > 50, 20000);
        auto* header = qobject_cast<SeatGridHeader*>(window.grid()->verticalHeader());
        QVERIFY(header);
        QCOMPARE(header->labelStep(), 1);  // at 100 % every row has its label
        for (int i = 0; i < 20; ++i)
            window.grid()->zoomOut();
        QTest::qWait(50);
        const int text = header->fontMetrics().height();
        // A car's first row is taller by its divider: the others are the rows' height.
        QVERIFY(header->defaultSectionSize() < text);
        QVERIFY(header->labelStep() > 1);
        int previous = -1, labelled = 0;
        for (int row = 0; row < header->count(); ++row) {
            if (!header->showsLabel(row)) continue;
            ++labelled;
            const int top = header->sectionPosition(row);
            if (previous >= 0) QVERIFY2(top - previous >= text, qPrintable(u"row %1"_s.arg(row)));
            previous = top;
        }
        QVERIFY(labelled > 1);
        const QPixmap picture = window.grid()->grab();  // paints the labels that fit
        if (!qEnvironmentVariableIsEmpty("HOUBU_LAYOUT_SHOTS"))
            picture.save(qEnvironmentVariable("HOUBU_LAYOUT_SHOTS") + u"/grid-zoomed-out.png"_s);
    }

    void english() { firstStart(u"en"_s); }
    void englishQueuesWaiting() { firstStart(u"en"_s, 0, true); }
    // A desktop with a larger font than Qt's default.
    void englishLargerFont() { firstStart(u"en"_s, QApplication::font().pointSize() + 3); }
    void chinese() { firstStart(u"zh_CN"_s); }
    void chineseQueuesWaiting() { firstStart(u"zh_CN"_s, 0, true); }
    void chineseLargerFont() { firstStart(u"zh_CN"_s, QApplication::font().pointSize() + 3); }
};

QTEST_MAIN(TestLayout)
#include "tst_layout.moc"
