// One command line: the fast parser (simdjson, falling back to Qt's for the
// lines it declines) must not fail, and must agree with Qt's parser alone:
// the same command, fingerprint included, or the same message (tst_parse
// checks this on the scenarios and their mutations; here on anything).

#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "houbu/codec.h"

using namespace houbu;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QByteArrayView line(data, qsizetype(size));
    const ParsedLine fast = parseCommandLine(line);
    const ParsedLine qt = parseCommandLineWithQt(line);
    const bool same = fast.skip == qt.skip && fast.command.has_value() == qt.command.has_value() &&
                      (fast.command ? *fast.command == *qt.command : fast.error == qt.error);
    if (!same) {
        auto describe = [](const ParsedLine& p) -> QByteArray {
            if (p.skip) return "skip";
            if (p.command)
                return "command, fingerprint " + QByteArray::number(p.command->fingerprint);
            return "error: " + p.error.toUtf8();
        };
        std::fprintf(stderr, "the parsers disagree\n  fast: %s\n  qt:   %s\n",
                     describe(fast).constData(), describe(qt).constData());
        std::abort();
    }
    if (!fast.skip && !fast.command && fast.error.isEmpty()) {
        std::fprintf(stderr, "a refused line without a message\n");
        std::abort();
    }
    return 0;
}
