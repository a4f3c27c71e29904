#include "houbu/queue_window_query.h"

#include <QStringList>

namespace houbu {

using namespace Qt::StringLiterals;

namespace {

bool rowsFrom(const QString& text, std::size_t& rows) {
    bool ok = false;
    const qulonglong n = text.toULongLong(&ok);
    if (!ok || n < 1 || n > kMaxQueueRows) return false;
    rows = static_cast<std::size_t>(n);
    return true;
}

}  // namespace

void addQueueWindow(QUrlQuery& query, const QueueWindow& window) {
    if (window.rows != QueueWindow{}.rows)
        query.addQueryItem(u"rows"_s, QString::number(window.rows));
    for (const QueueWindow::Deeper& d : window.deeper) {
        QString item = u"%1:%2:%3:%4"_s.arg(QString::fromStdString(d.travelClass))
                           .arg(d.from)
                           .arg(d.to)
                           .arg(d.rows);
        if (d.first > 0) item += u'@' + QString::number(d.first);
        query.addQueryItem(u"deeper"_s, QString::fromLatin1(QUrl::toPercentEncoding(item)));
    }
}

bool readQueueWindow(const QUrlQuery& query, QueueWindow& window, QString& error) {
    window = {};
    window.rows = kMaxQueueRows;
    if (query.hasQueryItem(u"rows"_s) &&
        !rowsFrom(query.queryItemValue(u"rows"_s, QUrl::FullyDecoded), window.rows)) {
        error = u"rows must be a whole number from 1 to %1"_s.arg(kMaxQueueRows);
        return false;
    }
    const QStringList deeper = query.allQueryItemValues(u"deeper"_s, QUrl::FullyDecoded);
    if (static_cast<std::size_t>(deeper.size()) > kMaxDeeperQueues) {
        error = u"at most %1 deeper queues"_s.arg(kMaxDeeperQueues);
        return false;
    }
    std::size_t deeperRows = 0;
    for (const QString& item : deeper) {
        // The class name may hold anything but is followed by three numbers,
        // then by "@FIRST" for a window below the head.
        QStringList parts = item.split(u':');
        QueueWindow::Deeper d;
        bool fromOk = false, toOk = false, firstOk = true;
        if (const qsizetype at = parts.back().indexOf(u'@'); at >= 0) {
            const qulonglong first = parts.back().mid(at + 1).toULongLong(&firstOk);
            firstOk = firstOk && first <= kMaxQueueFirst;
            d.first = static_cast<std::size_t>(first);
            parts.back().truncate(at);
        }
        if (parts.size() >= 4) {
            d.travelClass = parts.mid(0, parts.size() - 3).join(u':').toStdString();
            d.from = parts[parts.size() - 3].toInt(&fromOk);
            d.to = parts[parts.size() - 2].toInt(&toOk);
        }
        if (!fromOk || !toOk || !firstOk || d.travelClass.empty() || d.from < 0 || d.to <= d.from ||
            d.to > 64 || !rowsFrom(parts.back(), d.rows)) {
            error =
                u"deeper must be CLASS:FROM:TO:ROWS or CLASS:FROM:TO:ROWS@FIRST (stop "
                u"indices, 1 to %1 rows, the first from 0 to %2), not \"%3\""_s.arg(kMaxQueueRows)
                    .arg(kMaxQueueFirst)
                    .arg(item.left(80));
            return false;
        }
        deeperRows += d.rows;
        if (deeperRows > kMaxDeeperRows) {
            error = u"the deeper queues may ask for %1 rows in all"_s.arg(kMaxDeeperRows);
            return false;
        }
        window.deeper.push_back(std::move(d));
    }
    return true;
}

}  // namespace houbu
