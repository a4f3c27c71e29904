#include "houbu/run_sort_model.h"

#include "houbu/models.h"

namespace houbu {

RunSortModel::RunSortModel(QObject* parent) : QSortFilterProxyModel(parent) {
    setSortRole(RunListModel::SortRole);
    setFilterKeyColumn(-1);
    setFilterCaseSensitivity(Qt::CaseInsensitive);
}

void RunSortModel::setFilterText(const QString& text) {
    setFilterFixedString(text.trimmed());
}

void RunSortModel::setWaitingOnly(bool waitingOnly) {
    if (waitingOnly == waitingOnly_) return;
    waitingOnly_ = waitingOnly;
    invalidateRowsFilter();
}

bool RunSortModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
    if (waitingOnly_ &&
        sourceModel()->index(sourceRow, 0, sourceParent).data(RunListModel::QueuedRole).toInt() <=
            0)
        return false;
    return QSortFilterProxyModel::filterAcceptsRow(sourceRow, sourceParent);
}

bool RunSortModel::naturalLess(const QString& a, const QString& b) {
    qsizetype i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (a[i].isDigit() && b[j].isDigit()) {
            const qsizetype si = i, sj = j;
            while (i < a.size() && a[i].isDigit())
                ++i;
            while (j < b.size() && b[j].isDigit())
                ++j;
            // Without leading zeros the longer run is the larger number.
            QStringView x = QStringView(a).mid(si, i - si), y = QStringView(b).mid(sj, j - sj);
            while (x.size() > 1 && x.front() == u'0')
                x = x.mid(1);
            while (y.size() > 1 && y.front() == u'0')
                y = y.mid(1);
            if (x.size() != y.size()) return x.size() < y.size();
            if (const int c = x.compare(y); c != 0) return c < 0;
            continue;
        }
        if (a[i] != b[j]) return a[i] < b[j];
        ++i;
        ++j;
    }
    return a.size() - i < b.size() - j;
}

bool RunSortModel::lessThan(const QModelIndex& left, const QModelIndex& right) const {
    const QVariant a = left.data(sortRole());
    const QVariant b = right.data(sortRole());
    if (a.typeId() == QMetaType::QString && b.typeId() == QMetaType::QString)
        return naturalLess(a.toString(), b.toString());
    return QSortFilterProxyModel::lessThan(left, right);
}

}  // namespace houbu
