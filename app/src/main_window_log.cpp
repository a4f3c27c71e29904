// The log panel: events as they arrive, and what a chosen event points at.
#include "houbu/main_window.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>

#include <QMessageBox>
#include <QProgressDialog>
#include <QScrollBar>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QStatusBar>
#include <QTableView>
#include <QTextBrowser>
#include <QToolBar>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>
#include <algorithm>
#include <vector>

#include "houbu/about_dialog.h"
#include "houbu/appearance.h"
#include "houbu/charts.h"
#include "houbu/connection_indicator.h"
#include "houbu/dialogs/define_train_dialog.h"
#include "houbu/dialogs/waitlist_cap_dialog.h"
#include "houbu/dialogs/waitlist_rules_dialog.h"
#include "houbu/display_names.h"
#include "houbu/manual_dialog.h"
#include "houbu/policy_comparison.h"
#include "houbu/seat_legend_widget.h"
#include "houbu/settings_dialog.h"
#include "houbu/shortcuts_dialog.h"
#include "houbu/step_panel.h"
#include "houbu/waitlist_caps.h"
#include "houbu/widgets.h"

namespace houbu {

using namespace Qt::StringLiterals;

void MainWindow::onEvents(const QList<EventRecord>& events) {
    const std::size_t knownTrains = logModel_->trainCount();
    // The log's pager keeps the view on the newest rows while it follows them.
    logModel_->append(events);
    lastSeq_ = events.last().seq;
    eventsLabel_->setText(tr("%n event(s) applied", nullptr, int(lastSeq_)));
    // The trains the log names for the first time: it keeps each name once,
    // so a day's millions of events are not each looked up here again.
    for (std::size_t k = knownTrains; k < logModel_->trainCount(); ++k) {
        const QString train = logModel_->trainName(k);
        if (!train.isEmpty()) trainFilter_->addItem(train, train);
    }
    // The orders awaiting prepayment. Most of a day's orders are prepaid in
    // the command that submits them: those submitted and closed within the
    // batch never reach the map, nor are their ids made into text.
    std::vector<const Event*> submitted;  // in this batch, still awaiting
    for (const EventRecord& e : events) {
        switch (e.event.kind) {
            case EventKind::WaitlistSubmitted:
                submitted.push_back(&e.event);
                break;
            case EventKind::WaitlistEffective:
            case EventKind::WaitlistCancelled:
            case EventKind::WaitlistExpired:
            case EventKind::WaitlistFailed: {
                const auto same =
                    std::find_if(submitted.rbegin(), submitted.rend(),
                                 [&](const Event* s) { return s && s->id == e.event.id; });
                if (same != submitted.rend()) {
                    *same = nullptr;
                    while (!submitted.empty() && !submitted.back())
                        submitted.pop_back();
                } else if (!awaitingPrepay_.isEmpty()) {
                    awaitingPrepay_.remove(QString::fromStdString(e.event.id));
                }
                break;
            }
            default:
                break;
        }
    }
    for (const Event* s : submitted) {
        if (!s) continue;
        const QString id = QString::fromStdString(s->id);
        awaitingPrepay_.insert(id, {id, static_cast<double>(s->prepayFen) / 100,
                                    QString::fromStdString(formatTime(s->payBy))});
    }
    updateActions();
    const EventRecord& last = events.last();
    if (last.event.kind == EventKind::Error)
        statusBar()->showMessage(
            tr("Refused: %1 %2")
                .arg(DisplayNames::error(QString::fromLatin1(errorCodeName(last.event.code))),
                     DisplayNames::engineDetail(QString::fromStdString(last.event.message))),
            10000);
}

void MainWindow::onLogSelection() {
    const QModelIndex current = logView_->currentIndex();
    if (!current.isValid()) return;
    const Event e = current.data(EventLogModel::EventRole).value<Event>();
    const QStringList stations = gridModel_->stations();
    QHash<QString, QList<QPair<int, int>>> highlights;
    auto mark = [&](const std::string& seat, const std::string& from, const std::string& to) {
        const int a = from.empty() ? 0 : int(stations.indexOf(QString::fromStdString(from)));
        const int b = to.empty() ? int(stations.size()) - 1
                                 : int(stations.indexOf(QString::fromStdString(to)));
        if (a >= 0 && b > a) highlights[QString::fromStdString(seat)].append({a, b});
    };
    if (!e.seat.empty()) mark(e.seat, e.from, e.to);
    for (const TicketLine& t : e.tickets) {
        if (t.legs.empty()) mark(t.seat, t.from, t.to);
        for (const LegLine& leg : t.legs)
            mark(leg.seat, leg.from, leg.to);
    }
    for (const std::string& seat : e.seatList)
        mark(seat, e.from, e.to);
    grid_->setHighlights(highlights);
    whyOutlines_ = false;
    if (!highlights.isEmpty()) {
        const auto first = highlights.constBegin();
        const int row = gridModel_->rowOfSeat(first.key());
        if (row >= 0)
            grid_->scrollTo(
                gridFilter_->mapFromSource(gridModel_->index(row, first->first().first)));
    }
    locateOrder(current.data(EventLogModel::OrderRole).toString(), false);
}

void MainWindow::locateOrder(const QString& order, bool sayWhenNotQueued) {
    if (order.isEmpty()) return;
    const QModelIndex inQueue = queueModel_->indexOfOrder(order);
    if (inQueue.isValid()) {
        queueView_->setCurrentIndex(inQueue);
        queueView_->scrollTo(inQueue);
    } else if (session_) {
        // Not listed: outside the rows read, or no longer waiting. Where it
        // stands comes with the why answer.
        locateOrder_ = order;
        sayWhenNotQueued_ = sayWhenNotQueued;
        session_->explain(order);
    }
}

}  // namespace houbu
