#pragma once
// Seeds named in an environment variable (HOUBU_RANDOM_SEEDS, HOUBU_SIM_SEEDS):
// a comma-separated list of "N" (seed N only: how a reported failure is
// rerun), "A-B" (seeds A to B) and "+N" (N fresh random seeds). So "200" is
// one seed and "+200" two hundred. Anything else is refused, since a part
// read as nothing would run fewer seeds than asked for, unnoticed.

#include <QString>
#include <QStringList>
#include <random>
#include <vector>

namespace houbu::test {

class SeedList {
  public:
    // Appends the seeds `text` names to `seeds`; false with `error` naming
    // the part it cannot read.
    static bool parse(const QString& text, std::vector<quint64>& seeds, QString& error) {
        std::random_device rd;
        for (const QString& part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const QString p = part.trimmed();
            bool ok = false;
            if (p.startsWith(QLatin1Char('+'))) {
                const int n = p.mid(1).toInt(&ok);
                ok = ok && n > 0;
                for (int i = 0; ok && i < n; ++i)
                    seeds.push_back((quint64(rd()) << 32) ^ quint64(rd()));
            } else if (p.count(QLatin1Char('-')) == 1) {
                bool okTo = false;
                const quint64 a = p.section(QLatin1Char('-'), 0, 0).toULongLong(&ok);
                const quint64 b = p.section(QLatin1Char('-'), 1, 1).toULongLong(&okTo);
                ok = ok && okTo && a <= b;
                for (quint64 s = a; ok && s <= b; ++s)
                    seeds.push_back(s);
            } else {
                const quint64 s = p.toULongLong(&ok);
                if (ok) seeds.push_back(s);
            }
            if (!ok) {
                error = QStringLiteral("cannot read \"%1\" (\"N\", \"A-B\" or \"+N\")").arg(p);
                return false;
            }
        }
        return true;
    }
};

}  // namespace houbu::test
