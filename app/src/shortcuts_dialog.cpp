#include "houbu/shortcuts_dialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHash>
#include <QHeaderView>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSet>
#include <QTableWidget>
#include <QVBoxLayout>

namespace houbu {

using namespace Qt::StringLiterals;

namespace {

QString plain(QString text) {
    // "&Sell…" and "释放所选(&R)…" alike.
    static const QRegularExpression mnemonic(u"\\(&\\w\\)"_s);
    text.remove(mnemonic);
    text.replace(u"&&"_s, u"\x01"_s).remove(u'&').replace(u'\x01', u'&');
    if (text.endsWith(u'…')) text.chop(1);
    return text.trimmed();
}

QString keys(const QAction* a) {
    QStringList list;
    for (const QKeySequence& k : a->shortcuts())
        list << k.toString(QKeySequence::NativeText);
    return list.join(u", "_s);
}

void walk(const QMenu* menu, const QString& path, QList<ShortcutsDialog::Row>& rows,
          QSet<const QAction*>& seen) {
    for (QAction* a : menu->actions()) {
        if (a->isSeparator()) continue;
        if (QMenu* sub = a->menu()) {
            walk(sub, path + u" ▸ "_s + plain(sub->title()), rows, seen);
            continue;
        }
        if (a->shortcuts().isEmpty() || seen.contains(a)) continue;
        seen.insert(a);
        rows.append({path, plain(a->text()), keys(a)});
    }
}

}  // namespace

QList<ShortcutsDialog::Row> ShortcutsDialog::rows(const QWidget* window) {
    QList<Row> rows;
    QSet<const QAction*> seen;
    if (const auto* main = qobject_cast<const QMainWindow*>(window))
        for (QAction* a : main->menuBar()->actions())
            if (a->menu()) walk(a->menu(), plain(a->menu()->title()), rows, seen);
    // Actions that live on a view or a dock only (Delete in the grid, ...).
    for (QAction* a : window->findChildren<QAction*>()) {
        if (a->shortcuts().isEmpty() || seen.contains(a) || a->text().isEmpty()) continue;
        seen.insert(a);
        rows.append({QString(), plain(a->text()), keys(a)});
    }
    return rows;
}

ShortcutsDialog::ShortcutsDialog(QWidget* window, QWidget* parent) : QDialog(parent) {
    setObjectName(u"shortcutsDialog"_s);
    setWindowTitle(tr("Keyboard shortcuts"));
    const QList<Row> list = rows(window);
    table_ = new QTableWidget(int(list.size()), 3, this);
    table_->setHorizontalHeaderLabels({tr("Action"), tr("Shortcut"), tr("Menu")});
    table_->verticalHeader()->hide();
    table_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    for (int i = 0; i < int(list.size()); ++i) {
        const Row& r = list[i];
        table_->setItem(i, 0, new QTableWidgetItem(r.action));
        table_->setItem(i, 1, new QTableWidgetItem(r.shortcut));
        table_->setItem(
            i, 2,
            new QTableWidgetItem(r.menu.isEmpty() ? tr("in the view that has the focus") : r.menu));
    }
    table_->resizeColumnsToContents();
    table_->horizontalHeader()->setStretchLastSection(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(table_);
    layout->addWidget(buttons);
    int width = 0;
    for (int c = 0; c < 3; ++c)
        width += table_->columnWidth(c);
    resize(std::max(520, width + 60), 560);
}

}  // namespace houbu
