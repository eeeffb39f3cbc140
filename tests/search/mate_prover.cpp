#include "mate_prover.h"

#include "engine/core/rules.h"

namespace pantheon::test {

namespace {

// After a move: is the game over, and if so did `side` win?
bool decided(const Position& pos, Color side, bool& won) {
    const GameResult r = game_result(pos);
    won = r.over() && r.winner == side;
    return r.over();
}

}  // namespace

bool forces_win(Position& pos, int moves, AttackerMoves which) {
    if (moves <= 0) return false;
    const Color us = pos.side_to_move();
    MoveList list;
    generate_game_moves(pos, list);
    for (Move m : list) {
        const bool king_move = !m.is_drop() && type_of(pos.piece_on(m.from())) == KING;
        pos.do_move(m);
        bool won = false;
        bool candidate = which == AttackerMoves::All || king_move || pos.in_check();
        if (candidate && !decided(pos, us, won) && moves > 1)
            won = every_defence_loses(pos, moves - 1, which);
        pos.undo_move();
        if (candidate && won) return true;
    }
    return false;
}

bool every_defence_loses(Position& pos, int moves, AttackerMoves which) {
    const Color attacker = ~pos.side_to_move();
    MoveList list;
    generate_game_moves(pos, list);
    if (list.empty()) return true;  // no game-legal move: the defender has lost
    for (Move m : list) {
        pos.do_move(m);
        bool won = false;
        if (!decided(pos, attacker, won)) won = forces_win(pos, moves, which);
        pos.undo_move();
        if (!won) return false;
    }
    return true;
}

int shortest_forced_win(Position& pos, int max_moves, AttackerMoves which) {
    for (int n = 1; n <= max_moves; ++n)
        if (forces_win(pos, n, which)) return n;
    return 0;
}

}  // namespace pantheon::test
