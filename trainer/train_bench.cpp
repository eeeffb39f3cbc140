#include "trainer/train_bench.h"

#include <tbb/global_control.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "data/game_file.h"
#include "data/synthetic_games.h"
#include "trainer/batch.h"
#include "trainer/batch_source.h"
#include "trainer/network_pass.h"
#include "trainer/optimizer.h"
#include "util/cpu_time.h"

namespace pantheon::trainer {
PANTHEON_VARIANT_BEGIN

namespace {

using util::PhaseTimer;

// The first line of /proc/loadavg, or "" where there is none.
std::string load_average() {
    std::ifstream in("/proc/loadavg");
    std::string line;
    std::getline(in, line);
    return line;
}

// Synthetic games written to a temporary file when no data is given.
constexpr int SYNTHETIC_GAMES = 2000;
// Batches read once and trained on in turn for the step measurement.
constexpr int PREPARED = 4;

// The benchmark's training settings: the options', no validation.
TrainConfig bench_config(const TrainBenchOptions& o) {
    TrainConfig c;
    c.threads = o.threads;
    c.batch_size = o.batch_size;
    c.seed = o.seed;
    c.factorize = o.factorize;
    c.max_steps = uint64_t(o.steps + o.warmup_steps);
    c.validation_fraction = 0;
    c.shuffle_buffer = 1 << 18;
    return c;
}

// A temporary data file of synthetic games, removed with this.
class SyntheticData {
  public:
    SyntheticData() = default;
    SyntheticData(const SyntheticData&) = delete;
    SyntheticData& operator=(const SyntheticData&) = delete;
    ~SyntheticData() {
        if (!path_.empty()) std::remove(path_.c_str());
    }

    bool write(uint64_t seed, std::string* error) {
        path_ = (std::filesystem::temp_directory_path() /
                 ("pantheon-bench-train-" + std::to_string(getpid()) + ".pgd"))
                    .string();
        data::GameFileWriter writer{data::WriterOptions{}};
        if (!writer.open(path_, error)) return false;
        for (const data::GameRecord& g : data::synthetic_games(SYNTHETIC_GAMES, seed))
            if (!writer.add(g, error)) return false;
        return writer.finish(error);
    }
    const std::string& path() const { return path_; }

  private:
    std::string path_;
};

// The training step (network pass and AdamW) on one model, with the
// optimizer's time and the batches' unique rows counted.
class TimedStep {
  public:
    TimedStep(const TrainConfig& c, bool factorize) : adam_(c), pass_(factorize) {
        initialize(model_, c.seed);
    }
    void operator()(const Batch& b) {
        pass_.run(model_, b, loss_, &grad_);
        const PhaseTimer t;
        adam_.step(model_, grad_, 1e-3f);
        t.add_to(optimizer, optimizer_cpu);
        rows += grad_.rows.size();
    }
    // Forgets the times and counts so far (the warm-up's).
    void reset() {
        pass_.reset_times();
        optimizer = optimizer_cpu = 0;
        rows = 0;
    }
    const PassTimes& pass_times() const { return pass_.times(); }

    double optimizer = 0, optimizer_cpu = 0;
    uint64_t rows = 0;

  private:
    Model model_;
    Adam adam_;
    NetworkPass pass_;
    Gradients grad_;
    const LossParams loss_{};
};

bool prepare_batches(BatchSource& source, int batch_size, std::vector<Batch>& batches,
                     std::string* error) {
    batches.resize(PREPARED);
    std::vector<data::TrainingPosition> positions;
    for (Batch& b : batches) {
        if (!source.next(size_t(batch_size), positions, error)) return false;
        fill_batch(positions, b);
    }
    return true;
}

// The training step alone, on the prepared batches, after a warm-up.
void time_steps(const TrainBenchOptions& o, TimedStep& step, const std::vector<Batch>& batches,
                TrainBenchReport& r) {
    for (int i = 0; i < o.warmup_steps; ++i) step(batches[size_t(i) % PREPARED]);
    step.reset();
    uint64_t trained = 0;
    double step_seconds = 0, step_cpu = 0;
    const PhaseTimer whole;
    for (int i = 0; i < o.steps; ++i) {
        const Batch& b = batches[size_t(i) % PREPARED];
        step(b);
        trained += uint64_t(b.size);
    }
    whole.add_to(step_seconds, step_cpu);
    r.step_positions_per_s = double(trained) / step_seconds;
    r.step_positions_per_cpu_s = double(trained) / step_cpu;
    r.step_cpu_share = step_cpu / step_seconds;
    const double n = o.steps;
    const PassTimes& t = step.pass_times();
    for (auto [to, from] : {std::pair{&r.pass.gather, t.gather},
                            {&r.pass.gather_cpu, t.gather_cpu},
                            {&r.pass.slices, t.slices},
                            {&r.pass.slices_cpu, t.slices_cpu},
                            {&r.pass.transformer, t.transformer},
                            {&r.pass.dense, t.dense},
                            {&r.pass.scatter, t.scatter},
                            {&r.pass.scatter_cpu, t.scatter_cpu},
                            {&r.pass.factor, t.factor},
                            {&r.pass.factor_cpu, t.factor_cpu},
                            {&r.optimizer, step.optimizer},
                            {&r.optimizer_cpu, step.optimizer_cpu}})
        *to = from / n;
    r.unique_rows_per_batch = step.rows / uint64_t(o.steps);
}

// The whole loop: data side included (the stream cycles through epochs).
bool time_loop(const TrainBenchOptions& o, TimedStep& step, BatchSource& source,
               TrainBenchReport& r, std::string* error) {
    uint64_t trained = 0;
    double loop_seconds = 0, loop_cpu = 0, read = 0, read_thread = 0, features = 0,
           features_cpu = 0, step_wall = 0, step_cpu_loop = 0;
    const PhaseTimer whole;
    Batch batch;
    std::vector<data::TrainingPosition> positions;
    for (int i = 0; i < o.steps; ++i) {
        const double thread0 = util::thread_cpu_seconds();
        PhaseTimer phase;
        if (!source.next(size_t(o.batch_size), positions, error)) return false;
        double unused = 0;
        phase.add_to(read, unused);
        read_thread += util::thread_cpu_seconds() - thread0;
        phase.restart();
        fill_batch(positions, batch);
        phase.add_to(features, features_cpu);
        phase.restart();
        step(batch);
        phase.add_to(step_wall, step_cpu_loop);
        trained += positions.size();
    }
    whole.add_to(loop_seconds, loop_cpu);
    r.load_after = load_average();
    const double n = o.steps;
    r.loop_positions_per_s = double(trained) / loop_seconds;
    r.loop_positions_per_cpu_s = double(trained) / loop_cpu;
    r.read = read / n;
    r.read_thread = read_thread / n;
    r.features = features / n;
    r.features_cpu = features_cpu / n;
    r.loop_step = step_wall / n;
    r.loop_step_cpu = step_cpu_loop / n;
    r.loop_cpu = loop_cpu / n;
    r.decode_cpu = r.loop_cpu - r.read_thread - r.features_cpu - r.loop_step_cpu;
    return true;
}

}  // namespace

bool run_train_bench(const TrainBenchOptions& o, TrainBenchReport& r, std::string* error) {
    tbb::global_control threads(tbb::global_control::max_allowed_parallelism, size_t(o.threads));
    TrainConfig c = bench_config(o);
    SyntheticData synthetic;
    if (o.data.empty()) {
        if (!synthetic.write(o.seed, error)) return false;
        c.data = {synthetic.path()};
    } else {
        c.data = o.data;
    }
    BatchSource source(c);
    if (!source.open(0, 0, error)) return false;
    std::vector<Batch> batches;
    if (!prepare_batches(source, o.batch_size, batches, error)) return false;
    TimedStep step(c, o.factorize);
    r.load_before = load_average();
    time_steps(o, step, batches, r);
    return time_loop(o, step, source, r, error);
}

void print_train_bench(const TrainBenchOptions& o, const TrainBenchReport& r, std::ostream& out) {
    const PassTimes& p = r.pass;
    char b[2048];
    std::snprintf(
        b, sizeof b,
        "bench train: %d threads, batch %d, %d steps, factorized %s\n"
        "  training step (prepared batches): %.0f positions/s (%.0f per CPU-second; the process "
        "had %.2f CPUs)\n"
        "  whole loop (stream + filters + features + step): %.0f positions/s (%.0f per "
        "CPU-second)\n"
        "  per step, CPU-ms (wall ms): gather %.2f (%.2f) | slices %.2f (%.2f): transformer "
        "%.2f, dense %.2f | lane sum %.2f (%.2f) | factor %.2f (%.2f) | optimizer %.2f (%.2f)\n"
        "  per step in the loop, CPU-ms (wall ms): read+filter %.2f (%.2f) | features %.2f "
        "(%.2f) | step %.2f (%.2f) | stream decoding %.2f | all %.2f\n"
        "  unique feature rows per batch: %llu\n"
        "  load average before: %s, after: %s\n",
        o.threads, o.batch_size, o.steps, o.factorize ? "yes" : "no", r.step_positions_per_s,
        r.step_positions_per_cpu_s, r.step_cpu_share, r.loop_positions_per_s,
        r.loop_positions_per_cpu_s, p.gather_cpu * 1e3, p.gather * 1e3, p.slices_cpu * 1e3,
        p.slices * 1e3, p.transformer * 1e3, p.dense * 1e3, p.scatter_cpu * 1e3, p.scatter * 1e3,
        p.factor_cpu * 1e3, p.factor * 1e3, r.optimizer_cpu * 1e3, r.optimizer * 1e3,
        r.read_thread * 1e3, r.read * 1e3, r.features_cpu * 1e3, r.features * 1e3,
        r.loop_step_cpu * 1e3, r.loop_step * 1e3, r.decode_cpu * 1e3, r.loop_cpu * 1e3,
        (unsigned long long)r.unique_rows_per_batch,
        r.load_before.empty() ? "-" : r.load_before.c_str(),
        r.load_after.empty() ? "-" : r.load_after.c_str());
    out << b;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::trainer
