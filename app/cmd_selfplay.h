// `pantheon selfplay`'s request: what cmd_selfplay.cpp reads from the command
// line and the game's half (cmd_selfplay_game.cpp, compiled once per game,
// against its self-play) plays. Variant-free.
#pragma once

#include <string>

#include "selfplay/options.h"

namespace pantheon::app {

struct SelfplayCommand {
    selfplay::SelfplayOptions options;
    std::string shard;  // "K/N"; empty = from Slurm or 0/1
};

}  // namespace pantheon::app
