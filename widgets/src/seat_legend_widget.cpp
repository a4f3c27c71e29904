#include "houbu/seat_legend_widget.h"

#include <QEvent>
#include <QPainter>

#include "houbu/widgets.h"

namespace houbu {

namespace {
constexpr int kSwatchWidth = 34, kGap = 6, kSpacing = 16;
}

SeatLegendWidget::SeatLegendWidget(QList<SeatLegend::Entry> entries, bool brief, QWidget* parent)
    : QWidget(parent), entries_(std::move(entries)), brief_(brief) {
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

QList<SeatLegendWidget::Item> SeatLegendWidget::layoutFor(int width) const {
    const QFontMetrics m = fontMetrics();
    const int line = std::max(m.height(), SeatGridGeometry::kBaseCellHeight - 4) + 4;
    QList<Item> items;
    int x = 0, y = 0;
    for (int i = 0; i < int(entries_.size()); ++i) {
        const int textWidth = m.horizontalAdvance(text(i));
        const int w = kSwatchWidth + kGap + textWidth;
        if (x > 0 && x + w > width) {
            x = 0;
            y += line;
        }
        const int swatchHeight = line - 6;
        items.append({QRect(x, y + (line - swatchHeight) / 2, kSwatchWidth, swatchHeight),
                      QRect(x + kSwatchWidth + kGap, y, textWidth + 1, line)});
        x += w + kSpacing;
    }
    return items;
}

QString SeatLegendWidget::text(int i) const {
    const SeatLegend::Entry e = entries_.value(i);
    return brief_ ? SeatLegend::shortText(e) : SeatLegend::text(e);
}

QRect SeatLegendWidget::swatchRect(int i) const {
    return layoutFor(width()).value(i).swatch;
}

int SeatLegendWidget::heightForWidth(int width) const {
    const QList<Item> items = layoutFor(width);
    return items.isEmpty() ? 0 : items.last().text.bottom() + 1;
}

QSize SeatLegendWidget::sizeHint() const {
    const QList<Item> items = layoutFor(QWIDGETSIZE_MAX);
    const int width = items.isEmpty() ? 0 : items.last().text.right() + 1;
    return {width, heightForWidth(width)};
}

QSize SeatLegendWidget::minimumSizeHint() const {
    int widest = 0;
    for (int i = 0; i < int(entries_.size()); ++i)
        widest = std::max(widest, kSwatchWidth + kGap + fontMetrics().horizontalAdvance(text(i)));
    return {std::min(widest, 200), heightForWidth(std::min(widest, 200))};
}

void SeatLegendWidget::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const SeatColors colors = SeatColors::forPalette(palette());
    const QColor selection = palette().color(QPalette::Highlight);
    const QList<Item> items = layoutFor(width());
    for (qsizetype i = 0; i < items.size(); ++i) {
        SeatLegend::paintSwatch(&p, items[i].swatch, entries_[i], colors, selection);
        p.setPen(palette().color(QPalette::WindowText));
        p.setFont(font());
        p.drawText(items[i].text, Qt::AlignLeft | Qt::AlignVCenter, text(int(i)));
    }
}

void SeatLegendWidget::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange ||
        event->type() == QEvent::LanguageChange)
        updateGeometry();
    QWidget::changeEvent(event);
}

}  // namespace houbu
