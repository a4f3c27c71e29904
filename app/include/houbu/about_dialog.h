#pragma once
// Help ▸ About: the version, and the libraries the programs are built with
// and their licences.

#include <QDialog>

class QTextBrowser;

namespace houbu {

class AboutDialog : public QDialog {
    Q_OBJECT

  public:
    explicit AboutDialog(QWidget* parent = nullptr);
    // The text shown (HTML).
    static QString html();
    static QString version();
    QTextBrowser* browser() const { return browser_; }

  private:
    QTextBrowser* browser_;
};

}  // namespace houbu
