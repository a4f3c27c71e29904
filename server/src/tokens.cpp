#include "houbu/tokens.h"

#include <sys/stat.h>

#include <QCryptographicHash>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageAuthenticationCode>
#include <QPasswordDigestor>
#include <QRandomGenerator>
#include <QSaveFile>

namespace houbu {

using namespace Qt::StringLiterals;

namespace {

constexpr QByteArrayView kPrefix = "hb_";
constexpr int kIdBytes = 6;       // 12 hex digits
constexpr int kSecretBytes = 32;  // 256 bits

QByteArray randomBytes(int n) {
    QByteArray b(n, Qt::Uninitialized);
    QRandomGenerator::system()->generate(reinterpret_cast<quint32*>(b.data()),
                                         reinterpret_cast<quint32*>(b.data()) + n / 4);
    for (int i = n / 4 * 4; i < n; ++i)
        b[i] = static_cast<char>(QRandomGenerator::system()->bounded(256));
    return b;
}

QByteArray keyed(const QByteArray& secret, const QByteArray& salt) {
    return QMessageAuthenticationCode::hash(secret, salt, QCryptographicHash::Sha256);
}

QByteArray derive(const QByteArray& secret, const QByteArray& salt, int iterations) {
    return QPasswordDigestor::deriveKeyPbkdf2(QCryptographicHash::Sha256, secret, salt, iterations,
                                              32);
}

bool constantTimeEqual(const QByteArray& a, const QByteArray& b) {
    if (a.size() != b.size()) return false;
    unsigned char diff = 0;
    for (qsizetype i = 0; i < a.size(); ++i)
        diff |= static_cast<unsigned char>(a[i] ^ b[i]);
    return diff == 0;
}

// "hb_<id>_<secret>" -> id, secret.
bool split(const QByteArray& token, QByteArray& id, QByteArray& secret) {
    if (!token.startsWith(kPrefix)) return false;
    const qsizetype sep = token.indexOf('_', kPrefix.size());
    if (sep != kPrefix.size() + 2 * kIdBytes) return false;
    id = token.mid(kPrefix.size(), 2 * kIdBytes);
    secret = token.mid(sep + 1);
    return !secret.isEmpty();
}

}  // namespace

QString roleName(Role role) {
    switch (role) {
        case Role::Viewer:
            return u"viewer"_s;
        case Role::Dispatcher:
            return u"dispatcher"_s;
        case Role::Admin:
            return u"admin"_s;
    }
    return u"viewer"_s;
}

std::optional<Role> roleFrom(const QString& name) {
    if (name == "viewer"_L1) return Role::Viewer;
    if (name == "dispatcher"_L1) return Role::Dispatcher;
    if (name == "admin"_L1) return Role::Admin;
    return std::nullopt;
}

TokenStore::TokenStore(QString path) : path_(std::move(path)), cacheKey_(randomBytes(32)) {}

bool TokenStore::load(QList<Entry>& out, QString& error) const {
    out.clear();
    QFile f(path_);
    if (!f.exists()) return true;
    if (!f.open(QIODevice::ReadOnly)) {
        error = u"cannot read the token file %1: %2"_s.arg(path_, f.errorString());
        return false;
    }
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
        error = u"the token file %1 is not valid JSON: %2"_s.arg(path_, pe.errorString());
        return false;
    }
    for (const auto& v : doc.object().value("tokens"_L1).toArray()) {
        const QJsonObject o = v.toObject();
        Entry e;
        e.info.id = o.value("id"_L1).toString();
        e.info.name = o.value("name"_L1).toString();
        const auto role = roleFrom(o.value("role"_L1).toString());
        if (e.info.id.isEmpty() || !role) {
            error =
                u"the token file %1 has an entry without id or with an unknown role"_s.arg(path_);
            return false;
        }
        e.info.role = *role;
        e.info.created = QDateTime::fromString(o.value("created"_L1).toString(), Qt::ISODate);
        e.info.revoked = o.value("revoked"_L1).toBool();
        e.salt = QByteArray::fromHex(o.value("salt"_L1).toString().toLatin1());
        e.keyedHash = QByteArray::fromHex(o.value("hmac_sha256"_L1).toString().toLatin1());
        e.hash = QByteArray::fromHex(o.value("pbkdf2_sha256"_L1).toString().toLatin1());
        e.iterations = o.value("iterations"_L1).toInt(kIterations);
        out.append(e);
    }
    return true;
}

bool TokenStore::save(const QList<Entry>& entries, QString& error) const {
    QJsonArray tokens;
    for (const Entry& e : entries) {
        QJsonObject o{{"id"_L1, e.info.id},
                      {"name"_L1, e.info.name},
                      {"role"_L1, roleName(e.info.role)},
                      {"created"_L1, e.info.created.toString(Qt::ISODate)},
                      {"revoked"_L1, e.info.revoked},
                      {"salt"_L1, QString::fromLatin1(e.salt.toHex())}};
        if (!e.keyedHash.isEmpty()) {
            o.insert("hmac_sha256"_L1, QString::fromLatin1(e.keyedHash.toHex()));
        } else {
            o.insert("iterations"_L1, e.iterations);
            o.insert("pbkdf2_sha256"_L1, QString::fromLatin1(e.hash.toHex()));
        }
        tokens.append(o);
    }
    QSaveFile f(path_);
    if (!f.open(QIODevice::WriteOnly)) {
        error = u"cannot write the token file %1: %2"_s.arg(path_, f.errorString());
        return false;
    }
    f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    f.write(QJsonDocument(QJsonObject{{"version"_L1, 2}, {"tokens"_L1, tokens}}).toJson());
    if (!f.commit()) {
        error = u"cannot write the token file %1: %2"_s.arg(path_, f.errorString());
        return false;
    }
    return true;
}

bool TokenStore::add(Role role, const QString& name, QString& token, TokenInfo& info,
                     QString& error) {
    QList<Entry> entries;
    if (!load(entries, error)) return false;
    Entry e;
    e.info.id = QString::fromLatin1(randomBytes(kIdBytes).toHex());
    e.info.name = name.isEmpty() ? e.info.id : name;
    e.info.role = role;
    e.info.created = QDateTime::currentDateTimeUtc();
    const QByteArray secret =
        randomBytes(kSecretBytes)
            .toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
    e.salt = randomBytes(16);
    e.keyedHash = keyed(secret, e.salt);
    entries.append(e);
    if (!save(entries, error)) return false;
    token = QString::fromLatin1(kPrefix.toByteArray() + e.info.id.toLatin1() + '_' + secret);
    info = e.info;
    return true;
}

bool TokenStore::list(QList<TokenInfo>& out, QString& error) {
    QList<Entry> entries;
    if (!load(entries, error)) return false;
    out.clear();
    for (const Entry& e : entries)
        out.append(e.info);
    return true;
}

bool TokenStore::revoke(const QString& idOrName, TokenInfo& info, QString& error) {
    QList<Entry> entries;
    if (!load(entries, error)) return false;
    qsizetype found = -1;
    for (qsizetype i = 0; i < entries.size(); ++i)
        if (entries[i].info.id == idOrName) found = i;
    if (found < 0) {
        for (qsizetype i = 0; i < entries.size(); ++i) {
            if (entries[i].info.name != idOrName) continue;
            if (found >= 0) {
                error = u"several tokens are named '%1': revoke by id"_s.arg(idOrName);
                return false;
            }
            found = i;
        }
    }
    if (found < 0) {
        error = u"no token has the id or name '%1'"_s.arg(idOrName);
        return false;
    }
    entries[found].info.revoked = true;
    info = entries[found].info;
    return save(entries, error);
}

bool TokenStore::refresh() {
    const FileStamp before = stamp_;
    refreshIfChanged();
    return !(stamp_ == before);
}

bool TokenStore::isValid(const QString& id) const {
    for (const Entry& e : entries_)
        if (e.info.id == id) return !e.info.revoked;
    return false;
}

void TokenStore::refreshIfChanged() {
    struct stat st {};
    FileStamp now;
    if (::stat(QFile::encodeName(path_).constData(), &st) == 0) {
        now.mtimeNs = static_cast<qint64>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
        now.size = static_cast<qint64>(st.st_size);
        now.inode = static_cast<qint64>(st.st_ino);
    }
    if (now == stamp_) return;
    QList<Entry> fresh;
    QString error;
    if (!load(fresh, error)) {
        // A damaged file lets nobody in until it is fixed.
        qWarning("houbud: %s", qPrintable(error));
        fresh.clear();
    }
    entries_ = std::move(fresh);
    stamp_ = now;
    verified_.clear();
}

std::optional<TokenInfo> TokenStore::authenticate(const QByteArray& token) {
    refreshIfChanged();
    const QByteArray key =
        QMessageAuthenticationCode::hash(token, cacheKey_, QCryptographicHash::Sha256);
    if (auto it = verified_.constFind(key); it != verified_.constEnd()) return *it;
    QByteArray id, secret;
    if (!split(token, id, secret)) return std::nullopt;
    const Entry* found = nullptr;
    for (const Entry& e : std::as_const(entries_))
        if (e.info.id.toLatin1() == id) found = &e;
    if (!found || !found->keyedHash.isEmpty()) {
        // The same work for an unknown id as for a known one.
        static const QByteArray kNoSalt(16, '\0'), kNoHash(32, '\0');
        const bool match = constantTimeEqual(keyed(secret, found ? found->salt : kNoSalt),
                                             found ? found->keyedHash : kNoHash);
        if (!found || !match || found->info.revoked) return std::nullopt;
        verified_.insert(key, found->info);
        return found->info;
    }
    for (const Entry& e : std::as_const(entries_)) {
        if (e.info.id.toLatin1() != id) continue;
        if (e.info.revoked) return std::nullopt;
        // Wrong secrets for a known id cost one slow hash per second at most:
        // guessing cannot keep the server busy hashing.
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        if (auto f = lastFailure_.find(e.info.id);
            f != lastFailure_.end() && now - f->second < 1000)
            return std::nullopt;
        if (!constantTimeEqual(derive(secret, e.salt, e.iterations), e.hash)) {
            lastFailure_[e.info.id] = now;
            return std::nullopt;
        }
        verified_.insert(key, e.info);
        return e.info;
    }
    return std::nullopt;
}

}  // namespace houbu
