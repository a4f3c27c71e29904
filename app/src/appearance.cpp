#include "houbu/appearance.h"

#include <QApplication>
#include <QSettings>
#include <QStyle>

namespace houbu {

using namespace Qt::StringLiterals;

namespace {

QPalette& systemPalette() {
    static QPalette palette;
    return palette;
}

const QString kSchemeKey = u"appearance/colourScheme"_s;
// Kept as "language" (not under appearance/) so that --lang and older settings agree.
const QString kLanguageKey = u"language"_s;

}  // namespace

void rememberSystemPalette() {
    systemPalette() = QApplication::palette();
}

ColourScheme savedColourScheme() {
    const QString value = QSettings().value(kSchemeKey).toString();
    if (value == u"dark"_s) return ColourScheme::Dark;
    if (value == u"light"_s) return ColourScheme::Light;
    return ColourScheme::System;
}

void saveColourScheme(ColourScheme scheme) {
    const char* names[] = {"system", "light", "dark"};
    QSettings().setValue(kSchemeKey, QString::fromLatin1(names[static_cast<int>(scheme)]));
}

void applyColourScheme(ColourScheme scheme) {
    switch (scheme) {
        case ColourScheme::System:
            QApplication::setPalette(systemPalette());
            break;
        case ColourScheme::Light:
            QApplication::setPalette(lightPalette());
            break;
        case ColourScheme::Dark:
            QApplication::setPalette(darkPalette());
            break;
    }
}

QPalette darkPalette() {
    QPalette p;
    const QColor window(0x23, 0x26, 0x2b), base(0x1b, 0x1d, 0x21), text(0xe6, 0xe8, 0xeb);
    const QColor disabled(0x80, 0x86, 0x8f);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::white);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::Highlight, QColor(0x3d, 0x7b, 0xd9));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x7a, 0xb7, 0xff));
    p.setColor(QPalette::PlaceholderText, QColor(0x8a, 0x90, 0x99));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    p.setColor(QPalette::Light, QColor(0x3a, 0x3f, 0x46));
    p.setColor(QPalette::Midlight, QColor(0x30, 0x34, 0x3a));
    p.setColor(QPalette::Mid, QColor(0x2a, 0x2d, 0x32));
    p.setColor(QPalette::Dark, QColor(0x15, 0x17, 0x1a));
    p.setColor(QPalette::Shadow, Qt::black);
    return p;
}

QPalette lightPalette() {
    QPalette p = QApplication::style()->standardPalette();
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x6f, 0xd0));
    p.setColor(QPalette::HighlightedText, Qt::white);
    return p;
}

bool isDarkPalette(const QPalette& palette) {
    return palette.color(QPalette::Window).lightness() < 128;
}

QString savedLanguage() {
    return QSettings().value(kLanguageKey).toString();
}

void saveLanguage(const QString& language) {
    if (language.isEmpty())
        QSettings().remove(kLanguageKey);
    else
        QSettings().setValue(kLanguageKey, language);
}

QIcon themedIcon(const QString& name, const QPalette& palette) {
    // arg() rather than a QStringBuilder chain: GCC 12 at -O3 misreads the chain's
    // empty-string case as an overflow (-Wstringop-overflow) and -Werror stops the build.
    const QString variant = isDarkPalette(palette) ? u"dark"_s : u"light"_s;
    return QIcon(u":/icons/%1/%2.svg"_s.arg(variant, name));
}

}  // namespace houbu
