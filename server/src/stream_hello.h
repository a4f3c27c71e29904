#pragma once
// The first message of an event stream (docs/remote-api.md): who the client
// is and the seq it resumes after. A function of its own so that a fuzz
// target (tests/fuzz/ws_hello.cpp) reads hostile hellos exactly as the server does.

#include <QByteArray>
#include <QByteArrayView>

namespace houbu {

struct StreamHello {
    QByteArray token;   // empty: none given (or not a string)
    qint64 after = -1;  // negative: none given, or not a non-negative integer
};

StreamHello readStreamHello(QByteArrayView message);

}  // namespace houbu
