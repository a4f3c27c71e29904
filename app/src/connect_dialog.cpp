#include "houbu/connect_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QToolButton>

#include "houbu/connection_indicator.h"
#include "houbu/credential_store.h"

namespace houbu {

using namespace Qt::StringLiterals;

namespace {

// Settings keys. Only server addresses are kept; tokens live in the keychain.
const auto kRecentKey = u"connect/recentServers"_s;
const auto kRememberedKey = u"connect/rememberedServers"_s;
constexpr int kRecentMax = 8;

bool isLoopback(const QString& host) {
    return host == u"localhost"_s || host.startsWith(u"127."_s) || host == u"::1"_s;
}

}  // namespace

ConnectDialog::ConnectDialog(QWidget* parent) : QDialog(parent) {
    setObjectName(u"ConnectDialog"_s);
    setWindowTitle(tr("Connect to server"));
    credentials_ = new CredentialStore(this);
    connect(credentials_, &CredentialStore::loaded, this,
            [this](const QString& key, CredentialStore::Status status, const QByteArray& token,
                   const QString& error) { onLoaded(key, int(status), token, error); });
    connect(credentials_, &CredentialStore::saved, this,
            [this](const QString& key, CredentialStore::Status status, const QString& error) {
                onSaved(key, int(status), error);
            });
    connect(credentials_, &CredentialStore::removed, this,
            [this](const QString& key, CredentialStore::Status status, const QString& error) {
                onRemoved(key, int(status), error);
            });

    auto* form = new QFormLayout(this);
    recent_ = new QComboBox(this);
    recent_->setObjectName(u"recentServers"_s);
    recent_->addItems(recentServers());
    recent_->setEnabled(recent_->count() > 0);
    recent_->setPlaceholderText(tr("No recent servers"));
    form->addRow(tr("&Recent servers:"), recent_);

    server_ = new QLineEdit(this);
    server_->setObjectName(u"server"_s);
    server_->setPlaceholderText(tr("https://host:port"));
    server_->setClearButtonEnabled(true);
    form->addRow(tr("&Server:"), server_);
    others_ = new QLineEdit(this);
    others_->setObjectName(u"otherServers"_s);
    others_->setPlaceholderText(tr("https://host:port, https://host:port (optional)"));
    others_->setClearButtonEnabled(true);
    others_->setToolTip(
        tr("Other servers of the same store: its followers, or its writer. The console reads "
           "from the first that answers and, when a connection is lost, goes on from the next "
           "where it stopped; commands reach the writer through any of them."));
    form->addRow(tr("&Also via:"), others_);
    hint_ = new QLabel(this);
    hint_->setObjectName(u"serverHint"_s);
    hint_->setWordWrap(true);
    form->addRow(QString(), hint_);

    auto* tokenRow = new QHBoxLayout;
    token_ = new QLineEdit(this);
    token_->setObjectName(u"token"_s);
    token_->setEchoMode(QLineEdit::Password);
    token_->setPlaceholderText(tr("Access token given by the server's administrator"));
    showToken_ = new QToolButton(this);
    showToken_->setObjectName(u"showToken"_s);
    showToken_->setCheckable(true);
    showToken_->setText(tr("Show"));
    showToken_->setToolTip(tr("Show or hide the token"));
    tokenRow->addWidget(token_, 1);
    tokenRow->addWidget(showToken_);
    auto* tokenLabel = new QLabel(tr("&Token:"), this);
    tokenLabel->setBuddy(token_);
    form->addRow(tokenLabel, tokenRow);

    remember_ = new QCheckBox(tr("Re&member token in the system keychain"), this);
    remember_->setObjectName(u"remember"_s);
    remember_->setToolTip(
        tr("The token is kept only in the system keychain, never in a file. Without a "
           "reachable keychain it is not remembered."));
    form->addRow(QString(), remember_);

    status_ = new QLabel(this);
    status_->setObjectName(u"status"_s);
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form->addRow(status_);

    auto* buttons = new QDialogButtonBox(this);
    connect_ = buttons->addButton(tr("&Connect"), QDialogButtonBox::AcceptRole);
    connect_->setDefault(true);
    forget_ = buttons->addButton(tr("&Forget token"), QDialogButtonBox::ActionRole);
    forget_->setToolTip(tr("Remove this server's token from the system keychain"));
    forget_->setAutoDefault(false);
    buttons->addButton(QDialogButtonBox::Cancel);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &ConnectDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &ConnectDialog::reject);
    connect(forget_, &QPushButton::clicked, this, &ConnectDialog::forgetToken);

    connect(recent_, &QComboBox::activated, this,
            [this](int index) { setServer(recent_->itemText(index)); });
    connect(others_, &QLineEdit::textChanged, this, &ConnectDialog::validate);
    connect(server_, &QLineEdit::textChanged, this, [this] {
        // A token read for one server is never sent to another.
        if (!tokenFromKeychain_.isEmpty() &&
            parseServer(server_->text()).toString() != tokenFromKeychain_) {
            token_->clear();
            tokenFromKeychain_.clear();
        }
        validate();
    });
    connect(server_, &QLineEdit::editingFinished, this, [this] {
        const QString key = parseServer(server_->text()).toString();
        if (!key.isEmpty() && token_->text().isEmpty() && rememberedServers().contains(key))
            loadToken(key);
    });
    connect(token_, &QLineEdit::textEdited, this, [this] {
        tokenFromKeychain_.clear();
        validate();
    });
    connect(showToken_, &QToolButton::toggled, this, [this](bool shown) {
        token_->setEchoMode(shown ? QLineEdit::Normal : QLineEdit::Password);
        showToken_->setText(shown ? tr("Hide") : tr("Show"));
    });

    if (recent_->count() > 0) {
        recent_->setCurrentIndex(0);
        setServer(recent_->itemText(0));
    }
    validate();
    setMinimumWidth(fontMetrics().horizontalAdvance(QLatin1Char('x')) * 70);
}

ConnectDialog::~ConnectDialog() = default;

QUrl ConnectDialog::parseServer(const QString& text, QString* reason) {
    auto fail = [reason](const QString& why) {
        if (reason) *reason = why;
        return QUrl();
    };
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty()) return fail(tr("Enter the server's address, e.g. https://host:8443."));
    const QUrl url(trimmed, QUrl::StrictMode);
    if (!url.isValid()) return fail(tr("Not a valid address: %1").arg(url.errorString()));
    const QString scheme = url.scheme().toLower();
    if (scheme != u"http"_s && scheme != u"https"_s)
        return fail(tr("The address must start with https:// or http://."));
    if (url.host().isEmpty()) return fail(tr("The address needs a host name."));
    if (!url.userInfo().isEmpty())
        return fail(tr("Put the token in the token field, not in the address."));
    if (url.port() == 0) return fail(tr("The port must be between 1 and 65535."));
    if ((!url.path().isEmpty() && url.path() != u"/"_s) || url.hasQuery() || url.hasFragment())
        return fail(tr("The address must not have a path, query or fragment."));
    if (reason) reason->clear();
    return QUrl(CredentialStore::keyFor(url));
}

QStringList ConnectDialog::recentServers() {
    return QSettings().value(kRecentKey).toStringList();
}

void ConnectDialog::addRecentServer(const QUrl& server) {
    const QString key = CredentialStore::keyFor(server);
    if (key.isEmpty()) return;
    QStringList list = recentServers();
    list.removeAll(key);
    list.prepend(key);
    QSettings().setValue(kRecentKey, list.mid(0, kRecentMax));
}

QStringList ConnectDialog::rememberedServers() {
    return QSettings().value(kRememberedKey).toStringList();
}

void ConnectDialog::setRemembered(const QString& key, bool remembered) {
    QStringList list = rememberedServers();
    list.removeAll(key);
    if (remembered) list.append(key);
    QSettings settings;
    if (list.isEmpty())
        settings.remove(kRememberedKey);
    else
        settings.setValue(kRememberedKey, list);
}

void ConnectDialog::setServer(const QString& address) {
    server_->setText(address);
    // A known server: the token is what is left to type.
    if (!parseServer(address).isEmpty()) token_->setFocus();
    const QString key = parseServer(address).toString();
    const bool remembered = !key.isEmpty() && rememberedServers().contains(key);
    remember_->setChecked(remembered);
    if (remembered) loadToken(key);
}

void ConnectDialog::setStatus(const QString& message, bool error) {
    status_->setText(message);
    status_->setStyleSheet(
        error ? u"color: %1"_s.arg(ConnectionIndicator::dotColor(
                                       ConnectionIndicator::Kind::Disconnected, palette())
                                       .name())
              : QString());
}

QUrl ConnectDialog::server() const {
    return parseServer(server_->text());
}

QList<QUrl> ConnectDialog::servers() const {
    QList<QUrl> all{server()};
    for (const QString& item : others_->text().split(u',', Qt::SkipEmptyParts)) {
        const QUrl url = parseServer(item);
        if (!url.isEmpty() && !all.contains(url)) all.append(url);
    }
    return all;
}

QByteArray ConnectDialog::token() const {
    return token_->text().trimmed().toUtf8();
}

void ConnectDialog::validate() {
    QString reason;
    QUrl url = parseServer(server_->text(), &reason);
    for (const QString& item : others_->text().split(u',', Qt::SkipEmptyParts)) {
        if (!reason.isEmpty()) break;
        QString why;
        if (parseServer(item, &why).isEmpty()) {
            reason = tr("Also via %1: %2").arg(item.trimmed(), why);
            url = QUrl();
        }
    }
    bool warning = !reason.isEmpty();
    if (reason.isEmpty() && url.scheme() == u"http"_s && !isLoopback(url.host())) {
        reason = tr("Without https the token travels unencrypted.");
        warning = true;
    }
    hint_->setText(server_->text().isEmpty() ? QString() : reason);
    hint_->setVisible(!hint_->text().isEmpty());
    hint_->setStyleSheet(
        warning ? u"color: %1"_s.arg(ConnectionIndicator::dotColor(
                                         url.isEmpty() ? ConnectionIndicator::Kind::Disconnected
                                                       : ConnectionIndicator::Kind::Connecting,
                                         palette())
                                         .name())
                : QString());
    const bool valid = !url.isEmpty();
    connect_->setEnabled(valid && !token().isEmpty() && !busy());
    forget_->setEnabled(valid && !busy());
    server_->setEnabled(!busy());
    recent_->setEnabled(!busy() && recent_->count() > 0);
}

void ConnectDialog::loadToken(const QString& key) {
    ++busy_;
    setStatus(tr("Reading the token from the system keychain…"), false);
    validate();
    credentials_->load(QUrl(key));
}

void ConnectDialog::onLoaded(const QString& key, int status, const QByteArray& token,
                             const QString& error) {
    --busy_;
    if (key != server().toString()) {
        validate();
        return;
    }
    switch (CredentialStore::Status(status)) {
        case CredentialStore::Status::Ok:
            token_->setText(QString::fromUtf8(token));
            tokenFromKeychain_ = key;
            remember_->setChecked(true);
            setStatus(tr("Token read from the system keychain."), false);
            break;
        case CredentialStore::Status::NotFound:
            setRemembered(key, false);
            remember_->setChecked(false);
            setStatus(tr("No token is remembered for this server: enter it."), false);
            break;
        default:
            setStatus(error + u' ' + tr("Enter the token to connect."), true);
            break;
    }
    validate();
}

void ConnectDialog::accept() {
    const QUrl url = server();
    if (url.isEmpty() || token().isEmpty() || busy()) return;
    const QString key = url.toString();
    if (!remember_->isChecked() || tokenFromKeychain_ == key) {
        addRecentServer(url);
        QDialog::accept();
        return;
    }
    ++busy_;
    setStatus(tr("Storing the token in the system keychain…"), false);
    validate();
    credentials_->save(url, token());
}

void ConnectDialog::onSaved(const QString& key, int status, const QString& error) {
    --busy_;
    validate();
    if (CredentialStore::Status(status) != CredentialStore::Status::Ok) {
        setStatus(error + u' ' +
                      tr("The token was not stored. Untick “Remember” to connect without "
                         "storing it."),
                  true);
        return;
    }
    setRemembered(key, true);
    tokenFromKeychain_ = key;
    if (key != server().toString()) return;
    addRecentServer(QUrl(key));
    QDialog::accept();
}

void ConnectDialog::forgetToken() {
    const QUrl url = server();
    if (url.isEmpty() || busy()) return;
    ++busy_;
    setStatus(tr("Removing the token from the system keychain…"), false);
    validate();
    credentials_->remove(url);
}

void ConnectDialog::onRemoved(const QString& key, int status, const QString& error) {
    --busy_;
    const auto s = CredentialStore::Status(status);
    if (s == CredentialStore::Status::Ok || s == CredentialStore::Status::NotFound) {
        setRemembered(key, false);
        if (key == server().toString()) {
            if (tokenFromKeychain_ == key) token_->clear();
            tokenFromKeychain_.clear();
            remember_->setChecked(false);
        }
        setStatus(s == CredentialStore::Status::Ok
                      ? tr("The token for %1 was removed from the system keychain.").arg(key)
                      : tr("No token was stored for %1.").arg(key),
                  false);
    } else {
        setStatus(error, true);
    }
    validate();
}

}  // namespace houbu
