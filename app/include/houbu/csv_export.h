#pragma once
// A view's rows as CSV (RFC 4180: comma-separated, CRLF line ends, fields with
// a comma, quote or line break quoted), in UTF-8 with a byte-order mark so
// that spreadsheet programs read Chinese text as such. The first line holds
// the model's column headers; every cell is its display text, as shown.

#include <QCoreApplication>
#include <QString>

class QAbstractItemModel;
class QIODevice;

namespace houbu {

class CsvExport {
    Q_DECLARE_TR_FUNCTIONS(houbu::CsvExport)

  public:
    // Every row of a flat model (a table, or a filter over one).
    static bool writeTable(const QAbstractItemModel* model, QIODevice* out);
    // A two-level model (queues and their orders): one line per child, after
    // a first column holding its parent's first column under `parentHeader`.
    static bool writeTree(const QAbstractItemModel* model, const QString& parentHeader,
                          QIODevice* out);
    // Opens `path` and writes into it; `error` says why not.
    static bool saveTable(const QAbstractItemModel* model, const QString& path,
                          QString* error = nullptr);
    static bool saveTree(const QAbstractItemModel* model, const QString& parentHeader,
                         const QString& path, QString* error = nullptr);
    // One field as it is written: quoted when it must be.
    static QString field(const QString& text);
};

}  // namespace houbu
