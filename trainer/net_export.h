// The trainer's side of net files (nnue/): export of the folded float model
// as an engine net, import for fine-tuning, and the check that the engine's
// quantized evaluation agrees with the float model.
#pragma once

#include <string>
#include <vector>

#include "data/training_position.h"
#include "trainer/model.h"

namespace pantheon::trainer {
PANTHEON_VARIANT_BEGIN

// Writes the model (factor rows folded in) as an engine net file. The
// integer pipeline falls short of the float model where it truncates: the
// pairwise product's shift divides by 128 where 1.0 is 127 and rounds down,
// and the dense layers' shifts round down. Export compensates through the
// biases only (the weights stay as trained): half a step on each dense
// layer, and on the first dense layer the mean pairwise shortfall its
// weights see over the calibration positions (none if empty). The
// description (the net's lineage, trainer/net_lineage.h) goes into the file
// as it is; one longer than a net file holds is refused.
bool export_net(const Model& model, const std::string& path,
                const std::vector<data::TrainingPosition>& calibration,
                const std::string& description, std::string* error);
// The float parameters export quantizes (folded and compensated).
nnue::FloatNetwork export_float(const Model& model,
                                const std::vector<data::TrainingPosition>& calibration);
// Reads an engine net file into model (dequantized; factor rows zero).
bool import_net(const std::string& path, Model& model, std::string* error);

struct ExportCheck {
    size_t positions = 0;
    double mean_cp = 0, max_cp = 0;  // |engine eval - float model| in centipawns
};
// Loads the net file as the engine does and compares its evaluation of
// every position with the float model's (fake_quantize: as trained, with
// weights at net-file resolution).
bool check_export(const std::string& net_path, const Model& model, bool fake_quantize,
                  const std::vector<data::TrainingPosition>& positions, ExportCheck& check,
                  std::string* error);

PANTHEON_VARIANT_END
}  // namespace pantheon::trainer
