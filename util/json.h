// JSON documents (match state files and summaries): nlohmann::json (Debian
// nlohmann-json3-dev) with keys in insertion order and 64-bit integers kept
// exact, plus the text layout the project's files use and typed access that
// names what a damaged file lacks.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace pantheon::util {

using Json = nlohmann::ordered_json;

struct JsonError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The document as text. indent < 0: one line. Otherwise one key a line,
// indented by `indent` spaces a level, with arrays of plain values on one
// line (a state file holds one short array per game). Strings and numbers
// are the library's (integers exact, other numbers the shortest text that
// reads back the same double, non-finite ones null); invalid UTF-8 in a
// string becomes U+FFFD instead of failing the write.
std::string json_text(const Json& document, int indent = -1);

// A whole document; nullopt with the parser's message on malformed text.
std::optional<Json> parse_json(std::string_view text, std::string* error = nullptr);

// Typed access for readers of files: a wrong type or a missing key throws
// JsonError saying which.
const Json& json_field(const Json& object, const std::string& key);
const Json* json_find(const Json& object, const std::string& key);  // null if absent or no object
int64_t json_int(const Json& value);  // an integer (or a float with an integral value)
double json_number(const Json& value);
const std::string& json_string(const Json& value);
const Json::array_t& json_array(const Json& value);

}  // namespace pantheon::util
