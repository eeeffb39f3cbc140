// `pantheon selfplay`: generate training games with the engine playing itself
// (selfplay/selfplay.h). Every option can also come from a TOML file
// (`--config configs/selfplay.toml`, section [selfplay]); the command line wins.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "app/commands.h"
#include "selfplay/selfplay.h"
#include "selfplay/shard.h"
#include "util/progress_line.h"

namespace pantheon::app {

namespace {

struct SelfplayCommand {
    selfplay::SelfplayOptions options;
    std::string shard;  // "K/N"; empty = from Slurm or 0/1
};

int run_selfplay_command(SelfplayCommand& cmd) {
    selfplay::SelfplayOptions& o = cmd.options;
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
    std::printf(
        "selfplay shard %d/%d: %llu games, %llu positions (%llu searched) in %.1f s: %.2f "
        "games/s, %.0f positions/s; wins W %llu B %llu, adjudicated %llu; chunks: %llu written, "
        "%llu already done, %llu left of %llu\n",
        o.shard_index, o.shard_count, (unsigned long long)c.games, (unsigned long long)c.positions,
        (unsigned long long)c.searched, report.seconds,
        double(c.games) / std::max(report.seconds, 1e-9),
        double(c.positions) / std::max(report.seconds, 1e-9), (unsigned long long)c.white_wins,
        (unsigned long long)c.black_wins, (unsigned long long)c.adjudicated,
        (unsigned long long)report.chunks_written, (unsigned long long)report.chunks_skipped,
        (unsigned long long)report.chunks_left, (unsigned long long)report.chunks_owned);
    if (!ok) {
        std::cerr << "error: " << error << "\n";
        return 1;
    }
    return 0;
}

}  // namespace

void register_selfplay(CLI::App& app, ExitCode& exit_code) {
    auto cmd = std::make_shared<SelfplayCommand>();
    selfplay::SelfplayOptions& o = cmd->options;
    CLI::App* sub = app.add_subcommand(
        "selfplay",
        "Generate training games by self-play into chunk files (resumable, deterministic)");
    sub->fallthrough();  // `--config FILE` after the subcommand reaches the main app
    sub->option_defaults()->always_capture_default();  // --help shows the defaults
    sub->add_option("--games", o.games, "Total games of the run (over all shards)")->required();
    sub->add_option("--out", o.out_dir, "Output directory (chunk files + manifest)")->required();
    sub->add_option("--threads", o.threads, "Worker threads, one game each (no effect on output)");
    sub->add_option("--nodes", o.nodes, "Search nodes per move (0 = no node limit)");
    sub->add_option("--depth", o.depth, "Search depth per move (0 = no depth limit)");
    sub->add_option("--seed", o.seed, "Run seed: same seed and settings, same bytes");
    sub->add_option("--shard", cmd->shard,
                    "K/N: play shard K of N (default: Slurm array task, else 0/1)");
    sub->add_option("--hash", o.hash_mb, "Transposition table per worker, MB");
    sub->add_option("--chunk-games", o.chunk_games, "Games per output chunk file");
    sub->add_option("--random-plies-min", o.random_plies_min, "Fewest random opening plies");
    sub->add_option("--random-plies-max", o.random_plies_max, "Most random opening plies");
    sub->add_option("--book", o.book, "Start positions, one FEN/EPD a line (default: start)");
    sub->add_option("--unique-openings", o.unique_openings,
                    "Never repeat an opening position (true/false)");
    sub->add_option("--multipv", o.multipv, "Lines searched for random moves (1 = off)");
    sub->add_option("--multipv-plies", o.multipv_plies, "Searched plies that pick randomly");
    sub->add_option("--multipv-margin", o.multipv_margin, "Random pick within this many cp");
    sub->add_option("--resign-score", o.resign_score,
                    "Adjudicate when |score| >= this (cp) ... (0 = never)");
    sub->add_option("--resign-plies", o.resign_plies, "... for this many plies in a row");
    sub->add_option("--max-plies", o.max_plies, "Game length cap, adjudicated by score");
    sub->add_option("--net", o.net, "Play with NNUE using this net file (default: hand-crafted)");
    sub->add_option("--max-chunks", o.max_chunks,
                    "Stop after writing this many chunks (0 = all); rerun to continue");
    sub->add_option("--progress", o.progress, "Progress line on stderr (true/false)");
    sub->callback([cmd, &exit_code] { exit_code.value = run_selfplay_command(*cmd); });
}

}  // namespace pantheon::app
