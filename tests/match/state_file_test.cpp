// Files of tournaments written by earlier builds still serve: the fingerprint
// a state file records is computed the same way.
#include <gtest/gtest.h>

#include "match/match_config.h"

namespace pantheon::match {
namespace {

MatchConfig pinned_config() {
    MatchConfig c;
    c.rounds = 2;
    for (const char* spec : {"name=a cmd=internal nodes=300", "name=b cmd=internal nodes=400 eval=hce"}) {
        PlayerConfig p;
        std::string error;
        EXPECT_TRUE(apply_player_spec(spec, p, &error)) << error;
        c.players.push_back(p);
    }
    c.openings.random_plies = 4;
    c.openings.seed = 9;
    return c;
}

// The value state files of this tournament carry (computed by the build that
// wrote the first ones): a change here would make every --resume and merge of
// an existing tournament refuse its own files.
TEST(MatchStateFile, FingerprintIsTheOneEarlierStateFilesCarry) {
    EXPECT_EQ(pinned_config().fingerprint(), "87907e4ae2cde8b8");
}

}  // namespace
}  // namespace pantheon::match
