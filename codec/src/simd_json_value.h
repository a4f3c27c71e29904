#pragma once
// A simdjson DOM element seen through the interface the command reader
// expects: the fast path for command lines. SimdJsonDocument accepts a line
// only where the reader gives exactly what it gives on Qt's parser (keys ASCII
// and unique, so that key order and lookups agree); otherwise the caller falls
// back to QtJsonValue.

#include <simdjson.h>

#include <QString>
#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "json_type.h"

namespace houbu {

class SimdJsonValue {
  public:
    SimdJsonValue() = default;
    explicit SimdJsonValue(simdjson::dom::element e) : e_(e), present_(true) {}

    JsonType type() const {
        if (!present_) return JsonType::Missing;
        switch (e_.type()) {
            case simdjson::dom::element_type::NULL_VALUE:
                return JsonType::Null;
            case simdjson::dom::element_type::BOOL:
                return JsonType::Bool;
            case simdjson::dom::element_type::INT64:
            case simdjson::dom::element_type::UINT64:
            case simdjson::dom::element_type::DOUBLE:
                return JsonType::Number;
            case simdjson::dom::element_type::STRING:
                return JsonType::String;
            case simdjson::dom::element_type::ARRAY:
                return JsonType::Array;
            case simdjson::dom::element_type::OBJECT:
                return JsonType::Object;
        }
        return JsonType::Missing;
    }
    bool boolean() const {
        bool b = false;
        return type() == JsonType::Bool && !e_.get_bool().get(b) && b;
    }
    // As Qt: an integer that fits 64 bits converts to the nearest double.
    double number() const {
        std::int64_t i = 0;
        std::uint64_t u = 0;
        double d = 0;
        switch (type() == JsonType::Number ? e_.type() : simdjson::dom::element_type::NULL_VALUE) {
            case simdjson::dom::element_type::INT64:
                return e_.get_int64().get(i) ? 0 : static_cast<double>(i);
            case simdjson::dom::element_type::UINT64:
                return e_.get_uint64().get(u) ? 0 : static_cast<double>(u);
            case simdjson::dom::element_type::DOUBLE:
                return e_.get_double().get(d) ? 0 : d;
            default:
                return 0;
        }
    }

    std::string_view view() const {
        std::string_view v;
        if (type() != JsonType::String || e_.get_string().get(v)) return {};
        return v;
    }
    QString text() const { return KeyText(view()).text(); }
    std::string utf8() const { return std::string(view()); }
    // True when nothing but white space (as QString::trimmed removes it) is left.
    bool blank() const;
    // simdjson refuses lone surrogates, so every string it gives is valid.
    bool validUtf16() const { return true; }
    template <class F>
    void utf16(F&& f) const {
        KeyText(view()).utf16(std::forward<F>(f));
    }

    qsizetype size() const {
        simdjson::dom::array a;
        if (type() != JsonType::Array || e_.get_array().get(a)) return 0;
        return static_cast<qsizetype>(a.size());
    }
    SimdJsonValue at(qsizetype i) const {
        simdjson::dom::array a;
        simdjson::dom::element item;
        if (type() != JsonType::Array || e_.get_array().get(a) ||
            a.at(static_cast<std::size_t>(i)).get(item))
            return {};
        return SimdJsonValue(item);
    }

    bool has(const char* key) const { return get(key).present_; }
    SimdJsonValue get(const char* key) const {
        simdjson::dom::object o;
        simdjson::dom::element member;
        if (type() != JsonType::Object || e_.get_object().get(o) || o.at_key(key).get(member))
            return {};
        return SimdJsonValue(member);
    }
    // Members in key order, as QJsonObject iterates them.
    template <class F>
    void members(F&& f) const {
        simdjson::dom::object o;
        if (type() != JsonType::Object || e_.get_object().get(o)) return;
        std::vector<std::pair<std::string_view, simdjson::dom::element>> sorted;
        for (auto field : o)
            sorted.emplace_back(field.key, field.value);
        std::sort(sorted.begin(), sorted.end(),
                  [](const auto& a, const auto& b) { return a.first < b.first; });
        for (const auto& [key, value] : sorted)
            f(KeyText(key), SimdJsonValue(value));
    }

    // A member's key (or a string value's text), with the string interface of a value.
    class KeyText {
      public:
        explicit KeyText(std::string_view k) : k_(k) {}
        QString text() const {
            return QString::fromUtf8(k_.data(), static_cast<qsizetype>(k_.size()));
        }
        std::string utf8() const { return std::string(k_); }
        template <class F>
        void utf16(F&& f) const {
            thread_local std::u16string buffer;
            toUtf16(k_, buffer);
            f(buffer.data(), buffer.size());
        }

      private:
        std::string_view k_;
    };

    static void toUtf16(std::string_view utf8, std::u16string& out);

  private:
    simdjson::dom::element e_;
    bool present_ = false;
};

// One command line parsed by simdjson; reused from line to line (one per thread).
class SimdJsonDocument {
  public:
    // The root object, or nothing when the line must go to Qt's parser instead.
    bool parse(std::string_view line, SimdJsonValue& root);

  private:
    static bool comparable(simdjson::dom::element e, int depth);
    simdjson::dom::parser parser_;
    std::string padded_;
};

}  // namespace houbu
