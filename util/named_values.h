// The names of an enum's values, one table per enum: a setting with a few
// named values (a schedule, a mode) is read by name once, where it enters
// (a command-line option or config key), and written by name wherever it is
// shown or recorded. An enum's table is found by `named_values(E{})`,
// declared beside the enum.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace pantheon::util {

template <class E>
struct NamedValue {
    std::string_view name;
    E value;
};

// The name of `value` in `names` ("" if it has none).
template <class Names, class E>
constexpr std::string_view name_of(const Names& names, E value) {
    for (const auto& n : names)
        if (n.value == value) return n.name;
    return {};
}

// The value called `name`, if any.
template <class Names>
constexpr auto value_named(const Names& names, std::string_view name)
    -> std::optional<decltype(names.begin()->value)> {
    for (const auto& n : names)
        if (n.name == name) return n.value;
    return std::nullopt;
}

// The names in order, joined by `separator`.
template <class Names>
std::string joined_names(const Names& names, std::string_view separator) {
    std::string out;
    for (const auto& n : names) {
        if (!out.empty()) out += separator;
        out += n.name;
    }
    return out;
}

}  // namespace pantheon::util
