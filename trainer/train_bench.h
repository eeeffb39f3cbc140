// `pantheon bench train`: training speed of the default architecture. Times
// the training step alone (network pass and AdamW on prepared batches) and
// the whole loop (stream, filters, features, step), and where a step's time
// goes.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace pantheon::trainer {

struct TrainBenchOptions {
    std::vector<std::string> data;  // data files/directories; empty = synthetic games
    int threads = 2;
    int batch_size = 16384;
    int steps = 30;        // timed steps of each measurement
    int warmup_steps = 3;  // untimed steps first
    bool factorize = true;
    uint64_t seed = 1;
};

struct TrainBenchReport {
    double step_positions_per_s = 0;      // network pass + optimizer on prepared batches
    double step_positions_per_cpu_s = 0;  // the same per CPU-second of the process
    double step_cpu_share = 0;            // CPU-seconds per wall second during it
    double loop_positions_per_s = 0;      // the whole training loop
    double loop_positions_per_cpu_s = 0;
    // Seconds per step of each phase (step measurement; "thread" = summed over threads).
    double gather = 0, transformer_thread = 0, dense_thread = 0, slices = 0, scatter = 0,
           factor = 0, optimizer = 0;
    // Seconds per step of the loop's data side: reading + filtering, feature extraction.
    double read = 0, features = 0;
    uint64_t unique_rows_per_batch = 0;
};

bool run_train_bench(const TrainBenchOptions& options, TrainBenchReport& report,
                     std::string* error);
void print_train_bench(const TrainBenchOptions& options, const TrainBenchReport& report,
                       std::ostream& out);

}  // namespace pantheon::trainer
