#include "selfplay/game_player.h"

#include <optional>
#include <stdexcept>

#include "engine/core/rules.h"
#include "selfplay/adjudication.h"
#include "selfplay/rng.h"

namespace pantheon::selfplay {

namespace {

// The move to play from a multi-PV result: uniformly among the lines whose
// score is within `margin` of the best.
Move pick_within_margin(const search::Result& result, int margin, Rng& rng) {
    std::vector<Move> candidates;
    for (const search::Line& line : result.lines)
        if (!line.pv.empty() && line.score >= result.lines.front().score - margin)
            candidates.push_back(line.pv.front());
    if (candidates.empty()) return result.best;
    return candidates[size_t(rng.below(candidates.size()))];
}

}  // namespace

data::GameRecord play_game(search::Engine& engine, const Opening& opening, const OpeningBook* book,
                           const SelfplayOptions& options, uint64_t game_seed) {
    engine.new_game();
    Position pos = opening_start(opening, book);
    data::GameRecord game;
    if (opening.book_index >= 0) game.start_fen = pos.fen();
    for (const Move m : opening.moves) {
        game.plies.push_back({m, m, 0, /*excluded=*/true});
        pos.do_move(m);
    }

    Rng rng(game_seed);
    Adjudicator adjudicator({options.resign_score, options.resign_plies});
    search::Limits limits;
    limits.nodes = options.nodes;
    limits.depth = options.depth;
    std::optional<Color> resigned;  // winner once the loser resigns
    for (int searched = 0;; ++searched) {
        // The rules come first: a move that ends the game decides it even if
        // the score called for resignation after it.
        const GameResult result = game_result(pos);
        if (result.over()) {
            game.termination = result.termination;
            game.winner = *result.winner;
            break;
        }
        if (resigned || int(game.plies.size()) >= options.max_plies) {
            game.adjudicated = true;
            game.winner = resigned ? *resigned : adjudicator.length_cap_winner(pos.side_to_move());
            break;
        }
        const bool random_choice = options.multipv > 1 && searched < options.multipv_plies;
        limits.multipv = random_choice ? options.multipv : 1;
        const search::Result found = engine.search(pos, limits);
        if (!found.best)
            throw std::runtime_error("search returned no move in a live game at " + pos.fen());
        const Move played =
            random_choice ? pick_within_margin(found, options.multipv_margin, rng) : found.best;
        game.plies.push_back({played, found.best, data::clamp_score(found.score), false});
        resigned = adjudicator.add(found.score, pos.side_to_move());
        pos.do_move(played);
    }
    return game;
}

}  // namespace pantheon::selfplay
