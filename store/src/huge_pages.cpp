#include "houbu/huge_pages.h"

#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

namespace houbu {

namespace {
constexpr const char* kSetting = "glibc.malloc.hugetlb=1";
}

void restartWithHugePages(char** argv) {
    const char* own = std::getenv("HOUBU_HUGE_PAGES");
    if (own && std::strcmp(own, "0") == 0) return;
    const char* tunables = std::getenv("GLIBC_TUNABLES");
    if (tunables && std::strstr(tunables, "glibc.malloc.hugetlb")) return;
    std::ifstream mode("/sys/kernel/mm/transparent_hugepage/enabled");
    std::string line;
    if (!std::getline(mode, line) || line.find("[never]") != std::string::npos) return;
    const std::string value =
        tunables && *tunables ? std::string(tunables) + ':' + kSetting : std::string(kSetting);
    if (::setenv("GLIBC_TUNABLES", value.c_str(), 1) != 0) return;
    ::execv("/proc/self/exe", argv);
    // Could not: go on as started.
}

}  // namespace houbu
