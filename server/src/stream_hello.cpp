#include "stream_hello.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace houbu {

using namespace Qt::StringLiterals;

StreamHello readStreamHello(QByteArrayView message) {
    // fromJson copies: it needs a QByteArray.
    const QJsonObject hello = QJsonDocument::fromJson(message.toByteArray()).object();
    StreamHello h;
    h.token = hello.value("token"_L1).toString().toUtf8();
    h.after = hello.value("after"_L1).toInteger(-1);
    return h;
}

}  // namespace houbu
