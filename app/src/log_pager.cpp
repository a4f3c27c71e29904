#include "houbu/log_pager.h"

#include <QAbstractItemView>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QScrollBar>
#include <QTableView>

#include "houbu/log_window_model.h"

namespace houbu {

LogPager::LogPager(QTableView* view, LogWindowModel* window, QLabel* extent, QObject* parent)
    : QObject(parent), view_(view), window_(window), extent_(extent) {
    connect(view_->verticalScrollBar(), &QScrollBar::valueChanged, this, &LogPager::onScrolled);
    // The view lays out new rows later than it hears of them: following
    // scrolls once the scroll bar has grown.
    connect(view_->verticalScrollBar(), &QScrollBar::rangeChanged, this, &LogPager::onRowsInserted);
    connect(window_, &QAbstractItemModel::rowsInserted, this, &LogPager::onRowsInserted);
    connect(window_, &LogWindowModel::extentChanged, this, &LogPager::showExtent);
    view_->installEventFilter(this);
    showExtent();
}

int LogPager::topSourceRow() const {
    const int row = view_->rowAt(0);
    return row < 0 ? -1 : window_->windowStart() + row;
}

void LogPager::keepAtTop(int sourceRow) {
    const int row = sourceRow - window_->windowStart();
    if (sourceRow < 0 || row < 0 || row >= window_->rowCount()) return;
    view_->scrollTo(window_->index(row, 0), QAbstractItemView::PositionAtTop);
}

void LogPager::onScrolled(int value) {
    if (moving_) return;
    QScrollBar* bar = view_->verticalScrollBar();
    const bool atBottom = value >= bar->maximum() - 1;
    // At either end of the window, the window moves on, the rows in view
    // staying where they are.
    if (value == bar->minimum() && window_->windowStart() > 0 && bar->maximum() > 0) {
        moving_ = true;
        const int top = topSourceRow();
        window_->showOlder();
        keepAtTop(top);
        moving_ = false;
    } else if (atBottom && !window_->atNewest()) {
        moving_ = true;
        const int top = topSourceRow();
        window_->showNewer();
        keepAtTop(top);
        moving_ = false;
    }
    window_->setFollowing(atBottom && window_->atNewest());
}

void LogPager::onRowsInserted() {
    if (window_->following() && !moving_) view_->scrollToBottom();
}

bool LogPager::eventFilter(QObject* watched, QEvent* event) {
    if (watched == view_ && event->type() == QEvent::KeyPress) {
        const auto* key = static_cast<QKeyEvent*>(event);
        if (key->modifiers() == Qt::ControlModifier &&
            (key->key() == Qt::Key_Home || key->key() == Qt::Key_End)) {
            moving_ = true;
            const bool oldest = key->key() == Qt::Key_Home;
            if (oldest)
                window_->showOldest();
            else
                window_->showNewest();
            const int row = oldest ? 0 : window_->rowCount() - 1;
            if (row >= 0) {
                view_->setCurrentIndex(window_->index(row, 0));
                view_->scrollTo(window_->index(row, 0));
            }
            moving_ = false;
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

void LogPager::showExtent() {
    if (!extent_) return;
    const QLocale locale;
    const int total = window_->sourceRows();
    const int shown = window_->rowCount();
    if (shown == total) {
        extent_->setText(tr("%n row(s)", nullptr, total));
        extent_->setToolTip(QString());
        return;
    }
    extent_->setText(tr("Rows %1–%2 of %3")
                         .arg(locale.toString(window_->windowStart() + 1),
                              locale.toString(window_->windowStart() + shown),
                              locale.toString(total)));
    extent_->setToolTip(
        tr("The log shows %1 rows at a time. Scroll past either end for more; Ctrl+Home "
           "goes to the oldest row, Ctrl+End to the newest.")
            .arg(locale.toString(window_->capacity())));
}

}  // namespace houbu
