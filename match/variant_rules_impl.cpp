// The rules-dependent part of a tournament for the variant this file is
// compiled for (built once per variant; see variant_rules.h).
#include <stdexcept>

#include "engine/core/position.h"
#include "engine/core/random.h"
#include "engine/core/rules.h"
#include "engine/core/setups.h"
#include "match/game_runner.h"
#include "match/pgn_book.h"
#include "match/variant_rules.h"
#include "referee/opening_book.h"

namespace pantheon::match {
PANTHEON_VARIANT_BEGIN
namespace {

class Rules final : public VariantRules {
  public:
    std::string_view name() const override { return Variant::name; }

    bool has_draws() const override { return Variant::draws; }

    int setup_count() const override { return START_SETUP_NB; }

    std::string setup_fen(int index) const override {
        const auto pos = Position::from_fen(start_setup_fen(index));
        if (!pos) throw std::logic_error("a start setup does not parse");
        return pos->fen();
    }

    bool load_opening_book(const std::string& path, BookFormat format, size_t pgn_plies,
                           std::vector<std::string>& fens, std::string* error) const override {
        if (format == BookFormat::Pgn) return load_pgn_book(path, pgn_plies, fens, error);
        referee::OpeningBook book;
        if (!referee::load_opening_book(path, book, error)) return false;
        fens = std::move(book.fens);
        return true;
    }

    std::optional<std::string> random_plies(const std::string& fen, int plies,
                                            uint64_t& state) const override {
        auto pos = Position::from_fen(fen);
        if (!pos) return std::nullopt;
        for (int ply = 0; ply < plies; ++ply) {
            MoveList moves;
            generate_game_moves(*pos, moves);
            if (moves.empty() || pos->campmate_reached()) return std::nullopt;
            pos->do_move(moves[int(splitmix64(state) % uint64_t(moves.size()))]);
        }
        if (game_result(*pos).over()) return std::nullopt;
        // A fresh FEN without history: the game starts here.
        return pos->fen();
    }

    GameRecord play_game(UciEngine& white, UciEngine& black, const std::string& opening_fen,
                         const GameSettings& settings,
                         const std::atomic<bool>* abort) const override {
        return match::play_game(white, black, opening_fen, settings, abort);
    }
};

}  // namespace

// This game's rules: pantheon::match::<game>::rules(), which variant_rules()
// finds by the game's name.
const VariantRules& rules() {
    static const Rules rules;
    return rules;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::match
