// The manifest of an output directory: the settings that determine the games
// in it (a self-play run's, or a rescoring's). A run writes it before any
// chunk and refuses to continue in a directory whose manifest says
// otherwise, so one directory never mixes games of different settings.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/variant.h"

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

using Settings = std::vector<std::pair<std::string, std::string>>;

constexpr const char* MANIFEST_NAME = "selfplay-manifest.txt";

// Which run's manifest: its file name and the command that writes it.
struct ManifestKind {
    const char* file_name;
    const char* command;  // "selfplay": in the header and messages
};
inline constexpr ManifestKind SELFPLAY_MANIFEST{MANIFEST_NAME, "selfplay"};

// "key = value" lines with a comment header.
std::string manifest_text(const Settings& settings, const ManifestKind& kind = SELFPLAY_MANIFEST);
// Parses manifest_text's output; false with a message on a malformed line.
bool parse_manifest(const std::string& text, Settings& settings, std::string* error);

// A hash (net, book, engine fingerprint) as a manifest value: 16 hex digits.
std::string manifest_hex(uint64_t value);

// Writes the manifest into `dir` if it has none (published atomically,
// util/atomic_file.h), else compares it with `settings`. False with a
// message listing every difference when they disagree, or on I/O failure.
bool check_or_write_manifest(const std::string& dir, const Settings& settings, std::string* error,
                             const ManifestKind& kind = SELFPLAY_MANIFEST);

// Makes `dir` a run's output directory: creates it, refuses it if it holds
// data files but not this kind of manifest (their games were not made by
// such a run, whose settings could be checked), then check_or_write_manifest.
bool prepare_output_dir(const std::string& dir, const Settings& settings, const ManifestKind& kind,
                        std::string* error);

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
