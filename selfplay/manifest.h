// The manifest of a self-play output directory: the settings that determine
// its games. A run writes it before any chunk and refuses to continue in a
// directory whose manifest says otherwise, so one directory never mixes games
// of different settings.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "engine/core/variant.h"

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

using Settings = std::vector<std::pair<std::string, std::string>>;

constexpr const char* MANIFEST_NAME = "selfplay-manifest.txt";

// "key = value" lines with a comment header.
std::string manifest_text(const Settings& settings);
// Parses manifest_text's output; false with a message on a malformed line.
bool parse_manifest(const std::string& text, Settings& settings, std::string* error);

// Writes the manifest into `dir` if it has none (published atomically,
// util/atomic_file.h), else compares it with `settings`. False with a
// message listing every difference when they disagree, or on I/O failure.
bool check_or_write_manifest(const std::string& dir, const Settings& settings, std::string* error);

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
