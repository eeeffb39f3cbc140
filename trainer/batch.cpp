#include "trainer/batch.h"

#include <tbb/parallel_for.h>

namespace pantheon::trainer {
PANTHEON_VARIANT_BEGIN

TrainingBoard::TrainingBoard(const data::TrainingPosition& position) : t(position) {
    // Branch-free over the squares (empty squares are unpredictable), then
    // only the occupied ones.
    uint64_t low = 0, high = 0;
    for (int s = 0; s < 64 && s < SQUARE_NB; ++s) low |= uint64_t(t.board[s] != NO_PIECE) << s;
    for (int s = 64; s < SQUARE_NB; ++s) high |= uint64_t(t.board[s] != NO_PIECE) << (s - 64);
    occupied = Bitboard(high) << 64 | low;
    for (Bitboard b = occupied; b;) {
        const Square s = pop_lsb(b);
        const Piece pc = t.board[s];
        if (type_of(pc) == KING && color_of(pc) < COLOR_NB) king[color_of(pc)] = s;
    }
}

void Batch::resize(int n) {
    size = n;
    features.resize(size_t(n) * 2 * ACTIVE);
    score.resize(size_t(n));
    result.resize(size_t(n));
}

bool has_game_material(const data::TrainingPosition& t) {
    // Counted without branches (the compiler vectorizes the loop): this runs
    // on every position read.
    constexpr Piece WHITE_KING = make_piece(WHITE, KING), BLACK_KING = make_piece(BLACK, KING);
    int pieces = 0, white_kings = 0, black_kings = 0, malformed = 0;
    for (const Piece pc : t.board) {
        const int type_code = pc & 15;  // type + 1
        pieces += pc != NO_PIECE;
        white_kings += pc == WHITE_KING;
        black_kings += pc == BLACK_KING;
        malformed += pc != NO_PIECE &&
                     ((pc >> 4) >= COLOR_NB || type_code == 0 || type_code > PIECE_TYPE_NB);
    }
    if (malformed != 0 || white_kings != 1 || black_kings != 1) return false;
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
    return nnue::features::active_features_pair(board, t.side_to_move, out, out + ACTIVE) == ACTIVE;
}

void fill_batch(std::span<const data::TrainingPosition> positions, Batch& batch) {
    batch.resize(int(positions.size()));
    tbb::parallel_for(tbb::blocked_range<size_t>(0, positions.size(), 1024),
                      [&](const tbb::blocked_range<size_t>& r) {
                          for (size_t i = r.begin(); i < r.end(); ++i) {
                              const data::TrainingPosition& t = positions[i];
                              extract_features(t, &batch.features[i * 2 * ACTIVE]);
                              batch.score[i] = float(t.score);
                              batch.result[i] = t.result_wdl();
                          }
                      });
}

PANTHEON_VARIANT_END
}  // namespace pantheon::trainer
