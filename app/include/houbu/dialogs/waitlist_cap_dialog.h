#pragma once
// Caps the passengers queued on one class of the shown run (waitlist_cap,
// commands.md version 2): a number, 0 to close the class to the waitlist
// (候补人数已满), or no cap. Orders already queued stay.

#include "houbu/operator_dialogs.h"

namespace houbu {

class WaitlistCapDialog : public OperatorDialog {
    Q_OBJECT

  public:
    WaitlistCapDialog(Session* session, OperatorContext context, QWidget* parent = nullptr);
    QComboBox* classChooser() const { return class_; }
    QSpinBox* capEdit() const { return cap_; }
    QCheckBox* noCapBox() const { return noCap_; }

  protected:
    QString validate() const override;
    Command buildCommand() const override;
    QString summarize(const QList<EventRecord>& events) const override;
    // A cap serves no one: the preview says whom it would turn away.
    QString previewText(const CommandPreview& preview) override;

  private:
    void describeClass();
    QComboBox* class_ = nullptr;
    QSpinBox* cap_ = nullptr;
    QCheckBox* noCap_ = nullptr;
    QLabel* status_ = nullptr;
};

}  // namespace houbu
