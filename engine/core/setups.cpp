#include "engine/core/setups.h"

#include <cctype>
#include <stdexcept>

namespace pantheon {
PANTHEON_VARIANT_BEGIN

namespace {

// White's back rank in one setup, a-file first.
std::string back_rank(int setup) {
    const bool left_bishop_outside = setup == 1 || setup == 3;
    const bool right_bishop_outside = setup == 2 || setup == 3;
    std::string rank = "RNBQKMCBNR";
    if (left_bishop_outside) std::swap(rank[1], rank[2]);
    if (right_bishop_outside) std::swap(rank[7], rank[8]);
    return rank;
}

}  // namespace

std::string start_setup_fen(int white_setup, int black_setup) {
    if (white_setup < 0 || white_setup >= WING_SETUP_NB || black_setup < 0 ||
        black_setup >= WING_SETUP_NB)
        throw std::out_of_range("start setup index out of range");
    if constexpr (!Variant::castling) {
        return std::string(Variant::start_fen);
    } else {
        std::string black = back_rank(black_setup);
        for (char& c : black) c = char(std::tolower(static_cast<unsigned char>(c)));
        return black + "/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/" + back_rank(white_setup) +
               "[] w KQkq - 0 1";
    }
}

PANTHEON_VARIANT_END
}  // namespace pantheon
