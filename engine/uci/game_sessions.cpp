// make_game_session (any_session.h): every game's session factory by name.
// This source sees no game's definitions (it is built once, variant-free), so
// it can name each game's namespace plainly: each game's make_session is
// uci_session.cpp compiled for it.
#include <memory>
#include <ostream>
#include <string_view>

#include "engine/core/games.h"
#include "engine/uci/any_session.h"

namespace pantheon::uci {

#define PANTHEON_DECLARE_GAME_SESSION(game)                                                        \
    namespace game {                                                                               \
    std::unique_ptr<AnySession> make_session(std::ostream& out, std::string_view default_variant); \
    }
PANTHEON_FOR_EACH_GAME(PANTHEON_DECLARE_GAME_SESSION)
#undef PANTHEON_DECLARE_GAME_SESSION

std::unique_ptr<AnySession> make_game_session(std::string_view game, std::ostream& out,
                                              std::string_view default_variant) {
#define PANTHEON_GAME_SESSION(name) &name::make_session,
    const auto make_session =
        find_game_entry(game, {PANTHEON_FOR_EACH_GAME(PANTHEON_GAME_SESSION)});
#undef PANTHEON_GAME_SESSION
    return make_session ? make_session(out, default_variant) : nullptr;
}

}  // namespace pantheon::uci
