// The game half of `pantheon bench perft`: single-threaded perft from a
// position (bulk counting at the last ply), timed. Compiled once per game
// (app/CMakeLists.txt).
#include <algorithm>
#include <chrono>
#include <iostream>

#include "app/cmd_bench.h"
#include "app/game_half.h"
#include "app/position_arg.h"
#include "engine/core/perft.h"

namespace pantheon::app {
PANTHEON_VARIANT_BEGIN

int half(const BenchPerftRequest& opt, HalfOfThisGame) {
    auto pos = position_arg(opt.fen);
    if (!pos) return 2;
    double best = 1e300;
    uint64_t nodes = 0;
    for (int i = 0; i < opt.repeat; ++i) {
        const auto start = std::chrono::steady_clock::now();
        nodes = perft(*pos, opt.depth);
        best = std::min(
            best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::cout << "perft " << opt.depth << " (" << Variant::name << "): " << nodes
              << " nodes, best of " << opt.repeat << " " << best << " s, "
              << uint64_t(nodes / std::max(best, 1e-9)) << " nodes/s\n";
    return 0;
}

// The command reaches the half through run (app/game_half.h).
template int run(const BenchPerftRequest&);

PANTHEON_VARIANT_END
}  // namespace pantheon::app
