#include "engine/search/bench.h"

#include <chrono>
#include <cstdlib>
#include <fstream>

#include "engine/core/notation.h"
#include "engine/search/search.h"

namespace pantheon::search {
PANTHEON_VARIANT_BEGIN

namespace {

#if !defined(PANTHEON_VARIANT_PANDEMONIUM)

constexpr std::string_view BENCH_FENS[] = {
    // start position and openings (shared/openings/mansindam-book.epd)
    "rnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] w - - 0 1",
    "rnbak1cnm/6q2/ppppppppp/9/9/3PP3C/PPP2PPPP/5B3/MN1QKA1NR[] b - - 9 5",
    "r1bakqc2/3n1n1m1/p1ppppppp/1p7/9/9/PPPPPPPPP/1C1NKB3/MQ3A1NR[] w - - 10 6",
    "rn2kq1nm/1ba2c3/ppppppppp/9/3N5/1PP6/P2PPPPPP/3A5/M1CQK1BNR[] w - - 10 6",
    // positions from random games (shared/reference/mansindam-perft.tsv)
    "1n1akq1n1/2r5c/1ppp1pppp/p8/9/1P2b1P2/a1PP1P1PP/2MC1K1B1/1N1Q3NR[Mppp] w - - 0 14",
    "r7a/3kcQ3/p1p2+B1pm/1p1p2p2/9/P8/CM1PP4/4KPaQ1/1N5N1[PBNNpppppppr] w - - 0 29",
    "r2k3n1/1b6q/rc6p/p1p6/1+b7/8n/2P1Pp+c2/5P3/2MQK4[pppppppppppaamnn] b - - 0 59",
    "2b3an1/2rkc1m1q/ppnp3pp/4ppp2/9/3P2P2/PPP1PPNPP/C1Q4B1/1N2KA2R[Pm] b - - 1 18",
    "1nba1q1n1/r2k3c1/p1p1ppppp/9/1P3m3/3p5/PAC1QPPPP/7B1/1N1P1K1NR[PPMp] b - - 0 19",
    "rn1a2cn1/4qk3/pp1ppp1p1/2p2mp1p/2B6/P3P4/QPPP1+b1PP/3KC3A/MN5NR[pp] w - - 2 12",
    "2bk1cqn1/9/3pp1p1m/5p3/6Q1p/Pn7/2PAPP1CP/9/N2KM1B2[PPPPPPPANprr] b - - 0 45",
    "rnb3A2/b2k5/p1p1p2pQ/1p1p2p2/5p3/a3P2P1/P1PN1PP1P/9/MN2KQCR1[PPMCpn] w - - 0 22",
    "rnbq5/3kn4/1+Mpp3+Cc/9/3b5/4P+mP2/2NP5/9/3QK2N1[PPPPPPPAARpppppp] b - - 0 27",
    "1a4Q2/2k6/p4c3/3B3P1/9/5P2A/1+C1K4P/9/nN5+r1[PPPPPPPMMQRNpppppppbn] b - - 0 58",
    "1r2kq1n1/6m1m/p1p1pp1pc/1p4p2/3p5/1P4P2/2P1PP1PP/1C1N1N3/2Q1K1B1R[PPAANpb] b - - 1 20",
    "9/3A5/1p3nQ2/6a1k/3R5/9/P1+c2P1P1/7K1/2n2BBN1[PPPPPPCNppppppppmmqr] w - - 0 67",
    "7r1/3bkn3/A1ppp1p1p/1p7/7P1/1C3PnmP/1aC3P2/1B5Q1/1K5NR[PPPPMQNpppp] b - - 0 34",
    "1n1kp2A1/3c1c1Q1/3r1p2n/2p6/9/1PP4a1/Q2P1P+bN1/1p5m1/6KB1[PPPPPPPMRNppp] w - - 2 36",
    "2k1p2b1/3m5/1pp1B1m2/3p5/1K5pn/9/1P1NPP3/7A1/2Q2A1N1[PPPPPPQppppccrrn] w - - 0 39",
    "4k1cn1/5p3/1m2N2p1/3q1A1B1/p8/1B7/5A2N/c4R1+p1/PN2PK3[PPPPPPRppppppmq] w - - 0 59",
    "rn2k4/9/pp5c1/2PM3pb/9/2Q2Q3/PP3NP1M/3N5/5K1NR[PPPPPPAABpppppc] b - - 0 34",
    "n6p1/4k4/4c2mn/7nm/9/2Pp4p/9/1P7/4K4[PPPPPPPPPPPPQQRpaacrbbn] b - - 0 70",
};

#else

constexpr std::string_view BENCH_FENS[] = {
    // start position and three of the other setups (SPEC: 16 per game)
    "rnbqkmcbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBQKMCBNR[] w KQkq - 0 1",
    "rnbqkmcbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RBNQKMCBNR[] w KQkq - 0 1",
    "rbnqkmcbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBQKMCNBR[] w KQkq - 0 1",
    "rnbqkmcnbr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RBNQKMCNBR[] w KQkq - 0 1",
    // positions from random games (shared/reference/pandemonium-perft.tsv)
    "r1bq4+Cr/1p1p1kp2p/2n1pp4/p9/2p2P4/4P1b3/1P8/8PP/P1PP2P+m2/RNBQK1M1NR[CBNPPp] w KQ - 0 15",
    "rn3mN3/p4+B4/2kp4CP/P2pn5/10/1r4P1N1/QP6P1/1P+b2P2M1/+rB2K5/7+r2[CQPPPbppppppp] b - - 0 52",
    "r2R6/2+M1r2k2/8p1/p3rP2p1/p6pp1/10/2P3PP2/c3P5/P1M3N3/4KC1B2[QQBBBNPPPPPnnppp] b - - 0 53",
    "rn4mb1r/p1k2pnp1p/2c7/7P2/9n/PqP2b1p2/M1R7/P3P2C1P/3PP5/R3K5[QBbnppppppp] b Q - 0 34",
    "r3kmcbnr/p1p2ppppp/p1n7/2p1p5/P9/7b2/5P3P/4N1P3/PPP2P1PM1/R1BQK4R[QBPcn] w KQkq - 0 17",
    "mb8/qp1pk3b1/5r2+C1/10/5P1p2/5pP3/P9/P2P1P3P/4B3P1/1NN1K2BNn[RPPPmcqrrppppp] w - - 0 51",
    "4k1c3/1p5r2/6ppP1/b1Q1n5/8P1/10/2pr6/7P2/2P3P3/1NK4B2[MRPPPPmcqrbbnnppppppp] w - - 0 49",
    "r1N1n2bnr/1pm1pkpbp1/9p/10/10/P9/2q7/3C6/1P3P2P1/R1BNQKC3[RBPPPPPPmppppp] b - - 0 30",
    "6c1nr/4k4p/n4pp2p/1p4p3/8p1/2P7/3P1P3C/6BP1N/4P5/1b1K1R4[MQPPPmqrrbbnppppp] w - - 0 30",
    "1rb6m/1pqpp2+BmN/1p2k5/1p2c5/10/10/2NPpB4/3P6/PPP1P5/RNRQK1+b1N1[RPPPPPPPcp] w Q - 0 31",
    "rnb1kmc1nr/2pqpp1p1p/p6b2/1p4p3/3P5b/10/10/3P1PP3/PPP1P2PPP/RN1QKMCBNR[P] w KQkq - 1 9",
    "rnb5mr/1ppqkbn3/2P2C4/10/p7m1/P3P5/1p7b/10/PR1P4PP/4K2bNR[CNqppppppppp] b K - 0 32",
    "5k4/+R2P4c1/3c1P4/1B7+P/8p1/10/10/10/10/2K6R[MRRNNNNPPPPPPPmqqbbbppppppppp] b - - 0 65",
    "rnbq3br1/p1ppk3pp/4N5/1P1P6/9P/P9/2P7/b9/PP1PP2P1r/1+cBQK1+r3[mmcnnppppp] w - - 0 25",
};

#endif

}  // namespace

std::span<const std::string_view> bench_positions() {
    return BENCH_FENS;
}

BenchResult run_bench(const BenchOptions& options, std::ostream* log) {
    EngineOptions engine_options;
    engine_options.hash_mb = options.hash_mb;
    engine_options.threads = options.threads;
    Engine engine(engine_options);
    Limits limits;
    limits.depth = options.depth;

    BenchResult result;
    const auto start = std::chrono::steady_clock::now();
    for (std::string_view fen : BENCH_FENS) {
        const auto pos = Position::from_fen(fen);
        if (!pos) continue;  // the list is fixed and valid; guarded all the same
        engine.new_game();
        const Result r = engine.search(*pos, limits);
        result.nodes += r.nodes;
        ++result.positions;
        if (log)
            *log << "position " << result.positions << ": bestmove "
                 << (r.best ? move_to_string(r.best) : std::string("(none)")) << " score "
                 << r.score << " nodes " << r.nodes << "\n";
    }
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

std::optional<std::vector<MateProblem>> load_mate_suite(const std::string& path,
                                                        std::string* error) {
    std::ifstream in(path);
    if (!in) {
        if (error) *error = "cannot open " + path;
        return std::nullopt;
    }
    std::vector<MateProblem> problems;
    int line_number = 0;
    for (std::string line; std::getline(in, line);) {
        ++line_number;
        if (line.empty() || line[0] == '#') continue;
        const size_t tab = line.find('\t');
        MateProblem p;
        p.fen = line.substr(0, tab);
        if (tab != std::string::npos) p.moves = std::atoi(line.c_str() + tab + 1);
        if (!Position::from_fen(p.fen)) {
            if (error) *error = path + ":" + std::to_string(line_number) + ": bad FEN";
            return std::nullopt;
        }
        problems.push_back(std::move(p));
    }
    return problems;
}

MateSuiteResult run_mate_suite(const std::vector<MateProblem>& problems, const Limits& limits,
                               const EngineOptions& options, std::ostream* log) {
    Engine engine(options);
    MateSuiteResult result;
    const auto start = std::chrono::steady_clock::now();
    for (const MateProblem& p : problems) {
        const auto pos = Position::from_fen(p.fen);
        if (!pos) continue;
        engine.new_game();
        int64_t first_ms = -1;
        uint64_t first_nodes = 0;
        const Result r = engine.search(*pos, limits, [&](const Info& info) {
            if (first_ms < 0 && info.multipv == 1 && info.score >= MATE_BOUND &&
                info.bound == Bound::Exact) {
                first_ms = info.time_ms;
                first_nodes = info.nodes;
            }
        });
        const bool solved = r.score >= MATE_BOUND;
        if (solved && first_ms < 0) {  // the mate came with the final report only
            first_ms = r.time_ms;
            first_nodes = r.nodes;
        }
        ++result.problems;
        result.solved += solved;
        result.solve_ms.push_back(solved ? first_ms : -1);
        result.solve_nodes.push_back(solved ? first_nodes : 0);
        if (log)
            *log << "problem " << result.problems << " (mate " << p.moves << "): "
                 << (solved ? "solved, mate " + std::to_string(mate_in_moves(r.score)) + " after " +
                                  std::to_string(first_ms) + " ms, " + std::to_string(first_nodes) +
                                  " nodes"
                            : std::string("not solved"))
                 << "\n";
    }
    result.total_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::search
