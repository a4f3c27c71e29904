#pragma once
// Tokens for houbud servers in the system keychain (Secret Service, macOS
// Keychain, Windows Credential Manager) through QtKeychain. Every call is
// asynchronous and answered by one signal. A token is never written anywhere
// else: when no keychain is reachable the call fails and nothing is stored.

#include <QByteArray>
#include <QObject>
#include <QString>
#include <QUrl>

namespace houbu {

class CredentialStore : public QObject {
    Q_OBJECT

  public:
    enum class Status {
        Ok,
        NotFound,     // nothing stored for this server
        Unreachable,  // no keychain could be reached: nothing was stored
        Denied,       // the user or the keychain refused access
        Failed,       // any other error
    };
    Q_ENUM(Status)

    // Keychain entries are grouped under this service name.
    static constexpr const char* kService = "Houbu";

    explicit CredentialStore(QObject* parent = nullptr);
    ~CredentialStore() override;

    // The keychain key of a server: "scheme://host:port", lower case, with the
    // default port written out, without user, path, query or fragment. Empty for
    // a URL that is not http(s) with a host.
    static QString keyFor(const QUrl& server);

    // REQUIRES: keyFor(server) is not empty (else answered with Failed).
    void save(const QUrl& server, const QByteArray& token);
    void load(const QUrl& server);
    void remove(const QUrl& server);

  signals:
    void saved(const QString& key, houbu::CredentialStore::Status status, const QString& error);
    void loaded(const QString& key, houbu::CredentialStore::Status status, const QByteArray& token,
                const QString& error);
    void removed(const QString& key, houbu::CredentialStore::Status status, const QString& error);
};

}  // namespace houbu
