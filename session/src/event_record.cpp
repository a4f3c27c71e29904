// Event lines that arrive as text (a store's history, houbud) become typed
// records once, here; the console's models read only the typed fields.

#include "houbu/codec.h"
#include "houbu/session.h"

namespace houbu {

QList<EventRecord> eventRecords(const QByteArray& lines, const QString& author, QString* error) {
    QList<EventRecord> records;
    qsizetype at = 0;
    while (at < lines.size()) {
        qsizetype end = lines.indexOf('\n', at);
        if (end < 0) end = lines.size();
        const QByteArrayView line(lines.constData() + at, end - at);
        at = end + 1;
        if (line.trimmed().isEmpty()) continue;
        Event event;
        QString why;
        if (!decodeEvent(line, event, &why)) {
            if (error && error->isEmpty())
                *error =
                    QStringLiteral("an event line cannot be read (%1): %2")
                        .arg(why,
                             QString::fromUtf8(line.first(std::min<qsizetype>(line.size(), 200))));
            continue;
        }
        records.append(EventRecord(std::move(event), line.toByteArray(), author));
    }
    return records;
}

}  // namespace houbu
