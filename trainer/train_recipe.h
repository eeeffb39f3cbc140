// What a game's trainer makes of a TrainConfig (train_config.h, variant-free):
// its check, the hash and recipe of the settings that decide the weights,
// and the paths of the files written beside the net. Compiled per game (the
// hash covers the game's architecture), so only per-game code includes this.
#pragma once

#include <cstdint>
#include <string>

#include "engine/core/variant.h"
#include "trainer/train_config.h"
#include "util/json.h"

namespace pantheon::trainer {
PANTHEON_VARIANT_BEGIN

// Empty when valid, else what is wrong.
std::string validate(const TrainConfig& config);

// Hash of the settings that decide the trained weights (not threads, paths
// of outputs, progress or reporting, nor the run's length limits): a
// checkpoint resumes only under the same hash, and a finished run resumed
// with a higher limit goes on. `with_limits` gives the hash checkpoints of
// versions 1 and 2 were written under (limits included).
uint64_t config_hash(const TrainConfig& config, bool with_limits = false);

// The settings of config_hash with their values, limits included, as a JSON
// object (the recipe of a net's lineage, trainer/net_lineage.h).
util::Json recipe_json(const TrainConfig& config);

// Interim nets (save_every): the path of the net after `step` steps.
std::string interim_net_path(const TrainConfig& config, uint64_t step);

// The checkpoint path of a config (explicit, or beside the net).
std::string checkpoint_path(const TrainConfig& config);
// Files written beside the net: <out without extension><suffix>.
std::string beside_net(const std::string& out, const std::string& suffix);

PANTHEON_VARIANT_END
}  // namespace pantheon::trainer
