#include "referee/game.h"

#include "engine/core/notation.h"

namespace pantheon::referee {
PANTHEON_VARIANT_BEGIN

Game::Game(Position start, const AdjudicationRules& rules)
    : pos_(std::move(start)),
      start_fen_(pos_.fen()),
      from_start_(start_fen_ == Position::start().fen()),
      adjudicator_(rules) {}

Game::Verdict Game::judge(std::string_view text) const {
    Verdict v;
    if (text == "(none)" || text == "0000") {
        MoveList game_moves;
        generate_game_moves(pos_, game_moves);
        v.error = "no move ('" + std::string(text) + "') while " +
                  std::to_string(game_moves.size()) + " legal moves exist";
        return v;
    }
    const auto m = parse_game_move(pos_, text, &v.error);
    if (!m) {
        const auto shape = parse_move_text(text);
        v.malformed = !shape;
        v.pawn_drop_mate = shape && is_pawn_drop_mate(pos_, *shape);
        return v;
    }
    v.legal = true;
    v.move = *m;
    return v;
}

void Game::play(Move m, std::optional<int> score) {
    adjudicator_.record(pos_.side_to_move(), score);
    pos_.do_move(m);
    moves_.push_back(m);
}

std::optional<Ending> Game::ending() const {
    const GameResult result = game_result(pos_);
    if (result.over()) return Ending{Ending::Kind::Rules, result.termination, result.winner};
    if (const auto a = adjudicator_.verdict(plies(), pos_.side_to_move())) {
        const Ending::Kind kind =
            a->kind == Adjudication::Kind::Resignation ? Ending::Kind::Resignation
            : a->kind == Adjudication::Kind::Draw      ? Ending::Kind::DrawAdjudication
                                                       : Ending::Kind::LengthCap;
        return Ending{kind, Termination::None, a->winner};
    }
    return std::nullopt;
}

std::string Game::position_command() const {
    std::string cmd = from_start_ ? "position startpos" : "position fen " + start_fen_;
    if (!moves_.empty()) {
        cmd += " moves";
        for (const Move m : moves_) {
            cmd += ' ';
            cmd += move_to_string(m);
        }
    }
    return cmd;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::referee
