// The referee of one game: holds the position, checks every move text an
// engine sends against the rules core (legality and the repetition rule) and
// says when and how the game is over by the rules.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/core/position.h"
#include "engine/core/rules.h"

namespace pantheon::match {

class Arbiter {
  public:
    explicit Arbiter(Position start);

    const Position& position() const { return pos_; }
    GameResult result() const { return game_result(pos_); }
    int plies() const { return int(moves_.size()); }

    struct Verdict {
        bool legal = false;
        Move move;
        std::string error;  // why the text is not a legal move of the game
    };
    // Judges a bestmove text in the current position. "(none)" and "0000"
    // are legal only if the game is already over (never asked then).
    Verdict judge(std::string_view text) const;
    void play(Move m);

    // "position startpos moves ..." or "position fen <fen> moves ...".
    std::string position_command() const;

  private:
    Position pos_;
    std::string start_fen_;
    bool from_start_;
    std::vector<std::string> moves_;
};

}  // namespace pantheon::match
