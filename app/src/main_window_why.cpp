// The why-waiting panel: the chosen order's reasons, kept current.
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

namespace {

QString html(const std::string& s) {
    return QString::fromStdString(s).toHtmlEscaped();
}

}  // namespace

void MainWindow::onQueueSelection() {
    const QString id = queueView_->currentIndex().data(QueueModel::OrderIdRole).toString();
    if (id.isEmpty() || !session_) {
        clearWhy();
        return;
    }
    session_->explain(id);
}

void MainWindow::clearWhy(const QString& note) {
    why_->clear();
    if (!note.isEmpty()) why_->setHtml(u"<p>"_s + note.toHtmlEscaped() + u"</p>"_s);
    whyOrder_.clear();
    whyHtml_.clear();
    updateWhyReport();
    whyAskedAt_ = -1;
    if (whyOutlines_) grid_->setHighlights({});
    whyOutlines_ = false;
}

void MainWindow::refreshWhy() {
    if (whyOrder_.isEmpty()) return;
    // Served, cancelled or expired: the explanation and its outlines are history.
    if (!queueModel_->indexOfOrder(whyOrder_).isValid()) {
        clearWhy(tr("%1 no longer waits in any queue of this run.").arg(whyOrder_));
        return;
    }
    // Still waiting: what blocks it may have changed (asked once per change of
    // the engine: a remote session asks the server each time).
    if (!session_ || !snapshot_ || snapshot_->lastSeq == whyAskedAt_) return;
    whyAskedAt_ = snapshot_->lastSeq;
    session_->explain(whyOrder_);
}

void MainWindow::locateInQueue(const QString& orderId, const std::vector<WaitReason>& reasons) {
    if (!snapshot_) return;
    for (const WaitReason& w : reasons) {
        if (w.rank <= 0 || w.train != snapshot_->run.train || w.date != snapshot_->run.date)
            continue;
        const QModelIndex queue =
            queueModel_->indexOfQueue(QString::fromStdString(w.travelClass), w.from, w.to);
        if (!queue.isValid()) continue;
        pendingOrder_ = orderId;
        topOrder_.clear();
        queueModel_->listAround(queue, w.rank);
        selectPendingOrder();
        return;
    }
    if (!sayWhenNotQueued_) return;
    for (const WaitReason& w : reasons)
        if (w.rank > 0) {
            statusBar()->showMessage(
                tr("%1 waits on %2 %3, not on the run shown.")
                    .arg(orderId, QString::fromStdString(w.train), QString::fromStdString(w.date)),
                10000);
            return;
        }
    statusBar()->showMessage(tr("%1 is not a waiting order.").arg(orderId), 10000);
}

void MainWindow::keepTopOrder() {
    if (topOrder_.isEmpty()) return;
    const QModelIndex was = queueModel_->indexOfOrder(topOrder_);
    if (!was.isValid()) {
        topOrder_.clear();  // it left its queue meanwhile
        return;
    }
    if (queueModel_->firstRank(was.parent()) == topFirstRank_) return;  // not in yet
    // Scrolled with the request still marked pending: the layout this
    // brings does not ask for a page more.
    queueView_->scrollTo(was, QAbstractItemView::PositionAtTop);
    topOrder_.clear();
}

void MainWindow::selectPendingOrder() {
    if (pendingOrder_.isEmpty()) return;
    const QModelIndex at = queueModel_->indexOfOrder(pendingOrder_);
    if (!at.isValid()) return;
    pendingOrder_.clear();
    queueView_->setCurrentIndex(at);
    queueView_->scrollTo(at);
}

void MainWindow::onWhy(const QString& orderId, const std::vector<WaitReason>& reasons) {
    if (orderId == locateOrder_) {
        locateOrder_.clear();
        locateInQueue(orderId, reasons);
    }
    if (queueView_->currentIndex().data(QueueModel::OrderIdRole).toString() != orderId) return;
    if (!queueModel_->indexOfOrder(orderId).isValid()) {
        clearWhy(tr("%1 no longer waits in any queue of this run.").arg(orderId));
        return;
    }
    QString text;
    QHash<QString, QList<QPair<int, int>>> highlights;
    const QStringList stations = gridModel_->stations();
    // 同车换座: would changing seats serve the order, and does it accept that.
    auto seatChangeText = [this](const WaitReason& w, const QStringList& names, bool shown) {
        if (w.changesThatServe == 0) return QString();
        QString out;
        if (w.changesThatServe > 0) {
            out = tr("%n change(s) of seat would serve it now (同车换座).", nullptr,
                     w.changesThatServe);
            if (w.seatChanges >= w.changesThatServe)
                out += u" "_s + tr("It accepts them.");
            else if (w.seatChanges == 0)
                out += u" "_s + tr("It accepts no change of seat.");
            else
                out += u" "_s + tr("It accepts only %n.", nullptr, w.seatChanges);
            return out;
        }
        out = tr("Not even two changes of seat would serve it");
        if (w.scarceSegment >= 0) {
            const QString segment =
                shown ? names.value(w.scarceSegment) + u"→"_s + names.value(w.scarceSegment + 1)
                      : tr("segment %1").arg(w.scarceSegment + 1);
            out += u": "_s + tr("%1 has %n seat(s) free.", nullptr, w.scarceFree).arg(segment);
        } else {
            out += u": "_s + tr("the free pieces of seats do not join up.");
        }
        return out;
    };
    for (const WaitReason& w : reasons) {
        const bool shown =
            snapshot_ && snapshot_->run.train == w.train && snapshot_->run.date == w.date;
        const QString interval = shown ? stations.value(w.from) + u"→"_s + stations.value(w.to)
                                       : tr("stops %1→%2").arg(w.from).arg(w.to);
        text += u"<p><b>"_s + html(w.train) + u' ' + html(w.date) + u' ' +
                DisplayNames::travelClass(w.travelClass).toHtmlEscaped() + u"</b> "_s +
                interval.toHtmlEscaped() + u"<br>"_s;
        if (w.departed) {
            text += tr("The train has left %1: this option no longer serves.")
                        .arg(stations.value(w.from)) +
                    u"</p>"_s;
            continue;
        }
        text += tr("Needs %n seat(s) free over the whole interval", nullptr, w.needed) + u"; "_s +
                tr("%n free.", nullptr, w.free);
        if (w.free >= w.needed)
            text += u" "_s + tr("Servable now: under policy exact it waits for a release of "
                                "exactly this interval.");
        if (w.acceptsStanding)
            text += u" "_s + tr("Accepts standing: %n standing place(s) free over the interval.",
                                nullptr, w.standingFree);
        if (const QString changes = seatChangeText(w, stations, shown); !changes.isEmpty())
            text += u" "_s + changes;
        if (w.cap == 0)
            text += u" "_s + tr("This class is closed to new waitlist orders (cap 0); the order "
                                "stays queued.");
        else if (w.cap > 0)
            text += u" "_s + tr("Waitlist cap %1 on this class, %2 passengers queued.")
                                 .arg(w.cap)
                                 .arg(w.queuedOnClass);
        if (!w.conflictPassenger.empty())
            text += u" "_s + tr("When seats come it fails: passenger %1 holds ticket %2 at an "
                                "overlapping time (兑现失败).")
                                 .arg(QString::fromStdString(w.conflictPassenger),
                                      QString::fromStdString(w.conflictTicket))
                                 .toHtmlEscaped();
        text += u"</p><ul>"_s;
        int listed = 0;
        for (const auto& seat : w.seats) {
            QStringList who;
            for (const HolderView& h : seat.blockers) {
                const QString span =
                    shown ? stations.value(h.from) + u"→"_s + stations.value(h.to) : QString();
                const QString kind = DisplayNames::holder(h.kind);
                const QString passenger =
                    h.passenger.empty() ? QString() : u", "_s + QString::fromStdString(h.passenger);
                who << QString(QString::fromStdString(h.id) + u" ("_s + kind + passenger + u") "_s +
                               span)
                           .toHtmlEscaped();
                if (shown)
                    highlights[QString::fromStdString(seat.seat)].append(
                        {std::max(h.from, w.from), std::min(h.to, w.to)});
            }
            if (++listed <= 40)
                text +=
                    u"<li><b>"_s + html(seat.seat) + u"</b>: "_s + who.join(u"; "_s) + u"</li>"_s;
        }
        if (listed > 40)
            text += u"<li>"_s + tr("… and %n more seat(s)", nullptr, listed - 40) + u"</li>"_s;
        text += u"</ul>"_s;
    }
    why_->setHtml(u"<h3>"_s + tr("Why %1 waits").arg(orderId.toHtmlEscaped()) + u"</h3>"_s + text);
    grid_->setHighlights(highlights);
    whyOrder_ = orderId;
    whyHtml_ = text;
    whyOutlines_ = true;
    updateWhyReport();
}

}  // namespace houbu
