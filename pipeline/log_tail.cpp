#include "pipeline/log_tail.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <iterator>

namespace pantheon::pipeline {

namespace {

// How much of the log's end is read: many progress lines' worth.
constexpr std::streamoff TAIL_BYTES = 8192;

bool says_something(const std::string& line) {
    return std::any_of(line.begin(), line.end(),
                       [](unsigned char c) { return std::isalnum(c) != 0; });
}

}  // namespace

std::string last_progress_line(const std::string& path, std::size_t max_chars) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return "";
    in.seekg(0, std::ios::end);
    const std::streamoff size = in.tellg();
    in.seekg(std::max<std::streamoff>(0, size - TAIL_BYTES));
    std::string tail((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::replace(tail.begin(), tail.end(), '\r', '\n');
    std::size_t end = tail.size();
    while (end > 0) {
        const std::size_t newline = tail.rfind('\n', end - 1);
        const std::size_t begin = newline == std::string::npos ? 0 : newline + 1;
        std::string line = tail.substr(begin, end - begin);
        while (!line.empty() && line.back() == ' ') line.pop_back();
        if (says_something(line)) return line.substr(0, max_chars);
        if (newline == std::string::npos) break;
        end = newline;
    }
    return "";
}

}  // namespace pantheon::pipeline
