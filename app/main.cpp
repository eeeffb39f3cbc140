// The pantheon binary: one program, one subcommand per mode. With no
// subcommand it speaks UCI, so a GUI can start it directly.
#include <algorithm>
#include <csignal>
#include <iostream>

#include "app/commands.h"
#include "engine/core/games.h"
#include "match/fastchess_args.h"
#include "util/build_info.h"

int main(int argc, char** argv) {
    // A write past the file size limit (ulimit -f) then fails with EFBIG and
    // is reported like a full disk, instead of killing the process silently
    // and leaving its temporary files behind.
    std::signal(SIGXFSZ, SIG_IGN);
    CLI::App app{"Pantheon: engine, self-play and training for the games " +
                 pantheon::game_names()};
    pantheon::app::ExitCode exit_code;
    app.set_version_flag("--version", pantheon::util::build_identity_line(),
                         "Print the version, commit, compiler and instruction sets, then exit");
    pantheon::app::register_commands(app, exit_code);
    // `pantheon match` also takes fastchess's single-dash spellings, which
    // CLI11 cannot parse: they become our options first.
    std::string error;
    auto args = pantheon::match::translate_fastchess_command_line(
        std::vector<std::string>(argv + 1, argv + argc), &error);
    if (!args) {
        std::cerr << "error: " << error << "\n";
        return pantheon::app::EXIT_USAGE;
    }
    std::reverse(args->begin(), args->end());  // CLI11 takes a vector last word first
    try {
        app.parse(*args);
    } catch (const CLI::ParseError& e) {
        // --help and --version print and succeed; every other parse error
        // (unknown option, bad value, missing argument) is exit status 2.
        const int status = app.exit(e);
        return status == 0 ? 0 : pantheon::app::EXIT_USAGE;
    }
    return exit_code.value;
}
