#pragma once

#include <QObject>
#include <QTimer>

#include "houbu/session_types.h"

namespace houbu {

// Coalesces snapshots to at most one per frame (~16 ms), so a burst of
// commands repaints once.
class SnapshotThrottle : public QObject {
    Q_OBJECT

  public:
    explicit SnapshotThrottle(QObject* parent = nullptr);
    void push(const SnapshotPtr& snapshot);
    void flush();  // apply a pending snapshot now (tests, shutdown)

  signals:
    void snapshot(const houbu::SnapshotPtr& snapshot);

  private:
    QTimer timer_;
    SnapshotPtr pending_;
};

}  // namespace houbu
