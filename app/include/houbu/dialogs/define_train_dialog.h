#pragma once
// Defines a train run (train, commands.md), by default an added one (加开,
// `added`): the waitlist orders that accept added trains within their window
// gain it as an option, and its seats go to the waitlist first. It starts as a
// copy of the shown run's stops and cars under a new train number.

#include "houbu/operator_dialogs.h"

namespace houbu {

class DefineTrainDialog : public OperatorDialog {
    Q_OBJECT

  public:
    enum StopColumn { Station, Km, Arrival, Departure, StopColumns };
    enum CarColumn { Car, Class, Rows, Layout, Standing, Fare, CarColumns };

    DefineTrainDialog(Session* session, OperatorContext context, QWidget* parent = nullptr);
    QLineEdit* trainEdit() const { return train_; }
    QLineEdit* dateEdit() const { return date_; }
    QCheckBox* addedBox() const { return added_; }
    QTableWidget* stops() const { return stops_; }
    QTableWidget* cars() const { return cars_; }
    // Moves every stop's times by `minutes` (a later added train on the same route).
    void shiftTimes(int minutes);

  protected:
    QString validate() const override;
    Command buildCommand() const override;
    QString summarize(const QList<EventRecord>& events) const override;

  private:
    void copyShownRun();
    QLineEdit* train_ = nullptr;
    QLineEdit* date_ = nullptr;
    QCheckBox* added_ = nullptr;
    QComboBox* policy_ = nullptr;
    QSpinBox* holdMinutes_ = nullptr;
    QTableWidget* stops_ = nullptr;
    QTableWidget* cars_ = nullptr;
};

}  // namespace houbu
