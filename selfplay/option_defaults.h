// Self-play's tuned defaults, kept together and variant-free, so that a
// variant-free caller (the pipeline's settings) takes them without any
// game's definitions. The search's defaults are SearchLimits' own.
#pragma once

namespace pantheon::selfplay {

namespace defaults {
constexpr int CHUNK_GAMES = 256;
constexpr int RANDOM_PLIES_MIN = 6;
constexpr int RANDOM_PLIES_MAX = 12;
constexpr int MULTIPV_MARGIN = 50;  // centipawns below the best line
constexpr int RESIGN_SCORE = 2000;  // centipawns
constexpr int RESIGN_PLIES = 8;
constexpr int MAX_PLIES = 500;
}  // namespace defaults

// The largest share (percent) of a term that rescoring adds to labels.
inline constexpr int MAX_LABEL_PERCENT = 1000;

}  // namespace pantheon::selfplay
