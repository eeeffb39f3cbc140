#include "pipeline/run_settings.h"

#include <filesystem>
#include <stdexcept>

#include "util/append_file.h"

namespace pantheon::pipeline {

bool check_run_settings(const RunDir& dir, const PipelineConfig& c, bool allow_change,
                        std::string& settings, std::ostream& err) {
    settings = settings_text(c);
    if (!std::filesystem::exists(dir.settings_file())) {
        write_file_atomically(dir.settings_file(), settings);
        return true;
    }
    const auto diffs = settings_differences(read_file(dir.settings_file()), settings);
    if (diffs.empty()) return true;
    std::string list;
    for (const auto& d : diffs) list += "  " + d + "\n";
    if (!allow_change) {
        err << "error: " << dir.root().string() << " was started with other settings:\n"
            << list
            << "Use the original settings, or --allow-config-change to go on with these "
               "(finished steps are kept).\n";
        return false;
    }
    std::string error;
    if (!util::append_to_file(dir.history_file().string(),
                              now_text() + ": settings changed\n" + list, &error))
        throw std::runtime_error(error);
    write_file_atomically(dir.settings_file(), settings);
    err << "pipeline: settings changed (recorded in " << dir.history_file().string() << "):\n"
        << list;
    return true;
}

}  // namespace pantheon::pipeline
