// Which training positions a consumer keeps: `pantheon data filter` (which
// marks the others excluded), the trainer's stream and the tuner. One
// variant-free struct, so the app fills it from the command line
// (app/filter_options.h) before it knows the game; data::filter_keeps
// (data/dataset_transform.h) applies it.
#pragma once

#include <cstdint>

#include "util/setting.h"

namespace pantheon::data {

struct PositionFilter {
    int min_ply = 0;
    int max_ply = INT32_MAX;
    int max_abs_score = 32000;        // SCORE_LIMIT (data/game_record.h): every score
    bool drop_in_check = false;       // side to move in check
    bool drop_tactical_best = false;  // best move is a capture or a promotion
};

// The filter's settings, one list for every command and config that takes
// them (app/filter_options.h, trainer/train_settings.h): visit(setting,
// field...) once a setting, with that field of each filter given.
template <class Visit, class... Filter>
void visit_filter_settings(Visit&& visit, Filter&... f) {
    visit(util::Setting{"min-ply", "Skip positions before this ply"}, f.min_ply...);
    visit(util::Setting{"max-ply", "Skip positions after this ply"}, f.max_ply...);
    visit(util::Setting{"max-abs-score", "Skip positions whose |score| exceeds this (cp)"},
          f.max_abs_score...);
    visit(util::Setting{"skip-in-check",
                        "Skip positions with the side to move in check (true/false)"},
          f.drop_in_check...);
    visit(util::Setting{"skip-tactical",
                        "Skip positions whose best move is a capture or promotion (true/false)"},
          f.drop_tactical_best...);
}

}  // namespace pantheon::data
