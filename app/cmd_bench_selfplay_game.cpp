// The game half of `pantheon bench selfplay`: self-play throughput and data
// size, measured on a fresh run in a temporary directory. Compiled once per
// game (app/CMakeLists.txt).
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "app/cmd_bench_selfplay.h"
#include "app/game_half.h"
#include "data/game_file.h"
#include "selfplay/selfplay.h"
#include "util/progress_line.h"

namespace pantheon::app {
PANTHEON_VARIANT_BEGIN
namespace {

namespace fs = std::filesystem;

uint64_t data_bytes(const std::string& dir) {
    uint64_t bytes = 0;
    for (const auto& entry : fs::directory_iterator(dir))
        if (entry.path().extension() == data::DATA_FILE_EXTENSION) bytes += entry.file_size();
    return bytes;
}

}  // namespace

int half(const BenchSelfplayCommand& opt, HalfOfThisGame) {
    selfplay::SelfplayOptions o = opt.run;
    std::string temp;
    if (opt.keep.empty()) {
        std::string pattern =
            (fs::temp_directory_path() / "pantheon-bench-selfplay-XXXXXX").string();
        if (!mkdtemp(pattern.data())) {
            std::cerr << "error: cannot create a temporary directory\n";
            return 1;
        }
        temp = o.out_dir = pattern;
    } else {
        o.out_dir = opt.keep;
        if (fs::exists(opt.keep) && !fs::is_empty(opt.keep)) {
            std::cerr << "error: --keep directory '" << opt.keep << "' is not empty\n";
            return 2;
        }
    }
    if (o.chunk_games > 0 && uint64_t(o.chunk_games) > o.games) o.chunk_games = int(o.games);
    selfplay::RunReport report;
    std::string error;
    const bool ok =
        selfplay::run_selfplay(o, &std::cerr, util::is_terminal(std::cerr), report, &error);
    const uint64_t bytes = ok ? data_bytes(o.out_dir) : 0;
    if (!temp.empty()) fs::remove_all(temp);
    if (!ok) {
        std::cerr << "error: " << error << "\n";
        return 1;
    }
    const selfplay::RunCounts& c = report.counts;
    const double s = std::max(report.seconds, 1e-9);
    std::printf(
        "selfplay bench (%s): %d threads, %llu nodes/move, %llu games, %llu positions (%llu "
        "searched)\n"
        "  %.1f s  %.3f games/s  %.0f positions/s  %.0f searched positions/s\n"
        "  %llu bytes  %.3f bytes/position  %.3f bytes/searched position\n"
        "  wins W %llu B %llu, adjudicated %llu, %.1f plies/game\n",
        std::string(Variant::name).c_str(), o.threads, (unsigned long long)o.search.nodes,
        (unsigned long long)c.games, (unsigned long long)c.positions,
        (unsigned long long)c.searched, s, double(c.games) / s, double(c.positions) / s,
        double(c.searched) / s, (unsigned long long)bytes,
        double(bytes) / double(std::max<uint64_t>(c.positions, 1)),
        double(bytes) / double(std::max<uint64_t>(c.searched, 1)), (unsigned long long)c.white_wins,
        (unsigned long long)c.black_wins, (unsigned long long)c.adjudicated,
        double(c.positions) / double(std::max<uint64_t>(c.games, 1)));
    return 0;
}

// The command reaches the half through run (app/game_half.h).
template int run(const BenchSelfplayCommand&);

PANTHEON_VARIANT_END
}  // namespace pantheon::app
