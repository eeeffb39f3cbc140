#include "data/game_record.h"

#include "engine/core/position.h"

namespace pantheon::data {

bool is_standard_start(const std::string& fen) {
    if (fen.empty() || fen == Variant::start_fen) return true;
    const auto pos = Position::from_fen(fen);
    return pos && pos->fen() == Variant::start_fen;
}

}  // namespace pantheon::data
