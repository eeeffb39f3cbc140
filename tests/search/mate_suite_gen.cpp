// Makes mate-suite positions (data/mate_suite.tsv): semi-random playouts from
// the openings book and the reference perft positions (one move in three at
// random, the others from a 2000-node search), keeping a position when a
// depth-4 search sees no mate there but a longer search finds one.
//   pantheon_mate_suite_gen SEED COUNT MOVETIME_MS > more.tsv
#include <cstdlib>
#include <iostream>
#include <random>

#include "engine/core/rules.h"
#include "engine/search/search.h"
#include "search_test_support.h"

using namespace pantheon;

int main(int argc, char** argv) {
    if (argc != 4) {
        std::cerr << "usage: " << argv[0] << " SEED COUNT MOVETIME_MS\n";
        return 2;
    }
    std::mt19937_64 rng(std::strtoull(argv[1], nullptr, 10));
    const int want = std::atoi(argv[2]);
    const int64_t movetime = std::atoll(argv[3]);
    const auto fens = test::sample_fens();
    search::Engine engine;
    for (int found = 0; found < want;) {
        Position pos = test::position_from_fen(fens[rng() % fens.size()]);
        const int plies = 6 + int(rng() % 60);
        for (int p = 0; p < plies && !game_result(pos).over(); ++p) {
            MoveList list;
            generate_game_moves(pos, list);
            Move m = list[int(rng() % uint64_t(list.size()))];
            if (rng() % 3) {
                search::Limits quick;
                quick.nodes = 2000;
                engine.new_game();
                m = engine.search(pos, quick).best;
            }
            pos.do_move(m);
        }
        if (game_result(pos).over()) continue;
        const Position root = test::position_from_fen(pos.fen());  // no history
        search::Limits shallow;
        shallow.depth = 4;
        engine.new_game();
        if (search::is_mate_score(engine.search(root, shallow).score)) continue;
        search::Limits deep;
        deep.movetime_ms = movetime;
        engine.new_game();
        const search::Result r = engine.search(root, deep);
        if (r.score < search::MATE_BOUND) continue;
        std::cout << root.fen() << '\t' << search::mate_in_moves(r.score) << '\n' << std::flush;
        ++found;
    }
    return 0;
}
