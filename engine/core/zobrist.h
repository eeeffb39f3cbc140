// Zobrist keys for a situation: board, both hands and side to move. Built at
// compile time from a fixed seed so every build hashes identically.
#pragma once

#include <array>

#include "engine/core/random.h"
#include "engine/core/types.h"

namespace pantheon::zobrist {

constexpr int MAX_HAND_COUNT = 32;

struct Keys {
    std::array<std::array<Key, SQUARE_NB>, PIECE_NB> psq{};
    std::array<std::array<std::array<Key, MAX_HAND_COUNT + 1>, HAND_TYPE_NB>, COLOR_NB> hand{};
    Key side = 0;
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

}  // namespace pantheon::zobrist
