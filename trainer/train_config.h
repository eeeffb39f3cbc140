// Everything a training run is configured by: `pantheon train` options (and
// configs/train.toml keys) map one to one onto these fields.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "data/position_filter.h"
#include "util/json.h"
#include "util/named_values.h"

namespace pantheon::trainer {

// How the learning rate moves over a run (optimizer.h: learning_rate).
enum class LrSchedule { Constant, Step, Cosine };
inline constexpr std::array<util::NamedValue<LrSchedule>, 3> LR_SCHEDULES = {{
    {"constant", LrSchedule::Constant},
    {"step", LrSchedule::Step},
    {"cosine", LrSchedule::Cosine},
}};
constexpr const auto& named_values(LrSchedule) {
    return LR_SCHEDULES;
}

// Not in the variant namespace: the app fills it before it knows the game
// (app/cmd_train.cpp), and either game's trainer runs it. The member
// initializers are the defaults of `pantheon train` and of the pipeline's
// train-* keys; the settings other than inputs and outputs are listed once,
// by name, in train_settings.h.
struct TrainConfig {
    // --- inputs and outputs ---
    std::vector<std::string> data;  // data files or directories
    std::string out;                // the net file written at the end
    std::string init;               // start from this net (fine-tuning; ignored on resume)
    std::string resume;             // continue from this checkpoint
    std::string checkpoint;         // checkpoint path; "" = <out without extension>.ckpt
    std::string note;               // free text for the net's lineage (not part of the run)
    int threads = 2;                // training and decoding threads (no effect on results)
    bool progress = true;
    // --- length of the run (the first limit reached ends it; 0 = none) ---
    uint64_t max_steps = 0;
    uint64_t max_positions = 0;
    uint64_t max_epochs = 10;
    // Steps of this session (0 = to the end): then a checkpoint is written and
    // the run stops as if interrupted, for job time limits. Not part of the run.
    uint64_t session_steps = 0;
    // --- data ---
    uint64_t seed = 1;
    int batch_size = 16384;
    uint64_t shuffle_buffer = 1 << 20;
    double validation_fraction = 0.01;  // share of positions held out (by position hash)
    uint64_t validation_positions = 65536;
    data::PositionFilter filter{.drop_in_check = true, .drop_tactical_best = true};
    // --- model and loss ---
    bool factorize = true;
    bool fake_quantize = true;  // forward with weights at net-file resolution (straight-through)
    float score_scale = 400.0f;
    float lambda = 1.0f;      // weight of the score in the target at the start ...
    float lambda_end = 1.0f;  // ... and at the end of the run (linear in between)
    // --- optimizer (AdamW) ---
    float lr = 1e-3f;
    LrSchedule lr_schedule = LrSchedule::Cosine;
    uint64_t warmup_steps = 100;
    uint64_t lr_step_every = 1000;  // step schedule: multiply by lr_step_gamma every so many steps
    float lr_step_gamma = 0.5f;
    float lr_min_ratio = 0.02f;  // cosine schedule: final lr / lr
    float beta1 = 0.9f, beta2 = 0.999f, epsilon = 1e-8f;
    float weight_decay = 0.0f;  // decoupled (AdamW), on weights only
    // --- reporting and checkpoints ---
    uint64_t log_every = 20;                 // steps between CSV rows and progress lines
    uint64_t validate_every = 200;           // steps between validation losses
    uint64_t checkpoint_every = 1000;        // steps between checkpoints
    uint64_t export_check_positions = 2000;  // positions compared after export
    // Playable nets along the way: every save_every steps (0 = none) a net
    // file beside the final one (<out without extension>.step-N.nnue), the
    // newest keep_nets of them kept.
    uint64_t save_every = 0;
    uint64_t keep_nets = 3;
};

}  // namespace pantheon::trainer
