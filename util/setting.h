// A setting as the lists of settings describe it (trainer/train_settings.h,
// data/position_filter.h): its name, which is both its command-line option
// without "--" and its TOML key, its help line, and whether it changes a
// run's results. setting_text writes a value the way its option reads it.
#pragma once

#include <charconv>
#include <string>
#include <string_view>
#include <type_traits>

#include "util/named_values.h"

namespace pantheon::util {

struct Setting {
    std::string_view name;
    std::string_view help;
    bool changes_results = true;
};

// A value as option text that reads back to the same value: true/false, an
// enum's name (named_values.h), the shortest decimal that gives back the
// same floating-point bits.
template <class T>
std::string setting_text(const T& value) {
    if constexpr (std::is_same_v<T, bool>) {
        return value ? "true" : "false";
    } else if constexpr (std::is_enum_v<T>) {
        return std::string(name_of(named_values(T{}), value));
    } else if constexpr (std::is_floating_point_v<T>) {
        char text[64];
        return std::string(text, std::to_chars(text, text + sizeof text, value).ptr);
    } else if constexpr (std::is_integral_v<T>) {
        return std::to_string(value);
    } else {
        return std::string(value);
    }
}

}  // namespace pantheon::util
