# A library whose sources depend on the variant (engine/core/variant.h) is
# compiled once per variant: <name> for Mansindam, <name>_pandemonium for
# Pandemonium. VARIANT_DEPS are such libraries too; each copy links the copy of
# its own variant (d, or d_pandemonium); PRIVATE_VARIANT_DEPS likewise, but
# privately, so that the copy's variant definition stays out of whatever links
# it (a variant-free library can then link both copies). DEPS and PRIVATE_DEPS
# are variant-free and linked as they are. The variant definition reaches every
# copy through the core it links (a PUBLIC definition of pantheon_core*).
set(PANTHEON_VARIANTS MANSINDAM PANDEMONIUM)

function(pantheon_variant_suffix variant out)
  if(variant STREQUAL "MANSINDAM")
    set(${out} "" PARENT_SCOPE)
  else()
    string(TOLOWER "_${variant}" suffix)
    set(${out} "${suffix}" PARENT_SCOPE)
  endif()
endfunction()

function(pantheon_add_variant_library name)
  cmake_parse_arguments(ARG "" "" "SOURCES;VARIANT_DEPS;PRIVATE_VARIANT_DEPS;DEPS;PRIVATE_DEPS" ${ARGN})
  foreach(variant ${PANTHEON_VARIANTS})
    pantheon_variant_suffix(${variant} suffix)
    set(target ${name}${suffix})
    add_library(${target} ${ARG_SOURCES})
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
