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

// Every subcommand below, and --config FILE: the binary's whole command line.
void register_commands(CLI::App& app, ExitCode& exit_code);

void register_perft(CLI::App& app, ExitCode& exit_code);
void register_bench(CLI::App& app, ExitCode& exit_code);
void register_match(CLI::App& app, ExitCode& exit_code);
void register_uci(CLI::App& app, ExitCode& exit_code);
void register_bench_search(CLI::App& bench, ExitCode& exit_code);
void register_selfplay(CLI::App& app, ExitCode& exit_code);
void register_data(CLI::App& app, ExitCode& exit_code);
void register_data_rescore(CLI::App& data, ExitCode& exit_code);
void register_bench_selfplay(CLI::App& bench, ExitCode& exit_code);
void register_train(CLI::App& app, ExitCode& exit_code);
void register_bench_train(CLI::App& bench, ExitCode& exit_code);
void register_bench_nnue(CLI::App& bench, ExitCode& exit_code);
void register_eval(CLI::App& app, ExitCode& exit_code);
void register_pipeline(CLI::App& app, ExitCode& exit_code);
void register_tune(CLI::App& app, ExitCode& exit_code);
void register_net(CLI::App& app, ExitCode& exit_code);
void register_view(CLI::App& app, ExitCode& exit_code);

}  // namespace pantheon::app
