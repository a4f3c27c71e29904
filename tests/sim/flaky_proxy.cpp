#include "flaky_proxy.h"

#include <QHostAddress>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

namespace houbu::sim {

FlakyProxy::Counts& FlakyProxy::Counts::operator+=(const Counts& o) {
    connections += o.connections;
    steps += o.steps;
    resetsAtConnect += o.resetsAtConnect;
    resetsRequest += o.resetsRequest;
    resetsAnswer += o.resetsAnswer;
    stalls += o.stalls;
    return *this;
}

FlakyProxy::FlakyProxy(quint16 target, std::uint64_t seed, QObject* parent)
    : QObject(parent), target_(target), rng_(seed) {
    listener_ = new QTcpServer(this);
    connect(listener_, &QTcpServer::newConnection, this, &FlakyProxy::accept);
}

FlakyProxy::~FlakyProxy() {
    for (Link& l : links_) {
        if (l.client) l.client->abort();
        if (l.server) l.server->abort();
    }
}

bool FlakyProxy::listen() {
    return listener_->listen(QHostAddress::LocalHost, 0);
}

quint16 FlakyProxy::port() const {
    return listener_->serverPort();
}

void FlakyProxy::accept() {
    while (QTcpSocket* client = listener_->nextPendingConnection()) {
        ++counts_.connections;
        ++counts_.steps;
        client->setParent(this);
        if (rng_.unit() < plan_.resetAtConnect) {
            ++counts_.resetsAtConnect;
            client->abort();
            client->deleteLater();
            continue;
        }
        Link& link = links_.emplace_back();
        link.client = client;
        link.server = new QTcpSocket(this);
        Link* l = &link;  // std::list: stable, and kept until the proxy goes
        connect(client, &QTcpSocket::readyRead, this, [this, l] {
            if (l->dead || !l->client) return;
            l->toServer += l->client->readAll();
            pump(*l, true);
        });
        connect(link.server, &QTcpSocket::readyRead, this, [this, l] {
            if (l->dead || !l->server) return;
            l->toClient += l->server->readAll();
            pump(*l, false);
        });
        connect(link.server, &QTcpSocket::connected, this, [this, l] { pump(*l, true); });
        // One side gone: the other is closed once what it had was written.
        connect(client, &QTcpSocket::disconnected, this, [this, l] {
            if (l->server) l->server->disconnectFromHost();
            l->dead = true;
        });
        connect(link.server, &QTcpSocket::disconnected, this, [this, l] {
            if (l->client) {
                if (!l->toClient.isEmpty() && !l->stalledToClient) l->client->write(l->toClient);
                l->client->disconnectFromHost();
            }
            l->dead = true;
        });
        connect(link.server, &QTcpSocket::errorOccurred, this, [this, l] {
            if (l->server && l->server->state() == QAbstractSocket::UnconnectedState) reset(*l);
        });
        link.server->connectToHost(QHostAddress::LocalHost, target_);
    }
}

void FlakyProxy::pump(Link& link, bool toServer) {
    if (link.dead) return;
    QByteArray& buffer = toServer ? link.toServer : link.toClient;
    bool& stalled = toServer ? link.stalledToServer : link.stalledToClient;
    QTcpSocket* to = toServer ? link.server : link.client;
    if (buffer.isEmpty() || stalled || !to || to->state() != QAbstractSocket::ConnectedState)
        return;
    ++counts_.steps;
    const double roll = rng_.unit();
    const double resetChance = toServer ? plan_.resetRequest : plan_.resetAnswer;
    if (roll < resetChance) {
        if (toServer) {
            ++counts_.resetsRequest;
        } else {
            // An answer cut short: some of its bytes arrive, then the reset.
            ++counts_.resetsAnswer;
            const int part = rng_.below(static_cast<int>(buffer.size()));
            if (part > 0) {
                to->write(buffer.left(part));
                to->flush();
            }
        }
        reset(link);
        return;
    }
    if (roll < resetChance + plan_.stall) {
        ++counts_.stalls;
        stalled = true;
        Link* l = &link;
        QTimer::singleShot(
            rng_.between(plan_.stallMinMs, plan_.stallMaxMs), this, [this, l, toServer] {
                (toServer ? l->stalledToServer : l->stalledToClient) = false;
                QTcpSocket* dest = toServer ? l->server : l->client;
                QByteArray& b = toServer ? l->toServer : l->toClient;
                // Written without a new draw: a stall is one step.
                if (!l->dead && dest && dest->state() == QAbstractSocket::ConnectedState) {
                    dest->write(b);
                    b.clear();
                }
            });
        return;
    }
    to->write(buffer);
    buffer.clear();
}

void FlakyProxy::reset(Link& link) {
    link.dead = true;
    if (link.client) link.client->abort();
    if (link.server) link.server->abort();
}

}  // namespace houbu::sim
