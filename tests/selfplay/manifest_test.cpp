#include "selfplay/manifest.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "selfplay/options.h"
#include "tests/test_dir.h"

namespace pantheon::selfplay {
namespace {

using pantheon::test::TestDir;

TEST(SelfplayManifest, TextRoundTrips) {
    const Settings settings{{"seed", "7"}, {"nodes", "5000"}, {"book", "none"}};
    Settings parsed;
    ASSERT_TRUE(parse_manifest(manifest_text(settings), parsed, nullptr));
    EXPECT_EQ(parsed, settings);
    std::string error;
    EXPECT_FALSE(parse_manifest("seed: 7\n", parsed, &error));
    EXPECT_NE(error.find("line 1"), std::string::npos);
}

TEST(SelfplayManifest, WrittenOnceThenCompared) {
    TestDir dir;
    const Settings settings{{"seed", "7"}, {"nodes", "5000"}};
    std::string error;
    ASSERT_TRUE(check_or_write_manifest(dir.str(), settings, &error)) << error;
    EXPECT_TRUE(std::filesystem::exists(dir.file(MANIFEST_NAME)));
    EXPECT_TRUE(check_or_write_manifest(dir.str(), settings, &error)) << error;
    // No temporary files are left behind.
    int files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir.str())) ++files, (void)entry;
    EXPECT_EQ(files, 1);

    const Settings other{{"seed", "8"}, {"nodes", "5000"}, {"depth", "3"}};
    EXPECT_FALSE(check_or_write_manifest(dir.str(), other, &error));
    EXPECT_NE(error.find("seed: directory has '7', this run has '8'"), std::string::npos) << error;
    EXPECT_NE(error.find("depth: directory has '(absent)'"), std::string::npos) << error;
    EXPECT_NE(error.find("new --out"), std::string::npos) << error;
}

TEST(SelfplayManifest, OnlyGameChangingSettingsEnterIt) {
    SelfplayOptions a;
    SelfplayOptions b = a;
    b.threads = 7;
    b.shard_index = 1;
    b.shard_count = 3;
    b.games = 12345;
    b.max_chunks = 2;
    b.out_dir = "elsewhere";
    b.progress = false;
    EXPECT_EQ(game_settings(a, 0, 1), game_settings(b, 0, 1));
    b.search.nodes = 1234;
    EXPECT_NE(game_settings(a, 0, 1), game_settings(b, 0, 1));
    EXPECT_NE(game_settings(a, 0, 1), game_settings(a, 0, 2));  // another engine
    a.book = "book.epd";
    EXPECT_NE(game_settings(a, 5, 1), game_settings(a, 6, 1));  // another book content
}

TEST(SelfplayManifest, APlayoutCapEntersItOnlyWhenOn) {
    SelfplayOptions off;
    SelfplayOptions on = off;
    on.playout_cap.cheap_nodes = 500;  // no effect while the full share is 1
    EXPECT_EQ(game_settings(off, 0, 1), game_settings(on, 0, 1));
    on.playout_cap.full_share = 0.25;
    const auto settings = game_settings(on, 0, 1);
    EXPECT_NE(settings, game_settings(off, 0, 1));
    const auto has = [&](const std::string& name, const std::string& value) {
        for (const auto& [n, v] : settings)
            if (n == name) return v == value;
        return false;
    };
    EXPECT_TRUE(has("full_search_share", "0.250000"));
    EXPECT_TRUE(has("cheap_nodes", "500"));
}

TEST(SelfplayOptionsValidation, RejectsUnusableSettings) {
    SelfplayOptions o;
    o.games = 10;
    o.out_dir = "out";
    EXPECT_EQ(validate(o), "");
    auto bad = [&](auto change, const std::string& word) {
        SelfplayOptions c = o;
        change(c);
        const std::string why = validate(c);
        EXPECT_NE(why.find(word), std::string::npos) << "'" << why << "' lacks " << word;
    };
    bad([](SelfplayOptions& c) { c.games = 0; }, "--games");
    bad([](SelfplayOptions& c) { c.out_dir.clear(); }, "--out");
    bad([](SelfplayOptions& c) { c.search.nodes = 0; }, "--nodes");
    bad([](SelfplayOptions& c) { c.threads = 0; }, "--threads");
    bad([](SelfplayOptions& c) { c.random_plies_min = 9, c.random_plies_max = 8; }, "random-plies");
    bad([](SelfplayOptions& c) { c.multipv = 0; }, "--multipv");
    bad([](SelfplayOptions& c) { c.max_plies = 5; }, "--max-plies");
    bad([](SelfplayOptions& c) { c.chunk_games = 0; }, "--chunk-games");
    bad([](SelfplayOptions& c) { c.shard_index = 2, c.shard_count = 2; }, "shard");
    bad([](SelfplayOptions& c) { c.playout_cap.full_share = 0; }, "--full-search-share");
    bad([](SelfplayOptions& c) { c.playout_cap.full_share = 1.5; }, "--full-search-share");
    bad([](SelfplayOptions& c) { c.playout_cap.full_share = 0.5; }, "--cheap-nodes");
    bad([](SelfplayOptions& c) { c.playout_cap = {0.5, c.search.nodes}; }, "--cheap-nodes");
}

}  // namespace
}  // namespace pantheon::selfplay
