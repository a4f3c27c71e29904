#pragma once
// Help ▸ Manual: a short guide to the grid, the queues, step mode and the
// operations, in the interface's language (resources/manual/manual_LANG.html),
// with the screenshots of docs/screenshots built in.

#include <QDialog>

class QTextBrowser;

namespace houbu {

class ManualDialog : public QDialog {
    Q_OBJECT

  public:
    explicit ManualDialog(const QString& language, QWidget* parent = nullptr);
    // The manual in `language` ("en", "zh_CN"; English when there is none).
    static QString html(const QString& language);
    QTextBrowser* browser() const { return browser_; }

  private:
    QTextBrowser* browser_;
};

}  // namespace houbu
