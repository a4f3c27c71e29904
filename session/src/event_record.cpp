// Event lines that arrive as text (a store's history, houbud) become typed
// records once, here; the console's models read only the typed fields.

#include <QCoreApplication>

#include "houbu/codec.h"
#include "houbu/session_types.h"

namespace houbu {

using namespace Qt::StringLiterals;

QString authorText(const QString& name, const QString& role, const QString& host) {
    // The journal keeps codes; the log says them in the console's language.
    const QString shownName = name == u"(unknown user)"_s
                                  ? QCoreApplication::translate("houbu::Author", "unknown user")
                                  : name;
    QString shownRole = role;
    if (role == u"console"_s)
        shownRole = QCoreApplication::translate("houbu::Author", "console");
    else if (role == u"dispatcher"_s)
        shownRole = QCoreApplication::translate("houbu::Author", "dispatcher");
    else if (role == u"admin"_s)
        shownRole = QCoreApplication::translate("houbu::Author", "admin");
    else if (role == u"viewer"_s)
        shownRole = QCoreApplication::translate("houbu::Author", "viewer");
    else if (role == u"cli"_s)
        shownRole = QCoreApplication::translate("houbu::Author", "command line");
    const QString text =
        role.isEmpty() || role == name ? shownName : shownName + u" ("_s + shownRole + u')';
    return host.isEmpty() ? text : text + u" @ "_s + host;
}

QByteArray EventRecord::line() const {
    return json.isEmpty() ? encodeEvent(event) : json;
}

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
