#include "simd_json_value.h"

namespace houbu {
namespace {

// QChar::isSpace: the separators of Unicode categories Zs, Zl and Zp, tab to
// carriage return, and U+0085.
bool isQtSpace(char32_t c) {
    return (c >= 0x09 && c <= 0x0d) || c == 0x20 || c == 0x85 || c == 0xa0 || c == 0x1680 ||
           (c >= 0x2000 && c <= 0x200a) || c == 0x2028 || c == 0x2029 || c == 0x202f ||
           c == 0x205f || c == 0x3000;
}

// The code point at s[i] of valid UTF-8 (simdjson has validated it); advances i.
char32_t decode(std::string_view s, std::size_t& i) {
    const auto b = static_cast<unsigned char>(s[i]);
    int extra = 0;
    char32_t c = b;
    if (b >= 0xf0) {
        extra = 3;
        c = b & 0x07;
    } else if (b >= 0xe0) {
        extra = 2;
        c = b & 0x0f;
    } else if (b >= 0xc0) {
        extra = 1;
        c = b & 0x1f;
    }
    ++i;
    for (int k = 0; k < extra && i < s.size(); ++k, ++i)
        c = (c << 6) | (static_cast<unsigned char>(s[i]) & 0x3f);
    return c;
}

// Qt reads -0 as the double -0.0 where simdjson reads the integer 0, and the
// fingerprint hashes the sign: a number that starts "-0" goes to Qt. A match
// inside a string ("a:-0") only costs a slower parse.
bool mayHoldNegativeZero(std::string_view line) {
    for (std::size_t at = line.find("-0"); at != std::string_view::npos;
         at = line.find("-0", at + 1)) {
        std::size_t k = at;
        while (k > 0 && (line[k - 1] == ' ' || line[k - 1] == '\t' || line[k - 1] == '\r' ||
                         line[k - 1] == '\n'))
            --k;
        if (k > 0 && (line[k - 1] == ':' || line[k - 1] == ',' || line[k - 1] == '[')) return true;
    }
    return false;
}

}  // namespace

bool SimdJsonValue::blank() const {
    const std::string_view v = view();
    for (std::size_t i = 0; i < v.size();)
        if (!isQtSpace(decode(v, i))) return false;
    return true;
}

void SimdJsonValue::toUtf16(std::string_view utf8, std::u16string& out) {
    out.clear();
    for (std::size_t i = 0; i < utf8.size();) {
        const char32_t c = decode(utf8, i);
        if (c >= 0x10000) {
            out += static_cast<char16_t>(0xd800 + ((c - 0x10000) >> 10));
            out += static_cast<char16_t>(0xdc00 + ((c - 0x10000) & 0x3ff));
        } else {
            out += static_cast<char16_t>(c);
        }
    }
}

bool SimdJsonDocument::parse(std::string_view line, SimdJsonValue& root) {
    if (mayHoldNegativeZero(line)) return false;
    // A buffer of our own, padded as simdjson requires, so that no line allocates.
    padded_.assign(line);
    padded_.append(simdjson::SIMDJSON_PADDING, '\0');
    simdjson::dom::element e;
    if (parser_.parse(padded_.data(), line.size(), false).get(e)) return false;
    if (e.type() != simdjson::dom::element_type::OBJECT || !comparable(e, 0)) return false;
    root = SimdJsonValue(e);
    return true;
}

// Qt keeps the last of repeated keys and orders keys by UTF-16 code units; with
// unique ASCII keys both parsers see the same members in the same order.
bool SimdJsonDocument::comparable(simdjson::dom::element e, int depth) {
    if (depth > 64) return false;
    if (e.type() == simdjson::dom::element_type::ARRAY) {
        simdjson::dom::array a;
        if (e.get_array().get(a)) return false;
        for (auto item : a)
            if (!comparable(item, depth + 1)) return false;
        return true;
    }
    simdjson::dom::object o;
    if (e.type() != simdjson::dom::element_type::OBJECT) return true;
    if (e.get_object().get(o)) return false;
    std::string_view seen[32];
    std::size_t n = 0;
    for (auto field : o) {
        for (unsigned char ch : field.key)
            if (ch >= 0x80) return false;
        if (n == std::size(seen) || std::find(seen, seen + n, field.key) != seen + n) return false;
        seen[n++] = field.key;
        if (!comparable(field.value, depth + 1)) return false;
    }
    return true;
}

}  // namespace houbu
