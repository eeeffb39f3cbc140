#include "trainer/train_bench.h"

#include <tbb/global_control.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>

#include "data/game_file.h"
#include "data/synthetic_games.h"
#include "trainer/batch.h"
#include "trainer/batch_source.h"
#include "trainer/network_pass.h"
#include "trainer/optimizer.h"

namespace pantheon::trainer {

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
}
// CPU-seconds of the whole process: on a shared machine the wall-clock rate
// depends on the load, the rate per CPU-second much less.
double process_cpu_seconds() {
    timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

// Synthetic games written to a temporary file when no data is given.
constexpr int SYNTHETIC_GAMES = 2000;

}  // namespace

bool run_train_bench(const TrainBenchOptions& o, TrainBenchReport& r, std::string* error) {
    tbb::global_control threads(tbb::global_control::max_allowed_parallelism, size_t(o.threads));
    TrainConfig c;
    c.threads = o.threads;
    c.batch_size = o.batch_size;
    c.seed = o.seed;
    c.factorize = o.factorize;
    c.max_steps = uint64_t(o.steps + o.warmup_steps);
    c.validation_fraction = 0;
    c.shuffle_buffer = 1 << 18;
    std::string temp;
    if (o.data.empty()) {
        temp = (std::filesystem::temp_directory_path() /
                ("pantheon-bench-train-" + std::to_string(getpid()) + ".pgd"))
                   .string();
        data::GameFileWriter writer{data::WriterOptions{}};
        if (!writer.open(temp, error)) return false;
        for (const data::GameRecord& g : data::synthetic_games(SYNTHETIC_GAMES, o.seed))
            if (!writer.add(g, error)) return false;
        if (!writer.finish(error)) return false;
        c.data = {temp};
    } else {
        c.data = o.data;
    }
    struct Cleanup {
        std::string path;
        ~Cleanup() {
            if (!path.empty()) std::remove(path.c_str());
        }
    } cleanup{temp};

    // Prepared batches for the step measurement.
    BatchSource source(c);
    if (!source.open(0, 0, error)) return false;
    constexpr int PREPARED = 4;
    std::vector<Batch> batches(PREPARED);
    std::vector<data::TrainingPosition> positions;
    for (Batch& b : batches) {
        if (!source.next(size_t(o.batch_size), positions, error)) return false;
        fill_batch(positions, b);
    }
    Model model;
    initialize(model, o.seed);
    Adam adam(c);
    NetworkPass pass(o.factorize);
    Gradients grad;
    const LossParams loss{};
    double optimizer = 0;
    uint64_t rows = 0;
    auto step = [&](const Batch& b) {
        pass.run(model, b, loss, &grad);
        const auto t = Clock::now();
        adam.step(model, grad, 1e-3f);
        optimizer += since(t);
        rows += grad.rows.size();
    };
    for (int i = 0; i < o.warmup_steps; ++i) step(batches[size_t(i) % PREPARED]);
    pass.reset_times();
    optimizer = 0;
    rows = 0;
    uint64_t trained = 0;
    auto t0 = Clock::now();
    double cpu0 = process_cpu_seconds();
    for (int i = 0; i < o.steps; ++i) {
        const Batch& b = batches[size_t(i) % PREPARED];
        step(b);
        trained += uint64_t(b.size);
    }
    const double step_seconds = since(t0);
    const double step_cpu = process_cpu_seconds() - cpu0;
    r.step_positions_per_s = double(trained) / step_seconds;
    r.step_positions_per_cpu_s = double(trained) / step_cpu;
    r.step_cpu_share = step_cpu / step_seconds;
    const PassTimes& t = pass.times();
    const double n = o.steps;
    r.gather = t.gather / n;
    r.transformer_thread = t.transformer / n;
    r.dense_thread = t.dense / n;
    r.slices = t.slices / n;
    r.scatter = t.scatter / n;
    r.factor = t.factor / n;
    r.optimizer = optimizer / n;
    r.unique_rows_per_batch = rows / uint64_t(o.steps);

    // The whole loop: data side included (the stream cycles through epochs).
    double read = 0, features = 0;
    trained = 0;
    t0 = Clock::now();
    cpu0 = process_cpu_seconds();
    Batch batch;
    for (int i = 0; i < o.steps; ++i) {
        auto ta = Clock::now();
        if (!source.next(size_t(o.batch_size), positions, error)) return false;
        read += since(ta);
        ta = Clock::now();
        fill_batch(positions, batch);
        features += since(ta);
        step(batch);
        trained += positions.size();
    }
    r.loop_positions_per_s = double(trained) / since(t0);
    r.loop_positions_per_cpu_s = double(trained) / (process_cpu_seconds() - cpu0);
    r.read = read / n;
    r.features = features / n;
    return true;
}

void print_train_bench(const TrainBenchOptions& o, const TrainBenchReport& r, std::ostream& out) {
    char b[1024];
    std::snprintf(
        b, sizeof b,
        "bench train: %d threads, batch %d, %d steps, factorized %s\n"
        "  training step (prepared batches): %.0f positions/s (%.0f per CPU-second; the process "
        "had %.2f CPUs)\n"
        "  whole loop (stream + filters + features + step): %.0f positions/s (%.0f per "
        "CPU-second)\n"
        "  per step (ms): gather %.2f | slices %.2f wall (transformer %.2f, dense %.2f "
        "thread-ms) | scatter %.2f | factor %.2f | optimizer %.2f\n"
        "  per step in the loop (ms): read+filter %.2f | features %.2f\n"
        "  unique feature rows per batch: %llu\n",
        o.threads, o.batch_size, o.steps, o.factorize ? "yes" : "no", r.step_positions_per_s,
        r.step_positions_per_cpu_s, r.step_cpu_share, r.loop_positions_per_s,
        r.loop_positions_per_cpu_s, r.gather * 1e3, r.slices * 1e3, r.transformer_thread * 1e3,
        r.dense_thread * 1e3, r.scatter * 1e3, r.factor * 1e3, r.optimizer * 1e3, r.read * 1e3,
        r.features * 1e3, (unsigned long long)r.unique_rows_per_batch);
    out << b;
}

}  // namespace pantheon::trainer
