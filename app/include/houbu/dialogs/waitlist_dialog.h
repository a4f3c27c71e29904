#pragma once

#include "houbu/session.h"

class QCheckBox;
class QComboBox;
class QDateTimeEdit;
class QLineEdit;
class QPushButton;
class QTableWidget;
class QTreeWidget;
#include "houbu/dialogs/operator_dialog.h"

namespace houbu {

class IntervalPicker;

// A waitlist order (候补订单): passengers, interval, options in preference order.
class WaitlistDialog : public OperatorDialog {
    Q_OBJECT

  public:
    WaitlistDialog(Session* session, OperatorContext context, QWidget* parent = nullptr);
    QTableWidget* passengers() const { return passengers_; }
    QTreeWidget* options() const { return options_; }
    // Adds an option row (as the Add button does); false when it is listed already.
    bool addOption(const QString& train, const QString& date, const QString& cls);
    // Fills in a sale the shown run could not seat: its passengers, its
    // interval (stops) and one change of seat accepted; its option is the
    // shown run in `travelClass`.
    void takeOverSale(const QStringList& passengers, int from, int to, const QString& travelClass);

  protected:
    QString validate() const override;
    Command buildCommand() const override;
    QString summarize(const QList<EventRecord>& events) const override;

  private:
    void moveOption(int delta);
    void updateOptionButtons();
    QLineEdit* id_ = nullptr;
    QLineEdit* user_ = nullptr;
    QTableWidget* passengers_ = nullptr;
    IntervalPicker* interval_ = nullptr;
    QComboBox* run_ = nullptr;
    QComboBox* class_ = nullptr;
    QTreeWidget* options_ = nullptr;
    QPushButton* remove_ = nullptr;
    QPushButton* up_ = nullptr;
    QPushButton* down_ = nullptr;
    QCheckBox* hasDeadline_ = nullptr;
    QDateTimeEdit* deadline_ = nullptr;
    QCheckBox* acceptStanding_ = nullptr;  // 接受无座
    QComboBox* seatChange_ = nullptr;      // 同车换座: 0, 1 or 2
    QCheckBox* newTrains_ = nullptr;       // 接受新增列车, within a window of departures
    QDateTimeEdit* newTrainsFrom_ = nullptr;
    QDateTimeEdit* newTrainsTo_ = nullptr;
};

}  // namespace houbu
