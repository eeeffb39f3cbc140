#include "util/text_hash.h"

#include <gtest/gtest.h>

#include <string>

namespace pantheon::util {
namespace {

// The FNV-1a step from the basis stored fingerprints (match state files)
// were written with; values computed apart from this code.
TEST(TextHash, IsFnv1aFromTheProjectsBasis) {
    EXPECT_EQ(text_hash(""), 0x14650FB0739D0383ull);
    EXPECT_EQ(text_hash("a"), 0x44BD8AD473CD9906ull);
    EXPECT_EQ(text_hash("foobar"), 0x88FAD7C0A8FF07F2ull);
    static_assert(text_hash("a") == 0x44BD8AD473CD9906ull);  // usable at compile time
}

TEST(TextHash, PiecesGiveTheWholeText) {
    const std::string text = "format=h2h;rounds=2;player{name=a};\n";
    for (size_t cut = 0; cut <= text.size(); ++cut)
        EXPECT_EQ(text_hash(text.substr(cut), text_hash(text.substr(0, cut))), text_hash(text));
    EXPECT_NE(text_hash("ab"), text_hash("ba"));
    // Bytes above 127 count as unsigned (as the match fingerprint always did).
    EXPECT_EQ(text_hash("\xff"), (TEXT_HASH_BASIS ^ 0xFFull) * 0x100000001B3ull);
}

}  // namespace
}  // namespace pantheon::util
