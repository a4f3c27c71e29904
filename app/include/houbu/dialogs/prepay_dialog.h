#pragma once

#include "houbu/session.h"

#include "houbu/dialogs/order_command_dialog.h"

namespace houbu {

// Prepay a waitlist order: it becomes effective and joins its queues.
class PrepayDialog : public OrderCommandDialog {
    Q_OBJECT

  public:
    PrepayDialog(Session* session, OperatorContext context, QWidget* parent = nullptr);
};

}  // namespace houbu
