// houbu-cli: run scenarios through the engine, in memory or on a durable store;
// check, replay and export stores.

#include <QByteArray>
#include <QCoreApplication>
#include <QFile>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>

#include "encoding_writer.h"
#include "houbu/codec.h"
#include "houbu/huge_pages.h"
#include "houbu/store.h"
#include "line_source.h"
#include "parsing_reader.h"
#include "tools.h"

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
      --rules 1|2                    the version of commands.md's rules
                                     (default 2; 1 gives a version-1
                                     stream's bytes, rule 8)
      --db PATH|postgresql://user@host[:port]/db
                                     apply every command durably to a store
                                     (SQLite file, created if missing, or
                                     PostgreSQL); events are printed only once
                                     their commands are committed. A new store
                                     remembers --policy, --seat-choice, --trace,
                                     --rules.
      --group N                      commands per transaction (group commit,
                                     default 512; 1 = one transaction each)
      --snapshot-every N             commands between engine snapshots
                                     (default 100000)

  verify --db LOCATION
               Check a store: replay the whole journal in a fresh engine and
               check every row's link of the journal's hash chain (the events
               byte for byte), the state and the state tables. Prints a
               summary; exit status 1 when a problem was found.

  replay --db LOCATION [--to SEQ]
               Re-execute the journal up to command SEQ (all by default) and
               print the events, checking each row against its chain link.

  events --db LOCATION --order ID | --run TRAIN DATE
               Print the events of one waitlist order (its own, the match
               trace about it, the tickets it was served with) or of one run
               (events naming it, its tickets', blocks', sales' and orders'),
               re-derived from the part of the journal that holds them.

  export --db LOCATION [--authors]
               Write the journal as a scenario (JSON Lines) to standard output;
               with --authors, a comment before each command says who sent it,
               from which host and when it was journaled.

  gen [options]
               Write a deterministic peak-day workload (a scenario) to standard
               output; see 'houbu-cli gen --help'.

  bench FILE [options] | bench --quality
               Replay a scenario in memory or on a store and report throughput,
               latency percentiles per command kind and peak memory; or measure
               the seat choices' allocation quality. See 'houbu-cli bench --help'.

  help, --help Show this text.

Exit status: 0 when the input was read to its end (command errors are `error`
events in the output); 2 for bad usage, an unreadable file or a store that
cannot be opened, with a message on standard error; 3 when the store failed
during `run`: from a file, the run stops at the failed group (the lines from it
on were not applied); from standard input, the failed group is rejected and
later lines are tried again.
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

bool parseCount(const char* text, int& value) {
    char* end = nullptr;
    const long v = std::strtol(text, &end, 10);
    if (!end || *end || v < 1 || v > 100000000) return false;
    value = static_cast<int>(v);
    return true;
}

std::unique_ptr<houbu::Store> openStore(const QString& location,
                                        const houbu::EngineOptions& options, int snapshotEvery,
                                        bool inspect, bool deferLoading = false) {
    houbu::StoreOptions so;
    so.location = location;
    so.engine = options;
    so.snapshotEvery = snapshotEvery;
    so.inspectOnly = inspect;
    so.deferLoading = deferLoading;
    QString error;
    auto store = houbu::Store::open(so, error);
    if (!store) std::fprintf(stderr, "houbu-cli: %s\n", error.toLocal8Bit().constData());
    return store;
}

// In memory. From standard input each line is answered before the next is
// read; from a file, lines are read and parsed on a thread of their own,
// this one applies, and a third encodes and writes the events.
int runInMemory(houbu::cli::LineSource& source, houbu::Runner& runner) {
    QByteArray out;
    if (source.interactive()) {
        QList<houbu::InputLine> line;
        while (source.next(line, 1)) {
            out.clear();
            runner.processLine(line.front().text, line.front().number, out);
            if (!writeAll(out)) break;
            std::fflush(stdout);
        }
        return 0;
    }
    houbu::cli::ParsingReader reader(source, 4096);
    std::vector<houbu::cli::ParsedInput> batch;
    houbu::cli::EncodingWriter writer(stdout);
    while (reader.next(batch)) {
        for (const auto& line : batch)
            runner.processParsed(line.parsed, line.number, writer);
        if (!writer.flush()) break;
    }
    if (!writer.finish()) {
        std::fprintf(stderr, "houbu-cli: cannot write the events to standard output: %s\n",
                     std::strerror(writer.writeError()));
        return 1;
    }
    return 0;
}

int run(int argc, char** argv) {
    houbu::EngineOptions options;
    const char* input = nullptr;
    const char* db = nullptr;
    int group = 512;
    int snapshotEvery = 100000;
    bool engineFlags = false;
    for (int i = 2; i < argc; ++i) {
        const std::string arg = argv[i];
        const char* v = (i + 1 < argc) ? argv[i + 1] : nullptr;
        auto needs = [&](const char* what) { return usageError(arg + " needs a value: " + what); };
        if (arg == "--trace") {
            options.trace = true;
            engineFlags = true;
        } else if (arg == "--policy") {
            if (!v) return needs("complete or exact");
            ++i;
            engineFlags = true;
            if (std::strcmp(v, "complete") == 0)
                options.defaultPolicy = houbu::Policy::Complete;
            else if (std::strcmp(v, "exact") == 0)
                options.defaultPolicy = houbu::Policy::Exact;
            else
                return usageError(std::string("unknown policy '") + v + "': use complete or exact");
        } else if (arg == "--seat-choice") {
            if (!v) return needs("best-fit, first-fit or worst-fit");
            ++i;
            engineFlags = true;
            if (std::strcmp(v, "best-fit") == 0)
                options.seatChoice = houbu::SeatChoice::BestFit;
            else if (std::strcmp(v, "first-fit") == 0)
                options.seatChoice = houbu::SeatChoice::FirstFit;
            else if (std::strcmp(v, "worst-fit") == 0)
                options.seatChoice = houbu::SeatChoice::WorstFit;
            else
                return usageError(std::string("unknown seat choice '") + v + "'");
        } else if (arg == "--rules") {
            if (!v || (std::strcmp(v, "1") != 0 && std::strcmp(v, "2") != 0))
                return needs("1 or 2");
            ++i;
            engineFlags = true;
            options.rules = v[0] - '0';
        } else if (arg == "--db") {
            if (!v) return needs("a file path or a postgresql:// URL");
            db = argv[++i];
        } else if (arg == "--group") {
            if (!v || !parseCount(v, group)) return needs("a whole number of commands, at least 1");
            ++i;
        } else if (arg == "--snapshot-every") {
            if (!v || !parseCount(v, snapshotEvery))
                return needs("a whole number of commands, at least 1");
            ++i;
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

    houbu::cli::LineSource source;
    std::string error;
    if (std::strcmp(input, "-") == 0)
        source.openStdin();
    else if (!source.openFile(input, error))
        return usageError(error);

    std::unique_ptr<houbu::Store> store;
    std::unique_ptr<houbu::Runner> runner;
    if (db) {
        store = openStore(QString::fromLocal8Bit(db), options, snapshotEvery, false);
        if (!store) return 2;
        if (engineFlags && store->journalLength() > 0)
            std::fprintf(stderr,
                         "houbu-cli: note: %s keeps the engine options it was created with\n",
                         store->location().toLocal8Bit().constData());
    } else {
        runner = std::make_unique<houbu::Runner>(options);
    }

    if (!store) return runInMemory(source, *runner);

    // Interactive input is answered line by line. From a file, commands are
    // parsed on a thread of their own and grouped; each group is applied to
    // the engine and handed to the store, which commits it on its own thread
    // and prints its events once committed, while the next group is applied.
    int status = 0;
    if (source.interactive()) {
        QByteArray out;
        QList<houbu::InputLine> batch;
        while (source.next(batch, group)) {
            if (batch.isEmpty()) continue;
            out.clear();
            QString why;
            if (!store->apply(batch, out, why)) {
                status = 3;
                // This batch is rejected; later lines are tried again (the
                // store reconnects when the database is back).
                std::fprintf(stderr, "houbu-cli: lines %d to %d were not applied: %s\n",
                             batch.front().number, batch.back().number,
                             why.toLocal8Bit().constData());
            }
            if (!writeAll(out)) break;
            std::fflush(stdout);
        }
    } else {
        houbu::cli::ParsingReader reader(source, group);
        std::vector<houbu::cli::ParsedInput> inputs;
        std::vector<houbu::ParsedLine> parsed;
        QList<houbu::InputLine> batch;
        // Written on the store's thread, read here.
        std::atomic<bool> stop{false};
        std::mutex failureMutex;
        int failedAt = 0;  // the first line of the first group not applied
        QString failure;
        const auto failed = [&](int line, const QString& why) {
            std::lock_guard lock(failureMutex);
            if (failedAt == 0 || line < failedAt) {
                failedAt = line;
                failure = why;
            }
            stop = true;
        };
        while (!stop && reader.next(inputs)) {
            batch.clear();
            parsed.clear();
            for (houbu::cli::ParsedInput& in : inputs) {
                batch.append(houbu::InputLine(in.text, in.number));
                parsed.push_back(std::move(in.parsed));
            }
            if (batch.isEmpty()) continue;
            const int first = batch.front().number;
            QString why;
            const bool taken = store->submit(
                batch, &parsed,
                [&, first](bool ok, const QByteArray& events, const QList<qsizetype>&,
                           const QString& error) {
                    if (!ok)
                        failed(first, error);
                    else if (!stop && !writeAll(events))
                        stop = true;
                },
                why);
            if (!taken) {
                failed(first, why);
                break;
            }
        }
        store->flush();
        if (!failure.isEmpty()) {
            // A file describes one history: applying its later lines without
            // these would make another.
            status = 3;
            std::fprintf(stderr,
                         "houbu-cli: stopped at line %d: %s; lines %d to the end were not "
                         "applied\n",
                         failedAt, failure.toLocal8Bit().constData(), failedAt);
        }
    }
    std::fflush(stdout);
    if (const QString failure = store->snapshotFailure(); !failure.isEmpty())
        std::fprintf(stderr,
                     "houbu-cli: warning: the last snapshot was not taken (%s); every command is "
                     "journaled, but opening the store replays more of them\n",
                     failure.toLocal8Bit().constData());
    return status;
}

// Reads `--db LOCATION` (required) and `--to SEQ` (when allowed) of a store command.
bool storeArgs(int argc, char** argv, bool allowTo, QString& db, qint64& to, int& status,
               bool* authors = nullptr) {
    for (int i = 2; i < argc; ++i) {
        const std::string arg = argv[i];
        if (authors && arg == "--authors") {
            *authors = true;
        } else if (arg == "--db" && i + 1 < argc) {
            db = QString::fromLocal8Bit(argv[++i]);
        } else if (allowTo && arg == "--to" && i + 1 < argc) {
            int v = 0;
            if (!parseCount(argv[++i], v)) {
                status = usageError("--to needs a journal sequence number, at least 1");
                return false;
            }
            to = v;
        } else {
            status = usageError("unexpected argument '" + arg + "'");
            return false;
        }
    }
    if (db.isEmpty()) {
        status = usageError(std::string(argv[1]) + " needs --db LOCATION");
        return false;
    }
    return true;
}

int verify(int argc, char** argv) {
    QString db;
    qint64 to = 0;
    int status = 0;
    if (!storeArgs(argc, argv, false, db, to, status)) return status;
    // verify builds the state by its own replay: restoring it first would hold it twice.
    auto store = openStore(db, {}, houbu::StoreOptions{}.snapshotEvery, true, true);
    if (!store) return 2;
    const houbu::StoreReport r = store->verify();
    const houbu::EngineSummary& s = r.engine;
    QStringList seqs;
    for (qint64 seq : r.snapshotsChecked)
        seqs << QString::number(seq);
    const QByteArray snapshots =
        seqs.isEmpty() ? QByteArray("none found equal to the replay")
                       : QString(QStringLiteral("at commands ") + seqs.join(QStringLiteral(", ")) +
                                 QStringLiteral(", each equal to the replay"))
                             .toLocal8Bit();
    std::printf(
        "store          %s (%s, schema %d)\n"
        "journal        %lld commands, %lld events\n"
        "snapshots      %s\n"
        "clock          %s\n"
        "runs           %lld with %lld seats\n"
        "tickets        %lld held, %lld paid, %lld refunded, %lld expired\n"
        "quota blocks   %lld live\n"
        "waitlist       %lld awaiting prepayment, %lld queued, %lld fulfilled, %lld cancelled, "
        "%lld expired\n",
        r.location.toLocal8Bit().constData(), r.backend.toLatin1().constData(), r.schemaVersion,
        static_cast<long long>(r.journalLength), static_cast<long long>(r.events),
        snapshots.constData(), r.clock.toLatin1().constData(), static_cast<long long>(s.runs),
        static_cast<long long>(s.seats), static_cast<long long>(s.ticketsHeld),
        static_cast<long long>(s.ticketsPaid), static_cast<long long>(s.ticketsRefunded),
        static_cast<long long>(s.ticketsExpired), static_cast<long long>(s.blocksLive),
        static_cast<long long>(s.ordersAwaitingPrepay), static_cast<long long>(s.ordersQueued),
        static_cast<long long>(s.ordersFulfilled), static_cast<long long>(s.ordersCancelled),
        static_cast<long long>(s.ordersExpired));
    // Version 2's failures (兑现失败), under the waitlist line when there are any.
    if (s.ordersFailed > 0)
        std::printf("               %lld failed\n", static_cast<long long>(s.ordersFailed));
    if (r.problems.isEmpty()) {
        std::printf("problems       none\n");
        return 0;
    }
    std::printf("problems       %lld; the first: %s\n", static_cast<long long>(r.problems.size()),
                r.problems.first().toLocal8Bit().constData());
    for (qsizetype i = 1; i < r.problems.size(); ++i)
        std::printf("               %s\n", r.problems[i].toLocal8Bit().constData());
    return 1;
}

int replay(int argc, char** argv) {
    QString db;
    qint64 to = 0;
    int status = 0;
    if (!storeArgs(argc, argv, true, db, to, status)) return status;
    auto store = openStore(db, {}, houbu::StoreOptions{}.snapshotEvery, true, true);
    if (!store) return 2;
    QString error;
    const bool ok = store->replay(
        to, [](const QByteArray& events) { writeAll(events); }, error);
    std::fflush(stdout);
    if (!ok) {
        std::fprintf(stderr, "houbu-cli: %s\n", error.toLocal8Bit().constData());
        return 1;
    }
    return 0;
}

// `events --db LOCATION (--order ID | --run TRAIN DATE)`: one order's or one
// run's events, re-derived from their part of the journal.
int events(int argc, char** argv) {
    QString db;
    houbu::EventFilter filter;
    for (int i = 2; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--db" && i + 1 < argc) {
            db = QString::fromLocal8Bit(argv[++i]);
        } else if (arg == "--order" && i + 1 < argc) {
            filter.order = QString::fromLocal8Bit(argv[++i]);
        } else if (arg == "--run" && i + 2 < argc) {
            filter.train = QString::fromLocal8Bit(argv[++i]);
            filter.date = QString::fromLocal8Bit(argv[++i]);
        } else {
            return usageError("events: unknown or incomplete option '" + arg + "'");
        }
    }
    if (db.isEmpty()) return usageError("events needs --db LOCATION");
    if (filter.order.isEmpty() == filter.train.isEmpty())
        return usageError("events needs --order ID or --run TRAIN DATE");
    auto store = openStore(db, {}, houbu::StoreOptions{}.snapshotEvery, true, true);
    if (!store) return 2;
    qint64 after = 0;
    for (;;) {
        QByteArray out;
        qint64 scanned = after;
        QString error;
        if (!store->readEventsOf(filter, after, 10000, out, scanned, error)) {
            std::fprintf(stderr, "houbu-cli: %s\n", error.toLocal8Bit().constData());
            return 1;
        }
        if (!writeAll(out)) return 1;
        if (scanned <= after) break;
        after = scanned;
    }
    std::fflush(stdout);
    return 0;
}

int exportJournal(int argc, char** argv) {
    QString db;
    qint64 to = 0;
    int status = 0;
    bool authors = false;
    if (!storeArgs(argc, argv, false, db, to, status, &authors)) return status;
    auto store = openStore(db, {}, houbu::StoreOptions{}.snapshotEvery, true);
    if (!store) return 2;
    QFile out;
    if (!out.open(stdout, QIODevice::WriteOnly))
        return usageError("cannot write to standard output");
    QString error;
    if (!store->exportScenario(out, error, authors)) {
        std::fprintf(stderr, "houbu-cli: %s\n", error.toLocal8Bit().constData());
        return 1;
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    houbu::restartWithHugePages(argv);  // before anything allocates
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("houbu"));
    if (argc < 2) return usageError("no command given");
    const std::string command = argv[1];
    if (command == "--help" || command == "help" || command == "-h") {
        std::fputs(kUsage, stdout);
        return 0;
    }
    if (command == "run") return run(argc, argv);
    if (command == "verify") return verify(argc, argv);
    if (command == "replay") return replay(argc, argv);
    if (command == "export") return exportJournal(argc, argv);
    if (command == "events") return events(argc, argv);
    if (command == "gen") return houbu::tools::genMain(argc, argv);
    if (command == "bench") return houbu::tools::benchMain(argc, argv);
    return usageError("unknown command '" + command + "'");
}
