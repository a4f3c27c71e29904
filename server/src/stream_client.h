#pragma once
// One WebSocket stream of events, as the server keeps it.

#include <QPointer>
#include <QWebSocket>
#include <optional>

#include "houbu/server.h"

namespace houbu {

struct Server::StreamClient {
    QPointer<QWebSocket> socket;
    std::optional<TokenInfo> who;
    qint64 sentUpTo = 0;
    bool live = false;
    bool dropped = false;
};

}  // namespace houbu
