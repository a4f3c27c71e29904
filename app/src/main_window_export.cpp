// File ▸ Export and Print: the seat map as PDF, PNG or on a printer, the
// queues and the log as CSV. The work is SeatMapExport's and CsvExport's;
// here only the actions, the file dialogs and what is shown.

#include <QAction>
#include <QDateTime>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QPrintPreviewDialog>
#include <QPrinter>
#include <QStatusBar>

#include "houbu/csv_export.h"
#include "houbu/main_window.h"
#include "houbu/seat_map_export.h"
#include "houbu/widgets.h"

namespace houbu {

using namespace Qt::StringLiterals;

namespace {

SeatMapExport seatMap(const QAbstractItemModel* seats, const SeatGridModel* grid,
                      const QString& clock) {
    return SeatMapExport(seats, {grid->train(), grid->date(), grid->stations(), clock,
                                 QDateTime::currentDateTime()});
}

}  // namespace

void MainWindow::buildExportActions(QMenu* file) {
    exportSeatMap_ =
        file->addAction(tr("Export seat &map…"), this, &MainWindow::exportSeatMapWithDialog);
    exportSeatMap_->setShortcut(QKeySequence(u"Ctrl+Shift+E"_s));
    exportQueues_ =
        file->addAction(tr("Export q&ueues as CSV…"), this, [this] { exportCsvWithDialog(true); });
    exportLog_ =
        file->addAction(tr("Export &log as CSV…"), this, [this] { exportCsvWithDialog(false); });
    print_ = file->addAction(tr("&Print seat map…"), this, [this] {
        if (QPrintPreviewDialog* preview = printPreview()) preview->show();
    });
    print_->setShortcut(QKeySequence::Print);
    setIcon(exportSeatMap_, u"export"_s);
}

bool MainWindow::exportSeatMap(const QString& path, QString* error) const {
    if (!snapshot_ || snapshot_->run.train.empty()) {
        if (error) *error = tr("No train is shown");
        return false;
    }
    const SeatMapExport map = seatMap(gridFilter_, gridModel_, snapshot_->clock);
    return path.endsWith(u".png"_s, Qt::CaseInsensitive) ? map.writePng(path, error)
                                                         : map.writePdf(path, error);
}

bool MainWindow::exportQueues(const QString& path, QString* error) const {
    return CsvExport::saveTree(queueModel_, tr("Queue"), path, error);
}

bool MainWindow::exportLog(const QString& path, QString* error) const {
    return CsvExport::saveTable(logFilter_, path, error);
}

QPrintPreviewDialog* MainWindow::printPreview() {
    if (!snapshot_ || snapshot_->run.train.empty()) return nullptr;
    auto* printer = new QPrinter(QPrinter::HighResolution);
    printer->setPageOrientation(QPageLayout::Landscape);
    printer->setDocName(tr("Seat map %1 %2").arg(gridModel_->train(), gridModel_->date()));
    auto* preview = new QPrintPreviewDialog(printer, this);
    preview->setObjectName(u"printPreview"_s);
    preview->setAttribute(Qt::WA_DeleteOnClose);
    preview->setWindowModality(Qt::WindowModal);
    preview->setWindowTitle(tr("Print seat map"));
    // The printer lives as long as its preview.
    connect(preview, &QObject::destroyed, this, [printer] { delete printer; });
    const QString clock = snapshot_->clock;
    connect(preview, &QPrintPreviewDialog::paintRequested, this,
            [this, clock](QPrinter* p) { seatMap(gridFilter_, gridModel_, clock).print(p); });
    return preview;
}

void MainWindow::exportSeatMapWithDialog() {
    if (!snapshot_ || snapshot_->run.train.empty()) return;
    const QString pdf = tr("PDF (*.pdf)"), png = tr("PNG image (*.png)");
    QString filter = pdf;
    QString path = QFileDialog::getSaveFileName(
        this, tr("Export seat map"), u"%1-%2.pdf"_s.arg(gridModel_->train(), gridModel_->date()),
        pdf + u";;"_s + png, &filter);
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) path += filter == png ? u".png"_s : u".pdf"_s;
    QString error;
    if (exportSeatMap(path, &error))
        statusBar()->showMessage(tr("Seat map saved to %1").arg(QFileInfo(path).fileName()), 5000);
    else
        QMessageBox::warning(this, tr("Export seat map"), error);
}

void MainWindow::exportCsvWithDialog(bool queues) {
    const QString title = queues ? tr("Export queues as CSV") : tr("Export log as CSV");
    QString path = QFileDialog::getSaveFileName(
        this, title, queues ? u"queues.csv"_s : u"log.csv"_s, tr("CSV (*.csv)"));
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) path += u".csv"_s;
    QString error;
    if (queues ? exportQueues(path, &error) : exportLog(path, &error)) {
        QString saved = tr("Saved to %1").arg(QFileInfo(path).fileName());
        // A long queue lists (and so exports) its first orders only: say so.
        int listed = 0, waiting = 0;
        for (int q = 0; queues && q < queueModel_->rowCount(); ++q) {
            const QModelIndex queue = queueModel_->index(q, 0);
            listed += queueModel_->rowCount(queue);
            waiting += queue.data(QueueModel::LengthRole).toInt();
        }
        if (listed < waiting)
            saved += u"  "_s + tr("The orders listed: %1 of %2 waiting; scroll a queue down to "
                                  "list and export more.")
                                   .arg(listed)
                                   .arg(waiting);
        statusBar()->showMessage(saved, listed < waiting ? 15000 : 5000);
    } else {
        QMessageBox::warning(this, title, error);
    }
}

}  // namespace houbu
