// houbud-attack: hostile clients against houbud on loopback, with /health
// timed meanwhile on fresh connections from 127.0.0.1. Attackers come from
// other 127.0.0.0/8 addresses, so the per-address limit applies to them and
// not to the honest clients (scripts/bench-attack.sh runs houbud-load beside).
//
//   houbud-attack probe --port P --pid PID
//       idle sockets (500 from one address, 500 from 50), 50 slowloris
//       sockets, one 50 MB header: what is held, for how long, the server's
//       memory, /health latency
//   houbud-attack mix --port P --pid PID --duration S
//       slowloris, bad-token floods and oversized headers at once for S s

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QHostAddress>
#include <QPointer>
#include <QRandomGenerator>
#include <QTcpSocket>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <vector>

using namespace Qt::StringLiterals;

namespace {

quint16 gPort = 0;
qint64 gPid = 0;
QElapsedTimer gClock;

void wait(int ms) {
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

// The server's resident memory, MB.
double rssMb() {
    QFile f(u"/proc/%1/status"_s.arg(gPid));
    if (!f.open(QIODevice::ReadOnly)) return -1;
    for (const QByteArray& line : f.readAll().split('\n'))
        if (line.startsWith("VmRSS:")) return line.mid(6).trimmed().split(' ')[0].toDouble() / 1024;
    return -1;
}

QTcpSocket* connectFrom(const QHostAddress& from, QObject* parent) {
    auto* s = new QTcpSocket(parent);
    s->bind(from);
    s->connectToHost(QHostAddress::LocalHost, gPort);
    return s;
}

QHostAddress address(int a, int b) {
    return QHostAddress(u"127.0.%1.%2"_s.arg(a).arg(b));
}

double pct(std::vector<double> v, double p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, static_cast<size_t>(p * double(v.size())))];
}

// /health on a fresh connection every `everyMs`: connect, ask, read to the close.
class Prober : public QObject {
  public:
    std::vector<double> ms;
    int failed = 0;
    explicit Prober(int everyMs) {
        timer_.setInterval(everyMs);
        connect(&timer_, &QTimer::timeout, this, &Prober::probe);
        timer_.start();
    }
    void stop() { timer_.stop(); }
    void reset() {
        ms.clear();
        failed = 0;
    }
    QByteArray summary() const {
        return QString::asprintf(
                   "/health %zu probes: p50 %.1f ms, p99 %.1f ms, max %.1f ms, %d "
                   "failed",
                   ms.size(), pct(ms, 0.5), pct(ms, 0.99), pct(ms, 1.0), failed)
            .toUtf8();
    }

  private:
    void probe() {
        auto* s = new QTcpSocket(this);
        auto start = std::make_shared<QElapsedTimer>();
        start->start();
        auto got = std::make_shared<QByteArray>();
        connect(s, &QTcpSocket::connected, s,
                [s] { s->write("GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"); });
        connect(s, &QTcpSocket::readyRead, s, [s, got] { *got += s->readAll(); });
        connect(s, &QTcpSocket::disconnected, s, [this, s, start, got] {
            if (s->isOpen()) *got += s->readAll();
            if (got->startsWith("HTTP/1.1 200"))
                ms.push_back(double(start->nsecsElapsed()) / 1e6);
            else
                ++failed;
            s->deleteLater();
        });
        connect(s, &QTcpSocket::errorOccurred, s, [this, s](QAbstractSocket::SocketError e) {
            if (e == QAbstractSocket::RemoteHostClosedError) return;
            ++failed;
            s->deleteLater();
        });
        QTimer::singleShot(10000, s, [this, s] {
            ++failed;
            s->abort();
        });
        s->connectToHost(QHostAddress::LocalHost, gPort);
    }
    QTimer timer_;
};

// Counts how many of a set of sockets are still open, and when the last closed.
struct Held {
    std::vector<QPointer<QTcpSocket>> sockets;
    int open() const {
        return static_cast<int>(std::count_if(sockets.begin(), sockets.end(), [](const auto& s) {
            return s && s->state() == QAbstractSocket::ConnectedState;
        }));
    }
};

int waitClosed(Held& held, int mostMs) {
    QElapsedTimer t;
    t.start();
    while (held.open() > 0 && t.elapsed() < mostMs)
        wait(100);
    return static_cast<int>(t.elapsed());
}

void idleProbe(Prober& prober, int count, int addresses, const char* what) {
    QObject owner;
    Held held;
    prober.reset();
    for (int i = 0; i < count; ++i) {
        QTcpSocket* s = connectFrom(
            addresses == 1 ? QHostAddress(u"127.0.0.2"_s) : address(2, 1 + i % addresses), &owner);
        QObject::connect(s, &QTcpSocket::readyRead, s, [s] { s->readAll(); });
        held.sockets.emplace_back(s);
    }
    wait(1000);
    const int at1 = held.open();
    const int took = waitClosed(held, 20000);
    std::printf("%s: %d sockets, %d held after 1 s, %d after %.1f s; %s\n", what, count, at1,
                held.open(), (1000 + took) / 1000.0, prober.summary().constData());
}

void slowlorisProbe(Prober& prober, int count) {
    QObject owner;
    Held held;
    prober.reset();
    int timeouts = 0;
    for (int i = 0; i < count; ++i) {
        QTcpSocket* s = connectFrom(address(3, 1 + i % 10), &owner);
        QObject::connect(s, &QTcpSocket::connected, s,
                         [s] { s->write("GET /health HTTP/1.1\r\nHost: x\r\n"); });
        QObject::connect(s, &QTcpSocket::readyRead, s, [s, &timeouts] {
            if (s->readAll().contains("HTTP/1.1 408")) ++timeouts;
        });
        held.sockets.emplace_back(s);
    }
    QTimer trickle;
    QObject::connect(&trickle, &QTimer::timeout, &owner, [&held] {
        for (auto& s : held.sockets)
            if (s && s->state() == QAbstractSocket::ConnectedState) s->write("X-a: b\r\n");
    });
    trickle.start(5000);  // a header line every 5 s: never a 10 s pause
    wait(1000);
    const int at1 = held.open();
    const int took = waitClosed(held, 60000);
    std::printf(
        "slowloris (a header line every 5 s): %d sockets, %d held after 1 s, %d after "
        "%.1f s, %d answered 408; %s\n",
        count, at1, held.open(), (1000 + took) / 1000.0, timeouts, prober.summary().constData());
}

void hugeHeaderProbe(Prober& prober, qint64 bytes) {
    prober.reset();
    const double before = rssMb();
    double peak = before;
    QTcpSocket s;
    s.bind(QHostAddress(u"127.0.0.4"_s));
    s.connectToHost(QHostAddress::LocalHost, gPort);
    s.waitForConnected(5000);
    QByteArray answer;
    qint64 sent = 0;
    const QByteArray chunk(1 << 20, 'a');
    s.write("GET /health HTTP/1.1\r\nX-Huge: ");
    QElapsedTimer t;
    t.start();
    while (sent < bytes && s.state() == QAbstractSocket::ConnectedState && t.elapsed() < 30000) {
        if (s.bytesToWrite() < (4 << 20)) {
            s.write(chunk);
            sent += chunk.size();
        }
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        s.waitForBytesWritten(20);
        answer += s.readAll();
        peak = std::max(peak, rssMb());
    }
    for (int i = 0; i < 20 && s.state() == QAbstractSocket::ConnectedState; ++i) {
        s.waitForReadyRead(100);
        answer += s.readAll();
        peak = std::max(peak, rssMb());
    }
    wait(500);
    std::printf(
        "%lld MB header: answer \"%s\", %s after %.1f MB written; server RSS %.1f MB "
        "before, %.1f MB at most, %.1f MB after; %s\n",
        static_cast<long long>(bytes >> 20), answer.left(answer.indexOf('\r')).constData(),
        s.state() == QAbstractSocket::ConnectedState ? "still open" : "closed",
        double(sent - s.bytesToWrite()) / (1 << 20), before, peak, rssMb(),
        prober.summary().constData());
}

// ---- the mix ----------------------------------------------------------------------

struct Counts {
    std::map<QByteArray, qint64> statuses;  // "401", "408", "431", ...
    qint64 connections = 0;
    void add(const QByteArray& got) {
        qsizetype at = 0;
        while ((at = got.indexOf("HTTP/1.1 ", at)) >= 0) {
            statuses[got.mid(at + 9, 3)]++;
            at += 9;
        }
    }
};

// Keeps `count` attacker connections open: `start` begins each, `onRead` reacts.
class Swarm : public QObject {
  public:
    Swarm(int count, int subnet, Counts& counts, std::function<void(QTcpSocket*)> start,
          std::function<void(QTcpSocket*, const QByteArray&)> onRead)
        : counts_(counts), start_(std::move(start)), onRead_(std::move(onRead)), subnet_(subnet) {
        for (int i = 0; i < count; ++i)
            spawn(i);
    }
    ~Swarm() override {
        stopping_ = true;
        for (QTcpSocket* s : findChildren<QTcpSocket*>()) {
            s->disconnect();
            delete s;
        }
    }
    void stop() { stopping_ = true; }

  private:
    void spawn(int i) {
        if (stopping_) return;
        QTcpSocket* s = connectFrom(address(subnet_, 1 + i % 50), this);
        ++counts_.connections;
        connect(s, &QTcpSocket::connected, s, [this, s] { start_(s); });
        connect(s, &QTcpSocket::readyRead, s, [this, s] {
            const QByteArray got = s->readAll();
            counts_.add(got);
            onRead_(s, got);
        });
        connect(s, &QTcpSocket::disconnected, this, [this, s, i] {
            if (s->isOpen()) counts_.add(s->readAll());
            s->deleteLater();
            QTimer::singleShot(50, this, [this, i] { spawn(i); });
        });
        connect(s, &QTcpSocket::errorOccurred, this, [s](QAbstractSocket::SocketError e) {
            if (e != QAbstractSocket::RemoteHostClosedError) s->abort();
        });
    }
    Counts& counts_;
    std::function<void(QTcpSocket*)> start_;
    std::function<void(QTcpSocket*, const QByteArray&)> onRead_;
    int subnet_;
    bool stopping_ = false;
};

void mix(Prober& prober, int seconds) {
    prober.reset();
    Counts slow, flood, big;
    const double before = rssMb();
    double peak = before;
    Swarm slowloris(
        200, 10, slow, [](QTcpSocket* s) { s->write("GET /health HTTP/1.1\r\nHost: x\r\n"); },
        [](QTcpSocket*, const QByteArray&) {});
    QTimer trickle;
    QObject::connect(&trickle, &QTimer::timeout, &slowloris, [&slowloris] {
        for (QTcpSocket* s : slowloris.findChildren<QTcpSocket*>())
            if (s->state() == QAbstractSocket::ConnectedState) s->write("X-a: b\r\n");
    });
    trickle.start(5000);
    auto badRequest = []() -> QByteArray {
        return "GET /api/v1/runs HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer hb_" +
               QByteArray::number(QRandomGenerator::global()->generate64(), 16).left(12) + "_" +
               QByteArray(43, 'A') + "\r\n\r\n";
    };
    Swarm floods(
        16, 11, flood,
        [badRequest](QTcpSocket* s) {
            for (int i = 0; i < 8; ++i)
                s->write(badRequest());
        },
        [badRequest](QTcpSocket* s, const QByteArray& got) {
            for (qsizetype n = got.count("HTTP/1.1 "); n > 0; --n)
                s->write(badRequest());
        });
    Swarm oversized(
        8, 12, big,
        [](QTcpSocket* s) {
            s->write("GET /api/v1/runs HTTP/1.1\r\nHost: x\r\nX-Big: " +
                     QByteArray(256 << 10, 'a'));
        },
        [](QTcpSocket*, const QByteArray&) {});
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < seconds * 1000) {
        wait(250);
        peak = std::max(peak, rssMb());
    }
    slowloris.stop();
    floods.stop();
    oversized.stop();
    auto line = [](const char* what, const Counts& c) {
        QByteArray s;
        for (const auto& [status, n] : c.statuses)
            s += ' ' + status + ":" + QByteArray::number(n);
        std::printf("  %s: %lld connections, answers%s\n", what,
                    static_cast<long long>(c.connections), s.isEmpty() ? " none" : s.constData());
    };
    std::printf("mix for %d s: server RSS %.1f MB before, %.1f MB at most; %s\n", seconds, before,
                peak, prober.summary().constData());
    line("slowloris (200 sockets, a header line every 5 s)", slow);
    line("bad-token flood (16 connections, 8 requests in flight each)", flood);
    line("oversized headers (8 connections, 256 KB each)", big);
}

}  // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    std::setvbuf(stdout, nullptr, _IOLBF, 0);
    QStringList args = app.arguments().mid(1);
    const QString mode = args.isEmpty() ? QString() : args.takeFirst();
    int duration = 60;
    for (qsizetype i = 0; i + 1 < args.size(); i += 2) {
        if (args[i] == "--port"_L1) gPort = static_cast<quint16>(args[i + 1].toUInt());
        if (args[i] == "--pid"_L1) gPid = args[i + 1].toLongLong();
        if (args[i] == "--duration"_L1) duration = args[i + 1].toInt();
    }
    if (gPort == 0 || (mode != "probe"_L1 && mode != "mix"_L1)) {
        std::fprintf(stderr,
                     "usage: houbud-attack probe|mix --port P [--pid PID] [--duration S]\n");
        return 2;
    }
    gClock.start();
    Prober prober(100);
    if (mode == "probe"_L1) {
        idleProbe(prober, 500, 1, "idle, one address");
        idleProbe(prober, 500, 50, "idle, 50 addresses");
        slowlorisProbe(prober, 50);
        hugeHeaderProbe(prober, qint64(50) << 20);
    } else {
        mix(prober, duration);
    }
    prober.stop();
    return 0;
}
