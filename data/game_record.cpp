#include "data/game_record.h"

#include "engine/core/position.h"

namespace pantheon::data {
PANTHEON_VARIANT_BEGIN

bool is_standard_start(const std::string& fen) {
    if (fen.empty() || fen == Variant::start_fen) return true;
    const auto pos = Position::from_fen(fen);
    return pos && pos->fen() == Variant::start_fen;
}

bool result_possible(Termination termination, std::optional<Color> winner) {
    if (winner && *winner != WHITE && *winner != BLACK) return false;
    switch (termination) {
        case Termination::None:
            return winner || Variant::draws;
        case Termination::Checkmate:
            return winner.has_value();
        case Termination::Stalemate:
        case Termination::Repetition:
            return winner.has_value() != Variant::draws;  // a loss in Mansindam, a draw here
        case Termination::Campmate:
            return Variant::campmate && winner;
        case Termination::PerpetualCheck:
            return Variant::draws && winner;
    }
    return false;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::data
