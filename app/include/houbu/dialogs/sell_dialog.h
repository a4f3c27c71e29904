#pragma once

#include <QStringList>

#include "houbu/session.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;
#include "houbu/dialogs/seat_counting_dialog.h"

namespace houbu {

class IntervalPicker;

// Sell tickets: 1 to 5 passengers, with a seat preference or explicit seats.
class SellDialog : public SeatCountingDialog {
    Q_OBJECT

  public:
    SellDialog(Session* session, OperatorContext context, QWidget* parent = nullptr);
    QTableWidget* passengers() const { return passengers_; }

  signals:
    // Sold out: the operator asked for a waitlist order of these passengers
    // over stops from→to in the class instead; the dialog has closed.
    void waitlistInstead(const QStringList& passengers, int from, int to,
                         const QString& travelClass);

  protected:
    QString validate() const override;
    Command buildCommand() const override;
    QString summarize(const QList<EventRecord>& events) const override;
    // A hold that would still run when the train leaves the boarding station.
    QString notice() const override;
    void judged(std::optional<ErrorCode> error, bool waitlistHint) override;

  private:
    QStringList column(int c) const;
    void addPassenger();
    void refillPrefer();
    QLineEdit* id_ = nullptr;
    IntervalPicker* interval_ = nullptr;
    QComboBox* class_ = nullptr;
    QTableWidget* passengers_ = nullptr;
    QPushButton* add_ = nullptr;
    QPushButton* remove_ = nullptr;
    QComboBox* prefer_ = nullptr;
    QLabel* free_ = nullptr;
    QCheckBox* standing_ = nullptr;    // 无座: standing tickets instead of seats
    QPushButton* waitlist_ = nullptr;  // sold out: a waitlist order instead
};

}  // namespace houbu
