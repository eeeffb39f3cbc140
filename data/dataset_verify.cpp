#include "data/dataset_verify.h"

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "data/game_file.h"

namespace pantheon::data {
PANTHEON_VARIANT_BEGIN

namespace {

constexpr auto PROGRESS_POLL = std::chrono::milliseconds(100);

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

    std::vector<std::string> task_errors(tasks.size());
    std::atomic<size_t> next{0};
    std::atomic<uint64_t> games{0}, positions{0};
    int running = std::max(1, threads);
    std::mutex mutex;
    std::condition_variable done_cv;
    auto work = [&] {
        std::vector<GameRecord> decoded;
        for (size_t t; (t = next.fetch_add(1)) < tasks.size();) {
            decoded.clear();
            const GameFileReader& reader = readers[tasks[t].file];
            if (!reader.read_chunk(tasks[t].chunk, decoded, &task_errors[t], true)) continue;
            games += decoded.size();
            positions += reader.chunks()[tasks[t].chunk].positions;
        }
        std::lock_guard lock(mutex);
        --running;
        done_cv.notify_all();
    };
    std::vector<std::thread> pool;
    for (int i = 0; i < std::max(1, threads); ++i) pool.emplace_back(work);
    Progress progress("verify", "positions", total_positions, progress_out);
    {
        std::unique_lock lock(mutex);
        while (!done_cv.wait_for(lock, PROGRESS_POLL, [&] { return running == 0; }))
            progress.update(positions);
    }
    for (std::thread& t : pool) t.join();
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
