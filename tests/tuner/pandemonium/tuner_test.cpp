// The Pandemonium tuner (pantheon_tuner_pandemonium) on Pandemonium data with
// drawn games: a draw's target is 0.5 (not a loss, not a malformed record),
// and the header it writes has Pandemonium's layout (eval_params.h with
// Pandemonium's piece types) and names eval_weights_pandemonium.h.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "data/game_file.h"
#include "data/synthetic_games.h"
#include "tests/data/test_files.h"
#include "tests/test_dir.h"
#include "tuner/tune_run.h"
#include "tuner/weights_file.h"

namespace pantheon::tuner {
namespace {

static_assert(Variant::name == "pandemonium");

using namespace search::eval_params;
using pantheon::test::TestDir;

// Synthetic games; with `all_drawn` every game an adjudicated draw (a game
// the rules ended loses its last move first, so that it is not over).
void write_games(const std::string& path, int games, uint64_t seed, bool all_drawn) {
    auto records = data::synthetic_games(size_t(games), seed);
    for (data::GameRecord& g : records)
        if (all_drawn) {
            if (g.termination != Termination::None) g.plies.pop_back();
            g.termination = Termination::None;
            g.adjudicated = true;
            g.winner = std::nullopt;
        }
    std::string error;
    ASSERT_TRUE(data::write_game_file(path, records, &error)) << error;
}

TEST(PandemoniumTune, ADrawsTargetIsOneHalf) {
    TestDir dir;
    write_games(dir.file("drawn.pgd"), 10, 3, true);
    LoadOptions options;
    TuneSet set;
    LoadCounts counts;
    std::string error;
    ASSERT_TRUE(load_tune_set({dir.file("drawn.pgd")}, options, set, counts, nullptr, &error))
        << error;
    EXPECT_EQ(counts.malformed, 0u) << "a draw is a result, not a broken record";
    ASSERT_GT(set.size(), 100u);
    for (size_t i = 0; i < set.size(); ++i) ASSERT_EQ(set.position(i).target, 0.5f) << i;
}

TEST(PandemoniumTune, WritesAPandemoniumWeightsHeader) {
    TestDir dir;
    write_games(dir.file("won.pgd"), 20, 7, false);
    write_games(dir.file("drawn.pgd"), 10, 8, true);
    TuneConfig c;
    c.data = {dir.path().string()};
    c.out = dir.file("eval_weights_pandemonium.h");
    c.fit.iterations = 5;
    TuneSummary s;
    std::string error;
    ASSERT_TRUE(run_tune(c, "pantheon tune (test)", nullptr, s, &error)) << error;
    EXPECT_EQ(s.counts.malformed, 0u);
    EXPECT_GT(s.train_positions, 500u);
    EXPECT_LE(s.max_model_error, 2.0);

    std::ifstream in(c.out);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_NE(text.find("// Game: pandemonium (engine/search/eval_weights_pandemonium.h)\n"),
              std::string::npos);
    EXPECT_NE(text.find("PANTHEON_VARIANT_BEGIN"), std::string::npos);
    // Every block with exactly its Pandemonium size, in order: one line of
    // values under each block's name.
    size_t at = 0;
    int values = 0;
    for (const Block& b : BLOCKS) {
        at = text.find(std::string("    // ") + b.name + "\n", at);
        ASSERT_NE(at, std::string::npos) << b.name;
        const size_t line = text.find('\n', at) + 1;
        const std::string row = text.substr(line, text.find('\n', line) - line);
        std::istringstream fields(row);
        std::string field;
        int n = 0;
        while (fields >> field) ++n;
        EXPECT_EQ(n, b.size) << b.name << ": " << row;
        values += n;
        at = line;
    }
    EXPECT_EQ(values, PARAM_NB);
    // Pandemonium's layout differs from Mansindam's (its own piece set).
    EXPECT_EQ(BLOCKS[0].size, int(PIECE_TYPE_NB));
}

}  // namespace
}  // namespace pantheon::tuner
