#pragma once

#include "houbu/session.h"

#include "houbu/dialogs/order_command_dialog.h"

namespace houbu {

// Cancel a waitlist order: it leaves every queue, its prepayment is refunded.
class CancelOrderDialog : public OrderCommandDialog {
    Q_OBJECT

  public:
    CancelOrderDialog(Session* session, OperatorContext context, QWidget* parent = nullptr);
};

}  // namespace houbu
