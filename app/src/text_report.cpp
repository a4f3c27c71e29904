#include "houbu/text_report.h"

#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QLocale>
#include <QMessageBox>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>
#include <QPrintPreviewDialog>
#include <QPrinter>
#include <QTextDocument>

namespace houbu {

using namespace Qt::StringLiterals;

TextReport::TextReport(QString title, QString bodyHtml, QDateTime made)
    : title_(std::move(title)), body_(std::move(bodyHtml)), made_(std::move(made)) {}

QString TextReport::html() const {
    return u"<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>"_s +
           title_.toHtmlEscaped() + u"</title></head><body><h2>"_s + title_.toHtmlEscaped() +
           u"</h2><p><i>"_s +
           tr("Made %1").arg(QLocale().toString(made_, QLocale::ShortFormat)).toHtmlEscaped() +
           u"</i></p>"_s + body_ + u"</body></html>"_s;
}

void TextReport::fill(QTextDocument& document) const {
    document.setHtml(html());
    document.setMetaInformation(QTextDocument::DocumentTitle, title_);
}

QString TextReport::plainText() const {
    QTextDocument document;
    fill(document);
    return document.toPlainText();
}

bool TextReport::save(const QString& path, QString* error) const {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == u"pdf"_s) {
        QPdfWriter writer(path);
        writer.setTitle(title_);
        writer.setCreator(u"Houbu"_s);
        writer.setPageSize(QPageSize(QPageSize::A4));
        writer.setPageMargins(QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter);
        writer.setResolution(300);
        QTextDocument document;
        fill(document);
        document.print(&writer);
        // QPdfWriter reports no error of its own: check that the file is there.
        if (!QFileInfo(path).isFile() || QFileInfo(path).size() == 0) {
            if (error) *error = tr("Cannot write %1").arg(path);
            return false;
        }
        return true;
    }
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        if (error) *error = tr("Cannot write %1: %2").arg(path, out.errorString());
        return false;
    }
    const bool asHtml = suffix == u"html"_s || suffix == u"htm"_s;
    const QByteArray bytes = (asHtml ? html() : plainText() + u'\n').toUtf8();
    if (out.write(bytes) != bytes.size() || !out.flush()) {
        if (error) *error = tr("Cannot write %1: %2").arg(path, out.errorString());
        return false;
    }
    return true;
}

bool TextReport::saveWithDialog(QWidget* parent, const QString& fileStem) const {
    const QString pdf = tr("PDF (*.pdf)"), web = tr("HTML (*.html)"), text = tr("Text (*.txt)");
    QString filter = pdf;
    QString path = QFileDialog::getSaveFileName(parent, tr("Export report"), fileStem + u".pdf"_s,
                                                pdf + u";;"_s + web + u";;"_s + text, &filter);
    if (path.isEmpty()) return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += filter == web ? u".html"_s : filter == text ? u".txt"_s : u".pdf"_s;
    QString error;
    if (!save(path, &error)) {
        QMessageBox::warning(parent, tr("Export report"), error);
        return false;
    }
    return true;
}

QPrintPreviewDialog* TextReport::printPreview(QWidget* parent) const {
    auto* printer = new QPrinter(QPrinter::HighResolution);
    printer->setDocName(title_);
    auto* preview = new QPrintPreviewDialog(printer, parent);
    preview->setObjectName(u"reportPreview"_s);
    preview->setAttribute(Qt::WA_DeleteOnClose);
    preview->setWindowModality(Qt::WindowModal);
    preview->setWindowTitle(tr("Print report"));
    // The printer lives as long as its preview.
    QObject::connect(preview, &QObject::destroyed, preview, [printer] { delete printer; });
    const TextReport report = *this;
    QObject::connect(preview, &QPrintPreviewDialog::paintRequested, preview, [report](QPrinter* p) {
        QTextDocument document;
        report.fill(document);
        document.print(p);
    });
    return preview;
}

}  // namespace houbu
