// The referee of one game, shared by self-play and matches: holds the
// position and the moves played, checks move texts against the rules
// (legality and the repetition rule), feeds the players' scores to the
// adjudicator and says when and how the game is over. The rules come first:
// a move that ends the game decides it even if the scores called for
// resignation after it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/position.h"
#include "engine/core/rules.h"
#include "referee/adjudication.h"

namespace pantheon::referee {
PANTHEON_VARIANT_BEGIN

struct Ending {
    enum class Kind { Rules, Resignation, DrawAdjudication, LengthCap } kind;
    Termination termination = Termination::None;  // Kind::Rules only
    std::optional<Color> winner;                  // none: a draw
};

class Game {
  public:
    Game(Position start, const AdjudicationRules& rules);

    const Position& position() const { return pos_; }
    int plies() const { return int(moves_.size()); }
    const std::vector<Move>& moves() const { return moves_; }

    struct Verdict {
        bool legal = false;
        bool malformed = false;  // the text is not a move at all (not just an illegal one)
        // Illegal only by the pawn-drop mate rule (Pandemonium), which some
        // outside engines apply to shogi pawns alone: told apart so that
        // match summaries can count such endings separately.
        bool pawn_drop_mate = false;
        Move move;
        std::string error;  // why the text is not a move of the game
    };
    // Judges a move text in the current position. "(none)" and "0000" are
    // never legal (the game is not over when a move is asked for).
    Verdict judge(std::string_view text) const;

    // Plays a move of the game with the score its player gave the position
    // before it (the player's view), or none (e.g. random opening plies).
    void play(Move m, std::optional<int> score = std::nullopt);

    // The end of the game if it is over: by the rules, else by adjudication.
    std::optional<Ending> ending() const;

    // "position startpos ..." when the game began at the variant's start, else
    // "position fen <start> ...", then " moves m1 m2 ..." when there are any.
    std::string position_command() const;

  private:
    Position pos_;
    std::string start_fen_;
    bool from_start_;
    std::vector<Move> moves_;
    Adjudicator adjudicator_;
};

PANTHEON_VARIANT_END
}  // namespace pantheon::referee
