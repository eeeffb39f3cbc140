#include "match/json.h"

#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace pantheon::match {

bool Json::as_bool() const {
    if (!is_bool()) throw JsonError("expected a boolean");
    return std::get<bool>(value_);
}

double Json::as_number() const {
    if (!is_number()) throw JsonError("expected a number");
    return std::get<double>(value_);
}

int64_t Json::as_int() const {
    const double v = as_number();
    if (v != std::floor(v)) throw JsonError("expected an integer");
    return int64_t(v);
}

const std::string& Json::as_string() const {
    if (!is_string()) throw JsonError("expected a string");
    return std::get<std::string>(value_);
}

const Json::Array& Json::as_array() const {
    if (!is_array()) throw JsonError("expected an array");
    return std::get<Array>(value_);
}

Json::Array& Json::as_array() {
    if (!is_array()) throw JsonError("expected an array");
    return std::get<Array>(value_);
}

const Json::Object& Json::as_object() const {
    if (!is_object()) throw JsonError("expected an object");
    return std::get<Object>(value_);
}

const Json* Json::find(std::string_view key) const {
    for (const auto& [k, v] : as_object())
        if (k == key) return &v;
    return nullptr;
}

const Json& Json::at(std::string_view key) const {
    if (const Json* v = find(key)) return *v;
    throw JsonError("missing key '" + std::string(key) + "'");
}

Json& Json::set(std::string_view key, Json value) {
    if (!is_object()) throw JsonError("expected an object");
    auto& obj = std::get<Object>(value_);
    for (auto& [k, v] : obj)
        if (k == key) return v = std::move(value);
    obj.emplace_back(std::string(key), std::move(value));
    return obj.back().second;
}

namespace {

void escape_to(std::string& out, const std::string& s) {
    out += '"';
    for (unsigned char c : s) {
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            default:
                if (c < 0x20) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\u%04x", c);
                    out += buf;
                } else {
                    out += char(c);
                }
        }
    }
    out += '"';
}

void number_to(std::string& out, double v) {
    if (!std::isfinite(v)) {
        out += "null";  // JSON has no infinities; readers see "unknown"
        return;
    }
    char buf[32];
    if (v == std::floor(v) && std::fabs(v) < 1e15)
        std::snprintf(buf, sizeof buf, "%.0f", v);
    else
        std::snprintf(buf, sizeof buf, "%.10g", v);
    out += buf;
}

class Parser {
  public:
    explicit Parser(std::string_view text) : text_(text) {}

    Json parse_document() {
        Json v = parse_value(0);
        skip_space();
        if (pos_ != text_.size()) fail("trailing characters");
        return v;
    }

  private:
    static constexpr int MAX_DEPTH = 200;

    [[noreturn]] void fail(const std::string& what) const {
        throw JsonError(what + " at offset " + std::to_string(pos_));
    }
    void skip_space() {
        while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\n' ||
                                       text_[pos_] == '\r' || text_[pos_] == '\t'))
            ++pos_;
    }
    bool consume(std::string_view word) {
        if (text_.substr(pos_, word.size()) != word) return false;
        pos_ += word.size();
        return true;
    }
    Json parse_value(int depth) {
        if (depth > MAX_DEPTH) fail("nesting too deep");
        skip_space();
        if (pos_ >= text_.size()) fail("unexpected end");
        const char c = text_[pos_];
        if (c == '{') return parse_object(depth);
        if (c == '[') return parse_array(depth);
        if (c == '"') return Json(parse_string());
        if (consume("true")) return Json(true);
        if (consume("false")) return Json(false);
        if (consume("null")) return Json();
        return Json(parse_number());
    }
    Json parse_object(int depth) {
        ++pos_;
        Json obj = Json::object();
        skip_space();
        if (consume("}")) return obj;
        for (;;) {
            skip_space();
            if (pos_ >= text_.size() || text_[pos_] != '"') fail("expected a key");
            std::string key = parse_string();
            skip_space();
            if (!consume(":")) fail("expected ':'");
            obj.set(key, parse_value(depth + 1));
            skip_space();
            if (consume("}")) return obj;
            if (!consume(",")) fail("expected ',' or '}'");
        }
    }
    Json parse_array(int depth) {
        ++pos_;
        Json arr = Json::array();
        skip_space();
        if (consume("]")) return arr;
        for (;;) {
            arr.push(parse_value(depth + 1));
            skip_space();
            if (consume("]")) return arr;
            if (!consume(",")) fail("expected ',' or ']'");
        }
    }
    double parse_number() {
        const size_t start = pos_;
        if (pos_ < text_.size() && text_[pos_] == '-') ++pos_;
        while (pos_ < text_.size() &&
               (std::isdigit((unsigned char)text_[pos_]) || text_[pos_] == '.' ||
                text_[pos_] == 'e' || text_[pos_] == 'E' || text_[pos_] == '+' ||
                text_[pos_] == '-'))
            ++pos_;
        const std::string s(text_.substr(start, pos_ - start));
        if (s.empty() || s == "-") fail("expected a value");
        size_t used = 0;
        double v = 0;
        try {
            v = std::stod(s, &used);
        } catch (const std::exception&) {
            fail("bad number");
        }
        if (used != s.size()) fail("bad number");
        return v;
    }
    static void append_utf8(std::string& out, unsigned cp) {
        if (cp < 0x80) {
            out += char(cp);
        } else if (cp < 0x800) {
            out += char(0xC0 | (cp >> 6));
            out += char(0x80 | (cp & 0x3F));
        } else {
            out += char(0xE0 | (cp >> 12));
            out += char(0x80 | ((cp >> 6) & 0x3F));
            out += char(0x80 | (cp & 0x3F));
        }
    }
    std::string parse_string() {
        ++pos_;  // opening quote
        std::string out;
        while (pos_ < text_.size()) {
            const char c = text_[pos_++];
            if (c == '"') return out;
            if (c != '\\') {
                out += c;
                continue;
            }
            if (pos_ >= text_.size()) break;
            const char e = text_[pos_++];
            switch (e) {
                case '"':
                    out += '"';
                    break;
                case '\\':
                    out += '\\';
                    break;
                case '/':
                    out += '/';
                    break;
                case 'b':
                    out += '\b';
                    break;
                case 'f':
                    out += '\f';
                    break;
                case 'n':
                    out += '\n';
                    break;
                case 'r':
                    out += '\r';
                    break;
                case 't':
                    out += '\t';
                    break;
                case 'u': {
                    if (pos_ + 4 > text_.size()) fail("bad \\u escape");
                    unsigned cp = 0;
                    for (int i = 0; i < 4; ++i) {
                        const char h = text_[pos_++];
                        cp <<= 4;
                        if (h >= '0' && h <= '9')
                            cp |= unsigned(h - '0');
                        else if (h >= 'a' && h <= 'f')
                            cp |= unsigned(h - 'a' + 10);
                        else if (h >= 'A' && h <= 'F')
                            cp |= unsigned(h - 'A' + 10);
                        else
                            fail("bad \\u escape");
                    }
                    append_utf8(out, cp);
                    break;
                }
                default:
                    fail("bad escape");
            }
        }
        fail("unterminated string");
    }

    std::string_view text_;
    size_t pos_ = 0;
};

}  // namespace

void Json::dump_to(std::string& out, int indent, int level) const {
    const auto newline = [&](int lvl) {
        if (indent < 0) return;
        out += '\n';
        out.append(size_t(indent * lvl), ' ');
    };
    if (is_null()) {
        out += "null";
    } else if (is_bool()) {
        out += as_bool() ? "true" : "false";
    } else if (is_number()) {
        number_to(out, as_number());
    } else if (is_string()) {
        escape_to(out, as_string());
    } else if (is_array()) {
        const auto& arr = as_array();
        out += '[';
        // Arrays of plain values stay on one line: compact state files.
        bool flat = true;
        for (const auto& v : arr) flat = flat && !v.is_array() && !v.is_object();
        for (size_t i = 0; i < arr.size(); ++i) {
            if (i) out += indent >= 0 && flat ? ", " : ",";
            if (!flat) newline(level + 1);
            arr[i].dump_to(out, indent, level + 1);
        }
        if (!flat && !arr.empty()) newline(level);
        out += ']';
    } else {
        const auto& obj = as_object();
        out += '{';
        for (size_t i = 0; i < obj.size(); ++i) {
            if (i) out += ',';
            newline(level + 1);
            escape_to(out, obj[i].first);
            out += indent >= 0 ? ": " : ":";
            obj[i].second.dump_to(out, indent, level + 1);
        }
        if (!obj.empty()) newline(level);
        out += '}';
    }
}

std::string Json::dump(int indent) const {
    std::string out;
    dump_to(out, indent, 0);
    return out;
}

std::optional<Json> Json::parse(std::string_view text, std::string* error) {
    try {
        return Parser(text).parse_document();
    } catch (const JsonError& e) {
        if (error) *error = e.what();
        return std::nullopt;
    }
}

}  // namespace pantheon::match
