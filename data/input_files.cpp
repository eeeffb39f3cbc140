#include "data/input_files.h"

#include <algorithm>
#include <filesystem>

#include "data/file_format.h"

namespace pantheon::data {

bool expand_inputs(const std::vector<std::string>& inputs, std::vector<std::string>& files,
                   std::string* error) {
    namespace fs = std::filesystem;
    for (const std::string& input : inputs) {
        std::error_code ec;
        const fs::file_status st = fs::status(input, ec);
        if (ec || !fs::exists(st)) {
            if (error) *error = input + ": no such file or directory";
            return false;
        }
        if (!fs::is_directory(st)) {
            files.push_back(input);
            continue;
        }
        std::vector<std::string> found;
        for (const auto& entry : fs::directory_iterator(input, ec))
            if (entry.is_regular_file() && entry.path().extension() == DATA_FILE_EXTENSION)
                found.push_back(entry.path().string());
        if (ec) {
            if (error) *error = input + ": " + ec.message();
            return false;
        }
        std::sort(found.begin(), found.end());
        files.insert(files.end(), found.begin(), found.end());
    }
    return true;
}

bool inputs_variant(const std::vector<std::string>& inputs, std::string& variant,
                    std::string* error) {
    std::vector<std::string> files;
    if (!expand_inputs(inputs, files, error)) return false;
    variant.clear();
    std::string first_file;
    for (const std::string& path : files) {
        format::FileHeader h;
        if (!format::read_header(path, h, error)) return false;
        if (first_file.empty()) {
            variant = h.variant;
            first_file = path;
        } else if (h.variant != variant) {
            if (error)
                *error = path + " holds " + h.variant + " data but " + first_file + " holds " +
                         variant + " data; give files of one game";
            return false;
        }
    }
    return true;
}

}  // namespace pantheon::data
