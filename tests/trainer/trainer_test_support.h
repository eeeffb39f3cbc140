// Positions and small data sets for the trainer tests, from the data
// module's synthetic games (random playouts with search-like scores).
#pragma once

#include <string>
#include <vector>

#include "data/training_position.h"
#include "trainer/batch.h"
#include "trainer/train_recipe.h"

namespace pantheon::trainer::test {

// Training positions of `games` synthetic games (every ply).
std::vector<data::TrainingPosition> synthetic_positions(int games, uint64_t seed);

// A batch of the first n positions of `positions`.
Batch make_batch(const std::vector<data::TrainingPosition>& positions, size_t first, size_t n);

// A run of a few small steps on `data`, writing the net `out`.
TrainConfig small_config(const std::string& data, const std::string& out);

// Writes `games` synthetic games into a data file at path.
void write_data_file(const std::string& path, int games, uint64_t seed);

// Fixes the date nets record in their lineage (SOURCE_DATE_EPOCH), so runs
// made at different times can be compared byte for byte.
void pin_net_date();

}  // namespace pantheon::trainer::test
