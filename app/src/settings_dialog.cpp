#include "houbu/settings_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include "houbu/appearance.h"

namespace houbu {

using namespace Qt::StringLiterals;

SettingsDialog::SettingsDialog(QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Settings"));
    setObjectName(u"settings"_s);
    auto* layout = new QVBoxLayout(this);

    auto* look = new QGroupBox(tr("Appearance"));
    auto* form = new QFormLayout(look);
    language_ = new QComboBox;
    language_->setObjectName(u"language"_s);
    language_->addItem(tr("Follow the system"), QString());
    // Each language in its own name, so that it can be found whatever is shown now.
    language_->addItem(u"English"_s, u"en"_s);
    language_->addItem(u"简体中文"_s, u"zh_CN"_s);
    initialLanguage_ = savedLanguage();
    language_->setCurrentIndex(std::max(0, language_->findData(initialLanguage_)));
    form->addRow(tr("&Language:"), language_);
    restartNote_ = new QLabel(tr("The new language applies when the console starts again."));
    restartNote_->setWordWrap(true);
    restartNote_->setVisible(false);
    form->addRow(QString(), restartNote_);

    scheme_ = new QComboBox;
    scheme_->setObjectName(u"colourScheme"_s);
    scheme_->addItem(tr("Follow the system"), int(ColourScheme::System));
    scheme_->addItem(tr("Light"), int(ColourScheme::Light));
    scheme_->addItem(tr("Dark"), int(ColourScheme::Dark));
    scheme_->setCurrentIndex(scheme_->findData(int(savedColourScheme())));
    form->addRow(tr("&Colours:"), scheme_);
    layout->addWidget(look);

    auto* window = new QGroupBox(tr("Window"));
    auto* buttons = new QHBoxLayout(window);
    auto* resetLayout = new QPushButton(tr("&Reset window layout"));
    resetLayout->setToolTip(tr("Put the docks and toolbars back where they start"));
    auto* clearRecent = new QPushButton(tr("Clear recent &files"));
    buttons->addWidget(resetLayout);
    buttons->addWidget(clearRecent);
    buttons->addStretch();
    layout->addWidget(window);
    connect(resetLayout, &QPushButton::clicked, this, &SettingsDialog::resetLayoutRequested);
    connect(clearRecent, &QPushButton::clicked, this, &SettingsDialog::clearRecentRequested);

    auto* box = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(box, &QDialogButtonBox::accepted, this, &SettingsDialog::accept);
    connect(box, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(box);

    connect(language_, &QComboBox::currentIndexChanged, this, [this] {
        restartNote_->setVisible(language_->currentData().toString() != initialLanguage_);
    });
    // Colours preview at once; Cancel puts the saved scheme back.
    connect(scheme_, &QComboBox::currentIndexChanged, this,
            [this] { applyColourScheme(ColourScheme(scheme_->currentData().toInt())); });
    connect(this, &QDialog::rejected, this, [] { applyColourScheme(savedColourScheme()); });
}

void SettingsDialog::accept() {
    saveLanguage(language_->currentData().toString());
    saveColourScheme(ColourScheme(scheme_->currentData().toInt()));
    applyColourScheme(savedColourScheme());
    QDialog::accept();
}

}  // namespace houbu
