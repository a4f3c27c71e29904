#pragma once
// A QJsonValue seen through the interface the command reader expects. The
// reader runs on it when simdjson declines a line (invalid JSON, a lone
// surrogate, duplicate keys), so that every message stays Qt's.

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <string>

#include "json_type.h"

namespace houbu {

class QtJsonValue {
  public:
    QtJsonValue() = default;
    explicit QtJsonValue(QJsonValue v) : v_(std::move(v)) {}

    JsonType type() const {
        switch (v_.type()) {
            case QJsonValue::Null:
                return JsonType::Null;
            case QJsonValue::Bool:
                return JsonType::Bool;
            case QJsonValue::Double:
                return JsonType::Number;
            case QJsonValue::String:
                return JsonType::String;
            case QJsonValue::Array:
                return JsonType::Array;
            case QJsonValue::Object:
                return JsonType::Object;
            case QJsonValue::Undefined:
                return JsonType::Missing;
        }
        return JsonType::Missing;
    }
    bool boolean() const { return v_.toBool(); }
    double number() const { return v_.toDouble(); }

    // Strings (empty for other kinds, as QJsonValue::toString).
    QString text() const { return v_.toString(); }
    std::string utf8() const { return v_.toString().toStdString(); }
    bool blank() const { return v_.toString().trimmed().isEmpty(); }
    bool validUtf16() const { return v_.toString().isValidUtf16(); }
    template <class F>
    void utf16(F&& f) const {
        const QString s = v_.toString();
        f(reinterpret_cast<const char16_t*>(s.utf16()), static_cast<std::size_t>(s.size()));
    }

    // Arrays.
    qsizetype size() const { return v_.toArray().size(); }
    QtJsonValue at(qsizetype i) const { return QtJsonValue(v_.toArray().at(i)); }

    // Objects: members by key, and every member in key order.
    bool has(const char* key) const { return v_.toObject().contains(QLatin1String(key)); }
    QtJsonValue get(const char* key) const {
        return QtJsonValue(v_.toObject().value(QLatin1String(key)));
    }
    template <class F>
    void members(F&& f) const {
        const QJsonObject o = v_.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            f(QtJsonValue(QJsonValue(it.key())), QtJsonValue(it.value()));
    }

  private:
    QJsonValue v_;
};

}  // namespace houbu
