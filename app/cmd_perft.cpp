// `pantheon perft`: count move paths from a FEN, or check a whole suite file
// in the format of the reference perft files (FEN<TAB>perft(1) perft(2) ...),
// for either game (--variant; the counting is cmd_perft_game.cpp).
#include "app/cmd_perft.h"

#include "app/commands.h"
#include "app/run_for_game.h"
#include "app/variant_option.h"

namespace pantheon::app {

void register_perft(CLI::App& app, ExitCode& exit_code) {
    auto opt = std::make_shared<PerftRequest>();
    CLI::App* cmd = app.add_subcommand("perft", "Count move paths (perft) or check a perft suite");
    const auto variant = add_variant_option(cmd);
    cmd->add_option("--fen", opt->fen, "Position (default: the variant's start position)");
    cmd->add_option("--depth", opt->depth, "Depth")->check(CLI::Range(0, 64));
    cmd->add_flag("--divide", opt->divide, "One line per legal move with its count");
    cmd->add_option("--suite", opt->suite, "Suite file: FEN<TAB>perft(1) perft(2) ...");
    cmd->add_option("--max-depth", opt->max_depth, "With --suite: check only up to this depth");
    cmd->callback([opt, variant, &exit_code] { exit_code.value = run_for_game(*variant, *opt); });
}

}  // namespace pantheon::app
