// `pantheon uci [--variant V]` (and `pantheon` with no subcommand, which plays
// the first game, Mansindam): the UCI engine on standard input and output,
// starting with the named game (UCI_Variant still switches at run time).
#include <iostream>

#include "app/commands.h"
#include "app/variant_option.h"
#include "engine/uci/any_session.h"

namespace pantheon::app {

void register_uci(CLI::App& app, ExitCode& exit_code) {
    CLI::App* uci = app.add_subcommand("uci", "Speak UCI on stdin/stdout (also the default)");
    const auto variant = add_variant_option(uci);
    uci->callback(
        [variant, &exit_code] { exit_code.value = uci::run(std::cin, std::cout, *variant); });
    // Without a subcommand the binary is a UCI engine, so GUIs can start it directly.
    app.final_callback([&app, &exit_code] {
        if (app.get_subcommands().empty())
            exit_code.value = uci::run(std::cin, std::cout, VARIANT_NAMES[0]);
    });
}

}  // namespace pantheon::app
