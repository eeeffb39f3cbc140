// The NNUE options over UCI: Use NNUE switches the evaluation, EvalFile loads
// a net, a bad file is refused with an info string and the previous net stays.
#include <gtest/gtest.h>

#include <filesystem>

#include "engine/uci/uci_options.h"
#include "nnue/builtin_net.h"
#include "nnue/net_file.h"
#include "nnue/random_network.h"
#include "tests/test_dir.h"
#include "uci_test_support.h"

namespace pantheon::test {
namespace {

class UciNnue : public ::testing::Test {
  protected:
    void SetUp() override {
        std::string error;
        ASSERT_TRUE(nnue::save_network_file(net_path(1), nnue::random_network(1), &error)) << error;
        ASSERT_TRUE(nnue::save_network_file(net_path(2), nnue::random_network(2), &error)) << error;
    }
    std::string net_path(int seed) const {
        return dir_.file("net" + std::to_string(seed) + ".nnue");
    }
    const TestDir dir_;
};

// The score of the last "info depth 1 ..." line.
std::string depth1_score(const std::vector<std::string>& out) {
    std::string score;
    for (const std::string& l : lines_starting(out, "info depth 1 ")) {
        const size_t at = l.find(" score ");
        if (at != std::string::npos) score = l.substr(at, l.find(" nodes") - at);
    }
    return score;
}

TEST_F(UciNnue, OptionsAreAnnounced) {
    const auto out = run_uci("uci\n");
    EXPECT_TRUE(has_line(out, std::string("option name Use NNUE type check default ") +
                                  (uci::use_nnue_by_default() ? "true" : "false")));
    EXPECT_TRUE(has_line(out, "option name EvalFile type string default <empty>"));
}

TEST_F(UciNnue, UseNnueSwitchesTheEvaluationAndEvalFileChoosesTheNet) {
    const std::string go = "position startpos\ngo depth 1\n";
    const auto hce = run_uci("setoption name Use NNUE value false\n" + go);
    const auto net1 = run_uci("setoption name EvalFile value " + net_path(1) +
                              "\nsetoption name Use NNUE value true\n" + go);
    const auto net2 = run_uci("setoption name Use NNUE value true\nsetoption name EvalFile value " +
                              net_path(2) + "\n" + go);
    const auto off = run_uci("setoption name EvalFile value " + net_path(1) +
                             "\nsetoption name Use NNUE value true\n"
                             "setoption name Use NNUE value false\n" +
                             go);
    for (const auto* out : {&hce, &net1, &off}) {
        EXPECT_FALSE(has_line_containing(*out, "info string")) << out->front();
        ASSERT_EQ(bestmoves(*out).size(), 1u);
    }
    EXPECT_NE(depth1_score(net1), depth1_score(hce));
    EXPECT_NE(depth1_score(net1), depth1_score(net2));
    EXPECT_EQ(depth1_score(off), depth1_score(hce));
}

TEST_F(UciNnue, TheDefaultEvaluationIsTheOneTheOptionListAnnounces) {
    if (!nnue::has_builtin_net()) GTEST_SKIP() << "this build has no built-in net";
    const std::string go = "position startpos\ngo depth 1\n";
    const auto by_default = run_uci(go);
    EXPECT_FALSE(has_line_containing(by_default, "info string"));
    const bool announced_on =
        has_line_containing(run_uci("uci\n"), "option name Use NNUE type check default true");
    EXPECT_EQ(announced_on, uci::use_nnue_by_default());
    const auto builtin = run_uci("setoption name EvalFile value <empty>\n"
                                 "setoption name Use NNUE value true\n" +
                                 go);
    const auto hce = run_uci("setoption name Use NNUE value false\n" + go);
    ASSERT_NE(depth1_score(builtin), depth1_score(hce));
    EXPECT_EQ(depth1_score(by_default), depth1_score(announced_on ? builtin : hce));
    // A net file replaces the built-in one; an empty EvalFile brings it back.
    const std::string use = "setoption name Use NNUE value true\n";
    const auto other = run_uci(use + "setoption name EvalFile value " + net_path(1) + "\n" + go);
    EXPECT_NE(depth1_score(other), depth1_score(builtin));
    EXPECT_EQ(depth1_score(run_uci(use + "setoption name EvalFile value " + net_path(1) +
                                   "\nsetoption name EvalFile value <empty>\n" + go)),
              depth1_score(builtin));
}

TEST_F(UciNnue, ABadNetIsRefusedAndThePreviousNetStays) {
    const std::string go = "position startpos\ngo depth 1\n";
    const std::string use1 =
        "setoption name EvalFile value " + net_path(1) + "\nsetoption name Use NNUE value true\n";
    const auto good = run_uci(use1 + go);
    const auto bad =
        run_uci(use1 + "setoption name EvalFile value " + dir_.file("missing") + "\n" + go);
    EXPECT_TRUE(has_line_containing(bad, "info string EvalFile: net file: cannot open"));
    EXPECT_TRUE(has_line_containing(bad, "keeping the previous net"));
    EXPECT_EQ(depth1_score(bad), depth1_score(good));

    std::filesystem::resize_file(net_path(2), 100);  // truncated
    const auto truncated =
        run_uci(use1 + "setoption name EvalFile value " + net_path(2) + "\n" + go);
    EXPECT_TRUE(has_line_containing(truncated, "truncated"));
    EXPECT_EQ(depth1_score(truncated), depth1_score(good));
}

TEST_F(UciNnue, UseNnueWithoutAnyNetSaysSoAndKeepsTheHandCraftedEvaluation) {
    if (nnue::has_builtin_net()) GTEST_SKIP() << "this build has a built-in net";
    const std::string go = "position startpos\ngo depth 1\n";
    const auto out = run_uci("setoption name Use NNUE value true\n" + go);
    EXPECT_TRUE(has_line_containing(out, "info string EvalFile: this build has no built-in net"));
    EXPECT_EQ(depth1_score(out), depth1_score(run_uci(go)));
    EXPECT_TRUE(has_line_containing(run_uci("setoption name Use NNUE value maybe\n"),
                                    "value must be true or false"));
}

}  // namespace
}  // namespace pantheon::test
