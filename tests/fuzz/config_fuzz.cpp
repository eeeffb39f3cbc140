// libFuzzer target: TOML config files, read as `pantheon --config FILE
// COMMAND` reads them: the binary's own command line (register_commands)
// parses the file for each command below, and stops once parsing is
// complete, before any command runs. A file must be taken or refused with a
// CLI11 parse error (main() prints those and exits non-zero); anything else
// escaping the parser (another exception, a crash) fails.
#include <string>
#include <vector>

#include "app/commands.h"
#include "tests/fuzz/fuzz_support.h"

namespace {

// The commands whose settings live in configs/*.toml, and two more.
const std::vector<std::vector<std::string>> COMMANDS = {
    {"selfplay"}, {"train"}, {"pipeline"}, {"tune"}, {"match"}, {"data", "verify"}, {}};

// Thrown by the top app's parse-complete callback, which CLI11 runs after
// every option, config value and requirement is processed and before the
// commands' callbacks. (The callbacks cannot simply be replaced: they own
// the storage the options write into.)
struct ParseComplete {};

void parse(const std::string& config, const std::vector<std::string>& command) {
    CLI::App app{"pantheon"};
    pantheon::app::ExitCode exit_code;
    pantheon::app::register_commands(app, exit_code);
    app.parse_complete_callback([] { throw ParseComplete{}; });
    std::vector<std::string> args = {"pantheon", "--config", config};
    args.insert(args.end(), command.begin(), command.end());
    std::vector<const char*> argv;
    for (const std::string& a : args) argv.push_back(a.c_str());
    try {
        app.parse(int(argv.size()), argv.data());
    } catch (const CLI::ParseError&) {
        // Refused with a message, as main() reports it.
    } catch (const ParseComplete&) {
        // Taken: the command would run now.
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static pantheon::fuzz::ScratchFile file("config.toml");
    file.write(data, size);
    for (const std::vector<std::string>& command : COMMANDS) parse(file.path(), command);
    return 0;
}
