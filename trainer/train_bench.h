// `pantheon bench train`: training speed of the default architecture. Times
// the training step alone (network pass and AdamW on prepared batches) and
// the whole loop (stream, filters, features, step), and where a step's time
// goes.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "trainer/network_pass.h"

namespace pantheon::trainer {

// Not in the variant namespace: the app fills it before it knows the game.
struct TrainBenchOptions {
    std::vector<std::string> data;  // data files/directories; empty = synthetic games
    int threads = 2;
    int batch_size = 16384;
    int steps = 30;        // timed steps of each measurement
    int warmup_steps = 3;  // untimed steps first
    bool factorize = true;
    uint64_t seed = 1;
};

PANTHEON_VARIANT_BEGIN

// Times per step are in seconds: wall and CPU ("cpu": the whole process
// during the phase; "thread": the threads running it).
struct TrainBenchReport {
    double step_positions_per_s = 0;      // network pass + optimizer on prepared batches
    double step_positions_per_cpu_s = 0;  // the same per CPU-second of the process
    double step_cpu_share = 0;            // CPU-seconds per wall second during it
    double loop_positions_per_s = 0;      // the whole training loop
    double loop_positions_per_cpu_s = 0;
    PassTimes pass;  // per step (prepared batches)
    double optimizer = 0, optimizer_cpu = 0;
    uint64_t unique_rows_per_batch = 0;
    // Per step of the loop: reading + filtering (the caller's thread), feature
    // extraction, the training step, and the rest of the process's CPU time
    // (the stream's decoding threads).
    double read = 0, read_thread = 0, features = 0, features_cpu = 0, loop_step = 0,
           loop_step_cpu = 0, decode_cpu = 0, loop_cpu = 0;
    std::string load_before, load_after;  // /proc/loadavg (empty where there is none)
};

bool run_train_bench(const TrainBenchOptions& options, TrainBenchReport& report,
                     std::string* error);
void print_train_bench(const TrainBenchOptions& options, const TrainBenchReport& report,
                       std::ostream& out);

PANTHEON_VARIANT_END
}  // namespace pantheon::trainer
