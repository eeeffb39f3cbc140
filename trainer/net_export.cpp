#include "trainer/net_export.h"

#include <algorithm>
#include <cmath>

#include "nnue/evaluate.h"
#include "nnue/net_file.h"
#include "trainer/batch.h"
#include "trainer/network_pass.h"

namespace pantheon::trainer {
PANTHEON_VARIANT_BEGIN

namespace {

// Mean shortfall of each first-layer input of the engine against the float
// model, A*B/127^2 - floor(A*B/128)/127, over the calibration positions (A, B:
// the clipped integer accumulator halves the engine multiplies).
std::vector<double> pairwise_truncation(const nnue::FloatNetwork& f,
                                        const std::vector<data::TrainingPosition>& positions) {
    std::vector<double> mean(L2_IN, 0.0);
    if (positions.empty()) return mean;
    Batch batch;
    fill_batch(positions, batch);
    const double divisor = double(1 << nnue::arch::PAIRWISE_SHIFT);
    for (int j = 0; j < batch.size; ++j)
        for (int p = 0; p < 2; ++p) {
            float acc[L1];
            for (int i = 0; i < L1; ++i) acc[i] = f.ft_bias[size_t(i)];
            const nnue::FeatureIndex* idx = batch.of(j, p);
            for (int k = 0; k < ACTIVE; ++k)
                for (int i = 0; i < L1; ++i)
                    acc[i] += f.ft_weights[size_t(idx[k]) * L1 + size_t(i)];
            for (int i = 0; i < HALF; ++i) {
                auto level = [](float v) {
                    return std::clamp(std::round(double(v) * nnue::arch::FT_SCALE), 0.0,
                                      double(nnue::arch::FT_SCALE));
                };
                const double ab = level(acc[i]) * level(acc[i + HALF]);
                const double scale = nnue::arch::FT_SCALE;
                mean[size_t(p * HALF + i)] +=
                    ab / (scale * scale) - std::floor(ab / divisor) / scale;
            }
        }
    for (double& m : mean) m /= double(batch.size);
    return mean;
}

}  // namespace

nnue::FloatNetwork export_float(const Model& model,
                                const std::vector<data::TrainingPosition>& calibration) {
    nnue::FloatNetwork f = folded(model);
    const std::vector<double> shortfall = pairwise_truncation(f, calibration);
    const float step = 1.0f / float(nnue::arch::ACT_SCALE);
    for (int o = 0; o < L2; ++o) {
        double lost = 0;
        for (int i = 0; i < L2_IN; ++i)
            lost += double(f.l2_weights[size_t(o) * L2_IN + size_t(i)]) * shortfall[size_t(i)];
        f.l2_bias[size_t(o)] += 0.5f * step + float(lost);
    }
    for (float& b : f.l3_bias) b += 0.5f * step;
    return f;
}

bool export_net(const Model& model, const std::string& path,
                const std::vector<data::TrainingPosition>& calibration,
                const std::string& description, std::string* error) {
    if (description.size() > nnue::MAX_DESCRIPTION_BYTES) {
        if (error)
            *error = path + ": the net's description has " + std::to_string(description.size()) +
                     " bytes, a net file holds at most " +
                     std::to_string(nnue::MAX_DESCRIPTION_BYTES);
        return false;
    }
    nnue::Network net = nnue::quantize(export_float(model, calibration));
    net.description = description;
    return nnue::save_network_file(path, net, error);
}

bool import_net(const std::string& path, Model& model, std::string* error) {
    nnue::Network net;
    std::string why;
    if (!nnue::load_network_file(path, net, &why)) {
        if (error) *error = "--init " + path + ": " + why;
        return false;
    }
    model.net = nnue::dequantize(net);
    std::fill(model.factor_weights.begin(), model.factor_weights.end(), 0.0f);
    std::fill(model.factor_psqt.begin(), model.factor_psqt.end(), 0.0f);
    return true;
}

bool check_export(const std::string& net_path, const Model& model, bool fake_quantize,
                  const std::vector<data::TrainingPosition>& positions, ExportCheck& check,
                  std::string* error) {
    nnue::Network net;
    if (!nnue::load_network_file(net_path, net, error)) return false;
    Batch batch;
    fill_batch(positions, batch);
    NetworkPass pass(true, fake_quantize);
    std::vector<float> outputs;
    pass.run(model, batch, LossParams{}, nullptr, &outputs);
    check = {};
    double sum = 0;
    for (size_t i = 0; i < positions.size(); ++i) {
        const int engine = nnue::evaluate_reference(net, TrainingBoard(positions[i]));
        const double diff = std::abs(double(engine) - double(outputs[i]) * nnue::arch::OUTPUT_CP);
        sum += diff;
        check.max_cp = std::max(check.max_cp, diff);
    }
    check.positions = positions.size();
    check.mean_cp = positions.empty() ? 0.0 : sum / double(positions.size());
    return true;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::trainer
