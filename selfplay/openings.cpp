#include "selfplay/openings.h"

#include "engine/core/random.h"
#include "engine/core/rules.h"
#include "engine/core/setups.h"
#include "selfplay/random_streams.h"

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

namespace {

// Book position of game `index`: the book is dealt out in a seeded order,
// every position once before any is used again (a fresh order each round).
int book_index_for(const referee::OpeningBook& book, uint64_t seed, uint64_t index) {
    const uint64_t size = book.fens.size();
    const uint64_t key = derive_seed(seed, {uint64_t(Stream::Book), index / size});
    return int(keyed_permute(index % size, size, key));
}

// Start setup of game `index`: every setup once in a seeded order, then a
// fresh order (the same dealing as the book's).
int setup_for(uint64_t seed, uint64_t index) {
    const uint64_t size = START_SETUP_NB;
    const uint64_t key = derive_seed(seed, {uint64_t(Stream::Setup), index / size});
    return int(keyed_permute(index % size, size, key));
}

// The game can go on: no king on its last rank, not drawn (Pandemonium's
// stalemate or repetition) and some move is allowed.
bool playable(const Position& pos, MoveList& moves) {
    moves.clear();
    if (pos.campmate_reached()) return false;
    generate_game_moves(pos, moves);
    if (moves.empty()) return false;
    // Pandemonium also ends on a third occurrence (a draw or a perpetual-check loss).
    if constexpr (Variant::draws) return pos.occurrences(pos.key()) < 3;
    return true;
}

}  // namespace

Position opening_start(const Opening& opening, const referee::OpeningBook* book) {
    if (opening.book_index < 0 || !book)
        return opening.setup == 0 ? Position::start()
                                  : *Position::from_fen(start_setup_fen(opening.setup));
    return *Position::from_fen(book->fens[size_t(opening.book_index)]);  // checked on loading
}

std::optional<Opening> draw_opening(const OpeningRules& rules, const referee::OpeningBook* book,
                                    uint64_t seed, uint64_t index, uint32_t attempt) {
    Opening opening;
    if (book && !book->fens.empty())
        opening.book_index = book_index_for(*book, seed, index);
    else if (rules.setup >= 0)
        opening.setup = rules.setup;
    else if constexpr (START_SETUP_NB > 1)
        opening.setup = setup_for(seed, index);
    Position pos = opening_start(opening, book);
    Xoshiro256 rng(derive_seed(seed, {uint64_t(Stream::Opening), index, attempt}));
    const int plies = rng.between(rules.random_plies_min, rules.random_plies_max);
    MoveList moves;
    for (int i = 0; i < plies; ++i) {
        if (!playable(pos, moves)) return std::nullopt;
        const Move m = moves[int(rng.below(uint64_t(moves.size())))];
        opening.moves.push_back(m);
        pos.do_move(m);
    }
    if (!playable(pos, moves)) return std::nullopt;
    opening.key = pos.key();
    return opening;
}

bool OpeningDealer::next(uint32_t& attempt, std::string* error) {
    const uint64_t index = next_index_;
    // Without random plies every attempt yields the same position.
    const uint32_t max_attempts = rules_.random_plies_max == 0 ? 1 : MAX_OPENING_ATTEMPTS;
    for (attempt = 0; attempt < max_attempts; ++attempt) {
        const auto opening = draw_opening(rules_, book_, seed_, index, attempt);
        if (!opening) continue;
        if (rules_.unique && !seen_.insert(opening->key).second) continue;
        ++next_index_;
        return true;
    }
    if (error)
        *error = "no unused opening found for game " + std::to_string(index) + " after " +
                 std::to_string(max_attempts) +
                 " draws: the opening space is exhausted (allow more random plies, use a "
                 "larger book, or set unique-openings = false)";
    return false;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
