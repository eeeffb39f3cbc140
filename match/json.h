// A small JSON value with a strict parser and a writer, enough for the match
// state file, the summary and merging shard results (objects keep key order).
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace pantheon::match {

class Json {
  public:
    using Array = std::vector<Json>;
    using Object = std::vector<std::pair<std::string, Json>>;

    Json() = default;  // null
    Json(std::nullptr_t) {}
    Json(bool b) : value_(b) {}
    Json(int v) : value_(double(v)) {}
    Json(int64_t v) : value_(double(v)) {}
    Json(uint64_t v) : value_(double(v)) {}
    Json(double v) : value_(v) {}
    Json(const char* s) : value_(std::string(s)) {}
    Json(std::string s) : value_(std::move(s)) {}
    Json(std::string_view s) : value_(std::string(s)) {}
    Json(Array a) : value_(std::move(a)) {}
    Json(Object o) : value_(std::move(o)) {}

    static Json array() { return Json(Array{}); }
    static Json object() { return Json(Object{}); }

    bool is_null() const { return std::holds_alternative<std::monostate>(value_); }
    bool is_bool() const { return std::holds_alternative<bool>(value_); }
    bool is_number() const { return std::holds_alternative<double>(value_); }
    bool is_string() const { return std::holds_alternative<std::string>(value_); }
    bool is_array() const { return std::holds_alternative<Array>(value_); }
    bool is_object() const { return std::holds_alternative<Object>(value_); }

    // Typed access; a wrong type throws JsonError (callers report bad files).
    bool as_bool() const;
    double as_number() const;
    int64_t as_int() const;
    const std::string& as_string() const;
    const Array& as_array() const;
    Array& as_array();
    const Object& as_object() const;

    // Object access: find returns null if absent; at throws if absent.
    const Json* find(std::string_view key) const;
    const Json& at(std::string_view key) const;
    // Sets (or replaces) a key of an object, keeping insertion order.
    Json& set(std::string_view key, Json value);
    void push(Json value) { as_array().push_back(std::move(value)); }

    // indent < 0: one line; otherwise pretty-printed with that many spaces.
    std::string dump(int indent = -1) const;
    static std::optional<Json> parse(std::string_view text, std::string* error = nullptr);

  private:
    void dump_to(std::string& out, int indent, int level) const;
    std::variant<std::monostate, bool, double, std::string, Array, Object> value_;
};

struct JsonError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

}  // namespace pantheon::match
