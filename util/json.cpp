#include "util/json.h"

#include <algorithm>
#include <cmath>

namespace pantheon::util {

namespace {

std::string scalar_text(const Json& value) {
    return value.dump(-1, ' ', false, Json::error_handler_t::replace);
}

void append_json(std::string& out, const Json& value, int indent, int level) {
    const auto newline = [&](int depth) {
        if (indent < 0) return;
        out += '\n';
        out.append(size_t(indent) * size_t(depth), ' ');
    };
    if (value.is_array()) {
        const bool flat = std::none_of(value.begin(), value.end(),
                                       [](const Json& e) { return e.is_structured(); });
        out += '[';
        for (auto it = value.begin(); it != value.end(); ++it) {
            if (it != value.begin()) out += indent >= 0 && flat ? ", " : ",";
            if (!flat) newline(level + 1);
            append_json(out, *it, indent, level + 1);
        }
        if (!flat && !value.empty()) newline(level);
        out += ']';
    } else if (value.is_object()) {
        out += '{';
        for (auto it = value.begin(); it != value.end(); ++it) {
            if (it != value.begin()) out += ',';
            newline(level + 1);
            out += scalar_text(Json(it.key()));
            out += indent >= 0 ? ": " : ":";
            append_json(out, it.value(), indent, level + 1);
        }
        if (!value.empty()) newline(level);
        out += '}';
    } else {
        out += scalar_text(value);
    }
}

[[noreturn]] void wrong_type(const char* expected, const Json& value) {
    throw JsonError(std::string("expected ") + expected + ", found " + value.type_name());
}

}  // namespace

std::string json_text(const Json& document, int indent) {
    std::string out;
    append_json(out, document, indent, 0);
    return out;
}

std::optional<Json> parse_json(std::string_view text, std::string* error) {
    try {
        return Json::parse(text);
    } catch (const Json::exception& e) {
        if (error) *error = e.what();
        return std::nullopt;
    }
}

const Json* json_find(const Json& object, const std::string& key) {
    if (!object.is_object()) return nullptr;
    const auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
}

const Json& json_field(const Json& object, const std::string& key) {
    if (!object.is_object()) wrong_type("an object", object);
    if (const Json* value = json_find(object, key)) return *value;
    throw JsonError("missing key '" + key + "'");
}

int64_t json_int(const Json& value) {
    if (value.is_number_unsigned()) {
        const uint64_t u = value.get<uint64_t>();
        if (u > uint64_t(INT64_MAX)) throw JsonError("integer out of range");
        return int64_t(u);
    }
    if (value.is_number_integer()) return value.get<int64_t>();
    // Hand-edited files may write 3.0 for 3; anything else is not an integer.
    if (value.is_number_float()) {
        const double d = value.get<double>();
        if (d == std::floor(d) && std::fabs(d) <= 0x1p53) return int64_t(d);
    }
    wrong_type("an integer", value);
}

double json_number(const Json& value) {
    if (!value.is_number()) wrong_type("a number", value);
    return value.get<double>();
}

const std::string& json_string(const Json& value) {
    if (!value.is_string()) wrong_type("a string", value);
    return value.get_ref<const std::string&>();
}

const Json::array_t& json_array(const Json& value) {
    if (!value.is_array()) wrong_type("an array", value);
    return value.get_ref<const Json::array_t&>();
}

}  // namespace pantheon::util
