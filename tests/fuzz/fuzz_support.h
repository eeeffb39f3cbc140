// What every fuzz target shares: how a broken expectation is reported (an
// abort, which libFuzzer saves as a crash input) and a scratch file for the
// parsers that only read from a path, as the binary's own commands do.
#pragma once

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <string_view>

namespace pantheon::fuzz {

[[noreturn]] inline void fail(std::string_view target, std::string_view what,
                              std::string_view detail = {}) {
    std::fprintf(stderr, "%.*s: %.*s%s%.*s\n", int(target.size()), target.data(),
                 int(what.size()), what.data(), detail.empty() ? "" : ": ", int(detail.size()),
                 detail.data());
    std::abort();
}

// A file of this process under $TMPDIR (else /tmp), named after the target
// and `suffix`, holding the given bytes; rewritten for every input.
class ScratchFile {
  public:
    explicit ScratchFile(std::string_view name) {
        const char* dir = std::getenv("TMPDIR");
        path_ = std::string(dir && *dir ? dir : "/tmp") + "/pantheon-fuzz-" +
                std::to_string(getpid()) + "-" + std::string(name);
    }
    ~ScratchFile() { std::remove(path_.c_str()); }
    ScratchFile(const ScratchFile&) = delete;
    ScratchFile& operator=(const ScratchFile&) = delete;

    const std::string& write(const uint8_t* data, size_t size) {
        std::ofstream out(path_, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(data), std::streamsize(size));
        out.close();
        if (!out) fail("scratch file", "cannot write", path_);
        return path_;
    }
    const std::string& path() const { return path_; }

  private:
    std::string path_;
};

}  // namespace pantheon::fuzz
