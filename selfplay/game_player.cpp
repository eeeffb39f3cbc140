#include "selfplay/game_player.h"

#include <optional>
#include <stdexcept>

#include "engine/core/random.h"
#include "referee/game.h"
#include "selfplay/random_streams.h"

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

namespace {

// The move to play from a multi-PV result: uniformly among the lines whose
// score is within `margin` of the best.
Move pick_within_margin(const search::Result& result, int margin, Xoshiro256& rng) {
    std::vector<Move> candidates;
    for (const search::Line& line : result.lines)
        if (!line.pv.empty() && line.score >= result.lines.front().score - margin)
            candidates.push_back(line.pv.front());
    if (candidates.empty()) return result.best;
    return candidates[size_t(rng.below(candidates.size()))];
}

// Self-play's adjudication: resignation and the ply cap from the options,
// the cap scored on the recent plies' scores.
referee::AdjudicationRules adjudication_rules(const SelfplayOptions& options) {
    referee::AdjudicationRules rules;
    rules.resign_cp = options.resign_score;
    rules.resign_plies = options.resign_score > 0 ? options.resign_plies : 0;  // 0: never
    rules.max_plies = options.max_plies;
    rules.cap_scoring = referee::AdjudicationRules::CapScoring::RecentPlies;
    rules.cap_window = options.resign_plies;
    rules.tie_loses_side_to_move = !Variant::draws;  // Mansindam has no draws
    return rules;
}

// The opening's plies played and kept in the record, marked excluded (no
// search judged them); a start other than the standard one is recorded too.
void play_opening(const Opening& opening, referee::Game& game, data::GameRecord& record) {
    if (opening.book_index >= 0 || opening.setup != 0) record.start_fen = game.position().fen();
    for (const Move m : opening.moves) {
        record.plies.push_back({m, m, 0, /*excluded=*/true});
        game.play(m);
    }
}

// Whether playout cap randomization makes this ply a cheap one. Draws from
// the game's stream only when the cap is on, so games without it are as
// before.
bool cheap_ply(const PlayoutCap& cap, Xoshiro256& rng) {
    if (!cap.on()) return false;
    constexpr uint64_t RESOLUTION = 1'000'000;
    return rng.below(RESOLUTION) >= uint64_t(cap.full_share * RESOLUTION);
}

void record_ending(const referee::Ending& end, data::GameRecord& record) {
    record.termination = end.termination;
    record.adjudicated = end.kind != referee::Ending::Kind::Rules;
    record.winner = end.winner;  // none: a draw (Pandemonium)
}

}  // namespace

data::GameRecord play_game(WorkerSearch& search, const Opening& opening,
                           const referee::OpeningBook* book, const SelfplayOptions& options,
                           uint64_t game_seed) {
    search.new_game();
    referee::Game game(opening_start(opening, book), adjudication_rules(options));
    data::GameRecord record;
    play_opening(opening, game, record);

    Xoshiro256 rng(game_seed);
    for (int searched = 0;; ++searched) {
        if (const auto end = game.ending()) {
            record_ending(*end, record);
            break;
        }
        const bool random_choice = options.multipv > 1 && searched < options.multipv_plies;
        const bool cheap = !random_choice && cheap_ply(options.playout_cap, rng);
        const search::Result found =
            cheap ? search.search_cheap(game.position(), options.playout_cap.cheap_nodes)
                  : search.search(game.position(), random_choice ? options.multipv : 1);
        if (!found.best)
            throw std::runtime_error("search returned no move in a live game at " +
                                     game.position().fen());
        const Move played =
            random_choice ? pick_within_margin(found, options.multipv_margin, rng) : found.best;
        record.plies.push_back({played, found.best, recorded_score(found), /*excluded=*/cheap});
        game.play(played, found.score);
    }
    return record;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
