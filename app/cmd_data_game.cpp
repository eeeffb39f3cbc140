// The game half of `pantheon data ...` (cmd_data.h). Compiled once per game
// (app/CMakeLists.txt).
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "app/cmd_data.h"
#include "app/game_half.h"
#include "app/pgn_import.h"
#include "data/dataset_stats.h"
#include "data/dataset_transform.h"
#include "data/dataset_verify.h"
#include "data/decode_bench.h"
#include "data/game_file.h"
#include "data/game_source.h"
#include "data/text_io.h"
#include "match/pgn.h"
#include "selfplay/label_comparison.h"
#include "util/atomic_stream.h"

namespace pantheon {
PANTHEON_VARIANT_BEGIN
namespace {

using app::DataRequest;
using app::DataTool;

constexpr int EXIT_DATA_ERROR = 1;

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

data::WriterOptions writer_options(const DataRequest& r) {
    data::WriterOptions w;
    w.zstd_level = r.level;
    return w;
}

void print_transform(const data::TransformReport& r) {
    std::cout << "read " << r.games_in << " games (" << r.positions_in << " positions), wrote "
              << r.games_out << " games (" << r.positions_out << " training positions) to "
              << r.outputs.size() << " file(s)\n";
}

int stats(const DataRequest& r) {
    data::InputSet set;
    std::string error;
    if (!data::open_inputs(r.inputs, set, &error)) return fail(error);
    data::DatasetStats stats;
    stats.files = set.files.size();
    stats.bytes = set.bytes;
    data::Progress progress("stats", "positions", set.positions, &std::cerr);
    const bool ok = data::for_each_game(
        set, [&](const data::GameRecord& g) { return stats.add_game(g), true; }, &progress, &error);
    progress.finish();
    if (!ok) return fail(error);
    stats.print(std::cout);
    return 0;
}

int verify(const DataRequest& r) {
    const data::VerifyReport v = data::verify_inputs(r.inputs, r.threads, &std::cerr);
    for (const std::string& p : v.problems) std::cout << "BAD  " << p << "\n";
    std::cout << (v.ok() ? "OK   " : "FAIL ") << v.files << " files, " << v.chunks << " chunks, "
              << v.games << " games, " << v.positions << " positions verified, "
              << v.problems.size() << " problems\n";
    return v.ok() ? 0 : EXIT_DATA_ERROR;
}

int export_text(const DataRequest& r) {
    util::AtomicOutputStream file;  // published whole, or not at all
    std::ostream* out = &std::cout;
    std::string error;
    const bool to_stdout = r.out.empty() || r.out == "-";
    if (!to_stdout) {
        if (!output_allowed(r.out, r.force, &error)) return fail(error);
        if (!file.open(r.out, &error)) return fail(error);
        out = &file;
    }
    uint64_t lines = 0;
    data::ExportOptions options;
    options.include_excluded = r.include_excluded;
    if (!data::export_text(r.inputs, *out, options, lines, &std::cerr, &error))
        return fail(file.failure().empty() ? error : file.failure());
    if (to_stdout) {
        std::cout.flush();
        if (!std::cout) return fail("write error on standard output");
    } else if (!file.commit(&error)) {
        return fail(error);
    }
    std::cerr << "exported " << lines << " positions\n";
    return 0;
}

int import_text(const DataRequest& r) {
    std::string error;
    if (!output_allowed(r.out, r.force, &error)) return fail(error);
    data::GameFileWriter writer(writer_options(r));
    if (!writer.open(r.out, &error)) return fail(error);
    data::ImportReport report;
    for (const std::string& input : r.inputs) {
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
              << " lines as " << report.chains << " chains into " << r.out << "\n";
    return 0;
}

// Every finished game of the PGN files; the first game that is not one of
// this variant's stops the import, and nothing is written.
int import_pgn(const DataRequest& r) {
    std::string error;
    if (!output_allowed(r.out, r.force, &error)) return fail(error);
    data::GameFileWriter writer(writer_options(r));
    if (!writer.open(r.out, &error)) return fail(error);
    uint64_t games = 0, unfinished = 0;
    for (const std::string& input : r.inputs) {
        std::ifstream file(input);
        if (!file) return fail("cannot open " + input);
        const auto pgn = match::read_pgn(file, &error);
        if (!pgn) return fail(input + ": " + error);
        for (const match::PgnGame& game : *pgn) {
            bool skipped = false;
            const auto record = app::record_from_pgn(game, &skipped, &error);
            if (skipped) {
                ++unfinished;
                continue;
            }
            if (!record) return fail(input + ": " + error);
            if (!writer.add(*record, &error)) return fail(error);
            ++games;
        }
    }
    if (!writer.finish(&error)) return fail(error);
    std::cout << "imported " << games << " games (" << writer.positions() << " positions) into "
              << r.out << "; skipped " << unfinished << " unfinished\n"
              << "their scores are 0: rescore them (pantheon data rescore) before training\n";
    return 0;
}

int merge(const DataRequest& r) {
    std::string error;
    if (!output_allowed(r.out, r.force, &error)) return fail(error);
    data::TransformReport report;
    if (!data::merge_inputs(r.inputs, r.out, writer_options(r), &std::cerr, report, &error))
        return fail(error);
    print_transform(report);
    return 0;
}

int filter(const DataRequest& r) {
    std::string error;
    if (!output_allowed(r.out, r.force, &error)) return fail(error);
    data::TransformReport report;
    if (!data::filter_inputs(r.inputs, r.out, r.filter, writer_options(r), &std::cerr, report,
                             &error))
        return fail(error);
    print_transform(report);
    return 0;
}

int shuffle(const DataRequest& r) {
    std::string error;
    std::error_code ec;
    if (!r.force && std::filesystem::is_directory(r.out, ec))
        for (const auto& entry : std::filesystem::directory_iterator(r.out, ec))
            if (entry.path().filename().string().rfind("shuffled-", 0) == 0)
                return fail(r.out +
                            " already holds shuffled-* files (use --force to replace them)");
    data::TransformReport report;
    if (!data::shuffle_inputs(r.inputs, r.out, r.files, r.seed, writer_options(r), &std::cerr,
                              report, &error))
        return fail(error);
    print_transform(report);
    return 0;
}

int bench(const DataRequest& r) {
    data::DecodeBenchOptions options;
    options.threads = r.threads;
    options.shuffle_buffer = r.shuffle_buffer;
    options.synthetic_games = r.bench_games;
    options.repeat = r.repeat;
    data::DecodeBenchResult b;
    std::string error;
    if (!data::run_decode_bench(r.inputs, options, b, &std::cerr, &error)) return fail(error);
    const double n = double(b.positions);
    std::cout << (b.synthetic ? "synthetic " + std::string(Variant::name) + " games" : "data")
              << ": " << b.files << " files, " << b.games << " games, " << b.positions
              << " positions, " << b.bytes << " bytes, " << b.bytes_per_position()
              << " bytes/position\n"
              << "decode, " << r.threads << " threads, shuffle buffer " << r.shuffle_buffer << ": "
              << uint64_t(n / std::max(b.shuffled_seconds, 1e-9)) << " positions/s (best of "
              << r.repeat << ")\n"
              << "decode, " << r.threads
              << " threads, file order: " << uint64_t(n / std::max(b.unshuffled_seconds, 1e-9))
              << " positions/s\n";
    return 0;
}

int compare(const DataRequest& r) {
    selfplay::LabelComparison comparison;
    std::string error;
    if (!selfplay::compare_labels(r.inputs, r.with, comparison, &error)) return fail(error);
    comparison.print(std::cout);
    return 0;
}

}  // namespace
PANTHEON_VARIANT_END

namespace app {
PANTHEON_VARIANT_BEGIN

int half(const DataRequest& request, HalfOfThisGame) {
    switch (request.tool) {
        case DataTool::Stats:
            return stats(request);
        case DataTool::Verify:
            return verify(request);
        case DataTool::Export:
            return export_text(request);
        case DataTool::Import:
            return import_text(request);
        case DataTool::ImportPgn:
            return import_pgn(request);
        case DataTool::Merge:
            return merge(request);
        case DataTool::Filter:
            return filter(request);
        case DataTool::Shuffle:
            return shuffle(request);
        case DataTool::Bench:
            return bench(request);
        case DataTool::Compare:
            return compare(request);
    }
    return fail("unknown data tool");
}

// The command reaches the half through run (app/game_half.h).
template int run(const DataRequest&);
PANTHEON_VARIANT_END
}  // namespace app

}  // namespace pantheon
