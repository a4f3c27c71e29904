#pragma once
// The longest of the shown run's queues in the console's queue view.

#include <QModelIndex>

#include "houbu/queue_model.h"

namespace houbu::test {

class LongestQueue {
  public:
    static QModelIndex in(const QueueModel* m) {
        QModelIndex best;
        for (int q = 0; q < m->rowCount(); ++q) {
            const QModelIndex queue = m->index(q, 0);
            if (!best.isValid() || queue.data(QueueModel::LengthRole).toInt() >
                                       best.data(QueueModel::LengthRole).toInt())
                best = queue;
        }
        return best;
    }
};

}  // namespace houbu::test
