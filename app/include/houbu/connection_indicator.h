#pragma once
// The status-bar indicator of the engine connection: a coloured dot and a
// word (Embedded, Connecting, Connected as ROLE, read-only: store unavailable
// since HH:MM, Reconnecting…, Disconnected).
// The word carries the meaning; the dot's colour only repeats it, and has an
// outline so that it stands out on light and dark palettes alike.

#include <QColor>
#include <QLabel>

namespace houbu {

class ConnectionIndicator : public QLabel {
    Q_OBJECT

  public:
    // ReadOnly: connected, but the server's store cannot commit.
    enum class Kind { Embedded, Connecting, Connected, ReadOnly, Reconnecting, Disconnected };
    Q_ENUM(Kind)

    explicit ConnectionIndicator(QWidget* parent = nullptr);

    // `detail` (the server, the last error) becomes the tooltip.
    void setState(Kind kind, const QString& text, const QString& detail = QString());
    Kind kind() const { return kind_; }

    // The dot's colour for `kind` on `palette` (lighter shades on dark windows).
    static QColor dotColor(Kind kind, const QPalette& palette);

  protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

  private:
    int dotSize() const;
    Kind kind_ = Kind::Disconnected;
};

}  // namespace houbu
