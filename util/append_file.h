// A file that grows by whole records (a match's PGN, a settings history):
// append() writes one record and fsyncs it; if any part of the write fails
// (a full disk) the file is cut back to its length before the record, so a
// reader never finds part of one. (A record cut by a kill -9 mid-write is
// the owner's to drop on resume: the match state records the PGN's length.)
// Files published whole are written by util/atomic_file.h instead.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "util/unique_fd.h"

namespace pantheon::util {

class AppendFile {
  public:
    // Opens (creating if missing) for appending; `truncate` empties it first.
    bool open(const std::string& path, bool truncate, std::string* error);
    bool is_open() const { return fd_.valid(); }
    void close() { fd_.reset(); }

    // Writes the record and syncs it; on failure the file is as before.
    bool append(std::string_view record, std::string* error);
    // Drops everything after the first `size` bytes (records a caller could
    // not account for).
    bool cut_back(uint64_t size, std::string* error);
    uint64_t size() const { return size_; }

  private:
    bool fail(const std::string& what, int err, std::string* error);

    std::string path_;
    UniqueFd fd_;
    uint64_t size_ = 0;
};

// Opens, appends one record, closes.
bool append_to_file(const std::string& path, std::string_view record, std::string* error);

}  // namespace pantheon::util
