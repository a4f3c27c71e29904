// The Connect dialog, the connection indicator and the main window on a
// session other than the embedded one. No keychain is reached here (no server
// is remembered and the process has no D-Bus session); tst_keychain covers it.
// The windows on a real houbud (dispatcher and viewer, every view compared with
// the embedded engine's) are tests/server/tst_console_remote.

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>

#include "houbu/connect_dialog.h"
#include "houbu/connection_indicator.h"
#include "houbu/credential_store.h"
#include "houbu/main_window.h"

using namespace houbu;
using namespace Qt::StringLiterals;

namespace {

// WCAG contrast ratio of two colours.
double contrast(const QColor& a, const QColor& b) {
    auto luminance = [](const QColor& c) {
        auto channel = [](double v) {
            return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
        };
        return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) +
               0.0722 * channel(c.blueF());
    };
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QString settingsText() {
    QSettings settings;
    settings.sync();
    QFile f(settings.fileName());
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

}  // namespace

class TestConnect : public QObject {
    Q_OBJECT

  private slots:
    void init() { QSettings().clear(); }

    void parseServer_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("normalised");  // empty: invalid
        QTest::newRow("https with port")
            << u"https://houbu.example:8443"_s << u"https://houbu.example:8443"_s;
        QTest::newRow("case, slash, spaces")
            << u"  HTTPS://Houbu.Example:8443/ "_s << u"https://houbu.example:8443"_s;
        QTest::newRow("default https port")
            << u"https://houbu.example"_s << u"https://houbu.example:443"_s;
        QTest::newRow("http loopback") << u"http://127.0.0.1:8080"_s << u"http://127.0.0.1:8080"_s;
        QTest::newRow("ipv6") << u"https://[::1]:8443"_s << u"https://[::1]:8443"_s;
        QTest::newRow("empty") << QString() << QString();
        QTest::newRow("no scheme") << u"houbu.example:8443"_s << QString();
        QTest::newRow("ftp") << u"ftp://houbu.example:21"_s << QString();
        QTest::newRow("no host") << u"https://"_s << QString();
        QTest::newRow("secret in address") << u"https://ops:tok@houbu.example:8443"_s << QString();
        QTest::newRow("port 0") << u"https://houbu.example:0"_s << QString();
        QTest::newRow("port too large") << u"https://houbu.example:70000"_s << QString();
        QTest::newRow("port not a number") << u"https://houbu.example:port"_s << QString();
        QTest::newRow("path") << u"https://houbu.example:8443/api"_s << QString();
        QTest::newRow("query") << u"https://houbu.example:8443?token=x"_s << QString();
        QTest::newRow("fragment") << u"https://houbu.example:8443#x"_s << QString();
    }
    void parseServer() {
        QFETCH(QString, text);
        QFETCH(QString, normalised);
        QString reason;
        const QUrl url = ConnectDialog::parseServer(text, &reason);
        QCOMPARE(url.toString(), normalised);
        QCOMPARE(reason.isEmpty(), !normalised.isEmpty());
        if (!normalised.isEmpty()) QCOMPARE(CredentialStore::keyFor(url), normalised);
    }

    // Connect is enabled only for a valid address and a token; the hint says
    // what is wrong as one types; the token is hidden unless asked.
    void dialogValidatesAsYouType() {
        ConnectDialog dialog;
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QVERIFY(!dialog.connectButton()->isEnabled());
        QVERIFY(!dialog.recentBox()->isEnabled());  // no recent servers yet
        QTest::keyClicks(dialog.serverEdit(), u"https://houbu.example:8443/api"_s);
        QVERIFY(dialog.hintLabel()->text().contains(u"path"_s));
        QVERIFY(!dialog.connectButton()->isEnabled());
        for (int i = 0; i < 4; ++i)
            QTest::keyClick(dialog.serverEdit(), Qt::Key_Backspace);
        QVERIFY(dialog.hintLabel()->text().isEmpty());
        QVERIFY(!dialog.connectButton()->isEnabled());  // no token yet
        QVERIFY(dialog.forgetButton()->isEnabled());
        // Enter does nothing while Connect is disabled.
        QTest::keyClick(&dialog, Qt::Key_Return);
        QVERIFY(dialog.isVisible());

        QTest::keyClicks(dialog.tokenEdit(), u"tok-visible-no"_s);
        QCOMPARE(dialog.tokenEdit()->echoMode(), QLineEdit::Password);
        QVERIFY(dialog.connectButton()->isEnabled());
        QTest::mouseClick(dialog.showTokenButton(), Qt::LeftButton);
        QCOMPARE(dialog.tokenEdit()->echoMode(), QLineEdit::Normal);
        QTest::mouseClick(dialog.showTokenButton(), Qt::LeftButton);
        QCOMPARE(dialog.tokenEdit()->echoMode(), QLineEdit::Password);

        // Plain http to another host is allowed, with a warning.
        dialog.serverEdit()->setText(u"http://houbu.example:8080"_s);
        QVERIFY(dialog.hintLabel()->text().contains(u"unencrypted"_s));
        QVERIFY(dialog.connectButton()->isEnabled());
        dialog.serverEdit()->setText(u"https://ops:tok@houbu.example:8443"_s);
        QVERIFY(dialog.hintLabel()->text().contains(u"token field"_s));
        QVERIFY(!dialog.connectButton()->isEnabled());
        QVERIFY(!dialog.forgetButton()->isEnabled());

        QTest::keyClick(&dialog, Qt::Key_Escape);
        QVERIFY(!dialog.isVisible());
        QCOMPARE(dialog.result(), int(QDialog::Rejected));
        QVERIFY(ConnectDialog::recentServers().isEmpty());
    }

    // Recent servers: addresses only, newest first, no duplicates, at most 8.
    void recentServersHoldNoSecret() {
        const QByteArray token = "tok-recent-3a9c51f7";
        for (int i = 1; i <= 10; ++i) {
            ConnectDialog dialog;
            dialog.show();
            dialog.serverEdit()->setText(u"https://host%1.example:8443"_s.arg(i));
            QTest::keyClicks(dialog.tokenEdit(), QString::fromLatin1(token));
            QVERIFY(!dialog.rememberBox()->isChecked());
            QTest::keyClick(&dialog, Qt::Key_Return);
            QCOMPARE(dialog.result(), int(QDialog::Accepted));
            QCOMPARE(dialog.token(), token);
        }
        ConnectDialog::addRecentServer(QUrl(u"https://HOST9.example:8443/"_s));
        const QStringList recent = ConnectDialog::recentServers();
        QCOMPARE(recent.size(), 8);
        QCOMPARE(recent.first(), u"https://host9.example:8443"_s);
        QCOMPARE(recent.at(1), u"https://host10.example:8443"_s);
        QCOMPARE(recent.count(u"https://host9.example:8443"_s), 1);
        const QString text = settingsText();
        QVERIFY(text.contains(u"host10.example"_s));
        QVERIFY(!text.contains(QString::fromLatin1(token)));

        // The next dialog offers them, the newest first; choosing one fills the address.
        ConnectDialog dialog;
        dialog.show();
        QCOMPARE(dialog.recentBox()->count(), 8);
        QCOMPARE(dialog.serverEdit()->text(), recent.first());
        QVERIFY(dialog.tokenEdit()->text().isEmpty());
        QVERIFY(!dialog.busy());  // nothing remembered: the keychain is not asked
        dialog.recentBox()->setCurrentIndex(2);
        emit dialog.recentBox()->activated(2);
        QCOMPARE(dialog.serverEdit()->text(), recent.at(2));
    }

    // Embedded and remote sessions in the indicator; a failed connection is
    // shown in the status bar and leaves actions disabled with the reason.
    void indicatorFollowsTheSession() {
        MainWindow window;
        window.show();
        QCOMPARE(window.connectionIndicator()->kind(), ConnectionIndicator::Kind::Disconnected);
        window.openEmbedded(QString());
        QCOMPARE(window.connectionIndicator()->kind(), ConnectionIndicator::Kind::Embedded);
        QCOMPARE(window.connectionIndicator()->text(), u"Embedded"_s);
        QVERIFY(window.exportAction()->isEnabled());
        QVERIFY(!window.disconnectAction()->isEnabled());

        // Nothing listens on the discard port of the loopback address.
        window.openRemote(QUrl(u"http://127.0.0.1:9"_s), "tok-unused");
        QVERIFY(window.session()->isRemote());
        QVERIFY(!window.advanceAction()->isEnabled());
        QVERIFY(!window.advanceAction()->toolTip().isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(window.connectionIndicator()->kind(),
                                  ConnectionIndicator::Kind::Disconnected, 20000);
        QVERIFY2(window.statusBar()->currentMessage().contains(u"Cannot connect"_s),
                 qPrintable(window.statusBar()->currentMessage()));
        QVERIFY(window.connectionIndicator()->toolTip().contains(u"127.0.0.1:9"_s));
        QVERIFY(!window.advanceAction()->isEnabled());
        QCOMPARE(window.advanceAction()->toolTip(), window.sendDeniedReason());
    }

    // File ▸ Connect to server… opens the dialog (Ctrl+Shift+O, unambiguous).
    void connectActionOpensTheDialog() {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(window.connectAction()->shortcut(), QKeySequence(u"Ctrl+Shift+O"_s));
        // Window-wide shortcuts must be unique; a widget's own shortcuts (Delete in
        // the grid, Delete in the queue view) only within that widget.
        QHash<QPair<QObject*, QKeySequence>, QString> seen;
        for (QAction* action : window.findChildren<QAction*>()) {
            QObject* scope = action->shortcutContext() == Qt::WindowShortcut ||
                                     action->shortcutContext() == Qt::ApplicationShortcut
                                 ? nullptr
                                 : action->parent();
            for (const QKeySequence& key : action->shortcuts()) {
                const auto where = qMakePair(scope, key);
                QVERIFY2(!seen.contains(where),
                         qPrintable(key.toString() + u" on "_s + seen.value(where) + u" and "_s +
                                    action->text()));
                seen.insert(where, action->text());
            }
        }
        bool opened = false;
        QTimer::singleShot(0, &window, [&opened] {
            auto* dialog = qobject_cast<ConnectDialog*>(QApplication::activeModalWidget());
            opened = dialog != nullptr;
            if (dialog) QTest::keyClick(dialog, Qt::Key_Escape);
        });
        QTest::keyClick(&window, Qt::Key_O, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(opened);
        QVERIFY(!window.session());  // cancelled: nothing opened
    }

    // Dots stand out from the window on light and dark palettes alike
    // (WCAG non-text contrast of at least 3:1).
    void indicatorColoursReadableOnLightAndDark() {
        QPalette light;
        light.setColor(QPalette::Window, QColor(0xef, 0xef, 0xef));
        QPalette dark;
        dark.setColor(QPalette::Window, QColor(0x23, 0x26, 0x2b));
        using Kind = ConnectionIndicator::Kind;
        for (Kind kind : {Kind::Embedded, Kind::Connecting, Kind::Connected, Kind::Reconnecting,
                          Kind::Disconnected}) {
            for (const QPalette& p : {light, dark}) {
                const double ratio =
                    contrast(ConnectionIndicator::dotColor(kind, p), p.color(QPalette::Window));
                QVERIFY2(ratio >= 3.0, qPrintable(u"%1 on %2: %3"_s.arg(int(kind))
                                                      .arg(p.color(QPalette::Window).name())
                                                      .arg(ratio)));
            }
        }
        QVERIFY(ConnectionIndicator::dotColor(Kind::Connected, light) !=
                ConnectionIndicator::dotColor(Kind::Disconnected, light));
    }
};

int main(int argc, char** argv) {
    // Settings in a fresh directory; no D-Bus session, so no keychain is reached.
    QTemporaryDir home;
    if (!home.isValid()) return 1;
    qputenv("XDG_CONFIG_HOME", QFile::encodeName(home.path()));
    qunsetenv("DBUS_SESSION_BUS_ADDRESS");
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(u"houbu-test"_s);
    QCoreApplication::setApplicationName(u"tst_connect"_s);
    TestConnect test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_connect.moc"
