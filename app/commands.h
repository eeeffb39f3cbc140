// Each subcommand of the pantheon binary registers itself on the CLI11 app
// and returns the callback state it needs; main() wires them together.
#pragma once

#include <CLI/CLI.hpp>

namespace pantheon::app {

// Exit status of a command line that does not parse (README "Exit status").
constexpr int EXIT_USAGE = 2;

// Exit status a subcommand reports back to main().
struct ExitCode {
    int value = 0;
};

// Every subcommand, in the order --help lists them: X(name) for the file
// app/cmd_<name>.cpp, which defines register_<name>(app, exit_code) and adds
// its subcommand (or subcommands) to the binary's `app`; one of another
// command (bench search, data rescore) comes after that command and finds it
// by name. Adding a subcommand: docs/ARCHITECTURE.md, "Adding a subcommand".
#define PANTHEON_FOR_EACH_COMMAND(X) \
    X(games)                         \
    X(perft)                         \
    X(bench)                         \
    X(bench_search)                  \
    X(bench_selfplay)                \
    X(bench_train)                   \
    X(bench_nnue)                    \
    X(match)                         \
    X(uci)                           \
    X(selfplay)                      \
    X(data)                          \
    X(data_rescore)                  \
    X(train)                         \
    X(eval)                          \
    X(pipeline)                      \
    X(pipeline_state)                \
    X(tune)                          \
    X(net)                           \
    X(view)

#define PANTHEON_DECLARE_COMMAND(name) void register_##name(CLI::App& app, ExitCode& exit_code);
PANTHEON_FOR_EACH_COMMAND(PANTHEON_DECLARE_COMMAND)
#undef PANTHEON_DECLARE_COMMAND

// Every subcommand above, and --config FILE: the binary's whole command line.
void register_commands(CLI::App& app, ExitCode& exit_code);

}  // namespace pantheon::app
