#include "refusal_log.h"

#include <QDebug>

namespace houbu {

QString loggable(QStringView text) {
    constexpr qsizetype kLongest = 200;
    QString out;
    out.reserve(std::min(text.size(), kLongest) + 8);
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (out.size() >= kLongest) {
            out += u"…";
            break;
        }
        const char16_t c = text[i].unicode();
        // C0, DEL, C1 and the Unicode line and paragraph separators.
        if (c < 0x20 || (c >= 0x7f && c < 0xa0) || c == 0x2028 || c == 0x2029)
            out += QStringLiteral("\\x%1").arg(static_cast<unsigned>(c), 2, 16, QLatin1Char('0'));
        else
            out += QChar(c);
    }
    return out;
}

RefusalLog::RefusalLog(QObject* parent) : QObject(parent) {
    window_.setInterval(1000);
    window_.setSingleShot(true);
    connect(&window_, &QTimer::timeout, this, &RefusalLog::summarize);
}

void RefusalLog::refused(int status, const QString& line) {
    if (!window_.isActive()) window_.start();
    if (logged_ < kLinesPerSecond) {
        ++logged_;
        qInfo("houbud: %d %s", status, qPrintable(loggable(line)));
        return;
    }
    ++unlogged_[status];
}

void RefusalLog::summarize() {
    logged_ = 0;
    if (unlogged_.empty()) return;
    qint64 total = 0;
    QStringList parts;
    for (const auto& [status, count] : unlogged_) {
        total += count;
        parts << QStringLiteral("%1: %2").arg(status).arg(count);
    }
    unlogged_.clear();
    qInfo("houbud: %lld more refused requests in the last second, not logged one by one (%s)",
          static_cast<long long>(total), qPrintable(parts.join(QStringLiteral(", "))));
    // The next refusal opens the next window.
}

}  // namespace houbu
