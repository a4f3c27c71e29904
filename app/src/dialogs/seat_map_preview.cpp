#include "houbu/dialogs/seat_map_preview.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QCompleter>
#include <QDateTimeEdit>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QSet>
#include <QSettings>
#include <QSpinBox>
#include <QStackedWidget>
#include <QTableWidget>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <functional>
#include <map>

#include "houbu/command.h"
#include "houbu/display_names.h"
#include "houbu/error_sentences.h"

#include "dialog_support.h"

namespace houbu {

using namespace Qt::StringLiterals;
using namespace dialog_support;

SeatMapPreview::SeatMapPreview(QWidget* parent) : QWidget(parent) {
    setObjectName(u"seatMapPreview"_s);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void SeatMapPreview::setCar(int rows, const QString& layout) {
    rows_ = rows;
    layout_ = layout;
    setToolTip(layout.isEmpty() ? QString()
                                : tr("%1 rows × %2 seats a row = %3 seats")
                                      .arg(rows)
                                      .arg(layout.size())
                                      .arg(rows * layout.size()));
    update();
}

QSize SeatMapPreview::sizeHint() const {
    return {460, 200};
}

QSize SeatMapPreview::minimumSizeHint() const {
    return {260, 130};
}

void SeatMapPreview::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette& pal = palette();
    const QFontMetrics fm = fontMetrics();
    p.fillRect(rect(), pal.color(QPalette::Base));
    const QRect area = rect().adjusted(6, 6, -6, -6);
    if (rows_ <= 0 || layout_.isEmpty()) {
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(area, Qt::AlignCenter | Qt::TextWordWrap,
                   tr("Enter the rows and the seat letters to see the car."));
        return;
    }
    const int letters = int(layout_.size());
    int aisleAfter = -1;  // the aisle runs between C and D (A and F are windows)
    for (int i = 0; i + 1 < letters; ++i)
        if (layout_[i] <= u'C' && layout_[i + 1] >= u'D') aisleAfter = i;
    const int labelWidth = fm.horizontalAdvance(u"W"_s) + 8;
    const int header = fm.height() + 2;
    const int legend = fm.height() + 4;
    const qreal aisle = aisleAfter >= 0 ? 0.7 : 0.0;
    const qreal cellW =
        std::min<qreal>(30, qreal(area.width() - labelWidth - 12) / std::max(1, rows_));
    const qreal cellH = std::min<qreal>(
        26, qreal(area.height() - header - legend - 12) / std::max<qreal>(1, letters + aisle));
    const QRectF body(area.left() + labelWidth, area.top() + header, cellW * rows_ + 12,
                      cellH * (letters + aisle) + 12);
    // The car body, its windows along both long sides.
    p.setPen(QPen(pal.color(QPalette::Mid), 1.5));
    p.setBrush(pal.color(QPalette::AlternateBase));
    p.drawRoundedRect(body, 8, 8);
    p.setPen(QPen(pal.color(QPalette::Highlight), 3, Qt::SolidLine, Qt::RoundCap));
    p.drawLine(QPointF(body.left() + 8, body.top() + 1.5),
               QPointF(body.right() - 8, body.top() + 1.5));
    p.drawLine(QPointF(body.left() + 8, body.bottom() - 1.5),
               QPointF(body.right() - 8, body.bottom() - 1.5));
    const QColor seatFill = pal.color(QPalette::Base);
    const QColor windowFill = mix(seatFill, pal.color(QPalette::Highlight), 0.35);
    const bool numbers = cellW >= fm.horizontalAdvance(u"00"_s) + 2;
    const bool text = numbers && cellH >= fm.height();
    for (int i = 0; i < letters; ++i) {
        const qreal y =
            body.top() + 6 + cellH * (i + (aisleAfter >= 0 && i > aisleAfter ? aisle : 0));
        const bool window = layout_[i] == u'A' || layout_[i] == u'F';
        p.setPen(pal.color(QPalette::WindowText));
        p.drawText(QRectF(area.left(), y, labelWidth - 4, cellH), Qt::AlignRight | Qt::AlignVCenter,
                   QString(layout_[i]));
        for (int r = 0; r < rows_; ++r) {
            const QRectF seat(body.left() + 6 + cellW * r, y, cellW, cellH);
            const QRectF inset = seat.adjusted(1, 1, -1, -1);
            p.setPen(QPen(pal.color(QPalette::Text), cellW >= 6 ? 1 : 0.5));
            p.setBrush(window ? windowFill : seatFill);
            p.drawRoundedRect(inset, 2, 2);
            if (text) {
                p.setPen(pal.color(QPalette::Text));
                p.drawText(inset, Qt::AlignCenter, QString(layout_[i]));
            }
        }
    }
    // Row numbers over the columns (every fifth when crowded).
    p.setPen(pal.color(QPalette::WindowText));
    const int step = numbers ? 1 : (cellW * 5 >= fm.horizontalAdvance(u"00"_s) ? 5 : 10);
    for (int r = 0; r < rows_; ++r) {
        if ((r + 1) % step != 0 && r != 0) continue;
        const qreal x = body.left() + 6 + cellW * r + cellW / 2;
        p.drawText(QRectF(x - 15, area.top(), 30, header), Qt::AlignCenter, QString::number(r + 1));
    }
    if (aisleAfter >= 0) {
        const qreal y = body.top() + 6 + cellH * (aisleAfter + 1) + cellH * aisle / 2;
        p.setPen(QPen(pal.color(QPalette::Mid), 1, Qt::DashLine));
        p.drawLine(QPointF(body.left() + 6, y), QPointF(body.right() - 6, y));
    }
    p.setPen(pal.color(QPalette::WindowText));
    p.drawText(
        QRectF(area.left(), body.bottom() + 2, area.width(), legend),
        Qt::AlignLeft | Qt::AlignVCenter,
        tr("%1 seats · window seats tinted · aisle dashed").arg(rows_ * int(layout_.size())));
}

}  // namespace houbu
