#pragma once
// A report of the console's explanations (why an order waits, why an order
// was served) as a file or on paper: HTML as shown, plain text (UTF-8), or a
// PDF (A4, paged by the text document), each under a title and the time it
// was made. The report's body is the HTML the panel shows.

#include <QCoreApplication>
#include <QDateTime>
#include <QString>

class QPrintPreviewDialog;
class QTextDocument;
class QWidget;

namespace houbu {

class TextReport {
    Q_DECLARE_TR_FUNCTIONS(houbu::TextReport)

  public:
    TextReport(QString title, QString bodyHtml, QDateTime made = QDateTime::currentDateTime());

    // The whole report as one HTML page (title, when made, body).
    QString html() const;
    QString plainText() const;
    // By the suffix of `path`: .pdf, .html / .htm, else plain text.
    bool save(const QString& path, QString* error = nullptr) const;
    // Asks where, saves, and says where it went or why not. False when cancelled.
    bool saveWithDialog(QWidget* parent, const QString& fileStem) const;
    // A print preview of the report (window-modal, deleted on close).
    QPrintPreviewDialog* printPreview(QWidget* parent) const;

  private:
    void fill(QTextDocument& document) const;

    QString title_;
    QString body_;
    QDateTime made_;
};

}  // namespace houbu
