// Deterministic garbage for the FEN parser (the libFuzzer target in
// tests/fuzz explores further; this keeps a fixed sample in every CI run):
// mutated valid FENs and random strings are either refused with a message or
// accepted as a consistent position that round-trips and generates moves.
#include <gtest/gtest.h>

#include "engine/core/perft.h"
#include "random_position.h"
#include "test_support.h"

namespace pantheon::test {
namespace {

constexpr uint64_t SEED = 0x6A4BA6E;
constexpr int MUTATED_FENS = 20000;
constexpr int RANDOM_STRINGS = 5000;
constexpr std::string_view FEN_ALPHABET = "PNBRCMQAKpnbrcmqak+/[]0123456789 wb-x\t@";

const char* const BASES[] = {
    "rnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] w - - 0 1",
    "1n2q2n1/1P2+R4/1p1pm1cp1/P1p3k2/9/6P2/2NP1QNP1/M5K2/8R[PPAABpppppppcb] b - - 0 28",
    "k8/3N5/1+P7/9/9/9/9/9/4K4[P] w - - 0 1",
    "4K4/9/9/9/k8/9/9/9/9[p] b - - 0 1",
};

int roll(std::mt19937_64& rng, int n) {
    return int(rng() % uint64_t(n));
}

char random_char(std::mt19937_64& rng) {
    // Mostly FEN-like characters, sometimes any byte (NUL and high bytes included).
    return roll(rng, 4) ? FEN_ALPHABET[roll(rng, int(FEN_ALPHABET.size()))] : char(roll(rng, 256));
}

std::string mutate(std::string s, std::mt19937_64& rng) {
    const int edits = 1 + roll(rng, 4);
    for (int e = 0; e < edits; ++e) {
        const int at = s.empty() ? 0 : roll(rng, int(s.size()));
        switch (roll(rng, 7)) {
            case 0:
                if (!s.empty()) s[at] = random_char(rng);
                break;
            case 1:
                s.insert(s.begin() + at, random_char(rng));
                break;
            case 2:
                if (!s.empty()) s.erase(s.begin() + at);
                break;
            case 3:
                s.resize(at);
                break;
            case 4:
                s.insert(at, s.substr(roll(rng, int(s.size()) + 1), roll(rng, 12)));
                break;
            case 5:
                if (!s.empty()) std::swap(s[at], s[roll(rng, int(s.size()))]);
                break;
            case 6:
                s.insert(at, std::string(1 + roll(rng, 30), random_char(rng)));
                break;
        }
    }
    return s;
}

// What must hold for any input; returns whether the parser accepted it.
bool check_input(const std::string& text) {
    std::string error;
    auto pos = Position::from_fen(text, &error);
    if (!pos) {
        EXPECT_EQ(error.rfind("invalid FEN: ", 0), 0u) << "no message for: " << text;
        EXPECT_GT(error.size(), 13u) << text;
        return false;
    }
    std::string why;
    EXPECT_TRUE(pos->is_consistent(&why)) << text << ": " << why;
    const std::string fen = pos->fen();
    const auto again = Position::from_fen(fen, &error);
    EXPECT_TRUE(again) << "printed FEN refused: " << fen << " (from " << text << "): " << error;
    if (again) {
        EXPECT_EQ(again->fen(), fen);
        EXPECT_EQ(again->key(), pos->key());
    }
    MoveList list;
    generate_legal(*pos, list);
    EXPECT_EQ(perft(*pos, 1), uint64_t(list.size()));
    return true;
}

TEST(FenGarbage, MutatedFensAreRefusedOrSound) {
    std::mt19937_64 rng(SEED);
    std::vector<std::string> bases(std::begin(BASES), std::end(BASES));
    for (int i = 0; i < 50; ++i) bases.push_back(random_valid_fen(rng));
    int accepted = 0;
    for (int i = 0; i < MUTATED_FENS; ++i) {
        const std::string text = mutate(bases[size_t(i) % bases.size()], rng);
        if (!check_input(text)) continue;
        ++accepted;
        // Deeper check on some accepted inputs: perft 2 walks do/undo of every move.
        if (accepted % 8 == 0) {
            Position pos = position(text);
            const std::string before = pos.fen();
            perft(pos, 2);
            EXPECT_EQ(pos.fen(), before);
        }
        if (HasFailure()) return;
    }
    // Both outcomes must be exercised for the sample to mean anything.
    EXPECT_GT(accepted, MUTATED_FENS / 50);
    EXPECT_LT(accepted, MUTATED_FENS / 2);
}

TEST(FenGarbage, RandomStringsAreRefused) {
    std::mt19937_64 rng(SEED + 1);
    for (int i = 0; i < RANDOM_STRINGS; ++i) {
        std::string text(size_t(roll(rng, 120)), ' ');
        for (char& c : text) c = random_char(rng);
        EXPECT_FALSE(check_input(text)) << text;
        if (HasFailure()) return;
    }
}

TEST(FenGarbage, HugeAndEdgeInputs) {
    for (const std::string& text : {
             std::string(100000, '9'),
             std::string(100000, '/'),
             std::string(100000, '+'),
             std::string(100000, '['),
             std::string("4k4/9/9/9/9/9/9/9/4K4[") + std::string(100000, 'P') + "] w",
             std::string("4k4/9/9/9/9/9/9/9/4K4[] w - - ") + std::string(1000, '9') + " 1",
             std::string("4k4/9/9/9/9/9/9/9/4K4[] w - - 0 ") + std::string(1000, '9'),
             std::string("4k4/9/9/9/9/9/9/9/4K4[] w - - 65535 999999999"),
             std::string("4k4/9/9/9/9/9/9/9/4K4[] w - - 999999999 1"),
             std::string("4k4/9/9/9/9/9/9/9/4K4[]\0 w", 26),
             std::string("\xff\xfe\x00\x01", 4),
         }) {
        check_input(text);
    }
}

}  // namespace
}  // namespace pantheon::test
