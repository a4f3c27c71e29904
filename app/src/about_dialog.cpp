#include "houbu/about_dialog.h"

#include <QDialogButtonBox>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <QtGlobal>

namespace houbu {

using namespace Qt::StringLiterals;

QString AboutDialog::version() {
    return QStringLiteral(HOUBU_VERSION);
}

QString AboutDialog::html() {
    struct Library {
        QString name, use, licence;
    };
    // What CMakeLists.txt links, and what the programs load at run time.
    const QList<Library> libraries{
        {u"Qt %1 (Core, Gui, Widgets, Sql, Network, WebSockets, PrintSupport, Svg)"_s.arg(
             QString::fromLatin1(qVersion())),
         tr("windows, item models, the store's database drivers, network"), u"LGPL-3.0"_s},
        {u"Qt Charts, Qt HTTP Server"_s, tr("the charts; houbud's HTTP API"), u"GPL-3.0"_s},
        {u"QtKeychain"_s, tr("server tokens in the system keychain"), u"BSD-3-Clause"_s},
        {u"SQLite"_s, tr("the default store"), tr("public domain")},
        {u"libpq (PostgreSQL)"_s, tr("PostgreSQL stores, through Qt's driver"),
         u"PostgreSQL License"_s},
        {u"zstd"_s, tr("compressed commands, snapshots and the log"), u"BSD-3-Clause"_s},
        {u"xxHash"_s, tr("the journal's hash chain"), u"BSD-2-Clause"_s},
        {u"simdjson"_s, tr("reading command lines"), u"Apache-2.0"_s},
        {u"Noto Sans CJK"_s, tr("Chinese text, from the system's fonts"), u"OFL-1.1"_s},
    };
    QString text = u"<h2>Houbu %1</h2><p>%2</p><p>%3</p><table cellpadding='3'>"_s.arg(
        version(), tr("Seat intervals and waitlists for railway tickets: the console."),
        tr("Built with these libraries, under their licences:"));
    text +=
        u"<tr><th align='left'>%1</th><th align='left'>%2</th><th align='left'>%3</th></tr>"_s.arg(
            tr("Library"), tr("Used for"), tr("Licence"));
    for (const Library& l : libraries)
        text += u"<tr><td>%1</td><td>%2</td><td>%3</td></tr>"_s.arg(
            l.name.toHtmlEscaped(), l.use.toHtmlEscaped(), l.licence.toHtmlEscaped());
    text += u"</table><p>%1</p>"_s.arg(
        tr("Qt is used as shared libraries of the system, so that it can be replaced."));
    return text;
}

AboutDialog::AboutDialog(QWidget* parent) : QDialog(parent) {
    setObjectName(u"aboutDialog"_s);
    setWindowTitle(tr("About Houbu"));
    browser_ = new QTextBrowser(this);
    browser_->setHtml(html());
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(browser_);
    layout->addWidget(buttons);
    resize(720, 480);
}

}  // namespace houbu
