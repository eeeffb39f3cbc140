// The float parameters the trainer optimises: the engine's network
// (nnue/float_network.h) plus, when factorized, one king-independent row per
// feature of a bucket (features::factor_of) whose weights every king bucket
// shares. Folding adds those rows into the real ones, which is what export
// quantizes.
#pragma once

#include <cstdint>
#include <vector>

#include "nnue/float_network.h"

namespace pantheon::trainer {
PANTHEON_VARIANT_BEGIN

constexpr int L1 = nnue::arch::L1;
constexpr int HALF = L1 / 2;  // pairwise product partner distance
constexpr int L2_IN = nnue::arch::L2_IN;
constexpr int L2 = nnue::arch::L2;
constexpr int L3 = nnue::arch::L3;
constexpr int INPUTS = nnue::arch::INPUTS;
constexpr int FACTOR_ROWS = nnue::features::FEATURES_PER_BUCKET;
constexpr int ACTIVE = nnue::features::ACTIVE_FEATURES;  // per perspective

// Quantization limits the trainer clips to after every step (architecture.h):
// dense weights are int8 / WEIGHT_SCALE. Feature transformer rows are int16
// / FT_SCALE and ACTIVE + 1 of them (bias included) add up in an int16
// accumulator, so a folded row stays within what cannot overflow it; the real
// and the factor row share that range half and half.
constexpr float DENSE_WEIGHT_LIMIT = nnue::arch::DENSE_WEIGHT_LIMIT;
constexpr float FT_WEIGHT_LIMIT = 32767.0f / nnue::arch::FT_SCALE / float(ACTIVE + 1);

struct Model {
    nnue::FloatNetwork net;
    std::vector<float> factor_weights = std::vector<float>(size_t(FACTOR_ROWS) * L1);
    std::vector<float> factor_psqt = std::vector<float>(FACTOR_ROWS);
    bool operator==(const Model& o) const;
};

// What a parameter array is, for the optimizer (decay, clipping, sparsity).
enum class ParamKind : uint8_t {
    FtRows,       // sparse rows of L1 weights (feature transformer, factor rows)
    PsqtRows,     // sparse rows of one weight (PSQT path, its factor rows)
    DenseWeight,  // dense layer weights: weight decay, clipped to DENSE_WEIGHT_LIMIT
    Bias,         // biases: no decay
};

struct ParamArray {
    const char* name;
    float* data;
    size_t size;
    ParamKind kind;
    bool factor;  // a factor array (rows indexed by factor_of)
};

// Every parameter array of the model, in a fixed order (checkpoints follow it).
std::vector<ParamArray> parameter_arrays(Model& model);

// Seeded random initialisation (factor rows start at zero).
void initialize(Model& model, uint64_t seed);

// The network with the factor rows added into every bucket's real rows.
nnue::FloatNetwork folded(const Model& model);

// Keeps every weight within what the quantized net can represent.
void clip_for_quantization(Model& model);

PANTHEON_VARIANT_END
}  // namespace pantheon::trainer
