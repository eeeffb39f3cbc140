#include "trainer/net_export.h"

#include <algorithm>
#include <cmath>

#include "nnue/evaluate.h"
#include "nnue/net_file.h"
#include "trainer/batch.h"
#include "trainer/network_pass.h"

namespace pantheon::trainer {

bool export_net(const Model& model, const std::string& path, std::string* error) {
    nnue::Network net = nnue::quantize(folded(model));
    net.description = "pantheon train";
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

bool check_export(const std::string& net_path, const Model& model,
                  const std::vector<data::TrainingPosition>& positions, ExportCheck& check,
                  std::string* error) {
    nnue::Network net;
    if (!nnue::load_network_file(net_path, net, error)) return false;
    Batch batch;
    fill_batch(positions, batch);
    NetworkPass pass(true);
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

}  // namespace pantheon::trainer
