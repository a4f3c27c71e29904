#include "houbu/snapshot_throttle.h"

namespace houbu {

SnapshotThrottle::SnapshotThrottle(QObject* parent) : QObject(parent) {
    timer_.setSingleShot(true);
    connect(&timer_, &QTimer::timeout, this, &SnapshotThrottle::flush);
}

void SnapshotThrottle::push(const SnapshotPtr& snapshot) {
    pending_ = snapshot;
    if (snapshot->answersOperator || snapshot->run.train != train_ || snapshot->run.date != date_) {
        flush();
        return;
    }
    if (timer_.isActive()) return;
    const qint64 since = sinceFlush_.isValid() ? sinceFlush_.elapsed() : kFrameMs;
    if (since >= kFrameMs)
        flush();
    else
        timer_.start(static_cast<int>(kFrameMs - since));
}

void SnapshotThrottle::flush() {
    timer_.stop();
    if (!pending_) return;
    sinceFlush_.start();
    SnapshotPtr s = std::move(pending_);
    pending_.reset();
    train_ = s->run.train;
    date_ = s->run.date;
    emit snapshot(s);
}

}  // namespace houbu
