#pragma once
// Test harness: feed JSON Lines through a Runner, get parsed events back.

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <initializer_list>

#include "houbu/codec.h"

namespace houbu::test {

class Session {
  public:
    explicit Session(EngineOptions options = {}) : runner_(options) {}

    // Feeds one line; returns the events it caused.
    QList<QJsonObject> send(const QByteArray& line) {
        QByteArray out;
        runner_.processLine(line, ++line_, out);
        QList<QJsonObject> events;
        for (const QByteArray& l : out.split('\n'))
            if (!l.isEmpty()) events << QJsonDocument::fromJson(l).object();
        all_ << events;
        return events;
    }
    QList<QJsonObject> send(std::initializer_list<QByteArray> lines) {
        QList<QJsonObject> events;
        for (const auto& l : lines)
            events << send(l);
        return events;
    }

    // The one event a line caused (fails the caller's QCOMPARE otherwise via kind "").
    QJsonObject one(const QByteArray& line) {
        const auto events = send(line);
        return events.size() == 1 ? events.front() : QJsonObject{};
    }

    int free(const char* from, const char* to, const char* cls = "second",
             const char* train = "G1") {
        const auto e = one(QByteArray(R"({"op":"availability","train":")") + train +
                           R"(","date":"2024-01-20","from":")" + from + R"(","to":")" + to +
                           R"(","class":")" + cls + R"("})");
        return e.value(QLatin1String("free")).toInt(-1);
    }

    Engine& engine() { return runner_.engine(); }
    int linesSent() const { return line_; }
    const QList<QJsonObject>& all() const { return all_; }

  private:
    Runner runner_;
    int line_ = 0;
    QList<QJsonObject> all_;
};

inline QString kind(const QJsonObject& e) {
    return e.value(QLatin1String("event")).toString();
}
inline QString str(const QJsonObject& e, const char* key) {
    return e.value(QLatin1String(key)).toString();
}

inline QStringList kinds(const QList<QJsonObject>& events) {
    QStringList out;
    for (const auto& e : events)
        out << kind(e);
    return out;
}

// G1 北京→天津→济南→淄博→青岛 with times, `rows` rows of "AB" second class in car 3
// and one row "ACF" business in car 1.
inline QByteArray g1(int rows = 1, const char* extra = "") {
    return QByteArray(R"({"op":"train","train":"G1","date":"2024-01-20","stops":[)"
                      R"({"station":"北京","km":0,"dep":"08:00"},)"
                      R"({"station":"天津","km":120,"arr":"08:30","dep":"08:32"},)"
                      R"({"station":"济南","km":406,"arr":"09:50","dep":"09:52"},)"
                      R"({"station":"淄博","km":516,"arr":"10:30","dep":"10:32"},)"
                      R"({"station":"青岛","km":800,"arr":"11:40"}],)"
                      R"("cars":[{"car":1,"class":"business","rows":1,"layout":"ACF"},)"
                      R"({"car":3,"class":"second","rows":)") +
           QByteArray::number(rows) +
           R"(,"layout":"AB"}],"fares":{"second":0.46,"business":1.5},"hold_minutes":15)" + extra +
           "}";
}

inline QByteArray sell(const char* id, const char* from, const char* to,
                       const char* passengers = R"(["甲"])", const char* more = "") {
    return QByteArray(R"({"op":"sell","id":")") + id +
           R"(","train":"G1","date":"2024-01-20","from":")" + from + R"(","to":")" + to +
           R"(","class":"second","passengers":)" + passengers + more + "}";
}

inline QByteArray waitlist(const char* id, const char* from, const char* to,
                           const char* passengers = R"(["乙"])", const char* more = "") {
    return QByteArray(R"({"op":"waitlist","id":")") + id + R"(","user":"u","passengers":)" +
           passengers + R"(,"from":")" + from + R"(","to":")" + to +
           R"(","options":[{"train":"G1","date":"2024-01-20","class":"second"}])" + more + "}";
}

inline QByteArray op(const char* name, const char* id) {
    return QByteArray(R"({"op":")") + name + R"(","id":")" + id + R"("})";
}

}  // namespace houbu::test
