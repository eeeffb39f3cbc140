#include "engine/core/perft.h"

#include "engine/core/movegen.h"

namespace pantheon {
PANTHEON_VARIANT_BEGIN

namespace {

// stop may be null; once set, the count returned is meaningless.
uint64_t perft_until(Position& pos, int depth, const std::atomic<bool>* stop) {
    if (depth <= 0) return 1;
    MoveList list;
    generate_legal(pos, list);
    if (depth == 1) return uint64_t(list.size());  // bulk count the last ply
    uint64_t nodes = 0;
    for (Move m : list) {
        if (stop && stop->load(std::memory_order_relaxed)) return nodes;
        pos.do_move(m);
        nodes += perft_until(pos, depth - 1, stop);
        pos.undo_move();
    }
    return nodes;
}

}  // namespace

uint64_t perft(Position& pos, int depth) {
    return perft_until(pos, depth, nullptr);
}

std::vector<std::pair<Move, uint64_t>> perft_divide(Position& pos, int depth,
                                                    const std::atomic<bool>* stop) {
    std::vector<std::pair<Move, uint64_t>> out;
    if (depth <= 0) return out;
    MoveList list;
    generate_legal(pos, list);
    for (Move m : list) {
        pos.do_move(m);
        const uint64_t count = perft_until(pos, depth - 1, stop);
        pos.undo_move();
        if (stop && stop->load(std::memory_order_relaxed)) break;
        out.emplace_back(m, count);
    }
    return out;
}

PANTHEON_VARIANT_END
}  // namespace pantheon

#include "engine/core/notation.h"

namespace pantheon {
PANTHEON_VARIANT_BEGIN

std::string divide_report(Position& pos, int depth) {
    return *divide_report(pos, depth, nullptr);
}

std::optional<std::string> divide_report(Position& pos, int depth, const std::atomic<bool>* stop) {
    std::string out;
    uint64_t total = 0;
    const auto divide = perft_divide(pos, depth, stop);
    if (stop && stop->load()) return std::nullopt;
    for (const auto& [move, count] : divide) {
        out += move_to_string(move) + ": " + std::to_string(count) + "\n";
        total += count;
    }
    if (depth <= 0) total = 1;
    out += "\nNodes searched: " + std::to_string(total) + "\n";
    return out;
}

PANTHEON_VARIANT_END
}  // namespace pantheon
