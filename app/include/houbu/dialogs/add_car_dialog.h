#pragma once

#include <QMessageBox>
#include <QPointer>

#include "houbu/session.h"

class QComboBox;
class QLineEdit;
class QSpinBox;
#include "houbu/dialogs/operator_dialog.h"

namespace houbu {

class SeatMapPreview;

// Add a car (加挂) to the shown run.
class AddCarDialog : public OperatorDialog {
    Q_OBJECT

  public:
    AddCarDialog(Session* session, OperatorContext context, QWidget* parent = nullptr);
    SeatMapPreview* preview() const { return preview_; }
    // The question asked before the car is added (open while it waits), or null.
    QMessageBox* confirmation() const { return confirmation_; }

  public slots:
    // An added car cannot be taken off again: asks first, whatever sent it
    // (the button or Return).
    void accept() override;

  protected:
    QString validate() const override;
    Command buildCommand() const override;

  private:
    QSpinBox* car_ = nullptr;
    QComboBox* class_ = nullptr;
    QSpinBox* rows_ = nullptr;
    QLineEdit* layout_ = nullptr;
    SeatMapPreview* preview_ = nullptr;
    QPointer<QMessageBox> confirmation_;
    bool layoutEdited_ = false;
};

}  // namespace houbu
