// A subcommand is one file and one line (docs/ARCHITECTURE.md, "Adding a
// subcommand"): every name of PANTHEON_FOR_EACH_COMMAND (app/commands.h) has
// its app/cmd_<name>.cpp, every app/cmd_<name>.cpp is in the list (else the
// build compiles it and the binary never registers it), and every game half
// app/cmd_<name>_game.cpp belongs to a command of the list.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <string>

#include "app/commands.h"

namespace pantheon::app {
namespace {

namespace fs = std::filesystem;

#define PANTHEON_COMMAND_NAME(name) #name,
const std::set<std::string> COMMANDS = {PANTHEON_FOR_EACH_COMMAND(PANTHEON_COMMAND_NAME)};
#undef PANTHEON_COMMAND_NAME

const std::string GAME_HALF_SUFFIX = "_game";

// The <name> of every app/cmd_<name>.cpp, with or without the game halves'
// suffix.
std::set<std::string> command_files(bool game_halves) {
    std::set<std::string> names;
    for (const auto& entry : fs::directory_iterator(PANTHEON_APP_DIR)) {
        const std::string file = entry.path().filename().string();
        if (file.rfind("cmd_", 0) != 0 || entry.path().extension() != ".cpp") continue;
        std::string name = entry.path().stem().string().substr(4);
        const bool half = name.size() > GAME_HALF_SUFFIX.size() && name.ends_with(GAME_HALF_SUFFIX);
        if (half != game_halves) continue;
        if (half) name.resize(name.size() - GAME_HALF_SUFFIX.size());
        names.insert(name);
    }
    return names;
}

TEST(CommandFiles, EveryListedCommandHasItsFileAndEveryFileIsListed) {
    EXPECT_EQ(command_files(false), COMMANDS);
}

TEST(CommandFiles, EveryGameHalfBelongsToAListedCommand) {
    const std::set<std::string> halves = command_files(true);
    EXPECT_FALSE(halves.empty());
    for (const std::string& name : halves)
        EXPECT_TRUE(COMMANDS.count(name)) << "app/cmd_" << name << "_game.cpp";
}

}  // namespace
}  // namespace pantheon::app
