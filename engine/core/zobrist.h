// Zobrist keys for a situation: board, both hands and side to move (and in
// Pandemonium castling rights and en passant squares). Built at
// compile time from a fixed seed so every build hashes identically.
#pragma once

#include <array>

#include "engine/core/random.h"
#include "engine/core/types.h"

namespace pantheon {
PANTHEON_VARIANT_BEGIN
namespace zobrist {

constexpr int MAX_HAND_COUNT = 32;

struct Keys {
    std::array<std::array<Key, SQUARE_NB>, PIECE_NB> psq{};
    std::array<std::array<std::array<Key, MAX_HAND_COUNT + 1>, HAND_TYPE_NB>, COLOR_NB> hand{};
    Key side = 0;
    // Drawn after the keys above, so adding them changed no Mansindam key.
    std::array<Key, 16> castling{};   // by the set of castling rights
    std::array<Key, SQUARE_NB> en_passant{};  // one per en passant square
};

constexpr Keys make_keys() {
    Keys k{};
    uint64_t state = 0x50414E5448454F4Eull;  // "PANTHEON"
    for (auto& row : k.psq)
        for (Key& key : row) key = splitmix64(state);
    for (auto& color : k.hand)
        for (auto& type : color) {
            type[0] = 0;  // an empty hand slot hashes to nothing
            for (int n = 1; n <= MAX_HAND_COUNT; ++n) type[n] = splitmix64(state);
        }
    k.side = splitmix64(state);
    for (int r = 1; r < 16; ++r) k.castling[r] = splitmix64(state);  // no rights: 0
    for (Key& key : k.en_passant) key = splitmix64(state);
    return k;
}

inline constexpr Keys KEYS = make_keys();

inline Key piece_square(Piece p, Square s) {
    return KEYS.psq[p][s];
}
inline Key hand(Color c, PieceType pt, int count) {
    return KEYS.hand[c][pt][count];
}
inline Key side() {
    return KEYS.side;
}
inline Key castling(int rights) {
    return KEYS.castling[rights];
}
inline Key en_passant(Square s) {
    return KEYS.en_passant[s];
}

}  // namespace zobrist
PANTHEON_VARIANT_END
}  // namespace pantheon
