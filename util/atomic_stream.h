// An output stream whose bytes are published atomically (util/atomic_file.h)
// when commit() succeeds: for outputs written piece by piece through
// std::ostream (text exports). A failed write sets the stream's badbit and
// keeps the first error for commit(); a stream never committed publishes
// nothing.
#pragma once

#include <ostream>
#include <streambuf>
#include <string>
#include <vector>

#include "util/atomic_file.h"

namespace pantheon::util {

class AtomicFileBuffer : public std::streambuf {
  public:
    AtomicFileBuffer();
    bool open(const std::string& path, std::string* error);
    // Writes what is buffered, then publishes the file.
    bool commit(std::string* error);
    const std::string& failure() const { return error_; }

  protected:
    int_type overflow(int_type c) override;
    int sync() override;

  private:
    bool drain();

    AtomicFile file_;
    std::vector<char> buffer_;
    std::string error_;  // the first failure
};

class AtomicOutputStream : public std::ostream {
  public:
    AtomicOutputStream() : std::ostream(&buffer_) {}
    bool open(const std::string& path, std::string* error) { return buffer_.open(path, error); }
    bool commit(std::string* error) { return buffer_.commit(error); }
    // Why a write failed ("" if none did).
    const std::string& failure() const { return buffer_.failure(); }

  private:
    AtomicFileBuffer buffer_;
};

}  // namespace pantheon::util
