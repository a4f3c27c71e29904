// File ▸ Export and Print on a real window (offscreen): the seat map as PDF
// (its pages and text read back with pdftotext) and PNG (its size), the queues
// and the log as CSV that parse back to what the views show, and the print
// preview of the same pages.

#include <QAction>
#include <QFile>
#include <QImage>
#include <QPdfWriter>
#include <QPrintPreviewDialog>
#include <QPrintPreviewWidget>
#include <QPrinter>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

#include "houbu/main_window.h"
#include "houbu/seat_groups.h"
#include "houbu/seat_legend.h"
#include "houbu/seat_map_export.h"
#include "houbu/widgets.h"

using namespace houbu;
using namespace Qt::StringLiterals;

namespace {

// RFC 4180 fields and lines (CRLF ends, quoted fields with "" for a quote).
QList<QStringList> parseCsv(const QString& text) {
    QList<QStringList> lines;
    QStringList fields;
    QString field;
    bool quoted = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == u'"' && i + 1 < text.size() && text[i + 1] == u'"') {
                field += u'"';
                ++i;
            } else if (c == u'"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == u'"') {
            quoted = true;
        } else if (c == u',') {
            fields << field;
            field.clear();
        } else if (c == u'\r' && i + 1 < text.size() && text[i + 1] == u'\n') {
            fields << field;
            lines << fields;
            fields.clear();
            field.clear();
            ++i;
        } else {
            field += c;
        }
    }
    if (!field.isEmpty() || !fields.isEmpty()) lines << (fields << field);
    return lines;
}

// The file without its byte-order mark, which must be there.
QString readCsv(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    const QByteArray bytes = f.readAll();
    if (!bytes.startsWith("\xEF\xBB\xBF")) return {};
    return QString::fromUtf8(bytes.mid(3));
}

QStringList headers(const QAbstractItemModel* m) {
    QStringList h;
    for (int c = 0; c < m->columnCount(); ++c)
        h << m->headerData(c, Qt::Horizontal).toString();
    return h;
}

QString pdfText(const QString& path) {
    QProcess p;
    p.start(u"pdftotext"_s, {u"-enc"_s, u"UTF-8"_s, path, u"-"_s});
    if (!p.waitForFinished(30000) || p.exitCode() != 0) return {};
    return QString::fromUtf8(p.readAllStandardOutput());
}

}  // namespace

class TestExport : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(u"houbu-test"_s);
        QCoreApplication::setApplicationName(u"tst_export"_s);
        QCOMPARE(MainWindow::installTranslation(u"en"_s), u"en"_s);
        QVERIFY(dir_.isValid());

        window_.resize(1400, 900);
        window_.openDemo();
        window_.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window_));
        // The demo ends with orders waiting.
        QTRY_VERIFY_WITH_TIMEOUT(window_.queueModel()->rowCount() > 0, 30000);
        QTRY_VERIFY_WITH_TIMEOUT(window_.logModel()->rowCount() > 100, 30000);
        QTest::qWait(500);
        QVERIFY(window_.printAction()->isEnabled());
        QCOMPARE(window_.printAction()->shortcut(), QKeySequence(QKeySequence::Print));
    }

    void seatMapPdf() {
        const QString path = dir_.filePath(u"map.pdf"_s);
        QString error;
        QVERIFY2(window_.exportSeatMap(path, &error), qPrintable(error));
        const QString text = pdfText(path);
        QVERIFY2(!text.isEmpty(), "pdftotext read nothing");
        // pdftotext ends every page with a form feed.
        const int pages = int(text.count(u'\f'));
        QVERIFY2(pages >= 2, qPrintable(QString::number(pages)));
        QVERIFY(text.contains(u"Page %1 of %1"_s.arg(pages)));
        QVERIFY(!text.contains(u"Page %1 of"_s.arg(pages + 1)));
        const SeatGridModel* grid = window_.gridModel();
        const QStringList pageTexts = text.split(u'\f', Qt::SkipEmptyParts);
        QCOMPARE(pageTexts.size(), pages);
        for (const QString& page : pageTexts) {
            // Each page says what it shows and when.
            QVERIFY(page.contains(grid->train()));
            QVERIFY(page.contains(grid->date()));
            QVERIFY(page.contains(u"Clock "_s));
            for (SeatLegend::Entry e : SeatLegend::printedEntries())
                QVERIFY2(page.contains(SeatLegend::text(e).section(u' ', 0, 0)),
                         qPrintable(SeatLegend::text(e)));
        }
        // Every seat and every car, Chinese station names too.
        for (int row = 0; row < grid->rowCount(); ++row)
            QVERIFY2(text.contains(grid->headerData(row, Qt::Vertical, Qt::DisplayRole).toString()),
                     qPrintable(grid->headerData(row, Qt::Vertical, Qt::DisplayRole).toString()));
        for (const SeatGroups::Group& g : SeatGroups::of(grid))
            QVERIFY(text.contains(SeatGroups::label(g)));
        QVERIFY(text.contains(grid->stations().first()));
    }

    // A printer's 1200 dpi gives the same pages as the 150 dpi PDF.
    void printerPagesLikeThePdf() {
        const SeatGridModel* grid = window_.gridModel();
        const SeatMapExport map(grid, {grid->train(), grid->date(), grid->stations(),
                                       u"2025-01-06T08:00"_s, QDateTime::currentDateTime()});
        const QPageLayout a4(QPageSize(QPageSize::A4), QPageLayout::Landscape,
                             QMarginsF(10, 10, 10, 10), QPageLayout::Millimeter);
        QPdfWriter writer(dir_.filePath(u"unused.pdf"_s));
        writer.setResolution(150);
        writer.setPageLayout(a4);
        QPrinter printer(QPrinter::HighResolution);
        printer.setOutputFormat(QPrinter::PdfFormat);
        printer.setOutputFileName(dir_.filePath(u"printed.pdf"_s));
        printer.setPageLayout(a4);
        QVERIFY(printer.resolution() >= 600);
        const int pages = map.print(&printer);
        QCOMPARE(pages, map.pageCount(&writer));
        const QString text = pdfText(dir_.filePath(u"printed.pdf"_s));
        QCOMPARE(int(text.count(u'\f')), pages);
        QVERIFY(text.contains(u"Page %1 of %1"_s.arg(pages)));
        QVERIFY(text.contains(
            grid->headerData(grid->rowCount() - 1, Qt::Vertical, Qt::DisplayRole).toString()));
    }

    void seatMapPng() {
        const QString path = dir_.filePath(u"map.png"_s);
        QVERIFY(window_.exportSeatMap(path));
        const QImage image(path);
        QVERIFY(!image.isNull());
        const SeatGridModel* grid = window_.gridModel();
        const int columns = int(grid->stations().size()) - 1;
        // The grid's own cell width per segment beside the seat labels; at least
        // a 12-point row (16 pixels) per seat, and a band per car.
        QVERIFY(image.width() > columns * SeatGridGeometry::kBaseCellWidth);
        QVERIFY(image.width() < columns * SeatGridGeometry::kBaseCellWidth + 200);
        const int bands = int(SeatGroups::of(grid).size());
        QVERIFY2(image.height() >= grid->rowCount() * 16 + bands * 10,
                 qPrintable(u"%1x%2"_s.arg(image.width()).arg(image.height())));
        QVERIFY(image.height() < grid->rowCount() * 16 + bands * 30 + 300);
        // The paid seats' blue is there.
        QPalette light;
        light.setColor(QPalette::Window, Qt::white);
        const QRgb paid = SeatColors::forPalette(light).paid.rgb();
        bool found = false;
        for (int y = 0; y < image.height() && !found; y += 2)
            for (int x = 0; x < image.width() && !found; x += 2)
                found = image.pixel(x, y) == paid;
        QVERIFY(found);
    }

    void queuesCsv() {
        const QString path = dir_.filePath(u"queues.csv"_s);
        QString error;
        QVERIFY2(window_.exportQueues(path, &error), qPrintable(error));
        const QList<QStringList> lines = parseCsv(readCsv(path));
        const QueueModel* m = window_.queueModel();
        QVERIFY(!lines.isEmpty());
        QCOMPARE(lines.first(), QStringList{u"Queue"_s} + headers(m));
        int line = 1, orders = 0;
        for (int q = 0; q < m->rowCount(); ++q) {
            const QModelIndex queue = m->index(q, 0);
            for (int o = 0; o < m->rowCount(queue); ++o, ++line, ++orders) {
                QVERIFY(line < lines.size());
                QStringList expected{queue.data().toString()};
                for (int c = 0; c < m->columnCount(queue); ++c)
                    expected << m->index(o, c, queue).data().toString();
                QCOMPARE(lines[line], expected);
            }
        }
        QVERIFY(orders > 0);
        QCOMPARE(lines.size(), line);
    }

    void logCsv() {
        const QString path = dir_.filePath(u"log.csv"_s);
        QVERIFY(window_.exportLog(path));
        const QList<QStringList> lines = parseCsv(readCsv(path));
        const QAbstractItemModel* m = window_.logView()->model();
        QCOMPARE(lines.size(), m->rowCount() + 1);
        QCOMPARE(lines.first(), headers(m));
        bool quoted = false;
        for (int row = 0; row < m->rowCount(); ++row) {
            QStringList expected;
            for (int c = 0; c < m->columnCount(); ++c)
                expected << m->index(row, c).data().toString();
            QCOMPARE(lines[row + 1], expected);
            quoted = quoted || expected.join(QString()).contains(u',');
        }
        QVERIFY(quoted);  // the quoting was exercised
    }

    void printPreview() {
        QPrintPreviewDialog* preview = window_.printPreview();
        QVERIFY(preview);
        preview->show();
        QVERIFY(QTest::qWaitForWindowExposed(preview));
        auto* widget = preview->findChild<QPrintPreviewWidget*>();
        QVERIFY(widget);
        QTRY_VERIFY(widget->pageCount() >= 2);
        preview->close();
    }

  private:
    QTemporaryDir dir_;
    MainWindow window_;
};

QTEST_MAIN(TestExport)
#include "tst_export.moc"
