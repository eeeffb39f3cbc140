// Command-line options (and TOML keys) from the lists of settings
// (util/setting.h): one option a setting, bound to its field, whose value is
// the default --help shows. An enum setting takes the names of its values
// (util/named_values.h), read here once; --help lists them.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <type_traits>

#include "util/setting.h"

namespace pantheon::app {

// An option whose value is one of `names`, stored as the enum value it names.
template <class E, class Names>
CLI::Option* add_choice_option(CLI::App& cmd, const std::string& option, E& value,
                               const Names& names, const std::string& help) {
    static_assert(std::is_enum_v<E>);
    const std::string listed = util::joined_names(names, ", ");
    CLI::Option* opt = cmd.add_option(option, value, help);
    // The name becomes the enum's number, which CLI11 stores into the enum.
    opt->transform(CLI::Validator(
        [names, listed](std::string& text) -> std::string {
            const auto named = util::value_named(names, text);
            if (!named) return "must be one of " + listed + ", not '" + text + "'";
            text = std::to_string(static_cast<std::underlying_type_t<E>>(*named));
            return {};
        },
        "{" + util::joined_names(names, ",") + "}", "choice"));
    opt->type_name("TEXT");
    opt->default_function([&value, names] { return std::string(util::name_of(names, value)); });
    return opt;
}

// The option --<prefix><setting name> bound to `field`.
template <class T>
CLI::Option* add_setting_option(CLI::App& cmd, const util::Setting& setting, T& field,
                                const std::string& prefix = "") {
    const std::string option = "--" + prefix + std::string(setting.name);
    if constexpr (std::is_enum_v<T>)
        return add_choice_option(cmd, option, field, named_values(T{}), std::string(setting.help));
    else
        return cmd.add_option(option, field, std::string(setting.help));
}

}  // namespace pantheon::app
