// The line of a running step's log that the pipeline's progress line shows:
// the last one that says something. Match logs end each block of results
// with a rule of dashes, and a progress line comes only every few seconds,
// so the newest line is often the rule.
#pragma once

#include <string>

namespace pantheon::pipeline {

// The last line of the log at `path` with a letter or a digit in it (carriage
// returns count as line ends), cut to at most `max_chars`; "" when the file
// is missing or has none.
std::string last_progress_line(const std::string& path, std::size_t max_chars = 160);

}  // namespace pantheon::pipeline
