#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>
#include <string>

#include "houbu/session_types.h"

namespace houbu {

// Coalesces snapshots to at most one per frame (~16 ms), so a burst of
// commands repaints once. The first snapshot after a quiet frame is applied
// at once: an operator's own command is not kept waiting for a frame; nor is
// a snapshot of another run than the last one applied, which the operator
// asked for and is waiting to see.
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
