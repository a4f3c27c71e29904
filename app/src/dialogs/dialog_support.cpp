#include "dialog_support.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QCompleter>
#include <QDateTimeEdit>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QSet>
#include <QSettings>
#include <QSpinBox>
#include <QStackedWidget>
#include <QTableWidget>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <functional>
#include <map>

#include "houbu/command.h"
#include "houbu/display_names.h"
#include "houbu/error_sentences.h"

#include "houbu/dialogs/operator_dialog.h"

namespace houbu {

using namespace Qt::StringLiterals;

namespace dialog_support {

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

// Logical time (seconds since 2000-01-01T00:00) as a date-time without a zone.
QDateTime toDateTime(Time t) {
    return QDateTime(QDate(2000, 1, 1), QTime(0, 0), Qt::UTC).addSecs(t);
}

QColor mix(const QColor& a, const QColor& b, qreal t) {
    return QColor::fromRgbF(float(a.redF() * (1 - t) + b.redF() * t),
                            float(a.greenF() * (1 - t) + b.greenF() * t),
                            float(a.blueF() * (1 - t) + b.blueF() * t));
}

// Red that reads on the palette's window colour, light or dark.
QColor errorColor(const QPalette& p) {
    return p.color(QPalette::Window).lightness() < 128 ? QColor(255, 130, 120)
                                                       : QColor(176, 24, 24);
}

bool freeOver(const SeatView& s, int from, int to) {
    if (from < 0 || to <= from) return false;
    const int n = to - from;
    const std::uint64_t bits = n >= 64 ? ~0ull : ((1ull << n) - 1);
    return ((s.mask >> from) & bits) == 0;
}

// The engine's refusal in the operator's words, then the engine's own detail.
QString refusalText(ErrorCode code, const QString& message) {
    return errorSentence(code) + u'\n' + DisplayNames::engineDetail(message);
}

QTableWidget* passengerTable(int columns, QWidget* parent) {
    auto* t = new QTableWidget(0, columns, parent);
    t->setObjectName(u"passengers"_s);
    t->verticalHeader()->setVisible(true);
    t->horizontalHeader()->setStretchLastSection(true);
    t->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setSelectionMode(QAbstractItemView::SingleSelection);
    t->setTabKeyNavigation(false);
    const int row = t->fontMetrics().height() + 10;
    t->verticalHeader()->setDefaultSectionSize(row);
    t->setMinimumHeight(row * 5 + t->horizontalHeader()->sizeHint().height() + 4);
    t->setMaximumHeight(row * 5 + t->horizontalHeader()->sizeHint().height() + 4);
    return t;
}

void appendRow(QTableWidget* t, const QStringList& values) {
    const int r = t->rowCount();
    t->insertRow(r);
    for (int c = 0; c < t->columnCount(); ++c)
        t->setItem(r, c, new QTableWidgetItem(values.value(c)));
}

// A passenger list still to be filled in (what a name may be is the engine's to say).
QString missingNames(const QStringList& names) {
    if (names.isEmpty()) return OperatorDialog::tr("Add at least one passenger.");
    for (int i = 0; i < names.size(); ++i)
        if (names[i].isEmpty()) return OperatorDialog::tr("Passenger %1 has no name.").arg(i + 1);
    return {};
}

QString tableCell(const QTableWidget* t, int row, int column) {
    const QTableWidgetItem* item = t->item(row, column);
    return item ? item->text().trimmed() : QString();
}

QStringList tableColumn(const QTableWidget* t, int c) {
    QStringList out;
    for (int r = 0; r < t->rowCount(); ++r)
        out << tableCell(t, r, c);
    return out;
}

// Add/Remove buttons for a passenger table, kept within 1..5 rows.
QWidget* withRowButtons(QTableWidget* table, QWidget* parent, const std::function<void()>& add,
                        QPushButton** addOut) {
    auto* box = new QWidget(parent);
    auto* layout = new QHBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(table, 1);
    auto* buttons = new QVBoxLayout;
    auto* addButton = new QPushButton(OperatorDialog::tr("Add passenger"), box);
    addButton->setObjectName(u"addPassenger"_s);
    addButton->setAutoDefault(false);
    auto* removeButton = new QPushButton(OperatorDialog::tr("Remove"), box);
    removeButton->setObjectName(u"removePassenger"_s);
    removeButton->setAutoDefault(false);
    removeButton->setToolTip(OperatorDialog::tr("Remove the selected passenger"));
    buttons->addWidget(addButton);
    buttons->addWidget(removeButton);
    buttons->addStretch(1);
    layout->addLayout(buttons);
    auto update = [table, addButton, removeButton] {
        addButton->setEnabled(table->rowCount() < 5);
        addButton->setToolTip(table->rowCount() < 5
                                  ? OperatorDialog::tr("Add a passenger (at most 5)")
                                  : OperatorDialog::tr("At most 5 passengers travel on one order"));
        removeButton->setEnabled(table->rowCount() > 1);
    };
    QObject::connect(addButton, &QPushButton::clicked, box, [add, table] {
        add();
        table->setCurrentCell(table->rowCount() - 1, 0);
        table->editItem(table->item(table->rowCount() - 1, 0));
    });
    QObject::connect(removeButton, &QPushButton::clicked, box, [table] {
        const int r = table->currentRow() >= 0 ? table->currentRow() : table->rowCount() - 1;
        if (table->rowCount() > 1) table->removeRow(r);
    });
    QObject::connect(table->model(), &QAbstractItemModel::rowsInserted, box, update);
    QObject::connect(table->model(), &QAbstractItemModel::rowsRemoved, box, update);
    update();
    if (addOut) *addOut = addButton;
    return box;
}

}  // namespace dialog_support

QString freshId(const QString& prefix, const QString& clock) {
    QSettings settings;
    const qint64 n = settings.value(u"operations/lastId"_s, 0).toLongLong() + 1;
    settings.setValue(u"operations/lastId"_s, n);
    const QString date = clock.left(10).remove(u'-');
    return u"%1-%2-%3"_s.arg(prefix, date).arg(n, 4, 10, QLatin1Char('0'));
}

}  // namespace houbu
