#include "match/player.h"

#include <gtest/gtest.h>

using namespace pantheon::match;

TEST(PlayerSpecTest, ParsesEveryKey) {
    PlayerConfig p;
    std::string error;
    ASSERT_TRUE(apply_player_spec(
        "name=fsf cmd=/opt/fsf arg=--x arg='two words' dir=/tmp option.UCI_Variant=mansindam "
        "option.VariantPath=\"/a b/variants.ini\" hash=64 threads=2 tc=10+0.1 nodes=5000 depth=7",
        p, &error))
        << error;
    EXPECT_EQ(p.name, "fsf");
    EXPECT_FALSE(p.internal);
    EXPECT_EQ(p.command, "/opt/fsf");
    ASSERT_EQ(p.args.size(), 2u);
    EXPECT_EQ(p.args[1], "two words");
    EXPECT_EQ(p.working_dir, "/tmp");
    ASSERT_EQ(p.options.size(), 4u);
    EXPECT_EQ(p.options[0].first, "UCI_Variant");
    EXPECT_EQ(p.options[1].second, "/a b/variants.ini");
    EXPECT_EQ(p.options[2], std::make_pair(std::string("Hash"), std::string("64")));
    EXPECT_EQ(p.limits.tc.base_ms, 10000);
    EXPECT_EQ(p.limits.tc.increment_ms, 100);
    EXPECT_EQ(p.limits.nodes, 5000);
    EXPECT_EQ(p.limits.depth, 7);
    EXPECT_EQ(p.limits.pgn_text(), "10+0.1");
    EXPECT_EQ(p.limits.go_bounds(), " nodes 5000 depth 7");  // the clock goes before them
    EXPECT_EQ(SearchLimits{}.go_bounds(), "");

    // The spec text parses back to the same player.
    PlayerConfig again;
    ASSERT_TRUE(apply_player_spec(p.spec(), again, &error)) << error;
    EXPECT_EQ(again.spec(), p.spec());
}

TEST(PlayerSpecTest, LaterTokensOverrideAndInternalIsDefault) {
    PlayerConfig p;
    ASSERT_TRUE(apply_player_spec("tc=1+0 hash=16", p, nullptr));
    ASSERT_TRUE(apply_player_spec("name=a st=0.5 hash=32 eval=net.bin", p, nullptr));
    EXPECT_TRUE(p.internal);
    EXPECT_EQ(p.limits.movetime_ms, 500);
    ASSERT_EQ(p.options.size(), 3u);
    EXPECT_EQ(p.options[0].second, "32");
    EXPECT_EQ(p.options[1].first, "EvalFile");
    EXPECT_EQ(p.options[2].first, "Use NNUE");  // eval= also switches our engine to the net
    EXPECT_EQ(p.options[2].second, "true");
}

TEST(PlayerSpecTest, EvalChoosesHandCraftedBuiltinOrFile) {
    using Options = std::vector<std::pair<std::string, std::string>>;
    auto options_of = [](const char* spec) {
        PlayerConfig p;
        EXPECT_TRUE(apply_player_spec(spec, p, nullptr)) << spec;
        return p.options;
    };
    EXPECT_EQ(options_of("eval=hce"), (Options{{"Use NNUE", "false"}}));
    EXPECT_EQ(options_of("eval=builtin"), (Options{{"EvalFile", "<empty>"}, {"Use NNUE", "true"}}));
    EXPECT_EQ(options_of("eval="), (Options{{"EvalFile", "<empty>"}, {"Use NNUE", "true"}}));
    EXPECT_EQ(options_of("eval=./hce"), (Options{{"EvalFile", "./hce"}, {"Use NNUE", "true"}}));
    // A later eval=hce drops a net chosen before (e.g. by --each).
    PlayerConfig p;
    ASSERT_TRUE(apply_player_spec("name=x eval=a.nnue", p, nullptr));
    ASSERT_TRUE(apply_player_spec("eval=hce", p, nullptr));
    EXPECT_EQ(p.options, (Options{{"Use NNUE", "false"}}));
    PlayerConfig again;
    ASSERT_TRUE(apply_player_spec(p.spec(), again, nullptr));
    EXPECT_EQ(again.options, p.options);
}

TEST(PlayerSpecTest, RejectsBadInput) {
    for (const char* bad : {"name", "tc=abc", "tc=-1+0", "depth=x", "nodes=1.5", "colour=red",
                            "name='open", "st=0"}) {
        PlayerConfig p;
        std::string error;
        EXPECT_FALSE(apply_player_spec(bad, p, &error)) << bad;
        EXPECT_FALSE(error.empty());
    }
}

TEST(TimeControlTest, Parses) {
    EXPECT_EQ(parse_time_control("60", nullptr)->base_ms, 60000);
    EXPECT_EQ(parse_time_control("0.5+0.05", nullptr)->increment_ms, 50);
    EXPECT_EQ(parse_time_control("10+0.1", nullptr)->text(), "10+0.1");
    EXPECT_FALSE(parse_time_control("0+1", nullptr));
    EXPECT_FALSE(parse_time_control("40/60", nullptr));
}
