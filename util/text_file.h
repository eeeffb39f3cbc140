// Whole text files read in one go (match state and summaries, pipeline
// records and reports); they are written by util/atomic_file.h.
#pragma once

#include <string>

namespace pantheon::util {

// Reads a whole file; false with a message if it cannot.
bool read_text_file(const std::string& path, std::string& out, std::string* error);

}  // namespace pantheon::util
