#include "nnue/net_widen.h"

#include <cstdint>

#include "nnue/random_network.h"

namespace pantheon::nnue {
PANTHEON_VARIANT_BEGIN

namespace {

int16_t quantized_ft(float v) {
    return quantize_value<int16_t>(v, arch::FT_SCALE, INT16_MIN, INT16_MAX);
}

}  // namespace

bool widen_network(const StoredNet& stored, uint64_t seed, Network& net, std::string* error) {
    if (stored.width > arch::L1 || stored.width % 2 != 0) {
        if (error)
            *error = "net widen: the net's first layer is " + std::to_string(stored.width) +
                     " wide; this build's is " + std::to_string(arch::L1) +
                     " (a net widens only to a build at least as wide)";
        return false;
    }
    Network narrow;
    if (!unpack_stored_net(stored, narrow, error)) return false;
    const int old_half = stored.width / 2;
    constexpr int HALF = arch::L1 / 2;
    // Accumulator neuron i of the narrow net: the first half stays first, the
    // second half starts at the wide net's second half.
    auto wide_index = [&](int i) { return i < old_half ? i : i - old_half + HALF; };
    auto is_new = [&](int j) { return j % HALF >= old_half; };

    Network wide;
    SplitMix64 rng(seed);
    for (int j = 0; j < arch::L1; ++j)
        if (is_new(j))
            wide.ft_bias[j] = quantized_ft(random_normal(rng, RANDOM_FT_BIAS_MEAN, RANDOM_FT_BIAS_SD));
    for (int i = 0; i < stored.width; ++i) wide.ft_bias[wide_index(i)] = narrow.ft_bias[i];
    for (size_t f = 0; f < size_t(arch::INPUTS); ++f) {
        int16_t* row = wide.ft_weights.data() + f * arch::L1;
        const int16_t* old_row = narrow.ft_weights.data() + f * stored.width;
        for (int j = 0; j < arch::L1; ++j)
            if (is_new(j)) row[j] = quantized_ft(random_normal(rng, 0.0f, RANDOM_FT_WEIGHT_SD));
        for (int i = 0; i < stored.width; ++i) row[wide_index(i)] = old_row[i];
    }
    wide.psqt_weights = narrow.psqt_weights;
    // The dense layer's inputs are the products of the two halves, side to
    // move's first: narrow product k of either perspective keeps its weight,
    // the new products get zero.
    std::fill(wide.l2_weights.begin(), wide.l2_weights.end(), int8_t(0));
    for (int o = 0; o < arch::L2; ++o)
        for (int perspective = 0; perspective < 2; ++perspective)
            for (int k = 0; k < old_half; ++k)
                wide.l2_weights[size_t(o) * arch::L2_IN + perspective * HALF + k] =
                    narrow.l2_weights[size_t(o) * stored.width + perspective * old_half + k];
    wide.l2_bias = narrow.l2_bias;
    wide.l3_weights = narrow.l3_weights;
    wide.l3_bias = narrow.l3_bias;
    wide.out_weights = narrow.out_weights;
    wide.out_bias = narrow.out_bias;
    wide.description = narrow.description;
    net = std::move(wide);
    return true;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::nnue
