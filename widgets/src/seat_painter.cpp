#include "houbu/seat_painter.h"

#include <QFontMetrics>
#include <QPainter>
#include <algorithm>
#include <cmath>

namespace houbu {

void SeatPainter::paintFree(QPainter* p, const QRect& r, const SeatColors& colors) {
    p->fillRect(r, colors.free);
    p->setPen(colors.grid);
    p->drawLine(r.topRight(), r.bottomRight());
    p->drawLine(r.bottomLeft(), r.bottomRight());
}

void SeatPainter::paintHolder(QPainter* p, const QRect& r, int cell, const QString& label,
                              const QFont& font, const SeatColors& colors) {
    const auto kind = static_cast<SeatGridModel::HolderKind>(cell & 7);
    if (kind == SeatGridModel::HolderKind::Free) return;
    // One holder is one continuous bar: only its first and last cells are rounded.
    // The hot path of a full frame: plain fills for the middle of a bar,
    // antialiasing only for the rounded ends.
    const bool start = cell & SeatGridModel::kCellStart;
    const bool end = cell & SeatGridModel::kCellEnd;
    const int inset = std::max(1, r.height() / 7);
    const QRect bar = r.adjusted(start ? inset : 0, inset, end ? -inset : 1, -inset);
    const QColor color = colors.of(kind);
    if (!start && !end) {
        p->fillRect(bar, color);
    } else {
        const int radius = std::min(bar.height() / 2, 5);
        p->save();
        p->setClipRect(r);
        p->setRenderHint(QPainter::Antialiasing);
        p->setPen(Qt::NoPen);
        p->setBrush(color);
        // Extend the open side past the cell so that only the closed side is round.
        p->drawRoundedRect(
            QRectF(bar.adjusted(start ? 0 : -radius - 1, 0, end ? 0 : radius + 1, 0)), radius,
            radius);
        p->restore();
    }
    if (kind == SeatGridModel::HolderKind::Held || kind == SeatGridModel::HolderKind::Block) {
        // Held (awaiting payment) and quota blocks are hatched, readable without colour.
        QColor t = colors.text;
        t.setAlpha(110);
        const QRect hatch = bar.adjusted(start ? 2 : 0, 1, end ? -2 : 0, -1);
        p->fillRect(hatch,
                    QBrush(t, kind == SeatGridModel::HolderKind::Held ? Qt::BDiagPattern
                                                                      : Qt::DiagCrossPattern));
    }
    if (start && r.height() >= 14 && !label.isEmpty()) {
        QFont f = font;
        f.setPixelSize(std::max(8, r.height() * 11 / 20));
        p->setFont(f);
        p->setPen(colors.text);
        // The label may be longer than the first cell: the next cells of the bar
        // are painted after it, so clip it to the cell.
        const QRect textRect = bar.adjusted(5, 0, 0, 0);
        const QFontMetrics metrics(f, p->device());
        p->drawText(textRect, Qt::AlignVCenter | Qt::AlignLeft,
                    metrics.elidedText(label, Qt::ElideRight, textRect.width()));
    }
}

void SeatPainter::paintMark(QPainter* p, const QRect& r, Mark mark, const SeatColors& colors,
                            const QColor& selection, double fade) {
    p->setBrush(Qt::NoBrush);
    switch (mark) {
        case Mark::Changed: {
            QColor flash = colors.flash;
            flash.setAlphaF(0.85 * std::clamp(fade, 0.0, 1.0));
            p->setPen(QPen(flash, 2));
            p->drawRect(QRectF(r).adjusted(1, 1, -1, -1));
            return;
        }
        case Mark::StepFreed: {
            QColor tint = colors.served;
            tint.setAlpha(70);
            p->fillRect(r, tint);
            return;
        }
        case Mark::StepDecision:
            p->setPen(QPen(colors.highlight, 3));
            p->drawRect(QRectF(r).adjusted(1.5, 1.5, -1.5, -1.5));
            return;
        case Mark::Outline:
            p->setPen(QPen(colors.highlight, 2, Qt::DashLine));
            p->drawRect(QRectF(r).adjusted(1, 1, -1, -1));
            return;
        case Mark::Selected: {
            QColor sel = selection;
            sel.setAlpha(90);
            p->fillRect(r, sel);
            return;
        }
    }
}

void SeatPainter::paintStanding(QPainter* p, const QRect& r, int load, int places,
                                const QFont& font, const SeatColors& colors) {
    p->fillRect(r, colors.free);
    const bool full = load >= places;
    QColor track = colors.standing;
    track.setAlpha(40);
    p->fillRect(r, track);
    if (places > 0 && load > 0) {
        QRect bar = r;
        bar.setWidth(std::max(
            2, int(std::lround(double(r.width()) * std::min(load, places) / double(places)))));
        p->fillRect(bar, full ? colors.standingFull : colors.standing);
    }
    p->setPen(colors.grid);
    p->drawRect(r.adjusted(0, 0, -1, -1));
    if (r.width() < 24) return;
    QFont small = font;
    small.setBold(full);
    p->setFont(small);
    p->setPen(colors.carBandText);
    p->drawText(r, Qt::AlignCenter, QString::number(load) + u'/' + QString::number(places));
}

}  // namespace houbu
