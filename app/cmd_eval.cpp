// `pantheon eval --fen FEN [--net FILE] [--variant V]`: a debugging aid
// printing the hand-crafted and the NNUE evaluation of one position, the
// network's active features from both perspectives, and every layer's output,
// for either game (the evaluation is cmd_eval_game.cpp).
#include "app/cmd_eval.h"

#include "app/commands.h"
#include "app/run_for_game.h"
#include "app/variant_option.h"

namespace pantheon::app {

void register_eval(CLI::App& app, ExitCode& exit_code) {
    auto opt = std::make_shared<EvalRequest>();
    CLI::App* cmd =
        app.add_subcommand("eval", "Both evaluations of a position, NNUE layer by layer");
    const auto variant = add_variant_option(cmd);
    cmd->add_option("--fen", opt->fen, "Position (default: the variant's start position)");
    cmd->add_option("--net", opt->net, "Net file (default: the variant's built-in net)");
    cmd->callback([opt, variant, &exit_code] { exit_code.value = run_for_game(*variant, *opt); });
}

}  // namespace pantheon::app
