// The reference evaluation: everything from scratch, scalar, no accumulator
// reuse. Templated on the board like features::active_features, so the engine
// (Position) and the trainer (its training-position adapter) compute the same
// integers. Board needs piece_on(Square), hand_count(Color, PieceType),
// king_square(Color) and side_to_move().
#pragma once

#include <cstring>

#include "nnue/features.h"
#include "nnue/inference.h"

namespace pantheon::nnue {
PANTHEON_VARIANT_BEGIN

// Most features a perspective can have: every square occupied is impossible,
// but this bound holds for any board whose hands stay within MATERIAL_TOTAL.
constexpr int MAX_ACTIVE_FEATURES = SQUARE_NB + 2 * features::HAND_SLOTS_PER_SIDE;

// One perspective's accumulator (L1 values) and PSQT sum, from scratch.
template <class Board>
void refresh_reference(const Network& net, const Board& board, Color perspective, int16_t* acc,
                       int32_t* psqt) {
    FeatureIndex active[MAX_ACTIVE_FEATURES];
    const int n =
        features::active_features(board, perspective, board.king_square(perspective), active);
    std::memcpy(acc, net.ft_bias.data(), sizeof(int16_t) * arch::L1);
    int32_t p = 0;
    for (int i = 0; i < n; ++i) {
        scalar::add_row(acc, net.ft_weights.data() + size_t(active[i]) * arch::L1);
        p += net.psqt_weights[active[i]];
    }
    *psqt = p;
}

// Centipawns from the side to move's view; trace (optional) gets every layer.
template <class Board>
int evaluate_reference(const Network& net, const Board& board, LayerOutputs* trace = nullptr) {
    alignas(CACHE_LINE) int16_t acc[COLOR_NB][arch::L1];
    int32_t psqt[COLOR_NB];
    const Color us = board.side_to_move();
    refresh_reference(net, board, us, acc[0], &psqt[0]);
    refresh_reference(net, board, ~us, acc[1], &psqt[1]);
    return propagate_scalar(net, acc[0], acc[1], psqt[0], psqt[1], trace);
}

PANTHEON_VARIANT_END
}  // namespace pantheon::nnue
