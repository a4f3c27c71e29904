#pragma once
// What the operator dialogs share: widgets for passenger tables, colours that
// follow the palette, and the engine's values in words.

#include <QColor>
#include <QDateTime>
#include <QPalette>
#include <QPushButton>
#include <QString>
#include <QStringList>
#include <QTableWidget>
#include <functional>
#include <string>

#include "houbu/command.h"
#include "houbu/time.h"
#include "houbu/views.h"

namespace houbu::dialog_support {

QString qs(const std::string& s);

// Logical time (seconds since 2000-01-01T00:00) as a date-time without a zone.
QDateTime toDateTime(Time t);

QColor mix(const QColor& a, const QColor& b, qreal t);

// Red that reads on the palette's window colour, light or dark.
QColor errorColor(const QPalette& p);

bool freeOver(const SeatView& s, int from, int to);

// The engine's refusal in the operator's words, then the engine's own detail.
QString refusalText(ErrorCode code, const QString& message);

QTableWidget* passengerTable(int columns, QWidget* parent);

void appendRow(QTableWidget* t, const QStringList& values);

// A passenger list still to be filled in (what a name may be is the engine's to say).
QString missingNames(const QStringList& names);

// A cell's text, trimmed; empty when the cell has no item.
QString tableCell(const QTableWidget* t, int row, int column);

QStringList tableColumn(const QTableWidget* t, int c);

// Add/Remove buttons for a passenger table, kept within 1..5 rows.
QWidget* withRowButtons(QTableWidget* table, QWidget* parent, const std::function<void()>& add,
                        QPushButton** addOut = nullptr);

}  // namespace houbu::dialog_support
