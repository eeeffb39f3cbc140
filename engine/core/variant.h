// The game a translation unit is compiled for. Board size, piece set,
// movement and promotion are constants here so that hot paths never test the
// game at run time.
//
// Every game lives in one binary: each per-variant library is compiled once
// per game of engine/core/games.h (CMake defines the game's namespace and
// header for a copy, e.g. pantheon_core for Mansindam, pantheon_core_pandemonium
// for Pandemonium), and every variant-dependent declaration sits in an inline
// namespace named after the game (PANTHEON_VARIANT_BEGIN / PANTHEON_VARIANT_END).
// Code compiled for one game writes plain `pantheon::Position`; the copies
// never meet at link time because they are pantheon::mansindam::Position and
// pantheon::pandemonium::Position. A block left outside those macros would be
// a silent ODR violation; the build.variant_namespaces test catches it
// (cmake/check_variant_namespaces.cmake). Variant-free code reaches a game's
// copy by name through a registry (app/run_for_game.h, engine/uci/any_session.h,
// match/variant_rules.h), once at the top of a command.
//
// The game's own definitions are in engine/core/games/<name>.h.
#pragma once

#include <cstdint>
#include <string_view>

#include "engine/core/games.h"

// The game's namespace (a name of engine/core/games.h) and its header, which
// the build defines for every source compiled for a game: the core the source
// links brings them (pantheon_compile_for_game, cmake/variant_library.cmake).
// The build also refuses a target that links two games' cores.
#if !defined(PANTHEON_VARIANT_NS) || !defined(PANTHEON_VARIANT_HEADER)
#error "a source that includes variant.h is compiled for one game: link one copy of pantheon_core"
#endif
#define PANTHEON_VARIANT_BEGIN inline namespace PANTHEON_VARIANT_NS {
#define PANTHEON_VARIANT_END }

namespace pantheon {

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

PANTHEON_VARIANT_END
}  // namespace pantheon

// Variant (the game's constants), PieceType and the piece tables.
#include PANTHEON_VARIANT_HEADER

static_assert(pantheon::is_game(pantheon::Variant::name),
              "the game compiled for is listed in engine/core/games.h");
#define PANTHEON_VARIANT_TEXT_(ns) #ns
#define PANTHEON_VARIANT_TEXT(ns) PANTHEON_VARIANT_TEXT_(ns)
static_assert(pantheon::Variant::name == PANTHEON_VARIANT_TEXT(PANTHEON_VARIANT_NS),
              "the game's namespace is its name");
#undef PANTHEON_VARIANT_TEXT
#undef PANTHEON_VARIANT_TEXT_
