// houbu-cli: run scenarios through the engine (more subcommands to come).

#include <QByteArray>
#include <QFile>
#include <cstdio>
#include <cstring>
#include <string>

#include "houbu/codec.h"

namespace {

constexpr const char* kUsage = R"(Usage: houbu-cli <command> [options]

Commands:
  run FILE|-   Read commands (JSON Lines, commands.md) from FILE, or from standard
               input with '-', apply them to an in-memory engine and write one
               JSON object per event to standard output. With '-', the events
               of each line are written and flushed before the next line is read.
      --policy complete|exact        matching policy for runs whose `train`
                                     command names none (default: complete)
      --trace                        also emit match_considered / match_skipped
                                     for every candidate the matcher looks at
      --seat-choice best-fit|first-fit|worst-fit
                                     how seats are picked (default: best-fit)

  help, --help Show this text.

Exit status: 0 when the input was read to its end (command errors are `error`
events in the output); 2 for bad usage or an unreadable file, with a message on
standard error.
)";

int usageError(const std::string& message) {
    std::fprintf(stderr, "houbu-cli: %s\nTry 'houbu-cli --help'.\n", message.c_str());
    return 2;
}

bool writeAll(const QByteArray& bytes) {
    return bytes.isEmpty() ||
           std::fwrite(bytes.constData(), 1, static_cast<std::size_t>(bytes.size()), stdout) ==
               static_cast<std::size_t>(bytes.size());
}

int run(int argc, char** argv) {
    houbu::EngineOptions options;
    const char* input = nullptr;
    for (int i = 2; i < argc; ++i) {
        const std::string arg = argv[i];
        auto value = [&](const char* name) -> const char* {
            if (i + 1 >= argc) return nullptr;
            (void)name;
            return argv[++i];
        };
        if (arg == "--trace") {
            options.trace = true;
        } else if (arg == "--policy") {
            const char* v = value("--policy");
            if (!v) return usageError("--policy needs a value: complete or exact");
            if (std::strcmp(v, "complete") == 0)
                options.defaultPolicy = houbu::Policy::Complete;
            else if (std::strcmp(v, "exact") == 0)
                options.defaultPolicy = houbu::Policy::Exact;
            else
                return usageError(std::string("unknown policy '") + v + "': use complete or exact");
        } else if (arg == "--seat-choice") {
            const char* v = value("--seat-choice");
            if (!v) return usageError("--seat-choice needs a value: best-fit or first-fit");
            if (std::strcmp(v, "best-fit") == 0)
                options.seatChoice = houbu::SeatChoice::BestFit;
            else if (std::strcmp(v, "first-fit") == 0)
                options.seatChoice = houbu::SeatChoice::FirstFit;
            else if (std::strcmp(v, "worst-fit") == 0)
                options.seatChoice = houbu::SeatChoice::WorstFit;
            else
                return usageError(std::string("unknown seat choice '") + v + "'");
        } else if (arg.size() > 1 && arg[0] == '-' && arg != "-") {
            return usageError("unknown option '" + arg + "'");
        } else if (!input) {
            input = argv[i];
        } else {
            return usageError("run takes one input, got '" + std::string(input) + "' and '" + arg +
                              "'");
        }
    }
    if (!input) return usageError("run needs an input file, or '-' for standard input");

    houbu::Runner runner(options);
    QByteArray out;
    if (std::strcmp(input, "-") == 0) {
        // Interactive: one line in, its events out and flushed.
        char* line = nullptr;
        std::size_t capacity = 0;
        int number = 0;
        ssize_t length = 0;
        while ((length = getline(&line, &capacity, stdin)) >= 0) {
            out.clear();
            runner.processLine(QByteArrayView(line, length), ++number, out);
            if (!writeAll(out)) break;
            std::fflush(stdout);
        }
        std::free(line);
        return 0;
    }

    QFile file(QString::fromLocal8Bit(input));
    if (!file.open(QIODevice::ReadOnly))
        return usageError(std::string("cannot read '") + input +
                          "': " + file.errorString().toStdString());
    const QByteArray data = file.readAll();
    qsizetype start = 0;
    int number = 0;
    out.reserve(1 << 20);
    while (start < data.size()) {
        qsizetype end = data.indexOf('\n', start);
        if (end < 0) end = data.size();
        runner.processLine(QByteArrayView(data).sliced(start, end - start), ++number, out);
        if (out.size() > (1 << 20)) {
            writeAll(out);
            out.clear();
        }
        start = end + 1;
    }
    writeAll(out);
    std::fflush(stdout);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) return usageError("no command given");
    const std::string command = argv[1];
    if (command == "--help" || command == "help" || command == "-h") {
        std::fputs(kUsage, stdout);
        return 0;
    }
    if (command == "run") return run(argc, argv);
    return usageError("unknown command '" + command + "'");
}
