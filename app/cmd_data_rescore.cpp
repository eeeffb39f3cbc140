// `pantheon data rescore`: the positions of data files searched again with
// more nodes or depth, their best moves and scores rewritten
// (selfplay/rescore.h). Like every data tool it takes the game from the
// files' headers (--variant is checked against them); like self-play it
// takes its options from a TOML file too (`--config configs/rescore.toml`,
// section [data.rescore]); the command line wins.
#include <iostream>
#include <memory>

#include "app/commands.h"
#include "app/data_variant.h"
#include "app/run_for_game.h"
#include "app/variant_option.h"
#include "selfplay/rescore_options.h"
#include "util/shard.h"

namespace pantheon::app {

namespace {

struct RescoreCommand {
    selfplay::RescoreOptions options;
    std::vector<std::string> data;  // --data; positional inputs land in options.inputs
    std::shared_ptr<std::string> variant;
    std::string shard;  // --shard K/N; "" = the Slurm array task, else 0/1
    bool keep_verdicts = false;
};

int run_command(RescoreCommand c, const std::string& given) {
    c.options.inputs.insert(c.options.inputs.begin(), c.data.begin(), c.data.end());
    c.options.labels.search = !c.keep_verdicts;
    std::string variant, error;
    const auto shard = util::command_shard(c.shard, &error);
    if (!shard) {
        std::cerr << "error: " << error << "\n";
        return 2;
    }
    c.options.shard_index = shard->index;
    c.options.shard_count = shard->count;
    if (!resolve_data_variant(c.options.inputs, given, variant, &error)) {
        std::cerr << "error: " << error << "\n";
        return 1;
    }
    return run_for_game(variant, c.options, 1);
}

}  // namespace

void register_data_rescore(CLI::App& app, ExitCode& exit_code) {
    CLI::App& data = *app.get_subcommand("data");
    auto c = std::make_shared<RescoreCommand>();
    selfplay::RescoreOptions& o = c->options;
    CLI::App* sub = data.add_subcommand(
        "rescore", "Search the positions again, deeper: new best moves and scores into --out");
    sub->fallthrough();  // `--config FILE` after the subcommand reaches the main app
    sub->option_defaults()->always_capture_default();  // --help shows the defaults
    c->variant = std::make_shared<std::string>();
    add_data_variant_option(sub, c->variant);
    sub->add_option("--data", c->data, "Data files and directories to rescore");
    sub->add_option("inputs", o.inputs, "More data files and directories");
    sub->add_option("--out,-o", o.out_dir, "Output directory (one file per input + manifest)")
        ->required();
    sub->add_option("--nodes", o.search.nodes, "Search nodes per position (0 = no node limit)");
    sub->add_option("--depth", o.search.depth, "Search depth per position (0 = no depth limit)");
    sub->add_option("--net", o.net,
                    "Search with NNUE using this net file, or builtin (default: hand-crafted)");
    sub->add_option("--engine", o.engine,
                    "Judge with this outside UCI engine instead of our search: a player spec as "
                    "for match (\"cmd=PATH option.NAME=VALUE ...\"), limits from --nodes/--depth");
    sub->add_option("--engine-score-percent", o.engine_score_percent,
                    "With --engine: a label is this percentage of the engine's centipawns (its "
                    "scale into ours); mates stay mates");
    sub->add_option("--king-danger", o.labels.king_danger_percent,
                    "Add this percentage of the hand-crafted king-danger balance to every new "
                    "score (labels that teach a net the danger; docs/LOOP.md)");
    sub->add_flag("--keep-mates", o.labels.keep_mates,
                  "A recorded mate score keeps its verdict unsearched; only the other positions "
                  "are judged again (mates of one judge beside another's verdicts)");
    sub->add_flag("--keep-verdicts", c->keep_verdicts,
                  "No search: keep the recorded best moves and scores, add only the label terms");
    sub->add_option("--hash", o.search.hash_mb, "Transposition table per worker, MB");
    sub->add_option("--threads", o.threads, "Worker threads, one game each (no effect on output)");
    sub->add_option("--progress", o.progress, "Progress line on stderr (true/false)");
    sub->add_option("--shard", c->shard,
                    "K/N: rescore the input files i with i % N == K (default: Slurm array task, "
                    "else 0/1); the shards' outputs together are the unsharded run's");
    sub->add_option("--result", o.result_file,
                    "On success, write what the run did here as JSON (games, positions, files, "
                    "bytes, seconds)");
    sub->callback([c, sub, &exit_code] {
        exit_code.value = run_command(*c, given_variant(sub, *c->variant));
    });
}

}  // namespace pantheon::app
