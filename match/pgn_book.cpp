#include "match/pgn_book.h"

#include <fstream>

#include "engine/core/rules.h"
#include "match/pgn.h"
#include "referee/move_replay.h"

namespace pantheon::match {
PANTHEON_VARIANT_BEGIN

bool load_pgn_book(const std::string& path, size_t max_plies, std::vector<std::string>& fens,
                   std::string* error) {
    std::ifstream in(path);
    if (!in) {
        if (error) *error = "cannot open opening book '" + path + "'";
        return false;
    }
    std::string why;
    const auto games = read_pgn(in, &why);
    if (!games) {
        if (error) *error = path + ": " + why;
        return false;
    }
    if (games->empty()) {
        if (error) *error = "opening book '" + path + "' holds no games";
        return false;
    }
    for (size_t i = 0; i < games->size(); ++i) {
        const PgnGame& g = (*games)[i];
        const auto fail = [&](const std::string& msg) {
            if (error) *error = path + ": game " + std::to_string(i + 1) + ": " + msg;
            return false;
        };
        const std::string* variant = g.tag("Variant");
        if (variant && *variant != Variant::name)
            return fail("Variant tag is '" + *variant + "', not " + std::string(Variant::name));
        const auto replayed = referee::replay_moves(g.tag("FEN"), g.moves, max_plies, &why);
        if (!replayed) return fail(why);
        if (game_result(replayed->end).over())
            return fail("the game is already over after " + std::to_string(replayed->moves.size()) +
                        " plies");
        fens.push_back(replayed->end.fen());
    }
    return true;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::match
