// Opening diversity: each game starts from a start setup (one in Mansindam,
// sixteen in Pandemonium: dealt out by seed, or the one given) or a book
// position, followed by a random number of uniformly random plies. The opening
// of game i is a pure function of (seed, i, attempt); a dealer walks the game
// indices in order and picks, for each game, the first attempt whose final
// position no earlier game has used, so openings never repeat and the choice
// is the same however the games are later spread over threads and shards.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "engine/core/position.h"
#include "referee/opening_book.h"

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

// Draws tried for one game before the opening space counts as exhausted.
constexpr uint32_t MAX_OPENING_ATTEMPTS = 1000;

struct OpeningRules {
    int random_plies_min = 0;
    int random_plies_max = 0;
    bool unique = true;
    int setup = -1;  // without a book: this start setup, or -1 to deal them out by seed
};

struct Opening {
    int book_index = -1;      // -1: a start setup
    int setup = 0;            // without a book: the start setup (engine/core/setups.h)
    std::vector<Move> moves;  // the random plies, in order
    Key key = 0;              // of the position after them
};

// The start position of an opening (its start setup or its book line).
Position opening_start(const Opening& opening, const referee::OpeningBook* book);

// One candidate opening for game `index`; nullopt if the random plies ran
// into the end of the game (then another attempt is drawn).
std::optional<Opening> draw_opening(const OpeningRules& rules, const referee::OpeningBook* book,
                                    uint64_t seed, uint64_t index, uint32_t attempt);

class OpeningDealer {
  public:
    OpeningDealer(const OpeningRules& rules, const referee::OpeningBook* book, uint64_t seed)
        : rules_(rules), book_(book), seed_(seed) {}

    // The accepted attempt number of the next game index (0, 1, 2, ... in
    // turn); false with a message if every attempt repeats an earlier opening.
    bool next(uint32_t& attempt, std::string* error);
    uint64_t next_index() const { return next_index_; }

  private:
    OpeningRules rules_;
    const referee::OpeningBook* book_;
    uint64_t seed_;
    uint64_t next_index_ = 0;
    std::unordered_set<Key> seen_;
};

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
