#pragma once

#include <QString>

namespace houbu {

// What the log is filtered by; an empty field does not filter.
struct LogFilter {
    QString kind;    // an event's name, e.g. "ticket_held"
    QString train;   // exactly
    QString order;   // an order id anywhere in the event line
    QString text;    // case-insensitive, anywhere in the event line
    QString author;  // case-insensitive, in who sent the command

    bool empty() const {
        return kind.isEmpty() && train.isEmpty() && order.isEmpty() && text.isEmpty() &&
               author.isEmpty();
    }
};

}  // namespace houbu
