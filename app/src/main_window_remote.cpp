// The main window's side of sessions: switching between embedded and remote
// engines, the Connect dialog, the connection indicator, and why operator
// actions are disabled on a read-only connection.

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QLocale>
#include <QLoggingCategory>
#include <QProgressDialog>
#include <QStatusBar>

#include "houbu/connect_dialog.h"
#include "houbu/connection_indicator.h"
#include "houbu/credential_store.h"
#include "houbu/main_window.h"
#include "houbu/remote_session.h"

namespace houbu {

using namespace Qt::StringLiterals;

Q_LOGGING_CATEGORY(lcConnection, "houbu.connection")

namespace {

QString roleName(const QString& role) {
    if (role == u"viewer"_s) return MainWindow::tr("viewer");
    if (role == u"dispatcher"_s) return MainWindow::tr("dispatcher");
    if (role == u"admin"_s) return MainWindow::tr("admin");
    return role;
}

}  // namespace

void MainWindow::setSession(std::unique_ptr<Session> session) {
    finishProgress();
    session_ = std::move(session);
    embedded_ = qobject_cast<EmbeddedSession*>(session_.get());
    if (session_) connectSession();
    // A new session shows a new history: empty the views first.
    logModel_->clear();
    while (trainFilter_->count() > 1)
        trainFilter_->removeItem(1);
    lastSeq_ = 0;
    eventsLabel_->clear();
    example_.reset();
    awaitingPrepay_.clear();
    stepState_ = StepState();
    pause_->blockSignals(true);
    pause_->setChecked(false);
    pause_->blockSignals(false);
    // Another session: nothing of the last one's explanation applies.
    clearWhy();
    onSnapshot(std::make_shared<ConsoleSnapshot>());
    storeLabel_->setText(session_ && !embedded_ ? session_->description() : QString());
    storeLabel_->setToolTip(storeLabel_->text());
    updateConnection();
}

void MainWindow::openRemote(const QUrl& server, const QByteArray& token) {
    openRemote(QList<QUrl>{server}, token);
}

void MainWindow::openRemote(const QList<QUrl>& servers, const QByteArray& token) {
    auto owned = std::make_unique<RemoteSession>();
    RemoteSession* remote = owned.get();
    setSession(std::move(owned));
    storeLabel_->setText(CredentialStore::keyFor(servers.value(0)));
    QStringList all;
    for (const QUrl& s : servers)
        all << CredentialStore::keyFor(s);
    storeLabel_->setToolTip(servers.size() > 1
                                ? tr("Servers of this store: %1").arg(all.join(u", "_s))
                                : storeLabel_->text());
    remote->open(servers, token);
    updateConnection();
}

void MainWindow::connectToServer(const QUrl& server) {
    if (!credentials_) credentials_ = new CredentialStore(this);
    const QString key = CredentialStore::keyFor(server);
    statusBar()->showMessage(tr("Reading the token for %1 from the system keychain…").arg(key));
    connect(
        credentials_, &CredentialStore::loaded, this,
        [this, server](const QString&, CredentialStore::Status status, const QByteArray& token,
                       const QString& error) {
            statusBar()->clearMessage();
            if (status == CredentialStore::Status::Ok) {
                openRemote(server, token);
                return;
            }
            reportFailure(error);
            // Ask for the token once this signal has returned.
            QMetaObject::invokeMethod(
                this, [this, server, error] { connectWithDialog(server, error); },
                Qt::QueuedConnection);
        },
        Qt::SingleShotConnection);
    credentials_->load(server);
}

void MainWindow::connectRemoteSession() {
    auto* remote = qobject_cast<RemoteSession*>(session_.get());
    if (!remote) return;
    connect(remote, &RemoteSession::opened, this, [this, remote](bool ok, const QString& message) {
        if (ok)
            statusBar()->showMessage(tr("Connected: %1").arg(remote->description()), 8000);
        else
            reportFailure(tr("Cannot connect to %1: %2").arg(storeLabel_->text(), message));
        updateConnection(ok ? QString() : message);
    });
    connect(remote, &RemoteSession::membersChanged, this,
            [this] { updateConnection(connectionDetail_); });
    connect(remote, &RemoteSession::stateChanged, this,
            [this](RemoteSession::State state, const QString& detail) {
                if (state == RemoteSession::State::Reconnecting && !detail.isEmpty())
                    reportFailure(tr("Connection lost, reconnecting: %1").arg(detail));
                updateConnection(detail);
            });
}

void MainWindow::connectWithDialog(const QUrl& server, const QString& message) {
    ConnectDialog dialog(this);
    if (!server.isEmpty()) dialog.setServer(server.toString());
    if (!message.isEmpty()) dialog.setStatus(message, true);
    if (dialog.exec() != QDialog::Accepted) return;
    openRemote(dialog.servers(), dialog.token());
}

void MainWindow::disconnectFromServer() {
    if (!session_ || !session_->isRemote()) return;
    const QString was = session_->description();
    setSession(nullptr);
    statusBar()->showMessage(tr("Disconnected from %1").arg(was), 8000);
}

void MainWindow::reportFailure(const QString& message) {
    statusBar()->showMessage(message, 15000);
    qCWarning(lcConnection).noquote() << message;
}

QString MainWindow::sendDeniedReason() const {
    if (!session_) return tr("No engine is open: open a store or connect to a server.");
    const auto* remote = qobject_cast<const RemoteSession*>(session_.get());
    if (remote && remote->state() != RemoteSession::State::Connected)
        return tr("Not connected to the server.");
    if (remote && remote->readOnlySince().isValid())
        return tr("Read-only: the server's store is unavailable since %1; it takes no commands "
                  "until the store is back (views and queries still answer)")
            .arg(QLocale().toString(remote->readOnlySince().toLocalTime().time(),
                                    QLocale::ShortFormat));
    if (session_->canSend()) return QString();
    if (session_->isRemote() && (!remote || remote->role() == u"viewer"_s))
        return tr("Read-only: this token has the viewer role");
    return tr("Read-only: this session cannot send commands.");
}

void MainWindow::updateConnection(const QString& detail) {
    using Kind = ConnectionIndicator::Kind;
    connectionDetail_ = detail;
    const QString where = session_ ? session_->description() : QString();
    QString tip = detail.isEmpty() ? where : where + u'\n' + detail;
    // Several servers of one store: who writes, and how far each follower lags.
    if (const auto* remote = qobject_cast<const RemoteSession*>(session_.get());
        remote && remote->members().size() > 1) {
        for (const RemoteSession::MemberState& m : remote->memberStates()) {
            const QString name = CredentialStore::keyFor(m.url);
            if (!m.answered)
                tip += u'\n' + tr("%1: no answer").arg(name);
            else if (m.role == u"writer"_s)
                tip += u'\n' + tr("%1: writer").arg(name);
            else if (m.leader.isEmpty())
                tip += u'\n' + tr("%1: follower, its writer is gone or being replaced").arg(name);
            else
                tip += u'\n' + tr("%1: follower, %n row(s) behind, the last %2 ms after its "
                                  "commit",
                                  nullptr, static_cast<int>(m.behind))
                                   .arg(name)
                                   .arg(m.lastDelayMs);
        }
    }
    if (!session_) {
        connection_->setState(Kind::Disconnected, tr("Disconnected"), detail);
    } else if (embedded_) {
        connection_->setState(Kind::Embedded, tr("Embedded"), tip);
    } else if (auto* remote = qobject_cast<RemoteSession*>(session_.get())) {
        switch (remote->state()) {
            case RemoteSession::State::Connecting:
                connection_->setState(Kind::Connecting, tr("Connecting…"), tip);
                break;
            case RemoteSession::State::Connected: {
                const QString role = roleName(remote->role());
                QString text = role.isEmpty() ? tr("Connected") : tr("Connected as %1").arg(role);
                if (!remote->canSend()) text = tr("%1 (read-only)").arg(text);
                if (remote->readOnlySince().isValid()) {
                    connection_->setState(
                        Kind::ReadOnly,
                        tr("read-only: store unavailable since %1")
                            .arg(QLocale().toString(remote->readOnlySince().toLocalTime().time(),
                                                    QLocale::ShortFormat)),
                        tip + u'\n' + remote->readOnlyReason());
                    break;
                }
                connection_->setState(Kind::Connected, text, tip);
                break;
            }
            case RemoteSession::State::Reconnecting:
                connection_->setState(Kind::Reconnecting, tr("Reconnecting…"), tip);
                break;
            case RemoteSession::State::Disconnected:
                connection_->setState(Kind::Disconnected, tr("Disconnected"), tip);
                break;
        }
    } else {
        connection_->setState(Kind::Connected,
                              session_->canSend() ? tr("Connected") : tr("Connected (read-only)"),
                              tip);
    }
    disconnect_->setEnabled(session_ && session_->isRemote());
    export_->setEnabled(embedded_ != nullptr);
    const QString exportTip = embedded_ ? tr("Write the journal as a scenario file")
                                        : tr("Only an embedded engine's journal can be exported.");
    export_->setToolTip(exportTip);
    export_->setStatusTip(exportTip);
    updateActions();
}

}  // namespace houbu
