#include "trainer/batch.h"

#include <tbb/parallel_for.h>

namespace pantheon::trainer {

TrainingBoard::TrainingBoard(const data::TrainingPosition& position) : t(position) {
    for (int s = 0; s < SQUARE_NB; ++s) {
        const Piece pc = t.board[s];
        if (pc != NO_PIECE && type_of(pc) == KING) king[color_of(pc)] = Square(s);
    }
}

void Batch::resize(int n) {
    size = n;
    features.resize(size_t(n) * 2 * ACTIVE);
    score.resize(size_t(n));
    result.resize(size_t(n));
}

bool has_game_material(const data::TrainingPosition& t) {
    int kings[COLOR_NB] = {0, 0}, pieces = 0;
    for (int s = 0; s < SQUARE_NB; ++s) {
        const Piece pc = t.board[s];
        if (pc == NO_PIECE) continue;
        if (color_of(pc) >= COLOR_NB || type_of(pc) >= PIECE_TYPE_NB) return false;
        ++pieces;
        if (type_of(pc) == KING) ++kings[color_of(pc)];
    }
    if (kings[WHITE] != 1 || kings[BLACK] != 1) return false;
    // A malformed position could hold more than ACTIVE features.
    if (pieces + t.hand_total() != ACTIVE) return false;
    for (int hand_type = 0; hand_type < HAND_TYPE_NB; ++hand_type)
        if (t.hands[WHITE][hand_type] + t.hands[BLACK][hand_type] > MATERIAL_TOTAL[hand_type])
            return false;
    return true;
}

bool extract_features(const data::TrainingPosition& t, nnue::FeatureIndex* out) {
    if (!has_game_material(t)) return false;
    const TrainingBoard board(t);
    const Color us = t.side_to_move;
    return nnue::features::active_features(board, us, board.king[us], out) == ACTIVE &&
           nnue::features::active_features(board, ~us, board.king[~us], out + ACTIVE) == ACTIVE;
}

void fill_batch(std::span<const data::TrainingPosition> positions, Batch& batch) {
    batch.resize(int(positions.size()));
    tbb::parallel_for(tbb::blocked_range<size_t>(0, positions.size(), 1024),
                      [&](const tbb::blocked_range<size_t>& r) {
                          for (size_t i = r.begin(); i < r.end(); ++i) {
                              const data::TrainingPosition& t = positions[i];
                              extract_features(t, &batch.features[i * 2 * ACTIVE]);
                              batch.score[i] = float(t.score);
                              batch.result[i] = t.result > 0 ? 1.0f : 0.0f;
                          }
                      });
}

}  // namespace pantheon::trainer
