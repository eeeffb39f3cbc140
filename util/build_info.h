// The identity of this build: version, source commit, compiler and the
// instruction sets it was compiled for. Everything a run leaves behind (nets,
// data manifests, PGN headers, match states, training logs) carries it, so a
// result found on a cluster can be matched to the binary that made it.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace pantheon::util {

struct BuildIdentity {
    std::string version;   // the project's version (CMake project())
    std::string commit;    // 12 hex digits, "-dirty" when built from a changed tree, or "unknown"
    std::string compiler;  // name and version
    std::string simd;      // instruction-set extensions the build targets, e.g. "avx2" or "none"
};

// This binary's identity (fixed at build time).
const BuildIdentity& build_identity();

// One line: "pantheon 0.1.0 (commit 0123456789ab, gcc 12.2.0, avx2)".
std::string build_identity_line();

// As a JSON object {version, commit, compiler, simd}.
nlohmann::json build_identity_json();

}  // namespace pantheon::util
