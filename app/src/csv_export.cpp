#include "houbu/csv_export.h"

#include <QAbstractItemModel>
#include <QFileInfo>
#include <QSaveFile>
#include <QStringList>

namespace houbu {

using namespace Qt::StringLiterals;

namespace {

constexpr char kBom[] = "\xEF\xBB\xBF";

bool writeLine(QIODevice* out, const QStringList& fields) {
    QString line;
    for (qsizetype i = 0; i < fields.size(); ++i) {
        if (i > 0) line += u',';
        line += CsvExport::field(fields[i]);
    }
    line += u"\r\n"_s;
    return out->write(line.toUtf8()) >= 0;
}

QStringList headers(const QAbstractItemModel* model) {
    QStringList h;
    for (int c = 0; c < model->columnCount(); ++c)
        h << model->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
    return h;
}

QStringList cells(const QAbstractItemModel* model, int row, const QModelIndex& parent) {
    QStringList fields;
    for (int c = 0; c < model->columnCount(parent); ++c)
        fields << model->index(row, c, parent).data(Qt::DisplayRole).toString();
    return fields;
}

template <typename Write>
bool save(const QString& path, QString* error, Write write) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || !write(&file) || !file.commit()) {
        if (error)
            *error = CsvExport::tr("Cannot write %1: %2")
                         .arg(QFileInfo(path).fileName(), file.errorString());
        return false;
    }
    return true;
}

}  // namespace

QString CsvExport::field(const QString& text) {
    const bool quote = text.contains(u',') || text.contains(u'"') || text.contains(u'\n') ||
                       text.contains(u'\r') || text.startsWith(u' ') || text.endsWith(u' ');
    if (!quote) return text;
    return u'"' + QString(text).replace(u"\""_s, u"\"\""_s) + u'"';
}

bool CsvExport::writeTable(const QAbstractItemModel* model, QIODevice* out) {
    if (out->write(kBom, 3) != 3 || !writeLine(out, headers(model))) return false;
    for (int row = 0, rows = model->rowCount(); row < rows; ++row)
        if (!writeLine(out, cells(model, row, {}))) return false;
    return true;
}

bool CsvExport::writeTree(const QAbstractItemModel* model, const QString& parentHeader,
                          QIODevice* out) {
    if (out->write(kBom, 3) != 3 || !writeLine(out, QStringList{parentHeader} + headers(model)))
        return false;
    for (int top = 0, tops = model->rowCount(); top < tops; ++top) {
        const QModelIndex parent = model->index(top, 0);
        const QString parentText = parent.data(Qt::DisplayRole).toString();
        for (int row = 0, rows = model->rowCount(parent); row < rows; ++row)
            if (!writeLine(out, QStringList{parentText} + cells(model, row, parent))) return false;
    }
    return true;
}

bool CsvExport::saveTable(const QAbstractItemModel* model, const QString& path, QString* error) {
    return save(path, error, [&](QIODevice* out) { return writeTable(model, out); });
}

bool CsvExport::saveTree(const QAbstractItemModel* model, const QString& parentHeader,
                         const QString& path, QString* error) {
    return save(path, error, [&](QIODevice* out) { return writeTree(model, parentHeader, out); });
}

}  // namespace houbu
