// fastchess's spellings translated into `pantheon match`'s own options: its
// README's example command lines (with cmd=internal where they name engine
// programs that do not exist here), each option of its option list, and the
// refusal of what has no counterpart.
#include "match/fastchess_args.h"

#include <gtest/gtest.h>

#include "match/player.h"

using namespace pantheon::match;

namespace {

using Args = std::vector<std::string>;

Args translate(const Args& args) {
    std::string error;
    const auto out = translate_fastchess_args(args, &error);
    EXPECT_TRUE(out) << error;
    return out ? *out : Args{};
}

std::string refusal(const Args& args) {
    std::string error;
    EXPECT_FALSE(translate_fastchess_args(args, &error));
    return error;
}

TEST(FastchessArgs, ReadmeExample) {
    // fast-chess.exe -engine cmd=Engine1.exe name=Engine1 -engine cmd=Engine2.exe
    // name=Engine2 -each tc=10+0.1 -rounds 200 -repeat -concurrency 4
    const Args out = translate({"-engine", "cmd=internal", "name=Engine1", "-engine",
                                "cmd=internal", "name=Engine2", "-each", "tc=10+0.1", "-rounds",
                                "200", "-repeat", "-concurrency", "4"});
    EXPECT_EQ(out, (Args{"--engine", "cmd=internal name=Engine1", "--engine",
                         "cmd=internal name=Engine2", "--each", "tc=10+0.1", "--rounds", "200",
                         "--concurrency", "4", "--games-per-round", "2"}));
    // One game a round instead, the last of -games and -repeat counting.
    EXPECT_EQ(translate({"-rounds", "5", "-repeat", "-games", "1"}),
              (Args{"--rounds", "5", "--games-per-round", "1"}));
}

TEST(FastchessArgs, ReadmeOptionList) {
    // The option list of the README: -openings file=NAME format=FORMAT
    // order=ORDER plies=PLIES start=START, -draw, -resign, -sprt, -srand,
    // -pgnout, -games 2, -ratinginterval, -event, -site, -option.OPTION=VALUE.
    const Args out = translate({"-engine",
                                "cmd=internal",
                                "name=a",
                                "-engine",
                                "cmd=/opt/x",
                                "name=b",
                                "-option.Hash=16",
                                "-openings",
                                "file=book.pgn",
                                "format=pgn",
                                "order=random",
                                "plies=8",
                                "start=3",
                                "-draw",
                                "movenumber=40",
                                "movecount=8",
                                "score=10",
                                "-resign",
                                "movecount=3",
                                "score=600",
                                "-sprt",
                                "elo0=0",
                                "elo1=5",
                                "alpha=0.05",
                                "beta=0.1",
                                "-srand",
                                "7",
                                "-pgnout",
                                "notation=uci",
                                "file=out.pgn",
                                "-games",
                                "2",
                                "-ratinginterval",
                                "20",
                                "-event",
                                "test",
                                "-site",
                                "lab",
                                "-recover",
                                "-maxmoves",
                                "150",
                                "-variant",
                                "pandemonium"});
    EXPECT_EQ(out, (Args{"--engine",
                         "cmd=internal name=a",
                         "--engine",
                         "cmd=/opt/x name=b",
                         "--each",
                         "option.Hash=16",
                         "--openings",
                         "book.pgn",
                         "--openings-format",
                         "pgn",
                         "--openings-order",
                         "random",
                         "--openings-book-plies",
                         "8",
                         "--openings-start",
                         "2",  // fastchess counts from 1
                         "--draw-movenumber",
                         "40",
                         "--draw-movecount",
                         "8",
                         "--draw-score",
                         "10",
                         "--resign-moves",
                         "3",
                         "--resign-score",
                         "600",
                         "--sprt",
                         "0",
                         "5",
                         "0.05",
                         "0.1",
                         "--openings-seed",
                         "7",
                         "--pgn",
                         "out.pgn",
                         "--rating-interval",
                         "20",
                         "--event",
                         "test",
                         "--site",
                         "lab",
                         "--max-plies",
                         "300",
                         "--variant",
                         "pandemonium",
                         "--games-per-round",
                         "2"}));
}

TEST(FastchessArgs, EngineKeysBecomeOurSpec) {
    const Args out =
        translate({"-engine", "cmd=internal", "name=my engine", "nodes=5000", "st=0.5", "depth=7",
                   "option.Use NNUE=false", "proto=uci", "-engine", "cmd=fsf", "name=f",
                   "args=--uci --threads 1", "plies=4", "dir=/tmp"});
    ASSERT_EQ(out.size(), 4u);
    EXPECT_EQ(out[1],
              "cmd=internal name=\"my engine\" nodes=5000 st=0.5 depth=7 "
              "option.\"Use NNUE\"=false");
    EXPECT_EQ(out[3], "cmd=fsf name=f arg=--uci arg=--threads arg=1 depth=4 dir=/tmp");
    // The spec reads back as the player fastchess described.
    PlayerConfig p;
    std::string error;
    ASSERT_TRUE(apply_player_spec(out[1], p, &error)) << error;
    EXPECT_EQ(p.name, "my engine");
    EXPECT_EQ(p.limits.nodes, 5000);
    EXPECT_EQ(p.limits.movetime_ms, 500);
    EXPECT_EQ(p.limits.depth, 7);
    ASSERT_EQ(p.options.size(), 1u);
    EXPECT_EQ(p.options[0], (std::pair<std::string, std::string>{"Use NNUE", "false"}));
}

TEST(FastchessArgs, OurOptionsStandBesideAndAloneAreUntouched) {
    const Args ours = {"--engine", "name=a depth=1", "--engine", "name=b depth=1", "--rounds", "3"};
    EXPECT_EQ(translate(ours), ours);
    EXPECT_EQ(translate({"-h"}), Args{"-h"});
    const Args mixed = translate({"--pgn", "x.pgn", "-rounds", "4", "--sprt", "-1", "3", "-pgnout",
                                  "y.pgn", "-each", "depth=2", "-each", "nodes=9"});
    EXPECT_EQ(mixed, (Args{"--pgn", "x.pgn", "--sprt", "-1", "3", "--each", "depth=2 nodes=9",
                           "--rounds", "4", "--pgn", "y.pgn"}));
    // Only the words after `match` are translated.
    std::string error;
    const auto line = translate_fastchess_command_line(
        {"--config", "c.toml", "match", "-rounds", "2", "-repeat"}, &error);
    ASSERT_TRUE(line) << error;
    EXPECT_EQ(*line,
              (Args{"--config", "c.toml", "match", "--rounds", "2", "--games-per-round", "2"}));
    EXPECT_EQ(*translate_fastchess_command_line({"perft", "-h"}, &error), (Args{"perft", "-h"}));
    // "match" as another command's value is not the subcommand.
    const Args other = {"selfplay", "--out", "match", "-rounds", "2"};
    EXPECT_EQ(*translate_fastchess_command_line(other, &error), other);
    const Args merge = {"match", "merge", "a.json", "-x"};
    EXPECT_EQ(*translate_fastchess_command_line(merge, &error), merge);
}

TEST(FastchessArgs, WhatHasNoCounterpartIsRefusedByName) {
    EXPECT_NE(refusal({"-tournament", "gauntlet"}).find("'-tournament'"), std::string::npos);
    EXPECT_NE(refusal({"-openings", "file=a.epd", "policy=round"}).find("'policy'"),
              std::string::npos);
    EXPECT_NE(refusal({"-engine", "cmd=x", "timemargin=50"}).find("'timemargin'"),
              std::string::npos);
    EXPECT_NE(refusal({"-sprt", "elo0=0", "elo1=5", "model=logistic"}).find("normalized"),
              std::string::npos);
    EXPECT_NE(refusal({"-pgnout", "file=a.pgn", "notation=san"}).find("notation=uci"),
              std::string::npos);
    EXPECT_NE(refusal({"-games", "3"}).find("1 or 2 games"), std::string::npos);
    EXPECT_NE(refusal({"-engine", "cmd=x", "proto=xboard"}).find("only uci"), std::string::npos);
    EXPECT_NE(refusal({"-openings", "file=a.epd", "start=0"}).find("counts from 1"),
              std::string::npos);
    EXPECT_NE(refusal({"-recover", "yes"}).find("takes no value"), std::string::npos);
    EXPECT_NE(refusal({"-rounds"}).find("one value"), std::string::npos);
    EXPECT_NE(refusal({"-sprt", "elo1=5"}).find("elo0="), std::string::npos);
}

}  // namespace
