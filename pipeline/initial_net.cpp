#include "pipeline/initial_net.h"

#include "util/atomic_file.h"
#include "util/text_file.h"

namespace pantheon::pipeline {

bool pin_initial_net(const std::string& source, const std::filesystem::path& copy,
                     std::ostream& note, std::string* error) {
    std::string source_bytes;
    const bool source_read = util::read_text_file(source, source_bytes, nullptr);
    if (std::filesystem::exists(copy)) {
        std::string copy_bytes;
        if (!util::read_text_file(copy.string(), copy_bytes, error)) return false;
        if (source_read && source_bytes == copy_bytes) return true;
        note << "pipeline: the initial net '" << source << "' "
             << (source_read ? "is not the one this run started from"
                             : "cannot be read")
             << "; the run goes on with its copy " << copy.string() << "\n";
        return true;
    }
    if (!source_read) {
        if (error) *error = "cannot read the initial net '" + source + "'";
        return false;
    }
    return util::write_file_atomically(copy.string(), source_bytes, error);
}

}  // namespace pantheon::pipeline
