// A training batch in the form the network pass reads: for every position the
// active features of both perspectives (side to move first, features.h) and
// its two targets.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "data/training_position.h"
#include "nnue/features.h"
#include "trainer/model.h"

namespace pantheon::trainer {
PANTHEON_VARIANT_BEGIN

// A training position as a board for nnue/ (features::active_features and
// evaluate_reference): pieces, occupied squares, hands, kings and the side
// to move.
struct TrainingBoard {
    explicit TrainingBoard(const data::TrainingPosition& position);
    Piece piece_on(Square s) const { return t.board[s]; }
    Bitboard pieces() const { return occupied; }
    int hand_count(Color c, PieceType pt) const { return t.hands[c][pt]; }
    Square king_square(Color c) const { return king[c]; }
    Color side_to_move() const { return t.side_to_move; }

    const data::TrainingPosition& t;
    Bitboard occupied = 0;
    Square king[COLOR_NB] = {SQ_NONE, SQ_NONE};
};

struct Batch {
    int size = 0;
    std::vector<nnue::FeatureIndex> features;  // [size][2][ACTIVE]: side to move, then the other
    std::vector<float> score;                  // search score, centipawns, side to move's view
    std::vector<float> result;                 // 1 = the side to move won, 0.5 drawn, 0 lost

    void resize(int n);
    const nnue::FeatureIndex* of(int position, int perspective) const {
        return &features[(size_t(position) * 2 + size_t(perspective)) * ACTIVE];
    }
};

// Whether features can be built for t: both kings on the board, exactly
// ACTIVE pieces in all, hands within MATERIAL_TOTAL (cheap; no features built).
bool has_game_material(const data::TrainingPosition& t);

// Writes the features of both perspectives of t (side to move first); false
// when the position cannot be a game position (a king missing, a perspective
// without exactly ACTIVE features).
bool extract_features(const data::TrainingPosition& t, nnue::FeatureIndex* out);

// Fills batch from positions (parallel); every position must pass
// extract_features (the batch source checks that when it reads them).
void fill_batch(std::span<const data::TrainingPosition> positions, Batch& batch);

PANTHEON_VARIANT_END
}  // namespace pantheon::trainer
