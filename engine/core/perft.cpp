#include "engine/core/perft.h"

#include "engine/core/movegen.h"

namespace pantheon {

uint64_t perft(Position& pos, int depth) {
    if (depth <= 0) return 1;
    MoveList list;
    generate_legal(pos, list);
    if (depth == 1) return uint64_t(list.size());  // bulk count the last ply
    uint64_t nodes = 0;
    for (Move m : list) {
        pos.do_move(m);
        nodes += perft(pos, depth - 1);
        pos.undo_move();
    }
    return nodes;
}

std::vector<std::pair<Move, uint64_t>> perft_divide(Position& pos, int depth) {
    std::vector<std::pair<Move, uint64_t>> out;
    if (depth <= 0) return out;
    MoveList list;
    generate_legal(pos, list);
    for (Move m : list) {
        pos.do_move(m);
        out.emplace_back(m, perft(pos, depth - 1));
        pos.undo_move();
    }
    return out;
}

}  // namespace pantheon

#include "engine/core/notation.h"

namespace pantheon {

std::string divide_report(Position& pos, int depth) {
    std::string out;
    uint64_t total = 0;
    for (const auto& [move, count] : perft_divide(pos, depth)) {
        out += move_to_string(move) + ": " + std::to_string(count) + "\n";
        total += count;
    }
    if (depth <= 0) total = 1;
    out += "\nNodes searched: " + std::to_string(total) + "\n";
    return out;
}

}  // namespace pantheon
