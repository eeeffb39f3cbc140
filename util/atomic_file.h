// Publishing a file atomically, the one way every output of the system is
// written: the content goes to a temporary file of a unique name in the
// same directory (concurrent writers never share one), every write and the
// close are checked, the file is fsynced, renamed over the final name, and
// the directory is fsynced so the rename survives a crash. On any failure
// (a full disk, an I/O error) the temporary file is removed and nothing is
// published: a reader sees the old file or the new one, whole, never a part.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "util/unique_fd.h"

namespace pantheon::util {

class AtomicFile {
  public:
    AtomicFile() = default;
    ~AtomicFile() { discard(); }  // a file never committed is not published
    AtomicFile(AtomicFile&& other) noexcept;
    AtomicFile& operator=(AtomicFile&& other) noexcept;
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    // Creates the temporary file that commit() publishes as `path`.
    bool open(const std::string& path, std::string* error);
    bool is_open() const { return fd_.valid(); }
    const std::string& path() const { return path_; }

    // Appends bytes; on failure the temporary file is discarded.
    bool write(std::span<const uint8_t> bytes, std::string* error);
    bool write(std::string_view text, std::string* error);
    // Overwrites bytes at `offset` (a header completed last).
    bool write_at(std::span<const uint8_t> bytes, uint64_t offset, std::string* error);
    // fsync, close, rename over the final name, fsync of the directory.
    bool commit(std::string* error);
    // Removes the temporary file (nothing if none is open).
    void discard();

  private:
    bool fail(const std::string& what, int err, std::string* error);

    std::string path_, temp_;
    UniqueFd fd_;
};

// The whole content in one go.
bool write_file_atomically(const std::string& path, std::span<const uint8_t> bytes,
                           std::string* error);
bool write_file_atomically(const std::string& path, std::string_view text, std::string* error);

// Whether `name` (a file name, no directory) is a temporary file of an
// AtomicFile publishing `final_name` ("<final_name>.tmp-<unique>"), or the
// "<final_name>.tmp" of older versions.
bool is_temp_file_of(std::string_view name, std::string_view final_name);
// Removes the temporary files a killed writer of `path` left behind (their
// paths go to `removed`). Call it only while no other process may be
// writing `path` (under the run's lock, util/run_lock.h).
bool remove_temp_files(const std::string& path, std::vector<std::string>* removed,
                       std::string* error);

}  // namespace pantheon::util
