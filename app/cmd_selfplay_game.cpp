// The game half of `pantheon selfplay` (cmd_selfplay.cpp reads the command
// line). Compiled once per game (app/CMakeLists.txt).
#include <cstdio>
#include <iostream>

#include "app/cmd_selfplay.h"
#include "app/game_half.h"
#include "selfplay/selfplay.h"
#include "selfplay/shard.h"
#include "util/progress_line.h"
#include "util/step_result.h"

namespace pantheon {

namespace app {
PANTHEON_VARIANT_BEGIN

int half(const SelfplayCommand& cmd, HalfOfThisGame) {
    selfplay::SelfplayOptions o = cmd.options;
    std::string error;
    const auto shard = util::command_shard(cmd.shard, &error);
    if (!shard) {
        std::cerr << "error: " << error << "\n";
        return 2;
    }
    o.shard_index = shard->index;
    o.shard_count = shard->count;
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
    if (!o.result_file.empty() &&
        !util::write_data_step_result(
            o.result_file,
            util::data_step_result("selfplay", o.shard_index, o.shard_count, report.data,
                                   {.games = c.games,
                                    .positions = c.positions,
                                    .searched = c.searched,
                                    .rated = c.positions,
                                    .seconds = report.seconds}),
            &error)) {
        std::cerr << "error: " << error << "\n";
        return 1;
    }
    return 0;
}

// The command reaches the half through run (app/game_half.h).
template int run(const SelfplayCommand&);

PANTHEON_VARIANT_END
}  // namespace app

}  // namespace pantheon
