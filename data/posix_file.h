// Thin RAII wrapper over a POSIX file descriptor: whole-buffer writes,
// positioned reads, and the fsync + rename that publishes a file atomically.
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
    bool create(const std::string& path, std::string* error);  // truncates
    bool is_open() const { return fd_ >= 0; }
    void close();

    bool write_all(std::span<const uint8_t> bytes, std::string* error);
    bool pwrite_all(std::span<const uint8_t> bytes, uint64_t offset, std::string* error);
    // Reads exactly bytes.size() bytes at offset; false on error or end of file.
    bool pread_all(std::span<uint8_t> bytes, uint64_t offset, std::string* error) const;
    bool sync(std::string* error);
    uint64_t size() const;

  private:
    int fd_ = -1;
};

// Renames `from` to `to` and syncs the directory so the rename survives a crash.
bool publish_file(const std::string& from, const std::string& to, std::string* error);

}  // namespace pantheon::data
