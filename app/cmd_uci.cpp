// `pantheon uci` (and `pantheon` with no subcommand): the UCI engine on
// standard input and output.
#include <iostream>

#include "app/commands.h"
#include "engine/uci/any_session.h"

namespace pantheon::app {

void register_uci(CLI::App& app, ExitCode& exit_code) {
    CLI::App* uci = app.add_subcommand("uci", "Speak UCI on stdin/stdout (also the default)");
    uci->callback([&exit_code] { exit_code.value = uci::run(std::cin, std::cout); });
    // Without a subcommand the binary is a UCI engine, so GUIs can start it directly.
    app.final_callback([&app, &exit_code] {
        if (app.get_subcommands().empty()) exit_code.value = uci::run(std::cin, std::cout);
    });
}

}  // namespace pantheon::app
