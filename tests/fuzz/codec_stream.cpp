// A stream of command lines through Runner (parser, engine, encoder), as
// `houbu-cli run -` reads it: every event must be one JSON object on its own
// line, and the engine's invariants must hold at the end.

#include <QJsonDocument>
#include <QJsonParseError>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "houbu/codec.h"

using namespace houbu;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QByteArrayView input(data, qsizetype(size));
    Runner runner;
    QByteArray out;
    int number = 0;
    qsizetype start = 0;
    // Bounded, so that an input of many tiny lines cannot time out the run.
    while (start < input.size() && number < 200) {
        qsizetype end = input.indexOf('\n', start);
        if (end < 0) end = input.size();
        runner.processLine(input.sliced(start, end - start), ++number, out);
        start = end + 1;
    }
    for (const QByteArray& line : out.split('\n')) {
        if (line.isEmpty()) continue;
        QJsonParseError pe;
        const QJsonDocument doc = QJsonDocument::fromJson(line, &pe);
        if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
            std::fprintf(stderr, "an event that is not a JSON object: %s\n", line.constData());
            std::abort();
        }
    }
    const std::string broken = runner.engine().checkInvariants();
    if (!broken.empty()) {
        std::fprintf(stderr, "invariants broken: %s\n", broken.c_str());
        std::abort();
    }
    return 0;
}
