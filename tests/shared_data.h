// The read-only data directory beside the repository (reference perft files,
// the openings book), for every test module. Tests that read it skip, with a
// message, when it is missing, so a checkout without ../shared still passes.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <system_error>

namespace pantheon::test {

inline std::filesystem::path shared_dir() { return std::filesystem::path(PANTHEON_SHARED_DIR); }

inline bool shared_dir_available() {
    std::error_code ec;
    return std::filesystem::is_directory(shared_dir(), ec);
}

// The shared openings book.
inline std::string shared_book_path() {
    return (shared_dir() / "openings" / "mansindam-book.epd").string();
}

}  // namespace pantheon::test

// Skips the current test when the shared data directory is missing.
#define PANTHEON_REQUIRE_SHARED_DIR()                                                     \
    do {                                                                                  \
        if (!::pantheon::test::shared_dir_available())                                    \
            GTEST_SKIP() << "shared data directory " << ::pantheon::test::shared_dir()    \
                         << " not found (expected beside the repository); skipping test " \
                            "that reads reference files";                                 \
    } while (0)
