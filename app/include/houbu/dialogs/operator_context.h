#pragma once

#include "houbu/session.h"

namespace houbu {

// A waitlist order awaiting its prepayment (waitlist_submitted seen, not yet
// effective, cancelled or expired).
struct PendingPrepay {
    QString id;
    double prepay = 0;  // yuan
    QString payBy;      // "YYYY-MM-DDTHH:MM"
};

// What a dialog offers its choices from, and what the operator points at.
struct OperatorContext {
    SnapshotPtr snapshot;  // never null
    QList<PendingPrepay> awaitingPrepay;
    // A grid selection: seat over stops from→to (from < to), or none (-1).
    QString seat;
    int from = -1;
    int to = -1;
    QString holder;      // a ticket or block id under the cursor
    QString order;       // a waitlist order chosen in the queue view
    QString queueClass;  // the class of the queue (or order) chosen in the queue view
};

// A fresh, readable id for what a command creates: prefix, the clock's date
// and a counter kept in the settings, e.g. "S-20250106-0007".
QString freshId(const QString& prefix, const QString& clock);

}  // namespace houbu
