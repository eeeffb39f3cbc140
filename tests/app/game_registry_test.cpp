// The game registries: every game of engine/core/games.h has its commands,
// UCI sessions and match rules under its own name, and a name no game has is
// refused, with the list of games where a message is given.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/data_variant.h"
#include "app/game_commands.h"
#include "data/file_format.h"
#include "engine/core/games.h"
#include "engine/uci/any_session.h"
#include "match/variant_rules.h"

namespace pantheon::app {
namespace {

TEST(GameRegistry, EveryGameHasItsCommandsUnderItsName) {
    for (std::string_view game : VARIANT_NAMES) {
        const GameCommands* commands = find_game(game);
        ASSERT_NE(commands, nullptr) << game;
        EXPECT_EQ(commands->name, game);
        EXPECT_NE(commands->perft, nullptr);
        EXPECT_NE(commands->train, nullptr);
        EXPECT_NE(commands->view, nullptr);
    }
    EXPECT_NE(find_game(VARIANT_NAMES[0]), find_game(VARIANT_NAMES[1]));
}

TEST(GameRegistry, AnUnknownGameIsRefusedWithTheList) {
    EXPECT_EQ(find_game("chess"), nullptr);
    EXPECT_EQ(find_game("Mansindam"), nullptr);  // names are exact; --variant checks them
    std::ostringstream err;
    EXPECT_EQ(find_game("chess", err), nullptr);
    EXPECT_EQ(err.str(), "error: unknown game 'chess' (the games: mansindam, pandemonium)\n");
    EXPECT_EQ(run_for_game("chess", &GameCommands::perft, PerftRequest{}), EXIT_UNKNOWN_GAME);
}

TEST(GameRegistry, TheGameListIsTheNamesInOrder) {
    EXPECT_EQ(game_names(), "mansindam, pandemonium");
    EXPECT_TRUE(is_game("pandemonium"));
    EXPECT_FALSE(is_game(""));
}

TEST(GameRegistry, UciSessionsAndMatchRulesFollowTheSameList) {
    for (std::string_view game : VARIANT_NAMES) {
        std::ostringstream out;
        EXPECT_NE(uci::make_game_session(game, out, VARIANT_NAMES[0]), nullptr) << game;
        const match::VariantRules* rules = match::variant_rules(game);
        ASSERT_NE(rules, nullptr) << game;
        EXPECT_EQ(rules->name(), game);
    }
    std::ostringstream out;
    EXPECT_EQ(uci::make_game_session("chess", out, VARIANT_NAMES[0]), nullptr);
    EXPECT_EQ(match::variant_rules("chess"), nullptr);
}

TEST(GameRegistry, DataOfAGameThisBinaryDoesNotPlayIsRefused) {
    // A data file whose header names a game that is not in the list.
    const std::string path = ::testing::TempDir() + "game_registry_chess.pgd";
    data::format::FileHeader header;
    header.variant = "chess";
    const auto bytes = data::format::encode_header(header);
    std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                                std::streamsize(bytes.size()));
    std::string variant, error;
    EXPECT_FALSE(resolve_data_variant({path}, "", variant, &error));
    EXPECT_NE(error.find("'chess'"), std::string::npos) << error;
    EXPECT_NE(error.find("mansindam, pandemonium"), std::string::npos) << error;
    std::filesystem::remove(path);

    // No files: the given game, else the first.
    ASSERT_TRUE(resolve_data_variant({}, "", variant, &error));
    EXPECT_EQ(variant, VARIANT_NAMES[0]);
    ASSERT_TRUE(resolve_data_variant({}, "pandemonium", variant, &error));
    EXPECT_EQ(variant, "pandemonium");
}

}  // namespace
}  // namespace pantheon::app
