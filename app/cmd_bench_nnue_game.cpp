// The game half of `pantheon bench nnue`: the cost of the network's pieces,
// SIMD and scalar: one full evaluation from scratch, one incremental update (a
// move's changes applied to both perspectives), and the forward pass from the
// accumulators, over random games of the variant. Compiled once per variant
// (app/CMakeLists.txt).
#include <cstring>
#include <iostream>
#include <random>
#include <type_traits>

#include "app/cmd_bench_nnue.h"
#include "app/game_half.h"
#include "engine/core/rules.h"
#include "nnue/accumulator.h"
#include "nnue/builtin_net.h"
#include "nnue/evaluate.h"
#include "nnue/net_file.h"
#include "nnue/random_network.h"
#include "util/cpu_time.h"

namespace pantheon {
PANTHEON_VARIANT_BEGIN
namespace {

// CPU time of this thread: the figures stay comparable on a loaded machine.
double now_seconds() {
    return util::thread_cpu_seconds();
}

// Random games from the start position (seeded), as move lists.
std::vector<std::vector<Move>> random_games(int games, int plies) {
    std::mt19937_64 rng(12345);
    std::vector<std::vector<Move>> out;
    for (int g = 0; g < games; ++g) {
        Position pos = Position::start();
        std::vector<Move> moves;
        for (int p = 0; p < plies && !game_result(pos).over(); ++p) {
            MoveList list;
            generate_game_moves(pos, list);
            if (list.empty()) break;
            const Move m = list[int(rng() % uint64_t(list.size()))];
            moves.push_back(m);
            pos.do_move(m);
        }
        out.push_back(std::move(moves));
    }
    return out;
}

struct Timings {
    double full_ns = 0, update_ns = 0, propagate_ns = 0;
    int64_t checksum = 0;  // keeps the work observable
};

template <class B>
Timings measure(const nnue::Network& net, const std::vector<std::vector<Move>>& games,
                int repeats) {
    Timings t;
    nnue::AccumulatorStack<B> stack(&net);
    const nnue::GroupedL2Weights grouped(net);
    int64_t positions = 0;
    // Full evaluation: both accumulators from the network's rows, then the forward pass.
    double start = now_seconds();
    for (int r = 0; r < repeats; ++r)
        for (const auto& game : games) {
            Position pos = Position::start();
            for (Move m : game) {
                pos.do_move(m);
                alignas(nnue::CACHE_LINE) int16_t acc[COLOR_NB][nnue::arch::L1];
                int32_t psqt[COLOR_NB];
                const Color us = pos.side_to_move();
                nnue::RowChanges rc;
                for (int side = 0; side < 2; ++side) {
                    const Color c = side ? ~us : us;
                    nnue::FeatureIndex active[nnue::MAX_ACTIVE_FEATURES];
                    const int n =
                        nnue::features::active_features(pos, c, pos.king_square(c), active);
                    std::memcpy(acc[side], net.ft_bias.data(), sizeof acc[side]);
                    psqt[side] = 0;
                    rc.adds = 0;
                    for (int i = 0; i < n; ++i) {
                        rc.add[rc.adds++] =
                            net.ft_weights.data() + size_t(active[i]) * nnue::arch::L1;
                        psqt[side] += net.psqt_weights[active[i]];
                        if (rc.adds == nnue::RowChanges::MAX || i == n - 1) {
                            nnue::Kernels<B>::update(acc[side], acc[side], rc);
                            rc.adds = 0;
                        }
                    }
                }
                t.checksum += nnue::propagate<B>(net, grouped, acc[0], acc[1], psqt[0], psqt[1]);
                ++positions;
            }
        }
    t.full_ns = (now_seconds() - start) * 1e9 / double(positions);

    // Incremental: make each move and bring both perspectives up to date.
    int64_t moves = 0;
    start = now_seconds();
    for (int r = 0; r < repeats; ++r)
        for (const auto& game : games) {
            Position pos = Position::start();
            stack.reset(pos);
            for (Move m : game) {
                stack.do_move(pos, m);
                stack.update(WHITE, pos);
                stack.update(BLACK, pos);
                ++moves;
            }
            t.checksum += stack.top().psqt[WHITE];
        }
    t.update_ns = (now_seconds() - start) * 1e9 / double(moves);

    // The forward pass alone, from the last game's accumulators.
    const auto& top = stack.top();
    const int64_t passes = positions;
    start = now_seconds();
    for (int64_t i = 0; i < passes; ++i)
        t.checksum += nnue::propagate<B>(net, grouped, top.acc[i & 1], top.acc[~i & 1], top.psqt[0],
                                         top.psqt[1]);
    t.propagate_ns = (now_seconds() - start) * 1e9 / double(passes);
    return t;
}

void print(const char* name, const Timings& t) {
    std::cout << "  " << name << " (CPU ns): full evaluation " << int64_t(t.full_ns)
              << " ns, incremental update (both perspectives) " << int64_t(t.update_ns)
              << " ns, forward pass " << int64_t(t.propagate_ns) << " ns\n";
}

}  // namespace
PANTHEON_VARIANT_END

namespace app {
PANTHEON_VARIANT_BEGIN

int half(const BenchNnueRequest& opt, HalfOfThisGame) {
    if (!opt.save_random.empty()) {
        std::string error;
        if (!nnue::save_network_file(opt.save_random, nnue::random_network(1), &error)) {
            std::cerr << "error: " << error << "\n";
            return 2;
        }
        std::cout << "wrote a random " << Variant::name << " net (seed 1) to " << opt.save_random
                  << " (for speed measurements only)\n";
        return 0;
    }
    std::shared_ptr<const nnue::Network> net;
    std::string source;
    if (!opt.net.empty() || nnue::has_builtin_net()) {
        std::string error;
        net = nnue::load_network(opt.net, &error);
        if (!net) {
            std::cerr << "error: " << error << "\n";
            return 2;
        }
        source = opt.net.empty() ? "built-in net" : opt.net;
    } else {
        net = std::make_shared<nnue::Network>(nnue::random_network(1));
        source = "random net (seed 1; no built-in net)";
    }
    const auto games = random_games(opt.games, opt.plies);
    std::cout << "bench nnue (" << Variant::name << "): " << source << ", " << opt.games
              << " random games of up to " << opt.plies << " plies, " << opt.repeats << " passes\n";
    const Timings scalar = measure<nnue::simd::Scalar>(*net, games, opt.repeats);
    print("scalar", scalar);
    if constexpr (std::is_same_v<nnue::simd::Native, nnue::simd::Scalar>) {
        std::cout << "  (this build has no SIMD backend: portable build)\n";
    } else {
#if defined(__AVX2__) && defined(__AVX512BW__)
        // The narrower backend too, when the build has both.
        print(nnue::simd::Avx2::name, measure<nnue::simd::Avx2>(*net, games, opt.repeats));
#endif
        const Timings native = measure<nnue::simd::Native>(*net, games, opt.repeats);
        print(nnue::simd::Native::name, native);
        if (scalar.checksum != native.checksum) {
            std::cerr << "error: " << nnue::simd::Native::name << " and scalar results differ\n";
            return 1;
        }
        std::cout << "  speedup " << nnue::simd::Native::name << " over scalar: full evaluation "
                  << scalar.full_ns / native.full_ns << "x, incremental update "
                  << scalar.update_ns / native.update_ns << "x, forward pass "
                  << scalar.propagate_ns / native.propagate_ns << "x\n";
    }
    return 0;
}

// The command reaches the half through run (app/game_half.h).
template int run(const BenchNnueRequest&);

PANTHEON_VARIANT_END
}  // namespace app

}  // namespace pantheon
