#include "houbu/credential_store.h"

#include <qt6keychain/keychain.h>
#include <QFileInfo>
#include <QTimer>

namespace houbu {

using namespace Qt::StringLiterals;

namespace {

CredentialStore::Status statusOf(QKeychain::Error error) {
    switch (error) {
        case QKeychain::NoError:
            return CredentialStore::Status::Ok;
        case QKeychain::EntryNotFound:
            return CredentialStore::Status::NotFound;
        case QKeychain::NoBackendAvailable:
        case QKeychain::NotImplemented:
            return CredentialStore::Status::Unreachable;
        case QKeychain::AccessDenied:
        case QKeychain::AccessDeniedByUser:
            return CredentialStore::Status::Denied;
        case QKeychain::CouldNotDeleteEntry:
        case QKeychain::OtherError:
            break;
    }
    return CredentialStore::Status::Failed;
}

// What the user reads. On Linux an unreachable Secret Service (no D-Bus
// session, no keyring daemon) is reported as OtherError, so the message always
// carries the backend's own text.
QString messageOf(CredentialStore::Status status, const QString& detail) {
    switch (status) {
        case CredentialStore::Status::Ok:
            return QString();
        case CredentialStore::Status::NotFound:
            return CredentialStore::tr(
                "No token is stored in the system keychain for this server.");
        case CredentialStore::Status::Unreachable:
            return CredentialStore::tr("No system keychain is reachable (%1).").arg(detail);
        case CredentialStore::Status::Denied:
            return CredentialStore::tr("The system keychain refused access (%1).").arg(detail);
        case CredentialStore::Status::Failed:
            break;
    }
    return CredentialStore::tr("The system keychain could not be used (%1).").arg(detail);
}

// The Secret Service is reached over the D-Bus session bus. Without one, say
// so at once (and never let a D-Bus library try to autolaunch a bus, which can
// hang without a desktop).
QString missingBus() {
#if defined(Q_OS_UNIX) && !defined(Q_OS_DARWIN) && !defined(Q_OS_ANDROID)
    if (!qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS")) return QString();
    const QString runtime = qEnvironmentVariable("XDG_RUNTIME_DIR");
    if (!runtime.isEmpty() && QFileInfo::exists(runtime + u"/bus"_s)) return QString();
    return CredentialStore::tr("no D-Bus session bus");
#else
    return QString();
#endif
}

// Jobs have no parent: the keychain library calls back into a job when the
// backend answers, so a job must live until then even if the store that
// started it is gone (the store's connection to it is dropped instead).
template <typename Job>
Job* makeJob(const QString& key) {
    auto* job = new Job(QString::fromLatin1(CredentialStore::kService));
    job->setAutoDelete(true);
    // Never fall back to a plain-text file.
    job->setInsecureFallback(false);
    job->setKey(key);
    return job;
}

}  // namespace

CredentialStore::CredentialStore(QObject* parent) : QObject(parent) {}

CredentialStore::~CredentialStore() = default;

QString CredentialStore::keyFor(const QUrl& server) {
    const QString scheme = server.scheme().toLower();
    const QString host = server.host().toLower();
    if (!server.isValid() || host.isEmpty() || (scheme != u"http"_s && scheme != u"https"_s))
        return QString();
    const int port = server.port(scheme == u"https"_s ? 443 : 80);
    const QString shownHost = host.contains(u':') ? u'[' + host + u']' : host;  // IPv6
    return scheme + u"://"_s + shownHost + u':' + QString::number(port);
}

void CredentialStore::save(const QUrl& server, const QByteArray& token) {
    const QString key = keyFor(server);
    if (key.isEmpty() || token.isEmpty()) {
        QTimer::singleShot(0, this, [this, key] {
            emit saved(key, Status::Failed, tr("Nothing to store: no server or no token."));
        });
        return;
    }
    if (const QString bus = missingBus(); !bus.isEmpty()) {
        QTimer::singleShot(0, this, [this, key, bus] {
            emit saved(key, Status::Unreachable, messageOf(Status::Unreachable, bus));
        });
        return;
    }
    auto* job = makeJob<QKeychain::WritePasswordJob>(key);
    job->setTextData(QString::fromUtf8(token));
    connect(job, &QKeychain::Job::finished, this, [this, key](QKeychain::Job* done) {
        const Status status = statusOf(done->error());
        emit saved(key, status, messageOf(status, done->errorString()));
    });
    job->start();
}

void CredentialStore::load(const QUrl& server) {
    const QString key = keyFor(server);
    if (key.isEmpty()) {
        QTimer::singleShot(0, this, [this] {
            emit loaded(QString(), Status::Failed, {}, tr("Not a server address."));
        });
        return;
    }
    if (const QString bus = missingBus(); !bus.isEmpty()) {
        QTimer::singleShot(0, this, [this, key, bus] {
            emit loaded(key, Status::Unreachable, {}, messageOf(Status::Unreachable, bus));
        });
        return;
    }
    auto* job = makeJob<QKeychain::ReadPasswordJob>(key);
    connect(job, &QKeychain::Job::finished, this, [this, key, job] {
        const Status status = statusOf(job->error());
        emit loaded(key, status, status == Status::Ok ? job->textData().toUtf8() : QByteArray(),
                    messageOf(status, job->errorString()));
    });
    job->start();
}

void CredentialStore::remove(const QUrl& server) {
    const QString key = keyFor(server);
    if (key.isEmpty()) {
        QTimer::singleShot(0, this, [this] {
            emit removed(QString(), Status::Failed, tr("Not a server address."));
        });
        return;
    }
    if (const QString bus = missingBus(); !bus.isEmpty()) {
        QTimer::singleShot(0, this, [this, key, bus] {
            emit removed(key, Status::Unreachable, messageOf(Status::Unreachable, bus));
        });
        return;
    }
    auto* job = makeJob<QKeychain::DeletePasswordJob>(key);
    connect(job, &QKeychain::Job::finished, this, [this, key](QKeychain::Job* done) {
        const Status status = statusOf(done->error());
        emit removed(key, status, messageOf(status, done->errorString()));
    });
    job->start();
}

}  // namespace houbu
