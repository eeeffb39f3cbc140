// The pantheon binary: one program, one subcommand per mode. With no
// subcommand it speaks UCI, so a GUI can start it directly.
#include <csignal>
#include <iostream>

#include "app/commands.h"

int main(int argc, char** argv) {
    // A write past the file size limit (ulimit -f) then fails with EFBIG and
    // is reported like a full disk, instead of killing the process silently
    // and leaving its temporary files behind.
    std::signal(SIGXFSZ, SIG_IGN);
    CLI::App app{"Pantheon: engine, self-play and training for Mansindam"};
    app.require_subcommand(0, 1);
    app.set_config("--config", "", "Read options from a TOML file", false);
    pantheon::app::ExitCode exit_code;
    pantheon::app::register_perft(app, exit_code);
    pantheon::app::register_bench(app, exit_code);
    pantheon::app::register_match(app, exit_code);
    pantheon::app::register_uci(app, exit_code);
    pantheon::app::register_selfplay(app, exit_code);
    pantheon::app::register_data(app, exit_code);
    pantheon::app::register_train(app, exit_code);
    pantheon::app::register_eval(app, exit_code);
    pantheon::app::register_pipeline(app, exit_code);
    pantheon::app::register_tune(app, exit_code);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return app.exit(e);
    }
    return exit_code.value;
}
