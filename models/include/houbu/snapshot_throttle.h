#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>
#include <string>

#include "houbu/session_types.h"

namespace houbu {

// Coalesces snapshots to at most one per frame (~16 ms), so a burst of
// commands repaints once. The first snapshot after a quiet frame is applied
// at once, and so, whatever waits, is one that answers the operator's own
// command (ConsoleSnapshot::answersOperator) or shows another run than the
// last one applied: the operator is waiting to see it. Under a live load
// there is no quiet frame, and a release waited up to a frame here.
class SnapshotThrottle : public QObject {
    Q_OBJECT

  public:
    static constexpr int kFrameMs = 16;

    explicit SnapshotThrottle(QObject* parent = nullptr);
    void push(const SnapshotPtr& snapshot);
    void flush();  // apply a pending snapshot now (tests, shutdown)

  signals:
    void snapshot(const houbu::SnapshotPtr& snapshot);

  private:
    QTimer timer_;
    QElapsedTimer sinceFlush_;
    SnapshotPtr pending_;
    std::string train_, date_;  // the run of the last snapshot applied
};

}  // namespace houbu
