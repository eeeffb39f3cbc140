// The variant part of `pantheon data stats | verify | export` (data_runner.h).
// Compiled once per variant (app/CMakeLists.txt).
#include "app/data_runner.h"

#include <iostream>

#include "data/dataset_stats.h"
#include "data/dataset_verify.h"
#include "data/game_source.h"
#include "data/text_io.h"

namespace pantheon {
PANTHEON_VARIANT_BEGIN
namespace {

constexpr int EXIT_DATA_ERROR = 1;

int fail(const std::string& message) {
    std::cerr << "error: " << message << "\n";
    return EXIT_DATA_ERROR;
}

int stats(const std::vector<std::string>& inputs) {
    data::InputSet set;
    std::string error;
    if (!data::open_inputs(inputs, set, &error)) return fail(error);
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

int verify(const std::vector<std::string>& inputs, int threads) {
    const data::VerifyReport r = data::verify_inputs(inputs, threads, &std::cerr);
    for (const std::string& p : r.problems) std::cout << "BAD  " << p << "\n";
    std::cout << (r.ok() ? "OK   " : "FAIL ") << r.files << " files, " << r.chunks << " chunks, "
              << r.games << " games, " << r.positions << " positions verified, "
              << r.problems.size() << " problems\n";
    return r.ok() ? 0 : EXIT_DATA_ERROR;
}

int export_text(const std::vector<std::string>& inputs, bool include_excluded, std::ostream& out,
                const std::string& out_name) {
    uint64_t lines = 0;
    data::ExportOptions options;
    options.include_excluded = include_excluded;
    std::string error;
    if (!data::export_text(inputs, out, options, lines, &std::cerr, &error)) return fail(error);
    out.flush();
    if (!out) return fail("write error on " + out_name);
    std::cerr << "exported " << lines << " positions\n";
    return 0;
}

}  // namespace
PANTHEON_VARIANT_END

namespace app {
int PANTHEON_VARIANT_ENTRY(run_data_stats)(const std::vector<std::string>& inputs) {
    return stats(inputs);
}
int PANTHEON_VARIANT_ENTRY(run_data_verify)(const std::vector<std::string>& inputs, int threads) {
    return verify(inputs, threads);
}
int PANTHEON_VARIANT_ENTRY(run_data_export)(const std::vector<std::string>& inputs,
                                            bool include_excluded, std::ostream& out,
                                            const std::string& out_name) {
    return export_text(inputs, include_excluded, out, out_name);
}
}  // namespace app

}  // namespace pantheon
