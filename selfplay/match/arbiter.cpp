#include "selfplay/match/arbiter.h"

#include "engine/core/notation.h"

namespace pantheon::match {

Arbiter::Arbiter(Position start)
    : pos_(std::move(start)),
      start_fen_(pos_.fen()),
      from_start_(start_fen_ == Position::start().fen()) {}

Arbiter::Verdict Arbiter::judge(std::string_view text) const {
    Verdict v;
    MoveList game_moves;
    generate_game_moves(pos_, game_moves);
    if (text == "(none)" || text == "0000") {
        v.error = "no move ('" + std::string(text) + "') while " +
                  std::to_string(game_moves.size()) + " legal moves exist";
        return v;
    }
    std::string parse_error;
    const auto m = parse_move(pos_, text, &parse_error);
    if (!m) {
        v.error = parse_error;
        return v;
    }
    if (!game_moves.contains(*m)) {
        v.error = "move '" + std::string(text) + "' repeats a situation a third time";
        return v;
    }
    v.legal = true;
    v.move = *m;
    return v;
}

void Arbiter::play(Move m) {
    pos_.do_move(m);
    moves_.push_back(move_to_string(m));
}

std::string Arbiter::position_command() const {
    std::string cmd = from_start_ ? "position startpos" : "position fen " + start_fen_;
    if (!moves_.empty()) {
        cmd += " moves";
        for (const auto& m : moves_) cmd += " " + m;
    }
    return cmd;
}

}  // namespace pantheon::match
