#include "data/synthetic_games.h"

#include <cmath>

#include "engine/core/random.h"
#include "engine/core/rules.h"

namespace pantheon::data {
PANTHEON_VARIANT_BEGIN

namespace {

// Score shape: a random walk with occasional swings, pulled towards the
// eventual winner as the game goes on; mate scores over the last plies.
constexpr double START_SIGMA = 30, STEP_SIGMA = 12, SWING_CHANCE = 0.03, SWING_SIGMA = 250;
constexpr double SEARCH_NOISE_SIGMA = 20, WINNER_PULL = 600;
constexpr int MATE_HORIZON = 7;

Move random_move(const MoveList& list, SplitMix64& rng) {
    return list[int(rng.below(list.size()))];
}

void add_scores(GameRecord& g, Color first_to_move, SplitMix64& rng) {
    const size_t n = g.plies.size();
    const bool mating_end =
        g.termination == Termination::Checkmate || g.termination == Termination::Campmate;
    const double pull = !g.winner ? 0.0 : g.winner == WHITE ? WINNER_PULL : -WINNER_PULL;
    double walk = rng.gaussian(START_SIGMA);
    Color stm = first_to_move;
    for (size_t t = 0; t < n; ++t, stm = ~stm) {
        walk += rng.gaussian(STEP_SIGMA);
        if (rng.chance(SWING_CHANCE)) walk += rng.gaussian(SWING_SIGMA);
        const double progress = double(t + 1) / double(n);
        const double white_view = walk + pull * progress * progress;
        double score = (stm == WHITE ? white_view : -white_view) + rng.gaussian(SEARCH_NOISE_SIGMA);
        const size_t to_end = n - t;
        if (mating_end && to_end <= MATE_HORIZON)
            score = stm == g.winner ? SCORE_LIMIT - double(to_end) : -SCORE_LIMIT + double(to_end);
        g.plies[t].score = clamp_score(int(std::lround(score)));
    }
}

}  // namespace

GameRecord synthetic_game(uint64_t seed, const SyntheticOptions& o) {
    SplitMix64 rng = SplitMix64::derived(seed, 0x5EED);
    GameRecord g;
    Position pos = Position::start();
    MoveList list, captures;
    if (o.custom_start) {
        const int lead_in = 6 + int(rng.below(40));
        for (int i = 0; i < lead_in && !game_result(pos).over(); ++i) {
            list.clear();
            generate_game_moves(pos, list);
            pos.do_move(random_move(list, rng));
        }
        pos = *Position::from_fen(pos.fen());  // a fresh start: no history before it
    }
    g.start_fen = pos.fen();
    const Color first_to_move = pos.side_to_move();

    // Legal moves without the repetition filter (cheap); the filter is
    // applied only when the drawn move would repeat a situation a third time.
    auto pick = [&](const MoveList& moves) {
        captures.clear();
        for (Move m : moves)
            if (pos.is_capture(m)) captures.push(m);
        return !captures.empty() && rng.chance(o.capture_bias) ? random_move(captures, rng)
                                                               : random_move(moves, rng);
    };
    while (int(g.plies.size()) < o.max_plies) {
        if constexpr (Variant::draws) {
            if (pos.occurrences(pos.key()) >= 3) break;  // drawn (or lost) by repetition
        }
        list.clear();
        generate_legal(pos, list);
        if (list.empty()) break;  // mate, stalemate, or a king already on its last rank
        Move played = pick(list);
        if (pos.repeats_third_time(played)) {
            list.clear();
            generate_game_moves(pos, list);
            if (list.empty()) break;  // every move repeats: the repetition rule ends the game
            played = pick(list);
        }
        Move best = played;
        const bool opening = int(g.plies.size()) < o.random_opening_plies;
        if (list.size() > 1 && rng.chance(opening ? 0.9 : o.best_differs))
            while (best == played) best = random_move(list, rng);
        g.plies.push_back({played, best, 0});
        pos.do_move(played);
    }
    const GameResult end = game_result(pos);
    if (end.over()) {
        g.termination = end.termination;
        g.winner = end.winner;
    } else {
        g.adjudicated = true;
        g.winner = rng.chance(0.5) ? WHITE : BLACK;
    }
    add_scores(g, first_to_move, rng);
    return g;
}

std::vector<GameRecord> synthetic_games(size_t count, uint64_t seed, const SyntheticOptions& o) {
    std::vector<GameRecord> games;
    games.reserve(count);
    for (size_t i = 0; i < count; ++i)
        games.push_back(synthetic_game(SplitMix64::derived(seed, i).next(), o));
    return games;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::data
