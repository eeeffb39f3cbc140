# A library whose sources depend on the game (engine/core/variant.h) is
# compiled once per game of engine/core/games.h: <name> for the first game
# (Mansindam), <name>_<game> for each other (<name>_pandemonium). VARIANT_DEPS
# are such libraries too; each copy links the copy of its own game (d, or
# d_pandemonium); PRIVATE_VARIANT_DEPS likewise, but privately, so that the
# copy's game definition stays out of whatever links it (a variant-free
# library can then link every copy). DEPS and PRIVATE_DEPS are variant-free
# and linked as they are. The game definition reaches every copy through the
# core it links (pantheon_compile_for_game: PUBLIC on pantheon_core*).
#
# Every copy is recorded (pantheon_variant_libraries), so that the test
# build.variant_namespaces can check that each keeps its definitions inside
# its game's namespace (cmake/check_variant_namespaces.cmake).

# The games, read from the one list of them (PANTHEON_FOR_EACH_GAME in
# engine/core/games.h), upper case: MANSINDAM PANDEMONIUM.
file(STRINGS "${PROJECT_SOURCE_DIR}/engine/core/games.h" games_line
     REGEX "^#define PANTHEON_FOR_EACH_GAME\\(X\\)")
string(REGEX MATCHALL "X\\([a-z0-9_]+\\)" games_entries "${games_line}")
set(PANTHEON_VARIANTS "")
foreach(entry ${games_entries})
  string(REGEX REPLACE "X\\(([a-z0-9_]+)\\)" "\\1" game "${entry}")
  string(TOUPPER "${game}" game)
  list(APPEND PANTHEON_VARIANTS ${game})
endforeach()
if(NOT PANTHEON_VARIANTS)
  message(FATAL_ERROR "no games found in engine/core/games.h (PANTHEON_FOR_EACH_GAME)")
endif()
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
             "${PROJECT_SOURCE_DIR}/engine/core/games.h")
list(GET PANTHEON_VARIANTS 0 PANTHEON_FIRST_VARIANT)

# The suffix of a game's copies: "" for the first game, else _<game>.
function(pantheon_variant_suffix variant out)
  if(variant STREQUAL PANTHEON_FIRST_VARIANT)
    set(${out} "" PARENT_SCOPE)
  else()
    string(TOLOWER "_${variant}" suffix)
    set(${out} "${suffix}" PARENT_SCOPE)
  endif()
endfunction()

# Compiles `target`, and whatever links it publicly, for `variant`: the
# game's namespace and its header (engine/core/variant.h reads both, and the
# header names the rest of the game's own values). The game is also an
# interface property that must agree across everything a target links, so
# CMake refuses a target that links two games' copies publicly.
function(pantheon_compile_for_game target variant)
  string(TOLOWER "${variant}" game)
  target_compile_definitions(${target} PUBLIC
    PANTHEON_VARIANT_NS=${game}
    PANTHEON_VARIANT_HEADER="engine/core/games/${game}.h")
  set_property(TARGET ${target} PROPERTY INTERFACE_PANTHEON_GAME ${game})
  set_property(TARGET ${target} APPEND PROPERTY COMPATIBLE_INTERFACE_STRING PANTHEON_GAME)
endfunction()

# Records `target` as the copy of a per-variant library for `variant`.
function(pantheon_record_variant_library target variant)
  string(TOLOWER "${variant}" game)
  set_property(GLOBAL APPEND PROPERTY pantheon_variant_libraries "${target}:${game}")
endfunction()

function(pantheon_add_variant_library name)
  cmake_parse_arguments(ARG "" "" "SOURCES;VARIANT_DEPS;PRIVATE_VARIANT_DEPS;DEPS;PRIVATE_DEPS" ${ARGN})
  foreach(variant ${PANTHEON_VARIANTS})
    pantheon_variant_suffix(${variant} suffix)
    set(target ${name}${suffix})
    add_library(${target} ${ARG_SOURCES})
    pantheon_record_variant_library(${target} ${variant})
    target_include_directories(${target} PUBLIC ${PROJECT_SOURCE_DIR})
    foreach(dep ${ARG_VARIANT_DEPS})
      target_link_libraries(${target} PUBLIC ${dep}${suffix})
    endforeach()
    foreach(dep ${ARG_PRIVATE_VARIANT_DEPS})
      target_link_libraries(${target} PRIVATE ${dep}${suffix})
    endforeach()
    if(ARG_DEPS)
      target_link_libraries(${target} PUBLIC ${ARG_DEPS})
    endif()
    if(ARG_PRIVATE_DEPS)
      target_link_libraries(${target} PRIVATE ${ARG_PRIVATE_DEPS})
    endif()
  endforeach()
endfunction()

# Every copy of the per-variant library `name`, one per game.
function(pantheon_variant_targets name out)
  set(targets "")
  foreach(variant ${PANTHEON_VARIANTS})
    pantheon_variant_suffix(${variant} suffix)
    list(APPEND targets ${name}${suffix})
  endforeach()
  set(${out} ${targets} PARENT_SCOPE)
endfunction()
