// Thin RAII wrapper over a POSIX file descriptor opened for reading:
// positioned reads of whole buffers. (Files are written by
// util/atomic_file.h.)
#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace pantheon::data {

class PosixFile {
  public:
    PosixFile() = default;
    ~PosixFile() { close(); }
    PosixFile(PosixFile&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
    PosixFile& operator=(PosixFile&& other) noexcept;
    PosixFile(const PosixFile&) = delete;
    PosixFile& operator=(const PosixFile&) = delete;

    bool open_read(const std::string& path, std::string* error);
    bool is_open() const { return fd_ >= 0; }
    void close();

    // Reads exactly bytes.size() bytes at offset; false on error or end of file.
    bool pread_all(std::span<uint8_t> bytes, uint64_t offset, std::string* error) const;
    uint64_t size() const;

  private:
    int fd_ = -1;
};

}  // namespace pantheon::data
