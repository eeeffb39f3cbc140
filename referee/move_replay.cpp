#include "referee/move_replay.h"

#include "engine/core/rules.h"

namespace pantheon::referee {
PANTHEON_VARIANT_BEGIN

std::optional<ReplayedGame> replay_moves(const std::string* fen,
                                         const std::vector<std::string>& moves, size_t max_plies,
                                         std::string* error) {
    std::string why;
    auto start = fen ? Position::from_fen(*fen, &why) : std::optional<Position>(Position::start());
    if (!start) {
        if (error) *error = "FEN: " + why;
        return std::nullopt;
    }
    ReplayedGame game{*start, *start, {}};
    for (size_t i = 0; i < moves.size() && i < max_plies; ++i) {
        const auto move = parse_game_move(game.end, moves[i], &why);
        if (!move) {
            if (error) *error = "move " + std::to_string(i + 1) + " '" + moves[i] + "': " + why;
            return std::nullopt;
        }
        game.moves.push_back(*move);
        game.end.do_move(*move);
    }
    return game;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::referee
