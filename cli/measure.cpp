// Resident memory from /proc and a compact latency histogram.

#include <sys/resource.h>

#include <bit>
#include <cstdio>
#include <cstring>

#include "tools.h"

namespace houbu::tools {
namespace {

std::int64_t statusField(const char* name) {
    std::FILE* f = std::fopen("/proc/self/status", "r");
    if (!f) return 0;
    char line[256];
    std::int64_t kb = 0;
    const std::size_t n = std::strlen(name);
    while (std::fgets(line, sizeof line, f)) {
        if (std::strncmp(line, name, n) == 0 && line[n] == ':') {
            kb = std::strtoll(line + n + 1, nullptr, 10);
            break;
        }
    }
    std::fclose(f);
    return kb * 1024;
}

}  // namespace

double cpuSeconds() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}

std::int64_t peakRss() {
    return statusField("VmHWM");
}
std::int64_t currentRss() {
    return statusField("VmRSS");
}

bool resetPeakRss() {
    std::FILE* f = std::fopen("/proc/self/clear_refs", "w");
    if (!f) return false;
    const bool ok = std::fputs("5", f) >= 0;
    return std::fclose(f) == 0 && ok;
}

void LatencyHistogram::add(std::uint64_t ns, std::int64_t line) {
    ++count_;
    total_ += ns;
    if (ns > max_) {
        max_ = ns;
        maxLine_ = line;
    }
    int index;
    if (ns < kSub) {
        index = static_cast<int>(ns);
    } else {
        const int exp = 63 - std::countl_zero(ns);  // >= 4
        const auto sub = static_cast<int>((ns >> (exp - 4)) & (kSub - 1));
        index = (exp - 3) * kSub + sub;
    }
    ++buckets_[static_cast<std::size_t>(index)];
}

double LatencyHistogram::quantileNs(double q) const {
    if (count_ == 0) return 0;
    const auto target = static_cast<std::uint64_t>(q * static_cast<double>(count_) + 0.5);
    std::uint64_t seen = 0;
    for (std::size_t i = 0; i < buckets_.size(); ++i) {
        seen += buckets_[i];
        if (seen >= std::max<std::uint64_t>(target, 1)) {
            // The bucket's upper bound, not above the largest sample.
            const int index = static_cast<int>(i);
            double upper;
            if (index < kSub) {
                upper = index + 1;
            } else {
                const int exp = index / kSub + 3;
                const int sub = index % kSub;
                upper = static_cast<double>((std::uint64_t{kSub} + sub + 1) << (exp - 4));
            }
            return std::min(upper, static_cast<double>(max_));
        }
    }
    return static_cast<double>(max_);
}

void LatencyHistogram::merge(const LatencyHistogram& other) {
    for (std::size_t i = 0; i < buckets_.size(); ++i)
        buckets_[i] += other.buckets_[i];
    count_ += other.count_;
    total_ += other.total_;
    if (other.max_ > max_) {
        max_ = other.max_;
        maxLine_ = other.maxLine_;
    }
}

}  // namespace houbu::tools
