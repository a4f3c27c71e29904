#include "houbu/connection_indicator.h"

#include <QEvent>
#include <QPainter>

namespace houbu {

ConnectionIndicator::ConnectionIndicator(QWidget* parent) : QLabel(parent) {
    setObjectName(QStringLiteral("connectionIndicator"));
    setFrameShape(QFrame::StyledPanel);
    setContentsMargins(dotSize() + 10, 0, 6, 0);
    setState(Kind::Disconnected, tr("Disconnected"));
}

int ConnectionIndicator::dotSize() const {
    return std::max(8, fontMetrics().height() * 6 / 10);
}

void ConnectionIndicator::setState(Kind kind, const QString& text, const QString& detail) {
    kind_ = kind;
    setText(text);
    setToolTip(detail.isEmpty() ? text : text + u'\n' + detail);
    setAccessibleName(text);
    update();
}

QColor ConnectionIndicator::dotColor(Kind kind, const QPalette& palette) {
    const bool dark = palette.color(QPalette::Window).lightness() < 128;
    switch (kind) {
        case Kind::Embedded:
            return dark ? QColor(0x6e, 0xa8, 0xfe) : QColor(0x1f, 0x5f, 0xbf);
        case Kind::Connecting:
        case Kind::ReadOnly:
        case Kind::Reconnecting:
            return dark ? QColor(0xf0, 0xb4, 0x29) : QColor(0xa8, 0x6a, 0x00);
        case Kind::Connected:
            return dark ? QColor(0x4c, 0xc3, 0x8a) : QColor(0x1e, 0x7b, 0x45);
        case Kind::Disconnected:
            break;
    }
    return dark ? QColor(0xff, 0x7b, 0x72) : QColor(0xc0, 0x2b, 0x2b);
}

void ConnectionIndicator::paintEvent(QPaintEvent* event) {
    QLabel::paintEvent(event);
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const int d = dotSize();
    const QRectF dot(6.5, (height() - d) / 2.0 + 0.5, d - 1, d - 1);
    QColor outline = palette().color(QPalette::WindowText);
    outline.setAlpha(140);
    p.setPen(QPen(outline, 1));
    p.setBrush(dotColor(kind_, palette()));
    p.drawEllipse(dot);
}

void ConnectionIndicator::changeEvent(QEvent* event) {
    QLabel::changeEvent(event);
    if (event->type() == QEvent::FontChange) setContentsMargins(dotSize() + 10, 0, 6, 0);
}

}  // namespace houbu
