// `pantheon selfplay`: generate training games with the engine playing itself
// (selfplay/selfplay.h). Every option can also come from a TOML file
// (`--config configs/selfplay.toml`, section [selfplay]); the command line wins.
#include "app/cmd_selfplay.h"

#include "app/commands.h"
#include "app/run_for_game.h"
#include "app/variant_option.h"

namespace pantheon::app {

void register_selfplay(CLI::App& app, ExitCode& exit_code) {
    auto cmd = std::make_shared<SelfplayCommand>();
    selfplay::SelfplayOptions& o = cmd->options;
    CLI::App* sub = app.add_subcommand(
        "selfplay",
        "Generate training games by self-play into chunk files (resumable, deterministic)");
    sub->fallthrough();  // `--config FILE` after the subcommand reaches the main app
    sub->option_defaults()->always_capture_default();  // --help shows the defaults
    const auto variant = add_variant_option(sub);
    sub->add_option("--games", o.games, "Total games of the run (over all shards)")->required();
    sub->add_option("--out", o.out_dir, "Output directory (chunk files + manifest)")->required();
    sub->add_option("--threads", o.threads, "Worker threads, one game each (no effect on output)");
    sub->add_option("--nodes", o.search.nodes, "Search nodes per move (0 = no node limit)");
    sub->add_option("--depth", o.search.depth, "Search depth per move (0 = no depth limit)");
    sub->add_option("--full-search-share", o.playout_cap.full_share,
                    "Playout cap randomization: share of plies searched in full and kept for "
                    "training (1 = all)");
    sub->add_option("--cheap-nodes", o.playout_cap.cheap_nodes,
                    "... the other plies search this many nodes and are recorded excluded");
    sub->add_option("--seed", o.seed, "Run seed: same seed and settings, same bytes");
    sub->add_option("--shard", cmd->shard,
                    "K/N: play shard K of N (default: Slurm array task, else 0/1)");
    sub->add_option("--hash", o.search.hash_mb, "Transposition table per worker, MB");
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
    sub->add_option("--net", o.net,
                    "Play with NNUE using this net file, or builtin (default: hand-crafted)");
    sub->add_option("--setup", o.setup,
                    "Start setup without a book (0 to the game's number of setups - 1; -1: dealt "
                    "out by seed)");
    sub->add_option("--max-chunks", o.max_chunks,
                    "Stop after writing this many chunks (0 = all); rerun to continue");
    sub->add_option("--progress", o.progress, "Progress line on stderr (true/false)");
    sub->add_option("--result", o.result_file,
                    "On success, write what the run did here as JSON (games, positions, files, "
                    "bytes, seconds)");
    sub->callback([cmd, variant, &exit_code] { exit_code.value = run_for_game(*variant, *cmd); });
}

}  // namespace pantheon::app
