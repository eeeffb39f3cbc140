// The single-square attack test agrees with the attack sets it stands in for,
// for every piece of either colour, every pair of squares and random boards.
#include <gtest/gtest.h>

#include "engine/core/bitboard.h"
#include "engine/core/random.h"

namespace pantheon {
namespace {

TEST(Attacks, SingleSquareTestAgreesWithTheAttackSet) {
    Xoshiro256 rng(2024);
    for (int board = 0; board < 12; ++board) {
        // Sparse to crowded boards: each square filled with probability board/12.
        Bitboard occupied = 0;
        for (int s = 0; s < SQUARE_NB; ++s)
            if (rng.next() % 12 < uint64_t(board)) occupied |= bit(Square(s));
        for (Color c : {WHITE, BLACK})
            for (int pt = 0; pt < PIECE_TYPE_NB; ++pt)
                for (int s = 0; s < SQUARE_NB; ++s) {
                    const Bitboard set = piece_attacks(c, PieceType(pt), Square(s), occupied);
                    for (int t = 0; t < SQUARE_NB; ++t)
                        ASSERT_EQ(piece_attacks_square(c, PieceType(pt), Square(s), Square(t),
                                                       occupied),
                                  bool(set & bit(Square(t))))
                            << "piece " << pt << " colour " << int(c) << " from " << s << " to "
                            << t << " board " << board;
                }
    }
}

}  // namespace
}  // namespace pantheon
