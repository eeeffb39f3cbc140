// The run of `pantheon selfplay` (cmd_selfplay.cpp reads the command line),
// compiled once per variant like perft_runner.cpp.
#include "app/selfplay_runner.h"

#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "selfplay/selfplay.h"
#include "selfplay/shard.h"
#include "util/progress_line.h"

namespace pantheon {
PANTHEON_VARIANT_BEGIN
namespace {

int run(const app::SelfplayCommand& cmd) {
    selfplay::SelfplayOptions o = cmd.options;
    std::string error;
    if (!cmd.shard.empty()) {
        const auto shard = selfplay::parse_shard(cmd.shard, &error);
        if (!shard) {
            std::cerr << "error: " << error << "\n";
            return 2;
        }
        o.shard_index = shard->index;
        o.shard_count = shard->count;
    } else if (const auto shard = selfplay::shard_from_slurm(
                   std::getenv("SLURM_ARRAY_TASK_ID"), std::getenv("SLURM_ARRAY_TASK_COUNT"),
                   std::getenv("SLURM_ARRAY_TASK_MIN"), &error)) {
        o.shard_index = shard->index;
        o.shard_count = shard->count;
    } else if (!error.empty()) {
        std::cerr << "error: " << error << "\n";
        return 2;
    }
    if (const std::string why = selfplay::validate(o); !why.empty()) {
        std::cerr << "error: " << why << "\n";
        return 2;
    }

    selfplay::RunReport report;
    const bool ok =
        selfplay::run_selfplay(o, &std::cerr, util::is_terminal(std::cerr), report, &error);
    const selfplay::RunCounts& c = report.counts;
    const std::string draws = Variant::draws ? ", draws " + std::to_string(c.draws) : "";
    std::printf(
        "selfplay shard %d/%d: %llu games, %llu positions (%llu searched) in %.1f s: %.2f "
        "games/s, %.0f positions/s; wins W %llu B %llu%s, adjudicated %llu; chunks: %llu written, "
        "%llu already done, %llu left of %llu\n",
        o.shard_index, o.shard_count, (unsigned long long)c.games, (unsigned long long)c.positions,
        (unsigned long long)c.searched, report.seconds,
        double(c.games) / std::max(report.seconds, 1e-9),
        double(c.positions) / std::max(report.seconds, 1e-9), (unsigned long long)c.white_wins,
        (unsigned long long)c.black_wins, draws.c_str(), (unsigned long long)c.adjudicated,
        (unsigned long long)report.chunks_written, (unsigned long long)report.chunks_skipped,
        (unsigned long long)report.chunks_left, (unsigned long long)report.chunks_owned);
    if (!ok) {
        std::cerr << "error: " << error << "\n";
        return 1;
    }
    return 0;
}

}  // namespace
PANTHEON_VARIANT_END

namespace app {
int PANTHEON_VARIANT_ENTRY(run_selfplay)(const SelfplayCommand& command) {
    return run(command);
}
}  // namespace app

}  // namespace pantheon
