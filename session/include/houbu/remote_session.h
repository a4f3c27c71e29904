#pragma once

#include <functional>
// The console's session with a remote engine (houbud): commands over HTTP,
// events over a WebSocket stream, snapshots read after events (throttled).
//
// Guarantees:
//  1. eventsApplied delivers every event after the one seen last exactly once
//     and in order: the stream resumes after the last seq seen, across lost
//     connections and server restarts; an event at or before it is dropped, a
//     gap makes the session reconnect and resume.
//  2. Commands are sent once: after a failure the session reports it (failed)
//     and does not resend; commands carry ids, so sending again is safe.
//  3. TLS certificates are verified unless the caller names the certificate to
//     trust (a self-signed server).

#include <QAbstractSocket>
#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QUrl>

#include "houbu/session.h"

class QNetworkAccessManager;
class QNetworkReply;
class QNetworkRequest;
class QTimer;
class QWebSocket;

namespace houbu {

class RemoteSession : public Session {
    Q_OBJECT

  public:
    enum class State { Disconnected, Connecting, Connected, Reconnecting };
    Q_ENUM(State)

    explicit RemoteSession(QObject* parent = nullptr);
    ~RemoteSession() override;

    // Also trusts these certificates (e.g. a server's self-signed one), beside
    // the system's. Call before open().
    void setTrustedCertificates(const QList<QSslCertificate>& certificates);

    // Connects with a bearer token; answered by opened(ok, message) and a first snapshot.
    // The log gets the server's history first: its last `historyEvents` events
    // (all of them on a server that holds fewer), then what comes.
    void open(const QUrl& server, const QByteArray& token);
    // The same with several servers of one store, a writer and its
    // followers (docs/remote-api.md, "Followers"): the session reads from
    // the first that answers and, after a lost connection, resumes on the
    // next after the last event seen (no gap, no repeat); commands reach
    // the writer through a follower's redirect, and after a failover the
    // new writer is found the same way.
    void open(const QList<QUrl>& members, const QByteArray& token);
    QList<QUrl> members() const { return members_; }
    // What each member's /health said last (asked every 2 s while there are
    // several): whether it answered, writer or follower, the writer its
    // follower sees, and how far behind it is.
    struct MemberState {
        QUrl url;
        bool answered = false;
        QString role;    // "writer" | "follower"
        QString leader;  // a follower's writer; empty when it sees none
        qint64 behind = 0;
        qint64 lastDelayMs = -1;
    };
    QList<MemberState> memberStates() const { return memberStates_; }
    // How many of the server's events a new connection shows as history.
    // Default 200,000: as many as houbud keeps in memory, so that a
    // connection's catching up costs the server no replay of its journal.
    void setHistoryEvents(qint64 events) { historyEvents_ = events; }
    // Closes the stream; the state becomes Disconnected.
    void close();

    State state() const { return state_; }
    QString role() const { return role_; }  // "viewer" | "dispatcher" | "admin" once opened
    QUrl server() const { return server_; }
    qint64 lastSeq() const { return lastSeq_; }
    QString description() const override;  // "Remote · https://host:port (dispatcher)"
    bool isRemote() const override { return true; }
    bool canSend() const override;  // false for a viewer
    // While the server is read-only because its store cannot commit (its
    // stream says so): since when, and why; invalid otherwise. Commands are
    // refused by the server meanwhile; queries and views still answer.
    QDateTime readOnlySince() const { return readOnlySince_; }
    QString readOnlyReason() const { return readOnlyReason_; }
    void send(const QList<QByteArray>& commands) override;
    // Answered from the POST's own response: exactly this command's events.
    quint64 submit(const QByteArray& command) override;
    // Asks the server's engine (POST /api/v1/precheck); not `known` when the
    // connection cannot send, the server is unreachable or predates the endpoint.
    quint64 precheck(const QByteArray& command) override;
    void focus(const QString& train, const QString& date) override;
    void showQueueRows(const QString& travelClass, int from, int to, int first, int rows) override;
    void explain(const QString& orderId) override;
    // Forecasts (GET /api/v1/orders/ID/forecast, a read any role may make),
    // one order at a time: each costs the server's engine thread up to tens
    // of milliseconds on a whole day, so the next is asked for only after a
    // pause as long as the last answer took, leaving commands at least half
    // of that thread. `minutes` counts from the clock of the last snapshot.
    void forecast(const QStringList& orders, int minutes) override;
    bool canForecast() const override { return true; }
    // A run's forecast (GET /api/v1/runs/TRAIN/DATE/forecast): the server
    // draws it whole and answers every queued order of the run at once.
    void forecastRun(const QString& train, const QString& date, int minutes) override;
    bool canForecastRun() const override { return true; }

  signals:
    void opened(bool ok, const QString& message);
    void stateChanged(houbu::RemoteSession::State state, const QString& detail);
    void membersChanged();

  private:
    QNetworkRequest request(const QString& path) const;
    // The system's certificates and those trusted (setTrustedCertificates).
    QSslConfiguration sslConfiguration() const;
    // POSTs commands under an Idempotency-Key. A sending whose answer is
    // lost (no HTTP status: the connection dropped) is sent again with the
    // same key, so that the server answers it with what the first sending
    // did instead of applying it twice; `done` gets the last reply.
    void postCommands(const QByteArray& body, bool ndjson, std::function<void(QNetworkReply*)> done,
                      QByteArray key = {}, int attempt = 0);
    static QString errorMessage(QNetworkReply* reply);
    void setState(State state, const QString& detail = {});
    // Asks members_[member] who the token is; on no answer, the next member.
    void hello(int member, quint64 generation);
    void askMembers();
    void connectStream();
    void onStreamMessage(const QString& text);
    void onStreamClosed();
    void scheduleRefresh();
    void refresh();
    void forecastNext();

    QNetworkAccessManager* network_ = nullptr;
    QWebSocket* stream_ = nullptr;
    QTimer* reconnectTimer_ = nullptr;
    QTimer* refreshTimer_ = nullptr;
    QList<QSslCertificate> trusted_;
    QUrl server_;  // members_[member_]
    QList<QUrl> members_;
    int member_ = 0;
    QList<MemberState> memberStates_;
    QTimer* membersTimer_ = nullptr;
    QByteArray token_;
    QString role_;
    State state_ = State::Disconnected;
    qint64 lastSeq_ = 0;
    qint64 historyEvents_ = 200000;
    int attempts_ = 0;
    bool refreshing_ = false;
    bool refreshAgain_ = false;
    int refreshFailures_ = 0;  // reads failed in a row: the next one backs off
    bool closing_ = false;
    quint64 generation_ = 0;  // bumped by open()/close(): late answers are ignored
    quint64 lastTicket_ = 0;
    QDateTime readOnlySince_;
    QString readOnlyReason_;
    QString focusTrain_;
    QString focusDate_;
    // How far the shown run's queues are read (Session::showQueueRows).
    QueueWindow queueWindow_{ConsoleSnapshot::kQueueRows, {}};
    QString shownTrain_, shownDate_;  // the run the last snapshot showed
    QString clock_;                   // the last snapshot's, and its last event
    qint64 shownSeq_ = 0;
    QStringList forecastQueue_;
    int forecastMinutes_ = 0;
    int forecastDone_ = 0;
    int forecastTotal_ = 0;
    bool forecastInFlight_ = false;
    QTimer* forecastTimer_ = nullptr;
};

}  // namespace houbu
