#include "data/dataset_verify.h"

#include <tbb/parallel_for.h>

#include <atomic>
#include <mutex>

#include "data/game_file.h"
#include "util/parallel.h"

namespace pantheon::data {
PANTHEON_VARIANT_BEGIN

namespace {

struct ChunkTask {
    size_t file;
    size_t chunk;
};

}  // namespace

VerifyReport verify_inputs(const std::vector<std::string>& inputs, int threads,
                           std::ostream* progress_out) {
    VerifyReport report;
    std::vector<std::string> files;
    std::string error;
    if (!expand_inputs(inputs, files, &error)) {
        report.problems.push_back(error);
        return report;
    }
    std::vector<GameFileReader> readers;
    std::vector<ChunkTask> tasks;
    uint64_t total_positions = 0;
    for (const std::string& path : files) {
        ++report.files;
        GameFileReader reader;
        if (!reader.open(path, &error)) {
            report.problems.push_back(error);
            continue;
        }
        for (size_t c = 0; c < reader.chunks().size(); ++c) tasks.push_back({readers.size(), c});
        total_positions += reader.summary().positions;
        readers.push_back(std::move(reader));
    }

    // Chunks are checked as separate tasks on `threads` threads; each keeps
    // its own error slot, so the report lists problems in file order.
    std::vector<std::string> task_errors(tasks.size());
    std::atomic<uint64_t> games{0}, positions{0};
    Progress progress("verify", "positions", total_positions, progress_out);
    std::mutex progress_mutex;
    util::run_on_threads(threads, [&] {
        tbb::parallel_for(size_t(0), tasks.size(), [&](size_t t) {
            std::vector<GameRecord> decoded;
            const GameFileReader& reader = readers[tasks[t].file];
            if (!reader.read_chunk(tasks[t].chunk, decoded, &task_errors[t], true)) return;
            games += decoded.size();
            positions += reader.chunks()[tasks[t].chunk].positions;
            const std::lock_guard lock(progress_mutex);
            progress.update(positions);
        });
    });
    progress.update(positions);
    progress.finish();

    for (const std::string& e : task_errors)
        if (!e.empty()) report.problems.push_back(e);
    report.chunks = tasks.size();
    report.games = games;
    report.positions = positions;
    return report;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::data
