#include "util/text_file.h"

#include <fstream>
#include <sstream>

namespace pantheon::util {

bool read_text_file(const std::string& path, std::string& out, std::string* error) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        if (error) *error = "cannot open '" + path + "'";
        return false;
    }
    std::ostringstream ss;
    ss << in.rdbuf();
    out = ss.str();
    return true;
}

}  // namespace pantheon::util
