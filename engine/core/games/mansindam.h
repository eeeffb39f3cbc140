// Mansindam: its board, pieces and rules as constants (SPEC "Mansindam"), and the
// fixed positions its benchmarks and fingerprints use. Part of
// engine/core/variant.h, which includes it in the sources compiled for this
// game (and only there); include variant.h instead.
#pragma once

#if !defined(PANTHEON_VARIANT_NS)
#error "include engine/core/variant.h, not a game's header"
#endif

// The hand-crafted evaluation's values of this game, written by `pantheon
// tune` (engine/search/eval_params.h includes the file named here).
#define PANTHEON_VARIANT_EVAL_WEIGHTS "engine/search/eval_weights.h"

namespace pantheon {
PANTHEON_VARIANT_BEGIN

struct Mansindam {
    static constexpr std::string_view name = "mansindam";
    static constexpr int files = 9;
    static constexpr int ranks = 9;
    static constexpr int promotion_zone_depth = 3;
    static constexpr bool promotion_optional = false;        // mandatory in the zone
    static constexpr bool pawn_captures_diagonally = false;  // fW moves and captures
    static constexpr bool pawn_multi_step = false;
    static constexpr bool castling = false;  // and so no en passant either
    static constexpr bool campmate = true;
    static constexpr bool pawn_drop_mate_allowed = true;
    static constexpr bool doubled_pawn_drop_allowed = false;
    static constexpr bool draws = false;  // stalemate and repetition lose
    static constexpr std::string_view start_fen =
        "rnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] w - - 0 1";
    // The search benchmark (engine/search/bench.h): its default depth (a few
    // seconds of search) and its positions. With one thread its node count is
    // the search's signature (docs/BENCHMARKS.md): changing either changes it.
    static constexpr int bench_depth = 12;
    static constexpr std::string_view bench_fens[] = {
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
    // The positions of the engine fingerprint (selfplay/engine_fingerprint.h),
    // which a self-play run records: the start and an opening position.
    static constexpr std::string_view fingerprint_fens[] = {
        "rnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] w - - 0 1",
        "rnbak1cnm/6q2/ppppppppp/9/9/3PP3C/PPP2PPPP/5B3/MN1QKA1NR[] b - - 9 5",
    };
    // The search's values where the games differ too much for one value to
    // fit (engine/search/search_params.h says what each does).
    struct Search {
        // LMR_DIVISOR: 1.8 accepted by an SPRT (2.2 before); 1.6 was level
        // (docs/TUNING.md, 2026-12-06).
        static constexpr double lmr_divisor = 1.8;
        static constexpr int lmr_history_divisor = 6000;
        // Accepted by an SPRT with the net (docs/TUNING.md, 2026-11-27).
        static constexpr bool singular_extension = true;
        static constexpr int history_pruning_margin = 3000;
        // Not decided yet by an SPRT (docs/TUNING.md).
        static constexpr bool continuation_history = false;
        // The clock planned for 30 more moves (no other value tested here).
        static constexpr int tm_moves_to_go = 30;
        // Accepted by an SPRT at 3+0.03 (docs/TUNING.md, 2026-11-27).
        static constexpr double tm_new_iteration_share = 0.75;
    };
};
using Variant = Mansindam;

// Unpromoted types first (the promotable ones, then those that never promote),
// then the king, then the promoted forms in the order of their base types.
enum PieceType : uint8_t {
    PAWN,
    KNIGHT,
    BISHOP,
    ROOK,
    CARDINAL,
    MARSHAL,  // promotable
    QUEEN,
    ANGEL,  // never promote
    KING,
    GUARD,
    CENTAUR,
    ARCHER,
    TIGER,
    RHINO,
    SHIP,  // promoted P N B R C M
    PIECE_TYPE_NB
};
constexpr int PROMOTABLE_NB = 6;         // PAWN..MARSHAL promote
constexpr int HAND_TYPE_NB = 8;          // PAWN..ANGEL can be held in hand
constexpr int PROMOTION_OFFSET = GUARD;  // promoted type = base + offset

// FEN letter of each unpromoted type (promoted types print '+' and the base).
constexpr std::string_view PIECE_LETTERS = "PNBRCMQAK";

// How many of each hand type exist in the whole game (both sides).
constexpr uint8_t MATERIAL_TOTAL[HAND_TYPE_NB] = {18, 4, 2, 2, 2, 2, 2, 2};

// Order in which hand pieces are written in FEN, matching common tools.
constexpr PieceType HAND_PRINT_ORDER[HAND_TYPE_NB] = {PAWN,  ANGEL, MARSHAL, CARDINAL,
                                                      QUEEN, ROOK,  BISHOP,  KNIGHT};

constexpr uint8_t PIECE_MOVES[PIECE_TYPE_NB] = {
    MOVE_PAWN,                               // Pawn      fW
    MOVE_KNIGHT,                             // Knight    N
    MOVE_BISHOP,                             // Bishop    B
    MOVE_ROOK,                               // Rook      R
    MOVE_BISHOP | MOVE_KNIGHT,               // Cardinal  BN
    MOVE_ROOK | MOVE_KNIGHT,                 // Marshal   RN
    MOVE_ROOK | MOVE_BISHOP,                 // Queen     RB
    MOVE_ROOK | MOVE_BISHOP | MOVE_KNIGHT,   // Angel     RBN
    MOVE_WAZIR | MOVE_FERZ,                  // King      K
    MOVE_WAZIR | MOVE_FERZ,                  // Guard     WF
    MOVE_KNIGHT | MOVE_WAZIR | MOVE_FERZ,    // Centaur   WFN
    MOVE_BISHOP | MOVE_WAZIR,                // Archer    BW
    MOVE_ROOK | MOVE_FERZ,                   // Tiger     RF
    MOVE_BISHOP | MOVE_KNIGHT | MOVE_WAZIR,  // Rhino     BNW
    MOVE_ROOK | MOVE_KNIGHT | MOVE_FERZ,     // Ship      RNF
};

constexpr std::string_view PIECE_NAMES[PIECE_TYPE_NB] = {
    "pawn", "knight", "bishop",  "rook",   "cardinal", "marshal", "queen", "angel",
    "king", "guard",  "centaur", "archer", "tiger",    "rhino",   "ship"};

// Plain piece values in centipawns (the king's 0) for a crude material count:
// the greedy test engine's (tests/tools/test_engine.cpp).
constexpr int ROUGH_PIECE_VALUE[PIECE_TYPE_NB] = {100, 300, 350, 500, 700, 800, 900, 1100,
                                                  0,   200, 400, 450, 600, 800, 900};

// What data files store of this game, pinned (docs/DATA_FORMAT.md; the pins
// every game shares are in data/disk_codes.h): the board and the numbers of
// the piece types. Changing them is a compile error here instead of a silent
// change of what existing files mean.
static_assert(Variant::files == 9 && Variant::ranks == 9);
static_assert(PAWN == 0 && KNIGHT == 1 && BISHOP == 2 && ROOK == 3 && CARDINAL == 4 &&
                  MARSHAL == 5 && QUEEN == 6 && ANGEL == 7 && KING == 8 && GUARD == 9 &&
                  CENTAUR == 10 && ARCHER == 11 && TIGER == 12 && RHINO == 13 && SHIP == 14 &&
                  PIECE_TYPE_NB == 15 && HAND_TYPE_NB == 8 && PROMOTION_OFFSET == 9,
              "Mansindam piece types on disk: P N B R C M Q A K +P +N +B +R +C +M");

PANTHEON_VARIANT_END
}  // namespace pantheon
