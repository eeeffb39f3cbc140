#include "data/decode_bench.h"

#include <unistd.h>

#include <chrono>
#include <filesystem>

#include "data/game_file.h"
#include "data/game_source.h"
#include "data/synthetic_games.h"
#include "data/training_stream.h"

namespace pantheon::data {
PANTHEON_VARIANT_BEGIN

namespace {

constexpr size_t BATCH = 16384;

// One full pass of the training stream; returns seconds, or < 0 on error.
double timed_pass(const std::vector<std::string>& files, StreamOptions options, uint64_t expected,
                  std::string* error) {
    const auto start = std::chrono::steady_clock::now();
    TrainingStream stream(options);
    if (!stream.open(files, error)) return -1;
    std::vector<TrainingPosition> batch(BATCH);
    uint64_t n = 0, checksum = 0;
    while (const size_t got = stream.read(batch)) {
        n += got;
        checksum += uint64_t(batch[got - 1].score);  // touch the data
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (stream.failed()) {
        if (error) *error = stream.error();
        return -1;
    }
    if (n != expected) {
        if (error)
            *error = "decoded " + std::to_string(n) + " positions, expected " +
                     std::to_string(expected) + " (checksum " + std::to_string(checksum) + ")";
        return -1;
    }
    return seconds;
}

}  // namespace

bool run_decode_bench(const std::vector<std::string>& inputs, const DecodeBenchOptions& options,
                      DecodeBenchResult& result, std::ostream* progress_out, std::string* error) {
    std::vector<std::string> sources = inputs;
    std::filesystem::path temp;
    result.synthetic = inputs.empty();
    if (result.synthetic) {
        temp = std::filesystem::temp_directory_path() /
               ("pantheon-data-bench-" + std::to_string(::getpid()));
        std::filesystem::create_directories(temp);
        const std::string path = (temp / "synthetic.pgd").string();
        Progress progress("generating synthetic games", "games", uint64_t(options.synthetic_games),
                          progress_out);
        GameFileWriter writer;
        bool ok = writer.open(path, error);
        for (int i = 0; ok && i < options.synthetic_games; ++i) {
            ok = writer.add(synthetic_game(options.seed * 1000003 + uint64_t(i)), error);
            progress.update(uint64_t(i) + 1);
        }
        progress.finish();
        if (!ok || !writer.finish(error)) return false;
        sources = {path};
    }
    InputSet set;
    bool ok = open_inputs(sources, set, error);
    if (ok) {
        result.files = set.files.size();
        result.games = set.games;
        result.positions = set.positions;
        result.bytes = set.bytes;
        StreamOptions stream;
        stream.threads = options.threads;
        stream.shuffle_buffer = options.shuffle_buffer;
        stream.skip_excluded = false;
        for (int r = 0; ok && r < options.repeat; ++r) {
            stream.shuffle_buffer = options.shuffle_buffer;
            const double shuffled = timed_pass(set.files, stream, set.positions, error);
            stream.shuffle_buffer = 0;
            const double ordered = timed_pass(set.files, stream, set.positions, error);
            ok = shuffled >= 0 && ordered >= 0;
            if (r == 0 || shuffled < result.shuffled_seconds) result.shuffled_seconds = shuffled;
            if (r == 0 || ordered < result.unshuffled_seconds) result.unshuffled_seconds = ordered;
        }
    }
    if (!temp.empty()) {
        std::error_code ec;
        std::filesystem::remove_all(temp, ec);
    }
    return ok;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::data
