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
    pantheon::app::ExitCode exit_code;
    pantheon::app::register_commands(app, exit_code);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return app.exit(e);
    }
    return exit_code.value;
}
