#include "houbu/manual_dialog.h"

#include <QDialogButtonBox>
#include <QFile>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace houbu {

using namespace Qt::StringLiterals;

QString ManualDialog::html(const QString& language) {
    QFile file(u":/manual/manual_%1.html"_s.arg(language));
    if (!file.open(QIODevice::ReadOnly)) {
        file.setFileName(u":/manual/manual_en.html"_s);
        if (!file.open(QIODevice::ReadOnly)) return {};
    }
    return QString::fromUtf8(file.readAll());
}

ManualDialog::ManualDialog(const QString& language, QWidget* parent) : QDialog(parent) {
    setObjectName(u"manualDialog"_s);
    setWindowTitle(tr("Houbu manual"));
    browser_ = new QTextBrowser(this);
    browser_->setOpenExternalLinks(true);
    // Images are named relative to the manual's folder in the resources.
    browser_->setSearchPaths({u":/manual"_s});
    browser_->setHtml(html(language));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(browser_);
    layout->addWidget(buttons);
    resize(900, 760);
}

}  // namespace houbu
