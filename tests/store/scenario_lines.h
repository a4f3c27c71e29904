#pragma once
// The commands of a hand-written scenario (tests/scenarios/NAME.jsonl) as a
// store takes them: each with its line number in the file.

#include <QFile>
#include <QList>
#include <QString>

#include "houbu/store.h"

namespace houbu::test {

// Empty when the file cannot be read.
inline QList<InputLine> scenarioLines(const QString& name) {
    QFile f(QStringLiteral(HOUBU_SOURCE_DIR "/tests/scenarios/") + name + QStringLiteral(".jsonl"));
    QList<InputLine> lines;
    if (!f.open(QIODevice::ReadOnly)) return lines;
    int n = 0;
    for (const QByteArray& l : f.readAll().split('\n')) {
        ++n;
        if (l.startsWith('{')) lines.append({l, n});
    }
    return lines;
}

}  // namespace houbu::test
