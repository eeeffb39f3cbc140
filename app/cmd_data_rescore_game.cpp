// The game half of `pantheon data rescore` (cmd_data_rescore.cpp reads the
// command line). Compiled once per game (app/CMakeLists.txt).
#include <algorithm>
#include <cstdio>
#include <iostream>

#include "app/game_half.h"
#include "selfplay/rescore.h"
#include "util/percent.h"
#include "util/progress_line.h"
#include "util/step_result.h"

namespace pantheon {
PANTHEON_VARIANT_BEGIN
namespace {

constexpr int EXIT_FAILED = 1;
constexpr int EXIT_BAD_OPTIONS = 2;

}  // namespace
PANTHEON_VARIANT_END

namespace app {
PANTHEON_VARIANT_BEGIN

int half(const selfplay::RescoreOptions& o, HalfOfThisGame) {
    if (const std::string why = selfplay::validate(o); !why.empty()) {
        std::cerr << "error: " << why << "\n";
        return EXIT_BAD_OPTIONS;
    }
    selfplay::RescoreReport report;
    std::string error;
    const bool ok =
        selfplay::run_rescore(o, &std::cerr, util::is_terminal(std::cerr), report, &error);
    if (!ok) {
        std::cerr << "error: " << error << "\n";
        return EXIT_FAILED;
    }
    const selfplay::RescoreCounts& c = report.counts;
    std::string kept =
        o.labels.keep_mates ? ", " + std::to_string(c.mates_kept) + " mates kept" : "";
    // An outside judge's moves that our rules forbid (uci_judge.h).
    if (c.declined) kept += ", " + std::to_string(c.declined) + " verdicts declined";
    std::printf(
        "rescore: %llu files (%llu written, %llu already done), %llu games, %llu positions "
        "(%llu %s%s) in %.1f s: %.0f positions/s; scores changed %.1f%%, best moves changed "
        "%.1f%%\n",
        (unsigned long long)report.files, (unsigned long long)report.files_written,
        (unsigned long long)report.files_skipped, (unsigned long long)report.games,
        (unsigned long long)report.positions, (unsigned long long)c.searched,
        o.labels.search ? "searched" : "relabelled", kept.c_str(), report.seconds,
        double(c.searched) / std::max(report.seconds, 1e-9),
        util::percent(c.scores_changed, c.searched), util::percent(c.best_changed, c.searched));
    if (!o.result_file.empty() &&
        !util::write_data_step_result(
            o.result_file,
            util::data_step_result("rescore", o.shard_index, o.shard_count, report.data,
                                   {.games = report.games,
                                    .positions = report.positions,
                                    .searched = c.searched,
                                    .rated = c.searched,
                                    .seconds = report.seconds}),
            &error)) {
        std::cerr << "error: " << error << "\n";
        return EXIT_FAILED;
    }
    return 0;
}

// The command reaches the half through run (app/game_half.h).
template int run(const selfplay::RescoreOptions&);

PANTHEON_VARIANT_END
}  // namespace app

}  // namespace pantheon
