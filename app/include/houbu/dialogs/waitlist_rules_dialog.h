#pragma once
// The waitlist limits (configure, commands.md version 2): passengers per
// order, dates, options per date, options in all and open orders per user,
// each a number or no limit. Limits apply to the commands after it; orders
// already open stay as they are.

#include <array>

#include "houbu/operator_dialogs.h"

namespace houbu {

class WaitlistRulesDialog : public OperatorDialog {
    Q_OBJECT

  public:
    // The limits in the order the dialog lists them, by their wire names.
    static const std::array<const char*, 5>& limitNames();

    WaitlistRulesDialog(Session* session, OperatorContext context, QWidget* parent = nullptr);
    // The field of a limit (by its wire name), and its "no limit" box.
    QSpinBox* limitEdit(const QString& name) const;
    QCheckBox* noLimitBox(const QString& name) const;
    // Fills in version 1's limits, or 12306's published 2024 ones.
    void useVersion1();
    void use12306();

  protected:
    QString validate() const override;
    Command buildCommand() const override;
    QString summarize(const QList<EventRecord>& events) const override;

  private:
    // `value` < 0: no limit.
    void setLimit(int index, int value);
    std::array<QSpinBox*, 5> edits_{};
    std::array<QCheckBox*, 5> noLimit_{};
};

}  // namespace houbu
