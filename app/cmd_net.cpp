// `pantheon net info FILE [--json]`: what a net file is and where it came
// from; `pantheon net widen FILE --out WIDE`: the net for a wider build
// (cmd_net.h). Net files are per game: the game is read from
// the file's header (nnue/net_file_header.h) and that game's half reads the
// rest with all of the loader's checks. Exit status: 0 printed, 1 a file
// that cannot be read or is not a valid net (cmd_net.h), 2 bad usage.
#include "app/cmd_net.h"

#include <iostream>

#include "app/commands.h"
#include "app/run_for_game.h"
#include "nnue/net_file_header.h"
#include "util/text_file.h"

namespace pantheon::app {

namespace {

// Runs the half of the game the net file at request.path plays.
template <class Request>
int run_for_net_file(const Request& request) {
    std::string bytes, error;
    if (!util::read_text_file(request.path, bytes, &error)) {
        std::cerr << "error: net file: " << error << "\n";
        return EXIT_NET_BAD_FILE;
    }
    nnue::NetFileStart start;
    if (!nnue::read_net_file_start(
            {reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()}, start, &error)) {
        std::cerr << "error: " << error << " ('" << request.path << "')\n";
        return EXIT_NET_BAD_FILE;
    }
    if (!is_game(start.variant)) {
        std::cerr << "error: net file: the net plays '" << start.variant
                  << "', a game this build does not know ('" << request.path << "')\n";
        return EXIT_NET_BAD_FILE;
    }
    return run_for_game(start.variant, request);
}

}  // namespace

void register_net(CLI::App& app, ExitCode& exit_code) {
    CLI::App* net = app.add_subcommand("net", "Net files: what they are and where they came from");
    net->require_subcommand(1);
    auto request = std::make_shared<NetInfoRequest>();
    CLI::App* info = net->add_subcommand(
        "info", "Header facts, hashes and lineage (parent, data, recipe, build) of a net file");
    info->add_option("file", request->path, "Net file")->required();
    info->add_flag("--json", request->json, "Print the facts as one JSON object");
    info->callback([request, &exit_code] { exit_code.value = run_for_net_file(*request); });

    auto widen_request = std::make_shared<NetWidenRequest>();
    CLI::App* widen = net->add_subcommand(
        "widen",
        "The net for this build's wider first layer, evaluating every position as before "
        "(new neurons random, their dense weights zero: fine-tune it with train --init)");
    widen->add_option("file", widen_request->path, "Net file")->required();
    widen->add_option("--out", widen_request->out, "Net file to write")->required();
    widen->add_option("--seed", widen_request->seed, "Seed of the new neurons' weights")
        ->capture_default_str();
    widen->callback(
        [widen_request, &exit_code] { exit_code.value = run_for_net_file(*widen_request); });
}

}  // namespace pantheon::app
