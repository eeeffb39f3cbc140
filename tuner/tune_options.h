// What `pantheon tune` is configured by (configs/tune.toml keys and the
// command line map onto these fields). Variant-free: the app fills them
// before it knows the game (app/cmd_tune.cpp), and either game's tuner runs
// them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "data/position_filter.h"

namespace pantheon::tuner {

struct FitOptions {
    int iterations = 1500;
    double lr = 1.0;             // Adam step of centipawn parameters at the start
    double units_lr = 0.25;      // ... and of king-danger units
    double lr_end_ratio = 0.05;  // cosine decay to lr * this at the end
    // L2 pull towards the starting values, per cp^2 (per (units_lr/lr unit)^2
    // for king-danger units): features the data rarely shows stay near them.
    double l2 = 0.0;
    int threads = 2;
};

struct LoadOptions {
    data::PositionFilter filter{.drop_in_check = true, .drop_tactical_best = true};
    int threads = 2;
    uint64_t max_positions = 0;  // most positions read (0 = all)
};

struct TuneConfig {
    std::vector<std::string> data;
    std::string out;  // the weights header to write
    LoadOptions load;
    FitOptions fit;
    double k = 0;            // sigmoid scale (cp); 0 = fit it first
    int holdout_every = 10;  // every N-th position is held out (0 = none)
};

}  // namespace pantheon::tuner
