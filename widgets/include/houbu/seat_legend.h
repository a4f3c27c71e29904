#pragma once
// What every colour, hatching and outline of the seat grid means: one entry
// per thing SeatGridDelegate and SeatGridView paint, with its swatch drawn by
// the same code as the grid (SeatPainter). The legend beside the grid, the
// exported and printed seat maps and the manual all list these entries.

#include <QCoreApplication>
#include <QList>
#include <QRect>
#include <QString>

#include "houbu/seat_painter.h"
#include "houbu/widgets.h"

class QPainter;

namespace houbu {

class SeatLegend {
    Q_DECLARE_TR_FUNCTIONS(houbu::SeatLegend)

  public:
    enum class Entry {
        Paid,
        Held,
        Served,
        Block,
        Free,
        Outline,
        StepFreed,
        StepDecision,
        Changed,
        Selected,
        CarDivider,
        ClassDivider,
        Standing,      // a class's standing row: load against places (无座)
        StandingFull,  // a segment of it with no place left
    };
    // Every entry, in the order a legend lists them.
    static QList<Entry> entries();
    // The entries a seat map on paper needs: no selection, flash or step marks.
    static QList<Entry> printedEntries();
    // The line above the grid: the holders and the dividers.
    static QList<Entry> shortEntries();
    // The entry that explains a holder's bar, or a mark over a cell.
    static Entry entryOf(SeatGridModel::HolderKind kind);
    static Entry entryOf(SeatPainter::Mark mark);
    static QString text(Entry entry);
    // A word or two, for the line above the grid.
    static QString shortText(Entry entry);
    // The entry's swatch as the grid paints it, in `r` (about a cell's size).
    static void paintSwatch(QPainter* p, const QRect& r, Entry entry, const SeatColors& colors,
                            const QColor& selection);
};

}  // namespace houbu
