#include "util/build_info.h"

#include "build_info_commit.h"  // generated: PANTHEON_GIT_COMMIT

namespace pantheon::util {

namespace {

std::string compiler_name() {
#if defined(__clang__)
    return "clang " __clang_version__;
#elif defined(__GNUC__)
    return "gcc " __VERSION__;
#else
    return "unknown compiler";
#endif
}

// The widest extensions the compiler was told it may use; the kernels pick
// their backend from the same predefined macros (nnue/simd.h).
std::string target_extensions() {
    std::string s;
    const auto add = [&s](const char* name) { s += s.empty() ? name : std::string("+") + name; };
#if defined(__AVX512BW__)
    add("avx512bw");
#endif
#if defined(__AVX512VNNI__) || defined(__AVXVNNI__)
    add("vnni");
#endif
#if defined(__AVX2__)
    add("avx2");
#endif
#if defined(__BMI2__)
    add("bmi2");
#endif
    return s.empty() ? "none" : s;
}

BuildIdentity make_identity() {
    BuildIdentity id;
    id.version = PANTHEON_VERSION;
    id.commit = PANTHEON_GIT_COMMIT;
    id.compiler = compiler_name();
    id.simd = target_extensions();
    return id;
}

}  // namespace

const BuildIdentity& build_identity() {
    static const BuildIdentity identity = make_identity();
    return identity;
}

std::string build_identity_line() {
    const BuildIdentity& id = build_identity();
    return "pantheon " + id.version + " (commit " + id.commit + ", " + id.compiler + ", " +
           id.simd + ")";
}

nlohmann::json build_identity_json() {
    const BuildIdentity& id = build_identity();
    return {{"version", id.version},
            {"commit", id.commit},
            {"compiler", id.compiler},
            {"simd", id.simd}};
}

}  // namespace pantheon::util
