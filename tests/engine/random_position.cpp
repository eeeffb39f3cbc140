#include "random_position.h"

#include <array>
#include <cctype>
#include <stdexcept>

#include "engine/core/position.h"

namespace pantheon::test {
namespace {

constexpr int SIZE = 9;

// Every non-royal piece of a game, upper case, with its count.
constexpr struct {
    char letter;
    int count;
} MATERIAL[] = {{'P', 18}, {'N', 4}, {'B', 2}, {'R', 2}, {'C', 2}, {'M', 2}, {'Q', 2}, {'A', 2}};
constexpr std::string_view HAND_ORDER = "PAMCQRBN";  // the order fen() prints

int roll(std::mt19937_64& rng, int n) {
    return int(rng() % uint64_t(n));
}

}  // namespace

std::string random_position_fen(std::mt19937_64& rng) {
    std::array<std::string, SIZE * SIZE> board{};  // "" empty, else "+?X"
    std::array<std::array<int, 128>, 2> hand{};
    auto empty_square = [&] {
        for (;;) {
            const int s = roll(rng, SIZE * SIZE);
            if (board[s].empty()) return s;
        }
    };
    auto pawn_on_file = [&](int file, char letter) {
        for (int r = 0; r < SIZE; ++r)
            if (board[r * SIZE + file] == std::string(1, letter)) return true;
        return false;
    };

    // Kings mostly away from the campmate ranks, sometimes anywhere.
    for (char king : {'K', 'k'}) {
        int s;
        do s = empty_square();
        while (roll(rng, 20) != 0 && s / SIZE == (king == 'K' ? SIZE - 1 : 0));
        board[s] = std::string(1, king);
    }

    const int hand_share = 20 + roll(rng, 60);  // percent of material in hand
    const int promoted_share = roll(rng, 50);
    for (const auto& [letter, count] : MATERIAL)
        for (int i = 0; i < count; ++i) {
            const int where = roll(rng, 100);
            const bool white = roll(rng, 2) == 0;
            if (where < 10) continue;  // not in this game
            if (where < 10 + hand_share * 9 / 10) {
                ++hand[white ? 0 : 1][letter];
                continue;
            }
            const int s = empty_square();
            const char l = white ? letter : char(std::tolower(letter));
            bool promoted = letter != 'Q' && letter != 'A' && roll(rng, 100) < promoted_share;
            if (letter == 'P' && !promoted) {
                const int last = white ? SIZE - 1 : 0;
                promoted = s / SIZE == last || pawn_on_file(s % SIZE, l);
            }
            std::string cell;
            if (promoted) cell.push_back('+');
            cell.push_back(l);
            board[s] = std::move(cell);
        }

    std::string fen;
    for (int r = SIZE - 1; r >= 0; --r) {
        int run = 0;
        for (int f = 0; f < SIZE; ++f) {
            const std::string& cell = board[r * SIZE + f];
            if (cell.empty()) {
                ++run;
                continue;
            }
            if (run) fen += std::to_string(run);
            run = 0;
            fen += cell;
        }
        if (run) fen += std::to_string(run);
        if (r) fen += '/';
    }
    fen += '[';
    for (int side : {0, 1})
        for (char letter : HAND_ORDER)
            fen += std::string(hand[side][letter], side == 0 ? letter : char(std::tolower(letter)));
    fen += roll(rng, 2) ? "] w - - 0 1" : "] b - - 0 1";
    return fen;
}

std::string random_valid_fen(std::mt19937_64& rng) {
    for (int attempt = 0; attempt < 1000; ++attempt) {
        std::string fen = random_position_fen(rng);
        if (Position::from_fen(fen)) return fen;
    }
    throw std::runtime_error("no valid random position in 1000 attempts");
}

}  // namespace pantheon::test
