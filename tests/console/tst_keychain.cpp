// Tokens in the system keychain, against a real Secret Service: gnome-keyring
// in a D-Bus session of its own (tests/console/with-keyring.sh), checked from
// outside with secret-tool. A second run has no D-Bus session at all: the
// console must say that no keychain is reachable and keep the token nowhere.
// Every run gets a fresh HOME and XDG directories, scanned for the token.

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDirIterator>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "houbu/connect_dialog.h"
#include "houbu/credential_store.h"

using namespace houbu;
using namespace Qt::StringLiterals;

namespace {

struct Answer {
    CredentialStore::Status status = CredentialStore::Status::Failed;
    QByteArray token;
    QString error;
    bool answered = false;
};

Answer loadToken(CredentialStore& store, const QUrl& server) {
    QSignalSpy spy(&store, &CredentialStore::loaded);
    store.load(server);
    Answer a;
    if (!spy.wait(20000)) return a;
    a.answered = true;
    a.status = spy.at(0).at(1).value<CredentialStore::Status>();
    a.token = spy.at(0).at(2).toByteArray();
    a.error = spy.at(0).at(3).toString();
    return a;
}

template <typename Signal>
Answer await(CredentialStore& store, Signal signal, const std::function<void()>& call) {
    QSignalSpy spy(&store, signal);
    call();
    Answer a;
    if (!spy.wait(20000)) return a;
    a.answered = true;
    a.status = spy.at(0).at(1).template value<CredentialStore::Status>();
    a.error = spy.at(0).last().toString();
    return a;
}

// What the Secret Service holds for `key`, asked with secret-tool (libsecret's
// command line, not QtKeychain). Empty when nothing is stored.
QByteArray secretToolLookup(const QString& key) {
    QProcess p;
    p.start(u"secret-tool"_s, {u"lookup"_s, u"user"_s, key, u"server"_s, u"Houbu"_s});
    if (!p.waitForFinished(20000) || p.exitCode() != 0) return {};
    return p.readAllStandardOutput();
}

// Every file under `dir` whose bytes contain `needle`.
QStringList filesContaining(const QString& dir, const QByteArray& needle) {
    QStringList found;
    QDirIterator it(dir, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile f(it.next());
        if (f.open(QIODevice::ReadOnly) && f.readAll().contains(needle)) found << f.fileName();
    }
    return found;
}

QString settingsText() {
    QSettings settings;
    settings.sync();
    QFile f(settings.fileName());
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

}  // namespace

class TestKeychain : public QObject {
    Q_OBJECT

  public:
    explicit TestKeychain(QString home) : home_(std::move(home)) {}

  private slots:
    void init() { QSettings().clear(); }

    // Store, read back, overwrite, delete, and read after delete.
    void credentialsRoundTrip() {
        QVERIFY2(!qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS"),
                 "run inside with-keyring.sh");
        CredentialStore store;
        const QUrl server(u"https://Houbu.Example:8443/"_s);
        const QString key = u"https://houbu.example:8443"_s;
        QCOMPARE(CredentialStore::keyFor(server), key);
        const QByteArray first = "tok-first-7f3a91c2", second = "tok-second-b81e04d9";

        Answer a = await(store, &CredentialStore::saved, [&] { store.save(server, first); });
        QVERIFY(a.answered);
        QCOMPARE(a.status, CredentialStore::Status::Ok);
        QCOMPARE(secretToolLookup(key), first);
        a = loadToken(store, server);
        QCOMPARE(a.status, CredentialStore::Status::Ok);
        QCOMPARE(a.token, first);
        // The same server written another way finds the same entry; another
        // scheme is another server.
        QCOMPARE(loadToken(store, QUrl(u"https://houbu.example:8443"_s)).token, first);
        QCOMPARE(loadToken(store, QUrl(u"http://houbu.example:8443"_s)).status,
                 CredentialStore::Status::NotFound);

        a = await(store, &CredentialStore::saved, [&] { store.save(server, second); });
        QCOMPARE(a.status, CredentialStore::Status::Ok);
        QCOMPARE(loadToken(store, server).token, second);
        QCOMPARE(secretToolLookup(key), second);

        a = await(store, &CredentialStore::removed, [&] { store.remove(server); });
        QCOMPARE(a.status, CredentialStore::Status::Ok);
        a = loadToken(store, server);
        QVERIFY(a.answered);
        QCOMPARE(a.status, CredentialStore::Status::NotFound);
        QVERIFY(a.token.isEmpty());
        QVERIFY(!a.error.isEmpty());
        QVERIFY(secretToolLookup(key).isEmpty());

        for (const QByteArray& token : {first, second})
            QCOMPARE(filesContaining(home_, token), QStringList());
    }

    // The dialog remembers a token, fills it in next time, and forgets it.
    void dialogRemembersAndForgets() {
        QVERIFY2(!qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS"),
                 "run inside with-keyring.sh");
        const QByteArray token = "tok-dialog-5c0de7a1";
        const QString key = u"https://ops.example:9443"_s;
        {
            ConnectDialog dialog;
            dialog.show();
            QVERIFY(QTest::qWaitForWindowExposed(&dialog));
            QTest::keyClicks(dialog.serverEdit(), u"https://OPS.example:9443"_s);
            QTest::keyClicks(dialog.tokenEdit(), QString::fromLatin1(token));
            dialog.rememberBox()->setChecked(true);
            QTest::keyClick(&dialog, Qt::Key_Return);
            QTRY_COMPARE_WITH_TIMEOUT(dialog.result(), int(QDialog::Accepted), 20000);
            QCOMPARE(dialog.server().toString(), key);
            QCOMPARE(dialog.token(), token);
        }
        QCOMPARE(secretToolLookup(key), token);
        QCOMPARE(ConnectDialog::recentServers(), QStringList{key});
        {
            // Closed while its keychain read is unanswered: the answer comes to no one.
            ConnectDialog dialog;
            QVERIFY(dialog.busy());
        }
        {
            CredentialStore store;
            QCOMPARE(loadToken(store, QUrl(key)).token, token);
        }
        QVERIFY(settingsText().contains(u"ops.example"_s));
        QVERIFY(!settingsText().contains(QString::fromLatin1(token)));
        {
            ConnectDialog dialog;
            dialog.show();
            QCOMPARE(dialog.serverEdit()->text(), key);
            QTRY_COMPARE_WITH_TIMEOUT(dialog.tokenEdit()->text(), QString::fromLatin1(token),
                                      20000);
            QVERIFY(dialog.rememberBox()->isChecked());
            QVERIFY(dialog.connectButton()->isEnabled());
            QVERIFY(dialog.statusLabel()->text().contains(u"keychain"_s));
            // A token read for one server is never offered to another.
            dialog.serverEdit()->setText(u"https://elsewhere.example:9443"_s);
            QVERIFY(dialog.tokenEdit()->text().isEmpty());
            QVERIFY(!dialog.connectButton()->isEnabled());
            dialog.setServer(key);
            QTRY_COMPARE_WITH_TIMEOUT(dialog.tokenEdit()->text(), QString::fromLatin1(token),
                                      20000);
            QTest::mouseClick(dialog.forgetButton(), Qt::LeftButton);
            QTRY_VERIFY_WITH_TIMEOUT(!dialog.busy(), 20000);
            QVERIFY(dialog.tokenEdit()->text().isEmpty());
            QVERIFY(!dialog.rememberBox()->isChecked());
            QVERIFY(dialog.statusLabel()->text().contains(u"removed"_s));
        }
        QVERIFY(secretToolLookup(key).isEmpty());
        {
            // Forgotten: the next dialog does not even ask the keychain.
            ConnectDialog dialog;
            QCOMPARE(dialog.serverEdit()->text(), key);
            QVERIFY(!dialog.busy());
            QVERIFY(dialog.tokenEdit()->text().isEmpty());
        }
        QCOMPARE(filesContaining(home_, token), QStringList());
    }

    // No D-Bus session: every call says the keychain is unreachable.
    void keychainUnreachable() {
        QVERIFY2(qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS"),
                 "run with HOUBU_TEST_NO_BUS=1");
        CredentialStore store;
        const QUrl server(u"https://houbu.example:8443"_s);
        Answer a = await(store, &CredentialStore::saved, [&] { store.save(server, "tok-x"); });
        QVERIFY(a.answered);
        QCOMPARE(a.status, CredentialStore::Status::Unreachable);
        QVERIFY2(a.error.contains(u"No system keychain is reachable"_s), qPrintable(a.error));
        QCOMPARE(loadToken(store, server).status, CredentialStore::Status::Unreachable);
        a = await(store, &CredentialStore::removed, [&] { store.remove(server); });
        QCOMPARE(a.status, CredentialStore::Status::Unreachable);
    }

    // The dialog says so, connects only without remembering, and the token is
    // in no file (settings included) afterwards.
    void dialogReportsUnreachable() {
        QVERIFY2(qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS"),
                 "run with HOUBU_TEST_NO_BUS=1");
        const QByteArray token = "tok-nobus-9d2f61e0";
        ConnectDialog dialog;
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QTest::keyClicks(dialog.serverEdit(), u"https://ops.example:9443"_s);
        QTest::keyClicks(dialog.tokenEdit(), QString::fromLatin1(token));
        dialog.rememberBox()->setChecked(true);
        QTest::keyClick(&dialog, Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.busy(), 20000);
        QVERIFY(dialog.isVisible());
        QCOMPARE(dialog.result(), int(QDialog::Rejected));
        const QString status = dialog.statusLabel()->text();
        QVERIFY2(status.contains(u"No system keychain is reachable"_s), qPrintable(status));
        QVERIFY2(status.contains(u"not stored"_s), qPrintable(status));
        QVERIFY(ConnectDialog::recentServers().isEmpty());

        // Without "remember" it connects; only the address is kept.
        dialog.rememberBox()->setChecked(false);
        QTest::keyClick(&dialog, Qt::Key_Return);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QCOMPARE(ConnectDialog::recentServers(), QStringList{u"https://ops.example:9443"_s});
        const QString settings = settingsText();
        QVERIFY(settings.contains(u"ops.example"_s));  // the scan below looks at the right place
        QVERIFY(!filesContaining(home_, "ops.example").isEmpty());
        QCOMPARE(filesContaining(home_, token), QStringList());
    }

  private:
    QString home_;
};

int main(int argc, char** argv) {
    // A fresh HOME and XDG directories: the settings file lands here, and the
    // tests scan them for tokens.
    QTemporaryDir home;
    if (!home.isValid()) return 1;
    const QString root = home.path();
    qputenv("HOME", QFile::encodeName(root));
    for (const char* name : {"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"}) {
        const QString dir = root + u'/' + QString::fromLatin1(name).toLower();
        QDir().mkpath(dir);
        qputenv(name, QFile::encodeName(dir));
    }
    if (qEnvironmentVariableIsSet("HOUBU_TEST_NO_BUS")) {
        qunsetenv("DBUS_SESSION_BUS_ADDRESS");
        const QString runtime = root + u"/runtime"_s;
        QDir().mkpath(runtime);
        QFile::setPermissions(runtime, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        qputenv("XDG_RUNTIME_DIR", QFile::encodeName(runtime));
    }
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(u"houbu-test"_s);
    QCoreApplication::setApplicationName(u"tst_keychain"_s);
    TestKeychain test(root);
    return QTest::qExec(&test, argc, argv);
}

#include "tst_keychain.moc"
