// The whole command line of the pantheon binary: every subcommand, and
// options read from a TOML file (--config). main() and the config file's fuzz
// target (tests/fuzz/config_fuzz.cpp) build the same app through this.
#include "app/commands.h"

namespace pantheon::app {

void register_commands(CLI::App& app, ExitCode& exit_code) {
    app.require_subcommand(0, 1);
    app.set_config("--config", "", "Read options from a TOML file", false);
    register_perft(app, exit_code);
    register_bench(app, exit_code);
    register_match(app, exit_code);
    register_uci(app, exit_code);
    register_selfplay(app, exit_code);
    register_data(app, exit_code);
    register_train(app, exit_code);
    register_eval(app, exit_code);
    register_pipeline(app, exit_code);
    register_tune(app, exit_code);
    register_view(app, exit_code);
}

}  // namespace pantheon::app
