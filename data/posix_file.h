// A file opened for reading: positioned reads of whole buffers. (Files are
// written by util/atomic_file.h.)
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "util/unique_fd.h"

namespace pantheon::data {

class PosixFile {
  public:
    bool open_read(const std::string& path, std::string* error);
    bool is_open() const { return fd_.valid(); }
    void close() { fd_.reset(); }

    // Reads exactly bytes.size() bytes at offset; false on error or end of file.
    bool pread_all(std::span<uint8_t> bytes, uint64_t offset, std::string* error) const;
    uint64_t size() const;

  private:
    util::UniqueFd fd_;
};

}  // namespace pantheon::data
