#pragma once
// The JSON value kinds the command reader distinguishes, whichever parser
// produced the document.

namespace houbu {

enum class JsonType { Missing, Null, Bool, Number, String, Array, Object };

// As field errors name a value's kind ("must be a string, not a number").
inline const char* jsonTypeName(JsonType t) {
    switch (t) {
        case JsonType::Null:
            return "null";
        case JsonType::Bool:
            return "a boolean";
        case JsonType::Number:
            return "a number";
        case JsonType::String:
            return "a string";
        case JsonType::Array:
            return "an array";
        case JsonType::Object:
            return "an object";
        case JsonType::Missing:
            return "missing";
    }
    return "?";
}

}  // namespace houbu
