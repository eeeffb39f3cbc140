#include "selfplay/manifest.h"

#include <cstdio>
#include <filesystem>
#include <map>
#include <sstream>

#include "data/input_files.h"
#include "util/atomic_file.h"
#include "util/build_info.h"
#include "util/text_file.h"

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

namespace fs = std::filesystem;

std::string manifest_text(const Settings& settings, const ManifestKind& kind) {
    std::string text = "# pantheon " + std::string(kind.command) +
                       " manifest: the settings that determine the games in this\n"
                       "# directory. A run with other settings refuses to continue here.\n"
                       "# Written by " + util::build_identity_line() + ".\n";
    for (const auto& [key, value] : settings) text += key + " = " + value + "\n";
    return text;
}

bool parse_manifest(const std::string& text, Settings& settings, std::string* error) {
    settings.clear();
    std::istringstream in(text);
    std::string line;
    for (int line_no = 1; std::getline(in, line); ++line_no) {
        if (line.empty() || line[0] == '#') continue;
        const size_t eq = line.find(" = ");
        if (eq == std::string::npos || eq == 0) {
            if (error) *error = "line " + std::to_string(line_no) + " is not 'key = value'";
            return false;
        }
        settings.emplace_back(line.substr(0, eq), line.substr(eq + 3));
    }
    return true;
}

std::string manifest_hex(uint64_t value) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(value));
    return buf;
}

namespace {

// Every key whose value differs or that only one side has, one per line.
std::string differences(const Settings& stored, const Settings& wanted) {
    std::map<std::string, std::pair<std::string, std::string>> both;
    for (const auto& [k, v] : stored) both[k].first = v;
    for (const auto& [k, v] : wanted) both[k].second = v;
    std::string out;
    for (const auto& [k, v] : both)
        if (v.first != v.second)
            out += "\n  " + k + ": directory has '" + (v.first.empty() ? "(absent)" : v.first) +
                   "', this run has '" + (v.second.empty() ? "(absent)" : v.second) + "'";
    return out;
}

}  // namespace

bool check_or_write_manifest(const std::string& dir, const Settings& settings, std::string* error,
                             const ManifestKind& kind) {
    const fs::path path = fs::path(dir) / kind.file_name;
    std::string text;
    if (fs::exists(path)) {
        Settings stored;
        std::string why;
        if (!util::read_text_file(path.string(), text, &why) ||
            !parse_manifest(text, stored, &why)) {
            if (error) *error = "cannot read manifest " + path.string() + " " + why;
            return false;
        }
        const std::string diff = differences(stored, settings);
        if (diff.empty()) return true;
        if (error)
            *error = "refusing to continue in '" + dir +
                     "': it holds games made with other settings (" + path.string() + "):" + diff +
                     "\nrun with the original settings to resume, or choose a new --out "
                     "directory";
        return false;
    }
    if (!util::write_file_atomically(path.string(), manifest_text(settings, kind), error))
        return false;
    // Read back: a shard started at the same moment with other settings may
    // have published its manifest over ours.
    return check_or_write_manifest(dir, settings, error, kind);
}

namespace {

// A directory without this kind of manifest must hold no data files.
bool check_no_data_files(const std::string& dir, const ManifestKind& kind, std::string* error) {
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec))
        if (entry.path().extension() == data::DATA_FILE_EXTENSION) {
            if (error)
                *error = "'" + dir + "' holds data files but no " + kind.file_name +
                         ": refusing to write " + kind.command + " games into it";
            return false;
        }
    if (ec && error) *error = "cannot list '" + dir + "': " + ec.message();
    return !ec;
}

}  // namespace

bool prepare_output_dir(const std::string& dir, const Settings& settings, const ManifestKind& kind,
                        std::string* error) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) {
        if (error) *error = "cannot create '" + dir + "': " + ec.message();
        return false;
    }
    if (!fs::exists(fs::path(dir) / kind.file_name) && !check_no_data_files(dir, kind, error))
        return false;
    return check_or_write_manifest(dir, settings, error, kind);
}

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
