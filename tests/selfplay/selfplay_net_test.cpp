// Self-play with an NNUE net (--net): deterministic, different games from the
// hand-crafted evaluation, the net named in the manifest, bad nets refused.
#include <gtest/gtest.h>

#include <filesystem>

#include "nnue/net_file.h"
#include "nnue/random_network.h"
#include "run_support.h"
#include "tests/test_dir.h"

namespace pantheon::selfplay::testing {
namespace {

using pantheon::test::TestDir;

TEST(SelfplayNet, PlaysWithTheNetDeterministicallyAndRecordsIt) {
    TestDir dir;
    const std::string net = dir.file("r.nnue");
    std::string error;
    ASSERT_TRUE(nnue::save_network_file(net, nnue::random_network(3), &error)) << error;

    SelfplayOptions with_net = tiny_run(dir.file("a"));
    with_net.net = net;
    // Short games: the random net's wild scores can make a search overrun its
    // node limit by far in long tactical middlegames.
    with_net.max_plies = 30;
    run_ok(with_net);
    with_net.out_dir = dir.file("b");
    run_ok(with_net);
    EXPECT_EQ(data_files(dir.file("a")), data_files(dir.file("b")));
    SelfplayOptions hce_run = tiny_run(dir.file("hce"));
    hce_run.max_plies = 30;
    run_ok(hce_run);
    EXPECT_NE(data_files(dir.file("a")), data_files(dir.file("hce")));

    // The manifest names the net: the same directory refuses the hand-crafted run.
    RunReport report;
    SelfplayOptions hce = tiny_run(dir.file("a"));
    hce.max_plies = 30;
    hce.games = 8;
    EXPECT_FALSE(run_selfplay(hce, nullptr, false, report, &error));
    EXPECT_NE(error.find("net"), std::string::npos) << error;
}

TEST(SelfplayNet, ABadNetIsRefusedBeforeAnythingIsWritten) {
    TestDir dir;
    SelfplayOptions o = tiny_run(dir.file("run"));
    o.net = dir.file("missing.nnue");
    RunReport report;
    std::string error;
    EXPECT_FALSE(run_selfplay(o, nullptr, false, report, &error));
    EXPECT_NE(error.find("cannot open"), std::string::npos) << error;
    EXPECT_FALSE(std::filesystem::exists(dir.file("run")));
}

}  // namespace
}  // namespace pantheon::selfplay::testing
