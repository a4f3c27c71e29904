#include "houbu/examples.h"

#include <QFile>

namespace houbu {

using namespace Qt::StringLiterals;

QString Example::caption(const QByteArray& command, int index) const {
    return captions.value(command.trimmed()).value(index);
}

Example Example::parse(const QString& name, const QByteArray& text, const QString& language) {
    Example ex;
    ex.name = name;
    const QByteArray suffix =
        language.isEmpty() || language == u"en"_s ? QByteArray() : '.' + language.toUtf8();
    bool stepping = false;
    QByteArray lastStepped;
    // Values per key: the English one, replaced by the language's when present.
    QHash<QByteArray, QString> english, localized;
    auto value = [&](const QByteArray& key) {
        return localized.contains(key) ? localized.value(key) : english.value(key);
    };
    auto flushCaptions = [&] {
        if (lastStepped.isEmpty()) return;
        QStringList list;
        for (int n = 1;; ++n) {
            const QString c = value("#" + QByteArray::number(n));
            if (c.isNull()) break;
            list << c;
        }
        ex.captions.insert(lastStepped, list);
        for (auto* h : {&english, &localized})
            for (auto it = h->begin(); it != h->end();)
                it = it.key().front() == '#' ? h->erase(it) : std::next(it);
    };
    QList<QByteArray> lines = text.split('\n');
    if (text.endsWith('\n')) lines.removeLast();
    for (const QByteArray& raw : lines) {
        const QByteArray line = raw.trimmed();
        // Every line is kept, comments too: the engine skips them, and the
        // commands keep their line numbers in the file.
        if (stepping)
            ex.steppedLines << line;
        else
            ex.setup += line + '\n';
        if (line.isEmpty()) continue;
        if (!line.startsWith('#')) {
            if (stepping) {
                flushCaptions();
                lastStepped = line;
                ex.stepped << line;
            }
            continue;
        }
        if (line == "#step") {
            stepping = true;
            continue;
        }
        const qsizetype space = line.indexOf(' ');
        if (space < 0) continue;
        QByteArray key = line.mid(1, space - 1);
        const QString content = QString::fromUtf8(line.mid(space + 1)).trimmed();
        bool local = false;
        if (!suffix.isEmpty() && key.endsWith(suffix)) {
            key.chop(suffix.size());
            local = true;
        } else if (key.contains('.')) {
            continue;  // another language
        }
        bool isNumber = false;
        key.toInt(&isNumber);
        if (isNumber) key.prepend('#');  // decision captions, flushed per command
        (local ? localized : english).insert(key, content);
    }
    flushCaptions();
    ex.title = value("title");
    ex.end = value("end");
    if (ex.title.isEmpty()) ex.title = name;
    return ex;
}

QStringList Example::names() {
    return {u"seat_reuse_one_seat"_s,     u"independent_queues_50th_200th"_s,
            u"overlapping_queues_race"_s, u"group_behind_single"_s,
            u"added_car_drains_queue"_s,  u"hold_timeout_into_waitlist"_s,
            u"seat_change_one_train"_s};
}

Example Example::load(const QString& name, const QString& language) {
    QFile f(u":/examples/"_s + name + u".jsonl"_s);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return parse(name, f.readAll(), language);
}

}  // namespace houbu
