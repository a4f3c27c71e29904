// The seat grid's dividers and legend, as painted on the offscreen platform:
// each car's first row carries a band with the car's number and class, in the
// grid and its row header, darker where a class begins; the legend lists
// every holder and every mark the grid paints, each with its own swatch.

#include <QDockWidget>
#include <QImage>
#include <QSortFilterProxyModel>
#include <QTest>
#include <set>

#include "houbu/main_window.h"
#include "houbu/seat_grid_header.h"
#include "houbu/seat_legend_widget.h"
#include "houbu/widgets.h"

using namespace houbu;
using namespace Qt::StringLiterals;

namespace {

// G1 with a first-class car 01 and second-class cars 02 and 03, two rows each;
// S1 paid on 01-01A, S2 held on 02-01A, a quota block on 03-01A.
const char kScenario[] =
    R"({"op":"train","train":"G1","date":"2024-01-20","stops":[{"station":"北京南","km":0,"dep":"08:00"},{"station":"天津南","km":122,"arr":"08:33","dep":"08:35"},{"station":"济南西","km":406,"arr":"09:52"}],"cars":[{"car":1,"class":"first","rows":2,"layout":"ACDF"},{"car":2,"class":"second","rows":2,"layout":"ABCDF"},{"car":3,"class":"second","rows":2,"layout":"ABCDF"}]})"
    "\n"
    R"({"op":"sell","id":"S1","train":"G1","date":"2024-01-20","from":"北京南","to":"济南西","class":"first","passengers":["甲"],"seats":["01-01A"]})"
    "\n"
    R"({"op":"pay","id":"S1"})"
    "\n"
    R"({"op":"sell","id":"S2","train":"G1","date":"2024-01-20","from":"北京南","to":"天津南","class":"second","passengers":["乙"],"seats":["02-01A"]})"
    "\n"
    R"({"op":"block","id":"B1","train":"G1","date":"2024-01-20","from":"天津南","to":"济南西","class":"second","seats":["03-01A"]})"
    "\n";

// How many pixels of `r` in `image` have colour `c`.
int count(const QImage& image, const QRect& r, QRgb c) {
    int n = 0;
    for (int y = r.top(); y <= r.bottom(); ++y)
        for (int x = r.left(); x <= r.right(); ++x)
            n += image.pixel(x, y) == c;
    return n;
}

}  // namespace

class TestGridLegend : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(u"houbu-test"_s);
        QCoreApplication::setApplicationName(u"tst_grid_legend"_s);
        QCOMPARE(MainWindow::installTranslation(u"en"_s), u"en"_s);
        window_.resize(1400, 1000);
        // The grid as tall as it can be: every row in view.
        for (QDockWidget* dock : window_.findChildren<QDockWidget*>())
            dock->hide();
        window_.openEmbedded(QString(), kScenario);
        window_.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window_));
        QTRY_VERIFY_WITH_TIMEOUT(window_.gridModel()->rowOfSeat(u"03-02F"_s) >= 0, 20000);
        QTRY_COMPARE(window_.grid()->groups().size(), 3);
        QTest::qWait(int(SeatGridDelegate::kFlashMs) + 400);
        window_.grid()->clearSelection();
        colors_ = SeatColors::forPalette(window_.grid()->palette());
    }

    void groupsAreCarsAndClasses() {
        const QList<SeatGroups::Group> groups = window_.grid()->groups();
        QCOMPARE(groups.size(), 3);
        QCOMPARE(groups[0].row, 0);
        QCOMPARE(groups[1].row, window_.gridModel()->rowOfSeat(u"02-01A"_s));
        QCOMPARE(groups[2].row, window_.gridModel()->rowOfSeat(u"03-01A"_s));
        QCOMPARE(QList<bool>({groups[0].newClass, groups[1].newClass, groups[2].newClass}),
                 QList<bool>({true, true, false}));
        QCOMPARE(SeatGroups::label(groups[2]), u"Car 03 · Second class"_s);
    }

    // A divider row differs from seat rows: band colour across the run, its
    // label drawn on it; the seat rows below it have none.
    void dividersArePainted() {
        SeatGridView* grid = window_.grid();
        const QImage shot =
            grid->viewport()->grab().toImage().convertToFormat(QImage::Format_RGB32);
        const int band = grid->dividerHeight();
        const int width = grid->columnViewportPosition(1) + grid->columnWidth(1);
        for (const SeatGroups::Group& g : grid->groups()) {
            const int top = grid->rowViewportPosition(g.row);
            const QRect divider(0, top, width, band);
            const QRect seatRow(0, top + band, width, grid->rowHeight(g.row) - band);
            const QRect nextRow(0, grid->rowViewportPosition(g.row + 1), width,
                                grid->rowHeight(g.row + 1));
            for (const QRect& r : {divider, seatRow, nextRow})
                QVERIFY2(shot.rect().contains(r),
                         qPrintable(u"%1 not in view (%2 high)"_s.arg(SeatGroups::label(g))
                                        .arg(shot.height())));
            const QRgb colour = (g.newClass ? colors_.classBand : colors_.carBand).rgb();
            const int inBand = count(shot, divider, colour);
            QVERIFY2(inBand > divider.width() * divider.height() / 2,
                     qPrintable(SeatGroups::label(g)));
            QVERIFY(inBand < divider.width() * divider.height());  // the label is on it
            QCOMPARE(count(shot, seatRow, colour), 0);
            QCOMPARE(count(shot, nextRow, colour), 0);
            // The row below a divider is a row like the others.
            QCOMPARE(grid->rowHeight(g.row) - band, grid->rowHeight(g.row + 1));
        }
        QVERIFY(colors_.classBand != colors_.carBand);
    }

    void headerContinuesTheDividers() {
        auto* header = qobject_cast<SeatGridHeader*>(window_.grid()->verticalHeader());
        QVERIFY(header);
        const QImage shot =
            header->viewport()->grab().toImage().convertToFormat(QImage::Format_RGB32);
        for (const SeatGroups::Group& g : window_.grid()->groups()) {
            QCOMPARE(header->dividerAbove(g.row), window_.grid()->dividerHeight());
            QCOMPARE(header->dividerAbove(g.row + 1), 0);
            const QRect r(0, header->sectionViewportPosition(g.row), header->width(),
                          header->dividerAbove(g.row));
            const QRgb colour = (g.newClass ? colors_.classBand : colors_.carBand).rgb();
            // All of it but the style's section lines.
            QVERIFY(count(shot, r, colour) >= r.width() * (r.height() - 2));
        }
    }

    // Every holder kind and every mark the grid paints has an entry, with words
    // and a swatch of its own.
    void legendListsEverything() {
        window_.legendDock()->show();
        SeatLegendWidget* legend = window_.fullLegend();
        QTRY_VERIFY(legend->isVisible() && legend->width() > 0);
        const QList<SeatLegend::Entry> entries = legend->entries();
        for (auto kind : {SeatGridModel::HolderKind::Free, SeatGridModel::HolderKind::Held,
                          SeatGridModel::HolderKind::Paid, SeatGridModel::HolderKind::Served,
                          SeatGridModel::HolderKind::Block})
            QVERIFY(entries.contains(SeatLegend::entryOf(kind)));
        for (auto mark : {SeatPainter::Mark::Changed, SeatPainter::Mark::StepFreed,
                          SeatPainter::Mark::StepDecision, SeatPainter::Mark::Outline,
                          SeatPainter::Mark::Selected})
            QVERIFY(entries.contains(SeatLegend::entryOf(mark)));
        QVERIFY(entries.contains(SeatLegend::Entry::CarDivider));
        QVERIFY(entries.contains(SeatLegend::Entry::ClassDivider));
        QVERIFY(entries.contains(SeatLegend::Entry::Standing));
        QVERIFY(entries.contains(SeatLegend::Entry::StandingFull));
        QCOMPARE(entries, SeatLegend::entries());

        const QImage shot = legend->grab().toImage().convertToFormat(QImage::Format_RGB32);
        std::set<QString> texts;
        QList<QImage> swatches;
        for (int i = 0; i < entries.size(); ++i) {
            const QString text = legend->text(i);
            QVERIFY(!text.isEmpty());
            texts.insert(text);
            const QRect r = legend->swatchRect(i);
            QVERIFY(shot.rect().contains(r));
            const QImage swatch = shot.copy(r);
            for (const QImage& other : swatches)
                QVERIFY2(swatch != other, qPrintable(text));
            swatches << swatch;
        }
        QCOMPARE(int(texts.size()), int(entries.size()));
        // A holder's swatch has the grid's own colour for it.
        const QList<QPair<SeatLegend::Entry, QColor>> holders{
            {SeatLegend::Entry::Paid, colors_.paid},
            {SeatLegend::Entry::Held, colors_.held},
            {SeatLegend::Entry::Served, colors_.served},
            {SeatLegend::Entry::Block, colors_.block}};
        for (const auto& [entry, colour] : holders)
            QVERIFY(count(shot, legend->swatchRect(int(entries.indexOf(entry))), colour.rgb()) > 0);
        // The line above the grid: the holders and the dividers.
        QVERIFY(window_.legend()->isVisible());
        QCOMPARE(window_.legend()->entries(), SeatLegend::shortEntries());
    }

  private:
    MainWindow window_;
    SeatColors colors_;
};

QTEST_MAIN(TestGridLegend)
#include "tst_grid_legend.moc"
