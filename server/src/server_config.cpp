#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <cmath>

#include "houbu/server.h"

namespace houbu {

using namespace Qt::StringLiterals;

// ---- configuration ----------------------------------------------------------

bool parseListen(const QString& text, QHostAddress& address, quint16& port) {
    const qsizetype colon = text.lastIndexOf(u':');
    if (colon < 0) return false;
    QString host = text.left(colon);
    if (host.startsWith(u'[') && host.endsWith(u']')) host = host.mid(1, host.size() - 2);
    bool ok = false;
    const uint p = text.mid(colon + 1).toUInt(&ok);
    if (!ok || p > 65535) return false;
    if (host.isEmpty() || host == "*"_L1) {
        address = QHostAddress::Any;
    } else if (host == "localhost"_L1) {
        address = QHostAddress::LocalHost;
    } else if (!address.setAddress(host)) {
        return false;
    }
    port = static_cast<quint16>(p);
    return true;
}

QString tokensPathFor(const ServerOptions& options) {
    if (!options.tokensPath.isEmpty()) return options.tokensPath;
    const QString loc = options.store.location;
    if (loc.isEmpty() || loc.startsWith("postgres"_L1)) return QString();
    return loc + u".tokens"_s;
}

bool loadConfig(const QString& path, ServerOptions& o, QString& error) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        error = u"cannot read the configuration %1: %2"_s.arg(path, f.errorString());
        return false;
    }
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
        error = u"the configuration %1 is not a JSON object: %2"_s.arg(path, pe.errorString());
        return false;
    }
    const QJsonObject c = doc.object();
    static const QStringList known = {u"listen"_s,
                                      u"store"_s,
                                      u"tokens"_s,
                                      u"tls_cert"_s,
                                      u"tls_key"_s,
                                      u"max_body"_s,
                                      u"max_commands"_s,
                                      u"rate"_s,
                                      u"burst"_s,
                                      u"refusal_rate"_s,
                                      u"refusal_burst"_s,
                                      u"group"_s,
                                      u"snapshot_every"_s,
                                      u"max_url"_s,
                                      u"max_header_bytes"_s,
                                      u"max_headers"_s,
                                      u"max_connections"_s,
                                      u"max_connections_per_client"_s,
                                      u"first_byte_timeout"_s,
                                      u"read_timeout"_s,
                                      u"request_timeout"_s,
                                      u"idle_timeout"_s,
                                      u"follow"_s,
                                      u"advertise"_s,
                                      u"failover"_s};
    for (const QString& key : c.keys()) {
        if (!known.contains(key)) {
            error = u"the configuration %1 has an unknown key '%2'"_s.arg(path, key);
            return false;
        }
    }
    // Relative paths are relative to the configuration file.
    const QString base = QFileInfo(path).absolutePath();
    auto file = [&](const QString& p) -> QString {
        return QFileInfo(p).isAbsolute() ? p : base + u'/' + p;
    };
    if (c.contains("listen"_L1) &&
        !parseListen(c.value("listen"_L1).toString(), o.address, o.port)) {
        error = u"the configuration %1: 'listen' must be ADDRESS:PORT"_s.arg(path);
        return false;
    }
    if (c.contains("store"_L1)) {
        const QString s = c.value("store"_L1).toString();
        o.store.location = s.startsWith("postgres"_L1) ? s : file(s);
    }
    if (c.contains("follow"_L1)) {
        const QString s = c.value("follow"_L1).toString();
        if (!s.startsWith("postgres"_L1)) {
            error = u"the configuration %1: 'follow' must be a postgresql:// store"_s.arg(path);
            return false;
        }
        o.store.location = s;
        o.follow = true;
    }
    if (c.contains("failover"_L1)) o.failover = c.value("failover"_L1).toBool();
    if (c.contains("advertise"_L1)) o.advertise = c.value("advertise"_L1).toString();
    if (c.contains("tokens"_L1)) o.tokensPath = file(c.value("tokens"_L1).toString());
    if (c.contains("tls_cert"_L1)) o.tlsCertificate = file(c.value("tls_cert"_L1).toString());
    if (c.contains("tls_key"_L1)) o.tlsKey = file(c.value("tls_key"_L1).toString());
    if (c.contains("max_body"_L1)) o.maxBody = c.value("max_body"_L1).toInteger(o.maxBody);
    if (c.contains("max_commands"_L1)) o.maxCommands = c.value("max_commands"_L1).toInt();
    if (c.contains("rate"_L1)) o.rate = c.value("rate"_L1).toDouble();
    if (c.contains("burst"_L1)) o.burst = c.value("burst"_L1).toDouble();
    if (c.contains("refusal_rate"_L1)) o.refusalRate = c.value("refusal_rate"_L1).toDouble();
    if (c.contains("refusal_burst"_L1)) o.refusalBurst = c.value("refusal_burst"_L1).toDouble();
    if (!(o.refusalRate >= 0) || (o.refusalRate > 0 && !(o.refusalBurst >= 1))) {
        error =
            u"the configuration %1: 'refusal_rate' must be 0 or more and "
            u"'refusal_burst' 1 or more"_s.arg(path);
        return false;
    }
    if (c.contains("group"_L1)) o.group = c.value("group"_L1).toInt(o.group);
    if (c.contains("snapshot_every"_L1))
        o.store.snapshotEvery = c.value("snapshot_every"_L1).toInt(o.store.snapshotEvery);
    // Counts and sizes must be positive integers, timeouts positive seconds.
    auto count = [&](const char* key, auto& field, qint64 most) {
        const QLatin1StringView k(key);
        if (!c.contains(k)) return true;
        const qint64 v = c.value(k).toInteger(-1);
        if (v < 1 || v > most) {
            error = u"the configuration %1: '%2' must be a whole number from 1 to %3"_s.arg(
                path, k, QString::number(most));
            return false;
        }
        field = static_cast<std::remove_reference_t<decltype(field)>>(v);
        return true;
    };
    auto seconds = [&](const char* key, int& ms) {
        const QLatin1StringView k(key);
        if (!c.contains(k)) return true;
        const double v = c.value(k).toDouble(-1);
        if (!(v > 0 && v <= 86400)) {
            error = u"the configuration %1: '%2' must be seconds above 0"_s.arg(path, k);
            return false;
        }
        ms = static_cast<int>(std::ceil(v * 1000));
        return true;
    };
    return count("max_url", o.maxUrlBytes, 1 << 20) &&
           count("max_header_bytes", o.maxHeaderBytes, 1 << 20) &&
           count("max_headers", o.maxHeaders, kMostHeaders) &&
           count("max_connections", o.maxConnections, 1 << 20) &&
           count("max_connections_per_client", o.maxConnectionsPerClient, 1 << 20) &&
           seconds("first_byte_timeout", o.firstByteTimeoutMs) &&
           seconds("read_timeout", o.readTimeoutMs) &&
           seconds("request_timeout", o.requestTimeoutMs) &&
           seconds("idle_timeout", o.idleTimeoutMs);
}

}  // namespace houbu
