// houbud-load: concurrent clients sending commands to houbud over HTTP/1.1
// keep-alive connections for a fixed time; reports commands per second,
// latency percentiles and errors, and records every acknowledged command with
// its journal position so that `check` can prove none was lost. Readers
// beside them GET a path (a seat map by default) from other servers (the
// writer's followers), spread over them, and are reported apart.
//
//   houbud-load run --url http://127.0.0.1:PORT --token T [--clients 50]
//                   [--duration 30] [--batch 1] [--acks FILE]
//                   [--readers N --read-urls URL[,URL...] [--read-path PATH]]
//   houbud-load check --acks FILE --journal EXPORT   (houbu-cli export output)

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpSocket>
#include <QTimer>
#include <QUrl>
#include <algorithm>
#include <cstdio>
#include <memory>
#include <vector>

using namespace Qt::StringLiterals;

namespace {

const QByteArray kTrain =
    R"({"op":"train","at":"2024-01-05T09:00","train":"L1","date":"2024-01-20","stops":[{"station":"A","km":0,"dep":"08:00"},{"station":"B","km":100,"arr":"08:40","dep":"08:42"},{"station":"C","km":200,"arr":"09:30"}],"cars":[{"car":1,"class":"二等座","rows":40,"layout":"ABCDF"}]})";

struct Ack {
    qint64 journal = 0;
    QByteArray command;
};

struct Stats {
    std::vector<qint64> latencyUs;
    qint64 commands = 0;
    qint64 errors = 0;
    QByteArray firstError;
    std::vector<Ack> acks;
};

// One client: one connection, one request in flight at a time.
class Client : public QObject {
  public:
    // With a `readPath`, a reader: GETs it again and again.
    Client(int id, const QUrl& url, const QByteArray& token, int batch, Stats& stats,
           const QElapsedTimer& clock, qint64 endMs, const QByteArray& readPath = {})
        : id_(id),
          url_(url),
          token_(token),
          readPath_(readPath),
          batch_(batch),
          stats_(stats),
          clock_(clock),
          endMs_(endMs) {
        connect(&socket_, &QTcpSocket::connected, this, &Client::next);
        connect(&socket_, &QTcpSocket::readyRead, this, &Client::onRead);
        connect(&socket_, &QTcpSocket::errorOccurred, this, [this] {
            ++stats_.errors;
            if (stats_.firstError.isEmpty()) stats_.firstError = socket_.errorString().toUtf8();
            done_ = true;
        });
        socket_.setSocketOption(QAbstractSocket::LowDelayOption, 1);
        socket_.connectToHost(url_.host(), static_cast<quint16>(url_.port(80)));
    }
    bool done() const { return done_; }

  private:
    QByteArray command() {
        // Sell a ticket, then refund it: the seats never run out.
        const bool refund = n_ % 2 == 1;
        const QByteArray sale = "c" + QByteArray::number(id_) + "-" + QByteArray::number(n_ / 2);
        ++n_;
        if (refund) return "{\"op\":\"refund\",\"id\":\"" + sale + "\"}";
        return "{\"op\":\"sell\",\"id\":\"" + sale +
               "\",\"train\":\"L1\",\"date\":\"2024-01-20\",\"from\":\"A\",\"to\":\"C\","
               "\"class\":\"二等座\",\"passengers\":[\"" +
               sale + "\"]}";
    }

    void next() {
        if (clock_.elapsed() >= endMs_) {
            done_ = true;
            socket_.disconnectFromHost();
            return;
        }
        sent_.clear();
        if (!readPath_.isEmpty()) {
            startUs_ = clock_.nsecsElapsed() / 1000;
            socket_.write("GET " + readPath_ + " HTTP/1.1\r\nHost: " + url_.host().toLatin1() +
                          "\r\nAuthorization: Bearer " + token_ + "\r\n\r\n");
            return;
        }
        QByteArray body;
        for (int i = 0; i < batch_; ++i) {
            sent_ << command();
            body += sent_.last() + '\n';
        }
        QByteArray request = "POST /api/v1/commands HTTP/1.1\r\nHost: " + url_.host().toLatin1() +
                             "\r\nAuthorization: Bearer " + token_ +
                             "\r\nContent-Type: application/x-ndjson\r\nContent-Length: " +
                             QByteArray::number(body.size()) + "\r\n\r\n" + body;
        startUs_ = clock_.nsecsElapsed() / 1000;
        socket_.write(request);
    }

    void onRead() {
        buffer_ += socket_.readAll();
        const qsizetype headEnd = buffer_.indexOf("\r\n\r\n");
        if (headEnd < 0) return;
        const QByteArray head = buffer_.left(headEnd).toLower();
        const qsizetype cl = head.indexOf("content-length:");
        const qint64 length =
            cl < 0 ? 0 : head.mid(cl + 15, head.indexOf('\r', cl) - cl - 15).trimmed().toLongLong();
        if (buffer_.size() < headEnd + 4 + length) return;
        const QByteArray body = buffer_.mid(headEnd + 4, length);
        buffer_.remove(0, headEnd + 4 + length);
        stats_.latencyUs.push_back(clock_.nsecsElapsed() / 1000 - startUs_);
        if (head.startsWith("http/1.1 200") && !readPath_.isEmpty()) {
            ++stats_.commands;  // a read
        } else if (head.startsWith("http/1.1 200")) {
            stats_.commands += batch_;
            const qint64 first = QJsonDocument::fromJson(body)
                                     .object()
                                     .value("journal"_L1)
                                     .toArray()
                                     .at(0)
                                     .toInteger();
            for (int i = 0; i < sent_.size(); ++i)
                stats_.acks.push_back({first + i, sent_[i]});
        } else {
            ++stats_.errors;
            if (stats_.firstError.isEmpty())
                stats_.firstError = head.left(200) + ' ' + body.left(200);
        }
        next();
    }

    int id_;
    QUrl url_;
    QByteArray token_;
    QByteArray readPath_;
    int batch_;
    Stats& stats_;
    const QElapsedTimer& clock_;
    qint64 endMs_;
    QTcpSocket socket_;
    QByteArray buffer_;
    QList<QByteArray> sent_;
    qint64 startUs_ = 0;
    qint64 n_ = 0;
    bool done_ = false;
};

int usage() {
    std::fprintf(stderr,
                 "usage: houbud-load run --url URL --token T [--clients N] [--duration S] "
                 "[--batch N] [--acks FILE] [--readers N --read-urls URL[,URL...] "
                 "[--read-path PATH]]\n       houbud-load check --acks FILE --journal "
                 "EXPORT\n");
    return 2;
}

int check(const QString& acksPath, const QString& journalPath) {
    QFile a(acksPath), j(journalPath);
    if (!a.open(QIODevice::ReadOnly) || !j.open(QIODevice::ReadOnly)) return usage();
    QList<QByteArray> journal;
    for (const QByteArray& line : j.readAll().split('\n'))
        if (!line.isEmpty() && !line.startsWith('#')) journal << line;
    qint64 checked = 0, missing = 0;
    for (const QByteArray& line : a.readAll().split('\n')) {
        if (line.isEmpty()) continue;
        const qsizetype tab = line.indexOf('\t');
        const qint64 seq = line.left(tab).toLongLong();
        ++checked;
        if (seq < 1 || seq > journal.size() || journal[seq - 1] != line.mid(tab + 1)) {
            if (missing++ < 5)
                std::fprintf(stderr, "not in the journal at %lld: %s\n",
                             static_cast<long long>(seq), line.mid(tab + 1).constData());
        }
    }
    std::printf(
        "acknowledged commands checked: %lld, missing from the journal: %lld, journal "
        "length: %lld\n",
        static_cast<long long>(checked), static_cast<long long>(missing),
        static_cast<long long>(journal.size()));
    return missing == 0 && checked > 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    if (args.isEmpty()) return usage();
    const QString mode = args.takeFirst();
    QHash<QString, QString> opt;
    for (qsizetype i = 0; i + 1 < args.size(); i += 2)
        opt.insert(args[i], args[i + 1]);
    if (mode == "check"_L1) return check(opt.value(u"--acks"_s), opt.value(u"--journal"_s));
    if (mode != "run"_L1) return usage();
    const QUrl url(opt.value(u"--url"_s));
    const QByteArray token = opt.value(u"--token"_s).toLatin1();
    const int clients = opt.value(u"--clients"_s, u"50"_s).toInt();
    const double duration = opt.value(u"--duration"_s, u"30"_s).toDouble();
    const int batch = std::max(1, opt.value(u"--batch"_s, u"1"_s).toInt());
    if (!url.isValid() || token.isEmpty() || clients < 1 || duration <= 0) return usage();

    // The train first, through one request.
    {
        QTcpSocket s;
        s.connectToHost(url.host(), static_cast<quint16>(url.port(80)));
        if (!s.waitForConnected(5000)) {
            std::fprintf(stderr, "houbud-load: cannot connect: %s\n", qPrintable(s.errorString()));
            return 1;
        }
        s.write("POST /api/v1/commands HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + token +
                "\r\nContent-Length: " + QByteArray::number(kTrain.size()) + "\r\n\r\n" + kTrain);
        s.waitForReadyRead(10000);
        const QByteArray answer = s.readAll();
        if (!answer.startsWith("HTTP/1.1 200")) {
            std::fprintf(stderr, "houbud-load: the train was refused: %s\n",
                         answer.left(300).constData());
            return 1;
        }
    }

    Stats stats, reads;
    QElapsedTimer clock;
    clock.start();
    const auto endMs = static_cast<qint64>(duration * 1000);
    std::vector<std::unique_ptr<Client>> pool;
    for (int i = 0; i < clients; ++i)
        pool.push_back(std::make_unique<Client>(i, url, token, batch, stats, clock, endMs));
    const int readers = opt.value(u"--readers"_s, u"0"_s).toInt();
    const QStringList readUrls = opt.value(u"--read-urls"_s).split(u',', Qt::SkipEmptyParts);
    const QByteArray readPath =
        opt.value(u"--read-path"_s, u"/api/v1/runs/L1/2024-01-20/seats"_s).toUtf8();
    if (readers > 0 && readUrls.isEmpty()) return usage();
    for (int i = 0; i < readers; ++i)
        pool.push_back(std::make_unique<Client>(clients + i, QUrl(readUrls[i % readUrls.size()]),
                                                token, 1, reads, clock, endMs, readPath));
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &app, [&] {
        if (std::all_of(pool.begin(), pool.end(), [](const auto& c) { return c->done(); }))
            app.quit();
        if (clock.elapsed() > endMs + 30000) app.quit();  // bounded, whatever happens
    });
    poll.start(50);
    app.exec();
    const double seconds = clock.nsecsElapsed() / 1e9;

    std::sort(stats.latencyUs.begin(), stats.latencyUs.end());
    std::sort(reads.latencyUs.begin(), reads.latencyUs.end());
    auto pctOf = [](const Stats& s, double p) -> double {
        if (s.latencyUs.empty()) return 0;
        const auto i = static_cast<std::size_t>(p * (s.latencyUs.size() - 1));
        return s.latencyUs[i] / 1000.0;
    };
    auto pct = [&](double p) { return pctOf(stats, p); };
    std::printf("clients %d, %d command(s) per request, %.1f s\n", clients, batch, seconds);
    std::printf("acknowledged commands: %lld (%.0f commands/s), requests: %zu\n",
                static_cast<long long>(stats.commands), stats.commands / seconds,
                stats.latencyUs.size());
    std::printf("latency ms: p50 %.2f  p99 %.2f  max %.2f\n", pct(0.5), pct(0.99), pct(1.0));
    std::printf("errors: %lld%s%s\n", static_cast<long long>(stats.errors),
                stats.firstError.isEmpty() ? "" : " first: ", stats.firstError.constData());
    if (readers > 0) {
        std::printf("readers %d over %lld server(s): %lld reads (%.0f reads/s)\n", readers,
                    static_cast<long long>(readUrls.size()), static_cast<long long>(reads.commands),
                    reads.commands / seconds);
        std::printf("read latency ms: p50 %.2f  p99 %.2f  max %.2f\n", pctOf(reads, 0.5),
                    pctOf(reads, 0.99), pctOf(reads, 1.0));
        std::printf("read errors: %lld%s%s\n", static_cast<long long>(reads.errors),
                    reads.firstError.isEmpty() ? "" : " first: ", reads.firstError.constData());
    }
    if (opt.contains(u"--acks"_s)) {
        QFile f(opt.value(u"--acks"_s));
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) return 1;
        QByteArray out;
        for (const Ack& a : stats.acks)
            out += QByteArray::number(a.journal) + '\t' + a.command + '\n';
        f.write(out);
    }
    return stats.errors == 0 && reads.errors == 0 ? 0 : 1;
}
