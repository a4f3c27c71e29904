#pragma once
// Preferences: interface language (applies at the next start), colour scheme
// (applies at once), and resetting the window layout or the recent files.

#include <QDialog>

class QComboBox;
class QLabel;

namespace houbu {

class SettingsDialog : public QDialog {
    Q_OBJECT

  public:
    explicit SettingsDialog(QWidget* parent = nullptr);

    QComboBox* languageChoice() const { return language_; }
    QComboBox* schemeChoice() const { return scheme_; }

    // Saves the choices and applies the colour scheme.
    void accept() override;

  signals:
    void resetLayoutRequested();
    void clearRecentRequested();

  private:
    QComboBox* language_ = nullptr;
    QComboBox* scheme_ = nullptr;
    QLabel* restartNote_ = nullptr;
    QString initialLanguage_;
};

}  // namespace houbu
