// The seat grid as painted, on the offscreen platform: each kind of highlight
// (why an order waits or a logged event's seats, step mode's freed run, step
// mode's decision) changes the pixels of the cells it covers, free cells and
// ticket bars alike, and no pixel anywhere else; cleared, the grid is as before.

#include <QImage>
#include <QSortFilterProxyModel>
#include <QTest>
#include <algorithm>

#include "houbu/main_window.h"
#include "houbu/widgets.h"

using namespace houbu;
using namespace Qt::StringLiterals;

namespace {

using Highlights = QHash<QString, QList<QPair<int, int>>>;

// G1 北京南→天津南→济南西→南京南→上海虹桥 (4 segments), car 02 second class, two rows
// ABCDF: S1 paid on 02-01A 北京南→济南西, S2 held on 02-01B 天津南→上海虹桥.
const char kScenario[] =
    R"({"op":"train","train":"G1","date":"2024-01-20","stops":[{"station":"北京南","km":0,"dep":"08:00"},{"station":"天津南","km":122,"arr":"08:33","dep":"08:35"},{"station":"济南西","km":406,"arr":"09:52","dep":"09:55"},{"station":"南京南","km":1023,"arr":"12:40","dep":"12:42"},{"station":"上海虹桥","km":1318,"arr":"13:48"}],"cars":[{"car":2,"class":"second","rows":2,"layout":"ABCDF"}]})"
    "\n"
    R"({"op":"sell","id":"S1","train":"G1","date":"2024-01-20","from":"北京南","to":"济南西","class":"second","passengers":["甲"],"seats":["02-01A"]})"
    "\n"
    R"({"op":"pay","id":"S1"})"
    "\n"
    R"({"op":"sell","id":"S2","train":"G1","date":"2024-01-20","from":"天津南","to":"上海虹桥","class":"second","passengers":["乙"],"seats":["02-01B"]})"
    "\n";

}  // namespace

class TestGridPaint : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(u"houbu-test"_s);
        QCoreApplication::setApplicationName(u"tst_grid_paint"_s);
        window_.resize(1400, 1000);  // every seat of the small train in view
        window_.openEmbedded(QString(), kScenario);
        window_.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window_));
        QTRY_VERIFY_WITH_TIMEOUT(window_.lastSeq() == 4, 20000);
        QTRY_VERIFY(window_.gridModel()->rowOfSeat(u"02-02F"_s) >= 0);
        // Cells that just changed flash for a while: wait until they are still.
        QTest::qWait(int(SeatGridDelegate::kFlashMs) + 400);
        window_.grid()->clearSelection();
        plain_ = shot();
        QVERIFY(!plain_.isNull());
        QCOMPARE(shot(), plain_);  // painting is repeatable
    }

    void highlights_data() {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("seat");
        QTest::addColumn<int>("from");
        QTest::addColumn<int>("to");
        // A paid bar from its first cell to its last; a free cell and the first cell
        // of a held bar; free cells only.
        for (int kind : {0, 1, 2}) {
            const char* name[] = {"why waiting", "step freed", "step decision"};
            QTest::addRow("%s, paid bar", name[kind]) << kind << u"02-01A"_s << 0 << 2;
            QTest::addRow("%s, free and held", name[kind]) << kind << u"02-01B"_s << 0 << 2;
            QTest::addRow("%s, free", name[kind]) << kind << u"02-02C"_s << 1 << 4;
        }
    }

    void highlights() {
        QFETCH(int, kind);
        QFETCH(QString, seat);
        QFETCH(int, from);
        QFETCH(int, to);
        const Highlights cells{{seat, {{from, to}}}};
        set(kind, cells);
        const QImage lit = shot();
        set(kind, {});
        QCOMPARE(shot(), plain_);

        QCOMPARE(lit.size(), plain_.size());
        QList<QRect> rects;
        for (int column = from; column < to; ++column)
            rects << cellRect(seat, column);
        // Every highlighted cell shows it...
        for (const QRect& r : rects) {
            QVERIFY(!r.isEmpty() && lit.rect().contains(r));
            int changed = 0;
            for (int y = r.top(); y <= r.bottom(); ++y)
                for (int x = r.left(); x <= r.right(); ++x)
                    changed += lit.pixel(x, y) != plain_.pixel(x, y);
            QVERIFY2(changed > 0,
                     qPrintable(u"cell %1,%2 %3 unchanged"_s.arg(r.x()).arg(r.y()).arg(seat)));
        }
        // ...and nothing else changes.
        for (int y = 0; y < lit.height(); ++y)
            for (int x = 0; x < lit.width(); ++x) {
                if (lit.pixel(x, y) == plain_.pixel(x, y)) continue;
                const bool inside = std::any_of(rects.begin(), rects.end(),
                                                [&](const QRect& r) { return r.contains(x, y); });
                QVERIFY2(inside,
                         qPrintable(u"pixel %1,%2 outside the cells changed"_s.arg(x).arg(y)));
            }
    }

  private:
    // The grid as shown, with its headers.
    QImage shot() { return window_.grid()->grab().toImage().convertToFormat(QImage::Format_RGB32); }

    void set(int kind, const Highlights& cells) {
        SeatGridView* grid = window_.grid();
        if (kind == 0) {
            grid->setHighlights(cells);
        } else {
            grid->gridDelegate()->setStepHighlights(kind == 1 ? cells : Highlights(),
                                                    kind == 2 ? cells : Highlights());
            grid->viewport()->update();
        }
    }

    // The pixels of one cell in shot(), from the view's own geometry.
    QRect cellRect(const QString& seat, int column) const {
        SeatGridView* grid = window_.grid();
        const auto* filter = qobject_cast<const QSortFilterProxyModel*>(grid->model());
        const int row = window_.gridModel()->rowOfSeat(seat);
        const QModelIndex source = window_.gridModel()->index(row, column);
        const QModelIndex index = filter ? filter->mapFromSource(source) : source;
        return grid->visualRect(index).translated(grid->viewport()->pos());
    }

    MainWindow window_;
    QImage plain_;
};

QTEST_MAIN(TestGridPaint)
#include "tst_grid_paint.moc"
