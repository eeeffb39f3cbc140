// The variant compiled into this build. Board size, piece set, movement and
// promotion are constants here so that hot paths never test the variant at run
// time; a second variant (Pandemonium) adds its own block selected by the
// PANTHEON_VARIANT_* definition that CMake sets.
#pragma once

#include <cstdint>
#include <string_view>

namespace pantheon {

// Movement components: every piece is a union of these (Betza atoms).
enum MoveComponent : uint8_t {
    MOVE_WAZIR = 1 << 0,   // W: one step orthogonally
    MOVE_FERZ = 1 << 1,    // F: one step diagonally
    MOVE_KNIGHT = 1 << 2,  // N: knight jump
    MOVE_ROOK = 1 << 3,    // R: orthogonal slider
    MOVE_BISHOP = 1 << 4,  // B: diagonal slider
    MOVE_PAWN = 1 << 5,    // fW: one step forward (moves and captures)
};
constexpr int MOVE_COMPONENT_NB = 6;

#if defined(PANTHEON_VARIANT_MANSINDAM) || !defined(PANTHEON_VARIANT_PANDEMONIUM)

struct Mansindam {
    static constexpr std::string_view name = "mansindam";
    static constexpr int files = 9;
    static constexpr int ranks = 9;
    static constexpr int promotion_zone_depth = 3;
    static constexpr bool pawn_drop_mate_allowed = true;
    static constexpr bool doubled_pawn_drop_allowed = false;
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

#endif

}  // namespace pantheon
