// Atomic publication of files (util/atomic_file.h, atomic_stream.h): a
// failed write (a full disk) publishes nothing and leaves nothing behind;
// concurrent writers of one path never mix their contents. Whole-record
// appends (util/append_file.h): a failed append leaves the file as before.
#include "util/atomic_file.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

#include "tests/full_disk.h"
#include "tests/test_dir.h"
#include "util/append_file.h"
#include "util/atomic_stream.h"
#include "util/text_file.h"

namespace pantheon::util {
namespace {

namespace fs = std::filesystem;

class AtomicFileTest : public ::testing::Test {
  protected:
    std::string read(const fs::path& p) {
        std::string text;
        EXPECT_TRUE(read_text_file(p.string(), text, nullptr));
        return text;
    }
    const pantheon::test::TestDir test_dir_;
    const fs::path& dir_ = test_dir_.path();
};

TEST_F(AtomicFileTest, WritesAndReplacesAFile) {
    const fs::path path = dir_ / "a.txt";
    std::string error;
    ASSERT_TRUE(write_file_atomically(path.string(), "first\n", &error)) << error;
    ASSERT_TRUE(write_file_atomically(path.string(), "second\n", &error)) << error;
    EXPECT_EQ(read(path), "second\n");
    EXPECT_EQ(test::directory_names(dir_), std::set<std::string>{"a.txt"});
}

TEST_F(AtomicFileTest, AFullDiskPublishesNothingAndLeavesNothingBehind) {
    const fs::path path = dir_ / "a.txt";
    std::string error;
    ASSERT_TRUE(write_file_atomically(path.string(), "old\n", &error)) << error;
    {
        test::FullDisk full(1000);
        EXPECT_FALSE(write_file_atomically(path.string(), std::string(5000, 'x'), &error));
    }
    EXPECT_NE(error.find("a.txt"), std::string::npos) << error;
    EXPECT_NE(error.find("File too large"), std::string::npos) << error;
    EXPECT_EQ(read(path), "old\n");
    EXPECT_EQ(test::directory_names(dir_), std::set<std::string>{"a.txt"});
    // Space again: the same write succeeds.
    ASSERT_TRUE(write_file_atomically(path.string(), std::string(5000, 'x'), &error)) << error;
    EXPECT_EQ(read(path), std::string(5000, 'x'));
}

TEST_F(AtomicFileTest, ConcurrentWritersOfOnePathNeverMixContents) {
    const fs::path path = dir_ / "shared.txt";
    const auto writer = [&](char c, bool* ok) {
        std::string error;
        for (int i = 0; i < 30; ++i)
            *ok = write_file_atomically(path.string(), std::string(50000, c), &error) && *ok;
    };
    bool ok_a = true, ok_b = true;
    std::thread a(writer, 'a', &ok_a), b(writer, 'b', &ok_b);
    a.join();
    b.join();
    EXPECT_TRUE(ok_a && ok_b);
    const std::string text = read(path);
    ASSERT_EQ(text.size(), 50000u);
    EXPECT_TRUE(text == std::string(50000, 'a') || text == std::string(50000, 'b'));
    EXPECT_EQ(test::directory_names(dir_), std::set<std::string>{"shared.txt"});
}

TEST_F(AtomicFileTest, AStreamedFileIsPublishedOnlyByCommit) {
    const fs::path path = dir_ / "big.bin";
    std::string error;
    {
        AtomicFile file;
        ASSERT_TRUE(file.open(path.string(), &error)) << error;
        ASSERT_TRUE(file.write("header--body", &error)) << error;
        const std::string fixed = "HEADER";
        ASSERT_TRUE(file.write_at({reinterpret_cast<const uint8_t*>(fixed.data()), fixed.size()}, 0,
                                  &error))
            << error;
        EXPECT_FALSE(fs::exists(path));  // nothing published before commit
        ASSERT_TRUE(file.commit(&error)) << error;
    }
    EXPECT_EQ(read(path), "HEADER--body");
    {
        AtomicFile abandoned;  // e.g. a writer that stops on bad input
        ASSERT_TRUE(abandoned.open(path.string(), &error)) << error;
        ASSERT_TRUE(abandoned.write("half", &error));
    }
    EXPECT_EQ(read(path), "HEADER--body");
    EXPECT_EQ(test::directory_names(dir_), std::set<std::string>{"big.bin"});
}

TEST_F(AtomicFileTest, LeftoversOfAKilledWriterAreFoundAndRemoved) {
    EXPECT_TRUE(is_temp_file_of("chunk-1.pgd.tmp", "chunk-1.pgd"));
    EXPECT_TRUE(is_temp_file_of("chunk-1.pgd.tmp-12-00ff", "chunk-1.pgd"));
    EXPECT_FALSE(is_temp_file_of("chunk-1.pgd", "chunk-1.pgd"));
    EXPECT_FALSE(is_temp_file_of("chunk-1.pgd.tmpx", "chunk-1.pgd"));
    EXPECT_FALSE(is_temp_file_of("chunk-10.pgd.tmp-1", "chunk-1.pgd"));
    for (const char* name : {"a.txt", "a.txt.tmp-1-2", "a.txt.tmp", "b.txt.tmp-1-2"})
        std::ofstream(dir_ / name) << "x";
    std::vector<std::string> removed;
    std::string error;
    ASSERT_TRUE(remove_temp_files((dir_ / "a.txt").string(), &removed, &error)) << error;
    EXPECT_EQ(removed.size(), 2u);
    EXPECT_EQ(test::directory_names(dir_), (std::set<std::string>{"a.txt", "b.txt.tmp-1-2"}));
}

TEST_F(AtomicFileTest, AMissingDirectoryIsAClearError) {
    std::string error;
    EXPECT_FALSE(write_file_atomically((dir_ / "no" / "a.txt").string(), "x", &error));
    EXPECT_NE(error.find("No such file or directory"), std::string::npos) << error;
}

TEST_F(AtomicFileTest, AStreamThatFailsPublishesNothingAndSaysWhy) {
    const fs::path path = dir_ / "export.txt";
    std::string error;
    ASSERT_TRUE(write_file_atomically(path.string(), "old\n", &error));
    {
        test::FullDisk full(10000);
        AtomicOutputStream out;
        ASSERT_TRUE(out.open(path.string(), &error)) << error;
        for (int i = 0; i < 100000 && out; ++i) out << "line " << i << "\n";
        EXPECT_FALSE(out);
        EXPECT_NE(out.failure().find("File too large"), std::string::npos) << out.failure();
        EXPECT_FALSE(out.commit(&error));
    }
    EXPECT_EQ(read(path), "old\n");
    EXPECT_EQ(test::directory_names(dir_), std::set<std::string>{"export.txt"});
    AtomicOutputStream again;
    ASSERT_TRUE(again.open(path.string(), &error)) << error;
    again << "new\n";
    ASSERT_TRUE(again.commit(&error)) << error;
    EXPECT_EQ(read(path), "new\n");
}

TEST_F(AtomicFileTest, AFailedAppendLeavesTheFileAsBefore) {
    const fs::path path = dir_ / "games.pgn";
    AppendFile file;
    std::string error;
    ASSERT_TRUE(file.open(path.string(), true, &error)) << error;
    ASSERT_TRUE(file.append("game 1\n", &error)) << error;
    {
        test::FullDisk full(4000);
        EXPECT_FALSE(file.append(std::string(5000, 'x'), &error));
    }
    EXPECT_NE(error.find("File too large"), std::string::npos) << error;
    EXPECT_EQ(read(path), "game 1\n");
    EXPECT_EQ(file.size(), 7u);
    ASSERT_TRUE(file.append("game 2\n", &error)) << error;
    ASSERT_TRUE(file.cut_back(7, &error)) << error;
    ASSERT_TRUE(append_to_file(path.string(), "game 3\n", &error)) << error;
    EXPECT_EQ(read(path), "game 1\ngame 3\n");
}

}  // namespace
}  // namespace pantheon::util
