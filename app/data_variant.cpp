#include "app/data_variant.h"

#include "data/input_files.h"
#include "engine/core/games.h"

namespace pantheon::app {

bool resolve_data_variant(const std::vector<std::string>& data, const std::string& given,
                          std::string& variant, std::string* error) {
    std::string unreadable;
    if (!data::inputs_variant(data, variant, &unreadable)) variant.clear();
    if (variant.empty()) {
        variant = given.empty() ? std::string(VARIANT_NAMES[0]) : given;
        return true;
    }
    if (!is_game(variant)) {
        if (error)
            *error = "the data holds games of '" + variant +
                     "', which this binary does not play (the games: " + game_names() + ")";
        return false;
    }
    if (!given.empty() && given != variant) {
        if (error)
            *error = "the data holds " + variant + " games but --variant is " + given + "; give " +
                     variant + " data or --variant " + variant;
        return false;
    }
    return true;
}

}  // namespace pantheon::app
