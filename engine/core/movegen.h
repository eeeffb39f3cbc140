// Legal move generation (moves and drops). No game history is consulted: the
// repetition rule is a filter on top (rules.h), as in the perft convention.
#pragma once

#include <cstddef>

#include "engine/core/position.h"

namespace pantheon {
PANTHEON_VARIANT_BEGIN

// Upper bound on legal moves in any reachable position (drops dominate: at
// most 8 hand types times the empty squares, plus board moves).
constexpr int MAX_MOVES = 1280;

class MoveList {
public:
    void push(Move m) { moves_[size_++] = m; }
    int size() const { return size_; }
    bool empty() const { return size_ == 0; }
    void clear() { size_ = 0; }
    Move operator[](int i) const { return moves_[i]; }
    Move* begin() { return moves_; }
    Move* end() { return moves_ + size_; }
    const Move* begin() const { return moves_; }
    const Move* end() const { return moves_ + size_; }
    bool contains(Move m) const;
    void remove_at(int i) { moves_[i] = moves_[--size_]; }

private:
    Move moves_[MAX_MOVES];
    int size_ = 0;
};

enum class GenType {
    All,       // every legal move
    Tactical,  // legal captures and promotions
    Quiet,     // legal moves that neither capture nor promote, drops included
};

template <GenType T>
void generate(const Position& pos, MoveList& list);

inline void generate_legal(const Position& pos, MoveList& list) {
    generate<GenType::All>(pos, list);
}

// Whether m is a legal move in pos (for moves from untrusted sources such as
// the transposition table).
bool is_legal(const Position& pos, Move m);

// Whether m is a pawn drop that the rules refuse only because it would give
// mate (Pandemonium's pawn-drop mate rule; never in a game that allows it).
// Lets a referee tell this refusal apart from other illegal moves.
bool is_pawn_drop_mate(const Position& pos, Move m);

PANTHEON_VARIANT_END
}  // namespace pantheon
