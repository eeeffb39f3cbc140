// The run of `pantheon selfplay` (cmd_selfplay.cpp reads the command line),
// compiled once per variant like perft_runner.cpp.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "app/game_command_halves.h"
#include "data/game_file.h"
#include "selfplay/selfplay.h"
#include "selfplay/shard.h"
#include "util/progress_line.h"
#include "util/step_result.h"

namespace pantheon {
PANTHEON_VARIANT_BEGIN
namespace {

util::DataStepResult step_result(const selfplay::SelfplayOptions& o,
                                 const selfplay::RunReport& report) {
    const selfplay::RunCounts& c = report.counts;
    util::DataStepResult r;
    r.step = "selfplay";
    r.shard_index = o.shard_index;
    r.shard_count = o.shard_count;
    r.data = report.data;
    r.run_games = c.games;
    r.run_positions = c.positions;
    r.run_searched = c.searched;
    r.seconds = report.seconds;
    r.positions_per_second = double(c.positions) / std::max(report.seconds, 1e-9);
    return r;
}

int run(const app::SelfplayCommand& cmd) {
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
        !util::write_data_step_result(o.result_file, step_result(o, report), &error)) {
        std::cerr << "error: " << error << "\n";
        return 1;
    }
    return 0;
}

namespace fs = std::filesystem;

uint64_t data_bytes(const std::string& dir) {
    uint64_t bytes = 0;
    for (const auto& entry : fs::directory_iterator(dir))
        if (entry.path().extension() == data::DATA_FILE_EXTENSION) bytes += entry.file_size();
    return bytes;
}

int bench(const app::BenchSelfplayCommand& opt) {
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

}  // namespace
PANTHEON_VARIANT_END

namespace app {
PANTHEON_VARIANT_BEGIN
int run_selfplay(const SelfplayCommand& command) {
    return run(command);
}
int run_bench_selfplay(const BenchSelfplayCommand& command) {
    return bench(command);
}
PANTHEON_VARIANT_END
}  // namespace app

}  // namespace pantheon
