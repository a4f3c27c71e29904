// Matching ▸ Explain this fulfilment, and the why panel as a report: the
// actions and what they open. The explanation is the session's
// (explainEvent: the command applied again on the engine as it was), the
// dialog ExplanationDialog's, the files and paper TextReport's.

#include <QAction>
#include <QClipboard>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QMenu>
#include <QMessageBox>
#include <QPrintPreviewDialog>
#include <QPushButton>
#include <QStatusBar>
#include <QTableView>
#include <QTextBrowser>

#include "houbu/explanation_dialog.h"
#include "houbu/main_window.h"
#include "houbu/text_report.h"

namespace houbu {

using namespace Qt::StringLiterals;

namespace {

// The events whose order a matching decision concerns.
bool explainable(const QString& kind) {
    return kind == u"waitlist_fulfilled"_s || kind == u"match_considered"_s ||
           kind == u"match_skipped"_s || kind == u"waitlist_failed"_s;
}

}  // namespace

void MainWindow::buildExplainActions(QMenu* matching) {
    explain_ =
        matching->addAction(tr("E&xplain this fulfilment"), this, [this] { explainLogEvent(); });
    explain_->setShortcut(QKeySequence(Qt::Key_F8));
    // The log's own menu offers it on the row under the cursor.
    logView_->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(logView_, &QWidget::customContextMenuRequested, this, [this](const QPoint& pos) {
        const QModelIndex at = logView_->indexAt(pos);
        if (at.isValid()) logView_->setCurrentIndex(at);
        QMenu menu(this);
        menu.addAction(explain_);
        // The event exactly as the engine printed it, for a bug report or a scenario.
        const QByteArray json =
            logView_->currentIndex().data(EventLogModel::JsonRole).toByteArray();
        menu.addAction(tr("&Copy the event as JSON"), this,
                       [json] { QGuiApplication::clipboard()->setText(QString::fromUtf8(json)); })
            ->setEnabled(!json.isEmpty());
        menu.exec(logView_->viewport()->mapToGlobal(pos));
    });
}

void MainWindow::updateExplainAction() {
    const QModelIndex current = logView_->currentIndex();
    const QString kind = current.data(EventLogModel::KindRole).toString();
    const bool eventAboutOrder =
        explainable(kind) && !current.data(EventLogModel::OrderRole).toString().isEmpty();
    const bool can = session_ && session_->canExplainEvents();
    explain_->setEnabled(eventAboutOrder && can);
    const QString why =
        !session_ ? tr("Open a scenario or a store first")
        : !can    ? tr("Only an embedded engine can apply its journal again to explain an event")
        : !eventAboutOrder
            ? tr("Choose an order served, failed, considered or skipped in the matching log")
            : tr("Why the matcher decided as it did for this order: the freed seats, the "
                 "candidates in queue order and the seats at that moment (F8)");
    explain_->setToolTip(why);
    explain_->setStatusTip(why);
}

bool MainWindow::explainLogEvent() {
    updateExplainAction();
    if (!explain_->isEnabled()) return false;
    const QModelIndex current = logView_->currentIndex();
    const Event e = current.data(EventLogModel::EventRole).value<Event>();
    session_->explainEvent(current.data(EventLogModel::OrderRole).toString(),
                           static_cast<qint64>(e.seq), e.line);
    statusBar()->showMessage(tr("Applying the command again…"));
    return true;
}

void MainWindow::onExplained(const std::shared_ptr<const EventExplanation>& explanation,
                             const QString& error) {
    statusBar()->clearMessage();
    if (!explanation) {
        QMessageBox::warning(this, tr("Explain this fulfilment"), error);
        return;
    }
    auto* dialog = new ExplanationDialog(explanation, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    explanation_ = dialog;
}

void MainWindow::buildWhyReport(QWidget* panel, QLayout* layout) {
    auto* buttons = new QHBoxLayout;
    whyExport_ = new QPushButton(tr("Export report…"), panel);
    whyExport_->setObjectName(u"whyExport"_s);
    whyPrint_ = new QPushButton(tr("Print report…"), panel);
    whyPrint_->setObjectName(u"whyPrint"_s);
    buttons->addStretch();
    buttons->addWidget(whyExport_);
    buttons->addWidget(whyPrint_);
    static_cast<QBoxLayout*>(layout)->addLayout(buttons);
    connect(whyExport_, &QPushButton::clicked, this,
            [this] { whyReport().saveWithDialog(this, u"why-%1"_s.arg(whyOrder_)); });
    connect(whyPrint_, &QPushButton::clicked, this,
            [this] { whyReport().printPreview(this)->show(); });
    updateWhyReport();
}

void MainWindow::updateWhyReport() {
    const bool shown = !whyOrder_.isEmpty();
    const QString why =
        shown ? tr("Save or print why %1 waits").arg(whyOrder_) : tr("Choose a queued order first");
    for (QPushButton* b : {whyExport_, whyPrint_}) {
        b->setEnabled(shown);
        b->setToolTip(why);
    }
}

TextReport MainWindow::whyReport() const {
    // The panel's heading is the report's title.
    return TextReport(tr("Why %1 waits").arg(whyOrder_), whyHtml_);
}

}  // namespace houbu
