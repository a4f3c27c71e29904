#pragma once
// A session with houbud over the network: the same snapshots and events as the
// embedded session, with a role that decides whether commands may be sent.

#include <QByteArray>
#include <QUrl>

#include "houbu/session.h"

namespace houbu {

class RemoteSession : public Session {
    Q_OBJECT

  public:
    enum class State { Disconnected, Connecting, Connected, Reconnecting };
    Q_ENUM(State)

    explicit RemoteSession(QObject* parent = nullptr);
    ~RemoteSession() override;

    // Answered by opened(ok, message) and a first snapshot.
    void open(const QUrl& server, const QByteArray& token);
    State state() const;
    // "viewer" | "dispatcher" | "admin" once opened.
    QString role() const;
    // "Remote · https://host:port (dispatcher)"
    QString description() const override;
    bool isRemote() const override { return true; }
    // False for a viewer.
    bool canSend() const override;
    void send(const QList<QByteArray>& commands) override;
    void focus(const QString& train, const QString& date) override;
    void explain(const QString& orderId) override;

  signals:
    void opened(bool ok, const QString& message);
    void stateChanged(houbu::RemoteSession::State state, const QString& detail);

  private:
    QUrl server_;
    State state_ = State::Disconnected;
};

}  // namespace houbu
