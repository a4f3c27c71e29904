#include "houbu/seat_legend.h"

#include <QPainter>

#include "houbu/seat_painter.h"

namespace houbu {

QList<SeatLegend::Entry> SeatLegend::entries() {
    return {Entry::Paid,     Entry::Held,        Entry::Served,     Entry::Block,
            Entry::Free,     Entry::Outline,     Entry::StepFreed,  Entry::StepDecision,
            Entry::Changed,  Entry::Selected,    Entry::CarDivider, Entry::ClassDivider,
            Entry::Standing, Entry::StandingFull};
}

QList<SeatLegend::Entry> SeatLegend::shortEntries() {
    return {Entry::Paid, Entry::Held,       Entry::Served,      Entry::Block,
            Entry::Free, Entry::CarDivider, Entry::ClassDivider};
}

SeatLegend::Entry SeatLegend::entryOf(SeatGridModel::HolderKind kind) {
    switch (kind) {
        case SeatGridModel::HolderKind::Free:
            return Entry::Free;
        case SeatGridModel::HolderKind::Held:
            return Entry::Held;
        case SeatGridModel::HolderKind::Paid:
            return Entry::Paid;
        case SeatGridModel::HolderKind::Served:
            return Entry::Served;
        case SeatGridModel::HolderKind::Block:
            return Entry::Block;
    }
    return Entry::Free;
}

SeatLegend::Entry SeatLegend::entryOf(SeatPainter::Mark mark) {
    switch (mark) {
        case SeatPainter::Mark::Changed:
            return Entry::Changed;
        case SeatPainter::Mark::StepFreed:
            return Entry::StepFreed;
        case SeatPainter::Mark::StepDecision:
            return Entry::StepDecision;
        case SeatPainter::Mark::Outline:
            return Entry::Outline;
        case SeatPainter::Mark::Selected:
            return Entry::Selected;
    }
    return Entry::Selected;
}

QList<SeatLegend::Entry> SeatLegend::printedEntries() {
    return {Entry::Paid, Entry::Held,       Entry::Served,      Entry::Block,
            Entry::Free, Entry::CarDivider, Entry::ClassDivider};
}

QString SeatLegend::text(Entry entry) {
    switch (entry) {
        case Entry::Paid:
            return tr("paid");
        case Entry::Held:
            return tr("held, awaiting payment (hatched)");
        case Entry::Served:
            return tr("served from the waitlist");
        case Entry::Block:
            return tr("quota block (cross-hatched)");
        case Entry::Free:
            return tr("free");
        case Entry::Outline:
            return tr("dashed outline: why the chosen order waits, or the chosen event's seats");
        case Entry::StepFreed:
            return tr("green tint: seats just freed (step mode)");
        case Entry::StepDecision:
            return tr("thick outline: the seats of the next decision (step mode)");
        case Entry::Changed:
            return tr("yellow frame: just changed");
        case Entry::Selected:
            return tr("selected");
        case Entry::CarDivider:
            return tr("band: a new car, with its number and class");
        case Entry::ClassDivider:
            return tr("dark band: a new class begins");
        case Entry::Standing:
            return tr(
                "standing row (无座) under a class's seats: standing passengers on the "
                "segment / places");
        case Entry::StandingFull:
            return tr("standing row, a segment with no standing place left");
    }
    return {};
}

QString SeatLegend::shortText(Entry entry) {
    switch (entry) {
        case Entry::Held:
            return tr("held, awaiting payment");
        case Entry::Block:
            return tr("quota block");
        case Entry::Outline:
            return tr("outlined");
        case Entry::StepFreed:
            return tr("just freed");
        case Entry::StepDecision:
            return tr("next decision");
        case Entry::CarDivider:
            return tr("car");
        case Entry::ClassDivider:
            return tr("class");
        default:
            return text(entry);
    }
}

void SeatLegend::paintSwatch(QPainter* p, const QRect& r, Entry entry, const SeatColors& colors,
                             const QColor& selection) {
    const int bar = SeatGridModel::kCellStart | SeatGridModel::kCellEnd;
    auto holder = [&](SeatGridModel::HolderKind kind) {
        SeatPainter::paintHolder(p, r, int(kind) | bar, QString(), p->font(), colors);
    };
    p->save();
    SeatPainter::paintFree(p, r, colors);
    // A free cell's grid lines are on its right and bottom only: close the box.
    p->setPen(colors.grid);
    p->drawLine(r.topLeft(), r.topRight());
    p->drawLine(r.topLeft(), r.bottomLeft());
    switch (entry) {
        case Entry::Paid:
            holder(SeatGridModel::HolderKind::Paid);
            break;
        case Entry::Held:
            holder(SeatGridModel::HolderKind::Held);
            break;
        case Entry::Served:
            holder(SeatGridModel::HolderKind::Served);
            break;
        case Entry::Block:
            holder(SeatGridModel::HolderKind::Block);
            break;
        case Entry::Free:
            break;
        case Entry::Outline:
            SeatPainter::paintMark(p, r, SeatPainter::Mark::Outline, colors, selection);
            break;
        case Entry::StepFreed:
            SeatPainter::paintMark(p, r, SeatPainter::Mark::StepFreed, colors, selection);
            break;
        case Entry::StepDecision:
            SeatPainter::paintMark(p, r, SeatPainter::Mark::StepDecision, colors, selection);
            break;
        case Entry::Changed:
            SeatPainter::paintMark(p, r, SeatPainter::Mark::Changed, colors, selection);
            break;
        case Entry::Selected:
            SeatPainter::paintMark(p, r, SeatPainter::Mark::Selected, colors, selection);
            break;
        case Entry::CarDivider:
            p->fillRect(r, colors.carBand);
            break;
        case Entry::ClassDivider:
            p->fillRect(r, colors.classBand);
            break;
        case Entry::Standing:
            SeatPainter::paintStanding(p, r, 1, 3, p->font(), colors);
            break;
        case Entry::StandingFull:
            SeatPainter::paintStanding(p, r, 3, 3, p->font(), colors);
            break;
    }
    p->restore();
}

}  // namespace houbu
