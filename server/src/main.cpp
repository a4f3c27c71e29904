// houbud: the Houbu engine and store behind an HTTP API and an event stream.

#include <sys/socket.h>
#include <unistd.h>

#include <QCoreApplication>
#include <QSocketNotifier>
#include <cmath>
#include <csignal>
#include <cstdio>

#include "houbu/huge_pages.h"
#include "houbu/server.h"

namespace {

using namespace Qt::StringLiterals;

constexpr const char* kUsage = R"(Usage: houbud [serve] [options]
       houbud token add --role viewer|dispatcher|admin [--name NAME] [options]
       houbud token list [options]
       houbud token revoke ID|NAME [options]

Serves the engine and its store over HTTP (docs/remote-api.md).

Options (flags override the configuration file):
  --config FILE        JSON configuration; keys as the long flags below
                       ('_' for '-'; timeouts in seconds)
  --listen ADDR:PORT   address and port (default 127.0.0.1:8480; port 0 = any)
  --store LOCATION     SQLite file (created if missing) or
                       postgresql://user[:password]@host[:port]/database
  --follow LOCATION    follow the writer of a postgresql://... store instead:
                       its journal applied as it grows; reads, /events and
                       the stream served here; commands answered 307 with
                       the writer's address (docs/remote-api.md, Followers)
  --failover           with --follow: take over as the writer when no writer
                       holds the store, or when its writer stopped answering
                       for 3 s (its session is ended); fenced by the journal
  --advertise URL      the address announced in a PostgreSQL store for its
                       followers' redirects (default http[s]://LISTEN)
  --tokens FILE        token file (default: the SQLite store's path + .tokens;
                       required with PostgreSQL)
  --tls-cert FILE      PEM certificate: serve HTTPS and WSS only
  --tls-key FILE       PEM private key (unencrypted) of the certificate
  --max-body BYTES     largest request body (default 1048576; 413 beyond,
                       before the body is read)
  --max-commands N     most commands in one request (default 10000)
  --rate R[,BURST]     requests per second per token and bucket size
                       (default 1000,2000; 0 = no limit; 429 beyond)
  --refusal-rate R[,BURST]
                       refused requests (4xx) per second per client address
                       and bucket size (default 10,100; 0 = no limit); beyond,
                       429 a second late before the token is checked, and new
                       connections from it closed at once, unlogged
  --group N            most commands per transaction (default 512)
  --snapshot-every N   commands between engine snapshots (default 100000)
  --port-file FILE     write the bound port there once listening

Limits on every connection, enforced before Qt HttpServer parses a byte
(a refused request is answered, then its connection is closed):
  --max-url BYTES      longest request target (default 8192; 414 beyond)
  --max-header-bytes BYTES
                       header fields of one request (default 16384; 431)
  --max-headers N      header fields of one request (default 100, the most; 431)
  --max-connections N  open at once (default 1000; beyond: 503, or closed
                       before the handshake with TLS)
  --max-connections-per-client N
                       open at once from one address (default 100)
  --first-byte-timeout S
                       accept (and TLS handshake) to the first byte (default 10)
  --read-timeout S     longest pause inside a request (408), or while an
                       answer is not read (closed) (default 10)
  --request-timeout S  one whole request, head and body (default 30; 408)
  --idle-timeout S     last answer to the next request (default 30; closed)
Seconds may have decimals. Requests must frame their body with one
Content-Length (Transfer-Encoding: 411; both, or several: 400).

SIGTERM or SIGINT: stop accepting connections, answer every request already
received (their commands committed), close the store, exit 0.
)";

int signalPipe[2] = {-1, -1};

void onSignal(int) {
    const char c = 1;
    [[maybe_unused]] const auto n = ::write(signalPipe[1], &c, 1);
}

int usage(const QString& message) {
    std::fprintf(stderr, "houbud: %s\nTry 'houbud --help'.\n", qPrintable(message));
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    houbu::restartWithHugePages(argv);  // before anything allocates
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(u"houbud"_s);
    QStringList args = app.arguments().mid(1);
    if (args.contains(u"--help"_s) || args.contains(u"-h"_s) || args.value(0) == "help"_L1) {
        std::fputs(kUsage, stdout);
        return 0;
    }
    QString mode = u"serve"_s, tokenAction;
    if (!args.isEmpty() && args.first() == "serve"_L1) args.removeFirst();
    if (!args.isEmpty() && args.first() == "token"_L1) {
        mode = u"token"_s;
        args.removeFirst();
        if (args.isEmpty()) return usage(u"token needs add, list or revoke"_s);
        tokenAction = args.takeFirst();
    }

    houbu::ServerOptions options;
    QString config, role, name, revokeId;
    // The configuration file first, so that flags override it.
    if (const qsizetype at = args.indexOf(u"--config"_s); at >= 0) {
        config = args.value(at + 1);
        if (config.isEmpty()) return usage(u"--config needs a FILE"_s);
        QString error;
        if (!houbu::loadConfig(config, options, error)) return usage(error);
        args.remove(at, 2);
    }
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString a = args[i];
        auto value = [&](QString& out) {
            if (i + 1 >= args.size()) return false;
            out = args[++i];
            return true;
        };
        auto number = [&](qint64& out) {
            QString v;
            bool ok = false;
            if (!value(v)) return false;
            out = v.toLongLong(&ok);
            return ok && out >= 0;
        };
        QString v;
        qint64 n = 0;
        if (a == "--listen"_L1) {
            if (!value(v) || !houbu::parseListen(v, options.address, options.port))
                return usage(u"--listen needs ADDRESS:PORT"_s);
        } else if (a == "--store"_L1) {
            if (!value(options.store.location)) return usage(u"--store needs a LOCATION"_s);
        } else if (a == "--follow"_L1) {
            if (!value(options.store.location) || !options.store.location.startsWith("postgres"_L1))
                return usage(u"--follow needs a postgresql://... LOCATION"_s);
            options.follow = true;
        } else if (a == "--failover"_L1) {
            options.failover = true;
        } else if (a == "--advertise"_L1) {
            if (!value(options.advertise)) return usage(u"--advertise needs a URL"_s);
        } else if (a == "--tokens"_L1) {
            if (!value(options.tokensPath)) return usage(u"--tokens needs a FILE"_s);
        } else if (a == "--tls-cert"_L1) {
            if (!value(options.tlsCertificate)) return usage(u"--tls-cert needs a FILE"_s);
        } else if (a == "--tls-key"_L1) {
            if (!value(options.tlsKey)) return usage(u"--tls-key needs a FILE"_s);
        } else if (a == "--max-body"_L1) {
            if (!number(options.maxBody)) return usage(u"--max-body needs a byte count"_s);
        } else if (a == "--max-commands"_L1) {
            if (!number(n) || n < 1) return usage(u"--max-commands needs a positive count"_s);
            options.maxCommands = static_cast<int>(n);
        } else if (a == "--rate"_L1) {
            if (!value(v)) return usage(u"--rate needs R[,BURST]"_s);
            const QStringList parts = v.split(u',');
            bool ok1 = false, ok2 = true;
            options.rate = parts[0].toDouble(&ok1);
            options.burst = parts.size() > 1 ? parts[1].toDouble(&ok2) : 2 * options.rate;
            if (!ok1 || !ok2 || options.rate < 0 || parts.size() > 2 ||
                (options.rate > 0 && options.burst < 1))
                return usage(u"--rate needs R[,BURST] (R >= 0, BURST >= 1)"_s);
        } else if (a == "--group"_L1) {
            if (!number(n) || n < 1) return usage(u"--group needs a positive count"_s);
            options.group = static_cast<int>(n);
        } else if (a == "--snapshot-every"_L1) {
            if (!number(n) || n < 1) return usage(u"--snapshot-every needs a positive count"_s);
            options.store.snapshotEvery = static_cast<int>(n);
        } else if (a == "--max-url"_L1) {
            if (!number(n) || n < 1) return usage(u"--max-url needs a positive byte count"_s);
            options.maxUrlBytes = n;
        } else if (a == "--max-header-bytes"_L1) {
            if (!number(n) || n < 1)
                return usage(u"--max-header-bytes needs a positive byte count"_s);
            options.maxHeaderBytes = n;
        } else if (a == "--max-headers"_L1) {
            if (!number(n) || n < 1 || n > houbu::kMostHeaders)
                return usage(
                    u"--max-headers needs a count from 1 to %1"_s.arg(houbu::kMostHeaders));
            options.maxHeaders = static_cast<int>(n);
        } else if (a == "--max-connections"_L1) {
            if (!number(n) || n < 1 || n > (1 << 20))
                return usage(u"--max-connections needs a positive count"_s);
            options.maxConnections = static_cast<int>(n);
        } else if (a == "--refusal-rate"_L1) {
            if (!value(v)) return usage(u"--refusal-rate needs R[,BURST]"_s);
            const QStringList parts = v.split(u',');
            bool ok1 = false, ok2 = true;
            options.refusalRate = parts[0].toDouble(&ok1);
            options.refusalBurst =
                parts.size() > 1 ? parts[1].toDouble(&ok2) : 10 * options.refusalRate;
            if (!ok1 || !ok2 || options.refusalRate < 0 || parts.size() > 2 ||
                (options.refusalRate > 0 && options.refusalBurst < 1))
                return usage(u"--refusal-rate needs R[,BURST] (R >= 0, BURST >= 1)"_s);
        } else if (a == "--max-connections-per-client"_L1) {
            if (!number(n) || n < 1 || n > (1 << 20))
                return usage(u"--max-connections-per-client needs a positive count"_s);
            options.maxConnectionsPerClient = static_cast<int>(n);
        } else if (a == "--first-byte-timeout"_L1 || a == "--read-timeout"_L1 ||
                   a == "--request-timeout"_L1 || a == "--idle-timeout"_L1) {
            bool ok = false;
            const double s = value(v) ? v.toDouble(&ok) : 0;
            if (!ok || !(s > 0 && s <= 86400)) return usage(a + u" needs seconds above 0"_s);
            const int ms = static_cast<int>(std::ceil(s * 1000));
            if (a == "--first-byte-timeout"_L1) options.firstByteTimeoutMs = ms;
            if (a == "--read-timeout"_L1) options.readTimeoutMs = ms;
            if (a == "--request-timeout"_L1) options.requestTimeoutMs = ms;
            if (a == "--idle-timeout"_L1) options.idleTimeoutMs = ms;
        } else if (a == "--port-file"_L1) {
            if (!value(options.portFile)) return usage(u"--port-file needs a FILE"_s);
        } else if (a == "--role"_L1 && mode == "token"_L1) {
            if (!value(role)) return usage(u"--role needs viewer, dispatcher or admin"_s);
        } else if (a == "--name"_L1 && mode == "token"_L1) {
            if (!value(name)) return usage(u"--name needs a NAME"_s);
        } else if (mode == "token"_L1 && tokenAction == "revoke"_L1 && revokeId.isEmpty() &&
                   !a.startsWith(u'-')) {
            revokeId = a;
        } else {
            return usage(u"unknown argument '%1'"_s.arg(a));
        }
    }

    if (options.failover && !options.follow)
        return usage(u"--failover takes over a store as its follower: give --follow too"_s);
    if (mode == "token"_L1) {
        const QString path = houbu::tokensPathFor(options);
        if (path.isEmpty()) return usage(u"give --tokens FILE or --store PATH (or --config)"_s);
        houbu::TokenStore tokens(path);
        QString error;
        if (tokenAction == "add"_L1) {
            const auto r = houbu::roleFrom(role);
            if (!r) return usage(u"token add needs --role viewer|dispatcher|admin"_s);
            QString token;
            houbu::TokenInfo info;
            if (!tokens.add(*r, name, token, info, error)) return usage(error);
            std::printf("%s\n", qPrintable(token));
            std::fprintf(stderr,
                         "houbud: token %s (%s, %s) added to %s; it is shown only this once\n",
                         qPrintable(info.id), qPrintable(info.name),
                         qPrintable(houbu::roleName(info.role)), qPrintable(path));
            return 0;
        }
        if (tokenAction == "list"_L1) {
            QList<houbu::TokenInfo> list;
            if (!tokens.list(list, error)) return usage(error);
            for (const auto& t : list)
                std::printf("%s\t%s\t%s\t%s%s\n", qPrintable(t.id),
                            qPrintable(houbu::roleName(t.role)), qPrintable(t.name),
                            qPrintable(t.created.toString(Qt::ISODate)),
                            t.revoked ? "\trevoked" : "");
            return 0;
        }
        if (tokenAction == "revoke"_L1) {
            if (revokeId.isEmpty()) return usage(u"token revoke needs an ID or NAME"_s);
            houbu::TokenInfo info;
            if (!tokens.revoke(revokeId, info, error)) {
                std::fprintf(stderr, "houbud: %s\n", qPrintable(error));
                return 1;
            }
            std::fprintf(stderr, "houbud: token %s (%s) revoked\n", qPrintable(info.id),
                         qPrintable(info.name));
            return 0;
        }
        return usage(u"unknown token action '%1'"_s.arg(tokenAction));
    }

    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, signalPipe) != 0) {
        std::perror("houbud: socketpair");
        return 1;
    }
    struct sigaction sa {};
    sa.sa_handler = onSignal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigaction(SIGTERM, &sa, nullptr);
    sigaction(SIGINT, &sa, nullptr);
    std::signal(SIGPIPE, SIG_IGN);
    // A store file past the size limit (RLIMIT_FSIZE) is a full disk: the
    // write fails and the server goes read-only instead of being killed.
    std::signal(SIGXFSZ, SIG_IGN);

    houbu::Server server(options);
    QString error;
    if (!server.start(error)) {
        std::fprintf(stderr, "houbud: %s\n", qPrintable(error));
        return 2;
    }
    QSocketNotifier notifier(signalPipe[0], QSocketNotifier::Read);
    QObject::connect(&notifier, &QSocketNotifier::activated, &server, [&] {
        char c = 0;
        [[maybe_unused]] const auto n = ::read(signalPipe[0], &c, 1);
        server.shutdown();
    });
    QObject::connect(&server, &houbu::Server::stopped, &app, &QCoreApplication::quit);
    return app.exec();
}
