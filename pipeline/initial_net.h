// The run's own copy of its initial net. A run is judged against the net it
// started from (gen 0's gate, the anchor's "start" figure, the report), so
// it must not change when the file the settings name is replaced later (a
// new built-in net, a retrained file): the first start copies it into the
// run directory and every step reads the copy.
#pragma once

#include <filesystem>
#include <ostream>
#include <string>

namespace pantheon::pipeline {

// Makes sure `copy` holds the run's initial net: copied from `source`
// (atomically) when missing; when present, kept, with a note on `note` if
// `source` now differs from it or cannot be read. False with a message when
// there is no copy and `source` cannot be read. The copy's directory must
// exist (RunDir::create makes it).
bool pin_initial_net(const std::string& source, const std::filesystem::path& copy,
                     std::ostream& note, std::string* error);

}  // namespace pantheon::pipeline
