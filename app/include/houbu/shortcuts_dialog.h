#pragma once
// Help ▸ Keyboard shortcuts: a table made from the window's own actions when
// it opens, so that it cannot go stale. Every action of the window (menus,
// toolbars, docks, views) that has a shortcut is listed with the menu that
// holds it.

#include <QDialog>
#include <QList>

class QTableWidget;

namespace houbu {

class ShortcutsDialog : public QDialog {
    Q_OBJECT

  public:
    struct Row {
        QString menu;      // the menu path ("View"), empty when in no menu
        QString action;    // its text without mnemonics or ellipsis
        QString shortcut;  // every shortcut, as the platform writes them
    };
    explicit ShortcutsDialog(QWidget* window, QWidget* parent = nullptr);
    // The rows for `window`, in menu order, then the actions in no menu.
    static QList<Row> rows(const QWidget* window);
    QTableWidget* table() const { return table_; }

  private:
    QTableWidget* table_;
};

}  // namespace houbu
