#include "houbu/seat_map_export.h"

#include <QAbstractItemModel>
#include <QAbstractProxyModel>
#include <QFileInfo>
#include <QFontMetrics>
#include <QPageLayout>
#include <QPagedPaintDevice>
#include <QPainter>
#include <QPdfWriter>
#include <algorithm>
#include <cmath>

#include "houbu/models.h"
#include "houbu/seat_legend.h"
#include "houbu/seat_painter.h"
#include "houbu/widgets.h"

namespace houbu {

using namespace Qt::StringLiterals;

namespace {

// Paper is white whatever the screen's palette.
SeatColors paperColors() {
    QPalette palette;
    palette.setColor(QPalette::Window, Qt::white);
    palette.setColor(QPalette::Base, Qt::white);
    return SeatColors::forPalette(palette);
}

// In pixels of the layout's resolution: the same font on any device, since a
// fine device is painted through a scaled painter (see pageOf).
QFont font(double points, double px, bool bold = false) {
    QFont f;
    f.setPixelSize(std::max(1, int(std::lround(points * px))));
    f.setBold(bold);
    return f;
}

// The pixel constants of SeatPainter (rounded ends, insets, hairlines) suit
// screens and PDFs; a printer's 1200 dpi is painted at this resolution, scaled.
constexpr double kPaperDpi = 150;

// The page's paint rectangle in layout pixels, and the painter's scale to the device.
QSize pageOf(const QPagedPaintDevice* device, double* scale) {
    const double dpi = device->logicalDpiX();
    *scale = std::max(1.0, dpi / kPaperDpi);
    const QSize page = device->pageLayout().paintRectPixels(int(dpi)).size();
    return {int(page.width() / *scale), int(page.height() / *scale)};
}

constexpr double kTitlePt = 13, kTextPt = 8, kHeaderPt = 6.5, kBandPt = 7;

}  // namespace

SeatMapExport::SeatMapExport(const QAbstractItemModel* seats, Title title)
    : seats_(seats), title_(std::move(title)), groups_(SeatGroups::of(seats)) {
    // The standing load lives in the grid's model, under any filters.
    const QAbstractItemModel* source = seats;
    while (const auto* proxy = qobject_cast<const QAbstractProxyModel*>(source))
        source = proxy->sourceModel();
    if (const auto* grid = qobject_cast<const SeatGridModel*>(source))
        standing_ = grid->standingClasses();
}

const ClassView* SeatMapExport::standingOf(const QString& travelClass) const {
    for (const ClassView& c : standing_)
        if (QString::fromStdString(c.name) == travelClass) return &c;
    return nullptr;
}

QList<SeatLegend::Entry> SeatMapExport::legendEntries() const {
    QList<SeatLegend::Entry> entries = SeatLegend::printedEntries();
    if (!standing_.empty())
        entries << SeatLegend::Entry::Standing << SeatLegend::Entry::StandingFull;
    return entries;
}

int SeatMapExport::legendHeight(const QPaintDevice* device, double px, int width) const {
    const QFontMetrics m(font(kTextPt, px), device);
    const int swatch = int(std::lround(22 * px));
    int x = 0, lines = 1;
    for (SeatLegend::Entry e : legendEntries()) {
        const int w =
            swatch + int(4 * px) + m.horizontalAdvance(SeatLegend::text(e)) + int(12 * px);
        if (x > 0 && x + w > width) {
            ++lines;
            x = 0;
        }
        x += w;
    }
    return lines * int(std::lround(14 * px)) + int(4 * px);
}

SeatMapExport::Layout SeatMapExport::layout(const QPaintDevice* device, int width,
                                            double scale) const {
    Layout l;
    l.px = device->logicalDpiY() / scale / 72.0;
    l.width = width;
    const QFontMetrics text(font(kTextPt, l.px), device);
    const QFontMetrics header(font(kHeaderPt, l.px), device);
    int label = text.horizontalAdvance(u"00-00A"_s);
    for (int row = 0, rows = seats_ ? seats_->rowCount() : 0; row < rows; ++row)
        label = std::max(label,
                         text.horizontalAdvance(seats_->headerData(row, Qt::Vertical).toString()));
    if (!standing_.empty()) label = std::max(label, text.horizontalAdvance(tr("Standing")));
    l.labelWidth = label + int(8 * l.px);
    const int columns = std::max(1, int(title_.stations.size()) - 1);
    l.cellWidth = std::max(2, (width - l.labelWidth) / columns);
    const QFontMetrics titleFont(font(kTitlePt, l.px, true), device);
    l.titleHeight = titleFont.height() + text.height() + int(6 * l.px);
    l.legendHeight = legendHeight(device, l.px, width);
    // Station names side by side when they fit a segment, else turned upright.
    int widest = 0;
    for (const QString& s : title_.stations)
        widest = std::max(widest, header.horizontalAdvance(u"→ "_s + s));
    l.rotatedHeader = widest + int(4 * l.px) > l.cellWidth;
    l.headerHeight = l.rotatedHeader ? std::min(widest * 2 + int(8 * l.px), int(150 * l.px))
                                     : 2 * header.height() + int(8 * l.px);
    l.footerHeight = text.height() + int(4 * l.px);
    l.rowHeight = int(std::lround(12 * l.px));
    l.bandHeight = QFontMetrics(font(kBandPt, l.px, true), device).height() + int(3 * l.px);
    return l;
}

QList<QList<SeatMapExport::Line>> SeatMapExport::paginate(const Layout& l, int height) const {
    QList<Line> all;
    const int rows = seats_ ? seats_->rowCount() : 0;
    for (int g = 0, row = 0; row < rows; ++row) {
        if (g < groups_.size() && groups_[g].row == row) all.append(Line{row, g++});
        all.append(Line{row, -1});
        // A class's standing row follows its last seat, as in the grid.
        const QString cls = seats_->index(row, 0).data(SeatGridModel::ClassRole).toString();
        const bool lastOfClass =
            row + 1 == rows ||
            seats_->index(row + 1, 0).data(SeatGridModel::ClassRole).toString() != cls;
        if (lastOfClass && standingOf(cls)) all.append(Line{row, -1, true});
    }
    QList<QList<Line>> pages{{}};
    if (height <= 0) {
        pages.first() = all;
        return pages;
    }
    const int room = height - l.titleHeight - l.legendHeight - l.headerHeight - l.footerHeight;
    int used = 0, group = -1;
    for (qsizetype i = 0; i < all.size(); ++i) {
        const Line& line = all[i];
        if (line.group >= 0) group = line.group;
        const int h = line.group >= 0 ? l.bandHeight : l.rowHeight;
        // A band never ends a page: it moves to the next with its first row.
        const int need = line.group >= 0 ? h + l.rowHeight : h;
        if (used > 0 && used + need > room) {
            pages.append(QList<Line>());
            used = 0;
            // A page that starts inside a car says again which car it is.
            if (line.group < 0 && group >= 0) {
                pages.last().append(Line{line.row, group});
                used += l.bandHeight;
            }
        }
        pages.last().append(line);
        used += h;
    }
    return pages;
}

void SeatMapExport::paintLegend(QPainter& p, const Layout& l, int top) const {
    const SeatColors colors = paperColors();
    p.setFont(font(kTextPt, l.px));
    const QFontMetrics m(p.font(), p.device());
    const int swatch = int(std::lround(22 * l.px)), line = int(std::lround(14 * l.px));
    const int box = int(std::lround(11 * l.px));
    int x = 0, y = top;
    for (SeatLegend::Entry e : legendEntries()) {
        const QString text = SeatLegend::text(e);
        const int w = swatch + int(4 * l.px) + m.horizontalAdvance(text) + int(12 * l.px);
        if (x > 0 && x + w > l.width) {
            x = 0;
            y += line;
        }
        SeatLegend::paintSwatch(&p, QRect(x, y + (line - box) / 2, swatch, box), e, colors,
                                Qt::gray);
        p.setPen(Qt::black);
        p.setFont(font(kTextPt, l.px));
        p.drawText(QRect(x + swatch + int(4 * l.px), y, w, line), Qt::AlignVCenter | Qt::AlignLeft,
                   text);
        x += w;
    }
}

void SeatMapExport::paintPage(QPainter& p, const Layout& l, const QList<Line>& lines, int page,
                              int pages) const {
    const SeatColors colors = paperColors();
    // Title: what, when.
    p.setPen(Qt::black);
    p.setFont(font(kTitlePt, l.px, true));
    const QFontMetrics titleMetrics(p.font(), p.device());
    const QString route = title_.stations.isEmpty()
                              ? QString()
                              : title_.stations.first() + u" → "_s + title_.stations.last();
    p.drawText(QRect(0, 0, l.width, titleMetrics.height()), Qt::AlignLeft | Qt::AlignVCenter,
               tr("Seat map %1 %2  %3").arg(title_.train, title_.date, route));
    p.setFont(font(kTextPt, l.px));
    const QFontMetrics text(p.font(), p.device());
    const int rows = seats_ ? seats_->rowCount() : 0;
    p.drawText(QRect(0, titleMetrics.height() + int(2 * l.px), l.width, text.height()),
               Qt::AlignLeft | Qt::AlignVCenter,
               tr("Clock %1 · %n seat(s) · made %2", nullptr, rows)
                   .arg(QString(title_.clock).replace(u'T', u' '),
                        title_.madeAt.toString(u"yyyy-MM-dd HH:mm"_s)));
    paintLegend(p, l, l.titleHeight);

    // Segment header.
    const int headerTop = l.titleHeight + l.legendHeight;
    const int columns = std::max(0, int(title_.stations.size()) - 1);
    p.setFont(font(kHeaderPt, l.px));
    for (int c = 0; c < columns; ++c) {
        const QRect box(l.labelWidth + c * l.cellWidth, headerTop, l.cellWidth, l.headerHeight);
        p.setPen(colors.grid);
        p.drawLine(box.topLeft(), box.bottomLeft());
        p.setPen(Qt::black);
        const QString from = title_.stations[c], to = title_.stations[c + 1];
        if (!l.rotatedHeader) {
            p.drawText(box.adjusted(int(2 * l.px), 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
                       from + u"\n→ "_s + to);
        } else {
            p.save();
            p.translate(box.center().x(), box.bottom() - int(2 * l.px));
            p.rotate(-90);
            p.drawText(QRect(0, -l.cellWidth / 2, l.headerHeight - int(4 * l.px), l.cellWidth),
                       Qt::AlignLeft | Qt::AlignVCenter, from + u"→"_s + to);
            p.restore();
        }
    }

    // Seats.
    int y = headerTop + l.headerHeight;
    const QFont cellFont = font(kTextPt, l.px);
    const int gridRight = l.labelWidth + columns * l.cellWidth;
    for (const Line& line : lines) {
        if (line.group >= 0) {
            const SeatGroups::Group& g = groups_[line.group];
            const QRect band(0, y, gridRight, l.bandHeight);
            p.fillRect(band, g.newClass ? colors.classBand : colors.carBand);
            p.setPen(g.newClass ? colors.classBandText : colors.carBandText);
            p.setFont(font(kBandPt, l.px, true));
            p.drawText(band.adjusted(int(3 * l.px), 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
                       SeatGroups::label(g));
            y += l.bandHeight;
            continue;
        }
        if (line.standing) {
            const ClassView* c =
                standingOf(seats_->index(line.row, 0).data(SeatGridModel::ClassRole).toString());
            p.setPen(Qt::black);
            p.setFont(cellFont);
            p.drawText(QRect(0, y, l.labelWidth - int(4 * l.px), l.rowHeight),
                       Qt::AlignLeft | Qt::AlignVCenter, tr("Standing"));
            for (int col = 0; c && col < columns; ++col) {
                const int load =
                    col < int(c->standingLoad.size()) ? c->standingLoad[std::size_t(col)] : 0;
                SeatPainter::paintStanding(
                    &p, QRect(l.labelWidth + col * l.cellWidth, y, l.cellWidth, l.rowHeight), load,
                    c->standingPlaces, cellFont, colors);
            }
            y += l.rowHeight;
            continue;
        }
        p.setPen(Qt::black);
        p.setFont(cellFont);
        p.drawText(QRect(0, y, l.labelWidth - int(4 * l.px), l.rowHeight),
                   Qt::AlignLeft | Qt::AlignVCenter,
                   seats_->headerData(line.row, Qt::Vertical).toString());
        // Backgrounds first, bars over them: a bar's cells overlap by a pixel,
        // so no background shows as a seam between them on paper.
        for (int c = 0; c < columns; ++c)
            SeatPainter::paintFree(
                &p, QRect(l.labelWidth + c * l.cellWidth, y, l.cellWidth, l.rowHeight), colors);
        for (int c = 0; c < columns; ++c) {
            const QRect r(l.labelWidth + c * l.cellWidth, y, l.cellWidth, l.rowHeight);
            const QModelIndex i = seats_->index(line.row, c);
            const int cell = i.data(SeatGridModel::CellRole).toInt();
            const bool labelled = (cell & 7) != 0 && (cell & SeatGridModel::kCellStart);
            SeatPainter::paintHolder(&p, r, cell,
                                     labelled ? i.data(Qt::DisplayRole).toString() : QString(),
                                     cellFont, colors);
        }
        y += l.rowHeight;
    }
    if (pages > 0) {
        p.setPen(Qt::black);
        p.setFont(font(kTextPt, l.px));
        p.drawText(QRect(0, y + int(2 * l.px), l.width, l.footerHeight),
                   Qt::AlignRight | Qt::AlignTop, tr("Page %1 of %2").arg(page + 1).arg(pages));
    }
}

int SeatMapExport::pageCount(const QPagedPaintDevice* device) const {
    double scale = 1;
    const QSize page = pageOf(device, &scale);
    return int(paginate(layout(device, page.width(), scale), page.height()).size());
}

int SeatMapExport::print(QPagedPaintDevice* device) const {
    double scale = 1;
    const QSize page = pageOf(device, &scale);
    const Layout l = layout(device, page.width(), scale);
    const QList<QList<Line>> pages = paginate(l, page.height());
    QPainter p;
    if (!p.begin(device)) return 0;
    p.scale(scale, scale);
    for (qsizetype i = 0; i < pages.size(); ++i) {
        if (i > 0) device->newPage();
        paintPage(p, l, pages[i], int(i), int(pages.size()));
    }
    p.end();
    return int(pages.size());
}

bool SeatMapExport::writePdf(const QString& path, QString* error) const {
    QPdfWriter writer(path);
    writer.setResolution(150);
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Landscape,
                                     QMarginsF(10, 10, 10, 10), QPageLayout::Millimeter));
    writer.setTitle(tr("Seat map %1 %2").arg(title_.train, title_.date));
    writer.setCreator(u"Houbu"_s);
    if (print(&writer) == 0) {
        if (error) *error = tr("Cannot write %1").arg(QFileInfo(path).fileName());
        return false;
    }
    return true;
}

QImage SeatMapExport::image() const {
    // At the grid's own cell width; measured on a scratch image of the same resolution.
    const QImage probe(1, 1, QImage::Format_RGB32);
    const int columns = std::max(1, int(title_.stations.size()) - 1);
    Layout l = layout(&probe, 1);
    const int width = l.labelWidth + columns * SeatGridGeometry::kBaseCellWidth;
    l = layout(&probe, width);
    const QList<QList<Line>> pages = paginate(l, 0);
    int height = l.titleHeight + l.legendHeight + l.headerHeight;
    for (const Line& line : pages.first())
        height += line.group >= 0 ? l.bandHeight : l.rowHeight;
    const int margin = int(8 * l.px);
    QImage image(width + 2 * margin, height + 2 * margin, QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter p(&image);
    p.translate(margin, margin);
    paintPage(p, l, pages.first(), 0, 0);
    return image;
}

bool SeatMapExport::writePng(const QString& path, QString* error) const {
    if (image().save(path, "PNG")) return true;
    if (error) *error = tr("Cannot write %1").arg(QFileInfo(path).fileName());
    return false;
}

}  // namespace houbu
