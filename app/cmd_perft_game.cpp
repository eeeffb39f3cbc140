// The game half of `pantheon perft`: count move paths from a FEN, or check a
// whole suite file in the format of the reference perft files
// (FEN<TAB>perft(1) perft(2) ...). Compiled once per game (app/CMakeLists.txt).
#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>

#include "app/cmd_perft.h"
#include "app/game_half.h"
#include "app/position_arg.h"
#include "engine/core/perft.h"

namespace pantheon {
PANTHEON_VARIANT_BEGIN
namespace {

int run_single(const app::PerftRequest& opt) {
    auto pos = position_arg(opt.fen);
    if (!pos) return 2;
    const auto start = std::chrono::steady_clock::now();
    if (opt.divide) {
        std::cout << divide_report(*pos, opt.depth);
    } else {
        const uint64_t nodes = perft(*pos, opt.depth);
        std::cout << "Nodes searched: " << nodes << "\n";
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cerr << "time " << seconds << " s\n";
    return 0;
}

int run_suite(const app::PerftRequest& opt) {
    std::ifstream in(opt.suite);
    if (!in) {
        std::cerr << "error: cannot open suite file '" << opt.suite << "'\n";
        return 2;
    }
    int passed = 0, failed = 0, line_no = 0;
    uint64_t total_nodes = 0;
    const auto start = std::chrono::steady_clock::now();
    std::string line;
    while (std::getline(in, line)) {
        ++line_no;
        if (line.empty() || line[0] == '#') continue;
        const size_t tab = line.find('\t');
        const std::string fen = line.substr(0, tab);
        std::string error;
        auto pos = Position::from_fen(fen, &error);
        if (!pos || tab == std::string::npos) {
            std::cout << "line " << line_no << ": " << (pos ? "no counts" : error) << "\n";
            ++failed;
            continue;
        }
        std::istringstream counts(line.substr(tab + 1));
        uint64_t expected;
        bool ok = true;
        for (int depth = 1; counts >> expected; ++depth) {
            if (opt.max_depth && depth > opt.max_depth) break;
            const uint64_t got = perft(*pos, depth);
            total_nodes += got;
            if (got != expected) {
                std::cout << "mismatch: " << fen << " depth " << depth << " expected " << expected
                          << " got " << got << "\n";
                ok = false;
            }
        }
        ok ? ++passed : ++failed;
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cout << "total nodes " << total_nodes << ", "
              << uint64_t(total_nodes / std::max(seconds, 1e-9)) << " nodes/s\n";
    std::cout << passed << " passed, " << failed << " failed\n";
    return failed ? 1 : 0;
}

}  // namespace
PANTHEON_VARIANT_END

namespace app {
PANTHEON_VARIANT_BEGIN
int half(const PerftRequest& request, HalfOfThisGame) {
    return request.suite.empty() ? run_single(request) : run_suite(request);
}

// The command reaches the half through run (app/game_half.h).
template int run(const PerftRequest&);
PANTHEON_VARIANT_END
}  // namespace app

}  // namespace pantheon
