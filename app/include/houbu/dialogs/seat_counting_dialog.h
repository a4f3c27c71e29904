#pragma once

#include "houbu/session.h"

#include "houbu/dialogs/operator_dialog.h"

namespace houbu {

// Shared by sell and block: how many seats of a class are free over an
// interval, shown beside it.
class SeatCountingDialog : public OperatorDialog {
    Q_OBJECT

  protected:
    using OperatorDialog::OperatorDialog;
    int freeSeats(const QString& cls, int from, int to) const;
    // Standing places of the class free over the interval (the least over its
    // segments), as the run's view counts them; -1 when the class has none.
    int standingFree(const QString& cls, int from, int to) const;
};

}  // namespace houbu
