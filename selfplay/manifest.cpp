#include "selfplay/manifest.h"

#include <filesystem>
#include <map>
#include <sstream>

#include "util/atomic_file.h"
#include "util/text_file.h"

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

namespace fs = std::filesystem;

std::string manifest_text(const Settings& settings) {
    std::string text =
        "# pantheon selfplay manifest: the settings that determine the games in this\n"
        "# directory. A run with other settings refuses to continue here.\n";
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

bool check_or_write_manifest(const std::string& dir, const Settings& settings, std::string* error) {
    const fs::path path = fs::path(dir) / MANIFEST_NAME;
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
    if (!util::write_file_atomically(path.string(), manifest_text(settings), error)) return false;
    // Read back: a shard started at the same moment with other settings may
    // have published its manifest over ours.
    return check_or_write_manifest(dir, settings, error);
}

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
