#include "houbu/time.h"

#include <cstdio>

namespace houbu {
namespace {

bool isDigits(std::string_view s) {
    for (char c : s)
        if (c < '0' || c > '9') return false;
    return !s.empty();
}

int toInt(std::string_view s) {
    int v = 0;
    for (char c : s)
        v = v * 10 + (c - '0');
    return v;
}

bool isLeap(std::int64_t y) {
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

int daysInMonth(std::int64_t y, int m) {
    static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return m == 2 && isLeap(y) ? 29 : kDays[m - 1];
}

// Days from 1970-01-01 of a proleptic Gregorian date (era arithmetic, valid for all years).
std::int64_t daysFromCivil(std::int64_t y, int m, int d) {
    y -= m <= 2;
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const std::int64_t yoe = y - era * 400;
    const std::int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const std::int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

void civilFromDays(std::int64_t z, std::int64_t& y, int& m, int& d) {
    z += 719468;
    const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const std::int64_t doe = z - era * 146097;
    const std::int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const std::int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const std::int64_t mp = (5 * doy + 2) / 153;
    d = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
    m = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
    y = yoe + era * 400 + (m <= 2);
}

const std::int64_t kEpochDays = daysFromCivil(2000, 1, 1);

}  // namespace

std::optional<std::int64_t> parseDate(std::string_view text) {
    if (text.size() != 10 || text[4] != '-' || text[7] != '-') return std::nullopt;
    const auto ys = text.substr(0, 4), ms = text.substr(5, 2), ds = text.substr(8, 2);
    if (!isDigits(ys) || !isDigits(ms) || !isDigits(ds)) return std::nullopt;
    const int y = toInt(ys), m = toInt(ms), d = toInt(ds);
    // Years stay four-digit after adding hold and prepayment windows.
    if (y < 1 || y > 9000) return std::nullopt;
    if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return std::nullopt;
    return daysFromCivil(y, m, d) - kEpochDays;
}

std::optional<int> parseClockTime(std::string_view text) {
    if (text.size() != 5 || text[2] != ':') return std::nullopt;
    const auto hs = text.substr(0, 2), ms = text.substr(3, 2);
    if (!isDigits(hs) || !isDigits(ms)) return std::nullopt;
    const int h = toInt(hs), m = toInt(ms);
    if (h > 23 || m > 59) return std::nullopt;
    return h * 60 + m;
}

std::optional<Time> parseTime(std::string_view text) {
    if (text.size() != 16 && text.size() != 19) return std::nullopt;
    if (text[10] != 'T') return std::nullopt;
    const auto days = parseDate(text.substr(0, 10));
    const auto minutes = parseClockTime(text.substr(11, 5));
    if (!days || !minutes) return std::nullopt;
    int seconds = 0;
    if (text.size() == 19) {
        const auto ss = text.substr(17, 2);
        if (text[16] != ':' || !isDigits(ss)) return std::nullopt;
        seconds = toInt(ss);
        if (seconds > 59) return std::nullopt;
    }
    return *days * kDay + *minutes * kMinute + seconds;
}

std::string formatTime(Time t) {
    std::int64_t days = t / kDay;
    Time rest = t % kDay;
    if (rest < 0) {
        rest += kDay;
        --days;
    }
    std::int64_t y = 0;
    int m = 0, d = 0;
    civilFromDays(days + kEpochDays, y, m, d);
    const int h = static_cast<int>(rest / 3600), mi = static_cast<int>(rest / 60 % 60),
              s = static_cast<int>(rest % 60);
    if (y >= 0 && y <= 9999) {
        // By hand: this runs for events' times, and snprintf was a visible share.
        char out[19] = "0000-00-00T00:00:0";
        auto two = [&out](int at, int v) {
            out[at] = static_cast<char>('0' + v / 10);
            out[at + 1] = static_cast<char>('0' + v % 10);
        };
        two(0, static_cast<int>(y / 100));
        two(2, static_cast<int>(y % 100));
        two(5, m);
        two(8, d);
        two(11, h);
        two(14, mi);
        two(17, s);
        return std::string(out, s == 0 ? 16 : 19);
    }
    char buf[40];
    if (s == 0)
        std::snprintf(buf, sizeof buf, "%04lld-%02d-%02dT%02d:%02d", static_cast<long long>(y), m,
                      d, h, mi);
    else
        std::snprintf(buf, sizeof buf, "%04lld-%02d-%02dT%02d:%02d:%02d", static_cast<long long>(y),
                      m, d, h, mi, s);
    return buf;
}

}  // namespace houbu
