// The part of a tournament that depends on the game's rules, behind a
// variant-free interface: start setups, opening books, random opening plies
// and the game loop that has the referee judge every move. Everything else in
// match/ (engine processes, schedule, statistics, PGN, state files) is
// variant-free and built once; variant_rules_impl.cpp is built once per
// variant (pantheon_match_rules, pantheon_match_rules_pandemonium) and the
// tournament picks one by the name in its configuration.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/games.h"
#include "match/game_record.h"
#include "match/game_settings.h"

namespace pantheon::match {

class UciEngine;

inline constexpr std::string_view DEFAULT_VARIANT = VARIANT_NAMES[0];

// How an opening book is written: EPD/FEN lines (referee/opening_book.h) or PGN
// games (match/pgn_book.h).
enum class BookFormat { Epd, Pgn };

class VariantRules {
  public:
    virtual ~VariantRules() = default;

    // The UCI_Variant value and the PGN Variant tag: the name engine/core/games.h lists.
    virtual std::string_view name() const = 0;
    // Whether a game can end in a draw by the rules (Pandemonium: yes).
    virtual bool has_draws() const = 0;
    // Start setups (engine/core/setups.h): 1 in Mansindam, 16 in Pandemonium.
    virtual int setup_count() const = 0;
    // The FEN of start setup `index` (0: the standard start), as Position::fen()
    // writes it; `index` must be below setup_count().
    virtual std::string setup_fen(int index) const = 0;
    // An opening book, normalised FENs in file order: EPD/FEN lines
    // (referee/opening_book.h), or the positions after the games of a PGN file,
    // after at most `pgn_plies` plies of each (match/pgn_book.h). False with a
    // message naming the file and the line (EPD) or the game (PGN).
    virtual bool load_opening_book(const std::string& path, BookFormat format, size_t pgn_plies,
                                   std::vector<std::string>& fens, std::string* error) const = 0;
    // `plies` random moves of the game from `fen`, the i-th drawn as
    // splitmix64(state) modulo the number of moves; nullopt if the game ends
    // on the way (the caller tries again with the advanced state).
    virtual std::optional<std::string> random_plies(const std::string& fen, int plies,
                                                    uint64_t& state) const = 0;
    // One game from `opening_fen` judged by the variant's referee (game_runner.h).
    virtual GameRecord play_game(UciEngine& white, UciEngine& black, const std::string& opening_fen,
                                 const GameSettings& settings,
                                 const std::atomic<bool>* abort) const = 0;
};

// The rules of a game of engine/core/games.h by name; nullptr for a name no
// game has (pantheon::game_names() lists them for the message).
const VariantRules* variant_rules(std::string_view name);

}  // namespace pantheon::match
