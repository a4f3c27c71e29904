#pragma once
// How a seat cell is painted, shared by the grid's delegate, its legend and
// the exported or printed seat map, so that all three show the same bars,
// hatchings and outlines.

#include <QRect>
#include <QString>

#include "houbu/widgets.h"

class QFont;
class QPainter;

namespace houbu {

class SeatPainter {
  public:
    // The marks painted over a cell, in the order they are painted.
    enum class Mark { Changed, StepFreed, StepDecision, Outline, Selected };

    // A free cell: its background and the grid lines on its right and bottom.
    static void paintFree(QPainter* p, const QRect& r, const SeatColors& colors);
    // A holder's bar in cell `r`; `cell` is SeatGridModel::CellRole (kind and
    // whether the bar starts or ends here). `label` is drawn in the first cell.
    static void paintHolder(QPainter* p, const QRect& r, int cell, const QString& label,
                            const QFont& font, const SeatColors& colors);
    // A class's standing load on one segment (无座): a bar as long as `load`
    // is of `places`, in the full colour once no place is left, and "load/places".
    static void paintStanding(QPainter* p, const QRect& r, int load, int places, const QFont& font,
                              const SeatColors& colors);
    // One mark over cell `r`; `fade` (0..1] dims a recent change as it ages.
    static void paintMark(QPainter* p, const QRect& r, Mark mark, const SeatColors& colors,
                          const QColor& selection, double fade = 1.0);
};

}  // namespace houbu
