// The variant a translation unit is compiled for. Board size, piece set,
// movement and promotion are constants here so that hot paths never test the
// variant at run time.
//
// Both games live in one binary: the rules core is compiled once per variant
// (CMake builds the same sources into pantheon_core with
// PANTHEON_VARIANT_MANSINDAM and into pantheon_core_pandemonium with
// PANTHEON_VARIANT_PANDEMONIUM), and every variant-dependent declaration sits
// in an inline namespace named after the variant (PANTHEON_VARIANT_BEGIN /
// PANTHEON_VARIANT_END). Code compiled for one variant writes plain
// `pantheon::Position`; the two definitions never meet at link time because
// they are pantheon::mansindam::Position and pantheon::pandemonium::Position.
// A command that serves both games compiles its variant part once per variant
// and dispatches at the top (docs/ARCHITECTURE.md).
#pragma once

#include <cstdint>
#include <string_view>

#if defined(PANTHEON_VARIANT_MANSINDAM) && defined(PANTHEON_VARIANT_PANDEMONIUM)
#error "a translation unit is compiled for exactly one variant"
#endif

#if defined(PANTHEON_VARIANT_PANDEMONIUM)
#define PANTHEON_VARIANT_NS pandemonium
#else
#define PANTHEON_VARIANT_NS mansindam
#endif
#define PANTHEON_VARIANT_BEGIN inline namespace PANTHEON_VARIANT_NS {
#define PANTHEON_VARIANT_END }
// `name` with the variant appended (`run_perft` -> `run_perft_pandemonium`):
// the entry points of a command's per-game halves, defined once in the source
// compiled for both games.
#define PANTHEON_VARIANT_ENTRY(name) PANTHEON_VARIANT_JOIN(name, PANTHEON_VARIANT_NS)
#define PANTHEON_VARIANT_JOIN(a, b) PANTHEON_VARIANT_JOIN_EXPANDED(a, b)
#define PANTHEON_VARIANT_JOIN_EXPANDED(a, b) a##_##b

namespace pantheon {

// The games of this binary by name (UCI_Variant, --variant); the first is the
// default.
inline constexpr std::string_view VARIANT_NAMES[] = {"mansindam", "pandemonium"};

PANTHEON_VARIANT_BEGIN

// Movement components: every piece is a union of these (Betza atoms).
enum MoveComponent : uint8_t {
    MOVE_WAZIR = 1 << 0,   // W: one step orthogonally
    MOVE_FERZ = 1 << 1,    // F: one step diagonally
    MOVE_KNIGHT = 1 << 2,  // N: knight jump
    MOVE_ROOK = 1 << 3,    // R: orthogonal slider
    MOVE_BISHOP = 1 << 4,  // B: diagonal slider
    MOVE_PAWN = 1 << 5,    // the pawn's capture (Variant::pawn_captures_diagonally)
};
constexpr int MOVE_COMPONENT_NB = 6;

#if !defined(PANTHEON_VARIANT_PANDEMONIUM)

struct Mansindam {
    static constexpr std::string_view name = "mansindam";
    static constexpr int files = 9;
    static constexpr int ranks = 9;
    static constexpr int promotion_zone_depth = 3;
    static constexpr bool promotion_optional = false;      // mandatory in the zone
    static constexpr bool pawn_captures_diagonally = false;  // fW moves and captures
    static constexpr bool pawn_multi_step = false;
    static constexpr bool castling = false;  // and so no en passant either
    static constexpr bool campmate = true;
    static constexpr bool pawn_drop_mate_allowed = true;
    static constexpr bool doubled_pawn_drop_allowed = false;
    static constexpr bool draws = false;  // stalemate and repetition lose
    static constexpr std::string_view start_fen =
        "rnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] w - - 0 1";
};
using Variant = Mansindam;

// Unpromoted types first (the promotable ones, then those that never promote),
// then the king, then the promoted forms in the order of their base types.
enum PieceType : uint8_t {
    PAWN, KNIGHT, BISHOP, ROOK, CARDINAL, MARSHAL,  // promotable
    QUEEN, ANGEL,                                   // never promote
    KING,
    GUARD, CENTAUR, ARCHER, TIGER, RHINO, SHIP,     // promoted P N B R C M
    PIECE_TYPE_NB
};
constexpr int PROMOTABLE_NB = 6;          // PAWN..MARSHAL promote
constexpr int HAND_TYPE_NB = 8;           // PAWN..ANGEL can be held in hand
constexpr int PROMOTION_OFFSET = GUARD;   // promoted type = base + offset

// FEN letter of each unpromoted type (promoted types print '+' and the base).
constexpr std::string_view PIECE_LETTERS = "PNBRCMQAK";

// How many of each hand type exist in the whole game (both sides).
constexpr uint8_t MATERIAL_TOTAL[HAND_TYPE_NB] = {18, 4, 2, 2, 2, 2, 2, 2};

// Order in which hand pieces are written in FEN, matching common tools.
constexpr PieceType HAND_PRINT_ORDER[HAND_TYPE_NB] = {PAWN,  ANGEL, MARSHAL, CARDINAL,
                                                      QUEEN, ROOK,  BISHOP,  KNIGHT};

constexpr uint8_t PIECE_MOVES[PIECE_TYPE_NB] = {
    MOVE_PAWN,                              // Pawn      fW
    MOVE_KNIGHT,                            // Knight    N
    MOVE_BISHOP,                            // Bishop    B
    MOVE_ROOK,                              // Rook      R
    MOVE_BISHOP | MOVE_KNIGHT,              // Cardinal  BN
    MOVE_ROOK | MOVE_KNIGHT,                // Marshal   RN
    MOVE_ROOK | MOVE_BISHOP,                // Queen     RB
    MOVE_ROOK | MOVE_BISHOP | MOVE_KNIGHT,  // Angel     RBN
    MOVE_WAZIR | MOVE_FERZ,                 // King      K
    MOVE_WAZIR | MOVE_FERZ,                 // Guard     WF
    MOVE_KNIGHT | MOVE_WAZIR | MOVE_FERZ,   // Centaur   WFN
    MOVE_BISHOP | MOVE_WAZIR,               // Archer    BW
    MOVE_ROOK | MOVE_FERZ,                  // Tiger     RF
    MOVE_BISHOP | MOVE_KNIGHT | MOVE_WAZIR, // Rhino     BNW
    MOVE_ROOK | MOVE_KNIGHT | MOVE_FERZ,    // Ship      RNF
};

constexpr std::string_view PIECE_NAMES[PIECE_TYPE_NB] = {
    "pawn", "knight", "bishop", "rook",  "cardinal", "marshal", "queen", "angel",
    "king", "guard",  "centaur", "archer", "tiger",  "rhino",   "ship"};

#else  // Pandemonium (seed 003, SPEC "Pandemonium")

struct Pandemonium {
    static constexpr std::string_view name = "pandemonium";
    static constexpr int files = 10;
    static constexpr int ranks = 10;
    static constexpr int promotion_zone_depth = 2;
    static constexpr bool promotion_optional = true;        // except pawns: mandatory
    static constexpr bool pawn_captures_diagonally = true;  // moves fW, captures fF
    static constexpr bool pawn_multi_step = true;  // 3 from the 2nd rank, 2 from the 3rd
    static constexpr bool castling = true;         // with en passant: both in the state
    static constexpr bool campmate = false;
    static constexpr bool pawn_drop_mate_allowed = false;
    static constexpr bool doubled_pawn_drop_allowed = true;
    static constexpr bool draws = true;  // stalemate and repetition draw
    static constexpr std::string_view start_fen =
        "rnbqkmcbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBQKMCBNR[] w KQkq - 0 1";
};
using Variant = Pandemonium;

enum PieceType : uint8_t {
    PAWN, KNIGHT, BISHOP, ROOK, CARDINAL, MARSHAL,  // promotable
    QUEEN,                                          // never promotes
    KING,
    GILDING, SCEPTER, HORSE, DRAGON, WHOLE, APRICOT,  // promoted P N B R C M
    PIECE_TYPE_NB
};
constexpr int PROMOTABLE_NB = 6;
constexpr int HAND_TYPE_NB = 7;            // PAWN..QUEEN can be held in hand
constexpr int PROMOTION_OFFSET = GILDING;  // promoted type = base + offset

constexpr std::string_view PIECE_LETTERS = "PNBRCMQK";

constexpr uint8_t MATERIAL_TOTAL[HAND_TYPE_NB] = {20, 4, 4, 4, 2, 2, 2};

// Hand order of the reference files (Fairy-Stockfish): M C Q R B N P.
constexpr PieceType HAND_PRINT_ORDER[HAND_TYPE_NB] = {MARSHAL, CARDINAL, QUEEN, ROOK,
                                                      BISHOP,  KNIGHT,   PAWN};

constexpr uint8_t PIECE_MOVES[PIECE_TYPE_NB] = {
    MOVE_PAWN,                             // Pawn      fW, captures fF
    MOVE_KNIGHT,                           // Knight    N
    MOVE_BISHOP,                           // Bishop    B
    MOVE_ROOK,                             // Rook      R
    MOVE_BISHOP | MOVE_KNIGHT,             // Cardinal  BN
    MOVE_ROOK | MOVE_KNIGHT,               // Marshal   RN
    MOVE_ROOK | MOVE_BISHOP,               // Queen     RB
    MOVE_WAZIR | MOVE_FERZ,                // King      K
    MOVE_ROOK | MOVE_BISHOP,               // Gilding   Q
    MOVE_KNIGHT | MOVE_WAZIR | MOVE_FERZ,  // Scepter   NK
    MOVE_BISHOP | MOVE_WAZIR,              // Horse     BK
    MOVE_ROOK | MOVE_FERZ,                 // Dragon    RK
    MOVE_ROOK | MOVE_BISHOP,               // Whole     Q
    MOVE_ROOK | MOVE_BISHOP,               // Apricot   Q
};

constexpr std::string_view PIECE_NAMES[PIECE_TYPE_NB] = {
    "pawn", "knight",  "bishop", "rook",   "cardinal", "marshal", "queen",
    "king", "gilding", "scepter", "horse", "dragon",   "whole",   "apricot"};

#endif

PANTHEON_VARIANT_END
}  // namespace pantheon
