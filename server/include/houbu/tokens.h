#pragma once
// Bearer tokens of houbud and their roles, kept in a file beside the store.
//
// Guarantees:
//  1. A token is shown once, when it is made; the file holds only its public
//     id, a random salt and HMAC-SHA256 of its secret part keyed by the salt,
//     so a copy of the file does not let anyone in. The secret is 256 random
//     bits: a slow hash would add nothing against guessing it, and would let
//     a stranger make the server spend a slow hash per wrong guess.
//  2. A presented token costs the same two HMACs whether its id exists or
//     not, and is compared in constant time: neither timing nor load tells
//     an attacker anything, and wrong guesses never lock the owner out.
//  3. A revoked or deleted token is refused from the next request on: the
//     server notices every change of the file (checked on each request and
//     by Server once a second, which then closes the token's streams).
//  4. Files of version 1 held PBKDF2-HMAC-SHA256 instead; such tokens still
//     work, with a wrong secret for their id hashed at most once a second
//     (reissue them for guarantee 2).

#include <sys/types.h>
#include <QByteArray>
#include <QDateTime>
#include <QHash>
#include <QList>
#include <QString>
#include <map>
#include <optional>

namespace houbu {

enum class Role { Viewer = 0, Dispatcher = 1, Admin = 2 };

QString roleName(Role role);
std::optional<Role> roleFrom(const QString& name);

struct TokenInfo {
    QString id;    // public, shown in logs and lists
    QString name;  // chosen by whoever made it
    Role role = Role::Viewer;
    QDateTime created;
    bool revoked = false;
};

class TokenStore {
  public:
    // PBKDF2 rounds for new tokens; stored per token, so it can grow later.
    static constexpr int kIterations = 100000;

    explicit TokenStore(QString path);

    QString path() const { return path_; }

    // Makes a token; `token` receives the secret to hand over (shown once).
    bool add(Role role, const QString& name, QString& token, TokenInfo& info, QString& error);
    // Every token, revoked ones included. An absent file is an empty list.
    bool list(QList<TokenInfo>& out, QString& error);
    // Revokes the token with this id (or, when unique, this name).
    bool revoke(const QString& idOrName, TokenInfo& info, QString& error);

    // Checks a presented token; nullopt when unknown, wrong or revoked.
    std::optional<TokenInfo> authenticate(const QByteArray& token);
    // Rereads the file when it changed; true when it did.
    bool refresh();
    // Whether the token with this id is still valid (present and not revoked).
    bool isValid(const QString& id) const;

  private:
    struct Entry {
        TokenInfo info;
        QByteArray salt;
        QByteArray keyedHash;  // HMAC-SHA256(salt, secret); empty for version 1 entries
        QByteArray hash;       // version 1: PBKDF2 of the secret
        int iterations = kIterations;
    };
    bool load(QList<Entry>& out, QString& error) const;
    bool save(const QList<Entry>& entries, QString& error) const;
    void refreshIfChanged();

    QString path_;
    // Server side: the file as last read and the tokens verified since.
    QList<Entry> entries_;
    struct FileStamp {
        qint64 mtimeNs = -1;
        qint64 size = -1;
        qint64 inode = -1;
        bool operator==(const FileStamp&) const = default;
    } stamp_;
    QByteArray cacheKey_;
    QHash<QByteArray, TokenInfo> verified_;
    std::map<QString, qint64> lastFailure_;  // token id -> ms of the last wrong secret
};

}  // namespace houbu
