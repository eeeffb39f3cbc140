// `pantheon data ...`: inspect, check, convert and benchmark training data
// files (docs/DATA_FORMAT.md). Every subcommand takes files and directories
// (a directory = its *.pgd files, sorted by name) and reports progress on
// stderr; failures print "error: ..." and exit with status 1. stats, verify
// and export read either game's files (data_runner.h); the other tools are
// Mansindam's.
#include <filesystem>
#include <fstream>
#include <iostream>

#include "app/commands.h"
#include "app/data_runner.h"
#include "data/dataset_transform.h"
#include "data/decode_bench.h"
#include "data/input_files.h"
#include "data/text_io.h"

namespace pantheon::app {

namespace {

constexpr int EXIT_DATA_ERROR = 1;

struct DataOptions {
    std::vector<std::string> inputs;
    std::string out;
    bool force = false;
    int level = data::WriterOptions{}.zstd_level;
    int threads = 2;
    // export
    bool include_excluded = false;
    // shuffle
    int files = 16;
    uint64_t seed = 0;
    // filter
    data::FilterOptions filter;
    // bench
    size_t shuffle_buffer = 1 << 20;
    int bench_games = data::DecodeBenchOptions{}.synthetic_games;
    int repeat = 3;
};

int fail(const std::string& message) {
    std::cerr << "error: " << message << "\n";
    return EXIT_DATA_ERROR;
}

// Refuses to replace an existing output unless --force: never lose data.
bool output_allowed(const std::string& path, bool force, std::string* error) {
    if (force || !std::filesystem::exists(path)) return true;
    *error = path + " exists (use --force to replace it)";
    return false;
}

data::WriterOptions writer_options(const DataOptions& o) {
    data::WriterOptions w;
    w.zstd_level = o.level;
    return w;
}

void print_transform(const data::TransformReport& r) {
    std::cout << "read " << r.games_in << " games (" << r.positions_in << " positions), wrote "
              << r.games_out << " games (" << r.positions_out << " training positions) to "
              << r.outputs.size() << " file(s)\n";
}

// Which game the inputs hold (their headers say): stats, verify and export
// read either; the other tools are Mansindam's and refuse other files.
bool inputs_are_pandemonium(const DataOptions& o, bool& pandemonium, std::string* error) {
    std::string variant;
    if (!data::inputs_variant(o.inputs, variant, error)) return false;
    pandemonium = variant == "pandemonium";
    if (pandemonium || variant.empty() || variant == "mansindam") return true;
    *error = "the inputs hold " + variant + " data, a game this build does not know";
    return false;
}

int run_stats(const DataOptions& o) {
    bool pandemonium = false;
    std::string error;
    if (!inputs_are_pandemonium(o, pandemonium, &error)) return fail(error);
    return pandemonium ? run_data_stats_pandemonium(o.inputs) : run_data_stats_mansindam(o.inputs);
}

int run_verify(const DataOptions& o) {
    bool pandemonium = false;
    std::string error;
    // Unreadable headers: the verifier lists them with everything else.
    if (!inputs_are_pandemonium(o, pandemonium, &error)) pandemonium = false;
    return pandemonium ? run_data_verify_pandemonium(o.inputs, o.threads)
                       : run_data_verify_mansindam(o.inputs, o.threads);
}

int run_export(const DataOptions& o) {
    std::ofstream file;
    std::ostream* out = &std::cout;
    std::string error;
    bool pandemonium = false;
    if (!inputs_are_pandemonium(o, pandemonium, &error)) return fail(error);
    if (!o.out.empty() && o.out != "-") {
        if (!output_allowed(o.out, o.force, &error)) return fail(error);
        file.open(o.out, std::ios::trunc);
        if (!file) return fail("cannot create " + o.out);
        out = &file;
    }
    const std::string name = o.out.empty() || o.out == "-" ? "standard output" : o.out;
    return pandemonium ? run_data_export_pandemonium(o.inputs, o.include_excluded, *out, name)
                       : run_data_export_mansindam(o.inputs, o.include_excluded, *out, name);
}

int run_import(const DataOptions& o) {
    std::string error;
    if (!output_allowed(o.out, o.force, &error)) return fail(error);
    data::GameFileWriter writer(writer_options(o));
    if (!writer.open(o.out, &error)) return fail(error);
    data::ImportReport report;
    for (const std::string& input : o.inputs) {
        std::ifstream file;
        std::istream* in = &std::cin;
        if (input != "-") {
            file.open(input);
            if (!file) return fail("cannot open " + input);
            in = &file;
        }
        if (!data::import_text(*in, input == "-" ? "stdin" : input, writer, report, &error))
            return fail(error);
    }
    if (!writer.finish(&error)) return fail(error);
    std::cout << "imported " << report.positions << " positions from " << report.lines
              << " lines as " << report.chains << " chains into " << o.out << "\n";
    return 0;
}

int run_merge(const DataOptions& o) {
    std::string error;
    if (!output_allowed(o.out, o.force, &error)) return fail(error);
    data::TransformReport report;
    if (!data::merge_inputs(o.inputs, o.out, writer_options(o), &std::cerr, report, &error))
        return fail(error);
    print_transform(report);
    return 0;
}

int run_filter(const DataOptions& o) {
    std::string error;
    if (!output_allowed(o.out, o.force, &error)) return fail(error);
    data::TransformReport report;
    if (!data::filter_inputs(o.inputs, o.out, o.filter, writer_options(o), &std::cerr, report,
                             &error))
        return fail(error);
    print_transform(report);
    return 0;
}

int run_shuffle(const DataOptions& o) {
    std::string error;
    std::error_code ec;
    if (!o.force && std::filesystem::is_directory(o.out, ec))
        for (const auto& entry : std::filesystem::directory_iterator(o.out, ec))
            if (entry.path().filename().string().rfind("shuffled-", 0) == 0)
                return fail(o.out +
                            " already holds shuffled-* files (use --force to replace them)");
    data::TransformReport report;
    if (!data::shuffle_inputs(o.inputs, o.out, o.files, o.seed, writer_options(o), &std::cerr,
                              report, &error))
        return fail(error);
    print_transform(report);
    return 0;
}

int run_bench(const DataOptions& o) {
    data::DecodeBenchOptions options;
    options.threads = o.threads;
    options.shuffle_buffer = o.shuffle_buffer;
    options.synthetic_games = o.bench_games;
    options.repeat = o.repeat;
    data::DecodeBenchResult r;
    std::string error;
    if (!data::run_decode_bench(o.inputs, options, r, &std::cerr, &error)) return fail(error);
    const double n = double(r.positions);
    std::cout << (r.synthetic ? "synthetic games" : "data") << ": " << r.files << " files, "
              << r.games << " games, " << r.positions << " positions, " << r.bytes << " bytes, "
              << r.bytes_per_position() << " bytes/position\n"
              << "decode, " << o.threads << " threads, shuffle buffer " << o.shuffle_buffer << ": "
              << uint64_t(n / std::max(r.shuffled_seconds, 1e-9)) << " positions/s (best of "
              << o.repeat << ")\n"
              << "decode, " << o.threads
              << " threads, file order: " << uint64_t(n / std::max(r.unshuffled_seconds, 1e-9))
              << " positions/s\n";
    return 0;
}

CLI::App* add_command(CLI::App* data, const char* name, const char* help, DataOptions& o,
                      bool inputs_required = true) {
    CLI::App* cmd = data->add_subcommand(name, help);
    auto* inputs = cmd->add_option("inputs", o.inputs, "Data files and directories");
    if (inputs_required) inputs->required();
    return cmd;
}

void add_output(CLI::App* cmd, DataOptions& o, const char* what) {
    cmd->add_option("--out,-o", o.out, what)->required();
    cmd->add_flag("--force", o.force, "Replace an existing output");
    cmd->add_option("--level", o.level, "zstd compression level")->check(CLI::Range(1, 22));
}

}  // namespace

void register_data(CLI::App& app, ExitCode& exit_code) {
    CLI::App* data = app.add_subcommand("data", "Training data files: stats, verify, convert");
    data->require_subcommand(1);
    auto o = std::make_shared<DataOptions>();
    auto bind = [&exit_code, o](CLI::App* cmd, int (*run)(const DataOptions&)) {
        cmd->callback([&exit_code, o, run] { exit_code.value = run(*o); });
    };

    bind(add_command(data, "stats", "Counts, result split, histograms", *o), run_stats);

    CLI::App* verify =
        add_command(data, "verify", "Checksums, decoding, legality of every move", *o);
    verify->add_option("--threads", o->threads, "Checking threads")->check(CLI::Range(1, 256));
    bind(verify, run_verify);

    CLI::App* exp = add_command(data, "export", "Positions as text, one a line", *o);
    exp->add_option("--out,-o", o->out, "Text file (default: standard output)");
    exp->add_flag("--force", o->force, "Replace an existing output");
    exp->add_flag("--include-excluded", o->include_excluded, "Also positions a filter excluded");
    bind(exp, run_export);

    CLI::App* imp =
        add_command(data, "import", "Text lines (as export writes) into a data file", *o);
    add_output(imp, *o, "Data file to write");
    bind(imp, run_import);

    CLI::App* merge = add_command(data, "merge", "Several files and directories into one file", *o);
    add_output(merge, *o, "Data file to write");
    bind(merge, run_merge);

    CLI::App* shuffle = add_command(data, "shuffle", "Global shuffle of games into K files", *o);
    add_output(shuffle, *o, "Directory for shuffled-NNNNN.pgd");
    shuffle->add_option("--files,-k", o->files, "Number of output files")
        ->check(CLI::Range(1, 100000));
    shuffle->add_option("--seed", o->seed, "Shuffle seed");
    bind(shuffle, run_shuffle);

    CLI::App* filter = add_command(data, "filter", "Exclude positions from training", *o);
    add_output(filter, *o, "Data file to write");
    filter->add_option("--min-ply", o->filter.min_ply, "Exclude positions before this ply");
    filter->add_option("--max-ply", o->filter.max_ply, "Exclude positions after this ply");
    filter->add_option("--max-score", o->filter.max_abs_score, "Exclude |score| above this");
    filter->add_flag("--no-check", o->filter.drop_in_check, "Exclude positions in check");
    filter->add_flag("--no-tactical-best", o->filter.drop_tactical_best,
                     "Exclude positions whose best move captures or promotes");
    bind(filter, run_filter);

    CLI::App* bench = add_command(data, "bench", "Decode speed and bytes/position", *o, false);
    bench->add_option("--threads", o->threads, "Decoding threads")->check(CLI::Range(1, 256));
    bench->add_option("--shuffle-buffer", o->shuffle_buffer, "Shuffle buffer (positions)");
    bench->add_option("--games", o->bench_games, "Synthetic games when no input is given")
        ->check(CLI::Range(1, 10000000));
    bench->add_option("--repeat", o->repeat, "Runs; the fastest is reported")
        ->check(CLI::Range(1, 100));
    bind(bench, run_bench);
}

}  // namespace pantheon::app
