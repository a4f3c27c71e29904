#pragma once
// A real houbud process on loopback for the tests, and a small synchronous
// HTTP client over QNetworkAccessManager.

#include <QEventLoop>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSslConfiguration>
#include <QTest>
#include <QTimer>
#include <QUrl>

namespace houbu::test {

using namespace Qt::StringLiterals;

inline QString houbudPath() {
    return QStringLiteral(HOUBUD_PATH);
}

// Runs `houbud token ...`; returns standard output (the token for `add`).
inline QByteArray houbudToken(const QStringList& args, int* exitCode = nullptr) {
    QProcess p;
    p.start(houbudPath(), QStringList{u"token"_s} + args);
    p.waitForFinished(60000);
    if (exitCode) *exitCode = p.exitCode();
    return p.readAllStandardOutput().trimmed();
}

// A fresh, empty database `name` on the PostgreSQL server of the fixture
// (HOUBU_PG_FIXTURE) or of HOUBU_PG_URL; its URL in `url`. Empty `url` and
// no `error` when there is no server; `error` says why it failed.
inline void freshPostgresDatabase(const QString& name, QString& url, QString& error) {
    url = qEnvironmentVariable("HOUBU_PG_URL");
    const QString fixture = qEnvironmentVariable("HOUBU_PG_FIXTURE");
    if (url.isEmpty() && !fixture.isEmpty()) {
        QFile f(fixture + u"/url"_s);
        if (!f.open(QIODevice::ReadOnly)) {
            error = u"the postgres fixture wrote no URL"_s;
            return;
        }
        url = QString::fromUtf8(f.readAll().trimmed());
    }
    if (url.isEmpty()) return;
    const QUrl u(url);
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QPSQL"_s, u"fixture-admin"_s);
        db.setHostName(u.host());
        db.setPort(u.port(5432));
        db.setUserName(u.userName());
        db.setPassword(u.password());
        db.setDatabaseName(u"postgres"_s);
        if (!db.open()) {
            error = db.lastError().text();
        } else {
            QSqlQuery q(db);
            if (!q.exec(u"DROP DATABASE IF EXISTS %1 WITH (FORCE)"_s.arg(name)) ||
                !q.exec(u"CREATE DATABASE %1"_s.arg(name)))
                error = q.lastError().text();
            q.finish();
            db.close();
        }
    }
    QSqlDatabase::removeDatabase(u"fixture-admin"_s);
    QUrl fresh(u);
    fresh.setPath(u'/' + name);
    url = fresh.toString();
}

class Houbud {
  public:
    QStringList args;  // besides --listen and --port-file
    QString dir;
    quint16 port = 0;
    QProcess process;
    QByteArray log;  // standard error of every run so far

    // Starts on `fixedPort` (a restart on the port clients know), or any free port.
    bool start(quint16 fixedPort = 0) {
        const QString portFile = dir + u"/port"_s;
        QFile::remove(portFile);
        process.setProcessChannelMode(QProcess::SeparateChannels);
        process.start(houbudPath(),
                      args + QStringList{u"--listen"_s, u"127.0.0.1:%1"_s.arg(fixedPort),
                                         u"--port-file"_s, portFile});
        if (!process.waitForStarted(10000)) return false;
        for (int i = 0; i < 600; ++i) {
            QFile f(portFile);
            if (f.open(QIODevice::ReadOnly)) {
                port = static_cast<quint16>(f.readAll().trimmed().toUInt());
                if (port) return true;
            }
            if (process.state() == QProcess::NotRunning) break;
            QTest::qWait(50);
        }
        log += process.readAllStandardError();
        return false;
    }

    // SIGTERM and wait; returns the exit code (-1 when it did not stop).
    int stop() {
        if (process.state() == QProcess::NotRunning) return process.exitCode();
        process.terminate();
        if (!process.waitForFinished(60000)) {
            process.kill();
            process.waitForFinished();
            log += process.readAllStandardError();
            return -1;
        }
        log += process.readAllStandardError();
        return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    }

    void kill() {
        process.kill();
        process.waitForFinished();
        log += process.readAllStandardError();
    }

    ~Houbud() {
        if (process.state() != QProcess::NotRunning) {
            process.kill();
            process.waitForFinished();
        }
    }

    QUrl url(const QString& path, bool tls = false) const {
        return QUrl(u"%1://127.0.0.1:%2%3"_s.arg(tls ? u"https"_s : u"http"_s).arg(port).arg(path));
    }
};

struct Response {
    int status = 0;  // 0: no HTTP answer (network or TLS failure)
    QByteArray body;
    QNetworkReply::NetworkError error = QNetworkReply::NoError;
    QByteArray retryAfter;
    QByteArray contentType;
    QByteArray replayed;  // Idempotent-Replayed: the answer of an earlier sending
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
};

class Http {
  public:
    QNetworkAccessManager manager;
    QSslConfiguration ssl = QSslConfiguration::defaultConfiguration();

    using Headers = QList<std::pair<QByteArray, QByteArray>>;

    Response send(const QByteArray& verb, const QUrl& url, const QByteArray& token = {},
                  const QByteArray& body = {}, const QByteArray& contentType = {},
                  const Headers& headers = {}) {
        QNetworkRequest request(url);
        request.setSslConfiguration(ssl);
        if (!token.isEmpty()) request.setRawHeader("Authorization", "Bearer " + token);
        if (!contentType.isEmpty()) request.setRawHeader("Content-Type", contentType);
        for (const auto& [name, value] : headers)
            request.setRawHeader(name, value);
        QNetworkReply* reply = manager.sendCustomRequest(request, verb, body);
        QEventLoop loop;
        QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        QTimer::singleShot(60000, &loop, &QEventLoop::quit);
        loop.exec();
        Response r;
        r.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        r.body = reply->readAll();
        r.error = reply->error();
        r.retryAfter = reply->rawHeader("Retry-After");
        r.contentType = reply->rawHeader("Content-Type");
        r.replayed = reply->rawHeader("Idempotent-Replayed");
        reply->deleteLater();
        return r;
    }
    Response get(const QUrl& url, const QByteArray& token = {}) { return send("GET", url, token); }
    Response post(const QUrl& url, const QByteArray& token, const QByteArray& body,
                  const QByteArray& contentType = "application/x-ndjson",
                  const Headers& headers = {}) {
        return send("POST", url, token, body, contentType, headers);
    }
};

}  // namespace houbu::test
