// Whole text files: read in one go, and written atomically (temporary file,
// fsync, rename, directory fsync) so a reader or a crash never sees half a
// file. Used for match state and summaries, pipeline records and reports.
#pragma once

#include <string>

namespace pantheon::util {

// Reads a whole file; false with a message if it cannot.
bool read_text_file(const std::string& path, std::string& out, std::string* error);
// Writes a file atomically; false with a message (nothing replaced) if it cannot.
bool write_file_atomically(const std::string& path, const std::string& text, std::string* error);

}  // namespace pantheon::util
