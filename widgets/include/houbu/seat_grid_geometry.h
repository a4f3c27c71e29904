#pragma once
// Cell <-> seat/segment mapping of the seat-interval grid, independent of any
// widget so that it is tested without a GUI. Coordinates are in the viewport's
// logical pixels (device-independent; high-DPI scaling happens when painting).

#include <QPoint>
#include <QRect>
#include <algorithm>
#include <cmath>

namespace houbu {

struct SeatGridGeometry {
    int rows = 0;       // seats shown
    int columns = 0;    // segments
    double zoom = 1.0;  // 0.25 .. 4

    static constexpr int kBaseCellWidth = 72;
    static constexpr int kBaseCellHeight = 22;
    static constexpr double kMinZoom = 0.25;
    static constexpr double kMaxZoom = 4.0;

    int cellWidth() const { return std::max(6, int(std::lround(kBaseCellWidth * zoom))); }
    int cellHeight() const { return std::max(4, int(std::lround(kBaseCellHeight * zoom))); }

    QRect cell(int row, int column) const {
        return {column * cellWidth(), row * cellHeight(), cellWidth(), cellHeight()};
    }
    // The rectangle of a holder's bar over segments [from, to) of one row.
    QRect bar(int row, int from, int to) const {
        return {from * cellWidth(), row * cellHeight(), (to - from) * cellWidth(), cellHeight()};
    }
    // Row and column at a point, or -1 when outside the grid.
    int rowAt(int y) const { return y < 0 || y >= rows * cellHeight() ? -1 : y / cellHeight(); }
    int columnAt(int x) const { return x < 0 || x >= columns * cellWidth() ? -1 : x / cellWidth(); }
    // Zooming keeps the cell under `anchor` under it; returns the new scroll offset.
    QPoint zoomAround(double factor, QPoint anchor, QPoint scroll) {
        const double before = zoom;
        zoom = std::clamp(zoom * factor, kMinZoom, kMaxZoom);
        const double ratio = zoom / before;
        return {int(std::lround((scroll.x() + anchor.x()) * ratio - anchor.x())),
                int(std::lround((scroll.y() + anchor.y()) * ratio - anchor.y()))};
    }
};

}  // namespace houbu
