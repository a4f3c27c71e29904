#pragma once
// Help ▸ Examples: ready scenarios for the waitlist's stories, opened in step
// mode. An example is a JSON Lines scenario with `#` lines the engine ignores:
//   #title <text>, #title.zh_CN <text>   the menu entry
//   #step                                 the commands after it are stepped
//   #N <text>, #N.zh_CN <text>            caption for decision N (1-based) of
//                                         the stepped command just above
//   #end <text>, #end.zh_CN <text>        shown once every command is applied

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

namespace houbu {

struct Example {
    QString name;  // file name without extension
    QString title;
    // The file up to #step, comment lines included (their lines count).
    QByteArray setup;  // applied normally
    // Every line after #step, comments included: sent with matching paused.
    QList<QByteArray> steppedLines;
    QList<QByteArray> stepped;  // the commands among them
    // Captions of each stepped command (by its trimmed text), decision N at N-1.
    QHash<QByteArray, QStringList> captions;
    QString end;

    // The caption for decision `index` (0-based) of `command`, empty when none.
    QString caption(const QByteArray& command, int index) const;

    // Parses an example; captions and title in `language` ("zh_CN") when given, else English.
    static Example parse(const QString& name, const QByteArray& text, const QString& language);
    // The built-in examples (Qt resources under :/examples), in menu order.
    static QStringList names();
    static Example load(const QString& name, const QString& language);
};

}  // namespace houbu
