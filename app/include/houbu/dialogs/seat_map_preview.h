#pragma once

#include <QWidget>
#include "houbu/session.h"

#include "houbu/dialogs/operator_context.h"

namespace houbu {

// Rows × seat letters of one car seen from above: window seats tinted, the
// aisle drawn between C and D.
class SeatMapPreview : public QWidget {
    Q_OBJECT

  public:
    explicit SeatMapPreview(QWidget* parent = nullptr);
    void setCar(int rows, const QString& layout);
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

  protected:
    void paintEvent(QPaintEvent* event) override;

  private:
    int rows_ = 0;
    QString layout_;
};

}  // namespace houbu
