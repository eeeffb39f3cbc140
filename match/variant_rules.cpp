// The rules of every game by name. This source sees no game's definitions
// (it is built once, variant-free), so it can name each game's namespace
// plainly: each game's rules() is variant_rules_impl.cpp compiled for it.
#include "match/variant_rules.h"

namespace pantheon::match {

#define PANTHEON_DECLARE_GAME_RULES(game) \
    namespace game {                      \
    const VariantRules& rules();          \
    }
PANTHEON_FOR_EACH_GAME(PANTHEON_DECLARE_GAME_RULES)
#undef PANTHEON_DECLARE_GAME_RULES

const VariantRules* variant_rules(std::string_view name) {
#define PANTHEON_GAME_RULES(game) &game::rules,
    const auto rules = find_game_entry(name, {PANTHEON_FOR_EACH_GAME(PANTHEON_GAME_RULES)});
#undef PANTHEON_GAME_RULES
    return rules ? &rules() : nullptr;
}

}  // namespace pantheon::match
