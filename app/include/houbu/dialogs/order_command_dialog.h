#pragma once

#include <QPair>

#include "houbu/session.h"

class QComboBox;
class QLabel;
#include "houbu/dialogs/operator_dialog.h"

namespace houbu {

// A command on one waitlist order chosen from a list (any id may be typed),
// with a line describing the chosen order.
class OrderCommandDialog : public OperatorDialog {
    Q_OBJECT

  protected:
    // `op`: the command (prepay, cancel); `missing`: the message while no id is given.
    OrderCommandDialog(Session* session, OperatorContext context, QWidget* parent, Op op,
                       const QString& missing);
    // Adds the order chooser: `orders` in order, id -> description; `selected` is
    // preselected when listed (or always, with `typeSelected`).
    void addOrderChooser(const QList<QPair<QString, QString>>& orders, const QString& selected,
                         bool typeSelected, const QString& tooltip, const QString& detailsLabel,
                         const QString& unknown);
    QString validate() const override;
    Command buildCommand() const override;

  private:
    Op op_;
    QString missing_;
    QComboBox* order_ = nullptr;
    QLabel* details_ = nullptr;
};

}  // namespace houbu
