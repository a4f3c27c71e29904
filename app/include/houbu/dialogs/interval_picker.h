#pragma once

#include <QStringList>
#include <QWidget>

#include "houbu/session.h"

class QComboBox;
#include "houbu/dialogs/operator_context.h"

namespace houbu {

// Two station combos in stop order; `to` only offers stations after `from`.
class IntervalPicker : public QWidget {
    Q_OBJECT

  public:
    IntervalPicker(const QStringList& stations, QWidget* parent = nullptr);
    int from() const;
    int to() const;
    QString fromStation() const;
    QString toStation() const;
    void setInterval(int from, int to);
    QComboBox* fromCombo() const { return from_; }
    QComboBox* toCombo() const { return to_; }

  signals:
    void changed();

  private:
    void refillTo(int keep);
    QStringList stations_;
    QComboBox* from_ = nullptr;
    QComboBox* to_ = nullptr;
};

}  // namespace houbu
