#pragma once
// File ▸ Connect to server…: the address of a houbud server and a token. The
// token may be remembered in the system keychain (never in the settings or any
// file); the settings keep only the addresses of recent servers.

#include <QDialog>
#include <QUrl>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QToolButton;

namespace houbu {

class CredentialStore;

class ConnectDialog : public QDialog {
    Q_OBJECT

  public:
    explicit ConnectDialog(QWidget* parent = nullptr);
    ~ConnectDialog() override;

    // Validates an address as typed. Returns "scheme://host:port" (see
    // CredentialStore::keyFor) or, with `reason` set, an empty URL.
    static QUrl parseServer(const QString& text, QString* reason = nullptr);
    // Recent servers, newest first (addresses only).
    static QStringList recentServers();
    static void addRecentServer(const QUrl& server);

    // Fills the address (and, for a remembered server, reads its token).
    void setServer(const QString& address);
    // Shows a message in the status line (e.g. why the last connection failed).
    void setStatus(const QString& message, bool error);

    // Valid once accepted.
    QUrl server() const;
    // The server, then the other servers of the same store given under
    // "Also via" (its followers or its writer), in the order typed.
    QList<QUrl> servers() const;
    QByteArray token() const;

    // For tests.
    QLineEdit* serverEdit() const { return server_; }
    QLineEdit* tokenEdit() const { return token_; }
    QLineEdit* otherServersEdit() const { return others_; }
    QToolButton* showTokenButton() const { return showToken_; }
    QCheckBox* rememberBox() const { return remember_; }
    QComboBox* recentBox() const { return recent_; }
    QPushButton* connectButton() const { return connect_; }
    QPushButton* forgetButton() const { return forget_; }
    QLabel* hintLabel() const { return hint_; }
    QLabel* statusLabel() const { return status_; }
    // True while a keychain call is unanswered.
    bool busy() const { return busy_ > 0; }

  public slots:
    void accept() override;

  private:
    static QStringList rememberedServers();
    static void setRemembered(const QString& key, bool remembered);
    void validate();
    void loadToken(const QString& key);
    void forgetToken();
    void onLoaded(const QString& key, int status, const QByteArray& token, const QString& error);
    void onSaved(const QString& key, int status, const QString& error);
    void onRemoved(const QString& key, int status, const QString& error);

    CredentialStore* credentials_ = nullptr;
    QComboBox* recent_ = nullptr;
    QLineEdit* server_ = nullptr;
    QLineEdit* others_ = nullptr;
    QLabel* hint_ = nullptr;
    QLineEdit* token_ = nullptr;
    QToolButton* showToken_ = nullptr;
    QCheckBox* remember_ = nullptr;
    QLabel* status_ = nullptr;
    QPushButton* connect_ = nullptr;
    QPushButton* forget_ = nullptr;
    int busy_ = 0;
    // The token field holds what the keychain returned for this key.
    QString tokenFromKeychain_;
};

}  // namespace houbu
