// The dataset tools: export/import, merge, filter, shuffle, verify, stats.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "data/chunk_codec.h"
#include "data/chunk_compression.h"
#include "data/dataset_stats.h"
#include "data/dataset_transform.h"
#include "data/dataset_verify.h"
#include "data/file_format.h"
#include "data/game_replay.h"
#include "data/synthetic_games.h"
#include "data/text_io.h"
#include "test_files.h"
#include "tests/test_dir.h"

namespace pantheon::data {
namespace {

std::vector<GameRecord> sample_games(uint64_t seed) {
    SyntheticOptions custom;
    custom.custom_start = true;
    auto games = synthetic_games(30, seed);
    auto more = synthetic_games(10, seed + 1, custom);
    games.insert(games.end(), more.begin(), more.end());
    return games;
}

std::string write(const pantheon::test::TestDir& dir, const std::string& name,
                  const std::vector<GameRecord>& games) {
    const std::string path = dir.file(name);
    std::string error;
    EXPECT_TRUE(write_game_file(path, games, &error)) << error;
    return path;
}

std::vector<GameRecord> read(const std::string& path) {
    std::vector<GameRecord> games;
    std::string error;
    EXPECT_TRUE(read_game_file(path, games, &error)) << error;
    return games;
}

std::string export_string(const std::vector<std::string>& inputs, bool all = false) {
    std::ostringstream out;
    uint64_t lines = 0;
    std::string error;
    ExportOptions options;
    options.include_excluded = all;
    EXPECT_TRUE(export_text(inputs, out, options, lines, nullptr, &error)) << error;
    return out.str();
}

bool import_string(const std::string& text, const std::string& path, ImportReport& report,
                   std::string* error) {
    GameFileWriter writer;
    std::istringstream in(text);
    return writer.open(path, error) && import_text(in, "text", writer, report, error) &&
           writer.finish(error);
}

TEST(Tools, ExportThenImportRebuildsTheSameFileByteForByte) {
    pantheon::test::TestDir dir;
    const std::string original = write(dir, "a.pgd", sample_games(10));
    const std::string text = export_string({original});
    ImportReport report;
    std::string error;
    ASSERT_TRUE(import_string(text, dir.file("b.pgd"), report, &error)) << error;
    EXPECT_EQ(report.chains, 40u);
    EXPECT_EQ(test::read_bytes(dir.file("b.pgd")), test::read_bytes(original));
    EXPECT_EQ(export_string({dir.file("b.pgd")}), text);
}

TEST(Tools, ImportSplitsChainsWhereLinesDoNotFollowAndNeedsOnlyFiveColumns) {
    pantheon::test::TestDir dir;
    const std::string original = write(dir, "a.pgd", synthetic_games(3, 20));
    std::vector<std::string> lines;
    std::istringstream in(export_string({original}));
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    // Keep FEN, score, result, ply, best only; drop every tenth line.
    std::string text = "# comment\n\n";
    size_t kept = 0;
    for (size_t i = 0; i < lines.size(); ++i) {
        if (i % 10 == 5) continue;
        std::string l = lines[i];
        for (int cut = 0; cut < 2; ++cut) l.erase(l.rfind('\t'));
        text += l + "\n";
        ++kept;
    }
    ImportReport report;
    std::string error;
    ASSERT_TRUE(import_string(text, dir.file("b.pgd"), report, &error)) << error;
    EXPECT_EQ(report.positions, kept);
    EXPECT_GT(report.chains, 3u);
    const auto games = read(dir.file("b.pgd"));
    uint64_t plies = 0;
    for (const GameRecord& g : games) {
        plies += g.plies.size();
        EXPECT_EQ(game_end(g), GameEnd::Open);
        for (const PlyRecord& p : g.plies) EXPECT_EQ(p.played, p.best);
    }
    EXPECT_EQ(plies, kept);
}

TEST(Tools, ImportErrorsNameTheLine) {
    pantheon::test::TestDir dir;
    const std::string start(Variant::start_fen);
    const std::pair<std::string, std::string> cases[] = {
        {start + "\t10\t1\t0", "expected 5 to 7"},
        {"rubbish\t10\t1\t0\te3e4", "invalid FEN"},
        {start + "\t10\t1\t0\te3e6", "best move"},
        {start + "\t10\t1\t7\te3e4", "ply"},
        {start + "\t10\t0\t0\te3e4", "result"},
        {start + "\t99999\t1\t0\te3e4", "score"},
        {start + "\t10\t1\t0\te3e4\te3e4\twon", "game end"},
    };
    for (const auto& [line, fragment] : cases) {
        ImportReport report;
        std::string error;
        EXPECT_FALSE(import_string("\n" + line + "\n", dir.file("x.pgd"), report, &error)) << line;
        EXPECT_NE(error.find("text:2: "), std::string::npos) << error;
        EXPECT_NE(error.find(fragment), std::string::npos) << error;
        EXPECT_FALSE(std::filesystem::exists(dir.file("x.pgd")));
    }
}

TEST(Tools, MergeKeepsEveryGameInOrder) {
    pantheon::test::TestDir dir;
    const auto a = synthetic_games(7, 1), b = synthetic_games(5, 2);
    std::filesystem::create_directories(dir.path() / "d");
    write(dir, "d/1.pgd", a);
    write(dir, "d/2.pgd", b);
    write(dir, "d/ignored.txt", b);  // not a .pgd: a directory input skips it
    TransformReport report;
    std::string error;
    ASSERT_TRUE(merge_inputs({dir.file("d")}, dir.file("m.pgd"), {}, nullptr, report, &error))
        << error;
    auto all = a;
    all.insert(all.end(), b.begin(), b.end());
    EXPECT_EQ(read(dir.file("m.pgd")), all);
    EXPECT_EQ(report.games_out, 12u);
}

TEST(Tools, FilterExcludesExactlyTheRequestedPositions) {
    pantheon::test::TestDir dir;
    const auto games = sample_games(30);
    const std::string input = write(dir, "in.pgd", games);
    PositionFilter f;
    f.min_ply = 10;
    f.max_ply = 120;
    f.max_abs_score = 400;
    f.drop_in_check = true;
    f.drop_tactical_best = true;
    uint64_t expected = 0, expected_games = 0;
    for (const GameRecord& g : games) {
        uint64_t kept = 0;
        replay_game(
            g,
            [&](const Position& pos, const PlyRecord& p, int) {
                const int ply = absolute_ply(pos);
                kept += ply >= 10 && ply <= 120 && std::abs(p.score) <= 400 && !pos.in_check() &&
                        !(p.best.is_promotion() || pos.is_capture(p.best));
            },
            nullptr);
        expected += kept;
        expected_games += kept > 0;
    }
    TransformReport report;
    std::string error;
    ASSERT_TRUE(filter_inputs({input}, dir.file("out.pgd"), f, {}, nullptr, report, &error))
        << error;
    EXPECT_EQ(report.positions_out, expected);
    EXPECT_EQ(report.games_out, expected_games);
    EXPECT_GT(expected, 0u);
    DatasetStats stats;
    for (const GameRecord& g : read(dir.file("out.pgd"))) stats.add_game(g);
    EXPECT_EQ(stats.positions - stats.excluded, expected);
    std::istringstream lines(export_string({dir.file("out.pgd")}));
    EXPECT_EQ(uint64_t(std::count(std::istreambuf_iterator<char>(lines), {}, '\n')), expected);
}

TEST(Tools, ShuffleIsAPermutationFixedByTheSeed) {
    pantheon::test::TestDir dir;
    const auto games = sample_games(40);
    const std::string input = write(dir, "in.pgd", games);
    auto run = [&](const std::string& out, uint64_t seed) {
        TransformReport report;
        std::string error;
        EXPECT_TRUE(shuffle_inputs({input}, dir.file(out), 4, seed, {}, nullptr, report, &error))
            << error;
        EXPECT_EQ(report.outputs.size(), 4u);
        std::vector<std::vector<uint8_t>> bytes;
        std::vector<GameRecord> all;
        for (const std::string& f : report.outputs) {
            bytes.push_back(test::read_bytes(f));
            const auto part = read(f);
            all.insert(all.end(), part.begin(), part.end());
        }
        return std::make_pair(bytes, all);
    };
    const auto [first, games1] = run("s1", 7);
    const auto [again, games2] = run("s2", 7);
    const auto [other, games3] = run("s3", 8);
    EXPECT_EQ(first, again);
    EXPECT_NE(first, other);
    EXPECT_NE(games1, games);
    auto sorted = [](std::vector<GameRecord> v) {
        auto key = [](const GameRecord& g) {
            std::vector<int> k;
            for (const PlyRecord& p : g.plies) k.insert(k.end(), {p.played.raw(), p.score});
            return std::make_pair(g.start_fen, k);
        };
        std::sort(v.begin(), v.end(),
                  [&](const GameRecord& a, const GameRecord& b) { return key(a) < key(b); });
        return v;
    };
    EXPECT_EQ(sorted(games1), sorted(games));
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir.file("s1")), {}), 4);
}

// Rewrites chunk 0's payload with `edit` applied, with valid checksums, so
// only the deeper checks of verify can notice.
void rewrite_first_chunk(const std::string& path, void (*edit)(std::vector<uint8_t>&)) {
    GameFileReader reader;
    std::string error;
    ASSERT_TRUE(reader.open(path, &error)) << error;
    std::vector<uint8_t> payload;
    ASSERT_TRUE(reader.read_chunk_payload(0, payload, &error)) << error;
    edit(payload);
    std::vector<uint8_t> packed;
    ASSERT_TRUE(ChunkCompressor(3).compress(payload, packed, &error)) << error;
    const ChunkInfo c = reader.chunks()[0];
    format::ChunkHeader h{uint32_t(packed.size()), uint32_t(payload.size()), c.games, c.positions};
    h.checksum = format::chunk_checksum(format::encode_chunk_header(h), packed);
    const auto head = format::encode_chunk_header(h);
    std::vector<uint8_t> bytes = test::read_bytes(path);
    std::vector<uint8_t> out(bytes.begin(), bytes.begin() + long(c.offset));
    out.insert(out.end(), head.begin(), head.end());
    out.insert(out.end(), packed.begin(), packed.end());
    out.insert(out.end(),
               bytes.begin() + long(c.offset + format::CHUNK_HEADER_BYTES + c.compressed_bytes),
               bytes.end());
    test::write_bytes(path, out);
}

TEST(Tools, VerifyChecksTheRulesNotJustTheBytes) {
    pantheon::test::TestDir dir;
    auto games = synthetic_games(4, 50);
    ASSERT_EQ(games[0].termination, Termination::Checkmate);
    const std::string path = write(dir, "v.pgd", games);
    EXPECT_TRUE(verify_inputs({path}, 2, nullptr).ok());

    // The first game's flags byte: claim a stalemate where the board shows mate.
    rewrite_first_chunk(path, [](std::vector<uint8_t>& payload) {
        ByteReader r(payload);
        for (int i = 0; i < 2 + codec::STREAM_NB; ++i) r.varint();
        const size_t at = payload.size() - r.remaining();
        payload[at] = uint8_t((payload[at] & ~codec::GAME_TERMINATION_MASK) |
                              uint8_t(Termination::Stalemate));
    });
    std::vector<GameRecord> decoded;
    std::string error;
    EXPECT_TRUE(read_game_file(path, decoded, &error)) << error;  // well-formed bytes
    const VerifyReport report = verify_inputs({path}, 2, nullptr);
    ASSERT_EQ(report.problems.size(), 1u);
    EXPECT_NE(report.problems[0].find("v.pgd: chunk 1 of 1: game 1 of the chunk"),
              std::string::npos)
        << report.problems[0];
    EXPECT_NE(report.problems[0].find("does not match"), std::string::npos) << report.problems[0];
}

// Chunks are checked in parallel; the report is the same with any number of
// threads, its problems in file order.
TEST(Tools, VerifyReportsAlikeWithAnyThreadCount) {
    pantheon::test::TestDir dir;
    std::vector<std::string> paths;
    for (int f = 0; f < 6; ++f) {
        // (appended, not "f" + ...: GCC 12 warns falsely of overlapping copies there)
        const std::string name = std::string("f").append(std::to_string(f)).append(".pgd");
        paths.push_back(write(dir, name, sample_games(100 + f)));
        if (f == 1 || f == 4) {  // a flipped byte in the last chunk's body
            auto bytes = test::read_bytes(paths.back());
            bytes[bytes.size() - 10] ^= 0x55;
            test::write_bytes(paths.back(), bytes);
        }
    }
    const VerifyReport one = verify_inputs(paths, 1, nullptr);
    ASSERT_EQ(one.problems.size(), 2u);
    EXPECT_NE(one.problems[0].find("f1.pgd"), std::string::npos) << one.problems[0];
    EXPECT_NE(one.problems[1].find("f4.pgd"), std::string::npos) << one.problems[1];
    EXPECT_EQ(one.files, 6u);
    for (int threads : {2, 5}) {
        const VerifyReport many = verify_inputs(paths, threads, nullptr);
        EXPECT_EQ(many.problems, one.problems) << threads << " threads";
        EXPECT_EQ(many.chunks, one.chunks);
        EXPECT_EQ(many.games, one.games);
        EXPECT_EQ(many.positions, one.positions);
    }
}

TEST(Tools, StatsCountsResultsAndEnds) {
    const auto games = sample_games(60);
    DatasetStats stats;
    uint64_t plies = 0, white = 0, adjudicated = 0;
    for (const GameRecord& g : games) {
        stats.add_game(g);
        plies += g.plies.size();
        white += g.winner == WHITE;
        adjudicated += g.adjudicated;
    }
    EXPECT_EQ(stats.games, games.size());
    EXPECT_EQ(stats.positions, plies);
    EXPECT_EQ(stats.white_wins, white);
    EXPECT_EQ(stats.ends[size_t(GameEnd::Adjudicated)], adjudicated);
    EXPECT_EQ(stats.score.total(), plies);
    EXPECT_EQ(stats.ply.total(), plies);
    EXPECT_EQ(stats.hand_size.total(), plies);
    std::ostringstream out;
    stats.print(out);
    EXPECT_NE(out.str().find("bytes/position"), std::string::npos);
}

}  // namespace
}  // namespace pantheon::data
