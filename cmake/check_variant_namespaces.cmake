# The check behind the test build.variant_namespaces: every strong definition
# in a per-variant library (pantheon_add_variant_library and the cores) that
# lies in namespace pantheon:: must lie inside its game's namespace
# (pantheon::<game>::, or pantheon::<module>::<game>::, the inline namespace of
# engine/core/variant.h). A block of a per-variant source left outside
# PANTHEON_VARIANT_BEGIN / PANTHEON_VARIANT_END defines the same symbol in
# every game's copy, and the linker silently keeps one of them: an ODR
# violation that no compiler reports. Weak definitions (inline functions,
# templates: nm types W, V, u) are left alone; they are meant to be merged.
#
#   cmake -DNM=nm -DLIBRARIES=FILE -P check_variant_namespaces.cmake
#
# FILE holds one line per library: its path, a space, its game.
if(NOT NM OR NOT LIBRARIES)
  message(FATAL_ERROR "usage: cmake -DNM=nm -DLIBRARIES=FILE -P check_variant_namespaces.cmake")
endif()

file(STRINGS "${LIBRARIES}" entries)
set(offences "")
set(checked 0)
foreach(entry ${entries})
  string(REGEX REPLACE "^(.*) ([a-z0-9_]+)$" "\\1" library "${entry}")
  string(REGEX REPLACE "^(.*) ([a-z0-9_]+)$" "\\2" game "${entry}")
  execute_process(COMMAND "${NM}" -C --defined-only "${library}"
                  OUTPUT_VARIABLE symbols RESULT_VARIABLE status ERROR_VARIABLE nm_error)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${NM} failed on ${library}: ${nm_error}")
  endif()
  # CMake lists split at ';' and keep '[...]' together: neither may stay.
  string(REPLACE ";" "," symbols "${symbols}")
  string(REPLACE "[" "<" symbols "${symbols}")
  string(REPLACE "]" ">" symbols "${symbols}")
  # Object headers ("name.o:") and strong global definitions, in order.
  string(REGEX MATCHALL "[^\n]+\\.o:\n|[0-9a-f]* [TDBR] [^\n]+" lines "${symbols}")
  set(object "")
  foreach(line ${lines})
    if(line MATCHES "^([^\n]+\\.o):\n$")
      set(object "${CMAKE_MATCH_1}")
      continue()
    endif()
    string(REGEX REPLACE "^[0-9a-f]* [TDBR] " "" symbol "${line}")
    # The defined entity: the last pantheon:: name before the parameters that
    # starts the text or follows a space (a return type, "vtable for", ...).
    string(REGEX REPLACE "\\(.*$" "" head "${symbol}")
    string(REGEX MATCHALL "(^| )pantheon::[A-Za-z0-9_:]*" names "${head}")
    if(NOT names)
      continue()
    endif()
    list(GET names -1 name)
    string(STRIP "${name}" name)
    if(NOT "${name}::" MATCHES "::${game}::")
      list(APPEND offences "${library} (${object}): ${symbol}")
    endif()
  endforeach()
  math(EXPR checked "${checked} + 1")
endforeach()

if(offences)
  list(LENGTH offences count)
  string(REPLACE ";" "\n  " listed "${offences}")
  message(FATAL_ERROR
    "${count} definitions of per-variant libraries lie outside their game's namespace; "
    "wrap the source's namespace blocks in PANTHEON_VARIANT_BEGIN / PANTHEON_VARIANT_END "
    "(engine/core/variant.h):\n  ${listed}")
endif()
message(STATUS "${checked} per-variant libraries: every definition inside its game's namespace")
