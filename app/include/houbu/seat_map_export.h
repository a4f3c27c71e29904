#pragma once
// The seat map of one run on paper or in a file: a title with the train, the
// date, the route and the engine's clock, the time it was made, the legend,
// then the seats (rows, grouped by car and class; a class with standing places
// ends with its standing row) × segments, painted by the grid's own SeatPainter in its light
// colours. A PDF or a printer gets as many pages as the rows need, each with the title, legend and
// segment header again; a PNG is the whole map on one image.

#include <QCoreApplication>
#include <QDateTime>
#include <QImage>
#include <QList>
#include <QString>

#include "houbu/seat_groups.h"
#include "houbu/seat_legend.h"
#include "houbu/views.h"

class QAbstractItemModel;
class QPagedPaintDevice;
class QPainter;
class QPaintDevice;

namespace houbu {

class SeatMapExport {
    Q_DECLARE_TR_FUNCTIONS(houbu::SeatMapExport)

  public:
    struct Title {
        QString train, date;
        QStringList stations;  // the run's stops; segments are between them
        QString clock;         // the engine's clock, "YYYY-MM-DDTHH:MM"
        QDateTime madeAt;      // when the map is made (printed on it)
    };

    // `seats`: SeatGridModel or a filter over it; rows as they are to be shown.
    // It must outlive the export.
    SeatMapExport(const QAbstractItemModel* seats, Title title);

    // Paints every page on `device` (a QPdfWriter or QPrinter, already set
    // up); returns the number of pages, 0 when the device cannot be painted on.
    int print(QPagedPaintDevice* device) const;
    // The pages print() paints on `device`, without painting.
    int pageCount(const QPagedPaintDevice* device) const;
    // A4 landscape PDF.
    bool writePdf(const QString& path, QString* error = nullptr) const;
    // The whole map at the grid's own cell size.
    QImage image() const;
    bool writePng(const QString& path, QString* error = nullptr) const;

  private:
    // A line of the map: a seat row, the band that starts a car (a group), or
    // the standing row of the class that `row` ends.
    struct Line {
        int row = 0;
        int group = -1;         // >= 0: the band of group `group` instead of a row
        bool standing = false;  // the standing row under `row` instead of it
    };
    struct Layout {
        double px = 1;  // device pixels per point
        int width = 0;
        int labelWidth = 0, cellWidth = 0;
        int titleHeight = 0, legendHeight = 0, headerHeight = 0, footerHeight = 0;
        int rowHeight = 0, bandHeight = 0;
        bool rotatedHeader = false;
    };
    // `scale`: device pixels per layout pixel (a printer's fine resolution).
    Layout layout(const QPaintDevice* device, int width, double scale = 1) const;
    // The lines on each page of `height` pixels (one page when height <= 0).
    QList<QList<Line>> paginate(const Layout& l, int height) const;
    void paintPage(QPainter& p, const Layout& l, const QList<Line>& lines, int page,
                   int pages) const;
    int legendHeight(const QPaintDevice* device, double px, int width) const;
    void paintLegend(QPainter& p, const Layout& l, int top) const;
    // The printed legend, with the standing row's entries when the map has one.
    QList<SeatLegend::Entry> legendEntries() const;
    const ClassView* standingOf(const QString& travelClass) const;

    const QAbstractItemModel* seats_;
    Title title_;
    QList<SeatGroups::Group> groups_;
    std::vector<ClassView> standing_;  // the classes with standing places
};

}  // namespace houbu
