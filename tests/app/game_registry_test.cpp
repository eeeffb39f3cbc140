// The game registries: every game of engine/core/games.h has its commands,
// UCI sessions and match rules under its own name, and a name no game has is
// refused, with the list of games where a message is given.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/cmd_perft.h"
#include "app/data_variant.h"
#include "app/game_view.h"
#include "app/run_for_game.h"
#include "data/file_format.h"
#include "engine/core/games.h"
#include "engine/uci/any_session.h"
#include "match/variant_rules.h"
#include "trainer/train_config.h"

namespace pantheon::app {
namespace {

TEST(GameRegistry, EveryGameHasItsCommandsUnderItsName) {
    for (std::string_view game : VARIANT_NAMES) {
        EXPECT_NE(game_half<PerftRequest>(game), nullptr) << game;
        EXPECT_NE(game_half<trainer::TrainConfig>(game), nullptr) << game;
        EXPECT_NE(game_half<ViewRequest>(game), nullptr) << game;
    }
    EXPECT_NE(game_half<PerftRequest>(VARIANT_NAMES[0]), game_half<PerftRequest>(VARIANT_NAMES[1]));
}

TEST(GameRegistry, AnUnknownGameIsRefusedWithTheList) {
    EXPECT_EQ(game_half<PerftRequest>("chess"), nullptr);
    // Names are exact; --variant checks them.
    EXPECT_EQ(game_half<PerftRequest>("Mansindam"), nullptr);
    std::ostringstream err;
    refuse_unknown_game("chess", err);
    EXPECT_EQ(err.str(), "error: unknown game 'chess' (the games: mansindam, pandemonium)\n");
    EXPECT_EQ(run_for_game("chess", PerftRequest{}), EXIT_UNKNOWN_GAME);
    EXPECT_EQ(run_for_game("chess", PerftRequest{}, 1), 1);
}

TEST(GameRegistry, TheLookupFindsTheEntryInTheListsOrder) {
    constexpr int entries[] = {10, 20};
    static_assert(find_game_entry(VARIANT_NAMES[1], entries) == 20);
    static_assert(find_game_entry("chess", entries) == 0);
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
