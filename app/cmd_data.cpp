// `pantheon data ...`: inspect, check, convert and benchmark training data
// files (docs/DATA_FORMAT.md). Every subcommand takes files and directories
// (a directory = its *.pgd files, sorted by name) and reports progress on
// stderr; failures print "error: ..." and exit with status 1. The game comes
// from the input files' headers; --variant names it for tools that read no
// data file (import, import-pgn, a synthetic bench) and is checked against
// the headers.
#include "app/cmd_data.h"

#include <iostream>
#include <memory>

#include "app/commands.h"
#include "app/data_variant.h"
#include "app/filter_options.h"
#include "app/run_for_game.h"
#include "app/variant_option.h"
#include "data/dataset_transform.h"
#include "data/decode_bench.h"
#include "data/game_file.h"

namespace pantheon::app {

namespace {

constexpr int EXIT_DATA_ERROR = 1;

struct DataCommand {
    DataRequest request;
    std::shared_ptr<std::string> variant;  // --variant
};

// The game of the files the tool reads (resolve_data_variant); import and
// import-pgn read text, so their game is --variant's.
int run_tool(const DataCommand& c, const std::string& given) {
    const DataTool tool = c.request.tool;
    std::string variant = given.empty() ? std::string(VARIANT_NAMES[0]) : given, error;
    const bool reads_text = tool == DataTool::Import || tool == DataTool::ImportPgn;
    if (!reads_text && !resolve_data_variant(c.request.inputs, given, variant, &error)) {
        std::cerr << "error: " << error << "\n";
        return EXIT_DATA_ERROR;
    }
    return run_for_game(variant, c.request, EXIT_DATA_ERROR);
}

// Where a tool's game comes from: the data files it reads, or --variant for
// the tools that read text.
enum class GameSource { DataFiles, VariantOption };

CLI::App* add_command(CLI::App* data, const char* name, const char* help, DataCommand& c,
                      bool inputs_required = true, GameSource game = GameSource::DataFiles) {
    CLI::App* cmd = data->add_subcommand(name, help);
    auto* inputs = cmd->add_option("inputs", c.request.inputs, "Data files and directories");
    if (inputs_required) inputs->required();
    if (game == GameSource::VariantOption)
        add_variant_option(cmd, c.variant);
    else
        add_data_variant_option(cmd, c.variant,
                                inputs_required ? nullptr : "without inputs: the first game");
    return cmd;
}

void add_output(CLI::App* cmd, DataRequest& r, const char* what) {
    cmd->add_option("--out,-o", r.out, what)->required();
    cmd->add_flag("--force", r.force, "Replace an existing output");
    cmd->add_option("--level", r.level, "zstd compression level")->check(CLI::Range(1, 22));
}

}  // namespace

void register_data(CLI::App& app, ExitCode& exit_code) {
    CLI::App* data =
        app.add_subcommand("data", "Training data files: stats, verify, convert, rescore");
    data->require_subcommand(1);
    data->fallthrough();  // rescore's `--config FILE` reaches the main app
    auto c = std::make_shared<DataCommand>();
    c->variant = std::make_shared<std::string>();
    DataRequest& r = c->request;
    r.level = data::WriterOptions{}.zstd_level;
    r.threads = 2;
    r.files = 16;
    r.shuffle_buffer = data::DecodeBenchOptions{}.shuffle_buffer;
    r.bench_games = data::DecodeBenchOptions{}.synthetic_games;
    r.repeat = 3;
    auto bind = [&exit_code, c](CLI::App* cmd, DataTool tool) {
        cmd->callback([&exit_code, c, cmd, tool] {
            c->request.tool = tool;
            exit_code.value = run_tool(*c, given_variant(cmd, *c->variant));
        });
    };

    bind(add_command(data, "stats", "Counts, result split, histograms", *c), DataTool::Stats);

    CLI::App* verify =
        add_command(data, "verify", "Checksums, decoding, legality of every move", *c);
    verify->add_option("--threads", r.threads, "Checking threads")->check(CLI::Range(1, 256));
    bind(verify, DataTool::Verify);

    CLI::App* exp = add_command(data, "export", "Positions as text, one a line", *c);
    exp->add_option("--out,-o", r.out, "Text file (default: standard output)");
    exp->add_flag("--force", r.force, "Replace an existing output");
    exp->add_flag("--include-excluded", r.include_excluded, "Also positions a filter excluded");
    bind(exp, DataTool::Export);

    CLI::App* imp =
        add_command(data, "import", "Text lines (as export writes) into a data file of --variant",
                    *c, true, GameSource::VariantOption);
    add_output(imp, r, "Data file to write");
    bind(imp, DataTool::Import);

    CLI::App* imp_pgn = add_command(
        data, "import-pgn",
        "Games of PGN files (as pantheon match writes them) into a data file of --variant", *c,
        true, GameSource::VariantOption);
    add_output(imp_pgn, r, "Data file to write");
    bind(imp_pgn, DataTool::ImportPgn);

    CLI::App* merge = add_command(data, "merge", "Several files and directories into one file", *c);
    add_output(merge, r, "Data file to write");
    bind(merge, DataTool::Merge);

    CLI::App* shuffle = add_command(data, "shuffle", "Global shuffle of games into K files", *c);
    add_output(shuffle, r, "Directory for shuffled-NNNNN.pgd");
    shuffle->add_option("--files,-k", r.files, "Number of output files")
        ->check(CLI::Range(1, 100000));
    shuffle->add_option("--seed", r.seed, "Shuffle seed");
    bind(shuffle, DataTool::Shuffle);

    CLI::App* filter = add_command(data, "filter", "Exclude positions from training", *c);
    add_output(filter, r, "Data file to write");
    add_position_filter_options(*filter, r.filter);
    bind(filter, DataTool::Filter);

    CLI::App* compare = add_command(
        data, "compare",
        "Two labellings of the same games: sign agreement, scale, mates, verdicts that came true",
        *c);
    compare->add_option("--with", r.with, "The other labelling (files and directories): B")
        ->required();
    bind(compare, DataTool::Compare);

    CLI::App* bench = add_command(
        data, "bench", "Decode speed and bytes/position (synthetic games of --variant if no input)",
        *c, false);
    bench->add_option("--threads", r.threads, "Decoding threads")->check(CLI::Range(1, 256));
    bench->add_option("--shuffle-buffer", r.shuffle_buffer, "Shuffle buffer (positions)");
    bench->add_option("--games", r.bench_games, "Synthetic games when no input is given")
        ->check(CLI::Range(1, 10000000));
    bench->add_option("--repeat", r.repeat, "Runs; the fastest is reported")
        ->check(CLI::Range(1, 100));
    bind(bench, DataTool::Bench);
}

}  // namespace pantheon::app
