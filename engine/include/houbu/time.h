#pragma once
// Logical railway-local time. The engine never reads a wall clock: every
// instant comes from a command's `at` field or from a timer it set itself.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace houbu {

// Seconds since 2000-01-01T00:00 railway local time (no time zone, no leap seconds).
using Time = std::int64_t;

inline constexpr Time kEpoch = 0;  // 2000-01-01T00:00, the clock before any `at`
inline constexpr Time kMinute = 60;
inline constexpr Time kDay = 24 * 60 * kMinute;

// "YYYY-MM-DD" -> days since 2000-01-01, or nullopt when malformed or not a real date.
std::optional<std::int64_t> parseDate(std::string_view text);

// "HH:MM" (00:00..23:59) -> minutes after midnight.
std::optional<int> parseClockTime(std::string_view text);

// "YYYY-MM-DDTHH:MM" or "YYYY-MM-DDTHH:MM:SS" -> Time.
std::optional<Time> parseTime(std::string_view text);

// "YYYY-MM-DDTHH:MM", with ":SS" appended only when the seconds are not zero.
std::string formatTime(Time t);

}  // namespace houbu
