// Interface only: this build has no client for houbud yet. open() reports
// that remote engines are not available.

#include "houbu/remote_session.h"

#include <QTimer>

namespace houbu {

using namespace Qt::StringLiterals;

RemoteSession::RemoteSession(QObject* parent) : Session(parent) {}

RemoteSession::~RemoteSession() = default;

void RemoteSession::open(const QUrl& server, const QByteArray& token) {
    Q_UNUSED(token);
    server_ = server;
    state_ = State::Connecting;
    emit stateChanged(state_, QString());
    QTimer::singleShot(0, this, [this] {
        const QString message = tr("Remote engines are not available in this build.");
        state_ = State::Disconnected;
        emit stateChanged(state_, message);
        emit opened(false, message);
    });
}

RemoteSession::State RemoteSession::state() const {
    return state_;
}

QString RemoteSession::role() const {
    return QString();
}

QString RemoteSession::description() const {
    return tr("Remote · %1").arg(server_.toString());
}

bool RemoteSession::canSend() const {
    return false;
}

void RemoteSession::send(const QList<QByteArray>& commands) {
    Q_UNUSED(commands);
    emit failed(tr("Not connected to a server."));
}

void RemoteSession::focus(const QString& train, const QString& date) {
    Q_UNUSED(train);
    Q_UNUSED(date);
}

void RemoteSession::explain(const QString& orderId) {
    Q_UNUSED(orderId);
}

}  // namespace houbu
