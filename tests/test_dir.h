// A fresh directory for the running test, removed with its contents when the
// object goes: every test module's temporary files live in one of these.
// The name carries the test's suite, name and process id, so tests run side
// by side (ctest -j) never share one.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <cctype>
#include <filesystem>
#include <string>
#include <system_error>

namespace pantheon::test {

class TestDir {
  public:
    // `tag` tells apart two directories of the same test.
    explicit TestDir(const std::string& tag = "") {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        std::string name = "pantheon_" + std::string(info ? info->test_suite_name() : "none") +
                           "_" + (info ? info->name() : "none") + (tag.empty() ? "" : "_" + tag);
        for (char& c : name)
            if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-') c = '_';
        path_ = std::filesystem::temp_directory_path() / (name + "_" + std::to_string(::getpid()));
        std::filesystem::remove_all(path_);
        std::filesystem::create_directories(path_);
    }
    ~TestDir() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    TestDir(const TestDir&) = delete;
    TestDir& operator=(const TestDir&) = delete;

    const std::filesystem::path& path() const { return path_; }
    std::string str() const { return path_.string(); }
    // The path of an entry in the directory.
    std::string file(const std::string& name) const { return (path_ / name).string(); }

  private:
    std::filesystem::path path_;
};

}  // namespace pantheon::test
