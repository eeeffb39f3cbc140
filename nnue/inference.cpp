#include "nnue/inference.h"

#include <algorithm>

namespace pantheon::nnue {
PANTHEON_VARIANT_BEGIN

namespace scalar {

void pairwise(const int16_t* acc, uint8_t* out) {
    constexpr int HALF = arch::L1 / 2;
    for (int i = 0; i < HALF; ++i) {
        const int a = std::clamp<int>(acc[i], 0, arch::FT_SCALE);
        const int b = std::clamp<int>(acc[i + HALF], 0, arch::FT_SCALE);
        out[i] = uint8_t((a * b) >> arch::PAIRWISE_SHIFT);
    }
}

int32_t output_sum(const Network& net, const uint8_t* l3_out) {
    int32_t sum = net.out_bias;
    for (int i = 0; i < arch::L3; ++i) sum += int32_t(l3_out[i]) * net.out_weights[i];
    return sum;
}

}  // namespace scalar

int propagate_scalar(const Network& net, const int16_t* acc_stm, const int16_t* acc_other,
                     int32_t psqt_stm, int32_t psqt_other, LayerOutputs* trace) {
    LayerOutputs local;
    LayerOutputs& t = trace ? *trace : local;
    scalar::pairwise(acc_stm, t.l2_input.data());
    scalar::pairwise(acc_other, t.l2_input.data() + arch::L1 / 2);
    scalar::dense_clipped<arch::L2_IN, arch::L2>(net.l2_weights.data(), net.l2_bias.data(),
                                                 t.l2_input.data(), t.l2_output.data(),
                                                 t.l2_sum.data());
    scalar::dense_clipped<arch::L2, arch::L3>(net.l3_weights.data(), net.l3_bias.data(),
                                              t.l2_output.data(), t.l3_output.data(),
                                              t.l3_sum.data());
    t.psqt = {psqt_stm, psqt_other};
    t.dense_output = scalar::output_sum(net, t.l3_output.data());
    t.output = combine_output(t.dense_output, psqt_stm, psqt_other);
    t.centipawns = output_centipawns(t.output);
    return t.centipawns;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::nnue
