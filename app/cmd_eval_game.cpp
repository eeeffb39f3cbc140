// The game half of `pantheon eval`: the hand-crafted and the NNUE
// evaluation of one position, the network's active features from both
// perspectives, and every layer's output. Compiled once per variant
// (app/CMakeLists.txt).
#include <iomanip>
#include <iostream>

#include "app/cmd_eval.h"
#include "app/game_half.h"
#include "app/position_arg.h"
#include "engine/core/notation.h"
#include "engine/search/evaluator.h"
#include "nnue/accumulator.h"
#include "nnue/builtin_net.h"
#include "nnue/evaluate.h"

namespace pantheon {
PANTHEON_VARIANT_BEGIN
namespace {

// "bucket 3 own rook e2" or "bucket 3 their hand pawn >= 2" (oriented squares).
std::string describe_feature(nnue::FeatureIndex f) {
    using namespace nnue::features;
    const int bucket = int(f) / FEATURES_PER_BUCKET, r = int(f) % FEATURES_PER_BUCKET;
    std::string text = "bucket " + std::to_string(bucket) + " ";
    if (r < BOARD_FEATURE_NB) {
        const int plane = r / SQUARE_NB;
        text += plane < PIECE_TYPE_NB ? "own " : "their ";
        text += PIECE_NAMES[plane % PIECE_TYPE_NB];
        return text + " " + square_name(Square(r % SQUARE_NB));
    }
    const int h = r - BOARD_FEATURE_NB, slot = h % HAND_SLOTS_PER_SIDE;
    int pt = 0;
    while (HAND_OFFSET[pt + 1] <= slot) ++pt;
    text += h < HAND_SLOTS_PER_SIDE ? "own hand " : "their hand ";
    return text + std::string(PIECE_NAMES[pt]) +
           " >= " + std::to_string(slot - HAND_OFFSET[pt] + 1);
}

template <class T, size_t N>
void print_values(const char* name, const std::array<T, N>& values) {
    std::cout << name << " (" << N << "):";
    for (size_t i = 0; i < N; ++i) std::cout << (i % 32 ? " " : "\n  ") << int64_t(values[i]);
    std::cout << "\n";
}

}  // namespace
PANTHEON_VARIANT_END

namespace app {
PANTHEON_VARIANT_BEGIN

int half(const EvalRequest& opt, HalfOfThisGame) {
    const auto pos = position_arg(opt.fen, "bad FEN: ");
    if (!pos) return 2;
    std::string error;
    std::cout << "game: " << Variant::name << "\n";
    std::cout << "fen: " << pos->fen() << "\n";
    std::cout << "hand-crafted: " << search::make_classical_evaluator()->evaluate(*pos)
              << " cp (side to move)\n";
    if (opt.net.empty() && !nnue::has_builtin_net()) {
        std::cout << "nnue: none (this build has no built-in " << Variant::name
                  << " net; give one with --net FILE)\n";
        return 0;
    }
    const auto net = nnue::load_network(opt.net, &error);
    if (!net) {
        std::cerr << "error: " << error << "\n";
        return 2;
    }
    nnue::LayerOutputs t;
    const int reference = nnue::evaluate_reference(*net, *pos, &t);
    nnue::AccumulatorStack<nnue::simd::Native> stack(net.get());
    const int native = stack.evaluate(*pos);
    std::cout << "nnue: " << reference << " cp (side to move), " << nnue::simd::Native::name
              << " path " << native << (native == reference ? "" : "  MISMATCH") << "\n";
    std::cout << "net: " << (opt.net.empty() ? "built-in" : opt.net)
              << ", description: " << net->description << "\n";

    for (Color c : {pos->side_to_move(), ~pos->side_to_move()}) {
        nnue::FeatureIndex active[nnue::MAX_ACTIVE_FEATURES];
        const int n = nnue::features::active_features(*pos, c, pos->king_square(c), active);
        std::cout << (c == WHITE ? "white" : "black") << " perspective"
                  << (c == pos->side_to_move() ? " (side to move)" : "") << ": " << n
                  << " active features\n";
        for (int i = 0; i < n; ++i)
            std::cout << "  " << std::setw(6) << active[i] << "  " << describe_feature(active[i])
                      << "\n";
    }
    std::cout << "psqt: side to move " << t.psqt[0] << ", other " << t.psqt[1] << "\n";
    print_values("layer 2 input (pairwise products, side to move first)", t.l2_input);
    print_values("layer 2 sums", t.l2_sum);
    print_values("layer 2 output", t.l2_output);
    print_values("layer 3 sums", t.l3_sum);
    print_values("layer 3 output", t.l3_output);
    std::cout << "dense output: " << t.dense_output << "\noutput: " << t.output << " (scale "
              << nnue::arch::OUTPUT_SCALE << ")\ncentipawns: " << t.centipawns << "\n";
    return 0;
}

// The command reaches the half through run (app/game_half.h).
template int run(const EvalRequest&);

PANTHEON_VARIANT_END
}  // namespace app

}  // namespace pantheon
