// Format versions on the Mansindam side: a version-1 file of the writer
// before version 2 existed still reads with the same meaning, today's writer
// reproduces it byte for byte (Mansindam files stay version 1), and a
// Mansindam reader refuses a Pandemonium file with a clear message.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "data/file_format.h"
#include "data/game_file.h"
#include "data/training_stream.h"
#include "engine/core/notation.h"
#include "test_files.h"
#include "tests/test_dir.h"

namespace pantheon::data {
namespace {

const std::string FIXTURES = PANTHEON_DATA_FIXTURES;

// Every field of every game as text (the committed mansindam_v1.txt was
// written the same way from the games the fixture was made of).
std::string describe(const std::vector<GameRecord>& games) {
    std::ostringstream t;
    for (const GameRecord& g : games) {
        t << "game\t" << g.start_fen << "\t" << termination_name(g.termination) << "\t"
          << g.adjudicated << "\t"
          << (!g.winner           ? "draw"
              : g.winner == WHITE ? "white"
                                  : "black")
          << "\n";
        for (const PlyRecord& p : g.plies)
            t << move_to_string(p.played) << "\t" << (p.best ? move_to_string(p.best) : "0000")
              << "\t" << p.score << "\t" << p.excluded << "\n";
    }
    return t.str();
}

std::string text_file(const std::string& path) {
    std::ifstream in(path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

TEST(FormatVersions, VersionOneFileReadsWithTheSameMeaning) {
    std::vector<GameRecord> games;
    std::string error;
    ASSERT_TRUE(read_game_file(FIXTURES + "/mansindam_v1.pgd", games, &error)) << error;
    ASSERT_EQ(games.size(), 9u);
    EXPECT_EQ(describe(games), text_file(FIXTURES + "/mansindam_v1.txt"));
    GameFileReader reader;
    ASSERT_TRUE(reader.open(FIXTURES + "/mansindam_v1.pgd", &error)) << error;
    EXPECT_EQ(reader.summary().format_version, format::VERSION_NO_DRAWS);
    // And as training positions: every result a win or a loss.
    TrainingStream stream;
    ASSERT_TRUE(stream.open({FIXTURES + "/mansindam_v1.pgd"}, &error)) << error;
    std::vector<TrainingPosition> out(4096);
    out.resize(stream.read(out));
    ASSERT_FALSE(stream.failed()) << stream.error();
    EXPECT_GT(out.size(), 100u);
    for (const TrainingPosition& t : out) EXPECT_TRUE(t.result == 1 || t.result == -1);
}

TEST(FormatVersions, MansindamFilesAreStillWrittenByteForByteAsVersionOne) {
    std::vector<GameRecord> games;
    std::string error;
    ASSERT_TRUE(read_game_file(FIXTURES + "/mansindam_v1.pgd", games, &error)) << error;
    pantheon::test::TestDir dir;
    const std::string path = dir.file("again.pgd");
    ASSERT_TRUE(write_game_file(path, games, &error)) << error;
    const std::vector<uint8_t> bytes = test::read_bytes(path);
    EXPECT_EQ(bytes, test::read_bytes(FIXTURES + "/mansindam_v1.pgd"));
    ASSERT_GT(bytes.size(), 9u);
    EXPECT_EQ(bytes[8] | bytes[9] << 8, 1);  // format version 1
}

TEST(FormatVersions, MansindamHasNoDraws) {
    std::vector<GameRecord> games;
    std::string error;
    ASSERT_TRUE(read_game_file(FIXTURES + "/mansindam_v1.pgd", games, &error)) << error;
    pantheon::test::TestDir dir;
    for (GameRecord g : {games[0], games.back()}) {  // adjudicated, played out
        g.winner = std::nullopt;
        const GameRecord one[] = {g};
        EXPECT_FALSE(write_game_file(dir.file("draw.pgd"), one, &error));
        EXPECT_NE(error.find("a draw"), std::string::npos) << error;
        EXPECT_NE(error.find("impossible in mansindam"), std::string::npos) << error;
    }
}

TEST(FormatVersions, PandemoniumFilesAreRefusedClearly) {
    const std::string path = FIXTURES + "/pandemonium_v2.pgd";
    std::vector<GameRecord> games;
    std::string error;
    EXPECT_FALSE(read_game_file(path, games, &error));
    EXPECT_NE(error.find("holds pandemonium data; this reader is for mansindam"), std::string::npos)
        << error;
    std::string variant;
    ASSERT_TRUE(inputs_variant({path}, variant, &error)) << error;
    EXPECT_EQ(variant, "pandemonium");
    EXPECT_FALSE(inputs_variant({path, FIXTURES + "/mansindam_v1.pgd"}, variant, &error));
    EXPECT_NE(error.find("one game"), std::string::npos) << error;
}

}  // namespace
}  // namespace pantheon::data
