#include "houbu/snapshot_throttle.h"

namespace houbu {

using namespace Qt::StringLiterals;

SnapshotThrottle::SnapshotThrottle(QObject* parent) : QObject(parent) {
    timer_.setSingleShot(true);
    timer_.setInterval(16);
    connect(&timer_, &QTimer::timeout, this, &SnapshotThrottle::flush);
}

void SnapshotThrottle::push(const SnapshotPtr& snapshot) {
    pending_ = snapshot;
    if (!timer_.isActive()) timer_.start();
}

void SnapshotThrottle::flush() {
    timer_.stop();
    if (!pending_) return;
    SnapshotPtr s = std::move(pending_);
    pending_.reset();
    emit snapshot(s);
}

}  // namespace houbu
