#pragma once
// The console's look: colour scheme (follow the system, light, dark), the
// language choice, and icons drawn for the palette in use. Choices live in
// QSettings under "appearance/".

#include <QIcon>
#include <QPalette>
#include <QString>

namespace houbu {

enum class ColourScheme { System, Light, Dark };

// Remembers the palette the platform gave the application, before any scheme
// is applied; call once after QApplication is created.
void rememberSystemPalette();
ColourScheme savedColourScheme();
void saveColourScheme(ColourScheme scheme);
// Sets the application palette; widgets follow through PaletteChange.
void applyColourScheme(ColourScheme scheme);
QPalette darkPalette();
QPalette lightPalette();
bool isDarkPalette(const QPalette& palette);

// "" (follow the system), "en" or "zh_CN".
QString savedLanguage();
void saveLanguage(const QString& language);

// An SVG icon of resources/icons in the colours for `palette` (sharp at any scale).
QIcon themedIcon(const QString& name, const QPalette& palette);

}  // namespace houbu
