#pragma once
// A TCP proxy on loopback between the console's remote session (and a
// command client) and an in-process houbud, for the fault simulation: at
// every protocol step (a connection accepted, a chunk of a request, a chunk
// of an answer or of the event stream) a seeded draw may reset both
// connections (RST), cut an answer short, or stall that direction for a
// while. The draws follow the seed; which chunk a step is depends on how TCP
// and Qt split the bytes, so a network fault replays from its seed only
// roughly (the store's faults replay exactly).

#include <QByteArray>
#include <QObject>
#include <QPointer>
#include <cstdint>
#include <list>

#include "houbu/splitmix.h"

class QTcpServer;
class QTcpSocket;

namespace houbu::sim {

class FlakyProxy : public QObject {
    Q_OBJECT

  public:
    // Probabilities per step.
    struct Plan {
        double resetAtConnect = 0;  // a new connection is reset at once
        double resetRequest = 0;    // a client's chunk resets the connection unsent
        double resetAnswer = 0;     // a server's chunk goes out in part, then a reset
        double stall = 0;           // a chunk waits stallMs before it goes on
        int stallMinMs = 50;
        int stallMaxMs = 1500;
    };
    struct Counts {
        qint64 connections = 0;
        qint64 steps = 0;
        qint64 resetsAtConnect = 0;
        qint64 resetsRequest = 0;
        qint64 resetsAnswer = 0;
        qint64 stalls = 0;
        Counts& operator+=(const Counts& o);
    };

    FlakyProxy(quint16 target, std::uint64_t seed, QObject* parent = nullptr);
    ~FlakyProxy() override;
    bool listen();
    quint16 port() const;
    void setPlan(const Plan& plan) { plan_ = plan; }
    // Where new connections go (houbud started again on another port).
    void setTarget(quint16 port) { target_ = port; }
    const Counts& counts() const { return counts_; }

  private:
    struct Link {
        QPointer<QTcpSocket> client;
        QPointer<QTcpSocket> server;
        QByteArray toServer;  // read from the client, not yet written
        QByteArray toClient;
        bool stalledToServer = false;
        bool stalledToClient = false;
        bool dead = false;
    };
    void accept();
    void pump(Link& link, bool toServer);
    void reset(Link& link);

    quint16 target_;
    SplitMix64 rng_;
    Plan plan_;
    Counts counts_;
    QTcpServer* listener_ = nullptr;
    // Every link of the run, kept (with its sockets) until the proxy goes:
    // a socket's signal may still be on its way to a link's handlers.
    std::list<Link> links_;
};

}  // namespace houbu::sim
