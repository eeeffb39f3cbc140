// Two labellings of the same games side by side (`pantheon data compare A
// --with B`), such as a rescoring's inputs and outputs or two judges' labels
// of one set of games: how often their scores agree in sign, how large each
// one's scores are (the scale that maps one onto the other, as `data rescore
// --engine-score-percent` needs for an outside engine), their mates and best
// moves, and how often each one's confident verdicts came true in the game.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "data/game_record.h"

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

// A centipawn verdict at least this far from level counts as confident.
constexpr int CONFIDENT_VERDICT = 300;

// How one labelling's confident verdicts ended: the games of the side to
// move when it was ahead (won), and when it was behind (lost).
struct VerdictOutcomes {
    uint64_t ahead = 0, ahead_won = 0, behind = 0, behind_lost = 0;
    uint64_t mates_for = 0, mates_for_won = 0;  // mates announced for the side to move
    void add(int score, bool is_mate, bool won, bool lost);
};

// The sums over the positions labelled in both (add_game_pair fills them).
struct LabelComparison {
    uint64_t games = 0, positions = 0;
    uint64_t compared = 0;  // positions searched (not excluded) in both
    uint64_t same_best = 0;
    // Where neither score is a mate:
    uint64_t centipawns = 0, both_nonzero = 0, same_sign = 0;
    double sum_a = 0, sum_b = 0, sum_abs_a = 0, sum_abs_b = 0, sum_aa = 0, sum_bb = 0, sum_ab = 0;
    uint64_t mates_a = 0, mates_b = 0, mates_both = 0, mates_both_same_sign = 0;
    VerdictOutcomes outcomes_a, outcomes_b;

    // One position's two scores (side to move's view) and whether its game
    // was won or lost by the side to move.
    void add_position(int a, int b, bool a_mate, bool b_mate, bool won, bool lost);
    void print(std::ostream& out) const;
};

// Adds a game labelled twice; false with a message when `b` is not the
// same game as `a` (start, moves, excluded plies).
bool add_game_pair(LabelComparison& c, const data::GameRecord& a, const data::GameRecord& b,
                   std::string* error);

// Compares the files of `a` with those of `b` in order (directories: their
// files sorted by name), each pair holding the same games in the same order,
// as a rescoring's inputs and outputs do. One file's games are held at a time.
bool compare_labels(const std::vector<std::string>& a, const std::vector<std::string>& b,
                    LabelComparison& result, std::string* error);

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
