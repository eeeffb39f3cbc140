// Reading the command lines the pipeline builds, for its tests.
#pragma once

#include <string>

#include "pipeline/step_commands.h"

namespace pantheon::pipeline {

// Whether `args` holds `key` directly followed by `value`.
inline bool has_pair(const Args& args, const std::string& key, const std::string& value) {
    for (size_t i = 0; i + 1 < args.size(); ++i)
        if (args[i] == key && args[i + 1] == value) return true;
    return false;
}

}  // namespace pantheon::pipeline
