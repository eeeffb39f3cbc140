// libFuzzer target: UCI command lines, through the binary's UCI front
// (uci::run: the session of each game and the UCI_Variant switch), one input
// being one session's standard input. The engine parses every line as given,
// except that the fuzz target keeps each run short and small first:
//   go:        "depth 1 nodes 100" appended (later parameters win, so every
//              search stops at once) and perft depths above 2 lowered to 2;
//              after 16 of them, further go lines become "isready";
//   setoption: Hash at most 4 MB, Threads at most 2 (values beyond the
//              option's announced range stay, to be refused), an EvalFile path
//              moved below a directory that does not exist, so that no input
//              makes the engine read a device or a huge file.
// A session must never crash, and the search must never return an illegal
// move (the session reports that as an internal error).
#include <sstream>
#include <string>
#include <string_view>

#include "engine/uci/any_session.h"
#include "engine/uci/uci_parse.h"
#include "tests/fuzz/fuzz_support.h"

namespace {

using namespace pantheon::uci;

constexpr std::string_view TARGET = "uci_fuzz";
constexpr std::string_view SEARCH_LIMITS = " depth 1 nodes 100";
constexpr int64_t MAX_PERFT_DEPTH = 2;
constexpr int MAX_SEARCHES = 16;  // per input
constexpr int64_t MAX_HASH_MB = 4;
constexpr int64_t MAX_THREADS = 2;
// The ranges the engine announces (engine/uci/uci_options.cpp).
constexpr int64_t HASH_OPTION_MAX = 65536;
constexpr int64_t THREADS_OPTION_MAX = 256;
constexpr std::string_view MISSING_DIR = "/nonexistent-pantheon-fuzz/";

std::string join(const std::vector<std::string>& words) {
    std::string line;
    for (const std::string& w : words) line += (line.empty() ? "" : " ") + w;
    return line;
}

std::string tame_go(std::string_view line) {
    std::vector<std::string> words;
    for (std::string_view w : split_words(line)) words.emplace_back(w);
    for (size_t i = 0; i + 1 < words.size(); ++i) {
        const auto depth = parse_integer(words[i + 1]);
        if (words[i] == "perft" && depth && *depth > MAX_PERFT_DEPTH)
            words[i + 1] = std::to_string(MAX_PERFT_DEPTH);
    }
    return join(words) + std::string(SEARCH_LIMITS);
}

std::string tame_setoption(std::string_view line) {
    const auto opt = parse_setoption(arguments(line, "setoption"), nullptr);
    if (!opt) return std::string(line);
    std::string value = opt->value;
    const auto number = parse_integer(value);
    const auto lower = [&](int64_t most, int64_t option_max) {
        return number && *number > most && *number <= option_max;
    };
    if (equals_ignore_case(opt->name, "Hash") && lower(MAX_HASH_MB, HASH_OPTION_MAX))
        value = std::to_string(MAX_HASH_MB);
    else if (equals_ignore_case(opt->name, "Threads") && lower(MAX_THREADS, THREADS_OPTION_MAX))
        value = std::to_string(MAX_THREADS);
    else if (equals_ignore_case(opt->name, "EvalFile") && !value.empty() && value != "<empty>")
        value = std::string(MISSING_DIR) + value;
    else
        return std::string(line);
    return "setoption name " + opt->name + " value " + value;
}

std::string tame(std::string_view line, int& searches) {
    const std::string_view cmd = command_word(line);
    if (cmd == "go") return ++searches <= MAX_SEARCHES ? tame_go(line) : "isready";
    if (cmd == "setoption") return tame_setoption(line);
    return std::string(line);
}

constexpr std::string_view INTERNAL_ERROR_REPORT = "info string internal error";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::istringstream raw(std::string(reinterpret_cast<const char*>(data), size));
    std::string lines;
    int searches = 0;
    for (std::string line; std::getline(raw, line);) lines += tame(line, searches) + '\n';
    std::istringstream in(lines);
    std::ostringstream out;
    run(in, out, pantheon::VARIANT_NAMES[0]);
    const std::string said = out.str();
    // The engine's own report opens its line; the same words inside an
    // echoed bad input (a FEN quoted back) are not one.
    std::istringstream said_lines(said);
    for (std::string line; std::getline(said_lines, line);)
        if (line.rfind(INTERNAL_ERROR_REPORT, 0) == 0)
            pantheon::fuzz::fail(TARGET, "the engine reported an internal error", said);
    return 0;
}
